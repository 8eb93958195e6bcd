"""Log lines and other events as frozen values made once: a log step
keeps the event of each distinct line (its holes as they read: a number, a card, the card whose
attribute a hole reads; and the seat for ``log``) and gives that same event again; a coin's
event and a revealed card's are made once; a question's answers that are lists are made as
frozen moves without attrs' ``__init__``. What a player or an author would notice stays as it
was: the same events in both languages (a true and a 1 shown apart, a line by each seat its own,
who sees a reveal), the same work counted, zones, vars and views after every move as the
step-by-step interpreter; a mistake in a hole names its field and undoes the move; a question
asked in a card's effect waits, and a save made then loads and plays on."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import attrs
import pytest
from helpers import interpreter_only, load_ruleset
from test_effects_as_interpreted import _check_source

from tabletop import RulesetError
from tabletop.engine.compile.codegen import _LOG_MEMO, flat_source, segments_source
from tabletop.lang.expr import Work
from tabletop.rules.values import Move

RULES = """\
id: loglines
name: {en: Log lines, fr: Lignes}
players: {min: 2, max: 2}
cards:
  - {id: a1, value: 1, name: {en: Ace, fr: As},
     effects: {use: [{log: {en: "the {this.name} acts ({this.value})",
                            fr: "l'{this.name_fr} agit ({this.value})"}}]}}
  - id: b2
    value: 2
    effects:
      use:
        - choose: {from: '["x", "y"]', var: pick, notation: "pick {choice}", seat: me,
                   prompt: {en: "Pick one", fr: "Choisissez"}}
        - log: {en: "picked {pick}", fr: "choisi {pick}"}
  - {id: c0, value: 0}
  - {id: d3, value: 3, effects: {use: [{add: {count: "10 / (3 - this.value)"}}]}}
  - {id: e4, value: 4}
zones:
  pile: {deck: true, visibility: public}  # (cards are played from it by name)
  table: {visibility: public, order: row}
  hand: {per_seat: true, visibility: owner}
vars:
  count: {initial: 0}
  flag: {initial: false}
  held: {initial: null}
  zero: {initial: 0}
  laid: {initial: null}
  tally: {initial: 0, min: -3, max: 4}
moves:
  - id: say
    notation: say
    effects:
      - add: {count: 1}
      - set: {flag: "not flag"}
      - add: {tally: flag}
      - add: {tally: "held.value"}
      - add: {tally: -2}
      - log: {en: "count {count}, flag {flag}, {1 if flag else true}, {held}, {table}",
              fr: "compte {count}, drapeau {flag}, {1 if flag else true}, {held}, {table}"}
      - log: {en: "a fixed line", fr: "une ligne fixe"}
      - announce: {en: "the game counts {count}", fr: "le jeu compte {count}"}
      - announce: {en: "the game speaks", fr: "le jeu parle"}
      - log: {en: "{count - count}", fr: "{zero}"}
      - log: {en: "held {held.name} ({held.value}), laid {laid.name}",
              fr: "tenu {held.name_fr} ({held.value}), posé {laid.name_fr}"}
      - end_turn: true
  - id: burst
    notation: burst
    effects:
      - for_each:
          in: "map(table + pile + table + pile, it.value)"
          var: n
          do:
            - add: {count: n}
            - log: {en: "now {count}", fr: "maintenant {count}"}
  - id: take
    notation: "take {card}"
    args: {card: {from: pile}}
    effects:
      - move: {what: "filter(pile, it.code == card.code)", to: hand}
      - set: {held: card}
      - log: {en: "took the {card.name} ({held.code})", fr: "pris {card.name_fr} ({held.code})"}
      - reveal: {what: card}
      - reveal: {what: card, to: "[0, 1]"}
      - reveal: {what: "top(pile, 2)", to: 1}
      - flip: {var: side}
      - log: {en: "the coin says {side}", fr: "la pièce dit {side}"}
      - card_effect: {card: held, name: use}
  - id: lay
    notation: lay
    effects:
      - move: {what: "filter(hand[me], it.value >= 0)", to: table}
      - set: {laid: table}
      - card_effect: {card: table, name: use}
      - card_effect: {card: "filter(table, it.value > 5)", name: use}
  - id: back
    notation: back
    effects:
      - move: {what: "filter(table, it.value < 2)", to: pile, at: top}
      - move: {what: "filter(table, it.value > 9)", to: pile}
  - id: order
    notation: order
    effects:
      - choose: {from: "permutations(table)", var: ord, notation: "put {choice}", seat: me,
                 prompt: {en: "Which order?", fr: "Quel ordre ?"}}
      - log: {en: "put {ord}", fr: "mis {ord}"}
  - id: fail
    notation: fail
    effects:
      - add: {count: 1}
      - log: {en: "ten by zero: {10 / zero}", fr: "dix par zéro : {10 / zero}"}
end:
  - if: "count > 1000"
    outcome: done
outcomes:
  done: {winners: "[0]", reason: {en: "counted", fr: "compté"}, score: count}
view: {table: table.code, hand: "hand[me].code", count: count, held: held.code}
"""


def _state(st: Any) -> Any:
    return (st.view(0), st.view(1), dict(st.vars), dict(st.zones), st.turn_seat,
            [(f.block.id, f.index, sorted(f.locals)) for f in st.frames], st.outcome)


def _play_alike(a: Any, b: Any, text: str) -> None:
    """The same events and work counted, or the same mistake naming the same field."""
    try:
        ea = [e.to_dict() for e in a.play(text)]
    except RulesetError as e:
        with pytest.raises(RulesetError) as info:
            b.play(text)
        assert (e.field, str(e)) == (info.value.field, str(info.value))
        return
    left = Work.left
    assert ea == [e.to_dict() for e in b.play(text)]
    assert left == Work.left  # the same work counted


def test_every_move_is_the_interpreters(tmp_path: Path) -> None:
    g = load_ruleset(tmp_path, RULES)
    slow = interpreter_only(g)
    for seed in range(16):
        a = g.new_game(players=2, seed=seed)
        b = slow.new_game(players=2, seed=seed)
        assert [e.to_dict() for e in a.log] == [e.to_dict() for e in b.log]
        rng = random.Random(seed)
        for _ in range(30):
            if a.is_over:
                break
            legal = [m.text for m in a.legal_moves()]
            assert legal == [m.text for m in b.legal_moves()]
            _play_alike(a, b, rng.choice(legal))
            assert _state(a) == _state(b)
        assert [e.to_dict() for e in a.log] == [e.to_dict() for e in b.log]


def test_a_line_shows_what_its_holes_hold_each_time(tmp_path: Path) -> None:
    g = load_ruleset(tmp_path, RULES)
    st = g.new_game(players=2, seed=1, deck=["a1", "c0", "b2", "d3", "e4"])
    first = [e.text for e in st.play("say")]  # flag true: 1
    assert first == [
        {"en": "count 1, flag yes, 1, none, ", "fr": "compte 1, drapeau yes, 1, none, "},
        {"en": "a fixed line", "fr": "une ligne fixe"},
        {"en": "the game counts 1", "fr": "le jeu compte 1"},
        {"en": "the game speaks", "fr": "le jeu parle"},
        {"en": "0", "fr": "0"},
        {"en": "held none (none), laid none", "fr": "tenu none (none), posé none"}]
    assert st.vars["tally"] == -1  # true counts 1, null 0 (added, as numbers are)
    second = st.play("say")  # by the other seat; flag false: true, shown apart from 1
    assert second[0].text["en"] == "count 2, flag no, yes, none, "
    assert [e.seat for e in second] == [1, 1, None, None, 1, 1]
    third = st.play("say")  # seat 0 again: the lines it said first, the same events
    assert st.vars["tally"] == -3  # -4 held at its min
    assert third[1] == st.log[-len(first) - len(second) - len(third) + 1]
    assert third[1].seat == 0 and second[1].seat == 1
    assert third[0].text["en"] == "count 3, flag yes, 1, none, "
    st.play("take c0")
    st.play("take a1")  # seat 1's hand, the Ace's own effect by its var
    assert st.view(1)["hand"] == ["a1", "c0"] and st.view(1)["held"] == "a1"
    took = [e.to_dict() for e in st.log[-7:]]
    assert [e["text"]["en"] for e in took] == [
        "took the Ace (a1)", "saw Ace", "saw Ace", "saw b2, d3", "coin: tails",
        "the coin says tails", "the Ace acts (1)"]
    assert [(e["seat"], e["private_to"]) for e in took[1:4]] == [(1, [1]), (None, [0, 1]),
                                                                (1, [1])]
    assert took[4]["data"] == {"coin": "tails"} and took[3]["data"] == {"cards": ["b2", "d3"]}
    said = [e.text for e in st.play("say")]
    assert said[0]["en"] == "count 4, flag no, yes, a1, "
    assert said[-1] == {"en": "held Ace (1), laid none", "fr": "tenu As (1), posé none"}
    st.play("say")  # seat 0's
    st.play("lay")  # the two cards of seat 1's hand: a list's attribute, shown as a list
    assert st.view(1)["table"] == ["a1", "c0"]
    said = [e.text for e in st.play("say")]
    assert said[-1] == {"en": "held Ace (1), laid Ace, c0", "fr": "tenu As (1), posé As, c0"}


def test_more_lines_than_a_step_keeps_are_each_shown(tmp_path: Path) -> None:
    g = load_ruleset(tmp_path, RULES)
    slow = interpreter_only(g)
    deck = ["e4", "d3", "a1", "b2", "c0"]
    a = g.new_game(players=2, seed=1, deck=deck)
    b = slow.new_game(players=2, seed=1, deck=deck)
    seen: set[str] = set()
    while not a.is_over:  # 20 lines a burst, each count new: past what a step keeps
        _play_alike(a, b, "burst")
        seen.update(e.text["en"] for e in a.log)
    assert len(seen) > _LOG_MEMO and a.outcome == b.outcome and a.view(0)["count"] > 1000
    assert [e.to_dict() for e in a.log] == [e.to_dict() for e in b.log]


def test_a_mistake_in_a_hole_names_its_field_and_undoes_the_move(tmp_path: Path) -> None:
    g = load_ruleset(tmp_path, RULES)
    st = g.new_game(players=2, seed=1)
    st.play("say")
    before = (_state(st), list(st.history), len(st.log))
    with pytest.raises(RulesetError, match="division by zero") as info:
        st.play("fail")
    assert info.value.field == "moves.6.effects.1"
    assert "was not played" in str(info.value)
    assert (_state(st), st.history, len(st.log)) == before


def test_filters_of_one_card_several_and_none_move_as_before(tmp_path: Path) -> None:
    g = load_ruleset(tmp_path, RULES)
    slow = interpreter_only(g)
    deck = ["c0", "a1", "d3", "e4", "b2"]
    a = g.new_game(players=2, seed=1, deck=deck)
    b = slow.new_game(players=2, seed=1, deck=deck)
    for text in ("take c0", "take e4", "take a1", "lay", "back", "lay", "take d3"):
        _play_alike(a, b, text)
        assert _state(a) == _state(b)
        assert a.where == b.where
    assert a.view(0)["table"] == ["e4"] and a.view(0)["hand"] == []  # c0 and a1 went back
    assert a.zones["pile"][:2] == b.zones["pile"][:2]
    # the Ace's effect as it lay on the table; d3's effect fails: named, the move undone
    assert a.view(1)["hand"] == [] and a.current_player == 0


def test_a_question_in_a_cards_effect_waits_and_a_save_resumes(tmp_path: Path) -> None:
    g = load_ruleset(tmp_path, RULES)
    slow = interpreter_only(g)
    deck = ["b2", "a1", "c0", "d3", "e4"]
    a = g.new_game(players=2, seed=1, deck=deck)
    b = slow.new_game(players=2, seed=1, deck=deck)
    for st in (a, b):
        st.play("take b2")
    assert a.prompt("en") == "Pick one" and a.prompt("fr") == "Choisissez"
    assert _state(a) == _state(b)
    again = type(a).from_data(g, json.loads(a.to_json()))  # saved, then loaded
    assert _state(again) == _state(a)
    for st in (a, again):
        events = st.play("pick y")
        assert [e.text for e in events if e.kind == "log"] == [
            {"en": "picked y", "fr": "choisi y"}]
    b.play("pick y")
    assert _state(a) == _state(again) == _state(b)


def test_the_generated_code_holds_only_our_names(tmp_path: Path) -> None:
    g = load_ruleset(tmp_path, RULES)
    for block in g.all_blocks:
        _check_source(segments_source(g, block))
        _check_source(flat_source(g, block) or "pass")


def test_answers_that_are_lists_are_the_moves_they_were(tmp_path: Path) -> None:
    g = load_ruleset(tmp_path, RULES)
    slow = interpreter_only(g)
    deck = ["a1", "c0", "b2", "d3", "e4"]
    a = g.new_game(players=2, seed=1, deck=deck)
    b = slow.new_game(players=2, seed=1, deck=deck)
    for text in ("take a1", "take c0", "lay", "order"):
        _play_alike(a, b, text)
    answers = a.legal_moves()
    assert [m.text for m in answers] == ["put c0 a1", "put a1 c0"]  # the table in its order
    assert answers == [Move(m.move_id, m.args, m.text) for m in answers]
    assert [repr(m) for m in answers] == ["Move('put c0 a1')", "Move('put a1 c0')"]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        answers[0].text = "put"  # type: ignore[misc]
    _play_alike(a, b, "put a1 c0")
    assert a.log[-1].text == {"en": "put a1, c0", "fr": "mis a1, c0"} and _state(a) == _state(b)
