"""Every screen of every game fits 80x24 at its busiest, and 60 columns too (issue 13): the
board, the last moves and the moves listed leave a line for the prompt."""

from __future__ import annotations

import io
import random
from collections.abc import Iterator
from typing import Any

import pytest
from rich.console import Console

import tabletop
from tabletop.ui.i18n import t
from tabletop.ui.render import Fit, render_outcome, render_screen, screen_height, text_height
from tabletop.ui.terminal import replay_command

# (width, height, languages): French is the longer, so 60 columns are measured in French
SIZES = [(80, 24, ("en", "fr")), (60, 24, ("fr",))]


def _player_counts(game: tabletop.Game) -> list[int]:
    spec = game.spec
    return sorted({spec.min_players, min(spec.max_players, max(2, spec.min_players)),
                   spec.max_players})


def _screens(game_id: str, games: int = 2) -> Iterator[tuple[tabletop.State, int | None]]:
    """(state, seat) at every decision of a few random games of each player count, and the
    last position of each."""
    game = tabletop.load(game_id)
    if game.spec.max_moves > 1000:  # matches of hundreds of moves: one a player count
        games = 1
    for players in _player_counts(game):
        for seed in range(games):
            rng = random.Random(seed)
            st = game.new_game(players=players, seed=seed)
            while not st.is_over:
                yield st, st.current_player
                st.play(rng.choice(st.legal_moves()))
            yield st, None


@pytest.mark.parametrize("game_id", tabletop.games())
@pytest.mark.parametrize(("width", "height", "langs"), SIZES)
def test_the_busiest_screen_fits(game_id: str, width: int, height: int,
                                 langs: tuple[str, ...]) -> None:
    console = Console(width=width, height=height, file=io.StringIO(), color_system=None)
    tallest = 0
    for st, seat in _screens(game_id):
        for lang in langs:
            if st.is_over:
                def ending(fit: Fit, st: tabletop.State = st, lang: str = lang) -> Any:
                    return render_outcome(st, lang, [0], fit)

                below = text_height(t(lang, "replay", command=replay_command(st)), width)
                screen = render_screen(st, 0, lang, None, width, height - below,
                                       spectator=True, after=ending)
                lines = screen_height(console, screen) + below  # and the replay command
            else:
                screen = render_screen(st, seat, lang, st.legal_moves(), width, height - 1)
                lines = screen_height(console, screen) + 1  # and the prompt
            tallest = max(tallest, lines)
            assert lines <= height, (game_id, st.players, lang, st.history)
    assert tallest > 10, "the screens were measured"


@pytest.mark.parametrize("game_id", tabletop.games())
def test_a_watched_game_fits_with_every_hand_shown(game_id: str) -> None:
    console = Console(width=80, height=24, file=io.StringIO(), color_system=None)
    game = tabletop.load(game_id)
    players = game.spec.max_players
    rng = random.Random(1)
    st = game.new_game(players=players, seed=1)
    while not st.is_over:
        screen = render_screen(st, None, "en", None, 80, 22, spectator=True)
        assert screen_height(console, screen) <= 22, st.history
        st.play(rng.choice(st.legal_moves()))
