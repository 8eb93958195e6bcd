"""Marks: what a seat is told of a card (a clue: "this card is red") stays attached to the
card, for that seat or for all, until the card is shuffled. ``marks(card)`` reads them, views
show them, and the bots' worlds deal only cards that agree with them."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from helpers import load_ruleset

import tabletop

RULES = """\
id: clues
name: {en: Clues, fr: Indices}
players: {min: 2, max: 2}
cards: [{suits: [H, S], ranks: [2, 3, 4, 5, 6]}]
zones:
  deck: {deck: true, visibility: hidden}
  hand: {visibility: others, per_seat: true, order: row}
  table: {visibility: public, order: row}
moves:
  - id: clue
    notation: "clue hearts"
    effects:
      - mark: {card: "filter(hand[opp], it.suit == 'H')", what: {suit: "'H'"}}
      - end_turn: true
  - id: peek
    notation: peek
    effects:
      - mark: {card: "first(hand[opp])", seats: "[me]", what: {rank: "first(hand[opp]).rank"}}
      - end_turn: true
  - id: note
    notation: note
    effects:
      - mark: {card: "hand[opp]", what: {old: true}}
      - end_turn: true
  - id: play
    notation: "play {card}"
    args: {card: {from: hand}}
    effects:
      - move: {what: card, to: table}
      - end_turn: true
  - id: back
    notation: back
    effects:
      - move: {what: hand, to: deck}
      - shuffle: deck
      - end_turn: true
setup:
  - deal: {from: deck, to: hand, count: 3}
  - deal: {from: deck, to: "hand[opp]", count: 3}
end: [{if: "size(table) == 4", outcome: done}]
outcomes: {done: {winners: "[0]", reason: {en: done, fr: fini}}}
view:
  mine: "marks_in('hand')"
  theirs: "marks_in('hand', opp)"
  theirs_by_card: "map(hand[opp], marks(it))"
  told_them: "map(hand[opp], marks(it, opp))"
"""

# Ana holds 2H 2S 3H, Ben holds 3S 4H 4S; the deck 5H 5S 6H 6S
DECK = ["2H", "2S", "3H", "3S", "4H", "4S", "5H", "5S", "6H", "6S"]


def _new(tmp_path: Path, text: str = RULES) -> tabletop.State:
    return load_ruleset(tmp_path, text).new_game(players=2, seed=1, deck=DECK,
                                                 names=["Ana", "Ben"], first=0)


def test_a_clue_marks_the_cards_for_every_seat(tmp_path: Path) -> None:
    st = _new(tmp_path)
    st.play("clue hearts")  # Ana tells Ben which of his cards are hearts: 4H
    assert st.view(1)["mine"] == [{}, {"suit": "H"}, {}]
    assert st.view(0)["theirs"] == st.view(0)["theirs_by_card"] == [{}, {"suit": "H"}, {}]
    # told to the whole table: the shared screen (its "me" is Ben, whose turn it is) shows it
    assert st.view(None)["mine"] == [{}, {"suit": "H"}, {}]


def test_the_bots_worlds_agree_with_the_marks(tmp_path: Path) -> None:
    st = _new(tmp_path)
    st.play("clue hearts")
    seen_there, seen_elsewhere = set(), set()
    for k in range(40):
        world = st.determinize(1, random.Random(k))
        hand = world.view(0)["theirs"]  # Ana sees Ben's hand: the world's cards there
        codes = [world.spec.cards[u].code for u in world.zones["hand/1"]]
        assert world.spec.cards[world.zones["hand/1"][1]].suit == "H"  # the heart stays a heart
        assert hand[1] == {"suit": "H"}  # and its mark stays with its place
        seen_there.add(codes[1])
        seen_elsewhere.update(codes[0::2])
    assert len(seen_there) > 2  # any heart Ben cannot rule out
    assert any(c.endswith("S") for c in seen_elsewhere)


def test_a_mark_for_one_seat_is_shown_to_it_alone(tmp_path: Path) -> None:
    st = _new(tmp_path)
    st.play("peek")  # Ana is told the rank of Ben's first card (3S), for herself
    assert st.view(0)["theirs"][0] == {"rank": "3"}
    assert st.view(1)["mine"][0] == {}  # Ben was not told: his marks show nothing
    assert st.view(1)["told_them"] == [{}, {}, {}]  # nor what Ana was told


def test_a_note_is_kept_and_never_checked_against_the_card(tmp_path: Path) -> None:
    st = _new(tmp_path)
    st.play("note")
    assert st.view(1)["mine"] == [{"old": True}] * 3
    for k in range(5):
        st.determinize(1, random.Random(k))  # a note constrains no world


def test_a_false_fact_is_refused_in_a_sentence_naming_the_step(tmp_path: Path) -> None:
    liar = RULES.replace("what: {suit: \"'H'\"}", "what: {suit: \"'S'\"}")
    st = _new(tmp_path, liar)
    with pytest.raises(tabletop.RulesetError, match="must say it truly") as e:
        st.play("clue hearts")
    assert "moves" in str(e.value) and st.view(1)["mine"] == [{}, {}, {}]  # undone


def test_a_shuffle_forgets_the_marks(tmp_path: Path) -> None:
    st = _new(tmp_path)
    st.play("clue hearts")
    st.play("back")  # Ben puts his hand back into the deck and shuffles it
    assert not st.marks


def test_marks_are_kept_in_a_save(tmp_path: Path) -> None:
    game = load_ruleset(tmp_path, RULES)
    st = game.new_game(players=2, seed=1, deck=DECK, first=0)
    st.play("clue hearts")
    back = tabletop.restore(st.to_json())
    assert back.view(1)["mine"] == [{}, {"suit": "H"}, {}]


@pytest.mark.parametrize(("what", "message"), [
    ("      - mark: {card: \"hand[opp]\", what: {}}", "at least one name"),
    ("      - mark: {card: \"hand[opp]\", seats: 9, what: {old: true}}", "not a seat"),
])
def test_a_bad_mark_is_one_sentence(tmp_path: Path, what: str, message: str) -> None:
    text = RULES.replace("      - mark: {card: \"hand[opp]\", what: {old: true}}", what)
    assert text != RULES
    try:
        st = _new(tmp_path, text)
        st.play("note")
    except tabletop.RulesetError as e:
        assert message in str(e)
    else:
        raise AssertionError("no error")
