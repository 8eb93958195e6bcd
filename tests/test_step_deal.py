"""The ``deal`` step: the top cards of a zone go to another, a count of them or enough to
fill it, one after the other as a player deals them; a pile dealt onto takes them face to
face (the last dealt on top)."""

from __future__ import annotations

import pytest
from helpers import load_ruleset

import tabletop

RULES = """\
id: deals
name: {en: Deals, fr: Donnes}
players: {min: 2, max: 3}
cards:
  - {suits: [S], ranks: [A, 2, 3, 4, 5, 6, 7, 8]}
zones:
  deck: {deck: true, visibility: hidden}
  hand: {per_seat: true, visibility: owner, order: row}
  pile: {visibility: public, order: pile}
setup:
  - for_each: {in: seats(), var: p, do: [{deal: {from: deck, to: "hand[p]", count: 2}}]}
moves:
  - id: draw
    notation: {en: draw, fr: piocher}
    effects:
      - deal: {from: deck, to: hand, count: 1}
      - end_turn: true
  - id: fill
    notation: {en: fill, fr: compléter}
    effects:
      - deal: {from: deck, to: hand, fill: 4}
  - id: stack
    notation: {en: stack, fr: empiler}
    effects:
      - deal: {from: deck, to: pile, count: 2}
  - id: turn
    notation: {en: turn, fr: retourner}
    effects:
      - deal: {from: pile, to: pile, count: 1}
  - id: greedy
    notation: {en: greedy, fr: glouton}
    effects:
      - deal: {from: deck, to: pile, count: 99}
end:
  - if: "size(deck) == 0 and size(pile) == 0"
    outcome: over
outcomes:
  over:
    winners: "[0]"
    reason: {en: "no card left to deal", fr: "plus une carte à donner"}
view:
  hand: hand.code
  pile: pile.code
  deck: size(deck)
"""

ORDER = ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S"]  # the deck, its top first


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> tabletop.Game:
    return load_ruleset(tmp_path_factory.mktemp("deal"), RULES)


def _new(game: tabletop.Game, players: int = 2) -> tabletop.State:
    return game.new_game(players=players, seed=1, deck=ORDER)


def test_the_setup_deals_each_seat_its_cards_from_the_top(game: tabletop.Game) -> None:
    st = _new(game, players=3)
    assert [st.view(s)["hand"] for s in range(3)] == [["AS", "2S"], ["3S", "4S"],
                                                      ["5S", "6S"]]
    assert st.view(0)["deck"] == 2


def test_a_count_deals_that_many_to_the_acting_seat(game: tabletop.Game) -> None:
    st = _new(game)
    st.play("draw")
    assert st.view(0)["hand"] == ["AS", "2S", "5S"]
    assert st.view(1)["hand"] == ["3S", "4S"]
    assert st.view(1)["deck"] == 3


def test_a_fill_deals_up_to_that_many_cards_in_hand(game: tabletop.Game) -> None:
    st = _new(game)
    st.play("fill")
    assert st.view(0)["hand"] == ["AS", "2S", "5S", "6S"]
    st.play("fill")  # full already: nothing dealt
    assert st.view(0)["hand"] == ["AS", "2S", "5S", "6S"]
    assert st.view(0)["deck"] == 2


def test_cards_dealt_onto_a_pile_end_with_the_last_on_top(game: tabletop.Game) -> None:
    st = _new(game)
    st.play("stack")
    assert st.view(0)["pile"] == ["6S", "5S"]
    st.play("turn")  # a pile dealt onto itself: its top card taken and put back
    assert st.view(0)["pile"] == ["6S", "5S"]


def test_a_count_past_the_zone_deals_what_is_there(game: tabletop.Game) -> None:
    st = _new(game)
    st.play("greedy")
    assert st.view(0)["pile"] == ["8S", "7S", "6S", "5S"]
    assert st.view(0)["deck"] == 0
