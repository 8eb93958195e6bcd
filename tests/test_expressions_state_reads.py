"""Reads and moves written with the state at hand: a whole zone moved
without listing its cards (a zone's name, the acting seat's zone, ``zone[seat]``), several
cards of one zone taken out in one pass, ``size()`` and ``top()`` of ``zone[seat]``,
``seat_name()`` without its call, ``size(seats())`` counted from the state, a seat's zone or
var key taken from a table made at load, a move's first segment called at once, a zone's
cards listed by a comprehension. What a player or an author would notice stays as it was:
the same events, views, zones, knowledge, vars, frames and work counted as the step-by-step
interpreter after every move; a mistake met half-way names its field and leaves the game as
it was; a game saved while a question waits loads and plays on alike."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from helpers import interpreter_only, load_ruleset

import tabletop
from tabletop import RulesetError
from tabletop.engine.compile.codegen import end_check_source, flat_source, segments_source
from tabletop.lang.expr import Work

RULES = """\
id: direct
name: {en: Direct, fr: Direct}
players: {min: 2, max: 3}
max_moves: 120
cards:
  - {suits: [H, S, D], ranks: [A, 2, 3, 4, 5, 6]}
zones:
  deck: {deck: true, visibility: hidden}
  hand: {per_seat: true, visibility: owner, order: row}
  pack: {per_seat: true, visibility: hidden}
  pile: {visibility: public, order: pile}
  row: {visibility: public, order: row}
vars:
  n: {initial: 0}
  got: {initial: 0, per_seat: true}
  bad: {initial: "word"}
  said: null
setup:
  - for_each:
      in: seats()
      var: p
      do:
        - deal: {from: deck, to: "hand[p]", count: 3}
        - deal: {from: deck, to: "pack[p]", count: 2}
moves:
  - id: dump
    notation: {en: dump, fr: vider}
    effects:
      - move: {what: hand, to: pile}
      - for_each: {in: all_seats(), var: p, do: [{move: {what: "hand[p]", to: row}}]}
      - move: {what: "hand[7]", to: row}
      - move: {what: pile, to: pile}
      - move: {what: pile, to: "hand[previous_seat(me)]"}
      - set: {var: got, seat: me, value: "got[me] + size(row)"}
      - log:
          en: "{seat_name(me)}: {size(hand[me])} {size(hand[7])} {size(hand)} {got[me]} {got[7]}"
          fr: "{seat_name(me + 1)} {seat_name(7)} {seat_name(true)} {seat_name(null)}"
      - end_turn: true
  - id: gather
    notation: {en: gather, fr: ramasser}
    effects:
      - move: {what: 'filter(row, it.rank != "A")', to: deck}
      - move: {what: "[first(deck), first(deck), last(deck)]", to: pile}
      - move: {what: 'filter(deck, it.suit == "H")', to: "hand[me]", at: top}
      - for_each: {in: seats(), var: p, do: [{deal: {from: deck, to: "hand[p]", count: 1}}]}
      - end_turn: true
  - id: flip
    notation: {en: flip, fr: retourner}
    effects:
      - let: {c: "top(pack[me])"}
      - move: {what: c, to: pile}
      - log:
          en: "flips {c.code}: {size(pack[me])} left, {top(pack[9]) == null}"
          fr: "retourne {c.code} : {size(pack[me])} {top(hand) == null}"
      - if: 'c.rank == "A" or size(pack[me]) == 0'
        then: [{eliminate: me}]
      - end_turn: true
  - id: oops
    notation: {en: oops, fr: oups}
    effects:
      - move: {what: hand, to: pile}
      - move: {what: 'filter(row, it.rank != "A")', to: deck}
      - set: {n: "n + bad"}
hooks:
  turn_start:
    - if: "n == 0 and size(hand) == 0"
      then:
        - choose:
            var: said
            seat: me
            from: '["a", "b"]'
            notation: {en: "say {choice}", fr: "dire {choice}"}
            prompt: {en: "{seat_name(me)}, say a or b", fr: "{seat_name(me)}, dites a ou b"}
        - set: {n: 1}
end:
  - if: "size(seats()) == 1"
    outcome: last
outcomes:
  last:
    winners: "seats()"
    reason: {en: "{seat_name(first(seats()))} is left", fr: "il reste {seat_name(first(seats()))}"}
view:
  hand: hand.code
  pile: pile.code
  row: row.code
  packs: "map(all_seats(), size(pack[it]))"
  n: n
  said: said
  got: "map(all_seats(), got[it])"
"""


def _seen(st: Any) -> Any:
    return (sorted((k, list(v)) for k, v in st.zones.items()), list(st.where),
            [sorted(k) for k in st.known], sorted(st.vars.items(), key=repr), sorted(st.out),
            st.turn_seat, st.turn, st.round, st.history[:], [e.to_dict() for e in st.log],
            st.rng.getstate(), st.outcome, st.pending,
            [(f.block.id, f.index, dict(f.locals)) for f in st.frames])


def _play(st: Any, text: str) -> Any:
    """The events of a move and the work it counted, or its mistake (field, sentence)."""
    try:
        events = [e.to_dict() for e in st.play(text)]
    except RulesetError as e:
        return ("mistake", e.field, str(e))
    return events, Work.left


def test_the_reads_are_written_out(tmp_path: Path) -> None:
    g = load_ruleset(tmp_path, RULES)
    text = "".join(segments_source(g, b) + flat_source(g, b) for b in g.all_blocks)
    assert "_move_zone(" in text  # whole zones, without listing their cards
    assert "_pile_size(" in text and "_pile_top(" in text
    assert "st.names" in text  # seat_name() of a seat
    assert "_seats_in(st)" in end_check_source(g)[1]  # the end check makes no context
    assert "ctx = " not in end_check_source(g)[1]


@pytest.mark.parametrize(("seed", "players"), [(s, 2 + s % 2) for s in range(10)])
def test_every_move_plays_as_the_step_by_step_interpreter(tmp_path: Path, seed: int,
                                                          players: int) -> None:
    game = load_ruleset(tmp_path, RULES)
    slow = interpreter_only(game)
    a = game.new_game(players=players, seed=seed)
    b = slow.new_game(players=players, seed=seed)
    assert _seen(a) == _seen(b)
    rng = random.Random(seed)
    mistakes = 0
    while not a.is_over:
        legal = [m.text for m in a.legal_moves()]
        assert legal == [m.text for m in b.legal_moves()]
        text = rng.choice(legal)
        got = _play(a, text)
        assert got == _play(b, text)  # the same events and work, or the same mistake
        if got[0] == "mistake":
            mistakes += 1
            assert got[1] == "moves.3.effects.2" and "was not played" in got[2]
        assert _seen(a) == _seen(b)
        for seat in range(players):
            assert a.view(seat) == b.view(seat)
        assert [a.prompt("en"), a.prompt("fr")] == [b.prompt("en"), b.prompt("fr")]
    assert a.outcome == b.outcome and a.outcome is not None
    assert mistakes or seed % 5  # (most seeds try the mistaken move at least once)


def test_a_mistake_after_whole_zones_moved_leaves_the_game_as_it_was(tmp_path: Path) -> None:
    g = load_ruleset(tmp_path, RULES)
    st = g.new_game(players=2, seed=3, deck=["AH", "2H", "3H", "4H", "5H", "6H", "AS", "2S",
                                             "3S", "4S"])
    st.play("dump")  # P1's hand to the pile, every hand to the row, the pile to P2's hand
    assert st.view(0)["row"] == ["6H", "AS", "2S"] and st.view(1)["hand"] == ["AH", "2H", "3H"]
    before = (_seen(st), st.view(0), st.view(1))
    with pytest.raises(RulesetError) as info:
        st.play("oops")  # a hand and a filter of the row moved, then a text added to 1
    assert info.value.field == "moves.3.effects.2" and "was not played" in str(info.value)
    assert (_seen(st), st.view(0), st.view(1)) == before


def test_a_game_saved_while_a_question_waits_loads_and_plays_on_alike(tmp_path: Path) -> None:
    g = load_ruleset(tmp_path, RULES)
    st = g.new_game(players=3, seed=5)
    st.play("dump")  # the next seat's hand is empty (the pile went to the seat before)
    assert st.pending is not None and st.prompt("en") == "P2, say a or b"
    again = type(st).from_data(g, json.loads(st.to_json()))
    assert _seen(again)[:-1] == _seen(st)[:-1]
    rng = random.Random(7)
    while not st.is_over:
        text = rng.choice([m.text for m in st.legal_moves()])
        assert _play(st, text) == _play(again, text)
        assert (st.view(0), st.view(None), st.frames == [], st.pending) == (
            again.view(0), again.view(None), again.frames == [], again.pending)
    assert st.outcome == again.outcome


def test_a_shipped_game_plays_as_the_step_by_step_interpreter() -> None:
    game = tabletop.load("deck-menteur")
    slow = interpreter_only(game)
    for seed, players, options in ((1, 2, {}), (2, 3, {"reveal": "round"}),
                                   (3, 4, {"deal": "refill", "announcer": "previous"})):
        a = game.new_game(players=players, seed=seed, options=options)
        b = slow.new_game(players=players, seed=seed, options=options)
        rng = random.Random(seed)
        while not a.is_over:
            text = rng.choice([m.text for m in a.legal_moves()])
            assert _play(a, text) == _play(b, text)
            assert _seen(a) == _seen(b)
        assert a.outcome == b.outcome
