"""``tabletop serve``: the game on a web table, a link per seat (tabletop/web/)."""

from __future__ import annotations

import argparse
import re

from rich.console import Console

from tabletop.cli.parser import (
    Command,
    Help,
    Parser,
    add_game,
    add_games_dir,
    add_lang,
    add_option,
    add_players,
    add_seat,
)
from tabletop.cli.play import start_table
from tabletop.errors import TabletopError
from tabletop.i18n.table import default_lang, in_every_lang, t


def _port(arg: str) -> int:
    """``--port``: a whole number from 0 (any free port) to 65535."""
    if not re.fullmatch(r"\s*\d+\s*", arg) or int(arg) > 65535:
        raise argparse.ArgumentTypeError(t(Parser.lang, "serve_port", arg=arg))
    return int(arg)


def arguments(command: Command, h: Help) -> None:
    p = command("serve", h("help_cmd_serve"), examples=True)
    add_game(p, h, optional=True)
    p.add_argument("--seed", metavar=h("help_meta_seed"), help=h("help_seed"))
    add_option(p, h)
    add_players(p, h)
    add_seat(p, h)
    p.add_argument("--host", default="127.0.0.1", help=h("help_serve_host"))
    p.add_argument("--port", type=_port, default=8000, help=h("help_serve_port"))
    p.add_argument("--no-qr", action="store_true", help=h("help_serve_no_qr"))
    add_lang(p, h)
    p.add_argument("--load", metavar=h("help_meta_file"), help=h("help_serve_load"))
    p.add_argument("--save", metavar=h("help_meta_file"), help=h("help_serve_save"))
    add_games_dir(p, h)


def run(console: Console, a: argparse.Namespace, lang: str) -> int:
    lang = a.lang or default_lang()
    try:
        from tabletop.web.serve import serve
    except ImportError:  # the web extra is not installed
        raise TabletopError(t("en", "serve_needs_web"), texts=in_every_lang("serve_needs_web")
                            ) from None
    state, bots, save_path, file_name, watch = start_table(a)
    if watch:
        state.meta["watch"] = False

    def say(text: str) -> None:
        console.print(text, markup=False, highlight=False, soft_wrap=True)

    return serve(state, bots, lang, save_path, file_name, a.host, a.port, say, qr=not a.no_qr)
