"""A French table speaks French throughout (issue 13): every prompt, screen, answer and end of
every game, played as a person would with mistakes typed on purpose, holds no English word
outside card codes, proper names and command lines."""

from __future__ import annotations

import io
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

import tabletop
from tabletop.bots import make_bot
from tabletop.i18n.table import TABLE_MESSAGES
from tabletop.ui.terminal import Table

WORD = re.compile(r"[^\W\d_]{2,}")


def _texts(node: Any, lang: str) -> Iterator[str]:
    """Every text of a ruleset in ``lang`` (the values of {en: ..., fr: ...} mappings)."""
    if isinstance(node, dict):
        if lang in node and isinstance(node[lang], str):
            yield node[lang]
        for v in node.values():
            yield from _texts(v, lang)
    elif isinstance(node, list):
        for v in node:
            yield from _texts(v, lang)


def _words(texts: Iterator[str] | list[str]) -> set[str]:
    return {w.lower() for text in texts for w in WORD.findall(text)}


# words that read the same in both languages (the French catalogue itself is under test, so
# it does not vouch for its words)
BOTH = {"score", "scores", "description", "notation", "options", "option", "total", "solo",
        "type", "types", "bonus", "points", "message", "page", "pages", "plus", "ok",
        "mcts", "bot", "bots", "robot", "six", "dragon", "minutes", "signal", "parts",
        "simple", "stop", "suit", "places", "place", "me", "on", "as", "pour", "table"}
# frequent English words a table might say, whichever texts a ruleset holds
COMMON = {"the", "of", "to", "and", "you", "your", "is", "are", "was", "played", "random",
          "greedy", "nobody", "won", "lost", "game", "move", "moves", "turn", "card", "cards",
          "player", "players", "help", "rules", "save", "quit", "board", "saved", "leave",
          "press", "enter", "yes", "no", "not", "with", "from", "this", "that", "round",
          "pass", "draw", "hand", "seat", "type", "decide", "last", "thinking", "word"}


def english_only(game: tabletop.Game) -> set[str]:
    """The words the English texts use and the French ones never do."""
    en = (_words(_texts(game.spec.raw, "en")) | _words([m["en"] for m in TABLE_MESSAGES.values()])
          | COMMON)
    fr = _words(_texts(game.spec.raw, "fr")) | BOTH
    codes = {w.lower() for c in game.spec.cards for w in (c.code, *c.codes.values())}
    codes |= {code.lower() for code in game.spec.combos}  # a combo is typed by its code too
    names = _words([n for c in game.spec.cards for n in c.name.values()])
    names |= _words(list(game.spec.name.values()))
    return en - fr - codes - names


def _script(rng: random.Random) -> Iterator[str]:
    """What a person types: help, an empty line, garbage, then mostly moves by number."""
    yield from ["aide", "", "", "n'importe quoi", "0", "999"]
    while True:
        r = rng.random()
        if r < 0.05:
            yield "plateau"
        elif r < 0.1:
            yield "xyz"
        else:
            yield str(rng.randint(1, 3))


def _play_in_french(game_id: str, players: int, seed: int, bots: bool) -> str:
    """A game played at a French table, in the current folder (its save: partie.json): at most
    400 prompts, 150 in a match of hundreds of moves (each screen drawn costs ~30 ms)."""
    game = tabletop.load(game_id)
    most = 150 if game.spec.max_moves > 1000 else 400
    st = game.new_game(players=players, seed=seed)
    out = io.StringIO()
    console = Console(file=out, width=80, height=24, color_system=None)
    rng = random.Random(seed)
    typed = _script(rng)
    prompts: list[str] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        if len(prompts) > most:
            raise EOFError
        return next(typed)

    seats = {s: make_bot("random", seed=s) for s in range(1, players)} if bots else {}
    # a short save path, given as a player would: a long one would be wrapped on the screen
    # and its folders' names read as words
    table = Table(st, seats, "fr", console, read, Path("partie.json"))
    table.run()
    text = out.getvalue() + "\n".join(prompts)
    text = text.replace("partie.json", " ")
    text = re.sub(r"\w+…", " ", text)  # a word cut short to fit the screen is not a word
    text = re.sub(r"\w+=\w+", " ", text)  # options, as typed on the command line
    # command lines are typed as they are (one may be wrapped at the screen's edge, or after
    # its first word)
    text = re.sub(r"tabletop [^\n]*(?:\n[^\n]*--load[^\n]*)?", " ", text)
    return re.sub(r"tabletop\s+[^\n]*", " ", text)


def _tables(game: tabletop.Game) -> list[tuple[int, bool]]:
    spec = game.spec
    out = [(spec.min_players, False)]
    if spec.max_players > 1:
        out += [(max(2, spec.min_players), True), (spec.max_players, False)]
    return out


@pytest.mark.parametrize("game_id", tabletop.games())
def test_every_prompt_in_french_holds_no_english_word(game_id: str, tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    game = tabletop.load(game_id)
    english = english_only(game)
    for players, bots in _tables(game):
        listed = 0
        # (a match of hundreds of moves, each drawn at 80x24, is one game a table: minutes)
        for seed in range(1 if game.spec.max_moves > 1000 else 2):
            text = _play_in_french(game_id, players, seed, bots)
            found = _words([text]) & english
            assert not found, (game_id, players, seed, sorted(found))
            tight = re.findall(r"\S+[^\s\d]:(?= )", text)  # French puts a space before ':'
            assert not tight, (game_id, players, seed, tight[:5])
            # bots may end a game before the person's first turn; when asked a move, the
            # person saw their moves listed
            if re.search(r"(^|\n)(P\d+ )?> ", text):  # the prompt for a move
                assert "Vos coups" in text, (game_id, players, seed)
                listed += 1
        assert listed, (game_id, players, bots)  # and at least one game asked them


def test_the_check_finds_english(tmp_path: Path) -> None:
    english = english_only(tabletop.load("scoundrel"))
    assert {"fight", "health", "moves"} <= english
    assert not english & {"salle", "combattre", "vie"}
