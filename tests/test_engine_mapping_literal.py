"""A mapping literal in expressions: {"red": "R", "blue": "B"}[w]. Keys and values are
expressions; a missing key reads as null (the language is null-safe), so default() gives the
fallback."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import load_ruleset
from reference_examples import example

import tabletop
from tabletop.errors import ExpressionError, RulesetError

RULESET = """
id: mapping-test
name: {en: Mapping test}
players: {min: 1, max: 1}
cards:
  - {id: r1, colour: red, value: 1}
  - {id: b2, colour: blue, value: 2}
  - {id: g3, colour: green, value: 3}
zones:
  hand: {visibility: public, deck: true}
  table: {visibility: public}
vars:
  points: 0
moves:
  - id: play
    notation: "play {card}"
    args:
      card: {from: hand}
    effects:
      - add: {points: 'default({"red": 10, "blue": 20}[card.colour], 1)'}
      - log: {en: 'played {card}', fr: 'a joué {card}'}
      - move: {what: card, to: table}
end:
  - if: "size(hand) == 0"
    outcome: done
outcomes:
  done: {winners: "[]", reason: done}
view:
  points: "points"
  letters: 'map(hand, {"red": "R", "blue": "B"}[it.colour])'
  by_value: '{1: "one", 1 + 1: "two"}[size(hand) - 1]'
  empty: '{}["x"]'
  nested: '{"a": {"b": 7}}["a"]["b"]'
  list_key: '{"a": 1}[[1]]'
"""


def _game(tmp_path: Path) -> tabletop.Game:
    return load_ruleset(tmp_path, RULESET, "mapping-test.yaml")


def test_a_mapping_reads_a_value_by_its_key_and_null_for_a_missing_one(tmp_path: Path) -> None:
    view = _game(tmp_path).new_game(deck=["r1", "b2", "g3"]).view(None)
    assert view["letters"] == ["R", "B", None]  # green is not a key
    assert view["by_value"] == "two"  # keys are expressions too
    assert view["empty"] is None and view["list_key"] is None
    assert view["nested"] == 7


def test_a_mapping_in_effects(tmp_path: Path) -> None:
    st = _game(tmp_path).new_game(deck=["r1", "b2", "g3"])
    st.play("play b2")
    assert st.view(0)["points"] == 20
    st.play("play g3")
    assert st.view(0)["points"] == 21  # green is no key: default() gives 1
    st.play("play r1")
    assert st.view(0)["points"] == 31


def test_a_malformed_mapping_is_refused_in_a_sentence(tmp_path: Path) -> None:
    bad = RULESET.replace("""'map(hand, {"red": "R", "blue": "B"}[it.colour])'""",
                          """'{"red" "R"}["red"]'""")
    with pytest.raises(RulesetError) as err:
        load_ruleset(tmp_path, bad, "mapping-test.yaml")
    assert "view.letters" in str(err.value) and "':'" in str(err.value)


def test_a_list_as_a_key_is_refused_in_a_sentence(tmp_path: Path) -> None:
    bad = RULESET.replace("""'{"a": 1}[[1]]'""", """'{[1]: 1}[1]'""")
    with pytest.raises((RulesetError, ExpressionError)) as err:
        load_ruleset(tmp_path, bad, "mapping-test.yaml").new_game(
            deck=["r1", "b2", "g3"]).view(None)
    assert "mapping's key must be a single value" in str(err.value)


def test_the_reference_example_plays(tmp_path: Path) -> None:
    game = load_ruleset(tmp_path, example("Mappings"), "colour-letters.yaml")
    st = game.new_game(deck=["r1", "b2", "g3"])
    assert st.view(0)["letters"] == ["R", "B", "?"]
    st.play("play r1")
    assert st.view(0)["points"] == 10 and st.view(0)["letters"] == ["B", "?"]
    assert "left B?" in str(st.log[-1])
