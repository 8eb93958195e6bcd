"""Random-play invariants for Arcane Duel v1: uniformly random legal moves over seeded matches
of 2, 3 and 4 players, the options drawn at random for each match.

Checked after every move (through the views): the 16 cards are all accounted for (hands, pile,
discard), no hand ever holds more than 3 cards (the end-of-turn limit of 3 never binds: see the
rulings), health stays between 0 and the round's starting health, rounds won between 0 and 3,
at each turn's start the player is standing and so is another, and no seat's view shows
another seat's cards. In some matches, at every decision: the hidden-information check (a
seat's view does not change when the cards it cannot see are dealt again), no log line naming
a card that a reader cannot see (a theft, a draw, a swap), and save -> restore and a copy give
the same game. At the end: one winner with 3 rounds, scores equal to rounds won, and the replay
ends the same. 10,000 matches run with ``pytest -m soak``.
"""

from __future__ import annotations

import functools
import json
import random
import re
from typing import Any

import pytest

import tabletop
from tabletop.testing import InvariantError, check_roundtrip, random_game, replay

CODES = {"fireball", "explosion", "poison", "lightning", "curse", "shadows", "shield",
         "deflection", "mirror", "barrier", "thorns", "healing", "mana", "veil", "absorption",
         "mind"}
WORD = re.compile(r"[a-z]+")


@functools.cache
def game() -> tabletop.Game:
    return tabletop.load("arcane-duel")


def options_for(seed: int) -> dict[str, str]:
    """Each option at random (the default about half the time), fixed by the seed."""
    rng = random.Random(seed)
    return {name: rng.choice(opt.values) for name, opt in game().spec.options.items()}


def check(st: tabletop.State) -> None:
    public = st.view(None)
    views = [st.view(s) for s in range(st.players)]
    hands = [v["hand"] for v in views]
    if sum(public["hands"]) + public["pile"] + public["discard"] != 16:
        raise InvariantError(f"cards not accounted for: {public}")
    if public["hands"] != [len(h) for h in hands] or max(public["hands"]) > 3:
        raise InvariantError(f"hands {public['hands']} vs {hands}")
    held = [c for h in hands for c in h]
    if len(held) != len(set(held)) or not set(held) <= CODES:
        raise InvariantError(f"cards in hands: {hands}")
    start = public["start_health"]
    if not all(0 <= h <= start for h in public["health"]):
        raise InvariantError(f"health {public['health']} outside 0..{start}")
    if not all(0 <= w <= 3 for w in public["wins"]):
        raise InvariantError(f"rounds won {public['wins']}")
    if not st.is_over and st.legal_moves()[0].move_id != "@choice":  # a turn's start
        alive = [s for s in range(st.players) if public["health"][s] > 0]
        if len(alive) < 2 or st.current_player not in alive:
            raise InvariantError(f"a turn starts for {st.current_player} with {alive} standing")
    for seat, v in enumerate(views):
        others = {c for s, h in enumerate(hands) if s != seat for c in h}
        leaked = others & set(WORD.findall(json.dumps(v)))
        if leaked:
            raise InvariantError(f"seat {seat} sees {leaked} in its view")


def check_hidden(st: tabletop.State, k: int) -> None:
    """No seat's view changes when the cards it cannot see are dealt again."""
    for seat in range(st.players):
        if st.determinize(seat, random.Random(k)).view(seat) != st.view(seat):
            raise InvariantError(f"seat {seat}'s view depends on cards it cannot see")


def check_log(st: tabletop.State, before: list[set[str]], lines: list[Any]) -> None:
    """A move's log lines name no card that was hidden in a hand before it and is hidden
    from the reader after it (a stolen card, a card drawn or swapped)."""
    was_hidden = set().union(*before)
    after = [set(st.view(s)["hand"]) for s in range(st.players)]
    # a card named before the discard pile is shuffled back into the pile may be drawn again
    # in the same move: only the lines after the last such shuffle are checked
    rebuilt = [i for i, e in enumerate(lines) if e.kind == "shuffle" and e.data.get("zone")
               == "pile"]
    for e in lines[rebuilt[-1] + 1:] if rebuilt else lines:
        for seat in range(st.players):
            if not e.visible_to(seat) or e.kind == "shuffle":
                continue
            hidden = {c for s, h in enumerate(after) if s != seat for c in h} & was_hidden
            # lines name cards by their names (codes are plain words: "poison", "mana");
            # "Shadow Veil" is also the name of a lasting effect everyone sees
            named = {c for c in hidden if c != "veil" for lang in ("en", "fr")
                     if card_names(c)[lang == "fr"] in e.text_in(lang)}
            if named:
                raise InvariantError(f"log line {e.text_in('en')!r} names {named} to {seat}")


@functools.cache
def card_names(code: str) -> tuple[str, str]:
    card = game().spec.card_by_code(code)[0]
    return card.name["en"], card.name.get("fr", card.name["en"])


def at_end(st: tabletop.State) -> None:
    o = st.outcome
    assert o is not None
    wins = st.view(None)["wins"]
    if o.name != "match" or len(o.winners) != 1 or wins[o.winners[0]] != 3:
        raise InvariantError(f"outcome {o}, rounds won {wins}")
    if list(o.scores) != wins or sorted(wins)[-2] >= 3:
        raise InvariantError(f"scores {o.scores} for rounds won {wins}")
    again = replay(st)
    if again.outcome != o or again.view(0) != st.view(0):
        raise InvariantError("the replay ends differently")


def play_many(seeds: range, roundtrip_every: int) -> dict[int, list[int]]:
    lengths: dict[int, list[int]] = {2: [], 3: [], 4: []}
    for seed in seeds:
        players = 2 + seed % 3
        st = random_game(game(), seed, players=players, options=options_for(seed), check=check,
                         roundtrip_every=roundtrip_every)
        at_end(st)
        lengths[players].append(st.move_count)
    return lengths


def test_random_matches_keep_the_invariants() -> None:
    lengths = play_many(range(3), roundtrip_every=60)  # 2, 3 and 4 seats; more under soak
    longest = max(max(v) for v in lengths.values())
    assert longest < game().spec.max_moves / 2, "well inside the move limit"


@pytest.mark.parametrize(("players", "seed"), [
    (2, 1121), pytest.param(3, 1031, marks=pytest.mark.soak)])  # 3 seats: with the soaks
def test_every_step_hidden_information_save_restore_and_copies(players: int, seed: int) -> None:
    """Whole matches (seeds picked among the shorter ones, to keep the suite fast) checked at
    every decision."""
    g = game()
    rng = random.Random(seed)
    st = g.new_game(players=players, seed=seed, options=options_for(seed))
    k = 0
    while not st.is_over:
        k += 1
        check_hidden(st, k)
        check_roundtrip(st)
        before = [set(st.view(s)["hand"]) for s in range(players)]
        n = len(st.log)
        move = rng.choice(st.legal_moves())
        twin = st.copy()
        st.play(move)
        twin.play(move.text)
        if [twin.view(s) for s in range(players)] != [st.view(s) for s in range(players)]:
            raise InvariantError(f"a copy differs after {move.text}")
        check_log(st, before, st.log[n:])
    at_end(st)


def test_the_checks_catch_a_leak() -> None:
    st = game().new_game(players=2, seed=5)

    class Peeking:
        """A state whose view of seat 0 also shows seat 1's hand."""

        players = 2
        is_over = False

        def legal_moves(self) -> list[Any]:
            return st.legal_moves()

        @property
        def current_player(self) -> int | None:
            return st.current_player

        def view(self, seat: Any) -> dict[str, Any]:
            v = dict(st.view(seat))
            if seat == 0:
                v["extra"] = st.view(1)["hand"]
            return v

    with pytest.raises(InvariantError, match="seat 0 sees"):
        check(Peeking())  # type: ignore[arg-type]


@pytest.mark.soak
def test_soak_10000_random_matches() -> None:
    play_many(range(100, 10100), roundtrip_every=40)
