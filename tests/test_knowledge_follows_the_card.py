"""What a seat saw of a card stays known where the card goes, until it is shuffled: a card you
gave face down, a card you put back under the pile. Views show it, ``knows()`` says so, and the
bots' worlds keep it where it is instead of dealing it again at random."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from helpers import interpreter_only, load_ruleset

import tabletop

RULES = """\
id: follow
name: {en: Follow, fr: Suivre}
players: {min: 2, max: 2}
cards: [{suits: [S], ranks: [2, 3, 4, 5, 6, 7, 8, 9]}]
zones:
  deck: {deck: true, visibility: hidden}
  hand: {visibility: owner, per_seat: true, order: row}
moves:
  - id: give
    notation: "give {card}"
    args: {card: {from: hand}}
    effects:
      - move: {what: card, to: "hand[opp]"}
      - end_turn: true
  - id: bury
    notation: "bury {card}"
    args: {card: {from: hand}}
    effects:
      - move: {what: card, to: deck, at: bottom}
      - end_turn: true
  - id: mix
    notation: mix
    effects:
      - shuffle: deck
      - end_turn: true
setup:
  - deal: {from: deck, to: hand, count: 2}
  - deal: {from: deck, to: "hand[opp]", count: 2}
end: [{if: "size(deck) == 0", outcome: done}]
outcomes: {done: {winners: "[0]", reason: {en: done, fr: fini}}}
view:
  hand: "hand.code"
  theirs: "hand[opp].code"
  deck: "deck.code"
  knows_3: "knows(me, filter(hand[opp] + deck + hand, it.code == '3S')[0])"
"""

DECK = ["2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S"]


@pytest.fixture(params=["generated", "interpreted"])
def game(request: pytest.FixtureRequest, tmp_path: Path) -> tabletop.Game:
    g = load_ruleset(tmp_path, RULES)
    return g if request.param == "generated" else interpreter_only(g)


def _new(game: tabletop.Game) -> tabletop.State:
    # Ana holds 2S 3S, Ben 4S 5S; the deck is 6S 7S 8S 9S
    return game.new_game(players=2, seed=1, deck=DECK, names=["Ana", "Ben"], first=0)


def test_a_card_given_face_down_is_still_known_to_its_giver(game: tabletop.Game) -> None:
    st = _new(game)
    assert st.view(0)["theirs"] == [None, None]
    st.play("give 3S")
    assert st.view(0)["theirs"] == [None, None, "3S"]  # Ana knows what she gave
    assert st.view(0)["knows_3"] is True
    assert st.view(1)["hand"] == ["4S", "5S", "3S"]
    for k in range(20):  # the bots' worlds keep it in Ben's hand
        world = st.determinize(0, random.Random(k))
        assert world.view(1)["hand"][2] == "3S"


def test_a_card_put_under_the_pile_is_known_there_until_it_is_shuffled(
        game: tabletop.Game) -> None:
    st = _new(game)
    st.play("bury 2S")
    assert st.view(0)["deck"] == [None, None, None, None, "2S"]
    assert st.view(1)["deck"] == [None] * 5  # Ben never saw it
    st.play("mix")
    assert st.view(0)["deck"] == [None] * 5  # shuffled: nobody knows where it lies


def test_an_undone_move_takes_back_what_it_taught(tmp_path: Path) -> None:
    broken = RULES.replace("      - move: {what: card, to: \"hand[opp]\"}\n",
                           "      - move: {what: card, to: \"hand[opp]\"}\n"
                           "      - set: {oops: \"1 / 0\"}\n")
    broken = broken.replace("setup:", "vars: {oops: {initial: 0}}\nsetup:")
    st = _new(load_ruleset(tmp_path, broken))
    with pytest.raises(tabletop.RulesetError):
        st.play("give 3S")
    assert st.view(0)["theirs"] == [None, None] and st.view(0)["hand"] == ["2S", "3S"]
    assert not st.known[0]
