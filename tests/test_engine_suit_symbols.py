"""Suits as values: typed answers take suit symbols (♣ as well as c), and symbol() shows a suit
or a card with its symbol."""

from __future__ import annotations

from pathlib import Path

from helpers import load_ruleset

RULES = """\
id: suits
name: {en: Suits, fr: Couleurs}
players: {min: 1, max: 1}
cards: [{suits: [S, H, D, C], ranks: [10]}]
zones: {deck: {deck: true, visibility: hidden}, table: {}}
vars: {trump: {initial: null}}
moves:
  - id: call
    notation: call
    effects:
      - choose: {var: suit, from: '["S", "H", "D", "C"]', notation: "trump {choice}"}
      - set: {trump: suit}
      - move: {what: "top(deck)", to: table}
      - log: {en: "trumps are {symbol(trump)}; {symbol(top(table))} is laid",
              fr: "l'atout est {symbol(trump)} ; {symbol(top(table))} est posée"}
end: [{if: "trump != null", outcome: done}]
outcomes: {done: {winners: "[0]", reason: {en: done, fr: fini}}}
view:
  trump: symbol(trump)
  table: symbol(table.code)
"""


def test_a_suit_is_typed_as_its_symbol_and_shown_as_one(tmp_path: Path) -> None:
    st = load_ruleset(tmp_path, RULES).new_game(seed=1, deck=["10H", "10S"])
    st.play("call")
    assert [m.text for m in st.legal_moves()] == ["trump S", "trump H", "trump D", "trump C"]
    st.play("trump ♣")
    assert st.view(0) == {"trump": "♣", "table": ["10♥"]}
    assert st.log[-2].text["en"] == "trumps are ♣; 10♥ is laid"


def test_letters_still_work(tmp_path: Path) -> None:
    st = load_ruleset(tmp_path, RULES).new_game(seed=1, deck=["10H", "10S"])
    st.play("call")
    st.play("TRUMP d")
    assert st.view(0)["trump"] == "♦"
