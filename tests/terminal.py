"""Driving `tabletop` in a pseudo-terminal as a person would (pexpect)."""

from __future__ import annotations

import os
import re
import signal
import sys
from pathlib import Path

import pexpect

import tabletop

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def _default_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def spawn(args: list[str], save_dir: Path, lang: str = "en",
          timeout: float = 20, size: tuple[int, int] = (50, 100)) -> pexpect.spawn:
    """Start `python -m tabletop ARGS` with a colourless terminal of ``size`` (lines,
    columns; wide by default)."""
    lines, columns = size
    env = dict(os.environ, TABLETOP_SAVE_DIR=str(save_dir), COLUMNS=str(columns),
               LINES=str(lines), NO_COLOR="1", TERM="xterm",
               LANG="en_US.UTF-8" if lang == "en" else "fr_FR.UTF-8")
    # Ctrl-C as in a user's shell: a test process may run with SIGINT ignored (something in a
    # full pytest-xdist run leaves a worker so), and an ignored signal stays ignored across exec
    child = pexpect.spawn(sys.executable, ["-m", "tabletop", *args], env=env, encoding="utf-8",
                          timeout=timeout, dimensions=size, preexec_fn=_default_sigint)
    return child


def clean(text: str) -> str:
    """Terminal output without colour and cursor codes."""
    return ANSI.sub("", text)


def moves_on_screen(text: str) -> list[str]:
    """The numbered moves of the last move list printed."""
    block = clean(text).rsplit("moves", 1)[-1]
    entries: dict[int, str] = {}
    for line in block.splitlines():  # the list may be in columns: "1. a      4. d"
        if not re.match(r"^\W*\d+\. ", line):
            continue
        parts = re.split(r"(?:^\W*|\s{2,})(\d+)\. ", line.strip().strip("│").rstrip())
        for number, move in zip(parts[1::2], parts[2::2], strict=True):
            entries[int(number)] = re.sub(r"\s*(?:\(.*\))?\s*│?\s*$", "", move)
    return [entries[n] for n in sorted(entries)]


def expect_curtain(child: pexpect.spawn, pattern: str) -> int:
    """Wait for the curtain ``pattern``; what the last move showed its player comes first
    when it showed a card (issue 34), and is passed with Enter. The index matched, as
    pexpect's expect gives it."""
    while child.expect([pattern, "Press Enter to hide the board"]) == 1:
        child.sendline("")
    return 0


def quit_and_load(child: pexpect.spawn, save: Path) -> tabletop.State:
    """Type quit at the prompt, wait for the program to end, and the game its save holds."""
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    return tabletop.restore(save.read_text(encoding="utf-8"))
