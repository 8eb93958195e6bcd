"""Figures of the solvers and of bot:expert. Prints figures; asserts nothing.

    python benchmarks/solve.py deals scoundrel --games 1000 --seconds 30     # every option
    python benchmarks/solve.py deals scoundrel --option binding=strict --option difficulty=classic \
        --games 1000 --seconds 5 --workers 2 --out deals.jsonl
    python benchmarks/solve.py deals scoundrel --read deals.jsonl     # the figures of a run so far
    python benchmarks/solve.py expert scoundrel --games 1000 [--option ...] [--workers 2]
    python benchmarks/solve.py expert pyramide-escape --games 10000 [--no-table]
    python benchmarks/solve.py exact pyramide-escape --rooms 8
    python benchmarks/solve.py exact pyramide-escape --rooms 10 [--option ...] [--fresh]
    python benchmarks/solve.py exact pyramide-escape --seed 1 --moves "use torch;no item"

deals: for each binding x difficulty (the options of the game, every combination), the share
of the deals of seeds 0..N-1 that can be won with perfect information (95% Wilson interval),
the deals left undecided within the time budget (processor seconds), the median and 90th
percentile of the processor time to decide a deal (an undecided deal counts its budget), and
the deals decided within a second.
With --read, the same figures from the deals a run (--out) has written so far, per option set.
expert: bot:expert's win rate over seeds 0..N-1. exact: the exact probability that best play
wins, on a pile cut to its first ROOMS rooms (every card the setup does not deal); with all the
rooms, the whole game (room order and coin unknown), kept in the cache like `tabletop solve`;
with --moves, the position of the full deck of seed --seed after those moves (one search).
For a game whose table can be solved (Pyramide Escape), `expert` solves it first (or reads it)
and says whether the exact figure is within the bot's 95% interval; `--no-table` measures the
bot as it plays where no table is kept (exact play once few rooms are unseen, a sampled search
before). `deals pyramide-escape` with every option given is the share of deals a player who
knew the whole order of the rooms and every coin could win: a ceiling for fair play.
"""

from __future__ import annotations

import argparse
import itertools
import json
import multiprocessing
import statistics
import sys
import time
from typing import Any

import tabletop
from tabletop.analysis.solve import ChanceSolver, solved, unseen_count
from tabletop.analysis.stats import wilson
from tabletop.bots import decide, make_bot
from tabletop.cli.solve import solve_one

_BOTS: dict[tuple[tuple[str, float], ...], Any] = {}


def _expert_one(job: tuple[str, int, dict[str, str], dict[str, float]]
                ) -> tuple[bool, int, float]:
    game_id, seed, options, settings = job
    cpu = time.process_time()
    st = tabletop.load(game_id).new_game(players=1, seed=seed, options=options)
    # one bot for every game (its exact solver, read from the solved table once, is kept),
    # seeded for each game as make_bot(seed=seed) would be
    key = tuple(sorted(settings.items()))
    bot = _BOTS.get(key)
    if bot is None:
        bot = _BOTS[key] = make_bot("expert", seed=seed, **settings)
    bot.rng.seed(seed)
    while not st.is_over:
        st.play(decide(bot, st, 0))
    assert st.outcome is not None
    return 0 in st.outcome.winners, st.outcome.scores[0], time.process_time() - cpu


def _deals(a: argparse.Namespace, opts: dict[str, str]) -> None:
    """One option set: seeds FIRST..FIRST+GAMES-1, in --workers processes; each result also
    appended to --out (JSON lines), so an interrupted run still counts."""
    jobs = [(a.game, k, opts, a.seconds) for k in range(a.first, a.first + a.games)]
    res: list[tuple[int, bool | None, float]] = []
    out = open(a.out, "a", encoding="utf-8") if a.out else None  # noqa: SIM115
    try:
        with multiprocessing.Pool(a.workers) as pool:
            for r in pool.imap_unordered(solve_one, jobs):
                res.append(r)
                if out:
                    out.write(json.dumps({"options": opts, "seed": r[0], "won": r[1],
                                          "seconds": round(r[2], 3)}) + "\n")
                    out.flush()
    finally:
        if out:
            out.close()
    print(_summary(opts, res, a.seconds), flush=True)


def _summary(opts: dict[str, str], res: list[tuple[int, bool | None, float]],
             seconds: float) -> str:
    won = sum(1 for _s, w, _t in res if w)
    dec = sum(1 for _s, w, _t in res if w is not None)
    lo, hi = wilson(won, dec)
    alo, ahi = wilson(won, len(res))
    times = sorted(t for _s, _w, t in res)
    med = statistics.median(times)
    p90 = times[min(len(times) - 1, int(0.9 * len(times)))]
    quick = sum(1 for _s, w, t in res if w is not None and t <= 1.0)
    seeds = sorted(s for s, _w, _t in res)
    span = f"seeds {seeds[0]}-{seeds[-1]}" if seeds else "no seeds"
    return (f"{opts}: {len(res)} deals ({span}), {won} proven winnable "
            f"({100 * won / max(len(res), 1):.1f}% of all, 95% interval {100 * alo:.1f}-"
            f"{100 * ahi:.1f}%), {dec - won} proven lost, {len(res) - dec} undecided within "
            f"{seconds:g} s; winnable among decided {100 * won / max(dec, 1):.1f}% "
            f"({100 * lo:.1f}-{100 * hi:.1f}%); processor time to decide: "
            f"median {med:.2f} s, p90 {p90:.2f} s; {quick} decided within 1 s")


def _read(path: str, seconds: float) -> None:
    """The figures of the deals a run wrote to ``path`` (JSON lines), per option set."""
    runs: dict[str, list[tuple[int, bool | None, float]]] = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            r = json.loads(line)
            runs.setdefault(json.dumps(r["options"], sort_keys=True), []).append(
                (r["seed"], r["won"], r["seconds"]))
    for opts, res in runs.items():
        print(_summary(json.loads(opts), res, seconds))


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("what", choices=["deals", "expert", "exact"])
    p.add_argument("game")
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seconds", type=float, default=30.0)
    p.add_argument("--option", action="append", default=[])
    p.add_argument("--setting", action="append", default=[], help="expert setting k=v")
    p.add_argument("--rooms", type=int, default=8, help="exact: the rooms kept (10: the whole "
                   "game, solved once and kept in the cache)")
    p.add_argument("--no-table", action="store_true", help="expert: play without solving the "
                   "whole game first (the bot plays as it does with no solved table kept)")
    p.add_argument("--fresh", action="store_true", help="exact: solve again, not from the cache")
    p.add_argument("--seed", type=int, default=0, help="exact with --moves: the deal")
    p.add_argument("--moves", help="exact: solve the position after these moves (;-separated)")
    p.add_argument("--first", type=int, default=0, help="deals, expert: the first seed")
    p.add_argument("--workers", type=int, default=1, help="deals and expert: processes")
    p.add_argument("--out", help="deals: append each result to this file (JSON lines)")
    p.add_argument("--read", help="deals: the figures of the results in this file (from --out)")
    a = p.parse_args()
    game = tabletop.load(a.game)
    given = dict(o.split("=", 1) for o in a.option)
    if a.what == "deals" and a.read:
        _read(a.read, a.seconds)
    elif a.what == "deals":
        names = [n for n in game.spec.options if n not in given]
        combos = [{**given, **dict(zip(names, values, strict=True))}
                  for values in itertools.product(*(game.spec.options[n].values for n in names))]
        for opts in combos:
            _deals(a, opts)
    elif a.what == "expert":
        settings = {k: float(v) for k, v in (s.split("=", 1) for s in a.setting)}
        exact = None
        if game.spec.solver and game.spec.solver.get("relabel") and not a.no_table:
            # the game's solved table, made once (or read from the cache) before playing
            exact, _solver, info = solved(game, given)
            print(f"exact: best play wins {100 * exact:.3f}% ({info['positions']:,} "
                  f"positions, solved in {info['seconds']:.0f} s"
                  f"{', read from the cache' if info['cached'] else ''})", flush=True)
        t = time.perf_counter()
        wins = 0
        cpu_total = 0.0
        jobs = [(a.game, k, given, settings) for k in range(a.first, a.first + a.games)]
        with multiprocessing.Pool(a.workers) as pool:
            for k, (w, _score, cpu) in enumerate(pool.imap(_expert_one, jobs)):
                wins += w
                cpu_total += cpu
                if (k + 1) % 10 == 0 or k + 1 == a.games:
                    lo, hi = wilson(wins, k + 1)
                    print(f"{k + 1} games: {wins} won, {100 * wins / (k + 1):.1f}% "
                          f"({100 * lo:.1f}-{100 * hi:.1f}%), {time.perf_counter() - t:.0f} s,"
                          f" {cpu_total / (k + 1):.2f} s of CPU a game", flush=True)
        if exact is not None:
            lo, hi = wilson(wins, a.games)
            print(f"the exact {100 * exact:.3f}% is {'' if lo <= exact <= hi else 'NOT '}"
                  f"within the 95% interval {100 * lo:.2f}-{100 * hi:.2f}%")
    elif a.moves is not None:
        st = game.new_game(players=1, seed=a.seed, options=given)
        for m in a.moves.split(";"):
            st.play(m.strip())
        t = time.process_time()
        solver = ChanceSolver(st)
        v = solver.value(st)
        print(f"seed {a.seed} after {a.moves!r} ({unseen_count(st)} cards unseen), "
              f"{given or 'default options'}: best play wins {100 * v:.4f}% "
              f"({solver.nodes:,} positions, {time.process_time() - t:.1f} s CPU)")
    elif a.rooms >= sum(1 for c in game.spec.cards if c.type == "room"):
        t = time.process_time()
        p, _solver, info = solved(game, given, cache=not a.fresh)
        print(f"whole game, {given or 'default options'}: best play wins {100 * p:.4f}% "
              f"({info['positions']:,} positions, solved in {info['seconds']:.0f} s CPU"
              f"{', read from the cache' if info['cached'] else ''}; "
              f"{time.process_time() - t:.0f} s CPU this run)")
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
