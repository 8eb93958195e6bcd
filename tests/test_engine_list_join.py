"""``+`` joins two lists into a new list (a var can keep a growing record, such as the codes
of the cards flipped this turn); numbers still add, and a list plus a number is an error."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import load_ruleset

import tabletop

RULESET = """
id: join-test
name: {en: Join test}
players: {min: 1, max: 1}
cards:
  - {id: a}
  - {id: b}
zones:
  pile: {visibility: hidden, deck: true}
  seen: {visibility: public}
vars:
  record: {initial: null}
setup:
  - set: {record: "[]"}
moves:
  - id: draw
    notation: draw
    require:
      - {if: "size(pile) > 0", why: "the pile is empty"}
    effects:
      - let: {card: "top(pile)"}
      - move: {what: card, to: seen}
      - set: {record: "record + [card.code]"}
  - id: back
    notation: back
    require:
      - {if: "size(seen) > 0", why: "nothing to put back"}
    effects:
      - move: {what: seen, to: pile}
end:
  - if: "size(record) >= 4"
    outcome: done
outcomes:
  done: {winners: "[0]", reason: done}
view:
  record: record
  joined: "[1, 2] + [3] + []"
  sum: "1 + 2"
"""


def _game(tmp_path: Path) -> tabletop.Game:
    return load_ruleset(tmp_path, RULESET, "join-test.yaml")


def test_plus_joins_lists_and_adds_numbers(tmp_path: Path) -> None:
    v = _game(tmp_path).new_game(seed=1).view(None)
    assert v["joined"] == [1, 2, 3] and v["sum"] == 3


def test_a_record_keeps_growing_even_when_cards_come_back(tmp_path: Path) -> None:
    st = _game(tmp_path).new_game(seed=1, deck=["a", "b"])
    st.play("draw")
    st.play("draw")
    st.play("back")
    st.play("draw")
    assert st.view(None)["record"] == ["a", "b", "b"]
    again = tabletop.restore(st.to_json())
    assert again.view(None)["record"] == ["a", "b", "b"]
    first = st.copy()
    st.play("draw")
    assert st.is_over
    assert first.view(None)["record"] == ["a", "b", "b"]  # the copy's list is its own


def test_a_list_plus_a_number_is_an_error(tmp_path: Path) -> None:
    bad = RULESET.replace('sum: "1 + 2"', 'sum: "[1] + 2"')
    st = load_ruleset(tmp_path, bad, "join-test.yaml").new_game(seed=1)
    with pytest.raises(tabletop.RulesetError, match="expected a number") as info:
        st.view(None)
    assert info.value.field == "view.sum"
