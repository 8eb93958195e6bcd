"""rejoin: eliminated seats come back; all_seats() lists every seat, the eliminated too."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import load_ruleset

import tabletop

RULESET = """
id: rejoin-test
name: {en: Rejoin test, fr: Test du retour}
players: {min: 3, max: 3}
cards:
  - {id: x}
zones:
  pile: {visibility: hidden, deck: true}
moves:
  - id: out
    notation: "out {who}"
    args:
      who: {seat: "it != me"}
    effects:
      - eliminate: who
  - id: back
    notation: back
    effects:
      - rejoin: all_seats()
  - id: pass
    notation: pass
    effects:
      - end_turn: true
end: []
outcomes:
  done: {winners: "[]", reason: {en: done, fr: fini}}
view:
  seats: "seats()"
  all: "all_seats()"
"""


@pytest.fixture()
def game(tmp_path: Path) -> tabletop.Game:
    return load_ruleset(tmp_path, RULESET, "rejoin-test.yaml")


def test_eliminated_seats_come_back_into_the_turn_order(game):
    st = game.new_game(players=3, seed=1, first=0)
    st.play("out P2")
    st.play("out P3")
    assert st.view(None) == {"seats": [0], "all": [0, 1, 2]}
    st.play("pass")
    assert st.current_player == 0  # alone: the turn comes back
    events = st.play("back")
    assert events == []  # rejoin says nothing: the ruleset logs what it wants
    assert st.view(None) == {"seats": [0, 1, 2], "all": [0, 1, 2]}
    st.play("pass")
    assert st.current_player == 1
    again = tabletop.restore(st.to_json())
    assert again.view(None)["seats"] == [0, 1, 2]


def test_the_line_of_a_seat_going_out_is_the_tables_not_the_seats(game):
    # "Ben: Ben is out" credited the line to the eliminated player; it is the table's line,
    # read under the move of whoever put them out
    from tabletop.ui.render import event_line

    st = game.new_game(players=3, seed=1, first=0, names=["Ann", "Ben", "Cleo"])
    events = st.play("out Ben")
    out = [e for e in events if e.kind == "eliminated"]
    assert [(e.seat, e.data, e.text_in("en")) for e in out] == [(None, {"seat": 1}, "Ben is out")]
    assert event_line(st, out[0], "fr") == "Ben quitte la partie"
