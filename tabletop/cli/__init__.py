"""The `tabletop` command: list the games, show their rules, play them. A module a command
holds its arguments (``arguments``) and what it does (``run``); ``parser`` puts them together
in the order ``tabletop --help`` lists them.

Each command imports what it needs when it runs: `tabletop list` and `tabletop rules` start
without the engine, the bots or the table (see tabletop/summary.py for what they read)."""

from __future__ import annotations

import argparse
import os
import sys
import traceback
from typing import Any, Protocol

from rich.console import Console

from tabletop import __version__, registry
from tabletop.cli import check, list_games, new, play, rules, saves, serve, simulate, solve
from tabletop.cli.parser import Command, Formatter, Help, Parser, add_help, argv_lang, help_in
from tabletop.errors import TabletopError
from tabletop.i18n.table import t
from tabletop.ui.output import SafeConsole, prepare_streams

EXAMPLES = """\
  tabletop list
  tabletop rules scoundrel
  tabletop play scoundrel --seed 7 --option difficulty=hard
  tabletop play push-to-five --players Ana,Ben,Chloe --seat 3=bot:random
  tabletop play --load ~/.local/share/tabletop/saves/scoundrel-7.json
  tabletop play --load last
  tabletop saves --clean
"""


class _Command(Protocol):
    """A command's module: its arguments added to the parser, and what it does (``lang``: the
    language of the command line, ``--lang`` else the locale's)."""

    def arguments(self, command: Command, h: Help) -> None: ...

    def run(self, console: Console, a: argparse.Namespace, lang: str) -> int: ...


COMMANDS: dict[str, _Command] = {
    "list": list_games, "rules": rules, "check": check, "new": new, "play": play, "serve": serve,
    "saves": saves, "solve": solve, "simulate": simulate}


def parser(lang: str = "en") -> argparse.ArgumentParser:
    """The command's arguments, their help in ``lang``."""
    h = help_in(lang)
    raw: Any = type("Formatter", (Formatter,), {"prefix": h("help_usage")})
    epilog = h("help_examples") + "\n" + EXAMPLES
    p = Parser(prog="tabletop", add_help=False, epilog=epilog, formatter_class=raw,
               description=h("help_description"))
    add_help(p, h)
    p.add_argument("--version", action="version", version=f"tabletop {__version__}",
                   help=h("help_version"))
    sub = p.add_subparsers(dest="command", metavar=h("help_meta_command"), title=h("help_commands"))

    def command(name: str, text: str, examples: bool = False) -> argparse.ArgumentParser:
        sp = sub.add_parser(name, add_help=False, help=text, formatter_class=raw,
                            epilog=epilog if examples else None)
        add_help(sp, h)
        return sp

    for module in COMMANDS.values():
        module.arguments(command, h)
    return p


def main(argv: list[str] | None = None) -> int:
    """Entry point of the `tabletop` command."""
    args = sys.argv[1:] if argv is None else argv
    lang = Parser.lang = argv_lang(args)
    narrow = prepare_streams()  # any output encoding: what it cannot write shows as "?"
    if narrow is not None:
        sys.stderr.write(f"tabletop: {t(lang, 'cli_narrow_encoding', encoding=narrow)}\n")
    p = parser(lang)
    a = p.parse_args(args)
    console = SafeConsole(highlight=False)  # names and ruleset texts without control codes
    try:
        for folder in getattr(a, "games_dir", None) or []:
            registry.add_games_dir(folder)
        if a.command is None:
            p.print_help()
            return 0
        return COMMANDS[a.command].run(console, a, lang)
    except TabletopError as e:  # a BotError and a UsageError are TabletopErrors
        console.print(f"tabletop: {e.in_lang(lang)}",
                      style="bold red", markup=False, highlight=False)
        code: int = getattr(e, "exit_code", 2)
        return code
    except (MemoryError, RecursionError) as e:  # a ruleset the limits did not foresee
        key = "cli_out_of_memory" if isinstance(e, MemoryError) else "cli_out_of_depth"
        console.print(f"tabletop: {t(lang, key)}", style="bold red", markup=False,
                      highlight=False)
        return 2
    except KeyboardInterrupt:
        console.print("")
        return 130
    except Exception as e:  # a bug of ours: one sentence for the user, the details on request
        if os.environ.get("TABLETOP_DEBUG"):
            traceback.print_exc()
        console.print(f"tabletop: {t(lang, 'cli_internal', error=f'{type(e).__name__}: {e}')}",
                      style="bold red", markup=False, highlight=False)
        return 3
