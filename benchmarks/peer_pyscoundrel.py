"""Scoundrel random playouts side by side: tabletop's YAML ruleset against pyscoundrel, a
hand-written Python Scoundrel engine on PyPI, both driven by the same uniform random policy in
one run. Prints figures; asserts nothing.

    pip install pyscoundrel==0.1.7     # only for this script; not a dependency of tabletop
    python benchmarks/peer_pyscoundrel.py [--seconds S] [--rounds R]

Both engines are timed in CPU seconds of this process (``time.process_time``).

Compare moves per second: the two engines implement different rules (pyscoundrel lets you
avoid while any room is full, we follow the draft's rules and options) and their games differ
in length. A move is one decision of the player: avoid the room, or face one card of it (and,
for a monster, with the weapon or bare-handed). Drawing a room is not a decision in either.

pyscoundrel 0.1.7's wheel ships without its default dungeon file, so this script writes one in
a temporary folder: the standard 44 cards (monsters 2-14 of clubs and spades, weapons 2-10 of
diamonds, potions 2-10 of hearts).
"""

from __future__ import annotations

import argparse
import importlib
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import tabletop

RANKS = {11: "Jack", 12: "Queen", 13: "King", 14: "Ace"}
clock = time.process_time  # CPU seconds of this process, as benchmarks/playouts.py (the
                           # machine is shared: CPU time is what other jobs disturb least)


def dungeon_yaml() -> str:
    lines = ['version: "1.0"', "cards:"]

    def card(cid: str, name: str, kind: str, value: int) -> None:
        lines.append(f'  - {{id: "{cid}", name: "{name}", type: {kind}, value: {value}, '
                     f"count: 1}}")

    for suit in ("Clubs", "Spades"):
        for v in range(2, 15):
            card(f"{suit[0]}{v}", f"{RANKS.get(v, v)} of {suit}", "monster", v)
    for v in range(2, 11):
        card(f"D{v}", f"{v} of Diamonds", "weapon", v)
        card(f"H{v}", f"{v} of Hearts", "health_potion", v)
    return "\n".join(lines) + "\n"


def peer_playouts(seconds: float, dungeon_path: Path) -> tuple[float, float, int]:
    """Games/s and moves/s of pyscoundrel's engine under a uniform random policy."""
    ps_dungeon: Any = importlib.import_module("pyscoundrel.dungeon")
    ps_engine: Any = importlib.import_module("pyscoundrel.game.engine")
    ps_state: Any = importlib.import_module("pyscoundrel.game.state")
    ps_models: Any = importlib.import_module("pyscoundrel.models")
    phase, monster = ps_state.GamePhase, ps_models.CardType.MONSTER
    dungeon = ps_dungeon.Dungeon(dungeon_path)
    rng = random.Random(1)
    games = moves = wins = 0
    start = clock()
    while clock() - start < seconds:
        engine = ps_engine.GameEngine(seed=games, dungeon=dungeon)
        engine.start_game()
        st = engine.state
        while not engine.is_game_over:
            if st.phase in (phase.DRAW_ROOM, phase.TURN_COMPLETE):
                engine.draw_room()
                continue
            room, player = st.current_room, st.player
            choices: list[tuple[int, str]] = []
            if st.phase == phase.DECIDE_AVOID and st.can_avoid_room:
                choices.append((-1, "avoid"))
            for i, c in enumerate(room.cards):
                if c in room.cards_faced:
                    continue
                if c.card_type == monster:
                    choices.append((i, "barehanded"))
                    if player.has_weapon and player.equipped_weapon.can_kill(c):
                        choices.append((i, "weapon"))
                else:
                    choices.append((i, "auto"))
            idx, how = rng.choice(choices)
            moves += 1
            if how == "avoid":
                engine.avoid_room()
                continue
            card = room.cards[idx]
            engine.face_card(idx)
            if how == "weapon":
                engine.fight_monster_with_weapon(card)
            elif how == "barehanded":
                engine.fight_monster_barehanded(card)
        wins += bool(st.victory)
        games += 1
    elapsed = clock() - start
    return games / elapsed, moves / elapsed, wins


def our_playouts(seconds: float) -> tuple[float, float, int]:
    game = tabletop.load("scoundrel")
    rng = random.Random(1)
    games = moves = wins = 0
    start = clock()
    while clock() - start < seconds:
        st = game.new_game(seed=games)
        while not st.is_over:
            st.play(rng.choice(st.legal_moves()))
            moves += 1
        outcome = st.outcome
        wins += bool(outcome is not None and outcome.winners)
        games += 1
    elapsed = clock() - start
    return games / elapsed, moves / elapsed, wins


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    p.add_argument("--rounds", type=int, default=3,
                   help="alternate the two engines this many times; the best round counts")
    a = p.parse_args()
    try:
        importlib.import_module("pyscoundrel")
    except ImportError:
        print("pyscoundrel is not installed here: `pip install pyscoundrel==0.1.7` "
              "(it is needed only by this script).", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "default_dungeon.yaml"
        path.write_text(dungeon_yaml(), encoding="utf-8")
        ours: list[tuple[float, float, int]] = []
        peer: list[tuple[float, float, int]] = []
        for _ in range(max(1, a.rounds)):
            ours.append(our_playouts(a.seconds))
            peer.append(peer_playouts(a.seconds, path))
    best_ours, best_peer = max(ours, key=lambda r: r[1]), max(peer, key=lambda r: r[1])
    print(f"{'engine':20} {'games/s':>9} {'moves/s':>10} {'moves/game':>11} {'games won':>10}")
    for name, (gps, mps, won) in (("tabletop (YAML)", best_ours), ("pyscoundrel 0.1.7", best_peer)):
        print(f"{name:20} {gps:9.0f} {mps:10.0f} {mps / gps:11.1f} {won:10d}")
    print(f"tabletop / pyscoundrel, moves per second: {best_ours[1] / best_peer[1]:.2f}x "
          f"(best of {len(ours)} alternating rounds of {a.seconds:g} CPU s each)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
