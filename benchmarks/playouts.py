"""Random playouts per second for every shipped game (or the ones named), the cost of the hot
paths (legal_moves(), play(), copy()) and of one mcts move at its default setting, beside the
figures measured before the ruleset compiler (issue 15). Prints figures; asserts nothing.

    python benchmarks/playouts.py [GAME ...] [--seconds S] [--repeats N] [--no-mcts]

Each figure is the best of ``--repeats`` runs, timed in CPU seconds of this process
(``time.process_time``: the machine is shared, and CPU time is what other jobs disturb least).
``--json`` prints the figures as JSON instead of the table (to record a new baseline); run it
on another checkout with ``PYTHONPATH=that/checkout python benchmarks/playouts.py --json``.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

import tabletop
from tabletop.bots import decide, make_bot

clock = time.process_time  # CPU seconds of this process (see the docstring)

# Player counts to measure per game (default: the game's minimum).
PLAYERS: dict[str, list[int]] = {"push-to-five": [1, 2, 4, 6]}

# The mcts moves measured: game, players, seed of the game and of the bot.
MCTS_CASES: list[tuple[str, int, int]] = [("scoundrel", 1, 7), ("push-to-five", 2, 7),
                                          ("expedition-rivale", 2, 7), ("arcane-duel", 2, 7)]

# Today's figures, before the compiler: commit 6d821b8 (main, 2026-11-30), on the shared 2-core
# build machine (Python 3.11), best of 3 runs of 2 CPU seconds, measured side by side with the
# new code: `PYTHONPATH=<checkout of 6d821b8> python benchmarks/playouts.py --json`.
# key "game/players": moves/s, legal_moves us, copy us, copy+play us (one copy, the listing
# and the play of the first legal move); "mcts game/players": CPU seconds for one mcts move at
# the default setting (200 iterations) on the game's first real decision, and the move chosen.
BASELINE: dict[str, dict[str, Any]] = {
    "arcane-arena/2": {"moves/s": 10333, "legal_moves": 33.2, "copy": 9.3,
        "copy+play": 122.4},
    "arcane-duel/2": {"moves/s": 10203, "legal_moves": 51.4, "copy": 7.0,
        "copy+play": 111.4},
    "aria/2": {"moves/s": 10185, "legal_moves": 32.2, "copy": 7.4,
        "copy+play": 112.4},
    "coffre-et-cle/4": {"moves/s": 9545, "legal_moves": 28.8, "copy": 4.6,
        "copy+play": 96.7},
    "deck-menteur/2": {"moves/s": 19575, "legal_moves": 11.9, "copy": 5.5,
        "copy+play": 43.4},
    "expedition-rivale/2": {"moves/s": 12510, "legal_moves": 23.6, "copy": 3.7,
        "copy+play": 98.5},
    "mcts arcane-duel/2": {"seconds": 0.365, "move": "draw"},
    "mcts expedition-rivale/2": {"seconds": 0.348, "move": "draw"},
    "mcts push-to-five/2": {"seconds": 1.348, "move": "flip"},
    "mcts scoundrel/1": {"seconds": 0.097, "move": "equip 7D"},
    "push-to-five/1": {"moves/s": 13223, "legal_moves": 28.1, "copy": 2.6,
        "copy+play": 68.5},
    "push-to-five/2": {"moves/s": 14998, "legal_moves": 28.0, "copy": 3.3,
        "copy+play": 69.8},
    "push-to-five/4": {"moves/s": 15240, "legal_moves": 28.2, "copy": 3.7,
        "copy+play": 71.4},
    "push-to-five/6": {"moves/s": 15919, "legal_moves": 28.0, "copy": 4.4,
        "copy+play": 72.7},
    "pyramide-escape/1": {"moves/s": 10262, "legal_moves": 19.1, "copy": 3.8,
        "copy+play": 98.3},
    "scoundrel/1": {"moves/s": 14295, "legal_moves": 32.9, "copy": 3.0,
        "copy+play": 69.3},
}


def playouts(game_id: str, players: int, seconds: float) -> tuple[float, float]:
    game = tabletop.load(game_id)
    rng = random.Random(1)
    games = moves = 0
    start = clock()
    while clock() - start < seconds:
        st = game.new_game(players=players, seed=games)
        while not st.is_over:
            st.play(rng.choice(st.legal_moves()))
            moves += 1
        games += 1
    elapsed = clock() - start
    return games / elapsed, moves / elapsed


def _states(game_id: str, players: int) -> list[Any]:
    game = tabletop.load(game_id)
    rng = random.Random(2)
    states = []
    st = game.new_game(players=players, seed=3)
    while len(states) < 200:
        if st.is_over:
            st = game.new_game(players=players, seed=len(states) + 4)
        states.append(st.copy())
        st.play(rng.choice(st.legal_moves()))
    return states


def hot_paths(game_id: str, players: int, n: int = 2000) -> dict[str, float]:
    states = _states(game_id, players)
    fresh = [s.copy() for s in states]  # legal moves never asked, so none cached
    out = {}
    t = clock()
    for i in range(n):
        s = fresh[i % len(fresh)].copy()
        s.legal_moves()
    lm_and_copy = (clock() - t) / n * 1e6
    t = clock()
    for i in range(n):
        states[i % len(states)].copy()
    out["copy"] = (clock() - t) / n * 1e6
    out["legal_moves"] = max(0.0, lm_and_copy - out["copy"])
    t = clock()
    for i in range(n):
        s = states[i % len(states)].copy()
        s.play(s.legal_moves()[0])
    out["copy+play"] = (clock() - t) / n * 1e6
    return out


def mcts_move(game_id: str, players: int, seed: int) -> tuple[float, str]:
    """Seconds for one mcts move at the default setting on the first decision of a seeded game,
    and the move chosen."""
    st = tabletop.load(game_id).new_game(players=players, seed=seed)
    while len(st.legal_moves()) < 2:
        st.play(st.legal_moves()[0])
    seat = st.current_player
    assert seat is not None
    bot = make_bot("mcts", seed=seed)
    t = clock()
    move = decide(bot, st, seat)
    return clock() - t, move.text


def measure(games: list[str], seconds: float, repeats: int, mcts: bool
            ) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for gid in games:
        spec = tabletop.load(gid).spec
        for players in PLAYERS.get(gid, [spec.min_players]):
            best: dict[str, float] = {}
            for _ in range(repeats):
                _, per_move = playouts(gid, players, seconds)
                hp = hot_paths(gid, players)
                best["moves/s"] = max(best.get("moves/s", 0.0), per_move)
                for k, v in hp.items():
                    best[k] = min(best.get(k, float("inf")), v)
            out[f"{gid}/{players}"] = best
    if mcts:
        for gid, players, seed in MCTS_CASES:
            if gid not in games:
                continue
            times, chosen = [], ""
            for _ in range(repeats):
                sec, chosen = mcts_move(gid, players, seed)
                times.append(sec)
            out[f"mcts {gid}/{players}"] = {"seconds": min(times), "move": chosen}
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("games", nargs="*", help="game ids (default: all shipped games)")
    p.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    p.add_argument("--repeats", type=int, default=3, help="runs per figure (the best is kept)")
    p.add_argument("--no-mcts", action="store_true", help="skip the mcts moves")
    p.add_argument("--json", action="store_true", help="print the figures as JSON")
    a = p.parse_args()
    figures = measure(a.games or tabletop.games(), a.seconds, a.repeats, not a.no_mcts)
    if a.json:
        print(json.dumps(figures, indent=1, sort_keys=True))
        return
    print(f"{'game/players':22} {'moves/s (before)':>20} {'legal_moves us':>16} "
          f"{'copy us':>14} {'copy+play us':>15}")
    for key, f in figures.items():
        b = BASELINE.get(key, {})
        if key.startswith("mcts "):
            was = b.get("seconds")
            ratio = f" x{was / f['seconds']:.1f}" if was else ""
            same = ("" if not b else " (same move)" if b.get("move") == f["move"]
                    else f" (before: {b.get('move')})")
            print(f"{key:30} {f['seconds']:6.2f} s/move (before {was or 0:5.2f} s){ratio}; "
                  f"chose {f['move']!r}{same}")
            continue

        def pair(k: str, fmt: str, f: dict[str, Any] = f, b: dict[str, Any] = b) -> str:
            was = b.get(k)
            return f"{f[k]:{fmt}} ({was:{fmt}})" if was is not None else f"{f[k]:{fmt}}"
        ratio = f" x{f['moves/s'] / b['moves/s']:.1f}" if b.get("moves/s") else ""
        print(f"{key:22} {pair('moves/s', '7.0f'):>15}{ratio:5} "
              f"{pair('legal_moves', '5.1f'):>16} {pair('copy', '5.1f'):>14} "
              f"{pair('copy+play', '6.1f'):>15}")


if __name__ == "__main__":
    main()
