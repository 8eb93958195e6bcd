"""Pyramide Escape under random play: the engine's promises and the game's own invariants,
over every option."""

from __future__ import annotations

import pytest

import tabletop
from tabletop.testing import check_every_step, random_game, replay

GAME = tabletop.load("pyramide-escape")

# The default rules, then each option switched to its other reading.
CONFIGS: list[dict[str, str]] = [{}] + [
    {name: value} for name, spec in GAME.spec.options.items()
    for value in spec.values if value != spec.default
]
# Room decisions (10 rooms, one sent back by the Rope), Amulet and Map answers, discards.
MOST_MOVES = 11 + 2 + 5


def invariants(state: tabletop.State) -> None:
    v = state.view(0)
    cards = (len(v["room"]) + v["pile"] + len(v["passed"]) + len(v["permanents"])
             + len(v["items"]) + len(v["spent"]))
    assert cards == 15, "10 rooms and 5 items, each in exactly one place"
    cap = 7 if state.options["fatigue_cap"] == "capped" else 7 + 2 + 1 + 5
    assert 0 <= v["fatigue"] <= cap
    assert v["rooms_passed"] + v["rooms_left"] == 10
    assert len(v["permanents"]) <= 3 and len(v["room"]) <= 1
    assert len(state.history) <= MOST_MOVES
    if not state.is_over:
        assert v["fatigue"] >= 1 and len(v["room"]) == 1
        assert state.legal_moves()


def _run(seeds: range, options: dict[str, str]) -> tuple[int, int]:
    wins = 0
    for seed in seeds:
        st = random_game(GAME, seed, options=options, check=invariants,
                         roundtrip_every=3 if seed % 10 == 0 else 0)
        o = st.outcome
        assert o is not None and o.name in ("won", "lost")
        v = st.view(0)
        if o.winners:
            wins += 1
            assert v["rooms_passed"] == 10 and v["fatigue"] >= 1 and o.scores == (v["fatigue"],)
        else:
            assert v["fatigue"] == 0 and v["rooms_passed"] < 10 and len(v["room"]) == 1
            assert o.scores == (v["rooms_passed"] - 10,)
        if seed % 25 == 0:
            again = replay(st)
            assert again.outcome == st.outcome and again.view(0) == st.view(0)
    return wins, len(seeds)


@pytest.mark.parametrize("options", CONFIGS, ids=lambda o: ",".join(f"{k}={v}" for k, v in
                                                                  o.items()) or "default")
def test_random_games_keep_every_promise(options: dict[str, str]) -> None:
    _run(range(30), options)


@pytest.mark.soak
@pytest.mark.parametrize("options", CONFIGS, ids=lambda o: ",".join(f"{k}={v}" for k, v in
                                                                  o.items()) or "default")
def test_ten_thousand_random_games(options: dict[str, str]) -> None:
    # 10 configurations x 1,000 seeded games = 10,000 games
    _run(range(1000, 1000 + 10_000 // len(CONFIGS)), options)


def test_random_play_sometimes_wins_and_mostly_loses() -> None:
    wins, games = _run(range(300), {})
    assert 0 < wins < games // 4


def test_save_restore_and_copy_at_every_step_of_some_games() -> None:
    for seed in range(12):
        assert check_every_step(GAME, seed, options={"sand_discard": "always"}).is_over
