"""Figures of the solvers and of bot:expert. Prints figures; asserts nothing.

    python benchmarks/solve.py deals scoundrel --games 1000 --seconds 30     # every option
    python benchmarks/solve.py expert scoundrel --games 1000 [--option ...] [--workers 2]
    python benchmarks/solve.py expert pyramide-escape --games 10000
    python benchmarks/solve.py exact pyramide-escape --rooms 8

deals: for each binding x difficulty (the options of the game, every combination), the share
of the deals of seeds 0..N-1 that can be won with perfect information (95% Wilson interval),
the deals left undecided within the time budget, and the median time to decide a deal.
expert: bot:expert's win rate over seeds 0..N-1. exact: the exact probability that best play
wins, on a pile cut to its first ROOMS rooms (every card the setup does not deal).
"""

from __future__ import annotations

import argparse
import itertools
import multiprocessing
import statistics
import sys
import time

import tabletop
from tabletop.bots import decide, make_bot
from tabletop.cli import _solve_one
from tabletop.solve import ChanceSolver, wilson


def _expert_one(job: tuple[str, int, dict[str, str], dict[str, float]]
                ) -> tuple[bool, int, float]:
    game_id, seed, options, settings = job
    cpu = time.process_time()
    st = tabletop.load(game_id).new_game(players=1, seed=seed, options=options)
    bot = make_bot("expert", seed=seed, **settings)
    while not st.is_over:
        st.play(decide(bot, st, 0))
    assert st.outcome is not None
    return 0 in st.outcome.winners, st.outcome.scores[0], time.process_time() - cpu


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("what", choices=["deals", "expert", "exact"])
    p.add_argument("game")
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seconds", type=float, default=30.0)
    p.add_argument("--option", action="append", default=[])
    p.add_argument("--setting", action="append", default=[], help="expert setting k=v")
    p.add_argument("--rooms", type=int, default=8)
    p.add_argument("--workers", type=int, default=1, help="expert: games played at once")
    a = p.parse_args()
    game = tabletop.load(a.game)
    given = dict(o.split("=", 1) for o in a.option)
    if a.what == "deals":
        names = [n for n in game.spec.options if n not in given]
        for values in itertools.product(*(game.spec.options[n].values for n in names)):
            opts = {**given, **dict(zip(names, values, strict=True))}
            res = [_solve_one((a.game, k, opts, a.seconds)) for k in range(a.games)]
            won = sum(1 for _s, w, _t in res if w)
            dec = sum(1 for _s, w, _t in res if w is not None)
            lo, hi = wilson(won, dec)
            med = statistics.median(t for _s, _w, t in res)
            print(f"{opts}: {won}/{dec} winnable ({100 * lo:.1f}-{100 * hi:.1f}%), "
                  f"{a.games - dec} undecided in {a.seconds:g} s, median {med:.2f} s",
                  flush=True)
    elif a.what == "expert":
        settings = {k: float(v) for k, v in (s.split("=", 1) for s in a.setting)}
        t = time.perf_counter()
        wins = 0
        cpu_total = 0.0
        jobs = [(a.game, k, given, settings) for k in range(a.games)]
        with multiprocessing.Pool(a.workers) as pool:
            for k, (w, _score, cpu) in enumerate(pool.imap(_expert_one, jobs)):
                wins += w
                cpu_total += cpu
                if (k + 1) % 10 == 0 or k + 1 == a.games:
                    lo, hi = wilson(wins, k + 1)
                    print(f"{k + 1} games: {wins} won, {100 * wins / (k + 1):.1f}% "
                          f"({100 * lo:.1f}-{100 * hi:.1f}%), {time.perf_counter() - t:.0f} s,"
                          f" {cpu_total / (k + 1):.2f} s of CPU a game", flush=True)
    else:
        rooms = [c.code for c in game.spec.cards if c.type == "room"][:a.rooms]
        items = [c.code for c in game.spec.cards if c.type != "room"]
        t = time.perf_counter()
        solver: ChanceSolver | None = None
        total = 0.0
        # the cut pile: every start where the first room is one of the cut rooms
        cut_starts = []
        for r in rooms:
            others = [x for x in rooms if x != r]
            cut_starts.append(game.new_game(players=1, options=given,
                                            deck=[r, *others, *items]))
        for st in cut_starts:
            if solver is None:
                solver = ChanceSolver(st)
            total += solver.value(st) / len(cut_starts)
        print(f"{a.rooms} rooms, {given or 'default options'}: best play wins "
              f"{100 * total:.3f}% ({solver.nodes if solver else 0} positions, "
              f"{time.perf_counter() - t:.0f} s)")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
