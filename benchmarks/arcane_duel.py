"""Arcane Duel figures: seat balance and length of random matches, and bots against random.
Prints figures; asserts nothing.

    python benchmarks/arcane_duel.py balance --players 2 --games 1000
    python benchmarks/arcane_duel.py versus --bots greedy,random --games 40
    python benchmarks/arcane_duel.py versus --bots mcts,random --games 6 --iterations 3
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import tabletop
from tabletop.bots import decide, make_bot


def balance(players: int, games: int) -> None:
    """Random matches: how often the player who opens the match wins it, and how often the
    player who opens a round wins that round; match and round lengths."""
    g = tabletop.load("arcane-duel")
    start = time.perf_counter()
    opener_won = 0
    rounds = round_opener_won = 0
    lengths, round_counts = [], []
    for seed in range(games):
        rng = random.Random(seed)
        st = g.new_game(players=players, seed=seed)
        opener = st.current_player
        first, wins = st.vars["round_first"], [0] * players
        while not st.is_over:
            st.play(rng.choice(st.legal_moves()))
            now = [st.vars[f"wins/{s}"] for s in range(players)]
            if now != wins:
                rounds += 1
                round_opener_won += now[first] > wins[first]
                wins = now
            first = st.vars["round_first"]
        o = st.outcome
        assert o is not None
        opener_won += opener in o.winners
        lengths.append(st.move_count)
        round_counts.append(st.vars["round_no"])
    print(f"{players} players, {games} random matches: the match opener won "
          f"{100 * opener_won / games:.1f}% (fair share {100 / players:.1f}%); the round "
          f"opener won {100 * round_opener_won / max(1, rounds):.1f}% of {rounds} rounds won; "
          f"moves per match mean {statistics.mean(lengths):.0f}, median "
          f"{statistics.median(lengths):.0f}, max {max(lengths)}; rounds per match mean "
          f"{statistics.mean(round_counts):.1f} [{time.perf_counter() - start:.0f} s]",
          flush=True)


def versus(kinds: list[str], games: int, iterations: float, first_seed: int = 0) -> None:
    """Two seats, each bot kind in each seat half the time (the match opener is random)."""
    g = tabletop.load("arcane-duel")
    start = time.perf_counter()
    won = {k: 0 for k in kinds}
    decisions = {k: 0 for k in kinds}
    spent = {k: 0.0 for k in kinds}
    for seed in range(first_seed, first_seed + games):
        order = kinds if seed % 2 == 0 else kinds[::-1]
        bots = [make_bot(k, seed=seed * 10 + i, **({"iterations": iterations}
                                                    if k == "mcts" else {}))
                for i, k in enumerate(order)]
        st = g.new_game(players=2, seed=seed)
        while not st.is_over:
            seat = st.current_player
            assert seat is not None
            t = time.perf_counter()
            st.play(decide(bots[seat], st, seat))
            spent[order[seat]] += time.perf_counter() - t
            decisions[order[seat]] += 1
        o = st.outcome
        assert o is not None
        for w in o.winners:
            won[order[w]] += 1
    parts = ", ".join(f"{k} won {100 * won[k] / games:.1f}% "
                      f"({1000 * spent[k] / max(1, decisions[k]):.0f} ms a decision)"
                      for k in kinds)
    print(f"2 players, {games} matches (seeds {first_seed}-{first_seed + games - 1}), "
          f"{' vs '.join(kinds)}"
          f"{f' (mcts {iterations:g} iterations)' if 'mcts' in kinds else ''}: {parts} "
          f"[{time.perf_counter() - start:.0f} s]", flush=True)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("what", choices=["balance", "versus"])
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--bots", default="greedy,random")
    p.add_argument("--iterations", type=float, default=200)
    p.add_argument("--first-seed", type=int, default=0)
    a = p.parse_args()
    if a.what == "balance":
        balance(a.players, a.games)
    else:
        versus(a.bots.split(","), a.games, a.iterations, a.first_seed)


if __name__ == "__main__":
    main()
