"""rollout_moves: the mcts bot's playouts stop after that many moves and are scored by the
ruleset's evaluate (a game whose playouts are long), and the loader's checks of the word."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import load_ruleset

import tabletop
from tabletop.bots import decide, make_bot
from tabletop.engine.state import State

RULESET = """
id: rollout-moves-test
name: {en: Rollout moves test, fr: Test des coups de simulation}
players: {min: 2, max: 2}
max_moves: 5000
cards:
  - id: x
zones:
  pile: {visibility: hidden, deck: true}
vars:
  pos: {initial: 0, per_seat: true}
moves:
  - id: step
    notation: step
    effects:
      - add: {pos: 1}
      - end_turn: true
  - id: leap
    notation: leap
    effects:
      - add: {pos: 3}
      - end_turn: true
  - id: back
    notation: back
    effects:
      - add: {pos: -1}
      - end_turn: true
end:
  - if: "any(seats(), pos[it] >= 1000)"
    outcome: done
outcomes:
  done: {winners: "filter(seats(), pos[it] >= 1000)", reason: done}
view:
  pos: "map(seats(), pos[it])"
evaluate: "pos[me] - pos[1 - me]"
rollout_moves: 4
"""


@pytest.fixture()
def game(tmp_path: Path) -> tabletop.Game:
    return load_ruleset(tmp_path, RULESET, "rollout-moves-test.yaml")


def test_playouts_stop_and_evaluate_judges(game: tabletop.Game,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    played = [0]
    real = State.play

    def counting(self: State, move: object) -> None:
        played[0] += 1
        real(self, move)  # type: ignore[arg-type]

    monkeypatch.setattr(State, "play", counting)
    st = game.new_game(players=2, seed=1, first=0)
    bot = make_bot("mcts", seed=3, iterations=60)
    assert decide(bot, st, 0).text == "leap", "evaluate's best move after short playouts"
    # a whole race to 1000 would take over 600 moves a playout
    assert played[0] <= 60 * 20, played[0]  # 4 random moves and the tree's walk


def test_without_the_word_playouts_run_to_the_end(game: tabletop.Game, tmp_path: Path) -> None:
    whole = load_ruleset(tmp_path, RULESET.replace("rollout_moves: 4\n", "")
                         .replace("1000", "30"), "whole.yaml")
    assert whole.spec.rollout_moves is None and game.spec.rollout_moves == 4
    st = whole.new_game(players=2, seed=1, first=0)
    assert decide(make_bot("mcts", seed=3, iterations=30), st, 0).text in ("step", "leap",
                                                                            "back")


@pytest.mark.parametrize(("change", "message"), [
    ("rollout_moves: 0", "1 or more"),
    ("rollout_moves: many", "rollout_moves"),
])
def test_a_bad_value_is_one_sentence(tmp_path: Path, change: str, message: str) -> None:
    with pytest.raises(tabletop.RulesetError, match=message):
        load_ruleset(tmp_path, RULESET.replace("rollout_moves: 4", change))


def test_it_needs_evaluate(tmp_path: Path) -> None:
    bad = RULESET.replace('evaluate: "pos[me] - pos[1 - me]"\n', "")
    with pytest.raises(tabletop.RulesetError, match="declare evaluate"):
        load_ruleset(tmp_path, bad)
