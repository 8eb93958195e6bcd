"""Random playouts per second for every shipped game (or the ones named), and the cost of the
hot paths: legal_moves(), play(), copy(). Prints figures; asserts nothing.

    python benchmarks/playouts.py [GAME ...] [--seconds S]
"""

from __future__ import annotations

import argparse
import random
import time

import tabletop

# Player counts to measure per game (default: the game's minimum).
PLAYERS: dict[str, list[int]] = {"push-to-five": [1, 2, 4, 6]}


def playouts(game_id: str, players: int, seconds: float) -> tuple[float, float]:
    game = tabletop.load(game_id)
    rng = random.Random(1)
    games = moves = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        st = game.new_game(players=players, seed=games)
        while not st.is_over:
            st.play(rng.choice(st.legal_moves()))
            moves += 1
        games += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, moves / elapsed


def hot_paths(game_id: str, players: int, n: int = 2000) -> dict[str, float]:
    game = tabletop.load(game_id)
    rng = random.Random(2)
    states = []
    st = game.new_game(players=players, seed=3)
    while len(states) < 200:
        if st.is_over:
            st = game.new_game(players=players, seed=len(states) + 4)
        states.append(st.copy())
        st.play(rng.choice(st.legal_moves()))
    out = {}
    t = time.perf_counter()
    for i in range(n):
        s = states[i % len(states)]
        s._legal = None  # measure the generation, not the cache
        s.legal_moves()
    out["legal_moves"] = (time.perf_counter() - t) / n * 1e6
    t = time.perf_counter()
    for i in range(n):
        states[i % len(states)].copy()
    out["copy"] = (time.perf_counter() - t) / n * 1e6
    t = time.perf_counter()
    for i in range(n):
        s = states[i % len(states)].copy()
        s.play(s.legal_moves()[0])
    out["copy+play"] = (time.perf_counter() - t) / n * 1e6
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("games", nargs="*", help="game ids (default: all shipped games)")
    p.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    a = p.parse_args()
    for gid in a.games or tabletop.games():
        spec = tabletop.load(gid).spec
        for players in PLAYERS.get(gid, [spec.min_players]):
            per_game, per_move = playouts(gid, players, a.seconds)
            hp = hot_paths(gid, players)
            print(f"{gid:20} {players} player(s): {per_game:8.0f} playouts/s "
                  f"{per_move:9.0f} moves/s | legal_moves {hp['legal_moves']:6.1f} us, "
                  f"copy {hp['copy']:5.1f} us, copy+play {hp['copy+play']:6.1f} us")


if __name__ == "__main__":
    main()
