"""``tabletop new``: a small, complete, commented ruleset to start a game from (starter.py)."""

from __future__ import annotations

import argparse

from rich.console import Console

from tabletop.cli.parser import Command, Help, add_lang
from tabletop.i18n.table import t


def arguments(command: Command, h: Help) -> None:
    p = command("new", h("help_cmd_new"))
    p.add_argument("name", metavar=h("help_meta_name"), help=h("help_new_name"))
    p.add_argument("--dir", default=".", help=h("help_new_dir"))
    add_lang(p, h)


def run(console: Console, a: argparse.Namespace, lang: str) -> int:
    from tabletop.cli.starter import write_starter

    path = write_starter(a.name, a.dir, lang)
    console.print(f"{t(lang, 'cli_wrote', path=path)}\n"
                  f"  tabletop check {path}     {t(lang, 'cli_wrote_check')}\n"
                  f"  tabletop play {path}\n{t(lang, 'cli_wrote_words')}",
                  markup=False, highlight=False)
    return 0
