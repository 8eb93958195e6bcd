"""No view shows a card its seat cannot see, in every shipped game and every example ruleset of
the docs: at every decision of a few random games, dealing anew the cards a seat cannot see
(state.determinize) leaves that seat's view unchanged."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import tabletop
from tabletop import registry

EXAMPLES = sorted((Path(__file__).parent.parent / "docs" / "examples").glob("*.yaml"))
GAMES: list[str] = [*registry.games(), *(str(p) for p in EXAMPLES)]


def hidden_cards_change_no_view(game: tabletop.Game, seed: int, players: int) -> int:
    """Play one random game; at each decision compare every seat's view with the views of two
    worlds dealt anew. Returns the number of decisions checked."""
    rng = random.Random(seed)
    st = game.new_game(players=players, seed=seed)
    checked = 0
    while not st.is_over:
        for seat in range(players):
            mine = st.view(seat)
            for k in range(2):
                world = st.determinize(seat, random.Random(1000 * seed + k))
                assert world.view(seat) == mine, (
                    f"{game.id} seed {seed}, after {st.history}: seat {seat}'s view changes "
                    "when the cards it cannot see are dealt differently")
        checked += 1
        st.play(rng.choice(st.legal_moves()))
    return checked


@pytest.mark.parametrize("gid", GAMES, ids=lambda g: Path(g).stem)
def test_views_do_not_change_with_the_hidden_cards(gid: str) -> None:
    game = registry.load(gid)
    low, high = game.spec.min_players, min(game.spec.max_players, 4)
    for seed in range(3):
        players = max(low, min(high, 2 + seed))
        assert hidden_cards_change_no_view(game, seed, players) > 0
