"""A ruleset's mistakes never corrupt a game nor show a traceback: the move is undone and the
error names the field; malformed files are refused at load."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import load_ruleset

import tabletop
from tabletop import RulesetError
from tabletop.testing import replay

BASE = """\
id: robust
name: {en: Robust, fr: Robuste}
players: {min: 1, max: 3}
options:
  goal: {default: "3", values: ["3", "5"]}
cards: [{id: c1, value: 1}, {id: c2, value: 2}, {id: c3, value: 3}]
zones:
  pile: {deck: true, visibility: public}  # (cards are played from it by name)
  table: {visibility: public, order: row}
vars:
  score: {initial: 0}
  mode: {initial: "calm"}
  secret: {initial: 5, per_seat: true, visibility: owner}
procedures:
  again: [{do: again}]
moves:
  - id: play
    notation: "play {card}"
    args: {card: {from: pile}}
    effects:
      - move: {what: card, to: table}
      - add: {score: "card.value * 10 / (card.value - 1)"}
  - id: shout
    notation: shout
    effects: [{add: {mode: 1}}]
  - id: spin
    notation: spin
    effects: [{do: again}]
  - id: go
    notation: "go {dir}"
    args: {dir: {word: [North, South]}}
    require:
      - if: "score >= 100"
        why: {en: "you need 100 points to travel", fr: "il faut 100 points"}
    effects: []
end:
  - if: "size(table) == 3"
    outcome: done
outcomes:
  done: {winners: "[0]", reason: {en: done, fr: fini}, score: score}
view:
  table: table.code
  score: score
  mine: secret
"""


def game(tmp_path: Path, text: str = BASE) -> tabletop.Game:
    return load_ruleset(tmp_path, text, "robust.yaml")


def start(tmp_path: Path, text: str = BASE) -> tabletop.State:
    return game(tmp_path, text).new_game(seed=1, deck=["c1", "c2", "c3"])


def test_a_failing_effect_undoes_the_whole_move(tmp_path: Path) -> None:
    st = start(tmp_path)
    with pytest.raises(RulesetError, match="division by zero") as info:
        st.play("play c1")
    assert info.value.field == "moves.0.effects.1" and "was not played" in str(info.value)
    assert st.view(0)["table"] == [] and st.history == [] and st.legal_moves()
    st.play("play c2")  # the game goes on, and replays
    assert st.view(0)["score"] == 20
    assert replay(st).view(0) == st.view(0)


def test_a_python_type_error_becomes_a_ruleset_error(tmp_path: Path) -> None:
    st = start(tmp_path)
    with pytest.raises(RulesetError, match="TypeError") as info:
        st.play("shout")
    assert info.value.field == "moves.1.effects.0"
    assert st.view(0)["score"] == 0


def test_an_effect_loop_stops_with_a_sentence(tmp_path: Path) -> None:
    st = start(tmp_path)
    with pytest.raises(RulesetError, match="a loop in the ruleset"):
        st.play("spin")
    assert st.history == []


def test_a_failing_end_rule_is_found_when_the_game_starts(tmp_path: Path) -> None:
    text = BASE.replace('size(table) == 3', 'score >= option.goal')  # a number and a text
    with pytest.raises(RulesetError, match="while setting up the game") as info:
        start(tmp_path, text)
    assert info.value.field == "end.0"


def test_a_failing_move_listing_names_it(tmp_path: Path) -> None:
    text = BASE.replace("args: {card: {from: pile}}", 'args: {card: {from: "pile.value"}}')
    st = game(tmp_path, text).new_game(seed=1)
    with pytest.raises(RulesetError, match="while listing the legal moves"):
        st.legal_moves()


def test_words_are_read_in_any_case_in_the_reason(tmp_path: Path) -> None:
    st = start(tmp_path)
    with pytest.raises(tabletop.IllegalMoveError, match="you need 100 points to travel"):
        st.play("go North")


def test_the_public_view_shows_no_owner_var(tmp_path: Path) -> None:
    st = game(tmp_path).new_game(players=2, seed=1)
    assert st.view(0)["mine"] == 5 and st.view(None)["mine"] is None


def test_player_names_are_one_word_each_and_distinct(tmp_path: Path) -> None:
    g = game(tmp_path)
    with pytest.raises(tabletop.PlayerCountError, match="same name"):
        g.new_game(players=3, names=["Ann", "Bob", "bob"])
    with pytest.raises(tabletop.PlayerCountError, match="one word"):
        g.new_game(players=2, names=["Ann", "Bob Ray"])


@pytest.mark.parametrize(("old", "new", "says"), [
    ("  score: {initial: 0}", "  score: {initial: 0}\n  yes: {initial: 1}", "not a name"),
    ("    notation: shout", "    notation: '   '", "at least one word"),
    ("  score: {initial: 0}", "  score: {initial: 0}\n  phase: {initial: a, per_seat: true}",
     "cannot be per_seat"),
    ("  score: {initial: 0}", "  score: {initial: 0, visibility: owner}", "needs per_seat"),
    ("  score: score\n", "  score: \"" + "(" * 400 + "1" + ")" * 400 + "\"\n", "nested too deeply"),
])
def test_malformed_rulesets_are_refused_with_a_sentence(tmp_path: Path, old: str, new: str,
                                                        says: str) -> None:
    assert old in BASE
    with pytest.raises(RulesetError, match=says) as info:
        game(tmp_path, BASE.replace(old, new, 1))
    assert info.value.line is not None
