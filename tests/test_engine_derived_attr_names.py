"""A derived value may share its name with an attribute it reads (``goal: number(option.goal)``,
``points: sum(table, it.points)``): only a bare name refers to another derived value, so this is
no loop; a real loop is still refused."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import load_ruleset

import tabletop

RULESET = """
id: derived-attr-test
name: {en: Derived attribute test}
players: {min: 1, max: 1}
options:
  goal: {default: "3", values: ["3", "5"]}
cards:
  - {id: a, points: 2}
  - {id: b, points: 4}
zones:
  pile: {visibility: hidden, deck: true}
  table: {visibility: public}
derived:
  goal: "number(option.goal)"
  points: "sum(table, it.points)"
moves:
  - id: take
    notation: take
    effects:
      - deal: {from: pile, to: table, count: 1}
end:
  - if: "points >= goal"
    outcome: done
outcomes:
  done: {winners: "[0]", reason: "{points} points"}
view:
  goal: goal
  points: points
"""


def test_an_attribute_named_like_a_derived_value_is_no_loop(tmp_path: Path) -> None:
    game = load_ruleset(tmp_path, RULESET)
    st = game.new_game(seed=1, deck=["a", "b"], options={"goal": "5"})
    assert st.view(None) == {"goal": 5, "points": 0}
    st.play("take")
    assert not st.is_over and st.view(None)["points"] == 2
    st.play("take")
    assert st.is_over and st.outcome is not None and st.outcome.reason == "6 points"


def test_a_real_loop_is_still_refused(tmp_path: Path) -> None:
    bad = RULESET.replace('goal: "number(option.goal)"', 'goal: "points + 1"').replace(
        'points: "sum(table, it.points)"', 'points: "goal - 1"')
    with pytest.raises(tabletop.RulesetError, match="loop"):
        load_ruleset(tmp_path, bad)
