"""Reading a file the program did not write itself, safely: every file tabletop reads (a
ruleset and the bases it extends, a game of the user's folders, a rules page beside it, the
summary cache, a saved game, a solved table) goes through ``read_bytes``/``read_text``.

A file is opened without waiting (a FIFO opens at once and is refused, it never hangs the
command), checked to be a regular file (not a folder, a device such as /dev/zero, a pipe or a
socket) and no larger than its limit, all BEFORE anything is read; and no more than the limit
is ever read, even from a file that grows while it is read. Each refusal is a FileReadError:
one sentence, in English and French, naming the file and the limit.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from tabletop.errors import TabletopError

MAX_RULESET_BYTES = 1_000_000  # a ruleset file (limits.MAX_FILE_BYTES)
MAX_PAGE_BYTES = 1_000_000  # a rules page (Markdown) beside a ruleset
MAX_SAVE_BYTES = 20_000_000  # a saved game (a long game with its log is a few hundred KB)
MAX_CACHE_BYTES = 5_000_000  # the summary cache of `tabletop list` (a few KB a game)

# what each kind of file is called in each language: "{what} are at most ..."
_WHAT = {
    "ruleset": {"en": "a ruleset file", "fr": "un fichier de règles"},
    "page": {"en": "a rules page", "fr": "une page de règles"},
    "save": {"en": "a saved game", "fr": "une partie sauvegardée"},
    "cache": {"en": "the cache", "fr": "le cache"},
    "table": {"en": "a solved table", "fr": "une table résolue"},
}


def _size(n: int, lang: str) -> str:
    """A number of bytes as a person reads it ("1 MB", "20 Mo")."""
    unit = {"en": ("bytes", "KB", "MB", "GB"), "fr": ("octets", "Ko", "Mo", "Go")}[lang]
    for i, scale in ((3, 10**9), (2, 10**6), (1, 10**3)):
        if n >= scale:
            x = n / scale
            text = f"{x:.0f}" if x == int(x) or x >= 100 else f"{x:.1f}"
            return f"{text.replace('.', ',') if lang == 'fr' else text} {unit[i]}"
    return f"{n} {unit[0]}"


def size_text(n: int) -> dict[str, str]:
    """A number of bytes as it reads in each language."""
    return {lang: _size(n, lang) for lang in ("en", "fr")}


class FileReadError(TabletopError):
    """A file tabletop was asked to read is not a regular file, or is larger than its limit.
    ``path`` is the file; ``limit`` its limit in bytes (None when it is not a regular file)."""

    def __init__(self, path: str | Path, limit: int | None, kind: str) -> None:
        what = _WHAT.get(kind, _WHAT["ruleset"])
        if limit is None:
            texts = {"en": f"{path} is not a regular file (a folder, a pipe or a device); "
                           "tabletop reads only ordinary files",
                     "fr": f"{path} n'est pas un fichier ordinaire (un dossier, un tube ou un "
                           "périphérique) ; tabletop ne lit que des fichiers ordinaires"}
        else:
            texts = {"en": f"{path} is larger than {_size(limit, 'en')}, the limit for "
                           f"{what['en']}; it is not read",
                     "fr": f"{path} dépasse {_size(limit, 'fr')}, la limite pour "
                           f"{what['fr']} ; il n'est pas lu"}
        super().__init__(texts["en"], texts=texts)
        self.path = str(path)
        self.limit = limit
        self.kind = kind


def read_bytes(path: str | Path, limit: int, kind: str = "ruleset") -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes.

    :raises FileReadError: the path is not a regular file, or holds more than ``limit`` bytes
        (said before reading it, or as soon as more is read than the limit).
    :raises OSError: the file cannot be opened (missing, no permission, a symlink loop).
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)  # a FIFO opens at once without a writer, and is refused below
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise FileReadError(path, None, kind)
        if st.st_size > limit:
            raise FileReadError(path, limit, kind)
        chunks: list[bytes] = []
        got = 0
        while True:
            chunk = os.read(fd, min(1 << 20, limit + 1 - got))
            if not chunk:
                break
            chunks.append(chunk)
            got += len(chunk)
            if got > limit:  # the file grew while it was read
                raise FileReadError(path, limit, kind)
        return b"".join(chunks)
    finally:
        os.close(fd)


def read_text(path: str | Path, limit: int, kind: str = "ruleset") -> str:
    """The UTF-8 text of a regular file of at most ``limit`` bytes.

    :raises FileReadError: as read_bytes.
    :raises OSError: as read_bytes.
    :raises UnicodeDecodeError: the file is not UTF-8 text.
    """
    return read_bytes(path, limit, kind).decode("utf-8")


def is_file(path: str | Path) -> bool:
    """Whether ``path`` is a regular file (False for a symlink loop, a pipe, a device, a
    path that cannot be looked at), without opening it."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False


def resolved(path: Path) -> Path:
    """The path with its symlinks followed, or as given when they loop (Python 3.11 raises
    RuntimeError there; the caller then reads it and says the file cannot be read)."""
    try:
        return path.resolve()
    except (OSError, RuntimeError):
        return path.absolute()
