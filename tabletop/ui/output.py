"""What the terminal is sent, made safe: the one place that cleans text before it reaches the
screen, and the streams set up for any output encoding.

A player's name (typed with --players, or read from a save file someone sent) and a ruleset's
texts come from people; a terminal obeys the control characters in them: ESC sequences that
set the window's title, write the clipboard (OSC 52), hide text or move the cursor, a carriage
return that overwrites a line. ``clean`` drops every control character but the line break,
and the Unicode marks that reorder text on screen (bidirectional overrides). ``SafeConsole``
is rich's Console with every piece of text cleaned as it is written (the terminal's own
controls, such as clearing the screen, still go out); the table cleans its prompts with
``clean`` too. ``prepare_streams`` lets the program run under an output encoding that cannot
write every character (PYTHONIOENCODING=ascii): those characters show as "?".
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable
from typing import Any

from rich.console import Console
from rich.segment import Segment

# C0 controls but the line break and tab, DEL, C1 controls (0x9b is an 8-bit CSI), and the
# bidirectional embeddings, overrides and isolates
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")

# characters the table shows (suits, accents, dashes, the ellipsis)
_SAMPLE = "♠♥♦♣éèàçœ—…«»"


def clean(text: str) -> str:
    """``text`` without the control characters a terminal would obey."""
    return _CONTROL.sub("", text) if _CONTROL.search(text) else text


class SafeConsole(Console):
    """rich's Console, every text it writes cleaned by ``clean`` (its own controls kept)."""

    def _render_buffer(self, buffer: Iterable[Segment]) -> str:
        return super()._render_buffer(
            seg if seg.control else Segment(clean(seg.text), seg.style)
            for seg in buffer)


def _writes_all(stream: Any) -> bool:
    try:
        _SAMPLE.encode(getattr(stream, "encoding", None) or "utf-8")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def prepare_streams() -> str | None:
    """Let the standard streams write and read any character: under an encoding that cannot
    write them all, what it cannot write shows as "?" and what it cannot read is replaced.
    The encoding's name when it is so (the caller tells the user once), else None."""
    narrow = None
    for stream in (sys.stdout, sys.stderr, sys.stdin):
        if stream is None or _writes_all(stream):
            continue
        narrow = narrow or str(getattr(stream, "encoding", "?"))
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            try:
                reconfigure(errors="replace")
            except (ValueError, OSError):  # a stream already in use in another way
                pass
    return narrow
