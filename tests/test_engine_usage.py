"""The move key `usage` (docs/yaml-reference.md): how a move is typed, said when its first word
comes with the wrong words."""

from __future__ import annotations

import pytest

import tabletop
from tabletop.errors import NotationError

RULESET = """
id: usage-demo
name: {en: Usage demo, fr: Démo}
players: {min: 2, max: 2}
cards: [{id: a, name: {en: A, fr: A}}]
zones: {deck: {visibility: hidden, deck: true}}
moves:
  - id: force
    notation: {en: force, fr: forcer}
    usage: {en: "type force alone, then answer whom", fr: "tapez forcer seul, puis répondez qui"}
    effects:
      - choose: {var: who, from: others(), of: seats, notation: "{choice}",
                 prompt: {en: "Whom?", fr: "Qui ?"}}
      - end_turn: true
  - id: pass
    notation: pass
    effects: [{end_turn: true}]
end:
  - {if: "turn > 3", outcome: over}
outcomes:
  over: {winners: "[]", reason: {en: over, fr: fini}}
view: {turn: turn}
"""


def test_a_move_typed_with_wrong_words_gets_its_usage(tmp_path) -> None:
    path = tmp_path / "usage-demo.yaml"
    path.write_text(RULESET, encoding="utf-8")
    st = tabletop.load(str(path)).new_game(players=2, seed=1)
    with pytest.raises(NotationError) as e:
        st.play("force P2")
    assert "type force alone, then answer whom" in str(e.value)
    assert "tapez forcer seul" in e.value.texts["fr"]  # type: ignore[attr-defined]
    with pytest.raises(NotationError) as e:  # a move without usage keeps the general sentence
        st.play("pass now")
    assert "write pass" in str(e.value)
    st.play("force")  # typed alone, the move is played (its one answer is taken for you)
    assert st.turn_seat == 1
