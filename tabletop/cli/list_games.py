"""``tabletop list``: the games, with their players and a one-line description."""

from __future__ import annotations

import argparse

from rich.console import Console

from tabletop import registry
from tabletop.cli.parser import Command, Help, add_games_dir, add_lang
from tabletop.i18n.catalogue import text_of
from tabletop.i18n.table import default_lang, t


def arguments(command: Command, h: Help) -> None:
    p = command("list", h("help_cmd_list"))
    add_lang(p, h)
    add_games_dir(p, h)


def run(console: Console, a: argparse.Namespace, lang: str) -> int:
    from rich.table import Table as RichTable
    from rich.text import Text

    from tabletop.summary import summaries

    lang = a.lang or default_lang()
    table = RichTable(title=t(lang, "list_title"))
    table.add_column("id", style="bold")
    table.add_column(t(lang, "list_players"))
    table.add_column(t(lang, "list_description"))
    shipped = {gid: registry.ruleset_path(gid) for gid in registry.games()}
    own = registry.user_games()  # --games-dir, $TABLETOP_GAMES_DIR
    for gid, info in summaries({**shipped, **own}).items():
        where = f" ({own[gid].parent})" if gid in own else ""
        if isinstance(info, Exception):
            place = f"{own[gid]}: " if gid in own else ""
            table.add_row(Text(gid), "?",
                          Text(f"({place}{t(lang, 'list_cannot_load', error=str(info))})"))
            continue
        low, high = info["min_players"], info["max_players"]
        span = str(low) if low == high else f"{low}-{high}"
        table.add_row(Text(gid), span, Text(text_of(info["summary"], lang) + where))
    console.print(table)
    return 0
