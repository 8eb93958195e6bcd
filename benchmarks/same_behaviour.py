"""Prints a hash of how every shipped game behaves, one line per game, to compare two checkouts.

For each game at two player counts, 12 seeded games are played by a seeded random chooser;
after every move the hash takes in the legal moves, the prompt in English and French, the new
events (kind, seat, texts, data, who sees them), the zones, vars, frames, every seat's view
(and the public one), whose decision it is and the outcome. Two checkouts that print the same
line for a game play it the same way; a line that differs names the game that changed.

    python benchmarks/same_behaviour.py            # every shipped game
    python benchmarks/same_behaviour.py deck-menteur coffre-et-cle --games 4
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import tabletop  # noqa: E402


def _dump(v: Any) -> str:
    return json.dumps(v, sort_keys=True, default=repr, ensure_ascii=False)


def _frames(st: Any) -> list[Any]:
    return [(f.index, sorted((k, repr(v)) for k, v in f.locals.items())) for f in st.frames]


def game_hash(game_id: str, games: int, max_moves: int) -> tuple[str, int]:
    game = tabletop.load(game_id)
    lo, hi = game.spec.min_players, game.spec.max_players
    counts = sorted({lo, min(hi, lo + 1)})
    h = hashlib.sha256()
    moves_played = 0
    for players in counts:
        for seed in range(games):
            st = game.new_game(players=players, seed=seed)
            chooser = random.Random(1000 + seed)
            seen = 0
            for _ in range(max_moves):
                legal = st.legal_moves()
                h.update(_dump([m.text for m in legal]).encode())
                h.update(_dump([st.prompt("en"), st.prompt("fr"), st.current_player]).encode())
                log = st.log
                h.update(_dump([e.to_dict() for e in log[seen:]]).encode())
                seen = len(log)
                h.update(_dump([st.zones, st.vars, _frames(st), st.round, st.turn]).encode())
                for seat in [None, *range(players)]:
                    h.update(_dump(st.view(seat)).encode())
                if st.is_over or not legal:
                    break
                st.play(chooser.choice(legal))
                moves_played += 1
            o = st.outcome
            h.update(_dump(None if o is None else [o.winners, o.scores, o.name]).encode())
    return h.hexdigest()[:16], moves_played


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game", nargs="*", help="game ids (default: every shipped game)")
    ap.add_argument("--games", type=int, default=12, help="seeded games per player count")
    ap.add_argument("--max-moves", type=int, default=2000, help="moves at most per game")
    a = ap.parse_args()
    ids = a.game or tabletop.games()
    total = hashlib.sha256()
    for gid in ids:
        digest, n = game_hash(gid, a.games, a.max_moves)
        total.update(digest.encode())
        print(f"{gid:20} {digest}  ({n} moves)")
    print(f"{'all':20} {total.hexdigest()[:16]}")


if __name__ == "__main__":
    main()
