"""The ``move`` step: the cards named go to a zone, on top of a pile or at the end of a row
(or where ``at`` says), as a packet keeping the order they were named in."""

from __future__ import annotations

import pytest
from helpers import load_ruleset

import tabletop

RULES = """\
id: moves
name: {en: Moves, fr: Déplacements}
players: {min: 2, max: 2}
cards:
  - {suits: [H], ranks: [A, 2, 3, 4, 5, 6]}
zones:
  deck: {deck: true, visibility: hidden}
  hand: {per_seat: true, visibility: owner, order: row}
  pile: {visibility: public, order: pile}
  row: {visibility: public, order: row}
setup:
  - for_each: {in: seats(), var: p, do: [{deal: {from: deck, to: "hand[p]", count: 3}}]}
moves:
  - id: play
    notation: {en: "play {card}", fr: "jouer {card}"}
    args:
      card: {from: hand}
    effects:
      - move: {what: card, to: pile}
      - log: {en: "played {card}", fr: "a joué {card}"}
  - id: under
    notation: {en: "under {card}", fr: "dessous {card}"}
    args:
      card: {from: hand}
    effects:
      - move: {what: card, to: pile, at: bottom}
  - id: dump
    notation: {en: dump, fr: vider}
    effects:
      - move: {what: hand, to: row}
  - id: give
    notation: {en: give, fr: donner}
    effects:
      - move: {what: "[first(hand)]", to: "hand[1 - me]"}
  - id: sweep
    notation: {en: sweep, fr: balayer}
    effects:
      - move: {what: "filter(hand, it.rank != \\"2\\")", to: pile}
end:
  - if: "size(row) == 6"
    outcome: over
outcomes:
  over:
    winners: "[0]"
    reason: {en: "all in a row", fr: "tout en ligne"}
view:
  hand: hand.code
  pile: pile.code
  row: row.code
"""

ORDER = ["AH", "2H", "3H", "4H", "5H", "6H"]


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> tabletop.Game:
    return load_ruleset(tmp_path_factory.mktemp("move"), RULES)


def _new(game: tabletop.Game) -> tabletop.State:
    return game.new_game(players=2, seed=1, deck=ORDER)


def test_a_card_played_goes_on_top_of_the_pile_and_is_logged(game: tabletop.Game) -> None:
    st = _new(game)
    events = st.play("play 2H")
    st.play("play AH")
    assert st.view(1)["pile"] == ["AH", "2H"]
    assert st.view(0)["hand"] == ["3H"]
    assert [e.text for e in events] == [{"en": "played 2H", "fr": "a joué 2H"}]
    assert events[0].seat == 0


def test_at_bottom_puts_it_under_the_pile(game: tabletop.Game) -> None:
    st = _new(game)
    st.play("play AH")
    st.play("under 3H")
    assert st.view(0)["pile"] == ["AH", "3H"]


def test_a_whole_hand_moved_to_a_row_keeps_its_order(game: tabletop.Game) -> None:
    st = _new(game)
    st.play("dump")
    assert st.view(1)["row"] == ["AH", "2H", "3H"]
    assert st.view(0)["hand"] == []


def test_a_card_given_to_the_other_seat_ends_its_hand(game: tabletop.Game) -> None:
    st = _new(game)
    st.play("give")
    assert st.view(1)["hand"] == ["4H", "5H", "6H", "AH"]
    assert st.view(0)["hand"] == ["2H", "3H"]


def test_several_cards_put_on_a_pile_keep_their_order(game: tabletop.Game) -> None:
    """The first named ends on top, as a packet of cards put down at once."""
    st = _new(game)
    st.play("sweep")
    assert st.view(0)["pile"] == ["AH", "3H"]
    assert st.view(0)["hand"] == ["2H"]
