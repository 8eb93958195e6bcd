"""What simple fixed policies show about Push to Five. Prints figures; asserts nothing.

    python benchmarks/push_to_five.py [--turns N] [--games N] [--option NAME=VALUE ...]

Only the public API is used (new_game, legal_moves, play, view, outcome). A policy reads the
seat's view and answers flip / stop / reshuffle:

- ``upto N``: flip until the turn holds N points or more, then stop (at a full pass: reshuffle
  while below N, else stop);
- ``beat``: like ``upto 15``, but in the last round it goes on until it beats the best turn
  already scored (``max(best) + 1``);
- ``random``: a uniformly random legal move.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable
from fractions import Fraction
from functools import lru_cache
from typing import Any

import tabletop

Policy = Callable[[dict[str, Any], list[str], random.Random], str]
GAME = "push-to-five"


def upto(n: int) -> Policy:
    def policy(view: dict[str, Any], legal: list[str], rng: random.Random) -> str:
        if view["turn_points"] >= n and "stop" in legal:
            return "stop"
        if "reshuffle" in legal:
            return "reshuffle"
        return next(m for m in legal if m.startswith("flip"))

    return policy


def beat(view: dict[str, Any], legal: list[str], rng: random.Random) -> str:
    best = [b for b in view["best"] if b is not None]
    goal = max([15] + [b + 1 for b in best if b >= 15])
    return upto(goal)(view, legal, rng)


def random_policy(view: dict[str, Any], legal: list[str], rng: random.Random) -> str:
    return rng.choice(legal)


def one_turn_stats(policy: Policy, turns: int, options: dict[str, str],
                   seed: int = 1) -> dict[str, float]:
    """Play `turns` solo turns with `policy` (10-round solo games) and measure them."""
    game = tabletop.load(GAME)
    rng = random.Random(seed)
    points: list[int] = []
    passes = 0
    s = 0
    while len(points) < turns:
        st = game.new_game(players=1, seed=seed * 100_000 + s,
                           options={**options, "solo_rounds": "10"})
        s += 1
        while not st.is_over:
            view = st.view(0)
            legal = [m.text for m in st.legal_moves()]
            move = policy(view, legal, rng)
            if move == "reshuffle":
                passes += 1
            before = view["round"]
            st.play(move)
            if st.view(0)["round"] != before:  # the turn ended: its points joined the total
                points.append(st.view(0)["solo_total"] - view["solo_total"])
    n = len(points)
    return {
        "mean": sum(points) / n,
        "bust": sum(1 for p in points if p == 0) / n,
        "reach15": sum(1 for p in points if p >= 15) / n,
        "max": max(points),
        "reshuffles": passes / n,
    }


def exact_upto(n: int, card_list: str) -> tuple[float, float, float]:
    """The same figures for ``upto n`` computed exactly from the rules as the docs state them
    (every order of the face-down cards equally likely), independently of the engine:
    (mean points, share of turns ending at 0, share of turns reaching 15)."""
    cards = (("+3", "+5") if card_list == "material" else ("+1", "+3")) + ("x2", "protect", "lose")

    @lru_cache(None)
    def go(points: int, shield: bool, left: tuple[str, ...]) -> dict[int, Fraction]:
        if points >= n and len(left) < len(cards):
            return {points: Fraction(1)}
        if not left:  # a full pass below n: reshuffle and go on
            return go(points, shield, cards)
        out: dict[int, Fraction] = {}
        for i, c in enumerate(left):
            rest = left[:i] + left[i + 1:]
            if c == "lose":
                d = go(points, False, rest) if shield else {0: Fraction(1)}
            elif c == "x2":
                d = go(points * 2, shield, rest)
            elif c == "protect":
                d = go(points, True, rest)
            else:
                d = go(points + int(c), shield, rest)
            for k, v in d.items():
                out[k] = out.get(k, Fraction(0)) + v / len(left)
        return out

    dist = go(0, False, cards)
    return (float(sum(k * v for k, v in dist.items())), float(dist.get(0, Fraction(0))),
            float(sum(v for k, v in dist.items() if k >= 15)))


def table_game(policies: list[Policy], seed: int, options: dict[str, str]
               ) -> tuple[tuple[int, ...], int, int, int]:
    """One game; returns the winners, the first seat, the number of moves and rounds."""
    game = tabletop.load(GAME)
    rng = random.Random(seed)
    st = game.new_game(players=len(policies), seed=seed, options=options)
    first = st.current_player
    assert first is not None
    while not st.is_over:
        seat = st.current_player
        assert seat is not None
        view = st.view(seat)
        st.play(policies[seat](view, [m.text for m in st.legal_moves()], rng))
    assert st.outcome is not None
    return st.outcome.winners, first, st.move_count, st.view(0)["round"] - 1


def one_turn_table(turns: int, options: dict[str, str]) -> None:
    print(f"\n1. One turn, {turns} turns per policy")
    print(f"{'policy':>10} {'mean pts':>9} {'bust':>7} {'>=15':>7} {'max':>5} {'reshuffles':>11}"
          f" | exact: {'mean':>6} {'bust':>7} {'>=15':>7}")
    thresholds = (1, 3, 5, 8, 10, 13, 15, 16, 17, 20, 25, 30, 40, 50, 60, 80)
    policies: list[tuple[str, Policy]] = [("random", random_policy)]
    policies += [(f"upto {n}", upto(n)) for n in thresholds]
    for name, pol in policies:
        r = one_turn_stats(pol, turns, options)
        line = (f"{name:>10} {r['mean']:9.2f} {r['bust']:7.1%} {r['reach15']:7.1%} "
                f"{int(r['max']):5d} {r['reshuffles']:11.3f}")
        if name != "random":
            mean, bust, reach = exact_upto(int(name.split()[1]),
                                           options.get("cards", "material"))
            line += f" |        {mean:6.2f} {bust:7.1%} {reach:7.1%}"
        print(line)


def game_lengths(games: int, options: dict[str, str]) -> None:
    print(f"\n2. Random play, {games} games per table size")
    for players in (2, 3, 4, 6):
        lengths: list[int] = []
        rounds: list[int] = []
        for seed in range(games):
            _w, _f, moves, r = table_game([random_policy] * players, seed, options)
            lengths.append(moves)
            rounds.append(r)
        lengths.sort()
        print(f"  {players} players: moves mean {sum(lengths) / len(lengths):6.1f}, "
              f"99th pct {lengths[int(len(lengths) * 0.99)]}, max {lengths[-1]}; "
              f"rounds mean {sum(rounds) / len(rounds):5.1f}, max {max(rounds)}")


def seat_order(games: int, options: dict[str, str]) -> None:
    print(f"\n3. Who wins: seat in the order of play (1 = first to play), {games} games")
    for players in (2, 4, 6):
        tables: list[tuple[str, list[Policy]]] = [("all 'upto 15'", [upto(15)] * players),
                                                  ("all 'beat'", [beat] * players)]
        for label, pols in tables:
            wins = [0.0] * players
            rounds = 0
            for seed in range(games):
                winners, first, _m, r = table_game(pols, seed, options)
                rounds += r
                for w in winners:
                    wins[(w - first) % players] += 1 / len(winners)
            shares = " ".join(f"{w / games:5.1%}" for w in wins)
            print(f"  {players} players, {label:14}: by order {shares}; "
                  f"rounds mean {rounds / games:4.2f}")


def beat_versus_upto(games: int, options: dict[str, str]) -> None:
    print(f"\n4. One 'beat' player against 'upto N' players, {games} games, seat of 'beat'"
          " rotates")
    for players in (2, 4):
        for n in (5, 15, 20):
            won = 0.0
            for seed in range(games):
                me = seed % players
                pols = [upto(n)] * players
                pols[me] = beat
                winners, _f, _m, _r = table_game(pols, seed, options)
                if me in winners:
                    won += 1 / len(winners)
            print(f"  {players} players, beat vs upto {n:2}: beat wins {won / games:6.1%} "
                  f"(fair share {1 / players:5.1%})")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--turns", type=int, default=20000, help="turns per single-turn policy")
    p.add_argument("--games", type=int, default=4000, help="games per table measurement")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    a = p.parse_args()
    options = dict(o.split("=", 1) for o in a.option)
    print(f"Push to Five, options {options or 'default'}")
    one_turn_table(a.turns, options)
    game_lengths(a.games, options)
    seat_order(a.games, options)
    beat_versus_upto(a.games, options)


if __name__ == "__main__":
    main()
