"""``tabletop rules``: a game's rules page (its own, else the page shipped for it)."""

from __future__ import annotations

import argparse

from rich.console import Console

from tabletop import registry
from tabletop.cli.parser import Command, Help, add_game, add_games_dir, add_lang
from tabletop.i18n.catalogue import text_of
from tabletop.i18n.table import default_lang, t
from tabletop.safety.files import MAX_PAGE_BYTES, read_text


def arguments(command: Command, h: Help) -> None:
    p = command("rules", h("help_cmd_rules"))
    add_game(p, h)
    add_lang(p, h, "help_rules_lang")
    p.add_argument("--designer", action="store_true", help=h("help_rules_designer"))
    add_games_dir(p, h)


def run(console: Console, a: argparse.Namespace, lang: str) -> int:
    from rich.markdown import Markdown

    from tabletop.summary import summaries

    game, lang, designer = a.game, a.lang or default_lang(), a.designer
    path, ref = registry.locate(game)
    info = summaries({game: path})[game]
    if isinstance(info, Exception):
        raise info
    own = None
    if not designer:  # a ruleset's own page: its rules: text, else a Markdown file beside it
        own = (registry.own_rules(registry.load(game), lang) if info["own_rules"]
               else registry.page_beside(ref, lang))
    if own is not None:
        console.print(Markdown(own))
        return 0
    page = registry.doc_path(info["id"], lang, designer)
    if page is None:
        console.print(t(lang, "no_rules", game=text_of(info["name"], lang)) + " "
                      + t(lang, "no_rules_own"), markup=False, highlight=False)
        return 1
    if registry.page_lang(page) != lang:
        console.print(t(lang, "page_in_english"), style="yellow", markup=False)
    console.print(Markdown(read_text(page, MAX_PAGE_BYTES, "page")))
    return 0
