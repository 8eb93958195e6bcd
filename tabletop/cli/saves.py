"""``tabletop saves``: the saved games, the most recent first; ``--clean`` removes those of
finished games."""

from __future__ import annotations

import argparse
import contextlib
import sys
import time
from pathlib import Path

from rich.console import Console

from tabletop import registry
from tabletop.cli.parser import Command, Help, add_lang
from tabletop.cli.usage import UsageError
from tabletop.engine import savefiles
from tabletop.errors import TabletopError
from tabletop.i18n.catalogue import text_of
from tabletop.i18n.messages import counted, os_why
from tabletop.i18n.table import default_lang, t


def arguments(command: Command, h: Help) -> None:
    p = command("saves", h("help_cmd_saves"))
    p.add_argument("--dir", metavar=h("help_meta_dir"), help=h("help_saves_dir"))
    p.add_argument("--clean", action="store_true", help=h("help_saves_clean"))
    p.add_argument("--yes", action="store_true", help=h("help_saves_yes"))
    add_lang(p, h)


def run(console: Console, a: argparse.Namespace, lang: str) -> int:
    """The saves of the save folder, the most recent first; with ``--clean``, the saves of
    finished games removed (listed first, and asked unless ``--yes``)."""
    lang = a.lang or default_lang()
    if a.yes and not a.clean:
        raise UsageError("cli_yes_clean")
    folder = Path(a.dir).expanduser() if a.dir else savefiles.save_dir()
    if a.dir and not folder.is_dir():
        raise UsageError("cli_saves_no_dir", folder=folder)
    found = savefiles.entries(folder)
    if not found:
        _say(console, t(lang, "saves_none", folder=folder))
        return 0
    if a.clean:
        return _clean(console, found, folder, a.yes, lang)
    return _list(console, found, folder, lang)


def _say(console: Console, text: str, style: str | None = None) -> None:
    console.print(text, style=style, markup=False, highlight=False)


def _list(console: Console, found: list[savefiles.Entry], folder: Path, lang: str) -> int:
    """Two lines a save: its file (to type after --load), then what it is."""
    from tabletop.ui.terminal import typed_text

    _say(console, t(lang, "saves_title", folder=folder), "bold")
    for e in found:
        _say(console, f"  {typed_text(e.path.name)}", "bold")
        if e.data is None:
            said = (t(lang, e.why) if isinstance(e.why, str) else
                    text_of(e.why, lang) if isinstance(e.why, dict) else
                    text_of(os_why(e.why), lang))
            _say(console, "      " + t(lang, "saves_not_save", why=said), "yellow")
            continue
        state = ("saves_in_use" if savefiles.in_use(e.path) else
                 "saves_finished" if e.finished else "saves_playing")
        _say(console, "      " + t(lang, "saves_line", game=typed_text(e.game),
                                   names=typed_text(", ".join(e.names)), n=e.moves,
                                   state=t(lang, state),
                                   date=time.strftime("%Y-%m-%d %H:%M",
                                                      time.localtime(e.mtime))))
    _say(console, t(lang, "saves_hint"))
    return 0


def _clean(console: Console, found: list[savefiles.Entry], folder: Path, yes: bool,
           lang: str) -> int:
    """The saves of finished games removed: a save is removed only when it loads as a finished
    game and no table plays on it."""
    from tabletop.ui.terminal import typed_text

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
        _say(console, t(lang, "saves_clean_none", folder=folder))
        return 0
    _say(console, t(lang, "saves_clean_list", n=len(done), folder=folder,
                    games=counted(len(done), "finished")[lang]))
    for p in done:
        _say(console, f"  {p.name}")
    if not yes:
        if not sys.stdin.isatty():
            _say(console, t(lang, "saves_clean_ask_yes"))
            return 1
        try:
            answer = typed_text(input(t(lang, "saves_clean_ask") + " ")).strip().lower()
        except (EOFError, KeyboardInterrupt):
            answer = ""
        if answer not in ("y", "yes", "o", "oui"):
            _say(console, t(lang, "saves_clean_kept"))
            return 0
    removed = 0
    for p in done:
        with contextlib.suppress(OSError):
            p.unlink()
            removed += 1
    _say(console, t(lang, "saves_cleaned", n=removed,
                    saves=counted(removed, "save_removed")[lang]))
    return 0
