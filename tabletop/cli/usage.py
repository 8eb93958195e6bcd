"""What the commands read from the command line, checked: players, seats and their bots,
options, seeds, delays, saved games; a value that cannot be used is a ``UsageError``."""

from __future__ import annotations

import math
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tabletop.engine import savefiles
from tabletop.errors import TabletopError
from tabletop.i18n.catalogue import LANGS
from tabletop.i18n.messages import number, os_why, player_span
from tabletop.i18n.table import in_every_lang

if TYPE_CHECKING:
    from tabletop.bots import Bot

MAX_DELAY = 60.0
WATCH_DELAY = 1.0  # a move a second: a person can follow a watched game
MAX_BOT_SETTING = 1_000_000.0


class UsageError(TabletopError):
    """A command-line value that cannot be used; the message says which and why, in each
    language of the table (``key`` in the catalogue of i18n/table.py; a value given as a dict is
    itself per language)."""

    exit_code = 2  # a mistake in what was typed; 130 for work stopped by the user (Ctrl-C)

    def __init__(self, key: str, **kw: Any) -> None:
        texts = in_every_lang(key, **kw)
        super().__init__(texts["en"], texts=texts)


def players(arg: str | None, solo: bool, spec_min: int, spec_max: int
            ) -> tuple[int, list[str] | None]:
    """``--players`` (and ``--solo``): how many play, and their names when given."""
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


def seat_bots(seats: list[str], players: int) -> list[tuple[int, str, str, dict[str, float]]]:
    """Each ``--seat N=bot:KIND[:k=v,...]`` checked: (N from 1, the item as written, the bot
    kind, its settings), for ``play`` and ``simulate``."""
    from tabletop.bots import make_bot

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
                    lang: number(int(MAX_BOT_SETTING), lang) for lang in LANGS})
        make_bot(kind, None, **kw)  # an unknown kind or setting: BotError, said in one sentence
        out.append((n, item, kind, kw))
    return out


def bots(seats: list[str], players: int, watch: bool, seed: int | None
         ) -> tuple[dict[int, Bot], list[str]]:
    """The bots of ``--seat N=bot:KIND[:k=v,...]`` (and of --watch), with their seat specs as
    they are written, for the save file and the replay command."""
    from tabletop.bots import make_bot

    out: dict[int, Bot] = {}
    specs: list[str] = []
    for n, item, kind, kw in seat_bots(seats, players):
        out[n - 1] = make_bot(kind, seed=None if seed is None else seed + n, **kw)
        specs.append(item)
    if watch:
        for s in range(players):
            if s not in out:
                out[s] = make_bot("random", seed=None if seed is None else seed + s + 1)
                specs.append(f"{s + 1}=bot:random")
    return out, specs


def options(items: list[str]) -> dict[str, str]:
    """Each ``--option NAME=VALUE``, a name given once."""
    out = {}
    for item in items:
        k, sep, v = item.partition("=")
        if not sep or not k.strip():
            raise UsageError("cli_option_shape", item=item)
        if k.strip() in out:
            raise UsageError("cli_option_twice", item=item, name=k.strip())
        out[k.strip()] = v.strip()
    return out


def seed(arg: str | None) -> int | None:
    """``--seed``: a whole number from 0 to MAX_SEED, or None when not given."""
    from tabletop.safety.limits import MAX_SEED

    if arg is None:
        return None
    if not re.fullmatch(r"\s*\d+\s*", arg) or int(arg) > MAX_SEED:
        raise UsageError("cli_seed", arg=arg, most=MAX_SEED)
    return int(arg)


def delay(arg: str | None, watch: bool) -> float:
    """``--delay``: the seconds after each bot move."""
    if arg is None:
        return WATCH_DELAY if watch else 0.0
    try:
        d = float(arg)
    except ValueError:
        d = math.nan
    if not (math.isfinite(d) and 0 <= d <= MAX_DELAY):
        raise UsageError("cli_delay", arg=arg, most=f"{MAX_DELAY:g}")
    return d


def read_save(arg: str) -> tuple[Path, str]:
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
