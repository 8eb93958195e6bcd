"""end_turn: {next: seat}: the turn goes to a chosen seat. The same seat again is an extra
turn: a new turn (turn hooks run, last_turn() sees the previous one) in the same round."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import load_ruleset

import tabletop

RULESET = """
id: end-turn-next-test
name: {en: End turn next test, fr: Test de fin de tour}
players: {min: 3, max: 3}
cards:
  - id: x
zones:
  pile: {visibility: hidden, deck: true}
vars:
  starts: {initial: 0, per_seat: true}
  rounds_ended: 0
moves:
  - id: pass
    notation: pass
    effects:
      - end_turn: true
  - id: again
    notation: again
    effects:
      - end_turn: {next: me}
  - id: skip
    notation: skip
    effects:
      - end_turn: {next: "next_seat(next_seat(me))"}
  - id: bad
    notation: bad
    effects:
      - end_turn: {next: "7"}
hooks:
  turn_start:
    - add: {starts: 1}
  round_end:
    - add: {rounds_ended: 1}
end: []
outcomes:
  done: {winners: "[]", reason: done}
view:
  round: round
  turn: turn
  starts: "map(seats(), starts[it])"
  rounds_ended: rounds_ended
  last: "last_turn(me)"
"""


@pytest.fixture()
def game(tmp_path: Path) -> tabletop.Game:
    return load_ruleset(tmp_path, RULESET, "end-turn-next-test.yaml")


def test_an_extra_turn_stays_in_the_round(game: tabletop.Game) -> None:
    st = game.new_game(players=3, seed=1, first=2)
    st.play("again")
    v = st.view(2)
    assert st.current_player == 2 and v["round"] == 1 and v["turn"] == 2
    assert v["starts"] == [0, 0, 2], "turn_start runs for the extra turn"
    assert v["last"] == ["again"], "the extra turn is a turn of its own"
    st.play("pass")
    assert st.current_player == 0 and st.view(0)["round"] == 1
    st.play("pass")
    st.play("again")
    st.play("pass")
    assert st.current_player == 2 and st.view(2)["round"] == 2
    assert st.view(2)["rounds_ended"] == 1


def test_next_can_skip_a_seat_and_wrapping_starts_a_round(game: tabletop.Game) -> None:
    st = game.new_game(players=3, seed=1, first=0)
    st.play("skip")  # 0 -> 2: no wrap
    assert st.current_player == 2 and st.view(2)["round"] == 1
    st.play("skip")  # 2 -> 1: past the first seat, a new round
    assert st.current_player == 1 and st.view(1)["round"] == 2


def test_a_seat_that_does_not_exist_falls_back_to_the_next(game: tabletop.Game) -> None:
    st = game.new_game(players=3, seed=1, first=0)
    st.play("bad")
    assert st.current_player == 1


def test_saved_between_turns_and_restored(game: tabletop.Game) -> None:
    st = game.new_game(players=3, seed=1, first=1)
    st.play("again")
    again = tabletop.restore(st.to_json())
    assert again.current_player == 1 and again.view(1) == st.view(1)


def test_next_is_checked_at_load(tmp_path: Path) -> None:
    with pytest.raises(tabletop.RulesetError, match="unknown key 'then'"):
        load_ruleset(tmp_path, RULESET.replace("end_turn: {next: me}", "end_turn: {then: me}"))
