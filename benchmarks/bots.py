"""Win rates and scores of each bot over seeded games. Prints figures; asserts nothing.

    python benchmarks/bots.py scoundrel --games 1000 --bots random,greedy,mcts
    python benchmarks/bots.py expedition-rivale --players 2 --versus mcts,random --games 200
"""

from __future__ import annotations

import argparse
import multiprocessing
import time
from typing import Any

import tabletop
from tabletop.bots import decide, make_bot


def play_one(args: tuple[str, int, list[str], int, dict[str, float], dict[str, str]]
             ) -> tuple[Any, ...]:
    game_id, seed, kinds, players, settings, options = args
    game = tabletop.load(game_id)
    st = game.new_game(players=players, seed=seed, options=options)
    bots = [make_bot(k, seed=seed * 10 + i, **(settings if k == "mcts" else {}))
            for i, k in enumerate(kinds)]
    while not st.is_over:
        seat = st.current_player
        assert seat is not None
        st.play(decide(bots[seat], st, seat))
    o = st.outcome
    assert o is not None
    return o.winners, o.scores, len(st.history)


def run(game_id: str, kinds: list[str], players: int, games: int, jobs: int,
        settings: dict[str, float], options: dict[str, str] | None = None) -> None:
    start = time.perf_counter()
    tasks = [(game_id, seed, kinds, players, settings, options or {}) for seed in range(games)]
    with multiprocessing.Pool(jobs) as pool:
        results = pool.map(play_one, tasks, chunksize=max(1, games // (jobs * 8)))
    elapsed = time.perf_counter() - start
    wins = [0] * players
    draws = 0
    totals = [0] * players
    for winners, scores, _n in results:
        if not winners:
            draws += 1
        for w in winners:
            wins[w] += 1
        for s in range(players):
            totals[s] += scores[s]
    seats = ", ".join(f"seat {s + 1} {kinds[s]}: won {100 * wins[s] / games:.1f}% "
                      f"(mean score {totals[s] / games:.1f})" for s in range(players))
    print(f"{game_id} over {games} games: {seats}; no winner {100 * draws / games:.1f}% "
          f"[{elapsed:.0f} s]", flush=True)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("game")
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--players", type=int, default=1)
    p.add_argument("--bots", default="random,greedy,mcts",
                   help="solo: each bot in turn plays the game alone")
    p.add_argument("--versus", help="multi-seat: one bot kind per seat, e.g. mcts,random")
    p.add_argument("--iterations", type=float, default=100, help="mcts iterations per move")
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    a = p.parse_args()
    settings = {"iterations": a.iterations}
    options = dict(o.split("=", 1) for o in a.option)
    if a.versus:
        kinds = a.versus.split(",")
        run(a.game, kinds, len(kinds), a.games, a.jobs, settings, options)
        run(a.game, kinds[::-1], len(kinds), a.games, a.jobs, settings, options)
    else:
        for kind in a.bots.split(","):
            run(a.game, [kind] * a.players, a.players, a.games, a.jobs, settings, options)


if __name__ == "__main__":
    main()
