"""Random-play invariants for Arcane Arena and Aria (which extends it): seeded matches of 2, 3
and 4 players over the options, a short run in the normal suite and 10,000 matches under
`-m soak`.

Checked after every move: the 16 cards are all in play (pile, discard, removed, hands), health
stays within 0..9, no hand ever holds more than 3 cards (the hand limit never has to be
enforced: see the rulings), rounds won stay within 0..3 and only grow inside a match, a wizard
out of the round has 0 health and is never asked to decide; at the end: the match outcome
names the wizard with 3 rounds, its scores are the rounds won, it ended well inside
max_moves, and a replay from the move list reproduces it. Hidden information: a determinised
world looks the same to the seat it was drawn for, at every decision, and no public log line
or move names a card that was never in sight.
"""

from __future__ import annotations

import functools
import random
from typing import Any

import pytest

import tabletop
from tabletop.testing import check_every_step, check_roundtrip, random_game, replay

GAMES = ("arcane-arena", "aria")
PUBLIC_ZONES = ("discard", "removed_shown", "in_play")


@functools.cache
def game(gid: str) -> tabletop.Game:
    return tabletop.load(gid)


class Invariants:
    def __init__(self, players: int) -> None:
        self.players = players
        self.wins = [0] * players

    def __call__(self, st: tabletop.State) -> None:
        v = st.view(None)
        held = v["cards_held"]
        in_play = len(v["in_play"] or [])
        assert v["pile"] + v["discard"] + v["removed"] + in_play + sum(held) == 16
        assert all(0 <= h <= 9 for h in v["health"])
        assert all(0 <= n <= 3 for n in held), held
        assert all(0 <= w <= 3 for w in v["wins"])
        assert all(w >= old for w, old in zip(v["wins"], self.wins, strict=True))
        assert sum(v["wins"]) <= v["round"]
        self.wins = list(v["wins"])
        for s in v["out"]:
            assert v["health"][s] == 0
            assert st.current_player != s
        if not st.is_over:
            assert len(v["out"]) < self.players

    def at_end(self, st: tabletop.State) -> None:
        o = st.outcome
        assert o is not None and o.name == "match"
        wins = st.view(None)["wins"]
        assert o.scores == tuple(wins)
        assert list(o.winners) == [s for s in range(self.players) if wins[s] == 3]
        assert len(o.winners) == 1


CASES = [
    ("arcane-arena", 2, {}), ("arcane-arena", 3, {}), ("arcane-arena", 4, {}),
    ("arcane-arena", 3, {"round_health": "5", "veil": "next_turn", "exhausted": "revealed",
                         "next_start": "rotate"}),
    ("aria", 2, {}), ("aria", 3, {}), ("aria", 4, {}),
    ("aria", 3, {"gobie_lie": "plain", "fish_defense": "none", "exhausted": "revealed"}),
]


def run(gid: str, players: int, options: dict[str, str], seeds: range,
        roundtrip_every: int = 0, replay_every: int = 10) -> int:
    longest = 0
    for seed in seeds:
        check = Invariants(players)
        st = random_game(game(gid), seed, players, options, check=check,
                         roundtrip_every=roundtrip_every)
        check.at_end(st)
        longest = max(longest, st.move_count)
        if seed % replay_every == 0:
            again = replay(st)
            assert again.outcome == st.outcome and again.view(None) == st.view(None)
            check_roundtrip(st)
    return longest


@pytest.mark.parametrize("gid,players,options", CASES, ids=lambda x: str(x))
def test_random_matches_short(gid: str, players: int, options: dict[str, str]) -> None:
    longest = run(gid, players, options, range(2), roundtrip_every=37, replay_every=2)
    assert longest < game(gid).spec.max_moves // 2


@pytest.mark.soak
@pytest.mark.parametrize("gid,players,options", CASES, ids=lambda x: str(x))
def test_random_matches_soak(gid: str, players: int, options: dict[str, str]) -> None:
    # 8 cases x 1250 seeds = 10,000 matches, a save -> restore every 50 moves
    longest = run(gid, players, options, range(1000, 2250), roundtrip_every=50,
                  replay_every=100)
    print(f"{gid} {players} players {options}: longest match {longest} moves")
    assert longest < game(gid).spec.max_moves // 2


@pytest.mark.parametrize("gid,players,seed", [("arcane-arena", 3, 22), ("aria", 2, 24)])
def test_copy_and_save_at_every_step(gid: str, players: int, seed: int) -> None:
    assert check_every_step(game(gid), seed, players).is_over


def names_in_sight(st: tabletop.State) -> set[str]:
    """The English names of the cards lying in a public zone now."""
    seen: set[str] = set()
    for key, ids in st.zones.items():
        if key.partition("/")[0] in PUBLIC_ZONES:
            seen.update(st.spec.cards[i].attr("name") for i in ids)
    return seen


def codes_in_sight(st: tabletop.State) -> set[str]:
    out: set[str] = set()
    for key, ids in st.zones.items():
        if key.partition("/")[0] in PUBLIC_ZONES:
            out.update(st.spec.cards[i].code for i in ids)
    return out


@pytest.mark.parametrize("gid,players,options", [
    ("arcane-arena", 3, {}), ("arcane-arena", 2, {"exhausted": "revealed"}), ("aria", 3, {}),
    ("aria", 2, {"fish_defense": "none"})], ids=lambda x: str(x))
def test_hidden_information(gid: str, players: int, options: dict[str, Any]) -> None:
    g = game(gid)
    all_names = {c.attr("name"): c.code for c in g.spec.cards}
    for seed in range(1):
        rng = random.Random(seed)
        st = g.new_game(players=players, seed=seed, options=options)
        k = 0
        while not st.is_over:
            for seat in range(players):
                world = st.determinize(seat, random.Random(k))
                assert world.view(seat) == st.view(seat), (seed, k, seat)
                k += 1
            before_names, before_codes = names_in_sight(st), codes_in_sight(st)
            move = rng.choice(st.legal_moves())
            events = st.play(move)
            after_names, after_codes = names_in_sight(st), codes_in_sight(st)
            # a card the move names is shown by playing it (a card played, a defense)
            shown = {w for w in move.text.split() if w in g.cards_by_code}
            after_codes |= shown
            after_names |= {g.cards_by_code[c][0].attr("name") for c in shown}
            for e in events:
                if e.private_to is not None:
                    continue
                text = e.text_in("en")
                for name in all_names:
                    if name in text:
                        assert name in before_names | after_names, (text, st.history[-1])
            for word in move.text.split():
                if word in g.cards_by_code:
                    assert word in before_codes | after_codes, move.text


@pytest.mark.parametrize("gid", GAMES)
def test_a_sampled_world_plays_on_from_a_pending_defense(gid: str) -> None:
    # The card being played lies in a public zone while the target decides: a world the
    # bots sample (hidden cards dealt again) keeps it, and plays on from there.
    g = game(gid)
    worlds = 0
    for seed in range(3):
        rng = random.Random(seed)
        st = g.new_game(players=3, seed=seed)
        while not st.is_over:
            if st.pending is not None and st.view(None)["in_play"]:
                seat = st.current_player
                assert seat is not None
                world = st.determinize(seat, random.Random(seed))
                assert world.view(None)["in_play"] == st.view(None)["in_play"]
                for _ in range(30):
                    if world.is_over:
                        break
                    world.play(rng.choice(world.legal_moves()))
                worlds += 1
            st.play(rng.choice(st.legal_moves()))
    assert worlds > 20
