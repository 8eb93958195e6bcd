"""last_turn(seat) is the seat's previous turn of its own: answering another seat's question
(a choose with seat: ...) during that seat's turn does not hide it."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import load_ruleset

import tabletop

RULESET = """
id: last-turn-test
name: {en: Last turn test, fr: Test du dernier tour}
players: {min: 2, max: 2}
cards:
  - id: x
zones:
  pile: {visibility: hidden, deck: true}
moves:
  - id: wait
    notation: wait
    effects:
      - end_turn: true
  - id: ask
    notation: ask
    effects:
      - choose: {var: a, from: '["yes", "no"]', seat: opp, notation: "say {choice}"}
      - end_turn: true
end: []
outcomes:
  done: {winners: "[]", reason: done}
view:
  last: "map(seats(), last_turn(it))"
  now: "map(seats(), this_turn(it))"
"""


@pytest.fixture()
def game(tmp_path: Path) -> tabletop.Game:
    return load_ruleset(tmp_path, RULESET, "last-turn-test.yaml")


def test_an_answer_in_someone_elses_turn_is_not_your_last_turn(game: tabletop.Game) -> None:
    st = game.new_game(players=2, seed=1, first=0)
    st.play("wait")  # seat 0
    st.play("wait")  # seat 1: its own turn
    st.play("ask")   # seat 0 asks, seat 1 answers
    assert st.current_player == 1
    st.play("say yes")
    assert st.current_player == 1
    assert st.view(1)["last"] == [["ask"], ["wait"]], "seat 1's own turn was the wait"
    assert st.view(1)["now"] == [[], []]


def test_the_askers_own_turn_keeps_its_answers(game: tabletop.Game) -> None:
    st = game.new_game(players=2, seed=1, first=0)
    st.play("ask")
    st.play("say no")  # seat 1 answers in seat 0's turn
    assert st.current_player == 1 and st.view(1)["last"] == [["ask"], []]
    st.play("ask")     # seat 1 asks, seat 0 answers
    st.play("say yes")
    assert st.current_player == 0
    assert st.view(0)["last"] == [["ask"], ["ask"]]
