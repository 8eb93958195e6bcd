"""Scoundrel under random play: the engine's promises and the game's own invariants."""

from __future__ import annotations

import pytest

import tabletop
from tabletop.testing import check_every_step, random_game, replay

GAME = tabletop.load("scoundrel")
MONSTERS = {c.code: c.value for c in GAME.spec.cards if c.type == "monster"}


def scoundrel_invariants(state: tabletop.State) -> None:
    v = state.view(0)
    assert v["hp"] <= 20
    held = (len(v["room"]) + v["dungeon"] + v["discard"] + len(v["slain"])
            + (1 if v["weapon"] else 0))
    assert held == 44, "44 cards across dungeon, room, weapon, its kills and the discard"
    if not state.is_over:
        assert v["hp"] > 0
        assert 1 <= len(v["room"]) <= 4


def expected_score(state: tabletop.State) -> int:
    """The score rule, computed from what the player saw: the view and the moves played."""
    v = state.view(0)
    played = {m.split()[1] for m in state.history if m != "avoid"}
    if v["hp"] <= 0:  # lost: minus every monster never resolved (room and dungeon)
        return v["hp"] - sum(value for code, value in MONSTERS.items() if code not in played)
    last = state.history[-1].split()[1]
    bonus = int(last[:-1]) if v["hp"] == 20 and last.endswith("H") else 0
    return v["hp"] + bonus


def _run(seeds: range, options: dict[str, str] | None = None) -> None:
    for seed in seeds:
        st = random_game(GAME, seed, options=options, check=scoundrel_invariants,
                         roundtrip_every=7 if seed % 50 == 0 else 0)
        assert st.outcome is not None
        assert st.outcome.scores[0] == expected_score(st), seed
        assert st.outcome.winners == ((0,) if st.view(0)["hp"] > 0 else ())
        if seed % 100 == 0:
            again = replay(st)
            assert again.outcome == st.outcome and again.view(0) == st.view(0)


@pytest.mark.parametrize("difficulty", ["easy", "classic", "hard"])
def test_random_games_keep_every_promise(difficulty: str) -> None:
    _run(range(300), {"difficulty": difficulty})


def test_ten_thousand_random_games() -> None:
    _run(range(1000, 11_000))


def test_save_restore_at_every_step_of_some_games() -> None:
    for seed in range(5):
        assert check_every_step(GAME, seed, options={"binding": "inclusive"}).is_over
