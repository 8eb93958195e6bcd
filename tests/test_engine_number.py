"""number(x): a whole number from a number or from text (an option value, a word argument),
None for anything else; and word arguments whose words are digits, read with number()."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import load_ruleset

import tabletop

RULESET = """
id: number-test
name: {en: Number test}
players: {min: 1, max: 1}
options:
  goal: {default: "3", values: ["2", "3", "10"]}
cards:
  - {id: a}
  - {id: b}
  - {id: c}
zones:
  pile: {visibility: hidden, deck: true}
  taken: {visibility: public, order: row}
moves:
  - id: take
    notation: "take {n}"
    args:
      n: {word: ["1", "2", "3", "4"], where: "number(it) <= size(pile)",
          why: "only {size(pile)} cards are left"}
    effects:
      - move: {what: "pile[number(n) - 1]", to: taken}
end:
  - if: "size(taken) >= number(option.goal)"
    outcome: done
outcomes:
  done: {winners: "[0]", reason: done}
view:
  goal: "number(option.goal)"
  taken: taken.code
  texts: '[number("7"), number(" -2 "), number("+4"), number(5), number(true)]'
  nothing: '[number("x"), number(""), number(null), number([1])]'
  doubled: "number(option.goal) * 2"
"""


def _game(tmp_path: Path) -> tabletop.Game:
    return load_ruleset(tmp_path, RULESET, "number-test.yaml")


def test_number_reads_text_and_numbers(tmp_path: Path) -> None:
    v = _game(tmp_path).new_game(seed=1).view(None)
    assert v["texts"] == [7, -2, 4, 5, 1]
    assert v["nothing"] == [None, None, None, None]
    assert v["goal"] == 3 and v["doubled"] == 6


def test_number_makes_an_option_comparable(tmp_path: Path) -> None:
    st = _game(tmp_path).new_game(seed=1, deck=["a", "b", "c"], options={"goal": "2"})
    st.play("take 1")
    assert not st.is_over
    st.play("take 1")
    assert st.is_over


def test_digit_words_pick_a_position(tmp_path: Path) -> None:
    st = _game(tmp_path).new_game(seed=1, deck=["a", "b", "c"])
    assert [m.text for m in st.legal_moves()] == ["take 1", "take 2", "take 3"]
    st.play("take 2")
    assert st.view(None)["taken"] == ["b"]
    with pytest.raises(tabletop.IllegalMoveError, match="only 2 cards are left"):
        st.play("take 3")
    st.play("take 2")
    assert st.view(None)["taken"] == ["b", "c"]
