"""Straight blocks: an if over steps that never ask, push a frame or end the game,
and a do of such a procedure, run in place; a mistake inside still names its own field and
undoes the move, and a question inside a branch still suspends the effects as before."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import load_ruleset

from tabletop import RulesetError
from tabletop.testing import replay

RULES = """\
id: straight
name: {en: Straight, fr: Droit}
players: {min: 1, max: 1}
cards: [{id: c1, value: 1}, {id: c2, value: 2}, {id: c3, value: 0}]
zones:
  pile: {deck: true, visibility: public}  # (cards are played from it by name)
  table: {visibility: public, order: row}
vars: {score: {initial: 0}, pick: {initial: null}}
procedures:
  scoring:
    - if: "card.value > 1"
      then:
        - add: {score: "10 / (card.value - 2)"}
      else:
        - add: {score: "card.value"}
    - log: {en: "score {score}", fr: "score {score}"}
  asking:
    - choose: {from: '["a", "b"]', var: answer, notation: "say {choice}", seat: me}
    - set: {pick: answer}
moves:
  - id: play
    notation: "play {card}"
    args: {card: {from: pile}}
    effects:
      - move: {what: card, to: table}
      - if: "card.value == 0"
        then:
          - do: asking
        else:
          - do: scoring
end: [{if: "size(table) == 3", outcome: done}]
outcomes: {done: {winners: "[0]", reason: {en: done, fr: fini}, score: score}}
view: {table: table.code, score: score, pick: pick}
"""


def test_straight_branches_run_in_place_and_the_game_replays(tmp_path: Path) -> None:
    g = load_ruleset(tmp_path, RULES)
    st = g.new_game(seed=1, deck=["c1", "c3", "c2"])
    events = st.play("play c1")
    assert st.view(0)["score"] == 1 and [e.text["en"] for e in events] == ["score 1"]
    st.play("play c3")  # a question inside a branch: the effects wait for the answer
    assert [m.text for m in st.legal_moves()] == ["say a", "say b"]
    st.play("say b")
    assert st.view(0)["pick"] == "b"
    assert replay(st).view(0) == st.view(0)


def test_a_mistake_in_a_branch_run_in_place_names_its_field(tmp_path: Path) -> None:
    st = load_ruleset(tmp_path, RULES).new_game(seed=1, deck=["c2", "c1", "c3"])
    with pytest.raises(RulesetError, match="division by zero") as info:
        st.play("play c2")
    assert info.value.field == "procedures.scoring.0.then.0"
    assert "was not played" in str(info.value)
    assert st.view(0) == {"table": [], "score": 0, "pick": None} and st.history == []
    assert [m.text for m in st.legal_moves()] == ["play c2", "play c1", "play c3"]
