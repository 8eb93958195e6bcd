"""The `tabletop` command: list the games, show their rules, play them."""

from __future__ import annotations

import argparse
import contextlib
import math
import os
import re
import signal
import sys
import time
import traceback
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from rich.console import Console

from . import __version__, registry, savefiles
from .errors import TabletopError
from .files import MAX_PAGE_BYTES, read_text, size_text
from .i18n import LANGS, text_of
from .ruleset_messages import counted, number, os_why, player_span, ruleset_texts
from .ui.i18n import default_lang, in_every_lang, t
from .ui.output import SafeConsole, clean, prepare_streams

if TYPE_CHECKING:
    from .bots import Bot
    from .state import State

# Each command imports what it needs when it runs: `tabletop list` and `tabletop rules` start
# without the engine, the bots or the table (see tabletop/summary.py for what they read).

EPILOG = """examples:
  tabletop list
  tabletop rules scoundrel
  tabletop play scoundrel --seed 7 --option difficulty=hard
  tabletop play push-to-five --players Ana,Ben,Chloe --seat 3=bot:random
  tabletop play --load ~/.local/share/tabletop/saves/scoundrel-7.json
  tabletop play --load last
  tabletop saves --clean
"""


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


def _arg_message(message: str, lang: str) -> str:
    """An argparse complaint in ``lang`` (as argparse wrote it when its wording is unknown)."""
    for pattern, key in _ARGPARSE:
        m = pattern.fullmatch(message)
        if m:
            return t(lang, key, **m.groupdict())
    return message


class _Parser(argparse.ArgumentParser):
    """argparse, whose complaints come in one sentence in the table's language (``lang``, set
    by ``main`` from ``--lang`` or the locale before parsing) with the help to read next."""

    lang = "en"

    def error(self, message: str) -> NoReturn:
        lang = _Parser.lang
        self.print_usage(sys.stderr)
        self.exit(2, clean(f"{self.prog}: {_arg_message(message, lang)} "
                           f"{t(lang, 'cli_see_help', command=self.prog)}") + "\n")


def _argv_lang(argv: Sequence[str]) -> str:
    """The table's language as ``--lang`` gives it on the command line, else the locale's."""
    for i, arg in enumerate(argv):
        value = (argv[i + 1] if arg == "--lang" and i + 1 < len(argv) else
                 arg.partition("=")[2] if arg.startswith("--lang=") else None)
        if value in LANGS:
            return value
    return default_lang()


_EPILOG = {"en": "examples:", "fr": "exemples :"}


class _Formatter(argparse.RawDescriptionHelpFormatter):
    """The help's layout, its ``usage:`` said in the table's language (``prefix``)."""

    prefix = "usage: "

    def add_usage(self, usage: str | None, actions: Any, groups: Any,
                  prefix: str | None = None) -> None:
        super().add_usage(usage, actions, groups, self.prefix if prefix is None else prefix)


def _parser(lang: str = "en") -> argparse.ArgumentParser:
    """The command's arguments, their help in ``lang``."""

    def h(en: str, fr: str) -> str:
        return fr if lang == "fr" else en

    raw: Any = type("_Formatter", (_Formatter,), {"prefix": h("usage: ", "utilisation : ")})
    epilog = _EPILOG.get(lang, _EPILOG["en"]) + "\n" + EPILOG.partition("\n")[2]
    p = _Parser(prog="tabletop", add_help=False, epilog=epilog, formatter_class=raw,
                description=h("Play small card games by their rules, in the terminal.",
                              "Jouer de petits jeux de cartes selon leurs règles, dans le "
                              "terminal."))
    _help(p, h)
    p.add_argument("--version", action="version", version=f"tabletop {__version__}",
                   help=h("show the version and exit", "afficher la version et quitter"))
    sub = p.add_subparsers(dest="command", metavar=h("COMMAND", "COMMANDE"),
                           title=h("commands", "commandes"))

    def command(name: str, text: str, **kw: Any) -> argparse.ArgumentParser:
        sp = sub.add_parser(name, add_help=False, help=text, formatter_class=raw, **kw)
        _help(sp, h)
        return sp

    lang_help = h("the language of the table: en or fr (default: the locale's)",
                  "la langue de la table : en ou fr (par défaut : celle du système)")
    ls = command("list", h(
        "the games, with players and a one-line description",
        "les jeux, avec leurs joueurs et une description d'une ligne"))
    ls.add_argument("--lang", choices=LANGS, help=lang_help)
    r = command("rules", h(
        "a game's rules page (rules, options, notation, rulings)",
        "la page des règles d'un jeu (règles, options, notation, arbitrages)"))
    game_help = h("a game id (see: tabletop list), or the path of a .yaml ruleset",
                  "un jeu (voir : tabletop list), ou le chemin d'un fichier de règles .yaml")
    r.add_argument("game", metavar=h("game", "jeu"), help=game_help)
    r.add_argument("--lang", choices=LANGS, help=h(
        "the page's language (default: locale); the English page when there is none in that "
        "language", "la langue de la page (par défaut : celle du système) ; la page anglaise "
        "quand il n'y en a pas dans cette langue"))
    r.add_argument("--designer", action="store_true", help=h(
        "the designer's page: view keys, the reasoning behind each ruling, measured figures",
        "la page du concepteur (en anglais) : clés de la vue, raisons de chaque arbitrage, "
        "chiffres mesurés"))
    c = command("check", h(
        "check a ruleset file and play random games with it; exit status 0 when nothing is "
        "wrong, 1 otherwise", "vérifier un fichier de règles et jouer des parties au hasard "
        "avec lui ; code de sortie 0 si rien ne cloche, 1 sinon"))
    c.add_argument("path", metavar=h("path", "fichier"),
                   help=h("a .yaml ruleset", "un fichier de règles .yaml"))
    c.add_argument("--games", type=int, default=300, metavar="N", help=h(
        "random games to play (default 300)", "parties au hasard à jouer (300 par défaut)"))
    c.add_argument("--seconds", type=float, default=20.0, metavar="S", help=h(
        "time budget for the games (default 20)", "temps accordé aux parties (20 par défaut)"))
    c.add_argument("--lang", choices=LANGS, help=h(
        "the language of the report and of the ruleset's mistakes: en or fr (default: the "
        "locale's)", "la langue du rapport et des erreurs du fichier de règles : en ou fr (par "
        "défaut : celle du système)"))
    nw = command("new", h(
        "write a small, complete, commented ruleset to start your own game from",
        "écrire un petit fichier de règles complet et commenté, pour partir de lui"))
    nw.add_argument("name", metavar=h("name", "nom"), help=h(
        'the game\'s name, e.g. "My Game" (writes my-game.yaml)',
        'le nom du jeu, par exemple "Mon Jeu" (écrit mon-jeu.yaml)'))
    nw.add_argument("--dir", default=".", help=h("the folder to write it in (default: here)",
                                                 "le dossier où l'écrire (par défaut : ici)"))
    nw.add_argument("--lang", choices=LANGS, help=lang_help)
    pl = command("play", epilog=epilog, text=h(
        "play a game in the terminal", "jouer une partie dans le terminal"))
    pl.add_argument("game", metavar=h("game", "jeu"), nargs="?", help=game_help)
    pl.add_argument("--seed", metavar=h("SEED", "GRAINE"), help=h(
        "the seed (a whole number): the same seed deals the same game",
        "la graine (un nombre entier) : la même graine donne la même donne"))
    option_help = h("a game option, e.g. difficulty=hard (see: tabletop rules GAME)",
                    "une option du jeu, par exemple difficulty=hard (voir : tabletop rules JEU)")
    pl.add_argument("--option", action="append", default=[], metavar=h("NAME=VALUE", "NOM=VALEUR"),
                    help=option_help)
    players_help = h("a number of players, or their names: Ana,Ben,Chloe",
                     "un nombre de joueurs, ou leurs noms : Ana,Ben,Chloé")
    pl.add_argument("--players", metavar=h("PLAYERS", "JOUEURS"), help=players_help)
    pl.add_argument("--solo", action="store_true", help=h("play alone (one seat)",
                                                          "jouer seul (une place)"))
    pl.add_argument("--seat", action="append", default=[],
                    metavar=h("N=bot:KIND", "N=bot:TYPE"), help=h(
        "give seat N (from 1) to a bot: random, greedy, mcts or expert",
        "donner la place N (à partir de 1) à un robot : random, greedy, mcts ou expert"))
    pl.add_argument("--watch", action="store_true", help=h(
        "watch bots play (seats not given with --seat get random bots)",
        "regarder jouer les robots (les places sans --seat ont des robots au hasard)"))
    pl.add_argument("--delay", metavar=h("SECONDS", "SECONDES"), help=h(
        f"pause after each bot move (0 to {MAX_DELAY:g}; default {WATCH_DELAY:g} with --watch, "
        "else 0)", f"pause après chaque coup d'un robot (de 0 à {MAX_DELAY:g} ; "
        f"{WATCH_DELAY:g} par défaut avec --watch, sinon 0)"))
    pl.add_argument("--hints", action="store_true", help=h(
        "in a solo game, show the expert's move and its chance to win at each prompt (or type "
        "hint)", "en solo, montrer à chaque tour le coup de l'expert et sa chance de gagner "
        "(ou tapez indice)"))
    pl.add_argument("--lang", choices=LANGS, help=lang_help)
    pl.add_argument("--load", metavar=h("FILE", "FICHIER"), help=h(
        "resume a saved game; 'last': the most recent save of a game not finished (see: "
        "tabletop saves)", "reprendre une partie sauvegardée ; « dernière » (ou last) : la "
        "sauvegarde la plus récente d'une partie en cours (voir : tabletop saves)"))
    pl.add_argument("--save", metavar=h("FILE", "FICHIER"), help=h(
        "where to save the game (default: $TABLETOP_SAVE_DIR or ~/.local/share/tabletop/saves,"
        " as GAME-DATE-TIME.json, or GAME-SEED.json with --seed)", "où sauvegarder la partie "
        "(par défaut : $TABLETOP_SAVE_DIR ou ~/.local/share/tabletop/saves, sous le nom "
        "JEU-DATE-HEURE.json, ou JEU-GRAINE.json avec --seed)"))
    se = command("serve", epilog=epilog, text=h(
        "serve a game to the players' browsers: a link per seat, one for the table screen",
        "servir une partie aux navigateurs des joueurs : un lien par place, un pour l'écran "
        "de la table"))
    se.add_argument("game", metavar=h("game", "jeu"), nargs="?", help=game_help)
    se.add_argument("--seed", metavar=h("SEED", "GRAINE"), help=h(
        "the seed (a whole number): the same seed deals the same game",
        "la graine (un nombre entier) : la même graine donne la même donne"))
    se.add_argument("--option", action="append", default=[],
                    metavar=h("NAME=VALUE", "NOM=VALEUR"), help=option_help)
    se.add_argument("--players", metavar=h("PLAYERS", "JOUEURS"), help=players_help)
    se.add_argument("--seat", action="append", default=[],
                    metavar=h("N=bot:KIND", "N=bot:TYPE"), help=h(
        "give seat N (from 1) to a bot: random, greedy, mcts or expert",
        "donner la place N (à partir de 1) à un robot : random, greedy, mcts ou expert"))
    se.add_argument("--host", default="127.0.0.1", help=h(
        "the address to listen on (default 127.0.0.1: this computer only; 0.0.0.0: your "
        "network too, see docs/web-table.md)", "l'adresse d'écoute (par défaut 127.0.0.1 : "
        "cet ordinateur seul ; 0.0.0.0 : votre réseau aussi, voir docs/web-table.md)"))
    se.add_argument("--port", type=_port, default=8000, help=h(
        "the port to listen on (default 8000; 0: any free port)",
        "le port d'écoute (par défaut 8000 ; 0 : un port libre)"))
    se.add_argument("--no-qr", action="store_true", help=h(
        "print the links without their QR codes", "écrire les liens sans leurs codes QR"))
    se.add_argument("--lang", choices=LANGS, help=lang_help)
    se.add_argument("--load", metavar=h("FILE", "FICHIER"), help=h(
        "resume a saved game (a save of play or serve; 'last': the most recent not finished)",
        "reprendre une partie sauvegardée (de play ou serve ; « dernière » : la plus récente "
        "en cours)"))
    se.add_argument("--save", metavar=h("FILE", "FICHIER"), help=h(
        "where to save the game (default: as play does)",
        "où sauvegarder la partie (par défaut : comme play)"))
    sa = command("saves", h(
        "the saved games: game, players, moves, finished or not, date; --clean removes the "
        "saves of finished games", "les parties sauvegardées : jeu, joueurs, coups, finie ou "
        "non, date ; --clean supprime les sauvegardes des parties finies"))
    sa.add_argument("--dir", metavar=h("DIR", "DOSSIER"), help=h(
        "the folder of the saves (default: $TABLETOP_SAVE_DIR or "
        "~/.local/share/tabletop/saves)", "le dossier des sauvegardes (par défaut : "
        "$TABLETOP_SAVE_DIR ou ~/.local/share/tabletop/saves)"))
    sa.add_argument("--clean", action="store_true", help=h(
        "remove the saves of finished games (lists them and asks first)",
        "supprimer les sauvegardes des parties finies (les liste et demande d'abord)"))
    sa.add_argument("--yes", action="store_true", help=h(
        "with --clean: remove without asking", "avec --clean : supprimer sans demander"))
    sa.add_argument("--lang", choices=LANGS, help=lang_help)
    sv = command("solve", h(
        "solve a solo game: can this deal be won (--seed, --deck, --games), or the best play "
        "and its chance (no seed)", "résoudre un jeu solo : cette donne peut-elle être gagnée "
        "(--seed, --deck, --games), ou le meilleur jeu et sa chance (sans graine)"))
    sv.add_argument("game", metavar=h("game", "jeu"), nargs="?", help=h(
        "a solo game's id, or the path of a .yaml ruleset",
        "un jeu solo, ou le chemin d'un fichier de règles .yaml"))
    sv.add_argument("--seed", help=h("solve this deal, knowing the order of every card",
                                     "résoudre cette donne, en connaissant l'ordre des cartes"))
    sv.add_argument("--deck", help=h(
        "solve this stacked deck (codes, top first, separated by commas or spaces), knowing "
        "its order", "résoudre ce paquet (codes, du dessus vers le dessous, séparés par des "
        "virgules ou des espaces), en connaissant son ordre"))
    sv.add_argument("--games", type=int, metavar="N", help=h(
        "solve the deals of seeds 0 to N-1 and give the share winnable",
        "résoudre les donnes des graines 0 à N-1 et donner la part gagnable"))
    sv.add_argument("--option", action="append", default=[],
                    metavar=h("NAME=VALUE", "NOM=VALEUR"), help=h(
        "a game option, e.g. binding=inclusive",
        "une option du jeu, par exemple binding=inclusive"))
    sv.add_argument("--load", metavar=h("FILE", "FICHIER"), help=h(
        "the best move from a saved game, from what the player sees",
        "le meilleur coup d'une partie sauvegardée, d'après ce que voit le joueur"))
    sv.add_argument("--seconds", type=float, default=60.0, metavar="S", help=h(
        "time budget for one deal (default 60)", "temps accordé à une donne (60 par défaut)"))
    sv.add_argument("--workers", type=int, default=1, metavar="N", help=h(
        "solve deals in N processes (with --games)",
        "résoudre les donnes dans N processus (avec --games)"))
    sv.add_argument("--json", action="store_true", help=h("print the result as JSON",
                                                          "écrire le résultat en JSON"))
    sv.add_argument("--lang", choices=LANGS, help=lang_help)
    sm = command("simulate", h(
        "play many games with bots: who wins from which seat, how long games last, which moves "
        "and cards matter (see docs/simulate.md)", "jouer de nombreuses parties entre robots : "
        "qui gagne de quelle place, combien durent les parties, quels coups et quelles cartes "
        "comptent (voir docs/simulate.md)"))
    sm.add_argument("game", metavar=h("game", "jeu"), help=game_help)
    sm.add_argument("--games", default="1000", metavar="N", help=h(
        "games to play (default 1000)", "parties à jouer (1000 par défaut)"))
    sm.add_argument("--players", metavar=h("PLAYERS", "JOUEURS"), help=players_help)
    sm.add_argument("--seat", action="append", default=[],
                    metavar=h("N=bot:KIND", "N=bot:TYPE"), help=h(
        "the bot of seat N (from 1): random (the default), greedy or mcts, with settings, e.g. "
        "1=bot:mcts:iterations=50", "le robot de la place N (à partir de 1) : random (par "
        "défaut), greedy ou mcts, avec ses réglages, par exemple 1=bot:mcts:iterations=50"))
    sm.add_argument("--option", action="append", default=[],
                    metavar=h("NAME=VALUE", "NOM=VALEUR"), help=h(
        "a game option, e.g. difficulty=hard", "une option du jeu, par exemple "
        "difficulty=hard"))
    sm.add_argument("--compare", metavar=h("NAME=A,B", "NOM=A,B"), help=h(
        "play the same seeds under each value of an option and show the differences",
        "jouer les mêmes graines sous chaque valeur d'une option et montrer les écarts"))
    sm.add_argument("--seed", help=h("the master seed (default: drawn, and shown)",
                                     "la graine maîtresse (par défaut : tirée, et affichée)"))
    sm.add_argument("--workers", metavar="N", help=h("processes to play on (default 1)",
                                                     "processus où jouer (1 par défaut)"))
    sm.add_argument("--cluster", metavar=h("ADDRESS", "ADRESSE"), help=h(
        "a Dask scheduler to play on, e.g. tcp://10.0.0.5:8786 (needs tabletop[cluster])",
        "un ordonnanceur Dask où jouer, par exemple tcp://10.0.0.5:8786 (demande "
        "tabletop[cluster])"))
    sm.add_argument("--json", metavar=h("FILE", "FICHIER"), help=h("write the figures as JSON",
                                                     "écrire les chiffres en JSON"))
    sm.add_argument("--csv", metavar=h("FILE", "FICHIER"), help=h("write the figures as CSV",
                                                    "écrire les chiffres en CSV"))
    sm.add_argument("--plot", metavar=h("FILE", "FICHIER"), help=h(
        "draw the figures in a PNG (needs tabletop[plot])",
        "dessiner les chiffres dans un PNG (demande tabletop[plot])"))
    sm.add_argument("--lang", choices=LANGS, help=lang_help)
    for sp in (ls, r, pl, sm, sv, se):  # your own games, found by id beside the shipped ones
        sp.add_argument("--games-dir", action="append", default=[],
                        metavar=h("DIR", "DOSSIER"), help=h(
            "a folder of your own .yaml games, played by their file name (also: "
            "$TABLETOP_GAMES_DIR)", "un dossier de vos propres jeux .yaml, joués par leur nom "
            "de fichier (aussi : $TABLETOP_GAMES_DIR)"))
    return p


def _help(p: argparse.ArgumentParser, h: Callable[[str, str], str]) -> None:
    """``-h``/``--help`` and the headings of the help, in the table's language."""
    p.add_argument("-h", "--help", action="help", help=h("show this help and exit",
                                                         "afficher cette aide et quitter"))
    p._positionals.title = h("positional arguments", "arguments")
    p._optionals.title = h("options", "options")


MAX_DELAY = 60.0
WATCH_DELAY = 1.0  # a move a second: a person can follow a watched game
MAX_BOT_SETTING = 1_000_000.0


class UsageError(TabletopError):
    """A command-line value that cannot be used; the message says which and why, in each
    language of the table (``key`` in the catalogue of ui/i18n.py; a value given as a dict is
    itself per language)."""

    exit_code = 2  # a mistake in what was typed; 130 for work stopped by the user (Ctrl-C)

    def __init__(self, key: str, **kw: Any) -> None:
        texts = {lang: t(lang, key, **{k: text_of(v, lang) if isinstance(v, dict) else v
                                       for k, v in kw.items()}) for lang in LANGS}
        super().__init__(texts["en"], texts=texts)


def _players(arg: str | None, solo: bool, spec_min: int, spec_max: int
             ) -> tuple[int, list[str] | None]:
    if solo:
        return 1, None
    if arg is None:  # a game for several plays hot-seat by default; --solo plays alone
        return (max(2, spec_min) if spec_max > 1 else spec_min), None
    text = arg.strip()
    if re.fullmatch(r"[+-]?\d+", text):
        count = int(text)
        if not spec_min <= count <= spec_max:
            raise UsageError("cli_players_range", arg=arg, span=player_span(spec_min, spec_max))
        return count, None
    names = [n.strip() for n in text.split(",")]
    if not text or any(not n for n in names):
        raise UsageError("cli_players_names", arg=arg)
    for i, n in enumerate(names):
        if not n.isprintable():
            raise UsageError("cli_players_printable", arg=arg)
        if n.startswith("-") or re.fullmatch(r"[+-]?\d+", n):
            raise UsageError("cli_players_letter", arg=arg, name=n)
        m = re.fullmatch(r"[pP](\d+)", n)
        if m and int(m.group(1)) != i + 1:
            raise UsageError("cli_players_seat_word", arg=arg, name=n, n=m.group(1))
    return len(names), names  # new_game checks them: one word each, all different


def _seat_bots(seats: list[str], players: int) -> list[tuple[int, str, str, dict[str, float]]]:
    """Each ``--seat N=bot:KIND[:k=v,...]`` checked: (N from 1, the item as written, the bot
    kind, its settings), for ``play`` and ``simulate``."""
    from .bots import make_bot

    out: list[tuple[int, str, str, dict[str, float]]] = []
    for item in seats:
        left, sep, right = item.partition("=")
        numbered = re.fullmatch(r"[0-9]+", left.strip()) is not None
        if numbered and not 1 <= int(left) <= players:  # a seat past the table: --players
            raise UsageError("cli_seat_range", item=item, players=players)
        if not sep or not numbered or not right.startswith("bot:"):
            raise UsageError("cli_seat_shape", item=item)
        n = int(left)
        if any(n == m for m, *_ in out):
            raise UsageError("cli_seat_twice", item=item, n=n)
        kind, _, settings = right[4:].partition(":")
        kw: dict[str, float] = {}
        for part in filter(None, settings.split(",")):
            k, _, v = part.partition("=")
            if k in kw:
                raise UsageError("cli_setting_twice", item=item, name=k)
            try:
                kw[k] = float(v)
            except ValueError:
                raise UsageError("cli_setting_shape", item=item, part=part) from None
            if not 0 < kw[k] <= MAX_BOT_SETTING:
                raise UsageError("cli_setting_range", item=item, name=k, most={
                    lang: _count(int(MAX_BOT_SETTING), lang) for lang in LANGS})
        make_bot(kind, None, **kw)  # an unknown kind or setting: BotError, said in one sentence
        out.append((n, item, kind, kw))
    return out


def _bots(seats: list[str], players: int, watch: bool, seed: int | None
          ) -> tuple[dict[int, Bot], list[str]]:
    """The bots of ``--seat N=bot:KIND[:k=v,...]`` (and of --watch), with their seat specs as
    they are written, for the save file and the replay command."""
    from .bots import make_bot

    out: dict[int, Bot] = {}
    specs: list[str] = []
    for n, item, kind, kw in _seat_bots(seats, players):
        out[n - 1] = make_bot(kind, seed=None if seed is None else seed + n, **kw)
        specs.append(item)
    if watch:
        for s in range(players):
            if s not in out:
                out[s] = make_bot("random", seed=None if seed is None else seed + s + 1)
                specs.append(f"{s + 1}=bot:random")
    return out, specs


def _options(items: list[str]) -> dict[str, str]:
    out = {}
    for item in items:
        k, sep, v = item.partition("=")
        if not sep or not k.strip():
            raise UsageError("cli_option_shape", item=item)
        if k.strip() in out:
            raise UsageError("cli_option_twice", item=item, name=k.strip())
        out[k.strip()] = v.strip()
    return out


def cmd_list(console: Console, lang: str = "en") -> int:
    from rich.table import Table as RichTable
    from rich.text import Text

    from .summary import summaries

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


_OWN_PAGE_HINT = {
    "en": "A ruleset gives its own with a rules: text, or a Markdown file beside it "
          "(my-game.md, my-game.fr.md).",
    "fr": "Un fichier de règles donne la sienne avec un texte rules:, ou un fichier Markdown "
          "à côté de lui (mon-jeu.md, mon-jeu.fr.md).",
}


def cmd_rules(console: Console, game: str, lang: str, designer: bool = False) -> int:
    from rich.markdown import Markdown

    from .summary import summaries

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
                      + _OWN_PAGE_HINT.get(lang, _OWN_PAGE_HINT["en"]), markup=False,
                      highlight=False)
        return 1
    if registry.page_lang(page) != lang:
        console.print(t(lang, "page_in_english"), style="yellow", markup=False)
    console.print(Markdown(read_text(page, MAX_PAGE_BYTES, "page")))
    return 0


def cmd_check(console: Console, path: str, games: int = 300, seconds: float = 20.0,
              lang: str = "en") -> int:
    """Load a ruleset, then play random games with it: 0 when nothing is wrong, else 1 (the
    report in ``lang``)."""
    from . import checker

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
    report = checker.play_check(game, games=max(1, games), seconds=max(0.1, seconds))
    problem = ruleset_texts("check_problem", message="")[lang]
    for line in checker.describe(path, game, report, lang):
        say(line, "bold red" if line.startswith(problem) else None)
    return 1 if report.problems else 0


def _port(arg: str) -> int:
    """``--port``: a whole number from 0 (any free port) to 65535."""
    if not re.fullmatch(r"\s*\d+\s*", arg) or int(arg) > 65535:
        raise argparse.ArgumentTypeError(t(_Parser.lang, "serve_port", arg=arg))
    return int(arg)


def _seed(arg: str | None) -> int | None:
    from .limits import MAX_SEED

    if arg is None:
        return None
    if not re.fullmatch(r"\s*\d+\s*", arg) or int(arg) > MAX_SEED:
        raise UsageError("cli_seed", arg=arg, most=MAX_SEED)
    return int(arg)


def _delay(arg: str | None, watch: bool) -> float:
    if arg is None:
        return WATCH_DELAY if watch else 0.0
    try:
        d = float(arg)
    except ValueError:
        d = math.nan
    if not (math.isfinite(d) and 0 <= d <= MAX_DELAY):
        raise UsageError("cli_delay", arg=arg, most=f"{MAX_DELAY:g}")
    return d


def _read_save(arg: str) -> tuple[Path, str]:
    """``--load FILE``: the file and its text; ``last`` (``dernière``) is the most recent save
    of a game not finished in the save folder (unless a file of that name is here)."""
    path = Path(arg).expanduser()
    if arg.strip().lower() in savefiles.LAST and not path.exists():
        found = savefiles.last_save(savefiles.save_dir())
        if found is None:
            raise UsageError("cli_no_last_save", folder=savefiles.save_dir())
        path = found
    try:
        return path, savefiles.read_save(path)
    except OSError as e:
        raise UsageError("cli_cannot_read_save", path=path, why=os_why(e)) from None
    except UnicodeDecodeError:
        raise UsageError("cli_save_not_text", path=path) from None


def _drop_typed_ahead() -> None:
    """Forget what was typed at the terminal and not read yet."""
    try:
        import termios

        if sys.stdin.isatty():
            termios.tcflush(sys.stdin.fileno(), termios.TCIFLUSH)
    except (ImportError, OSError, ValueError):
        pass


def _table(a: argparse.Namespace) -> tuple[State, dict[int, Bot], Path, str | None, bool]:
    """The game ``play`` and ``serve`` start or resume (``--load``), its bots, where it is
    saved, the save's file name when that is a folder, and whether bots play every seat
    (--watch)."""
    a.seed = _seed(a.seed)
    solo = getattr(a, "solo", False)
    if a.load and (a.game or a.players or solo or a.option or a.seed is not None):
        raise UsageError("cli_load_alone")
    if solo and a.players:
        raise UsageError("cli_solo_players")
    file_name = None
    if a.load:
        path, text = _read_save(a.load)
        state: State = registry.restore(text)
        save_path = Path(a.save).expanduser() if a.save else path
    else:
        if not a.game:
            raise UsageError("cli_which_game_play")
        game = registry.load(a.game)
        players, names = _players(a.players, solo, game.spec.min_players,
                                  game.spec.max_players)
        state = game.new_game(players=players, seed=a.seed, options=_options(a.option),
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
    bots, specs = _bots(seats, state.players, watch, state.seed)
    state.meta.update({"seats": specs, "watch": watch})
    return state, bots, save_path, file_name, watch


def cmd_play(console: Console, a: argparse.Namespace) -> int:
    from .ui.terminal import Table

    lang = a.lang or default_lang()
    delay = _delay(a.delay, a.watch)
    state, bots, save_path, file_name, watch = _table(a)
    if a.delay is None:
        delay = WATCH_DELAY if watch else 0.0
    table = Table(state, bots, lang, console, input, save_path, watch=watch, delay=delay,
                  flush=_drop_typed_ahead, hints=a.hints, file_name=file_name)
    return table.run()


def cmd_serve(console: Console, a: argparse.Namespace) -> int:
    """``tabletop serve``: the game on a web table, a link per seat (tabletop/web/)."""
    lang = a.lang or default_lang()
    try:
        from .web.serve import serve
    except ImportError:  # the web extra is not installed
        raise TabletopError(t("en", "serve_needs_web"), texts=in_every_lang("serve_needs_web")
                            ) from None
    state, bots, save_path, file_name, watch = _table(a)
    if watch:
        state.meta["watch"] = False
    def say(text: str) -> None:
        console.print(text, markup=False, highlight=False, soft_wrap=True)
    return serve(state, bots, lang, save_path, file_name, a.host, a.port, say, qr=not a.no_qr)


def cmd_saves(console: Console, a: argparse.Namespace, lang: str,
              read: Callable[[str], str] = input) -> int:
    """``tabletop saves``: the saves of the save folder, the most recent first; with
    ``--clean``, the saves of finished games removed (listed first, and asked unless
    ``--yes``). A save is removed only when it loads as a finished game and no table plays
    on it."""
    from .ui.terminal import typed_text

    def say(text: str, style: str | None = None) -> None:
        console.print(text, style=style, markup=False, highlight=False)

    if a.yes and not a.clean:
        raise UsageError("cli_yes_clean")
    folder = Path(a.dir).expanduser() if a.dir else savefiles.save_dir()
    if a.dir and not folder.is_dir():
        raise UsageError("cli_saves_no_dir", folder=folder)
    found = savefiles.entries(folder)
    if not found:
        say(t(lang, "saves_none", folder=folder))
        return 0
    if not a.clean:  # two lines a save: its file (to type after --load), then what it is
        say(t(lang, "saves_title", folder=folder), "bold")
        for e in found:
            say(f"  {typed_text(e.path.name)}", "bold")
            if e.data is None:
                said = (t(lang, e.why) if isinstance(e.why, str) else
                        text_of(e.why, lang) if isinstance(e.why, dict) else
                        text_of(os_why(e.why), lang))
                say("      " + t(lang, "saves_not_save", why=said), "yellow")
                continue
            state = ("saves_in_use" if savefiles.in_use(e.path) else
                     "saves_finished" if e.finished else "saves_playing")
            say("      " + t(lang, "saves_line", game=typed_text(e.game),
                             names=typed_text(", ".join(e.names)), n=e.moves,
                             state=t(lang, state),
                             date=time.strftime("%Y-%m-%d %H:%M", time.localtime(e.mtime))))
        say(t(lang, "saves_hint"))
        return 0
    done: list[Path] = []
    for e in found:
        if e.data is None or not e.finished or savefiles.in_use(e.path):
            continue
        try:  # believed only when its moves give a finished game
            if registry.restore(savefiles.read_save(e.path)).is_over:
                done.append(e.path)
        except (TabletopError, OSError, UnicodeDecodeError):
            continue
    if not done:
        say(t(lang, "saves_clean_none", folder=folder))
        return 0
    say(t(lang, "saves_clean_list", n=len(done), folder=folder,
          games=counted(len(done), "finished")[lang]))
    for p in done:
        say(f"  {p.name}")
    if not a.yes:
        if not sys.stdin.isatty():
            say(t(lang, "saves_clean_ask_yes"))
            return 1
        try:
            answer = typed_text(read(t(lang, "saves_clean_ask") + " ")).strip().lower()
        except (EOFError, KeyboardInterrupt):
            answer = ""
        if answer not in ("y", "yes", "o", "oui"):
            say(t(lang, "saves_clean_kept"))
            return 0
    removed = 0
    for p in done:
        with contextlib.suppress(OSError):
            p.unlink()
            removed += 1
    say(t(lang, "saves_cleaned", n=removed, saves=counted(removed, "save_removed")[lang]))
    return 0


def _solve_one(job: tuple[str, int, dict[str, str], float]) -> tuple[int, bool | None, float]:
    """One deal of ``tabletop solve --games`` (in a worker): (seed, verdict or None, seconds)."""
    import time

    from .solve import OutOfBudget, PerfectSolver
    game_id, seed, options, seconds = job
    st = registry.load(game_id).new_game(players=1, seed=seed, options=options)
    t = time.process_time()  # processor time: the figures do not depend on the machine's load
    try:
        won: bool | None = PerfectSolver(st, seconds=seconds).decide(st)[0]
    except OutOfBudget:
        won = None
    return seed, won, time.process_time() - t


def cmd_solve(console: Console, a: argparse.Namespace, status: Any = None) -> int:
    """``tabletop solve``: see docs/solve.md. ``status``: rich's status line, told how a long
    search goes."""
    import json
    import statistics

    from . import solve
    if not a.game and not a.load:
        raise UsageError("cli_which_game_solve")
    if sum(x is not None and x is not False for x in (a.seed, a.deck, a.games, a.load)) > 1:
        raise UsageError("cli_solve_one_of")
    if not 1 <= a.workers <= 64:
        raise UsageError("cli_workers", n=a.workers)
    if not a.seconds > 0:
        raise UsageError("cli_seconds", n=f"{a.seconds:g}")
    if a.load:
        state = registry.restore(_read_save(a.load)[1])
        game = state.game
    else:
        game = registry.load(a.game)
    lang = a.lang or default_lang()
    name = text_of(game.spec.name, lang)
    if game.spec.min_players > 1:
        raise UsageError("solve_not_solo", game=game.spec.name)
    options = game.check_options(_options(a.option)) if not a.load else state.options
    opts = _opts_text(options) or t(lang, "solve_no_options")
    out: dict[str, object] = {"game": game.id, "options": options}
    say: list[str] = []
    if a.games is not None:
        if not 1 <= a.games <= 1_000_000:
            raise UsageError("cli_solve_games", n=a.games)
        from rich.progress import Progress
        jobs = [(game.source_ref or game.id, k, options, a.seconds) for k in range(a.games)]
        results: list[tuple[int, bool | None, float]] = []
        with Progress(console=console, transient=True) as bar:
            task = bar.add_task(t(lang, "solve_bar"), total=a.games)
            if a.workers > 1:
                import multiprocessing
                with multiprocessing.Pool(a.workers) as pool:
                    for r in pool.imap_unordered(_solve_one, jobs):
                        results.append(r)
                        bar.advance(task)
            else:
                for j in jobs:
                    results.append(_solve_one(j))
                    bar.advance(task)
        won = sum(1 for _s, w, _t in results if w)
        decided = sum(1 for _s, w, _t in results if w is not None)
        lo, hi = solve.wilson(won, decided)
        median = statistics.median(t for _s, _w, t in results)
        out.update({"games": a.games, "winnable": won, "decided": decided,
                    "share": won / decided if decided else None, "interval": [lo, hi],
                    "median_seconds": median})
        say.append(t(lang, "solve_share", game=name, options=opts, won=won, decided=decided))
        if decided:
            say.append(t(lang, "solve_interval", pct=_num(100 * won / decided, 1, lang),
                         lo=_num(100 * lo, 1, lang), hi=_num(100 * hi, 1, lang)))
        if decided < a.games:
            say.append(t(lang, "solve_undecided_deals", n=a.games - decided,
                         deals=counted(a.games - decided, "deal")[lang],
                         seconds=_num(a.seconds, None, lang)))
        say.append(t(lang, "solve_median", median=_num(median, 2, lang)))
    elif a.seed is not None or a.deck is not None:
        if a.deck is not None:
            codes = [c for c in re.split(r"[\s,]+", a.deck.strip()) if c]
            state = game.new_game(players=1, options=options, deck=codes)
            out["deck"] = codes
            where = t(lang, "solve_deck")
        else:
            seed = _seed(a.seed)
            state = game.new_game(players=1, seed=seed, options=options)
            out["seed"] = seed
            where = t(lang, "solve_seed", seed=seed)
        import time
        t0 = time.perf_counter()
        solver = solve.PerfectSolver(state, seconds=a.seconds)
        proven = True  # the best score is proven, not only the score of the line found
        try:
            won, line = solver.decide(state)
        except solve.OutOfBudget:
            won, line = None, ()
        best: float = solve.NOWIN
        if won:
            replay = state.copy()
            replay.quiet = True
            for text in line:
                replay.play(text)
            assert replay.outcome is not None
            best = replay.outcome.scores[0]
            try:  # a better win than the line found, within a budget of its own
                better, better_line = solver.best(state, best)
                if better > best:
                    best, line = better, better_line
            except solve.OutOfBudget:
                proven = False
        out.update({"winnable": won, "best_score": None if best == solve.NOWIN else best,
                    "best_proven": proven if won else None,
                    "line": list(line), "seconds": time.perf_counter() - t0})
        seconds = _num(a.seconds, None, lang)
        if won is None:
            say.append(t(lang, "solve_undecided", game=name, where=where, seconds=seconds))
        elif not won:
            say.append(t(lang, "solve_lost", game=name, where=where))
        elif not proven:
            say.append(t(lang, "solve_line_scores", game=name, where=where, best=f"{best:g}",
                         seconds=seconds))
        else:
            say.append(t(lang, "solve_best", game=name, where=where, best=f"{best:g}"))
        if won:
            say.append(t(lang, "solve_line", replay=f" {game.id} --seed {a.seed}"
                         if a.seed is not None else ""))
            say.extend(_wrap(_line_in(state, line, lang)))
    else:
        if not a.load:
            state = game.new_game(players=1, seed=0, options=options)
        unseen = solve.unseen_count(state)
        if unseen > solve.MOST_UNSEEN:
            raise UsageError("solve_too_hidden", game=game.spec.name, n=unseen)
        chance = solve.ChanceSolver(state, seconds=a.seconds)
        if a.load:
            solve.load_solved(game, options, 0, chance)  # the solved table, if kept
            try:
                ranked = chance.rank(state)
            except solve.OutOfBudget:
                raise UsageError("solve_position_timeout", seconds=_nums(a.seconds)) from None
            out["moves"] = [[m.text, p] for p, m in ranked]
            say.append(t(lang, "solve_from_save", game=name))
            for p, m in ranked:
                say.append(f"  {state.move_text(m, lang):<36} "
                           + t(lang, "solve_to_win", pct=f"{_num(100 * p, 2, lang):>6}"))
        else:
            try:
                with _stops_as_ctrl_c():
                    p, _, info = solve.solved(game, options, seconds=a.seconds,
                                              progress=_solve_progress(status, lang, a.seconds))
            except (solve.OutOfBudget, KeyboardInterrupt) as e:
                kept = getattr(e, "kept", 0)
                counts = {lang: _count(kept, lang) for lang in LANGS}
                # where the positions solved so far are kept, and how big that is
                table = solve.table_file(game, options, 0)
                partial = solve.partial_file(table) if table is not None else None
                try:
                    size = partial.stat().st_size if partial is not None else 0
                except OSError:
                    size = 0
                if not size:
                    kept = 0
                if isinstance(e, KeyboardInterrupt):
                    if not kept:
                        raise
                    stopped = UsageError("solve_game_stopped", game=game.spec.name,
                                         kept=counts, path=partial, size=size_text(size))
                    stopped.exit_code = 130  # as any command stopped by Ctrl-C or kill
                    raise stopped from None
                raise UsageError("solve_game_kept" if kept else "solve_game_timeout",
                                 game=game.spec.name, seconds=_nums(a.seconds),
                                 kept=counts, path=partial, size=size_text(size)) from None
            out.update({"win_probability": p, "positions": info["positions"],
                        "seconds": info["seconds"], "cached": info["cached"],
                        "resumed": info["resumed"]})
            say.append(t(lang, "solve_wins", game=name, options=opts,
                         pct=_num(100 * p, 2, lang)))
            say.append(t(lang, "solve_exact"))
            say.append(t(lang, "solve_cached" if info["cached"] else "solve_solved",
                         seconds=_num(info["seconds"], 0, lang),
                         positions=_count(info["positions"], lang)))
            if info.get("resumed"):
                say.append(t(lang, "solve_resumed", kept=_count(info["resumed"], lang)))
    if a.json:
        console.print(json.dumps(out, ensure_ascii=False), markup=False, highlight=False,
                      soft_wrap=True)
    else:
        for line_ in say:
            console.print(line_, markup=False, highlight=False)
    return 0


def _nums(x: float) -> dict[str, str]:
    """A number as each language of the table writes it (see ``_num``)."""
    return {lang: _num(x, None, lang) for lang in LANGS}


def _opts_text(options: dict[str, str]) -> str:
    return ", ".join(f"{k}={v}" for k, v in options.items())


def _count(n: int, lang: str) -> str:
    """A whole number as the table writes it: 1,234,567 or 1 234 567 (narrow spaces)."""
    return number(n, lang)


@contextlib.contextmanager
def _stops_as_ctrl_c() -> Iterator[None]:
    """A long solve stopped by ``kill`` (SIGTERM) or by its terminal closing (SIGHUP) keeps
    its work and says so, as after Ctrl-C (a process started in the background with ``&``
    ignores Ctrl-C, so ``kill`` is how it is stopped)."""
    def stop(_signum: int, _frame: Any) -> None:
        raise KeyboardInterrupt

    names = [n for n in ("SIGTERM", "SIGHUP") if hasattr(signal, n)]
    before = {n: signal.signal(getattr(signal, n), stop) for n in names}
    try:
        yield
    finally:
        for n, handler in before.items():
            signal.signal(getattr(signal, n), handler)


def _solve_progress(status: Any, lang: str, seconds: float
                    ) -> Callable[[int, int], None] | None:
    """What tells the status line how the search of a whole game goes, twice a second."""
    if status is None:
        return None
    shown = [0.0]

    def tell(n: int, kept: int) -> None:
        now = time.monotonic()
        if now - shown[0] >= 0.5:
            shown[0] = now
            key = "solve_status_kept" if kept else "solve_status_n"
            status.update(t(lang, key, seconds=_num(seconds, None, lang), n=_count(n, lang),
                            kept=_count(kept, lang)))

    return tell


def _num(x: float, digits: int | None, lang: str) -> str:
    """A number as the table writes it: ``digits`` after the point (None: as short as it
    goes), a decimal comma in French."""
    return number(x, lang, digits)


def _line_in(state: Any, line: Sequence[str], lang: str) -> list[str]:
    """A line of moves (as typed in English) in ``lang``'s notation, replayed on a copy."""
    replay = state.copy()
    replay.quiet = True
    words = []
    for text in line:
        move = replay.parse_move(text)
        words.append(replay.move_text(move, lang))
        replay.play(move)
    return words


def _wrap(moves: list[str], width: int = 78) -> list[str]:
    """Moves separated by ' / ', in lines of at most ``width`` columns."""
    lines: list[str] = []
    cur = " "
    for m in moves:
        piece = f" {m} /"
        if len(cur) + len(piece) > width:
            lines.append(cur)
            cur = " "
        cur += piece
    lines.append(cur.rstrip(" /"))
    return lines
def cmd_simulate(console: Console, a: argparse.Namespace) -> int:
    """Play many games with bots and report the figures (tabletop.simulate, ui.simulate)."""
    from . import simulate
    from .ui import simulate as screen

    game = registry.load(a.game)
    spec = game.spec
    players, names = _players(a.players, False, spec.min_players, spec.max_players)
    options = _options(a.option)
    games = screen.whole(a.games, "--games", 1, simulate.MAX_GAMES)
    workers = screen.whole(a.workers or "1", "--workers", 1, simulate.MAX_WORKERS)
    if a.cluster and a.workers:
        raise UsageError("cli_workers_cluster")
    kinds: list[tuple[str, dict[str, float]]] = [("random", {})] * players
    for n, _item, kind, kw in _seat_bots(a.seat, players):
        kinds[n - 1] = (kind, kw)
    return screen.simulate(console, game, players=players, names=names, options=options,
                           seats=kinds, games=games, seed=_seed(a.seed), workers=workers,
                           cluster=a.cluster, compare=a.compare, json_path=a.json,
                           csv_path=a.csv, plot_path=a.plot, lang=a.lang or default_lang())


def main(argv: list[str] | None = None) -> int:
    """Entry point of the `tabletop` command."""
    args = sys.argv[1:] if argv is None else argv
    lang = _Parser.lang = _argv_lang(args)
    narrow = prepare_streams()  # any output encoding: what it cannot write shows as "?"
    if narrow is not None:
        sys.stderr.write(f"tabletop: {t(lang, 'cli_narrow_encoding', encoding=narrow)}\n")
    parser = _parser(lang)
    a = parser.parse_args(args)
    console = SafeConsole(highlight=False)  # names and ruleset texts without control codes
    try:
        for folder in getattr(a, "games_dir", None) or []:
            registry.add_games_dir(folder)
        if a.command == "list":
            return cmd_list(console, a.lang or default_lang())
        if a.command == "rules":
            return cmd_rules(console, a.game, a.lang or default_lang(), a.designer)
        if a.command == "new":
            from .starter import write_starter

            path = write_starter(a.name, a.dir, lang)
            console.print(f"{t(lang, 'cli_wrote', path=path)}\n"
                          f"  tabletop check {path}     {t(lang, 'cli_wrote_check')}\n"
                          f"  tabletop play {path}\n{t(lang, 'cli_wrote_words')}",
                          markup=False, highlight=False)
            return 0
        if a.command == "check":
            return cmd_check(console, a.path, a.games, a.seconds, a.lang or default_lang())
        if a.command == "play":
            return cmd_play(console, a)
        if a.command == "serve":
            return cmd_serve(console, a)
        if a.command == "saves":
            return cmd_saves(console, a, a.lang or default_lang())
        if a.command == "solve":
            if a.games is not None:  # it shows its own progress bar
                return cmd_solve(console, a)
            with console.status(t(lang, "solve_status", seconds=_num(a.seconds, None, lang))
                                ) as status:
                return cmd_solve(console, a, status)
        if a.command == "simulate":
            return cmd_simulate(console, a)
        parser.print_help()
        return 0
    except TabletopError as e:  # a BotError and a UsageError are TabletopErrors
        console.print(f"tabletop: {e.in_lang(lang)}",
                      style="bold red", markup=False, highlight=False)
        return getattr(e, "exit_code", 2)
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


if __name__ == "__main__":
    sys.exit(main())
