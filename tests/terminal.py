"""Driving `tabletop` in a pseudo-terminal as a person would (pexpect)."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pexpect

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def spawn(args: list[str], save_dir: Path, lang: str = "en",
          timeout: float = 20, size: tuple[int, int] = (50, 100)) -> pexpect.spawn:
    """Start `python -m tabletop ARGS` with a colourless terminal of ``size`` (lines,
    columns; wide by default)."""
    lines, columns = size
    env = dict(os.environ, TABLETOP_SAVE_DIR=str(save_dir), COLUMNS=str(columns),
               LINES=str(lines), NO_COLOR="1", TERM="xterm",
               LANG="en_US.UTF-8" if lang == "en" else "fr_FR.UTF-8")
    child = pexpect.spawn(sys.executable, ["-m", "tabletop", *args], env=env, encoding="utf-8",
                          timeout=timeout, dimensions=size)
    return child


def clean(text: str) -> str:
    """Terminal output without colour and cursor codes."""
    return ANSI.sub("", text)


def moves_on_screen(text: str) -> list[str]:
    """The numbered moves of the last move list printed."""
    block = clean(text).rsplit("moves", 1)[-1]
    return re.findall(r"^\W*\d+\. (.+?)\s*(?:\(.*\))?\s*│?\s*$", block, flags=re.M)
