"""highest(list, expr) and lowest(list, expr): the item whose expr is highest or lowest."""

from __future__ import annotations

from pathlib import Path

from helpers import load_ruleset

RULES = """\
id: highlow
name: {en: Highest, fr: Plus haute}
players: {min: 1, max: 1}
cards: [{suits: [S, H], ranks: [2, 9, A]}, {id: joker}]
zones: {deck: {deck: true, visibility: hidden}, hand: {order: row}}
setup: [{deal: {from: deck, to: hand, count: 7}}]
moves:
  - id: play
    notation: "play {card}"
    args: {card: {from: hand, where: "it == highest(hand, it.value)"}}
    effects: [{move: {what: card, to: deck}}]
end: [{if: "size(hand) == 0", outcome: done}]
outcomes: {done: {winners: "[0]", reason: {en: done, fr: fini}}}
view:
  best: "highest(hand, it.value).code"
  worst: "lowest(hand, it.value).code"
  ace_low: "lowest(hand, 1 if it.rank == 'A' else it.value).code"
  none: "highest([], it)"
"""


def test_highest_and_lowest_pick_cards_by_a_value(tmp_path: Path) -> None:
    deck = ["9S", "AS", "2H", "AH", "joker", "2S", "9H"]
    st = load_ruleset(tmp_path, RULES).new_game(seed=1, deck=deck)
    v = st.view(0)
    # the first on a tie; the joker (no value) is left out
    assert v == {"best": "AS", "worst": "2H", "ace_low": "AS", "none": None}
    assert [m.text for m in st.legal_moves()] == ["play AS"]
    st.play("play AS")
    assert st.view(0)["best"] == "AH"
