"""Effects compiled to Python (codegen.py): the generated code of a block is built
from the checked step tree alone (hostile names enter it only quoted), it plays every shipped
game exactly as the step-by-step interpreter does (the same events in both languages, views,
outcome), and a ruleset's mistake met inside it still names its field and undoes the move."""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path
from typing import Any

import pytest
from helpers import interpreter_only, load_ruleset

import tabletop
from tabletop import RulesetError
from tabletop.engine.compile.codegen import _NAMESPACE, segments_source
from tabletop.engine.context import ENGINE_FUNCTIONS
from tabletop.engine.game import Game
from tabletop.lang.expr import CARD_SLOTS
from tabletop.rules.values import Event, make_event

HOSTILE_NAME = "x'); __import__('os').system('echo pwned') #\\n\\\\\\\""
RULES = f"""\
id: compiled
name: {{en: Compiled, fr: Compilé}}
players: {{min: 1, max: 1}}
cards: [{{id: c1, value: 1}}, {{id: c2, value: 2}}, {{id: c3, value: 0}}]
zones:
  pile: {{deck: true, visibility: public}}  # (cards are played from it by name)
  table: {{visibility: public, order: row}}
vars: {{score: {{initial: 0, max: 5}}, pick: {{initial: null}}}}
procedures:
  "{HOSTILE_NAME}":
    - let: {{"y'] = 1; import os; x['": "card.value"}}
    - add: {{score: "card.value"}}
    - log: {{en: "'''{{score}}\\"\\"\\" \\\\n", fr: "{{score}}"}}
  asking:
    - choose: {{from: '["a", "b"]', var: answer, notation: "say {{choice}}", seat: me}}
    - set: {{pick: answer}}
  again:
    - add: {{score: 0}}
    - do: again
moves:
  - id: play
    notation: "play {{card}}"
    args: {{card: {{from: pile}}}}
    effects:
      - move: {{what: card, to: table}}
      - if: "card.value == 0"
        then:
          - do: asking
          - log: {{en: "asked", fr: "demandé"}}
      - do: "{HOSTILE_NAME}"
      - add: {{score: "10 / card.value"}}
  - id: loop
    notation: loop
    effects:
      - do: again
end: [{{if: "size(table) == 3", outcome: done}}]
outcomes: {{done: {{winners: "[0]", reason: {{en: done, fr: fini}}, score: score}}}}
view: {{table: table.code, score: score, pick: pick}}
"""

# the names the generated code may hold: its own, and those of the namespace it runs in
_OWN_NAMES = re.compile(
    r"(st|f|ctx|loc|w|v|key|dk|inner|g|m|e|c|b|l|zones|undo|dest|prompt|h\d+|t\d+|_SEGMENTS|_k\d+|_s\d+_\d+"
    # and the expressions' own (items, argument functions, values read once)
    r"|_[aitv]\d+|_h\d+_?|_end|_outcome|winners|scores|items"
    # and a flat block's (its function, the end of a turn run in place, a loop's index)
    r"|_FLAT|_x\d+|nx|tso|tsn|rw|i|r|cards|base|d"
    # and the frames a question asked in a block's function makes below it (fs, the cards x,
    # an end of turn's advance al)
    r"|fs|x|al"
    # and a deal's zones and count, a question's Pending, a seat's text made once for the
    # vars a set names
    r"|sk|n|pnd|ms)\Z")
_ATTRS = {"_budget", "ctx", "state", "locals", "vars", "quiet", "index", "_where", "frames",
          "append", "pop", "outcome", "pending", "get", "me", "_finish", "__class__", "left",
          "spend", "turn_seat", "_events", "block", "id", "code", "uid", "zones", "_undo_zones",
          "where", "remove", "insert", "learn_moved",
          # what the expressions written out read (expr.py's generated code)
          "attr_table", "cards", "seat_cards", "seat_var", "zone_size", "seat_zone_size",
          "zone_end", "var_at", "zone_at", "lookup", "lookup_at", "call", "own", "options",
          "players", "turn", "round", "var", "viewer",
          # a card's own slots, read from a value known to be a card (a fixed set of ours)
          *CARD_SLOTS,
          # what an end of turn run in place reads (flat blocks)
          "next_seat", "first_seat", "out", "_check_end",
          # a deal written out; a question's Pending, its slots set in place
          "extend", "seat", "notation", "pass_notation", "optional", "prompt",
          "seats", "notations", "passes", "words",
          # the seats' names (seat_name() written out, codegen's direct reads)
          "names"}


def _check_source(source: str) -> None:
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Name):
            assert (_OWN_NAMES.match(node.id) or node.id in _NAMESPACE
                    or node.id in ENGINE_FUNCTIONS.namespace), node.id
        elif isinstance(node, ast.Attribute):
            assert node.attr in _ATTRS, node.attr
        elif isinstance(node, ast.Import | ast.ImportFrom | ast.Lambda | ast.ClassDef):
            raise AssertionError(f"unexpected {type(node).__name__}")


def test_hostile_names_enter_the_generated_code_only_quoted(tmp_path: Path) -> None:
    g = load_ruleset(tmp_path, RULES)
    for block in g.all_blocks:
        _check_source(segments_source(g, block))
    text = "".join(segments_source(g, b) for b in g.all_blocks)
    assert "__import__" in text  # the name is there, but only inside quoted text
    st = g.new_game(seed=1, deck=["c1", "c2", "c3"])
    events = st.play("play c1")
    assert [e.text for e in events] == [{"en": "'''1\"\"\" \\n", "fr": "1"}]
    assert st.view(0)["score"] == 5  # 1, then 10 / 1 kept at the var's max


def _play_both(game: Game, seed: int, players: int) -> None:
    slow = interpreter_only(game)
    a = game.new_game(players=players, seed=seed)
    b = slow.new_game(players=players, seed=seed)
    rng = random.Random(seed)
    assert [e.to_dict() for e in a.log] == [e.to_dict() for e in b.log]
    while not a.is_over:
        legal = a.legal_moves()
        assert [m.text for m in legal] == [m.text for m in b.legal_moves()]
        m = rng.choice(legal)
        assert [e.to_dict() for e in a.play(m.text)] == [e.to_dict() for e in b.play(m.text)]
        for seat in range(players):
            assert a.view(seat) == b.view(seat)
        assert [(f.block.id, f.index) for f in a.frames] == [(f.block.id, f.index)
                                                             for f in b.frames]
    assert b.is_over and a.outcome == b.outcome and a.history == b.history
    assert a.outcome is not None and b.outcome is not None
    assert a.outcome.reasons == b.outcome.reasons


@pytest.mark.parametrize("game_id", tabletop.games())
def test_the_generated_code_plays_as_the_interpreter(game_id: str) -> None:
    game = tabletop.load(game_id)
    assert all(game.segments)  # every block has its generated code
    for seed in range(2):
        _play_both(game, seed, game.spec.min_players)


def test_a_mistake_after_a_question_names_its_field_and_undoes_the_move(
        tmp_path: Path) -> None:
    st = load_ruleset(tmp_path, RULES).new_game(seed=1, deck=["c3", "c1", "c2"])
    st.play("play c3")  # the if's branch asks: the generated code waits as the frames did
    assert [m.text for m in st.legal_moves()] == ["say a", "say b"]
    before = (st.view(0), list(st.history), [(f.block.id, f.index) for f in st.frames])
    with pytest.raises(RulesetError, match="division by zero") as info:
        st.play("say a")  # then the procedure, then 10 / 0
    assert info.value.field == "moves.0.effects.3"
    assert "was not played" in str(info.value)
    assert (st.view(0), st.history, [(f.block.id, f.index) for f in st.frames]) == before


@pytest.mark.parametrize("interpreted", [False, True])
def test_a_loop_stops_at_the_same_step_with_the_same_sentence(
        tmp_path: Path, interpreted: bool) -> None:
    g = load_ruleset(tmp_path, RULES)
    if interpreted:
        g = interpreter_only(g)
    st = g.new_game(seed=1)
    with pytest.raises(RulesetError, match="more than 100000 steps") as info:
        st.play("loop")
    assert info.value.field == "procedures.again.1"
    assert st.history == [] and st.view(0)["score"] == 0


def test_an_event_made_fast_is_the_same_value() -> None:
    args: tuple[Any, ...] = ("log", 1, {"en": "a", "fr": "b"}, {"x": 1}, (1,))
    fast, slow = make_event(*args), Event(*args)
    assert fast == slow and repr(fast) == repr(slow) and fast.to_dict() == slow.to_dict()
    with pytest.raises(AttributeError):
        fast.kind = "other"  # type: ignore[misc]


def test_frames_and_contexts_made_in_place_have_every_slot() -> None:
    """The generated code makes frames and contexts by setting their slots in place (no
    ``__init__`` call): it sets these, and these are all there are."""
    from tabletop.engine.context import Ctx
    from tabletop.rules.values import Frame

    assert Frame.__slots__ == ("block", "index", "locals", "ctx")
    assert Ctx.__slots__ == ("state", "locals", "viewer")
    source = "".join(segments_source(g, b) for g in [tabletop.load("pyramide-escape")]
                     for b in g.all_blocks)
    for var, slots in (("inner", Frame.__slots__), ("ctx", Ctx.__slots__)):
        made = source.count(f"{var} = _new(")  # (``ctx = f.ctx = _new(`` counted once)
        assert made > 0
        for slot in slots:
            assert source.count(f"{var}.{slot} = ") >= made, (var, slot)
