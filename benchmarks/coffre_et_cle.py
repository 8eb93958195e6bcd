"""Le Coffre et la Clé: how often each role wins, how games end, how long they last.
Prints figures; asserts nothing.

    python benchmarks/coffre_et_cle.py --players 5 --bots random --games 2000
    python benchmarks/coffre_et_cle.py --players 5 --bots mcts --games 100 --iterations 100

A seat's role is the card it holds at the end (swaps change roles during a game). "Role wins"
counts a game once per role (several Neutrals winning count once); "a player holding it wins"
divides by the players who held it (each Neutral counts).
"""

from __future__ import annotations

import argparse
import collections
import multiprocessing
import time
from typing import Any

import tabletop
from tabletop.bots import decide, make_bot

ROLES = ["treasure", "key", "fake", "neutral"]


def play_one(args: tuple[int, int, str, dict[str, str], float]) -> dict[str, Any]:
    seed, players, kind, options, iterations = args
    game = tabletop.load("coffre-et-cle")
    st = game.new_game(players=players, seed=seed, options=options)
    settings = {"iterations": iterations} if kind == "mcts" else {}
    bots = [make_bot(kind, seed=seed * 10 + i, **settings) for i in range(players)]
    dealt = {s: st.spec.cards[st.zones[f"hand/{s}"][0]].type for s in range(players)}
    while not st.is_over:
        seat = st.current_player
        assert seat is not None
        st.play(decide(bots[seat], st, seat))
    o = st.outcome
    assert o is not None
    final = {s: st.spec.cards[st.zones[f"hand/{s}"][0]].type for s in range(players)}
    turns = st.turn - (st.players + 1 if st.vars["phase"] == "final" else 0)  # action turns
    name = "limit" if o.name == "final" and st.vars["designator"] is None else o.name
    return {"end": name, "winners": o.winners, "final": final, "dealt": dealt,
            "turns": turns, "rounds": st.round}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--players", type=int, default=5)
    p.add_argument("--bots", default="random")
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--iterations", type=float, default=100)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    a = p.parse_args()
    options = dict(o.split("=", 1) for o in a.option)
    start = time.perf_counter()
    tasks = [(seed, a.players, a.bots, options, a.iterations) for seed in range(a.games)]
    with multiprocessing.Pool(a.jobs) as pool:
        results = pool.map(play_one, tasks, chunksize=max(1, a.games // (a.jobs * 8)))
    elapsed = time.perf_counter() - start
    n = len(results)
    ends = collections.Counter(r["end"] for r in results)
    role_wins = collections.Counter()
    dealt_wins = collections.Counter()
    for r in results:
        for role in {r["final"][w] for w in r["winners"]}:
            role_wins[role] += 1
        for role in {r["dealt"][w] for w in r["winners"]}:
            dealt_wins[role] += 1
    holders = collections.Counter()
    holder_wins = collections.Counter()
    for r in results:
        for seat, role in r["final"].items():
            holders[role] += 1
            holder_wins[role] += seat in r["winners"]
    nobody = sum(1 for r in results if not r["winners"])
    turns = sorted(r["turns"] for r in results)
    print(f"coffre-et-cle, {a.players} players, {a.bots} bots"
          f"{' x' + str(int(a.iterations)) if a.bots == 'mcts' else ''}, {options or 'defaults'},"
          f" {n} games [{elapsed:.0f} s]")
    print("  ends: " + ", ".join(f"{k} {100 * v / n:.1f}%" for k, v in ends.most_common()))
    print("  role at the end wins: " + ", ".join(f"{k} {100 * role_wins[k] / n:.1f}%"
                                                  for k in ROLES)
          + f"; nobody {100 * nobody / n:.1f}%")
    print("  a player holding it at the end wins: " + ", ".join(
        f"{k} {100 * holder_wins[k] / max(1, holders[k]):.1f}%" for k in ROLES))
    print("  role dealt wins:      " + ", ".join(f"{k} {100 * dealt_wins[k] / n:.1f}%"
                                                  for k in ROLES))
    print(f"  turns: median {turns[n // 2]}, 90th percentile {turns[(9 * n) // 10]}, "
          f"longest {turns[-1]}")


if __name__ == "__main__":
    main()
