"""Random-play invariants for Push to Five: 10,000 seeded games over solo, 2, 4 and 6 players
and the options (marked soak), a short version in the normal suite, a golden-free replay check.

Checked after every move: every card accounted for (5, from the option's list), the turn's points
and the pending Protection equal a fresh computation from the cards flipped this turn, a full
pass exactly when no card is face down, best turns never fall; at the end: the scores and the
winners agree with the best turns (solo: the total of the turns), the game ended by its rules
and not by max_moves (random_game fails on that), and replay reproduces the end.
"""

from __future__ import annotations

import functools
from typing import Any

import pytest

import tabletop
from tabletop.testing import check_every_step, check_roundtrip, random_game, replay

POINTS = {"+1": 1, "+3": 3, "+5": 5}


@functools.cache
def game() -> tabletop.Game:
    return tabletop.load("push-to-five")


def turn_from_cards(codes: list[str]) -> tuple[int, bool, bool]:
    """(points, protection pending, lost everything) after flipping `codes` in order."""
    points, shield = 0, False
    for code in codes:
        if code in POINTS:
            points += POINTS[code]
        elif code == "x2":
            points *= 2
        elif code == "protect":
            shield = True
        elif code == "lose":
            if not shield:
                return 0, False, True
            shield = False
    return points, shield, False


class Invariants:
    """The per-move check; remembers the previous view to see best turns and totals move."""

    def __init__(self, players: int, options: dict[str, str]) -> None:
        self.players = players
        self.cards = 5
        self.absent = "+1" if options.get("cards", "material") == "material" else "+5"
        self.best: list[Any] = [None] * players
        self.totals: list[int] = []  # solo: each finished turn's points
        self.last: dict[str, Any] | None = None

    def __call__(self, st: tabletop.State) -> None:
        v = st.view(None)
        assert v["face_down"] + len(v["face_up"]) == self.cards
        assert self.absent not in v["turn_cards"]
        assert v["face_up"] == v["turn_cards"][len(v["turn_cards"]) - len(v["face_up"]):]
        assert v["passes"] * self.cards + len(v["face_up"]) == len(v["turn_cards"])
        points, shield, lost = turn_from_cards(v["turn_cards"])
        if not st.is_over:
            assert not lost, "a lost turn must have ended"
        assert v["turn_points"] == points and v["protected"] == shield
        assert v["full_pass"] == (v["face_down"] == 0 and not lost)
        for seat, b in enumerate(v["best"]):
            old = self.best[seat]
            assert old is None or (b is not None and b >= old)
        last = self.last
        if last is not None and self.players == 1 and v["solo_total"] != last["solo_total"]:
            self.totals.append(v["solo_total"] - last["solo_total"])
        self.best = list(v["best"])
        self.last = v

    def at_end(self, st: tabletop.State, options: dict[str, str]) -> None:
        o = st.outcome
        assert o is not None and o.name in ("won", "solo")
        v = st.view(None)
        best = [b or 0 for b in v["best"]]
        if self.players == 1:
            rounds = int(options.get("solo_rounds", "5"))
            assert v["round"] == rounds  # the last round played, never one past it
            assert o.scores == (v["solo_total"],)
            assert sum(self.totals) == v["solo_total"]
            assert o.winners == ((0,) if best[0] >= 15 else ())
            return
        assert o.scores == tuple(best)
        assert o.winners and max(best) >= 15
        if options.get("ending") == "immediate":  # the first 15 ended the game
            assert sum(1 for b in best if b >= 15) == 1
        if options.get("ties", "share") == "share":
            assert set(o.winners) == {s for s in range(self.players) if best[s] == max(best)}
        else:
            assert len(o.winners) == 1
            assert best[o.winners[0]] == max(best)


CASES = [(1, {}), (2, {}), (4, {}), (6, {}),
         (1, {"cards": "effects", "solo_rounds": "10"}), (3, {"ties": "playoff"}),
         (2, {"pick": "position", "cards": "effects"}), (6, {"ties": "playoff"}),
         (4, {"ending": "immediate", "cards": "effects"})]


def run(players: int, options: dict[str, str], seeds: range, roundtrip_every: int = 0,
        replay_every: int = 50) -> int:
    """Play the seeded games, check them, and return the length of the longest."""
    longest = 0
    for seed in seeds:
        check = Invariants(players, options)
        st = random_game(game(), seed, players, options, check=check,
                         roundtrip_every=roundtrip_every)
        check.at_end(st, options)
        longest = max(longest, st.move_count)
        if seed % replay_every == 0:
            again = replay(st)
            assert again.outcome == st.outcome and again.view(None) == st.view(None)
            check_roundtrip(st)
    return longest


@pytest.mark.parametrize("players,options", CASES, ids=lambda x: str(x))
def test_random_games_short(players: int, options: dict[str, str]) -> None:
    # with the effect list a random turn reaches 15 ten times less often (0.2%): fewer seeds
    # (4 players with the effect list: ~2,000-move games, 1 seed; the soak plays 1,250)
    seeds = ((1 if players >= 4 else 2) if options.get("cards") == "effects" and players > 1
             else 12)
    run(players, options, range(seeds), roundtrip_every=7, replay_every=5)


@pytest.mark.soak
@pytest.mark.parametrize("players,options", CASES, ids=lambda x: str(x))
def test_random_games_soak(players: int, options: dict[str, str]) -> None:
    # 9 cases x 1250 seeds = 11,250 games; a save -> restore every 25 moves. The longest
    # game stays far from max_moves (the docs give the odds of ever reaching it).
    longest = run(players, options, range(1000, 2250), roundtrip_every=25, replay_every=100)
    print(f"push-to-five {players} players {options}: longest game {longest} moves")
    assert longest < game().spec.max_moves // 2



@pytest.mark.parametrize("players,options", [(1, {}), (3, {"ties": "playoff"}),
                                             (2, {"pick": "position"}), (1, {"cards": "effects"}),
                                             (2, {"ending": "immediate"})],
                         ids=lambda x: str(x))
def test_copy_and_save_at_every_step(players: int, options: dict[str, str]) -> None:
    assert check_every_step(game(), 0, players, options).is_over
