"""The legal moves are listed by code generated at load, one function per move (issue 15,
tabletop/listing.py): it lists exactly what the interpreter lists (the same moves, in the same
order, the same work counted), its source holds only our own names (the ruleset's words reach
it as string constants), and a ruleset's mistake met while listing still names its field."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest
from helpers import load_ruleset

import tabletop
from tabletop.errors import RulesetError
from tabletop.expr import _HELPERS, CORE, Work
from tabletop.listing import _BASE, lister_source

GAMES = ["scoundrel", "arcane-duel", "arcane-arena", "aria", "coffre-et-cle", "deck-menteur",
         "expedition-rivale", "push-to-five", "pyramide-escape"]


def _both(st: tabletop.State) -> tuple[list[tabletop.Move], list[tabletop.Move], int, int]:
    """The free moves listed by the generated code and by the interpreter, and the work
    each counted."""
    out = []
    for which in (st._free_moves, st._free_moves_interpreted):
        Work.reset()
        st._derived_memo = {}
        try:
            moves = which()
        finally:
            st._derived_memo = None
        out.append((moves, Work.left))
    (a, wa), (b, wb) = out
    return a, b, wa, wb


@pytest.mark.parametrize("game_id", GAMES)
def test_generated_listing_agrees_with_the_interpreter(game_id: str) -> None:
    game = tabletop.load(game_id)
    checked = 0
    for seed in range(12):
        for players in sorted({game.spec.min_players, game.spec.max_players}):
            st = game.new_game(players=players, seed=seed)
            rng = random.Random(seed)
            while not st.is_over:
                if st.pending is None:
                    a, b, wa, wb = _both(st)
                    assert a == b and [m.text for m in a] == [m.text for m in b]
                    assert wa == wb  # the same expressions evaluated
                    checked += 1
                st.play(rng.choice(st.legal_moves()))
    assert checked > 50


# names the generated listing may hold besides the expressions' own (_a1, _t0...)
_ALLOWED = {"st", "me", "out", "seen", "loc", "ctx", "_all", "_text", "_saved", "_kept", "_m",
            "_it", "_y", *(_HELPERS.keys() - {"__builtins__"}), *(f"_core_{n}" for n in CORE),
            *_BASE}
_ATTRS = {"locals", "get", "lookup", "lookup_at", "call", "cards", "seat_cards", "var",
          "seat_var", "append", "add", "code", "attr_table", "_token", "clear",
          "left", "spend", "uid", "text"}


def _check_source(source: str) -> None:
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Name):
            ok = node.id in _ALLOWED or node.id[:2] in ("_a", "_t", "_k", "_x", "_d")
            assert ok and node.id[2:].isdigit() or node.id in _ALLOWED, (node.id, source)
        elif isinstance(node, ast.Attribute):
            assert node.attr in _ATTRS, (node.attr, source)
        elif isinstance(node, ast.Call):
            assert isinstance(node.func, ast.Name | ast.Attribute)
        assert not isinstance(node, ast.Import | ast.ImportFrom | ast.Lambda | ast.Global)


@pytest.mark.parametrize("game_id", GAMES)
def test_generated_listing_holds_only_our_names(game_id: str) -> None:
    game = tabletop.load(game_id)
    for ms in game.spec.moves:
        made = lister_source(game, ms)
        if made is not None:
            _check_source(made[0])


HOSTILE = """\
id: hostile-listing
name: {en: Hostile, fr: Hostile}
players: {min: 2, max: 2}
cards: [{suits: [S], ranks: [2, 3, 4]}]
zones:
  deck: {deck: true, visibility: hidden}
  hand: {per_seat: true, visibility: owner}
vars: {__class__: {initial: 0}}
setup:
  - deal: {from: deck, to: hand, count: 1}
moves:
  - id: "x'); import os; ('"
    notation: 'say\\ {__import__} " {card} \'\' \\n'
    args:
      __import__: {word: ["'); os.system('x') #", "__builtins__", "\\\\"]}
      card: {from: hand, where: 'it.__class__ == it.__class__ and __import__ != "eval"'}
    require: [{if: '__class__ == 0 or size(hand) > 0', why: {en: "no", fr: "non"}}]
    effects:
      - end_turn: true
end: [{if: "size(hand) == 0", outcome: done}]
outcomes: {done: {winners: "[0]", reason: {en: done, fr: fini}}}
view: {}
"""


def test_hostile_words_reach_the_listing_only_as_constants(tmp_path: Path) -> None:
    game = load_ruleset(tmp_path, HOSTILE)
    ms = game.spec.moves[0]
    made = lister_source(game, ms)
    assert made is not None
    _check_source(made[0])
    st = game.new_game(players=2, seed=1, deck=["2S", "3S", "4S"])
    texts = [m.text for m in st.legal_moves()]
    assert texts == [m.text for m in st._free_moves_interpreted()]
    assert len(texts) == 3 and all(t.startswith("say\\ ") and t.endswith("\" 2S ' \\n")
                                   for t in texts)
    assert texts[0] == "say\\ '); os.system('x') # \" 2S ' \\n"


TOO_MANY = """\
id: too-many
name: {en: Too many, fr: Trop}
players: {min: 1, max: 1}
cards: [{suits: [S], ranks: [2, 3]}]
zones:
  deck: {deck: true}
moves:
  - id: pick
    notation: "pick {a} {b}"
    args:
      a: {word: [WORDS]}
      b: {word: [WORDS], where: 'size(deck) > 0'}
    effects: []
end: [{if: "size(deck) == 0", outcome: done}]
outcomes: {done: {winners: "[0]", reason: {en: done, fr: fini}}}
view: {}
""".replace("WORDS", ", ".join(f'"{i}"' for i in range(150)))


def test_too_many_bindings_still_name_the_move(tmp_path: Path) -> None:
    game = load_ruleset(tmp_path, TOO_MANY)
    st = game.new_game(seed=1)
    with pytest.raises(RulesetError) as e:
        st.legal_moves()
    assert "could be played in more than 20000 ways" in str(e.value)
    assert e.value.field == "moves.0" and e.value.line is not None


BAD_WHERE = """\
id: bad-where
name: {en: Bad, fr: Mauvais}
players: {min: 1, max: 1}
cards: [{suits: [S], ranks: [2, 3]}]
zones:
  deck: {deck: true}
  hand: {}
setup:
  - deal: {from: deck, to: hand, count: 2}
moves:
  - id: play
    notation: "play {card}"
    args:
      card: {from: hand, where: 'it.value + "x" > 0'}
    effects: []
end: [{if: "size(hand) == 0", outcome: done}]
outcomes: {done: {winners: "[0]", reason: {en: done, fr: fini}}}
view: {}
"""


def test_a_mistake_met_while_listing_names_its_field(tmp_path: Path) -> None:
    game = load_ruleset(tmp_path, BAD_WHERE)
    st = game.new_game(seed=1)
    with pytest.raises(RulesetError) as e:
        st.legal_moves()
    assert "while listing the legal moves" in str(e.value)
    assert "it.value + \"x\" > 0" in str(e.value)  # the expression's own text
    assert e.value.field == "moves"
