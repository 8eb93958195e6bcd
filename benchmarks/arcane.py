"""Figures for Arcane Arena and Aria (docs/designers/<id>.md, "What the numbers say").
Prints figures; asserts nothing.

    python benchmarks/arcane.py random arcane-arena --games 1000 --players 2,3,4
    python benchmarks/arcane.py versus arcane-arena --games 20 --iterations 20
    python benchmarks/arcane.py versus aria --bot greedy --games 200

random: seeded random matches: how often the seat that starts the match wins it, match
length in moves, rounds per match, and how the rounds ended (last wizard standing, nobody
able to act, everyone falling together).
versus: mcts (or --bot greedy) in one seat against random in the other (2 players), the seats
swapped every match: the bot's match win rate.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import tabletop
from tabletop.bots import decide, make_bot


def random_matches(gid: str, players: int, games: int) -> None:
    g = tabletop.load(gid)
    first_wins = 0
    lengths: list[int] = []
    rounds = {"standing": 0, "stalled": 0, "together": 0}
    start = time.perf_counter()
    for seed in range(games):
        rng = random.Random(seed)
        st = g.new_game(players=players, seed=seed)
        while not st.is_over:
            st.play(rng.choice(st.legal_moves()))
        o = st.outcome
        assert o is not None
        first_wins += st.first_seat in o.winners
        lengths.append(st.move_count)
        for e in st.log:
            text = e.text_in("en")
            if "last wizard standing" in text:
                rounds["standing"] += 1
            elif "nobody can do anything more" in text:
                rounds["stalled"] += 1
            elif "fall together" in text:
                rounds["together"] += 1
    total = sum(rounds.values())
    lengths.sort()
    print(f"{gid}, {players} players, {games} random matches: the first player wins "
          f"{100 * first_wins / games:.1f}% (fair share {100 / players:.1f}%); moves per "
          f"match median {statistics.median(lengths):.0f}, 99th percentile "
          f"{lengths[int(0.99 * (games - 1))]}, longest {lengths[-1]}; "
          f"{total / games:.2f} rounds per match, ended: last standing "
          f"{100 * rounds['standing'] / total:.1f}%, nobody able to act "
          f"{100 * rounds['stalled'] / total:.1f}%, all fell together "
          f"{100 * rounds['together'] / total:.1f}% "
          f"[{time.perf_counter() - start:.0f} s]", flush=True)


def versus(gid: str, games: int, iterations: int, kind: str = "mcts") -> None:
    g = tabletop.load(gid)
    won = 0
    start = time.perf_counter()
    for seed in range(games):
        mcts_seat = seed % 2
        settings = {"iterations": iterations} if kind == "mcts" else {}
        bots = {mcts_seat: make_bot(kind, seed=seed, **settings),
                1 - mcts_seat: make_bot("random", seed=seed)}
        st = g.new_game(players=2, seed=seed)
        while not st.is_over:
            seat = st.current_player
            assert seat is not None
            st.play(decide(bots[seat], st, seat))
        o = st.outcome
        assert o is not None
        won += mcts_seat in o.winners
        print(f"  match {seed + 1}: {kind} in seat {mcts_seat + 1} "
              f"{'won' if mcts_seat in o.winners else 'lost'} {o.scores} "
              f"[{time.perf_counter() - start:.0f} s]", flush=True)
    label = f"mcts ({iterations} iterations)" if kind == "mcts" else kind
    print(f"{gid}: {label} against random, 2 players, {games} matches, seats alternating: "
          f"{kind} won {won} ({100 * won / games:.0f}%)", flush=True)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("what", choices=["random", "versus"])
    p.add_argument("game", choices=["arcane-arena", "aria"])
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--players", default="2,3,4")
    p.add_argument("--iterations", type=int, default=20)
    p.add_argument("--bot", choices=["mcts", "greedy"], default="mcts")
    a = p.parse_args()
    if a.what == "random":
        for n in a.players.split(","):
            random_matches(a.game, int(n), a.games)
    else:
        versus(a.game, a.games, a.iterations, a.bot)


if __name__ == "__main__":
    main()
