"""reinstate: eliminated seats come back (a match of rounds); all_seats() lists every seat,
eliminated ones included, so a view keeps one entry per seat."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import load_ruleset

import tabletop

RULESET = """
id: reinstate-test
name: {en: Reinstate test, fr: Test de retour}
players: {min: 3, max: 3}
cards:
  - id: x
zones:
  pile: {visibility: hidden, deck: true}
vars:
  hp: {initial: 1, per_seat: true}
  wins: {initial: 0, per_seat: true}
moves:
  - id: hit
    notation: "hit {who}"
    args:
      who: {seat: "it != me"}
    effects:
      - add: {var: hp, value: -1, seat: who}
      - eliminate: who
      - if: "size(seats()) == 1"
        then:
          - add: {wins: 1}
          - reinstate: "all_seats()"
          - for_each:
              in: all_seats()
              var: s
              do: [{set: {var: hp, value: 1, seat: s}}]
      - end_turn: true
  - id: back
    notation: "back {n}"
    args:
      n: {word: ["0", "1", "2", "7"]}
    effects:
      - reinstate: number(n)
end:
  - if: "any(all_seats(), wins[it] >= 2)"
    outcome: done
outcomes:
  done: {winners: "filter(all_seats(), wins[it] >= 2)", reason: "two rounds won", score: wins}
view:
  in: seats()
  hp: "map(all_seats(), hp[it])"
  wins: "map(all_seats(), wins[it])"
"""


@pytest.fixture()
def game(tmp_path: Path) -> tabletop.Game:
    return load_ruleset(tmp_path, RULESET, "reinstate-test.yaml")


def test_an_eliminated_seat_skips_its_turns_and_all_seats_keeps_it_in_views(
        game: tabletop.Game) -> None:
    s = game.new_game(players=3, seed=1, first=0)
    s.play("hit P2")
    assert s.view(0)["in"] == [0, 2]
    assert s.view(0)["hp"] == [1, 0, 1]  # one entry per seat, the one out included
    assert s.current_player == 2  # P2 is skipped


def test_reinstate_brings_every_seat_back_for_the_next_round(game: tabletop.Game) -> None:
    s = game.new_game(players=3, seed=1, first=0)
    s.play("hit P2")  # P1 hits P2: out
    s.play("hit P1")  # P3 hits P1: P3 is the last one in, wins the round, all come back
    v = s.view(0)
    assert v["in"] == [0, 1, 2]
    assert v["wins"] == [0, 0, 1]
    assert v["hp"] == [1, 1, 1]
    assert s.current_player == 0
    s.play("hit P3")  # P1 knocks P3 out; P2 plays next
    assert s.current_player == 1
    s.play("hit P1")  # P2 wins this round
    assert s.view(0)["wins"] == [0, 1, 1] and not s.is_over
    s.play("hit P2")  # the turn went on to P3, who knocks P2 out...
    s.play("hit P3")  # ...and P1 knocks P3 out: P1 wins a round
    s.play("hit P3")  # P2 knocks P3 out...
    s.play("hit P2")  # ...and P1 wins its second round: the match ends
    assert s.is_over and s.outcome is not None
    assert s.outcome.winners == (0,) and s.outcome.scores == (2, 1, 1)


def test_reinstate_leaves_seats_in_play_alone_and_ignores_a_seat_that_does_not_exist(
        game: tabletop.Game) -> None:
    s = game.new_game(players=3, seed=1, first=0)
    s.play("back 0")
    s.play("back 7")
    assert s.view(0)["in"] == [0, 1, 2]
    s.play("hit P3")
    s.play("back 2")
    assert s.view(0)["in"] == [0, 1, 2]
    assert tabletop.restore(s.to_json()).view(0) == s.view(0)
