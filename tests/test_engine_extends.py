"""extends: a ruleset built on another. Keys replace the base's, mapping keys merge entry by
entry, errors name the file of the faulty field, loops and missing bases are refused."""

from __future__ import annotations

from pathlib import Path

import pytest

import tabletop

BASE = """
id: base-game
name: {en: Base game, fr: Jeu de base}
players: {min: 2, max: 2}
options:
  goal: {default: "3", values: ["3", "5"], help: {en: goal, fr: but}}
cards:
  - {id: one, count: 3, value: 1}
zones:
  pile: {visibility: hidden, deck: true}
  hand: {visibility: owner, per_seat: true, order: row}
vars:
  score: {initial: 0, per_seat: true}
setup:
  - for_each: {in: seats(), var: p, do: [{deal: {from: pile, to: "hand[p]", count: 1}}]}
moves:
  - id: play
    notation: "play {card}"
    args:
      card: {from: hand}
    effects:
      - add: {score: "card.value * bonus"}
      - move: {what: card, to: pile, at: bottom}
      - deal: {from: pile, to: hand, count: 1}
      - end_turn: true
derived:
  bonus: "1"
end:
  - if: "any(seats(), score[it] >= number(option.goal))"
    outcome: done
outcomes:
  done:
    winners: "filter(seats(), score[it] >= number(option.goal))"
    reason: {en: done, fr: fini}
    score: score
view:
  hand: hand.code
  score: "map(seats(), score[it])"
"""

CHILD = """
extends: base-game
id: child-game
name: {en: Child game, fr: Jeu dérivé}
options:
  double: {default: "no", values: ["no", "yes"], help: {en: double, fr: double}}
cards:
  - {id: two, count: 3, value: 2}
derived:
  bonus: '2 if option.double == "yes" else 1'
"""


def write(tmp_path: Path, name: str, text: str) -> Path:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


def test_the_child_plays_by_the_base_rules_with_its_own_cards_and_options(tmp_path):
    write(tmp_path, "base-game.yaml", BASE)
    child = tabletop.load(write(tmp_path, "child-game.yaml", CHILD))
    assert child.id == "child-game" and child.name == "Child game"
    assert [c.code for c in child.spec.cards] == ["two", "two", "two"]
    assert list(child.spec.options) == ["goal", "double"]  # merged: the base's and its own
    st = child.new_game(players=2, seed=1, first=0, options={"double": "yes", "goal": "5"})
    st.play("play two")  # the base's move, the child's card and derived value
    assert st.view(0)["score"] == [4, 0]
    again = tabletop.restore(st.to_json())  # a save of the child restores the child
    assert again.spec.id == "child-game" and again.view(0) == st.view(0)
    base = tabletop.load(tmp_path / "base-game.yaml")
    assert [c.code for c in base.spec.cards] == ["one"] * 3  # the base is unchanged


def test_a_path_may_name_the_base(tmp_path):
    (tmp_path / "lib").mkdir()
    write(tmp_path / "lib", "core.yaml", BASE)
    child = tabletop.load(write(tmp_path, "child-game.yaml",
                                CHILD.replace("extends: base-game", "extends: lib/core.yaml")))
    assert child.id == "child-game"


def test_an_error_in_a_field_from_the_base_names_the_base_file(tmp_path):
    write(tmp_path, "base-game.yaml", BASE.replace("card.value * bonus", "card.value * bonnus"))
    with pytest.raises(tabletop.RulesetError) as e:
        tabletop.load(write(tmp_path, "child-game.yaml", CHILD))
    assert "base-game.yaml" in str(e.value) and "bonnus" in str(e.value)
    write(tmp_path, "base-game.yaml", BASE)
    with pytest.raises(tabletop.RulesetError) as e:
        tabletop.load(write(tmp_path, "child-game.yaml",
                            CHILD.replace("value: 2}", "value: two}")))
    assert "child-game.yaml" in str(e.value) and "line" in str(e.value)


@pytest.mark.parametrize("extends,message", [
    ("extends: nowhere", "no ruleset 'nowhere' to extend"),
    ("extends: child-game", "loops back"),
    ("extends: [a]", "takes the id of a ruleset"),
])
def test_bad_bases_are_refused(tmp_path, extends, message):
    write(tmp_path, "base-game.yaml", BASE)
    with pytest.raises(tabletop.RulesetError, match=message):
        tabletop.load(write(tmp_path, "child-game.yaml",
                            CHILD.replace("extends: base-game", extends)))


def test_a_loop_between_two_files_is_refused(tmp_path):
    write(tmp_path, "base-game.yaml", "extends: child-game\n" + BASE)
    with pytest.raises(tabletop.RulesetError, match="loops back"):
        tabletop.load(write(tmp_path, "child-game.yaml", CHILD))


def test_the_child_needs_its_own_id(tmp_path):
    write(tmp_path, "base-game.yaml", BASE)
    with pytest.raises(tabletop.RulesetError, match="its own id"):
        tabletop.load(write(tmp_path, "child-game.yaml", CHILD.replace("id: child-game\n", "")))
