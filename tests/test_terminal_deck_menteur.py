"""Deck menteur in the terminal: three people in hot-seat behind the curtain, typed as people
type, to the end of the game; and a French table.

At every prompt the test reads the autosave to learn what the seat may not see (the other
hands, the face-down cards, the packs) and checks that the screen shows none of it.
"""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pexpect
import pytest
from terminal import clean, moves_on_screen, spawn

import tabletop

NAMES = ["Ana", "Ben", "Chloé"]
SYMBOL = {"S": "♠", "C": "♣", "D": "♦", "H": "♥"}
CODE = re.compile(r"\b(?:10|[2-9AJQK])[SCDH]\b")


def secrets(state: tabletop.State, seat: int) -> set[str]:
    """Codes the seat may not see now and nobody has seen face up in this game."""
    public = " ".join(e.text_in("en") for e in state.log if e.private_to is None)
    said = set(CODE.findall(public))
    hidden: set[str] = set()
    for key, ids in state.zones.items():
        name, _, owner = key.partition("/")
        if name == "pack" or (name in ("hand", "laid") and owner != str(seat)):
            hidden.update(state.spec.cards[u].code for u in ids)
    return {c for c in hidden if c != "joker" and c not in said}


def on_screen(code: str, screen: str) -> bool:
    shown = f" {code[:-1]}{SYMBOL[code[-1]]} "
    return bool(re.search(rf"\b{code}\b", screen)) or shown in screen


def answer(moves: list[str], screen: str) -> str:
    """A plain player: announce clubs, lay one card, accuse once two plays are on the table."""
    if moves[0].startswith("announce"):
        return "announce clubs"
    plays = re.findall(r"× ?\d", screen.rsplit("Plays this round", 1)[-1].split("\n")[0])
    if "accuse" in moves and (len(plays) >= 2 or not any(m.startswith("lay") for m in moves)):
        return "accuse"
    if "done" in moves:
        return "done"
    return next(m for m in moves if m.startswith("lay"))


def test_three_players_behind_the_curtain_to_the_end(tmp_path: Path) -> None:
    child = spawn(["play", "deck-menteur", "--players", ",".join(NAMES), "--seed", "7"],
                  tmp_path)
    save = tmp_path / "deck-menteur-7.json"
    child.expect(r"Pass to (\w+)")
    seat = NAMES.index(child.match.group(1))
    child.sendline("")
    child.expect("> ")
    first = clean(child.before)
    assert "Pack (cards left)  Ana: 6   Ben: 6   Chloé: 6" in first
    assert moves_on_screen(child.before) == ["announce clubs", "announce spades",
                                             "announce diamonds"]
    for garbage, reply in [("lay 7C", "is not an answer to the question now"),
                           ("announce hearts", "does not allow now"),
                           ("9", "There is no move 9")]:
        child.sendline(garbage)
        child.expect(reply)
        child.expect("> ")
    child.sendline("announce clubs")
    child.expect("> ")
    screen, moves = clean(child.before), moves_on_screen(child.before)
    assert "Announced  clubs ♣" in screen
    child.sendline("done")
    child.expect("lay at least one card first")
    child.expect("> ")
    child.sendline("accuse")
    child.expect("nobody has laid cards yet this round")
    child.expect("> ")
    passes = 1
    for _ in range(400):
        state = tabletop.restore(save.read_text(encoding="utf-8"))
        me = state.current_player
        assert me == seat, f"the screen is {NAMES[seat]}'s but {me} decides"
        for code in secrets(state, seat):
            assert not on_screen(code, screen), f"{NAMES[seat]} sees {code}:\n{screen}"
        child.sendline(answer(moves, screen))
        i = child.expect([r"Pass to (\w+)", "> ", "Replay this game",
                          "Press Enter to hide the board"])
        while i == 3:  # what the accuser saw, before the curtain (issue 34)
            child.sendline("")
            i = child.expect([r"Pass to (\w+)", "> ", "Replay this game",
                              "Press Enter to hide the board"])
        if i == 2:
            break
        if i == 0:
            passes += 1
            seat = NAMES.index(child.match.group(1))
            assert "lays" not in clean(child.after)  # the curtain shows nothing else
            child.sendline("")
            child.expect("> ")
        screen, moves = clean(child.before), moves_on_screen(child.before)
    else:
        raise AssertionError("the game did not end in 400 moves")
    end = " ".join(clean(child.before).split())
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert passes > 10
    saved = tabletop.restore(save.read_text(encoding="utf-8"))
    o = saved.outcome
    assert o is not None and len(o.winners) == 1
    winner = NAMES[o.winners[0]]
    assert f"{winner} won." in end and f"{winner} is the last player in" in end
    # the game is over: the last screen shows every hand (the table's rule for every game)
    assert all(f"{n}: Hand" in end for n in NAMES)
    packs = re.search(r"Pack \(cards left\) (.*?) │", end)
    assert packs is not None and packs.group(1).count("out") == 2


def test_a_french_table(tmp_path: Path) -> None:
    child = spawn(["play", "deck-menteur", "--players", "Ana,Ben", "--seed", "3", "--lang",
                   "fr"], tmp_path, lang="fr")
    child.expect("Ana|Ben")
    child.sendline("")
    child.expect("> ")
    screen = " ".join(clean(child.before).split())
    assert "Paquet (cartes) Ana : 6 Ben : 6" in screen
    assert "annoncez la couleur (trèfles, piques ou carreaux)" in screen
    assert "annoncer piques" in screen and "spades" not in screen
    child.sendline("annoncer piques")
    child.expect("> ")
    screen = " ".join(clean(child.before).split())
    assert "Annonce piques ♠" in screen and "annonce piques pour la manche 1" in screen
    assert "poser " in screen and "lay " not in screen
    child.sendline("fini")
    child.expect("posez d'abord au moins une carte")
    child.expect("> ")
    child.sendline("lay joker" if "Joker" in screen else "poser " + re.findall(
        r"poser (\S+)", screen)[0])
    child.expect("> ")
    child.sendline("quitter")
    child.expect(pexpect.EOF)
    saved = json.loads((tmp_path / "deck-menteur-3.json").read_text(encoding="utf-8"))
    assert saved["moves"][0] == "announce spades" and saved["moves"][1].startswith("lay ")


def test_a_joker_stays_in_the_row_of_the_hand() -> None:
    from rich.console import Console

    from tabletop.ui.render import render_view

    st = tabletop.load("deck-menteur").new_game(
        players=2, seed=1, first=0, deck=["7C", "joker", "9S", "8D", "QS"])
    console = Console(width=80, record=True, color_system=None)
    console.print(render_view(st, 0, "en"))
    rows = [r for r in console.export_text().splitlines() if "Your hand" in r]
    assert len(rows) == 1 and "Joker" in rows[0] and "7♣" in rows[0] and "Q♠" in rows[0]


@pytest.mark.parametrize("lang, answered, played, wrong", [
    ("en", r"P\d \(random bot\) answered: announce (clubs|spades|diamonds)\b",
     r"P\d \(random bot\) played: lay ", "played: announce"),
    ("fr", r"P\d \(robot au hasard\) a répondu : annoncer (trèfles|piques|carreaux)\b",
     r"P\d \(robot au hasard\) a joué : poser ", "a joué : annoncer")])
def test_a_bot_that_answers_the_question_of_another_seat_says_it_answered(
        tmp_path: Path, lang: str, answered: str, played: str, wrong: str) -> None:
    # announcer=previous: the player before the first to lay announces the suit, in the
    # first one's turn; the bot answers in the question's words, and its own moves are played
    child = spawn(["play", "deck-menteur", "--watch", "--delay", "0", "--seed", "2",
                   "--players", "3", "--option", "announcer=previous", "--lang", lang],
                  tmp_path, timeout=120)
    child.logfile_read = seen = io.StringIO()
    child.expect("Game over" if lang == "en" else "Partie terminée")
    child.expect(pexpect.EOF)
    child.close()
    out = clean(seen.getvalue())
    assert re.search(answered, out), out[-3000:]
    assert re.search(played, out)
    assert wrong not in out
