"""``tabletop play``: a game in the terminal (tabletop/ui/terminal.py), started or resumed."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from rich.console import Console

from tabletop import registry
from tabletop.cli import usage
from tabletop.cli.parser import (
    Command,
    Help,
    add_game,
    add_games_dir,
    add_lang,
    add_option,
    add_players,
    add_seat,
)
from tabletop.engine import savefiles
from tabletop.i18n.table import default_lang

if TYPE_CHECKING:
    from tabletop.bots import Bot
    from tabletop.engine.state import State


def arguments(command: Command, h: Help) -> None:
    p = command("play", h("help_cmd_play"), examples=True)
    add_game(p, h, optional=True)
    p.add_argument("--seed", metavar=h("help_meta_seed"), help=h("help_seed"))
    add_option(p, h)
    add_players(p, h)
    p.add_argument("--solo", action="store_true", help=h("help_play_solo"))
    add_seat(p, h)
    p.add_argument("--watch", action="store_true", help=h("help_play_watch"))
    p.add_argument("--delay", metavar=h("help_meta_seconds"), help=h(
        "help_play_delay", most=f"{usage.MAX_DELAY:g}", watch=f"{usage.WATCH_DELAY:g}"))
    p.add_argument("--hints", action="store_true", help=h("help_play_hints"))
    add_lang(p, h)
    p.add_argument("--load", metavar=h("help_meta_file"), help=h("help_play_load"))
    p.add_argument("--save", metavar=h("help_meta_file"), help=h("help_play_save"))
    add_games_dir(p, h)


def start_table(a: argparse.Namespace) -> tuple[State, dict[int, Bot], Path, str | None, bool]:
    """The game ``play`` and ``serve`` start or resume (``--load``), its bots, where it is
    saved, the save's file name when that is a folder, and whether bots play every seat
    (--watch)."""
    a.seed = usage.seed(a.seed)
    solo = getattr(a, "solo", False)
    if a.load and (a.game or a.players or solo or a.option or a.seed is not None):
        raise usage.UsageError("cli_load_alone")
    if solo and a.players:
        raise usage.UsageError("cli_solo_players")
    file_name = None
    if a.load:
        path, text = usage.read_save(a.load)
        state: State = registry.restore(text)
        save_path = Path(a.save).expanduser() if a.save else path
    else:
        if not a.game:
            raise usage.UsageError("cli_which_game_play")
        game = registry.load(a.game)
        players, names = usage.players(a.players, solo, game.spec.min_players,
                                       game.spec.max_players)
        state = game.new_game(players=players, seed=a.seed, options=usage.options(a.option),
                              names=names)
        # the seed is in the name only when the player chose it (a drawn one deals every
        # hidden card again)
        file_name = savefiles.default_name(state.spec.id, state.seed, a.seed is not None)
        save_path = (Path(a.save).expanduser() if a.save else
                     savefiles.free_path(savefiles.save_dir() / file_name))
    seats = a.seat
    watch = getattr(a, "watch", False)
    if a.load and not seats and not watch:  # resume with the bots the game was started with
        saved = state.meta.get("seats")
        seats = [x for x in saved if isinstance(x, str)] if isinstance(saved, list) else []
        watch = state.meta.get("watch") is True
    bots, specs = usage.bots(seats, state.players, watch, state.seed)
    state.meta.update({"seats": specs, "watch": watch})
    return state, bots, save_path, file_name, watch


def _drop_typed_ahead() -> None:
    """Forget what was typed at the terminal and not read yet."""
    try:
        import termios

        if sys.stdin.isatty():
            termios.tcflush(sys.stdin.fileno(), termios.TCIFLUSH)
    except (ImportError, OSError, ValueError):
        pass


def run(console: Console, a: argparse.Namespace, lang: str) -> int:
    from tabletop.ui.terminal import Table

    lang = a.lang or default_lang()
    delay = usage.delay(a.delay, a.watch)
    state, bots, save_path, file_name, watch = start_table(a)
    if a.delay is None:
        delay = usage.WATCH_DELAY if watch else 0.0
    table = Table(state, bots, lang, console, input, save_path, watch=watch, delay=delay,
                  flush=_drop_typed_ahead, hints=a.hints, file_name=file_name)
    return table.run()
