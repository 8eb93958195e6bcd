"""The command line's argparse, in the table's language: its complaints, its help's layout and
headings, and the arguments several commands share."""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from tabletop.cli.help import HELP_MESSAGES
from tabletop.i18n.catalogue import LANGS
from tabletop.i18n.table import default_lang, t
from tabletop.ui.output import clean

# what says a help text in the language of the command line: h("help_seed")
Help = Callable[..., str]
# what adds a command to the parser: command("play", h("help_cmd_play"), examples=True)
Command = Callable[..., argparse.ArgumentParser]

_ARGPARSE = [  # argparse's complaints (Python 3.11-3.13 wording), said in the table's language
    (re.compile(r"unrecognized arguments: (?P<args>.*)"), "arg_unrecognized"),
    (re.compile(r"the following arguments are required: (?P<args>.*)"), "arg_required"),
    (re.compile(r"argument (?P<arg>.+?): invalid choice: (?P<value>.+?) "
                r"\(choose from (?P<choices>.*)\)"), "arg_choice"),
    (re.compile(r"argument (?P<arg>.+?): expected one argument"), "arg_one"),
    (re.compile(r"argument (?P<arg>.+?): invalid int value: (?P<value>.*)"), "arg_int"),
    (re.compile(r"argument (?P<arg>.+?): invalid float value: (?P<value>.*)"), "arg_float"),
    (re.compile(r"ambiguous option: (?P<option>.+?) could match (?P<matches>.*)"),
     "arg_ambiguous"),
]


def arg_message(message: str, lang: str) -> str:
    """An argparse complaint in ``lang`` (as argparse wrote it when its wording is unknown)."""
    for pattern, key in _ARGPARSE:
        m = pattern.fullmatch(message)
        if m:
            return t(lang, key, **m.groupdict())
    return message


class Parser(argparse.ArgumentParser):
    """argparse, whose complaints come in one sentence in the table's language (``lang``, set
    by ``main`` from ``--lang`` or the locale before parsing) with the help to read next."""

    lang = "en"

    def error(self, message: str) -> NoReturn:
        lang = Parser.lang
        self.print_usage(sys.stderr)
        self.exit(2, clean(f"{self.prog}: {arg_message(message, lang)} "
                           f"{t(lang, 'cli_see_help', command=self.prog)}") + "\n")


def argv_lang(argv: Sequence[str]) -> str:
    """The table's language as ``--lang`` gives it on the command line, else the locale's."""
    for i, arg in enumerate(argv):
        value = (argv[i + 1] if arg == "--lang" and i + 1 < len(argv) else
                 arg.partition("=")[2] if arg.startswith("--lang=") else None)
        if value in LANGS:
            return value
    return default_lang()


class Formatter(argparse.RawDescriptionHelpFormatter):
    """The help's layout, its ``usage:`` said in the table's language (``prefix``)."""

    prefix = "usage: "

    def add_usage(self, usage: str | None, actions: Any, groups: Any,
                  prefix: str | None = None) -> None:
        super().add_usage(usage, actions, groups, self.prefix if prefix is None else prefix)


def help_in(lang: str) -> Help:
    """The help texts of the command line in ``lang``."""

    def h(key: str, **fields: Any) -> str:
        return HELP_MESSAGES.t(lang, key, **fields)

    return h


def add_help(p: argparse.ArgumentParser, h: Help) -> None:
    """``-h``/``--help`` and the headings of the help, in the table's language."""
    p.add_argument("-h", "--help", action="help", help=h("help_help"))
    p._positionals.title = h("help_positionals")
    p._optionals.title = h("help_optionals")


def add_lang(p: argparse.ArgumentParser, h: Help, key: str = "help_lang") -> None:
    p.add_argument("--lang", choices=LANGS, help=h(key))


def add_game(p: argparse.ArgumentParser, h: Help, optional: bool = False,
             key: str = "help_game") -> None:
    """The game played: an id or the path of a ruleset."""
    p.add_argument("game", metavar=h("help_meta_game"), nargs="?" if optional else None,
                   help=h(key))


def add_option(p: argparse.ArgumentParser, h: Help, key: str = "help_option") -> None:
    p.add_argument("--option", action="append", default=[], metavar=h("help_meta_option"),
                   help=h(key))


def add_players(p: argparse.ArgumentParser, h: Help) -> None:
    p.add_argument("--players", metavar=h("help_meta_players"), help=h("help_players"))


def add_seat(p: argparse.ArgumentParser, h: Help, key: str = "help_seat") -> None:
    p.add_argument("--seat", action="append", default=[], metavar=h("help_meta_seat"), help=h(key))


def add_games_dir(p: argparse.ArgumentParser, h: Help) -> None:
    """Your own games, found by id beside the shipped ones."""
    p.add_argument("--games-dir", action="append", default=[], metavar=h("help_meta_dir"),
                   help=h("help_games_dir"))
