"""numbers: {from: 3, to: 35}: one card per number, both ends included, its code the prefix
and the number, its value the number, the entry's other keys on each."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import load_ruleset
from reference_examples import example

import tabletop
from tabletop.errors import RulesetError

HEAD = """
id: numbered-test
name: {en: Numbered test}
players: {min: 1, max: 1}
"""
TAIL = """
zones:
  deck: {visibility: hidden, deck: true}
  table: {visibility: public}
moves:
  - id: play
    notation: "play"
    effects:
      - move: {what: "top(deck)", to: table}
      - log: {en: "played {top(table)} worth {top(table).value}", fr: "joue {top(table)}"}
end:
  - if: "size(deck) == 0"
    outcome: done
outcomes:
  done: {winners: "[]", reason: done}
view:
  codes: "table.code"
  deadly: "map(table, default(it.deadly, false))"
  total: "sum(table, it.value)"
"""


def _game(tmp_path: Path, cards: str) -> tabletop.Game:
    return load_ruleset(tmp_path, HEAD + cards + TAIL, "numbered-test.yaml")


def test_the_reference_entry_makes_one_card_per_number(tmp_path: Path) -> None:
    game = _game(tmp_path, example("Numbered cards: `numbers`"))
    st = game.new_game(deck=["8", "x3", "1", "x3"])
    for _ in range(4):
        st.play("play")
    view = st.view(0)
    assert view["codes"] == ["x3", "1", "x3", "8"]  # the top first
    assert view["total"] == 15 and view["deadly"] == [True, False, True, False]
    assert any("played 8 worth 8" in str(x) for x in st.log)


def test_the_counts_of_the_entry(tmp_path: Path) -> None:
    st = _game(tmp_path, example("Numbered cards: `numbers`")).new_game(seed=1)
    for _ in range(14):  # 8 clues, 3 traps twice
        st.play("play")
    codes = st.view(0)["codes"]
    assert sorted(codes) == sorted([str(n) for n in range(1, 9)] + ["x3", "x4", "x5"] * 2)
    assert st.legal_moves() == []
    with pytest.raises(tabletop.DeckError):
        _game(tmp_path, example("Numbered cards: `numbers`")).new_game(deck=["9"])


@pytest.mark.parametrize(("entry", "said"), [
    ("{numbers: {from: 5, to: 3}}", "cards.0.numbers"),
    ("{numbers: {from: 1, to: 3}, id: c}", "cards.0.id"),
    ("{numbers: {from: 1, to: 3}, value: 2}", "cards.0.value"),
    ("{numbers: {from: 1}}", "cards.0.numbers"),
    ("{numbers: {from: 1, to: 3, step: 2}}", "cards.0.numbers"),
])
def test_a_malformed_entry_is_refused_in_a_sentence(tmp_path: Path, entry: str,
                                                    said: str) -> None:
    with pytest.raises(RulesetError) as err:
        _game(tmp_path, f"cards:\n  - {entry}\n")
    assert said in str(err.value)
