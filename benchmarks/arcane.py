"""The rounds inside Arcane Arena and Aria matches (docs/designers/<id>.md, "What the numbers
say"). Prints figures; asserts nothing.

    python benchmarks/arcane.py random arcane-arena --games 1000 --players 2,3,4

Seeded random matches: how often the seat that starts the match wins it, match length in
moves, rounds per match, and how the rounds ended (last wizard standing, nobody able to act,
everyone falling together), read from the log. Seat balance, length and bot against bot
without the rounds: tabletop simulate GAME --seat 1=bot:mcts (docs/simulate.md).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import tabletop


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


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("what", choices=["random"])
    p.add_argument("game", choices=["arcane-arena", "aria"])
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--players", default="2,3,4")
    a = p.parse_args()
    for n in a.players.split(","):
        random_matches(a.game, int(n), a.games)


if __name__ == "__main__":
    main()
