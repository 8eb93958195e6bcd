"""Random-play invariants for Deck menteur: uniformly random legal moves over seeded games of
2, 3 and 4 players, spread over every combination of the options.

Checked after every move: the 54 cards are each in one place (20 common cards in play, each
pack only its own suit, six cards a pack between pack and turned cards); every seat's view is
unchanged when the cards it cannot see are dealt again (determinize), so no view depends on a
hidden card; no view shows another seat's hand, face-down card or pack card; a public log line
names only the cards just revealed or turned. At the end: one winner, the last seat in; the
game replays to the same end and save -> restore round-trips along the way. The long soak
(10,000 games) runs with ``pytest -m soak``.
"""

from __future__ import annotations

import functools
import itertools
import json
import random
import re

import pytest

import tabletop
from tabletop.testing import InvariantError, random_game, replay

OPTIONS = [dict(zip(("announcer", "reveal", "deal"), v, strict=True))
           for v in itertools.product(["starter", "previous"], ["last", "round"],
                                      ["new", "refill"])]
CODE = re.compile(r"\b(?:10|[2-9AJQK])[SCDH]\b|\bjoker\b")
PACK_SUITS = "HSDC"


@functools.cache
def game() -> tabletop.Game:
    return tabletop.load("deck-menteur")


def codes(st, key: str) -> list[str]:
    return [st.spec.cards[u].code for u in st.zones.get(key, [])]


class Checker:
    """The game's own invariants, checked after every move of one game."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.logged = 0

    def __call__(self, st) -> None:
        n = st.players
        common = [c for k in ("deck", "shown", "discard") for c in codes(st, k)]
        for s in range(n):
            common += codes(st, f"hand/{s}") + codes(st, f"laid/{s}")
        if len(common) != 20 or any(st.spec.card_by_code(c)[0].type != "common"
                                    for c in common):
            raise InvariantError(f"the 20 common cards are not all in play: {sorted(common)}")
        public = st.view(None)
        for s in range(n):
            pack, turned = codes(st, f"pack/{s}"), codes(st, f"turned/{s}")
            if sorted(pack + turned) != sorted(f"{r}{PACK_SUITS[s]}" for r in "A23456"):
                raise InvariantError(f"seat {s}: pack {pack} and turned {turned}")
            out = s in st.out
            if out != ("A" + PACK_SUITS[s] in turned):
                raise InvariantError(f"seat {s}: out {out} but turned {turned}")
            if public["packs"][s] != ("out" if out else len(pack)):
                raise InvariantError(f"seat {s}: the view says {public['packs'][s]}")
        # views: nothing hidden shows, and nothing depends on a hidden card
        secret = {s: set(codes(st, f"hand/{s}") + codes(st, f"laid/{s}")) for s in range(n)}
        packs = {c for s in range(n) for c in codes(st, f"pack/{s}")}
        revealed = set(public["last_reveal"] or [])
        for s in range(n):
            view = st.view(s)
            seen = set(CODE.findall(json.dumps(view)))
            others = set().union(*(secret[o] for o in range(n) if o != s)) | packs
            leaked = (seen & others) - revealed - secret[s]  # the two jokers share a code
            if leaked:
                raise InvariantError(f"seat {s} sees {leaked}")
            world = st.determinize(s, random.Random(self.rng.getrandbits(32)))
            if world.view(s) != view:
                raise InvariantError(f"seat {s}: the view depends on hidden cards")
        # a public log line names only the cards just revealed or turned
        allowed = revealed | {c for s in range(n) for c in codes(st, f"turned/{s}")}
        for e in st.log[self.logged:]:
            if e.private_to is None:
                for lang in ("en", "fr"):
                    named = set(CODE.findall(e.text_in(lang))) - allowed
                    if named:
                        raise InvariantError(f"log line {e.text_in(lang)!r} names {named}")
        self.logged = len(st.log)
        if st.is_over:
            o = st.outcome
            if o.name != "last_standing" or len(o.winners) != 1 or len(st.out) != n - 1 \
                    or o.winners[0] in st.out:
                raise InvariantError(f"outcome {o}")


def play_many(seeds) -> dict[int, int]:
    g = game()
    lengths: dict[int, int] = {}
    for seed in seeds:
        players = 2 + seed % 3
        options = OPTIONS[(seed // 3) % len(OPTIONS)]
        st = random_game(g, seed, players=players, options=options, check=Checker(seed),
                         roundtrip_every=7)
        again = replay(st)
        if again.outcome != st.outcome or again.view(0) != st.view(0):
            raise InvariantError(f"seed {seed}: the replay ends differently")
        lengths[players] = max(lengths.get(players, 0), len(st.history))
    return lengths


def test_random_games_keep_the_invariants() -> None:
    lengths = play_many(range(36))  # every player count under every option set
    assert sorted(lengths) == [2, 3, 4]
    assert max(lengths.values()) < game().spec.max_moves // 2


def test_the_check_catches_a_leaked_card() -> None:
    st = game().new_game(players=2, seed=1)
    st.play(st.legal_moves()[0])
    check = Checker(1)
    check(st)
    hidden = codes(st, "hand/1")[0]
    st.log.append(tabletop.engine.state.Event("log", 0, {"en": f"peeks at {hidden}",
                                                  "fr": f"voit {hidden}"}))
    with pytest.raises(InvariantError, match="names"):
        check(st)


@pytest.mark.soak
def test_soak_10000_random_games() -> None:
    play_many(range(120, 10120))
