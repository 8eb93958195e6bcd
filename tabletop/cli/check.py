"""``tabletop check``: load a ruleset, then play random games with it
(tabletop/analysis/checker.py)."""

from __future__ import annotations

import argparse

from rich.console import Console

from tabletop import registry
from tabletop.cli.parser import Command, Help, add_lang
from tabletop.errors import TabletopError
from tabletop.i18n.catalogue import text_of
from tabletop.i18n.messages import ruleset_texts
from tabletop.i18n.table import default_lang


def arguments(command: Command, h: Help) -> None:
    p = command("check", h("help_cmd_check"))
    p.add_argument("path", metavar=h("help_meta_path"), help=h("help_check_path"))
    p.add_argument("--games", type=int, default=300, metavar="N", help=h("help_check_games"))
    p.add_argument("--seconds", type=float, default=20.0, metavar="S", help=h("help_check_seconds"))
    add_lang(p, h, "help_check_lang")


def run(console: Console, a: argparse.Namespace, lang: str) -> int:
    """Load a ruleset, then play random games with it: 0 when nothing is wrong, else 1 (the
    report in ``--lang``)."""
    from tabletop.analysis import checker

    path, lang = a.path, a.lang or default_lang()

    def say(text: str, style: str | None = None) -> None:
        # sentences wrapped by words; an indented detail (a seed, a command to type, moves)
        # never broken in two, so that it can be copied whole
        console.print(text, style=style, markup=False, highlight=False,
                      soft_wrap=text.startswith("  "))

    try:
        game = registry.load(path)
    except TabletopError as e:
        say(f"tabletop: {e.in_lang(lang)}", "bold red")
        return 1
    spec = game.spec
    say(ruleset_texts("check_loaded", path=path, name=text_of(spec.name, lang),
                      summary=checker.describe_spec(game, lang))[lang])
    report = checker.play_check(game, games=max(1, a.games), seconds=max(0.1, a.seconds))
    problem = ruleset_texts("check_problem", message="")[lang]
    for line in checker.describe(path, game, report, lang):
        say(line, "bold red" if line.startswith(problem) else None)
    return 1 if report.problems else 0
