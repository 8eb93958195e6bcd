"""The start of a game made cheaper: the steps a setup runs most made
ready once (``reveal``), as the step-by-step interpreter runs them."""

from __future__ import annotations

import random
from functools import partial

import pytest

import tabletop
from tabletop.effects import _STEPS
from tabletop.game import Game
from tabletop.spec import Block
from tabletop.values import Frame


def _reveal_steps(game: Game) -> list[tuple[Block, int]]:
    return [(b, i) for b in game.all_blocks for i, s in enumerate(b.steps) if s.kind == "reveal"]


@pytest.mark.parametrize("game_id", ["coffre-et-cle", "expedition-rivale", "pyramide-escape"])
def test_a_reveal_made_ready_is_the_interpreters(game_id: str) -> None:
    """Every reveal step of the ruleset, run by its runner and by ``_step_reveal`` on the
    same positions of random games: the same events (text in both languages, seat, cards,
    seats it is private to) and the same knowledge, the undo journal kept alike."""
    game = tabletop.load(game_id)
    steps = _reveal_steps(game)
    if not steps:
        pytest.skip("no reveal step")
    # (a reveal with a line of its own runs _step_reveal itself)
    assert all(game.runners[b.id][i].__name__ == "run_reveal" for b, i in steps
               if not b.steps[i].params["log"])
    rng = random.Random(3)
    checked = ran = 0
    for seed in range(6):
        st = game.new_game(players=game.spec.min_players, seed=seed)
        while not st.is_over:
            for block, i in steps:
                for me in range(st.players):
                    a, b = st.copy(), st.copy()
                    loc = {"me": me, "p": me, "s": me, "who": me, "seat": me}
                    results = []
                    for s, run in ((a, game.runners[block.id][i]),
                                   (b, partial(_STEPS["reveal"], block.steps[i]))):
                        s._events = []
                        s._undo_known = {}
                        try:
                            run(s, Frame(block, i, dict(loc)))
                        except Exception as e:  # noqa: BLE001 (a step out of its context)
                            results.append(type(e))
                            continue
                        results.append(([e.to_dict() for e in s._events], s.known,
                                        s._undo_known))
                    assert results[0] == results[1]
                    checked += 1
                    ran += not isinstance(results[0], type)
            st.play(rng.choice(st.legal_moves()))
    assert checked > 50 and ran > 20


def test_a_game_without_options_has_every_default_in_a_dict_of_its_own() -> None:
    game = tabletop.load("scoundrel")
    a, b = game.new_game(seed=1), game.new_game(seed=2, options={})
    assert a.options == b.options == game.check_options(None) == {
        name: o.default for name, o in game.spec.options.items()}
    a.options["difficulty"] = "hard"  # each game its own dict (the defaults made once)
    assert game.new_game(seed=3).options == b.options != a.options
    assert game.new_game(seed=1, options={"difficulty": "hard"}).options == a.options
