"""The ``for_each`` step: its block run once per item, in order, the item bound to its var;
a question asked inside it waits, and the items left run after the answer."""

from __future__ import annotations

import pytest
from helpers import load_ruleset

import tabletop

RULES = """\
id: loops
name: {en: Loops, fr: Boucles}
players: {min: 3, max: 3}
cards:
  - {suits: [D], ranks: [A, 2, 3, 4, 5, 6, 7, 8, 9]}
zones:
  deck: {deck: true, visibility: hidden}
  hand: {per_seat: true, visibility: owner, order: row}
vars:
  score: {initial: 0, per_seat: true}
  total: {initial: 0}
setup:
  - for_each: {in: seats(), var: p, do: [{deal: {from: deck, to: "hand[p]", count: 1}}]}
moves:
  - id: count
    notation: {en: count, fr: compter}
    effects:
      - for_each:
          in: "[1, 2, 3]"
          var: x
          do:
            - add: {total: x}
            - log: {en: "counted {x}", fr: "compté {x}"}
  - id: vote
    notation: {en: vote, fr: voter}
    effects:
      - for_each:
          in: "seats()"
          var: p
          do:
            - choose: {var: v, from: "[1, 2]", seat: p, notation: "vote {choice}"}
            - set: {var: score, seat: p, value: v}
  - id: none
    notation: {en: none, fr: rien}
    effects:
      - for_each: {in: "[]", var: x, do: [{add: {total: 100}}]}
end:
  - if: "false"
    outcome: over
outcomes:
  over:
    winners: "[0]"
    reason: {en: "over", fr: "fini"}
view:
  hand: hand.code
  total: total
  score: "map(seats(), score[it])"
"""


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> tabletop.Game:
    return load_ruleset(tmp_path_factory.mktemp("for_each"), RULES)


def test_the_setup_deals_each_seat_in_turn(game: tabletop.Game) -> None:
    st = game.new_game(players=3, seed=1, deck=["AD", "2D", "3D"])
    assert [st.view(s)["hand"] for s in range(3)] == [["AD"], ["2D"], ["3D"]]


def test_the_body_runs_once_per_item_in_order(game: tabletop.Game) -> None:
    st = game.new_game(players=3, seed=1)
    events = st.play("count")
    assert st.view(0)["total"] == 6
    assert [e.text["en"] for e in events] == ["counted 1", "counted 2", "counted 3"]


def test_no_item_runs_no_body(game: tabletop.Game) -> None:
    st = game.new_game(players=3, seed=1)
    assert st.play("none") == []
    assert st.view(0)["total"] == 0


def test_a_question_in_the_body_waits_then_the_loop_goes_on(game: tabletop.Game) -> None:
    st = game.new_game(players=3, seed=1)
    st.play("vote")
    asked = []
    for answer in ("vote 2", "vote 1", "vote 2"):
        asked.append(st.current_player)
        assert [m.text for m in st.legal_moves()] == ["vote 1", "vote 2"]
        st.play(answer)
    assert asked == [0, 1, 2]
    assert st.view(0)["score"] == [2, 1, 2]
    assert "vote" in [m.text for m in st.legal_moves()]  # the move is over


def test_a_loop_waiting_on_a_question_survives_a_save(game: tabletop.Game) -> None:
    st = game.new_game(players=3, seed=1)
    st.play("vote")
    st.play("vote 1")
    back = tabletop.restore(st.to_json())
    back.play("vote 2")
    back.play("vote 1")
    assert back.view(0)["score"] == [1, 2, 1]
