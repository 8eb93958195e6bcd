"""Deck menteur: seat balance and game length over random games. Prints figures; asserts nothing.

    python benchmarks/deck_menteur.py --games 1000            # 2, 3 and 4 players
    python benchmarks/deck_menteur.py --games 1000 --option deal=refill
    python benchmarks/deck_menteur.py --habits 30      # how the mcts bot lies and accuses

Seats are counted twice: by seat number, and by place in the order from the player who lays
first in round 1 (drawn at random), since that is the seat a rule could favour.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import tabletop
from tabletop.bots import MctsBot, RandomBot, decide


def run(players: int, games: int, options: dict[str, str]) -> None:
    g = tabletop.load("deck-menteur")
    start = time.perf_counter()
    by_seat = [0] * players
    by_place = [0] * players
    moves: list[int] = []
    rounds: list[int] = []
    lies = challenges = 0
    for seed in range(games):
        rng = random.Random(seed)
        st = g.new_game(players=players, seed=seed, options=options)
        first = st.turn_seat
        while not st.is_over:
            st.play(rng.choice(st.legal_moves()))
        o = st.outcome
        assert o is not None
        w = o.winners[0]
        by_seat[w] += 1
        by_place[(w - first) % players] += 1
        moves.append(len(st.history))
        rounds.append(st.vars["round_no"])
        for e in st.log:
            if e.kind == "log" and e.text.get("en", "").startswith("accuses "):
                challenges += 1
                lies += e.text["en"].endswith("a lie")
    elapsed = time.perf_counter() - start
    seats = ", ".join(f"{100 * n / games:.1f}%" for n in by_seat)
    places = ", ".join(f"{100 * n / games:.1f}%" for n in by_place)
    print(f"{players} players, {games} random games {options or ''}: wins by seat {seats}; "
          f"by place from the first to lay {places}; moves mean {statistics.mean(moves):.0f} "
          f"(max {max(moves)}); rounds mean {statistics.mean(rounds):.1f} (max {max(rounds)});"
          f" challenges that found a lie {100 * lies / max(1, challenges):.0f}% "
          f"[{elapsed:.1f} s]", flush=True)


def habits(games: int, iterations: int) -> None:
    """The MCTS bot (seat 1) against a random bot, 2 players: its lies and accusations."""
    g = tabletop.load("deck-menteur")
    letters = {"clubs": "C", "spades": "S", "diamonds": "D"}
    plays = lies = turns = accusations = found = 0
    for seed in range(games):
        st = g.new_game(players=2, seed=seed)
        bots = [MctsBot(seed=seed, iterations=iterations), RandomBot(seed=seed)]
        while not st.is_over:
            seat = st.current_player
            assert seat is not None
            move = decide(bots[seat], st, seat)
            fresh = seat == 0 and st.pending is None and st.vars["this_play"] == 0
            turns += fresh
            events = st.play(move)
            if fresh and move.text == "accuse":
                accusations += 1
                found += st.vars["verdict"] == "lie"
            if seat == 0 and any(e.text.get("en", "").startswith("lays ") for e in events):
                plays += 1
                laid = [st.spec.cards[u] for u in st.zones["laid/0"]]
                laid = laid[len(laid) - st.vars["last_count/0"]:]
                letter = letters[st.vars["suit"]]
                lies += any(c.suit != letter and c.code != "joker" for c in laid)
    rate = 100 * accusations / max(1, turns)
    print(f"mcts ({iterations} iterations) against random, {games} games: {plays} plays, "
          f"{100 * lies / max(1, plays):.0f}% lies; accused on {rate:.0f}% of its turns; "
          f"{100 * found / max(1, accusations):.0f}% of its accusations found a lie")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--players", default="2,3,4")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    p.add_argument("--habits", type=int, default=0, metavar="GAMES",
                   help="instead: the mcts bot's lies and accusations over GAMES games")
    p.add_argument("--iterations", type=int, default=30)
    a = p.parse_args()
    if a.habits:
        habits(a.habits, a.iterations)
        return
    options = dict(o.split("=", 1) for o in a.option)
    for n in a.players.split(","):
        run(int(n), a.games, options)


if __name__ == "__main__":
    main()
