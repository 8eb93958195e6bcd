"""Random-play invariants for L'Expédition Rivale: uniformly random legal moves over seeded
games, spread over every combination of the options.

Checked after every move: the 18 cards are each in exactly one place (seen through the
views), each seat's view never shows the other seat's hand or draft packet, and the running
scores are the laid values plus the bonuses. At the end: the winner follows the scoring and
tie-break rules, the game replays to the same end, and save -> restore round-trips along the
way. The long soak (10,000 games) runs with ``pytest -m soak``.
"""

from __future__ import annotations

import functools
import itertools
import json
import re

import pytest

import tabletop
from tabletop.testing import InvariantError, random_game, replay

# code: (type, value) - from the seed's card list, independent of the ruleset.
CARDS = {
    "statuette": ("croissance", 1), "bracelet": ("equilibre", 1), "fresque": ("equilibre", 2),
    "pierre": ("equilibre", 2), "urne": ("ancien", 3), "parchemin": ("savoir", 2),
    "collier": ("croissance", 2), "jumelle": ("equilibre", 3), "idole": ("conflit", 2),
    "offrande": ("ancien", 3), "griffe": ("croissance", 2), "serre": ("conflit", 2),
    "masque": ("conflit", 4), "serpent": ("conflit", 5), "tablette": ("savoir", 3),
    "sablier": ("savoir", 4), "lame": ("conflit", 4), "oeil": ("ancien", 3),
}
OPTIONS = [dict(zip(("draft", "ending", "prophecy_rest", "mask_chooser", "twin_counts"), v,
                    strict=True))
           for v in itertools.product(["off", "on"], ["turn", "round"], ["bottom", "discard"],
                                      ["opponent", "layer"], ["laid", "hand"])]
WORD = re.compile(r"[a-z]+")


@functools.cache
def game():
    return tabletop.load("expedition-rivale")


def expected_score(row):
    """Laid values, +2 for the Blade, +1 per distinct type for the Eye."""
    types = len({CARDS[c][0] for c in row})
    return (sum(CARDS[c][1] for c in row) + (2 if "lame" in row else 0)
            + (types if "oeil" in row else 0))


def check(state):
    views = [state.view(0), state.view(1)]
    public = views[0]
    placed = [c for row in public["rows"] for c in row] + public["removed"]
    for v in views:
        placed += v["hand"] + v["packet"]
    if len(placed) != len(set(placed)) or len(placed) + public["pile"] != 18:
        raise InvariantError(f"cards not accounted for: {placed}, pile {public['pile']}")
    if public["hands"] != [len(v["hand"]) for v in views]:
        raise InvariantError("hand sizes disagree with the hands")
    for seat, v in enumerate(views):
        other = views[1 - seat]
        secret = set(other["hand"]) | set(other["packet"])
        leaked = secret & set(WORD.findall(json.dumps(v)))
        if leaked:
            raise InvariantError(f"seat {seat} sees the other seat's cards {leaked}")
    if public["scores"] != [expected_score(r) for r in public["rows"]]:
        raise InvariantError(f"scores {public['scores']} for rows {public['rows']}")
    if state.is_over:
        check_outcome(state, public)


def check_outcome(state, view):
    o = state.outcome
    scores = [expected_score(r) for r in view["rows"]]
    types = [len({CARDS[c][0] for c in r}) for r in view["rows"]]
    if list(o.scores) != scores:
        raise InvariantError(f"final scores {o.scores}, expected {scores}")
    if view["pile"] != 0:
        raise InvariantError("the game ended with cards in the pile")
    if scores[0] != scores[1]:
        want, name = (scores.index(max(scores)),), "points"
    elif types[0] != types[1]:
        want, name = (types.index(max(types)),), "types"
    else:
        want, name = (), "draw"
    if (o.winners, o.name) != (want, name):
        raise InvariantError(f"outcome {o.name} {o.winners}, expected {name} {want}")


def play_many(seeds, roundtrip_every):
    g = game()
    outcomes = set()
    for seed in seeds:
        options = OPTIONS[seed % len(OPTIONS)]
        st = random_game(g, seed, players=2, options=options, check=check,
                         roundtrip_every=roundtrip_every)
        again = replay(st)
        if again.outcome != st.outcome or again.view(0) != st.view(0):
            raise InvariantError(f"seed {seed}: the replay ends differently")
        outcomes.add(st.outcome.name)
    return outcomes


def test_random_games_keep_the_invariants():
    outcomes = play_many(range(200), roundtrip_every=6)
    assert outcomes == {"points", "types", "draw"}, "200 games see every kind of end"


def test_the_invariant_check_catches_a_wrong_score():
    st = random_game(game(), 3, players=2)
    view = dict(st.view(0))
    view["rows"] = [view["rows"][1], view["rows"][0]] if view["rows"][0] != view["rows"][1] \
        else [view["rows"][0] + ["lame"], view["rows"][1]]
    with pytest.raises(InvariantError):
        check_outcome(st, view)


@pytest.mark.soak
def test_soak_10000_random_games():
    outcomes = play_many(range(200, 10200), roundtrip_every=9)
    assert outcomes == {"points", "types", "draw"}
