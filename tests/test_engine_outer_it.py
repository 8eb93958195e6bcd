"""`name -> expr` as a per-item argument names the item, so that an inner function's `it`
does not hide it: filter(hand, c -> count(table, it.level == c.level) > 0)."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import load_ruleset

import tabletop
from tabletop.errors import RulesetError
from tabletop.lang import expr

RULESET = """
id: outer-it-test
name: {en: Outer it test}
players: {min: 1, max: 1}
cards:
  - {id: a3, level: 3}
  - {id: b5, level: 5}
  - {id: c3, level: 3}
  - {id: d7, level: 7}
zones:
  hand: {visibility: public, deck: true}
  table: {visibility: public}
setup:
  - deal: {from: hand, to: table, count: 2}
moves:
  - id: pair
    notation: "pair {card}"
    args:
      card: {from: "filter(hand, c -> any(table, it.level == c.level))"}
    effects:
      - move: {what: card, to: table}
      - log: {en: "paired {card}", fr: "apparie {card}"}
end:
  - if: "false"
    outcome: done
outcomes:
  done: {winners: "[]", reason: done}
view:
  matched: "filter(hand, c -> any(table, it.level == c.level)).code"
  counts: "map(hand, c -> count(hand, it.level < c.level))"
  shadow: "map(hand, count(hand, it.level < it.level))"
  numbers: "map([1, 2, 3], n -> sum(range(1, n), it * n))"
  sorted: "sort(hand, c -> count(hand, it.level > c.level)).code"
  nested: "map([1, 2], a -> map([10, 20], b -> a + b + count([5], it > a)))"
"""


def _game(tmp_path: Path) -> tabletop.Game:
    return load_ruleset(tmp_path, RULESET, "outer-it-test.yaml")


def test_the_named_item_is_seen_inside_an_inner_loop(tmp_path: Path) -> None:
    st = _game(tmp_path).new_game(deck=["a3", "b5", "c3", "d7"])
    view = st.view(0)
    assert view["matched"] == ["c3"]  # a3 and b5 went to the table; c3 shares a level
    assert view["counts"] == [0, 1]  # c3: none lower; d7: c3 is lower
    assert view["shadow"] == [0, 0]  # the inner it hides the outer one (as before)
    assert view["numbers"] == [1, 6, 18]  # 1*1; (1+2)*2; (1+2+3)*3
    assert view["sorted"] == ["d7", "c3"]  # by the number of higher cards
    assert view["nested"] == [[12, 22], [13, 23]]


def test_the_named_item_in_a_move_argument(tmp_path: Path) -> None:
    st = _game(tmp_path).new_game(deck=["a3", "b5", "c3", "d7"])
    assert [st.move_text(m, "en") for m in st.legal_moves()] == ["pair c3"]
    st.play("pair c3")
    assert st.legal_moves() == []


@pytest.mark.parametrize(("written", "said"), [
    ("map(hand, it -> it.level)", "cannot name an item"),
    ("map(hand, hand -> 1)", "cannot name an item"),
    ("size(c -> 1)", "names the item of a per-item argument"),
    ("top(hand, c -> 1)", "names the item of a per-item argument"),
])
def test_a_misplaced_name_is_refused_in_a_sentence(tmp_path: Path, written: str,
                                                   said: str) -> None:
    bad = RULESET.replace('"map([1, 2, 3], n -> sum(range(1, n), it * n))"', f'"{written}"')
    with pytest.raises(RulesetError) as err:
        load_ruleset(tmp_path, bad, "outer-it-test.yaml")
    assert said in str(err.value) and "view.numbers" in str(err.value)


def test_the_closures_give_the_same_values(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                           ) -> None:
    generated = _game(tmp_path).new_game(deck=["a3", "b5", "c3", "d7"]).view(0)

    def refuse(*_args: object, **_kw: object) -> str:
        raise ValueError("no generated code")

    monkeypatch.setattr(expr, "generate_source", refuse)
    closures = _game(tmp_path).new_game(deck=["a3", "b5", "c3", "d7"]).view(0)
    assert closures == generated and closures["nested"] == [[12, 22], [13, 23]]
