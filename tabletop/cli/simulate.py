"""``tabletop simulate``: many games with bots, and their figures (tabletop/analysis/simulate.py,
tabletop/ui/report.py)."""

from __future__ import annotations

import argparse
import contextlib
import signal
import threading
from collections.abc import Iterator
from types import FrameType

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
from tabletop.i18n.table import default_lang


def arguments(command: Command, h: Help) -> None:
    p = command("simulate", h("help_cmd_simulate"))
    add_game(p, h)
    p.add_argument("--games", default="1000", metavar="N", help=h("help_simulate_games"))
    add_players(p, h)
    add_seat(p, h, "help_simulate_seat")
    add_option(p, h, "help_simulate_option")
    p.add_argument("--compare", metavar=h("help_meta_compare"), help=h("help_simulate_compare"))
    p.add_argument("--seed", help=h("help_simulate_seed"))
    p.add_argument("--workers", metavar="N", help=h("help_simulate_workers"))
    p.add_argument("--cluster", metavar=h("help_meta_address"), help=h("help_simulate_cluster"))
    p.add_argument("--json", metavar=h("help_meta_file"), help=h("help_simulate_json"))
    p.add_argument("--csv", metavar=h("help_meta_file"), help=h("help_simulate_csv"))
    p.add_argument("--plot", metavar=h("help_meta_file"), help=h("help_simulate_plot"))
    add_lang(p, h)
    add_games_dir(p, h)


def run(console: Console, a: argparse.Namespace, lang: str) -> int:
    """Play many games with bots and report the figures."""
    from tabletop.analysis import simulate
    from tabletop.ui import report as screen

    game = registry.load(a.game)
    spec = game.spec
    players, names = usage.players(a.players, False, spec.min_players, spec.max_players)
    options = usage.options(a.option)
    games = screen.whole(a.games, "--games", 1, simulate.MAX_GAMES)
    workers = screen.whole(a.workers or "1", "--workers", 1, simulate.MAX_WORKERS)
    if a.cluster and a.workers:
        raise usage.UsageError("cli_workers_cluster")
    kinds: list[tuple[str, dict[str, float]]] = [("random", {})] * players
    for n, _item, kind, kw in usage.seat_bots(a.seat, players):
        kinds[n - 1] = (kind, kw)
    with _stopped_as_by_ctrl_c():
        return screen.simulate(console, game, players=players, names=names, options=options,
                               seats=kinds, games=games, seed=usage.seed(a.seed),
                               workers=workers, cluster=a.cluster, compare=a.compare,
                               json_path=a.json, csv_path=a.csv, plot_path=a.plot,
                               lang=a.lang or default_lang())


@contextlib.contextmanager
def _stopped_as_by_ctrl_c() -> Iterator[None]:
    """A simulation stopped from outside (``timeout 150 tabletop simulate ...``, a job
    scheduler, ``kill``: SIGTERM) reports the games it finished, as Ctrl-C does, instead of
    ending without a word."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(_signum: int, _frame: FrameType | None) -> None:
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGTERM, stop)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)
