"""Arcane Duel's rounds: how often the opener of a match and of a round wins it, match and
round lengths, over random matches. Prints figures; asserts nothing.

    python benchmarks/arcane_duel.py balance --players 2 --games 1000

Bots against each other: tabletop simulate arcane-duel --seat 1=bot:greedy (docs/simulate.md).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import tabletop


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


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("what", choices=["balance"])
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--games", type=int, default=1000)
    a = p.parse_args()
    balance(a.players, a.games)


if __name__ == "__main__":
    main()
