"""sort(list), sort(list, key), sort(list, key, true) and range(from, to): the items in order
(of themselves or of a key, `it` each item; decreasing with a third argument true), and the
whole numbers from one to another, both ends included as a designer counts them."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import load_ruleset

import tabletop
from tabletop.errors import RulesetError

RULESET = """
id: sort-range-test
name: {en: Sort and range test}
players: {min: 1, max: 1}
cards:
  - {id: a, value: 3}
  - {id: b, value: 1}
  - {id: c, value: 2}
  - {id: d}
zones:
  hand: {visibility: public, deck: true}
moves:
  - id: pick
    notation: "pick"
    effects:
      - choose:
          var: n
          from: "range(1, size(hand))"
          notation: "take {choice}"
          prompt: {en: "How many?", fr: "Combien ?"}
      - log: {en: "took {n}", fr: "a pris {n}"}
end:
  - if: "false"
    outcome: done
outcomes:
  done: {winners: "[]", reason: done}
view:
  up: "sort(hand, it.value).code"
  down: "sort(hand, it.value, true).code"
  numbers: "sort([3, 1, 2, 1])"
  texts: "sort(['b', 'a', 'c'], it, true)"
  five: "range(1, 5)"
  tens: "map(range(1, 3), it * 10)"
  empty: "range(3, 1)"
  one: "range(2, 2)"
  outer: "filter(range(1, 4), count(sort(hand, it.value), true) > it)"
"""


def _game(tmp_path: Path) -> tabletop.Game:
    return load_ruleset(tmp_path, RULESET, "sort-range-test.yaml")


def test_sort_orders_by_itself_or_by_a_key(tmp_path: Path) -> None:
    view = _game(tmp_path).new_game(deck=["a", "b", "c", "d"]).view(None)
    assert view["numbers"] == [1, 1, 2, 3]
    assert view["up"] == ["b", "c", "a", "d"]  # d has no value: last
    assert view["down"] == ["a", "c", "b", "d"]  # decreasing, the null still last
    assert view["texts"] == ["c", "b", "a"]


def test_range_includes_both_ends(tmp_path: Path) -> None:
    view = _game(tmp_path).new_game(deck=["a", "b", "c", "d"]).view(None)
    assert view["five"] == [1, 2, 3, 4, 5]
    assert view["tens"] == [10, 20, 30]
    assert view["empty"] == [] and view["one"] == [2]
    assert view["outer"] == [1, 2, 3]  # the inner sort's it does not disturb the outer one


def test_range_lists_the_choices_of_a_move(tmp_path: Path) -> None:
    st = _game(tmp_path).new_game(deck=["a", "b", "c", "d"])
    st.play("pick")
    assert sorted(st.move_text(m, "en") for m in st.legal_moves()) == [
        "take 1", "take 2", "take 3", "take 4"]
    st.play("take 4")
    assert "took 4" in str(st.log[-1])


def test_sorting_cards_by_themselves_is_refused_in_a_sentence(tmp_path: Path) -> None:
    game = load_ruleset(tmp_path, RULESET.replace('"sort([3, 1, 2, 1])"', '"sort(hand)"'),
                        "sort-range-test.yaml")
    with pytest.raises(RulesetError) as err:
        game.new_game(deck=["a", "b", "c", "d"]).view(None)
    assert "sort(hand, it.rank)" in str(err.value) and "view.numbers" in str(err.value)
    assert "<a#0>" not in str(err.value)  # the cards by their codes
    assert "Traceback" not in str(err.value)
