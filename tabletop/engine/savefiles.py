"""Save files on disk: where they go and their default names, writing one safely (through a
symbolic link to its target, never over a device or a pipe, beside and then renamed), one
table per file at a time (an advisory lock), and the saves of a folder listed
(``tabletop saves``). The save's content is saves.py's; reading it back is registry.restore."""

from __future__ import annotations

import contextlib
import json
import os
import stat
import time
from pathlib import Path
from typing import IO, Any

from tabletop.safety.files import MAX_SAVE_BYTES, FileReadError, read_text

try:  # advisory locks (Linux, macOS); elsewhere a table plays without one
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

LAST = ("last", "dernière", "derniere")  # `tabletop play --load last`: the most recent save




class SaveRefused(Exception):
    """A save path that cannot take a save: ``key`` (i18n/table.py) says why."""

    def __init__(self, key: str, path: Path) -> None:
        super().__init__(f"{key}: {path}")
        self.key = key
        self.path = path


def save_dir() -> Path:
    """Where games are saved: $TABLETOP_SAVE_DIR, else ~/.local/share/tabletop/saves."""
    env = os.environ.get("TABLETOP_SAVE_DIR")
    if env:
        return Path(env).expanduser()
    return Path.home() / ".local" / "share" / "tabletop" / "saves"


def default_name(game_id: str, seed: int | None, seed_given: bool) -> str:
    """A save's file name: GAME-SEED.json when the player chose the seed (they know it), else
    GAME-DATE-TIME.json. A seed drawn for the table is never shown: it deals every hidden
    card again (every hand, the order of the draw pile)."""
    if seed_given and seed is not None:
        return f"{game_id}-{seed}.json"
    return f"{game_id}-{time.strftime('%Y-%m-%d-%H%M%S')}.json"


def free_path(path: Path) -> Path:
    """``path``, or ``name-2.json``, ``name-3.json``... when a save is already there, or a
    table plays on that file."""
    if not path.exists() and not in_use(path):
        return path
    n = 2
    while ((candidate := path.with_name(f"{path.stem}-{n}{path.suffix}")).exists()
           or in_use(candidate)):
        n += 1
    return candidate


def target(path: Path) -> Path:
    """The file a save to ``path`` writes: through symbolic links, to the file they name.

    :raises SaveRefused: something is there that is not a regular file (a device such as
        /dev/null, a pipe, a socket): it is never replaced.
    """
    real = Path(os.path.realpath(path)) if path.is_symlink() else path
    try:
        mode = os.stat(real).st_mode
    except FileNotFoundError:
        return real
    except OSError:  # (a loop of links, a path through a file): said when written
        return real
    if stat.S_ISDIR(mode):
        raise SaveRefused("save_is_folder", path)
    if not stat.S_ISREG(mode):
        raise SaveRefused("save_not_regular", path)
    return real


def write(path: Path, text: str) -> None:
    """Write a save to ``path`` (through a symbolic link to its target): beside it first, in
    a file of this process's own, then renamed over it, so that a save cut short (or another
    process writing too) never leaves a damaged file.

    :raises SaveRefused: ``path`` is not a regular file (``target``).
    :raises OSError: the file cannot be written.
    """
    real = target(path)
    real.parent.mkdir(parents=True, exist_ok=True)
    partial = real.with_name(f".{real.name}.{os.getpid()}.partial")
    try:
        with open(partial, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            with contextlib.suppress(OSError):
                os.fsync(f.fileno())
        os.replace(partial, real)
    except BaseException:
        with contextlib.suppress(OSError):
            partial.unlink()
        raise


class SaveLock:
    """An advisory lock on a save file, held while a table plays on it: a second table
    asking for the same file is refused (``acquire`` gives False). The lock is taken on a
    hidden file beside the save (.NAME.lock; the save itself is replaced at every write),
    removed when released."""

    def __init__(self) -> None:
        self.path: Path | None = None
        self._file: IO[str] | None = None

    def acquire(self, path: Path) -> bool:
        """Hold the lock of the save ``path`` (its target, through links), releasing any
        other held; False when another table holds it."""
        real = Path(os.path.realpath(path))
        lock = real.with_name(f".{real.name}.lock")
        if self.path == lock:
            return True
        if fcntl is None:
            self.release()
            self.path = lock
            return True
        while True:
            try:
                f = open(lock, "a", encoding="utf-8")  # noqa: SIM115 - held while playing
            except OSError:  # the folder cannot be written: the save will say so
                return True
            try:
                fcntl.flock(f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                f.close()
                return False
            try:  # the lock file removed (released) between our open and our lock: again
                if os.fstat(f.fileno()).st_ino == os.stat(lock).st_ino:
                    break
            except FileNotFoundError:
                pass
            f.close()
        self.release()
        self.path, self._file = lock, f
        return True

    def release(self) -> None:
        if self._file is not None and self.path is not None:
            with contextlib.suppress(OSError):
                self.path.unlink()
            self._file.close()
        self.path = self._file = None


def in_use(path: Path) -> bool:
    """Whether a table holds the lock of the save ``path`` now."""
    if fcntl is None:
        return False
    real = Path(os.path.realpath(path))
    lock = real.with_name(f".{real.name}.lock")
    try:
        f = open(lock, encoding="utf-8")  # noqa: SIM115
    except OSError:
        return False
    with f:
        try:
            fcntl.flock(f.fileno(), fcntl.LOCK_SH | fcntl.LOCK_NB)
        except OSError:
            return True
        fcntl.flock(f.fileno(), fcntl.LOCK_UN)
    return False


class Entry:
    """One save of a folder, as ``tabletop saves`` lists it."""

    def __init__(self, path: Path, mtime: float, data: dict[str, Any] | None,
                 why: OSError | str | dict[str, str] = "") -> None:
        self.path = path
        self.mtime = mtime
        self.data = data  # None: not a save, ``why`` (the error met reading it, or the key
        self.why = why    # of a sentence in i18n/table.py, or the sentence in each language)

    @property
    def game(self) -> str:
        return str(self.data.get("game", "?")) if self.data else "?"

    @property
    def names(self) -> list[str]:
        names = self.data.get("names") if self.data else None
        return [str(n) for n in names] if isinstance(names, list) else []

    @property
    def moves(self) -> int:
        moves = self.data.get("moves") if self.data else None
        return len(moves) if isinstance(moves, list) else 0

    @property
    def finished(self) -> bool:
        s = self.data.get("state") if self.data else None
        return isinstance(s, dict) and s.get("outcome") is not None


def entries(folder: Path) -> list[Entry]:
    """The saves of ``folder`` (its .json files), the most recent first; a file that is not a
    save is listed with why."""
    from tabletop.rules.values import SAVE_FORMAT

    out = []
    try:
        paths = sorted(p for p in folder.glob("*.json") if not p.name.startswith("."))
    except OSError:
        return []
    for p in paths:
        try:
            mtime = p.stat().st_mtime
            data = json.loads(read_save(p))
        except FileReadError as e:  # a pipe, a device, too big: its sentence, as it is
            out.append(Entry(p, 0.0, None, e.texts))
            continue
        except OSError as e:
            out.append(Entry(p, 0.0, None, e))
            continue
        except (ValueError, RecursionError):  # (JSON's errors, text that is not UTF-8)
            out.append(Entry(p, 0.0, None, "saves_why_json"))
            continue
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            out.append(Entry(p, mtime, None, "saves_why_format"))
            continue
        out.append(Entry(p, mtime, data))
    out.sort(key=lambda e: -e.mtime)
    return out


def last_save(folder: Path) -> Path | None:
    """The most recent save of a game not finished in ``folder`` that no table plays on
    (``--load last``)."""
    for e in entries(folder):
        if e.data is not None and not e.finished and not in_use(e.path):
            return e.path
    return None


def read_save(path: Path) -> str:
    """A save file's text, read as every file is (files.read_text: a regular file of at most
    MAX_SAVE_BYTES, opened without waiting).

    :raises FileReadError: not a regular file, or too big.
    :raises OSError: it cannot be opened.
    :raises UnicodeDecodeError: it is not text.
    """
    return read_text(path, MAX_SAVE_BYTES, "save")
