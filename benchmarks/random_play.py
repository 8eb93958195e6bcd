"""What uniformly random play shows about a game. Prints figures; asserts nothing.

    python benchmarks/random_play.py GAME [--games N] [--players P] [--option NAME=VALUE ...]
                                          [--key VIEW_KEY] [--count MOVE ...]

Plays the seeded games 0..N-1 with tabletop.testing.random_game (each legal move equally
likely, the engine's invariants checked) and prints: the share of games won by each seat in
the order of play (1 = the first to play; a shared win is split), the share with no winner,
the mean number of moves, the share of each outcome (by the ruleset's outcome names), the mean
of a final view key (``--key``, seat 0's view), and for each ``--count`` notation the number
of times it was played, by seat in the order of play.
"""

from __future__ import annotations

import argparse
from collections import Counter

import tabletop
from tabletop.testing import random_game


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("game")
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--players", type=int, default=None)
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    p.add_argument("--key", help="a view key whose final value is averaged")
    p.add_argument("--count", action="append", default=[], metavar="MOVE",
                   help="a move notation to count, by seat in the order of play")
    a = p.parse_args()
    game = tabletop.load(a.game)
    players = a.players or max(1, min(2, game.spec.max_players))
    options = dict(o.split("=", 1) for o in a.option)
    wins = [0.0] * players
    nobody = 0
    moves = 0
    key_total = 0.0
    counts: dict[str, Counter[int]] = {m: Counter() for m in a.count}
    endings: Counter[str] = Counter()
    for seed in range(a.games):
        st = random_game(game, seed, players, options)
        first = st.first_seat
        assert st.outcome is not None
        winners = st.outcome.winners
        if not winners:
            nobody += 1
        for w in winners:
            wins[(w - first) % players] += 1 / len(winners)
        moves += st.move_count
        endings[st.outcome.name] += 1
        if a.key:
            key_total += float(st.view(0)[a.key])
        for (seat, _m, _t, _r), text in zip(st.turn_log, st.history, strict=True):
            if text in counts:
                counts[text][(seat - first) % players] += 1
    n = a.games
    print(f"{a.game}, {players} player(s), options {options or 'default'}, {n} games")
    print("  wins by seat in the order of play: "
          + " ".join(f"{w / n:6.1%}" for w in wins) + f"; no winner {nobody / n:6.1%}")
    print(f"  moves per game: {moves / n:.1f}")
    print("  outcomes: " + ", ".join(f"{k} {v / n:.1%}" for k, v in endings.most_common()))
    if a.key:
        print(f"  mean final {a.key}: {key_total / n:.2f}")
    for text, c in counts.items():
        print(f"  '{text}' played: " + ", ".join(f"seat {i + 1}: {c[i]}" for i in range(players)))


if __name__ == "__main__":
    main()
