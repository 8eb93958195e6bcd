"""The card games' paths written out in the generated code: a ``deal``
(its zones, count or fill, the top cards taken at once, card by card when the zones are one),
a ``move`` of a list of one card, a card-effect loop over one card or several, a question's
``Pending`` made in place, a ``set`` of several per-seat vars of ``me``, and a frame found at
its block's end after an answer (popped by the interpreter's loop without a call). What a
player or an author would notice stays as it was: the same events, views, vars, questions and
frames (their locals too) after every move as the step-by-step interpreter; a save made while a
question waits loads and plays on as the game did; a mistake in a deal names its field and
undoes the move."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from helpers import frames_as_saved, interpreter_only, load_ruleset, play_alike

import tabletop
from tabletop import RulesetError
from tabletop.registry import restore

RULES = """\
id: dealing
name: {en: Dealing, fr: Donnes}
players: {min: 2, max: 3}
cards:
  - {id: a1, value: 1, effects: {use: [{add: {score: 1}}, {log: {en: "a one", fr: "un a"}}]}}
  - {id: a2, value: 2, effects: {use: [{add: {score: "this.value"}}]}}
  - {id: b1, value: 1}
  - {id: b2, value: 2, effects: {use: [{deal: {from: pile, to: table, count: 1}}]}}
  - {id: c1, value: 1}
  - {id: c2, value: 2}
  - {id: c3, value: 3, effects: {use: [{set: {mark: "me", tally: 3}}]}}
  - {id: d1, value: 1}
  - {id: d2, value: 2}
  - {id: d3, value: 3}
zones:
  pile: {deck: true, visibility: hidden}
  hand: {visibility: owner, per_seat: true, order: row}
  table: {visibility: public, order: row}
  heap: {visibility: public}
vars:
  score: {initial: 0}
  mark: {initial: null, per_seat: true}
  tally: {initial: 0, per_seat: true}
  kept: {initial: null}
setup:
  - for_each:
      in: seats()
      var: p
      do:
        - deal: {from: pile, to: "hand[p]", count: 2}
moves:
  - id: draw
    notation: draw
    effects:
      - deal: {from: pile, to: hand, count: 1}
      - log: {en: "draws", fr: "pioche"}
      - end_turn: true
  - id: fill
    notation: fill
    effects:
      - deal: {from: pile, to: "hand[next_seat(me)]", fill: 3, at: top}
      - deal: {from: table, to: heap, count: "size(table) + 1"}
      - end_turn: true
  - id: same
    notation: same
    effects:
      - deal: {from: heap, to: heap, count: 2}
      - deal: {from: heap, to: table, count: -1}
      - end_turn: true
  - id: give
    notation: "give {card}"
    args: {card: {from: hand}}
    effects:
      - move: {what: "[card]", to: table}
      - card_effect: {name: use, card: card}
      - card_effect: {name: use, card: table}
      - move: {what: "[card]", to: "hand[next_seat(me)]"}
      - set: {mark: "card.value", tally: "size(hand)"}
      - end_turn: true
  - id: ask
    notation: ask
    effects:
      - choose: {from: hand, var: got, seat: "next_seat(me)", optional: true,
                 pass: {en: keep, fr: garder}, notation: "show {choice}",
                 prompt: {en: "Show a card of {seat_name(me)}", fr: "Montrez une carte"}}
      - set: {kept: got}
      - if: "got != null"
        then:
          - move: {what: got, to: heap}
          - deal: {from: pile, to: hand, count: 1}
      - end_turn: true
  - id: zero
    notation: zero
    effects:
      - add: {score: 100}
      - deal: {from: pile, to: hand, count: "10 / size(heap)"}
  - id: nowhere
    notation: nowhere
    effects:
      - add: {score: 100}
      - deal: {from: pile, to: "hand[7]", count: 1}
end:
  - if: "size(pile) == 0"
    outcome: done
outcomes:
  done: {winners: "[0]", reason: {en: "no more cards", fr: "plus de cartes"}, score: score}
view: {hand: hand.code, table: table.code, heap: heap.code, score: score, kept: kept,
       marks: "map(seats(), mark[it])", tallies: "map(seats(), tally[it])"}
"""

# the moves that are mistakes: tested on their own below
_MISTAKES = ("zero", "nowhere")


def _state(st: Any) -> Any:
    return ([st.view(s) for s in range(st.players)], dict(st.vars), dict(st.zones),
            st.turn_seat, st.turn, st.round, frames_as_saved(st), st.outcome, st.pending,
            st.prompt("en"), st.prompt("fr"))


@pytest.mark.parametrize("players", [2, 3])
def test_every_move_is_the_interpreters_and_a_save_at_a_question_plays_on(
        tmp_path: Path, players: int) -> None:
    g = load_ruleset(tmp_path, RULES)
    slow = interpreter_only(g)
    asked = 0
    for seed in range(20):
        a = g.new_game(players=players, seed=seed)
        b = slow.new_game(players=players, seed=seed)
        assert _state(a) == _state(b)
        rng = random.Random(seed)
        while not a.is_over:
            legal = [m.text for m in a.legal_moves() if m.text not in _MISTAKES]
            assert legal == [m.text for m in b.legal_moves() if m.text not in _MISTAKES]
            play_alike(a, b, rng.choice(legal))
            assert _state(a) == _state(b)  # the question's Pending equal to the made one
            if a.pending is not None:
                asked += 1
                a = restore(a.to_json())  # a save while the question waits, loaded
                assert _state(a) == _state(b)
        assert a.outcome == b.outcome and a.history == b.history
    assert asked > 20


@pytest.mark.parametrize(("move", "field"), [("zero", "moves.5.effects.1"),
                                             ("nowhere", "moves.6.effects.1")])
def test_a_mistake_in_a_deal_names_its_field_and_undoes_the_move(
        tmp_path: Path, move: str, field: str) -> None:
    g = load_ruleset(tmp_path, RULES)
    for game in (g, interpreter_only(g)):
        st = game.new_game(players=2, seed=3)
        before = _state(st)
        with pytest.raises(RulesetError) as info:
            st.play(move)
        assert info.value.field == field and "was not played" in str(info.value)
        assert _state(st) == before and st.history == []
    a, b = g.new_game(players=2, seed=3), interpreter_only(g).new_game(players=2, seed=3)
    play_alike(a, b, move)  # the same sentence from both


def test_a_deal_takes_the_top_cards_where_the_interpreter_puts_them(tmp_path: Path) -> None:
    g = load_ruleset(tmp_path, RULES)
    deck = ["a1", "b1", "c1", "d1", "a2", "b2", "c2", "d2", "c3", "d3"]
    st = g.new_game(players=2, seed=1, deck=deck)
    assert st.view(0)["hand"] == ["a1", "b1"] and st.view(1)["hand"] == ["c1", "d1"]
    st.play("fill")  # the next seat's hand filled to 3 from the top, put on top
    assert st.view(1)["hand"] == ["a2", "c1", "d1"] and st.view(1)["heap"] == []
    st.play("draw")  # one card to the end of the hand (a row)
    assert st.view(1)["hand"] == ["a2", "c1", "d1", "b2"]
    st.play("give a1")  # one card in a list, moved as that card; its effect, then the table's
    assert st.view(0)["table"] == [] and st.view(1)["hand"][-1] == "a1"
    assert st.view(0)["score"] == 2 and st.view(0)["marks"] == [1, None]
    assert st.view(0)["tallies"] == [1, 0]


@pytest.mark.parametrize("game_id", ["arcane-arena", "aria"])
def test_more_players_play_as_the_interpreter_with_the_same_frames(game_id: str) -> None:
    g = tabletop.load(game_id)
    slow = interpreter_only(g)
    for players in (3, 4):
        a = g.new_game(players=players, seed=players)
        b = slow.new_game(players=players, seed=players)
        rng = random.Random(players)
        while not a.is_over:
            legal = a.legal_moves()
            assert [m.text for m in legal] == [m.text for m in b.legal_moves()]
            play_alike(a, b, rng.choice(legal).text)
            assert (frames_as_saved(a), a.pending, dict(a.vars), dict(a.zones)) == (
                frames_as_saved(b), b.pending, dict(b.vars), dict(b.zones))
        assert a.outcome == b.outcome and a.log[-1].to_dict() == b.log[-1].to_dict()
