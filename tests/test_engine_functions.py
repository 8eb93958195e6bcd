"""functions: rules with arguments (fits(card), beats(a, b)) called from any expression."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import load_ruleset

from tabletop import RulesetError

RULES = """\
id: funcs
name: {en: Functions, fr: Fonctions}
players: {min: 1, max: 1}
cards: [{suits: [S, H], ranks: [2, 3, 4, 5]}]
zones:
  deck: {deck: true, visibility: hidden}
  hand: {order: row}
  discard: {}
vars: {trump: {initial: H}}
functions:
  fits:
    args: [card]
    value: "card.suit == top(discard).suit or card.rank == top(discard).rank"
  beats:
    args: [a, b]
    value: "a.suit == b.suit and a.value > b.value or a.suit == trump and b.suit != trump"
  strongest:
    value: "highest(hand, count(hand, beats(first(hand), it)))"
setup:
  - deal: {from: deck, to: hand, count: 4}
  - move: {what: "top(deck)", to: discard}
moves:
  - id: discard
    notation: "discard {card}"
    args: {card: {from: hand, where: "fits(it)"}}
    effects: [{move: {what: card, to: discard}}]
end: [{if: "size(hand) == 0 or not any(hand, fits(it))", outcome: done}]
outcomes: {done: {winners: "[0]", reason: {en: done, fr: fini}}}
view:
  beats: "beats(first(hand), last(hand))"
  card: "card"
"""


def test_functions_are_called_with_their_arguments(tmp_path: Path) -> None:
    g = load_ruleset(tmp_path, RULES)
    st = g.new_game(seed=1, deck=["3S", "2H", "5S", "4S", "2S"])  # 2S is discarded
    assert [m.text for m in st.legal_moves()] == ["discard 3S", "discard 2H", "discard 5S",
                                                  "discard 4S"]
    assert st.view(0) == {"beats": False, "card": None}  # 3S does not beat 4S; no leak of card
    st.play("discard 2H")  # now hearts or a 2
    assert [m.text for m in st.legal_moves()] == []
    assert st.is_over


@pytest.mark.parametrize(("old", "new", "says"), [
    ("  fits:\n", "  size:\n", "already the name of a function"),
    ("    args: [a, b]\n", "    args: [a, a]\n", "two arguments have the same name"),
    ('where: "fits(it)"', 'where: "fits(it, it)"', r"fits\(\) takes 1 argument"),
])
def test_a_malformed_function_is_refused_at_load(tmp_path: Path, old: str, new: str,
                                                 says: str) -> None:
    with pytest.raises(RulesetError, match=says):
        load_ruleset(tmp_path, RULES.replace(old, new, 1))


def test_a_function_calling_itself_without_end_is_one_sentence(tmp_path: Path) -> None:
    text = RULES.replace('value: "highest(hand, count(hand, beats(first(hand), it)))"',
                         'value: "strongest()"').replace('  card: "card"', '  card: strongest()')
    st = load_ruleset(tmp_path, text).new_game(seed=1)
    with pytest.raises(RulesetError, match="calls itself without end"):
        st.view(0)
