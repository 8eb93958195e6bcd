"""Random-play invariants for Le Coffre et la Clé: 4, 6 and 8 players and the options, a short
run in the normal suite and 10,000 games under ``-m soak``.

Checked at every decision: every card in exactly one place (one card a hand, two in the
centre), locks between 0 and 2, the question after an action asked only of a seat that holds
the Treasure and knows it; no hidden card in any view (for every seat, the view does not
change when the cards that seat cannot see are dealt differently: ``determinize``) nor in any
log line (a public line names a card only when every seat knows it: the designated Neutral;
a private line only cards its seats know). At the end: the winners follow from the cards and
the answers, the game ended by its rules (never max_moves), save/restore and replay agree.
"""

from __future__ import annotations

import functools
import random
import re

import pytest

import tabletop
from tabletop.testing import check_roundtrip, random_game, replay

NAMES_EN = ["Fake Key", "Key", "Treasure", "Neutral"]
NAMES_FR = ["Clé Factice", "Clé", "Trésor", "Neutre"]
# role words in the table's sentences that name no card
ROLE_WORDS = re.compile(r"Fake Key holder|Key holder|porteur de la Clé Factice|"
                        r"porteur de la Clé|\(Treasure\)|\(Trésor\)")


@functools.cache
def game() -> tabletop.Game:
    return tabletop.load("coffre-et-cle")


def card_at(st: tabletop.State, key: str) -> tabletop.lang.cards.CardDef:
    return st.spec.cards[st.zones[key][0]]


def names_in(text: str, lang: str) -> list[str]:
    text = ROLE_WORDS.sub("", text)
    found = []
    for name in (NAMES_EN if lang == "en" else NAMES_FR):
        if name in text:
            found.append(name)
            text = text.replace(name, "")
    return found


class Invariants:
    def __init__(self, players: int, worlds: int = 1) -> None:
        self.players = players
        self.worlds = worlds
        self.seen_log = 0
        self.rng = random.Random(players)

    def __call__(self, st: tabletop.State) -> None:
        n = self.players
        assert all(len(st.zones[f"hand/{s}"]) == 1 for s in range(n))
        assert len(st.zones["centre"]) == 2
        assert all(0 <= st.vars[f"lock/{s}"] <= 2 for s in range(n))
        if st.pending is not None and st.pending.var == "target":
            # every player is asked after their action; only a Treasure holder who knows it
            # may designate, anyone else may only wait
            seat = st.pending.seat
            c = card_at(st, f"hand/{seat}")
            if c.type == "treasure" and c.uid in st.known[seat]:
                assert len(st.pending.options) == n - 1
            else:
                assert st.pending.options == []
        self.check_log(st)
        if st.is_over:
            return
        for s in range(n):
            v = st.view(s)
            for _ in range(self.worlds):
                world = st.determinize(s, random.Random(self.rng.getrandbits(32)))
                assert world.view(s) == v, f"seat {s} view depends on hidden cards"

    def check_log(self, st: tabletop.State) -> None:
        for e in st.log[self.seen_log:]:
            if e.kind in ("shuffle", "end"):
                continue
            for lang in ("en", "fr"):
                names = names_in(e.text_in(lang), lang)
                if e.private_to is None:
                    if names:  # only the designated Neutral's card, shown to everyone
                        target = st.vars["designated"]
                        assert target is not None, f"a public line names a card: {e.text}"
                        c = card_at(st, f"hand/{target}")
                        assert names == [c.name[lang]], e.text
                        assert all(c.uid in st.known[s] for s in range(self.players))
                else:
                    assert e.kind == "reveal", e.text
                    for s in e.private_to:
                        for code in e.data["cards"]:
                            assert any(st.spec.cards[u].code == code for u in st.known[s])
        self.seen_log = len(st.log)


def fake_holder(st: tabletop.State) -> int | None:
    for s in range(st.players):
        if card_at(st, f"hand/{s}").type == "fake":
            return s
    return None


def check_end(st: tabletop.State, options: dict[str, str]) -> None:
    o = st.outcome
    assert o is not None
    designator, designated = st.vars["designator"], st.vars["designated"]
    if o.name == "key_found":
        assert card_at(st, f"hand/{designator}").type == "treasure"
        assert card_at(st, f"hand/{designated}").type == "key"
        assert o.winners == (designator, designated)
    elif o.name == "fake_designated":
        assert card_at(st, f"hand/{designated}").type == "fake"
        assert o.winners == (designated,)
    elif o.name == "final":
        f = fake_holder(st)
        named = [st.vars[f"named/{s}"] for s in range(st.players)]
        assert None not in named
        right = [s for s in range(st.players) if f is not None and named[s] == f
                 and (options.get("final_win", "anyone") == "anyone"
                      or card_at(st, f"hand/{s}").type == "neutral")]
        assert o.winners == (tuple(right) + (f,) if right else ())
        if designated is not None:
            assert card_at(st, f"hand/{designated}").type not in ("key", "fake")
    else:
        assert o.name == "no_designation" and options.get("at_limit") == "nobody"
        assert o.winners == ()
    # the end names every card
    for s in range(st.players):
        assert f"{st.seat_name(s)} {card_at(st, f'hand/{s}').name['en']}" in o.reason


CASES = [(4, {}), (6, {}), (8, {}),
         (4, {"look": "never", "forced_lock": "yes"}),
         (6, {"neutrals": "spare", "final_win": "neutrals", "rounds": "6"}),
         (8, {"at_limit": "nobody", "rounds": "6", "look": "never"}),
         (5, {"forced_lock": "yes", "neutrals": "spare", "force_pick": "forced"}),
         (7, {"rounds": "20", "final_win": "neutrals"})]


def run(players: int, options: dict[str, str], seeds: range, worlds: int,
        roundtrip_every: int, replay_every: int) -> int:
    longest = 0
    for seed in seeds:
        check = Invariants(players, worlds)
        st = random_game(game(), seed, players, options, check=check,
                         roundtrip_every=roundtrip_every)
        check_end(st, options)
        longest = max(longest, st.move_count)
        if seed % replay_every == 0:
            again = replay(st)
            assert again.outcome == st.outcome and again.view(0) == st.view(0)
            check_roundtrip(st)
    return longest


@pytest.mark.parametrize("players,options", CASES, ids=lambda x: str(x))
def test_random_games_short(players: int, options: dict[str, str]) -> None:
    run(players, options, range(8), worlds=1, roundtrip_every=5, replay_every=4)


@pytest.mark.soak
@pytest.mark.parametrize("players,options", CASES, ids=lambda x: str(x))
def test_random_games_soak(players: int, options: dict[str, str]) -> None:
    # 8 cases x 1250 seeds = 10,000 games, every view checked against a redealt world
    longest = run(players, options, range(1000, 2250), worlds=1, roundtrip_every=25,
                  replay_every=100)
    print(f"coffre-et-cle {players} players {options}: longest game {longest} moves")
    assert longest < game().spec.max_moves // 2
