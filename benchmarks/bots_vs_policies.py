"""The bots against fixed policies, 2 players: win rates with 95% intervals (Wilson). Prints
figures; asserts nothing (issue 34: bots worth playing against).

    python benchmarks/bots_vs_policies.py --games 1000                  # every pairing
    python benchmarks/bots_vs_policies.py --games 200 --only deck-menteur --bots greedy
    python benchmarks/bots_vs_policies.py --games 100 --mcts-iterations 100 --workers 2

The policies are fixed (they never look at the position):
  always   accuses whenever it may, else a random legal move (Deck menteur)
  never    never accuses unless nothing else is legal, else a random legal move (Deck menteur)
  random   a uniformly random legal move (every game)
The bot sits in seat 1 in even games, seat 2 in odd ones, so the first player is mixed too.
Each game's seed is its index: the figures are the same from run to run, whatever
``--workers`` (mcts's time cap is a guard that a move at these settings never reaches).
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import time
from typing import Any

import tabletop
from tabletop.analysis.stats import wilson
from tabletop.bots import RandomBot, decide, make_bot
from tabletop.engine.state import Move, State

PAIRINGS = {
    "deck-menteur": ["always", "never", "random"],
    "arcane-duel": ["random"],
}


class Policy:
    """A fixed policy: a move whose id is ``prefer`` when there is one, else a random legal
    move whose id is not ``avoid`` (a random legal move when only those are left)."""

    def __init__(self, seed: int, prefer: str | None = None, avoid: str | None = None
                 ) -> None:
        self.rng = random.Random(seed)
        self.prefer, self.avoid = prefer, avoid
        self.name = "policy"

    def choose(self, seat: int, view: dict[str, Any], legal: list[Move], sample: Any
               ) -> Move:
        preferred = [m for m in legal if m.move_id == self.prefer]
        if preferred:
            return self.rng.choice(preferred)
        allowed = [m for m in legal if m.move_id != self.avoid]
        return self.rng.choice(allowed or legal)


def policy(name: str, seed: int) -> Any:
    if name == "always":
        return Policy(seed, prefer="accuse")
    if name == "never":
        return Policy(seed, avoid="accuse")
    return RandomBot(seed)


def _card(move: Move) -> Any:
    return dict(move.args).get("card")


def one_game(job: tuple[str, str, dict[str, float], str, int]
             ) -> tuple[bool, int, float, int, int]:
    """Game ``index`` of a pairing: did the bot win, its moves, its thinking seconds, and how
    often it discarded a card it could have played, and played one it could have discarded
    (the moves ``discard CARD`` and ``play CARD ...``, as Arcane Duel names them)."""
    gid, kind, settings, against, index = job
    st: State = tabletop.load(gid).new_game(players=2, seed=index)
    me = index % 2
    players = [policy(against, index * 2 + 1), policy(against, index * 2 + 1)]
    players[me] = make_bot(kind, seed=index, **settings)
    moves, thought, wasted, played = 0, 0.0, 0, 0
    while not st.is_over:
        seat = st.current_player
        assert seat is not None
        if seat == me:
            legal = st.legal_moves()
            start = time.perf_counter()
            move = decide(players[seat], st, seat)
            thought += time.perf_counter() - start
            moves += 1
            playable = {_card(m) for m in legal if m.move_id in ("play", "attack")}
            discardable = {_card(m) for m in legal if m.move_id == "discard"}
            if move.move_id == "discard" and _card(move) in playable:
                wasted += 1
            elif move.move_id in ("play", "attack") and _card(move) in discardable:
                played += 1
        else:
            move = decide(players[seat], st, seat)
        st.play(move)
    assert st.outcome is not None
    return me in st.outcome.winners, moves, thought, wasted, played


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--only", action="append", choices=sorted(PAIRINGS),
                   help="these games only (default: all)")
    p.add_argument("--bots", default="greedy,mcts")
    p.add_argument("--mcts-iterations", type=int, default=200)
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--against", help="these policies only (comma-separated)")
    a = p.parse_args()
    settings = {"greedy": {}, "mcts": {"iterations": float(a.mcts_iterations)}}
    with multiprocessing.Pool(a.workers) as pool:
        for gid in a.only or sorted(PAIRINGS):
            for kind in a.bots.split(","):
                for against in PAIRINGS[gid]:
                    if a.against and against not in a.against.split(","):
                        continue
                    start = time.perf_counter()
                    jobs = [(gid, kind, settings.get(kind, {}), against, i)
                            for i in range(a.games)]
                    results = pool.map(one_game, jobs, chunksize=4)
                    wins = sum(r[0] for r in results)
                    moves = sum(r[1] for r in results)
                    thought = sum(r[2] for r in results)
                    wasted = sum(r[3] for r in results)
                    played = sum(r[4] for r in results)
                    habits = "" if not wasted + played else (
                        f"; of the cards it could play or discard, it played {played} and "
                        f"discarded {wasted}")
                    lo, hi = wilson(wins, a.games)
                    label = kind if kind != "mcts" else f"mcts ({a.mcts_iterations} iterations)"
                    print(f"{gid}: {label} against {against}: wins {100 * wins / a.games:.1f}% "
                          f"[{100 * lo:.1f}, {100 * hi:.1f}] of {a.games} games; "
                          f"{1000 * thought / max(1, moves):.0f} ms a move{habits} "
                          f"[{time.perf_counter() - start:.0f} s]", flush=True)


if __name__ == "__main__":
    main()
