"""A malformed ruleset fails at load with its file, line and field, in one sentence."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import load_ruleset

import tabletop
from tabletop import RulesetError, UnknownGameError

GOOD = """\
id: tiny
name: {en: Tiny, fr: Minuscule}
players: {min: 1, max: 2}
cards:
  - {id: a, value: 1}
  - {id: b, value: 2}
zones:
  pile: {deck: true, visibility: hidden}
  table: {visibility: public}
vars:
  points: {initial: 0}
moves:
  - id: take
    notation: "take"
    effects:
      - deal: {from: pile, to: table, count: 1}
      - add: {points: "first(table).value"}
end:
  - if: "size(pile) == 0"
    outcome: done
outcomes:
  done: {winners: "[0]", reason: {en: done, fr: fini}, score: points}
view:
  points: points
"""


def load_text(tmp_path: Path, text: str) -> tabletop.Game:
    return load_ruleset(tmp_path, text, "tiny.yaml")


def broken(tmp_path: Path, old: str, new: str) -> RulesetError:
    assert old in GOOD
    with pytest.raises(RulesetError) as info:
        load_text(tmp_path, GOOD.replace(old, new))
    return info.value


def test_the_good_file_loads_and_plays(tmp_path: Path) -> None:
    st = load_text(tmp_path, GOOD).new_game(seed=1)
    st.play("take")
    st.play("take")
    assert st.outcome is not None and st.outcome.scores == (3,)


@pytest.mark.parametrize(("old", "new", "line", "field", "says"), [
    ("players: {min: 1, max: 2}", "players: {min: 1, max: 2, maxi: 3}", 3, "players.maxi",
     "unknown key 'maxi'"),
    ("  - {id: b, value: 2}", "  - {id: b, value: two}", 6, "cards.1.value",
     "expected a whole number"),
    ("      - add: {points: \"first(table).value\"}", "      - add: {score: \"1\"}", 17,
     "moves.0.effects.1.add.score", "unknown var 'score'"),
    ("      - deal: {from: pile, to: table, count: 1}",
     "      - deal: {from: pile, to: tabel, count: 1}", 16, "moves.0.effects.0.deal.to",
     "unknown zone 'tabel'"),
    ("  - if: \"size(pile) == 0\"", "  - if: \"size(pile) === 0\"", 19, "end.0.if",
     "unexpected character '=' at column 14"),
    ("  - if: \"size(pile) == 0\"", "  - if: \"length(pile) == 0\"", 19, "end.0.if",
     "unknown function 'length'"),
    ("vars:\n  points: {initial: 0}", "vars:\n  points: {initial: 0}\n  table: {initial: 1}", 12,
     "vars.table", "both a zone and a var"),
    ("    notation: \"take\"", "    notation: \"take {card}\"", 14, "moves.0.notation",
     "exactly the move's args"),
    ("view:\n  points: points", "derived: {a: b, b: a}\nview:\n  points: points", 23,
     "derived.a", "loop: a -> b -> a"),
])
def test_a_mistake_is_reported_with_line_and_field(tmp_path: Path, old: str, new: str,
                                                   line: int, field: str, says: str) -> None:
    err = broken(tmp_path, old, new)
    assert err.line == line
    assert err.field == field
    assert says in str(err)
    assert str(err).startswith(str(tmp_path / "tiny.yaml"))


def test_missing_required_field(tmp_path: Path) -> None:
    err = broken(tmp_path, "view:\n  points: points\n", "")
    assert "missing required field 'view'" in str(err)


def test_not_yaml_at_all(tmp_path: Path) -> None:
    err = broken(tmp_path, "players: {min: 1, max: 2}", "players: {min: 1, max: 2")
    assert "not valid YAML" in str(err) and err.line is not None


def test_yes_as_an_option_value_must_be_quoted(tmp_path: Path) -> None:
    err = broken(tmp_path, "vars:", "options:\n  fast: {default: no, values: [yes, no]}\nvars:")
    assert "quoted text" in str(err)


def test_option_values_match_whatever_the_case(tmp_path: Path) -> None:
    game = load_text(tmp_path, GOOD.replace(
        "vars:", "options:\n  mode: {default: Calm, values: [Calm, Wild]}\nvars:"))
    assert game.new_game(options={"mode": "wild"}).options["mode"] == "Wild"


def test_a_missing_file_and_an_unknown_game(tmp_path: Path) -> None:
    with pytest.raises(UnknownGameError, match="no ruleset file at"):
        tabletop.load(tmp_path / "nothing.yaml")
    with pytest.raises(UnknownGameError, match="`tabletop list` shows the games"):
        tabletop.load("chess")


def test_rulesets_are_data_not_code(tmp_path: Path) -> None:
    err = broken(tmp_path, "  - {id: a, value: 1}", "  - !!python/object/apply:os.system [echo]")
    assert "not valid YAML" in str(err)


ONLY = GOOD.replace("  - {id: b, value: 2}", "  - {id: b, value: 2, only: {size: big}}").replace(
    "vars:", "options:\n  size: {default: small, values: [small, big]}\nvars:")


def test_a_card_only_in_the_game_under_an_option(tmp_path: Path) -> None:
    """`only: {option: value}`: the card is in the game only under that option; a stacked deck
    naming it under another value is a DeckError naming the card and the option."""
    game = load_text(tmp_path, ONLY)
    assert game.new_game(seed=1).view(0)["points"] == 0
    small = game.new_game(seed=1)
    small.play("take")
    assert small.outcome is not None and small.outcome.scores == (1,)  # b is out: one card
    big = game.new_game(seed=1, options={"size": "big"}, deck=["a", "b"])
    big.play("take")
    big.play("take")
    assert big.outcome is not None and big.outcome.scores == (3,)
    with pytest.raises(tabletop.DeckError) as e:
        game.new_game(seed=1, deck=["a", "b"])
    assert "b is not in Tiny with option size=small" in str(e.value)
    assert "l'option size=small" in e.value.texts["fr"]


@pytest.mark.parametrize(("only", "says"), [("{sise: big}", "does not have"),
                                            ("{size: huge}", "no value 'huge'")])
def test_only_names_an_option_and_its_values(tmp_path: Path, only: str, says: str) -> None:
    with pytest.raises(RulesetError) as e:
        load_text(tmp_path, ONLY.replace("only: {size: big}", f"only: {only}"))
    assert says in str(e.value) and e.value.field.startswith("cards.1.only")
