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
from tabletop.i18n.catalogue import text_of
from tabletop.i18n.table import t
from tabletop.ui.render import Fit, render_outcome, render_screen, screen_height, text_height
from tabletop.ui.terminal import replay_command

# (width, height, languages): French is the longer, so 60 columns are measured in French
SIZES = [(80, 24, ("en", "fr")), (60, 24, ("fr",))]


def _player_counts(game: tabletop.Game) -> list[int]:
    spec = game.spec
    return sorted({spec.min_players, min(spec.max_players, max(2, spec.min_players)),
                   spec.max_players})


def _screens(game_id: str, games: int = 2,
             every: int = 4) -> Iterator[tuple[tabletop.State, int | None]]:
    """(state, seat) at the decisions of a few random games of each player count that may be
    the busiest (more moves listed than any before in that game) and at every ``every``-th
    one besides, and the last position of each. (Drawing each of a match's hundreds of
    screens cost minutes: the ones skipped list no more moves than one drawn before them.)"""
    game = tabletop.load(game_id)
    if game.spec.max_moves > 1000:  # matches of hundreds of moves: one a player count
        games, every = 1, 3 * every
    for players in _player_counts(game):
        for seed in range(games):
            rng = random.Random(seed)
            st = game.new_game(players=players, seed=seed)
            most, n = 0, 0
            while not st.is_over:
                legal = st.legal_moves()
                if len(legal) > most or n % every == 0:
                    most = max(most, len(legal))
                    yield st, st.current_player
                n += 1
                st.play(rng.choice(legal))
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
    # (a match of hundreds of moves: every tenth screen, and the hands at the end)
    every, n = (10 if game.spec.max_moves > 1000 else 1), 0
    while not st.is_over:
        if n % every == 0:
            screen = render_screen(st, None, "en", None, 80, 22, spectator=True)
            assert screen_height(console, screen) <= 22, st.history
        n += 1
        st.play(rng.choice(st.legal_moves()))
    screen = render_screen(st, None, "en", None, 80, 22, spectator=True)
    assert screen_height(console, screen) <= 22, st.history


def _notice(st: tabletop.State, lang: str) -> list[str]:
    """The longest notices a table may put above the board: the last events said as bot
    notices and a "since your last turn" line naming the latest few."""
    from tabletop.ui.render import event_line
    latest = [e for e in reversed(st.log) if e.kind == "log" and e.private_to is None][:6]
    said = [event_line(st, e, lang, {s: "greedy bot" for s in range(st.players)})
            for e in reversed(latest)]
    return [*said[-3:], t(lang, "since", events="; ".join(said))] if said else []


@pytest.mark.parametrize("game_id", tabletop.games())
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_help_notices_and_the_end_fit_80x24(game_id: str, lang: str) -> None:
    """Issue 34: the help (French Arcane Duel was 26 lines), a screen under wrapped bot
    notices and the game-over screen under them keep their title within 80x24."""
    from tabletop.ui.render import render_help
    console = Console(width=80, height=24, file=io.StringIO(), color_system=None)
    for st, seat in _screens(game_id, games=1):
        notices = _notice(st, lang)
        if st.is_over:
            def ending(fit: Fit, st: tabletop.State = st) -> Any:
                return render_outcome(st, lang, [0], fit)
            below = text_height(t(lang, "replay", command=replay_command(st)), 80)
            screen = render_screen(st, 0, lang, None, 80, 24 - below, spectator=True,
                                   after=ending, notices=notices)
            lines = console.render_lines(screen, console.options, pad=False)
            assert len(lines) + below <= 24, (game_id, lang)
            assert any(t(lang, "over") in "".join(s.text for s in line) for line in lines)
            assert any(text_of(st.spec.name, lang) in "".join(s.text for s in line)
                       for line in lines), (game_id, lang)
            continue
        help_lines = console.render_lines(render_help(st, seat, lang, 80, 23),
                                          console.options, pad=False)
        assert len(help_lines) <= 23, (game_id, lang, len(help_lines))
        assert t(lang, "help_title") in "".join(s.text for s in help_lines[0])
        screen = render_screen(st, seat, lang, st.legal_moves(), 80, 23, notices=notices)
        lines = console.render_lines(screen, console.options, pad=False)
        assert len(lines) <= 23, (game_id, lang, st.history)
        title = text_of(st.spec.name, lang)
        assert any(title in "".join(s.text for s in line) for line in lines), st.history
