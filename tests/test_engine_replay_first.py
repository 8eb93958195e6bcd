"""replay() starts the game again exactly as it was started: a first seat forced with
new_game(first=...) is forced again (and survives save -> restore), and a first seat drawn
at random is drawn again, so the shuffles that follow come out the same."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import load_ruleset

import tabletop
from tabletop.testing import replay

RULESET = """
id: replay-first-test
name: {en: Replay first test}
players: {min: 2, max: 2}
first_player: random
cards:
  - {id: a}
  - {id: b}
  - {id: c}
  - {id: d}
  - {id: e}
zones:
  pile: {visibility: hidden, deck: true}
  seen: {visibility: public, order: row}
moves:
  - id: draw
    notation: draw
    effects:
      - shuffle: pile
      - move: {what: "top(pile)", to: seen}
      - end_turn: true
end:
  - if: "size(pile) == 0"
    outcome: done
outcomes:
  done: {winners: "[0]", reason: done}
view:
  seen: seen.code
"""


def _game(tmp_path: Path) -> tabletop.Game:
    return load_ruleset(tmp_path, RULESET, "replay-first-test.yaml")


@pytest.mark.parametrize("first", [None, 0, 1])
def test_replay_reproduces_the_shuffles(tmp_path: Path, first: int | None) -> None:
    game = _game(tmp_path)
    for seed in range(20):
        st = game.new_game(players=2, seed=seed, first=first)
        for _ in range(3):
            st.play("draw")
        again = replay(st)
        assert again.view(None) == st.view(None)
        assert again.current_player == st.current_player
        saved = replay(tabletop.restore(st.to_json()))
        assert saved.view(None) == st.view(None)
