"""What `tabletop list` and `tabletop rules` need to know of a ruleset (players, one-line
description, name, whether it gives its own rules page), kept in a small cache so those commands
start without loading and checking every ruleset.

The cache is a JSON file in the user's cache folder ($TABLETOP_CACHE_DIR, else
$XDG_CACHE_HOME/tabletop, else ~/.cache/tabletop). An entry is used only while the ruleset file
and every file it extends have the size and modification time they had when it was written;
otherwise the ruleset is loaded (and checked) as usual and the entry written again. A cache that
cannot be read or written is ignored: the commands then load the rulesets.

This module imports nothing heavy (no YAML, no attrs, no engine) until a ruleset must be loaded.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from pathlib import Path
from typing import Any

from tabletop.safety.files import (
    MAX_CACHE_BYTES,
    MAX_RULESET_BYTES,
    FileReadError,
    read_bytes,
    read_text,
    resolved,
)

VERSION = 1  # bump when the shape of an entry changes (an entry without its digest is built again)
MAX_CHAIN = 8  # extends: steps followed to build an entry's signature
_FIELDS = {"id", "name", "summary", "min_players", "max_players", "own_rules"}
_EXTENDS = re.compile(r"^extends:\s*[\"']?([^\"'#\s]+)", re.MULTILINE)


def cache_dir() -> Path:
    env = os.environ.get("TABLETOP_CACHE_DIR")
    if env:
        return Path(env).expanduser()
    xdg = os.environ.get("XDG_CACHE_HOME")
    base = Path(xdg).expanduser() if xdg else Path.home() / ".cache"
    return base / "tabletop"


def _cache_file() -> Path:
    return cache_dir() / f"summaries-{VERSION}.json"


def ruleset_signature(path: Path) -> list[list[Any]] | None:
    """(file, mtime, size) of the ruleset and of each ruleset it extends, or None when one of
    them cannot be read (the caller then loads the ruleset, which says what is wrong)."""
    out: list[list[Any]] = []
    here = path
    for _ in range(MAX_CHAIN):
        try:
            st = here.stat()
            head = read_bytes(here, MAX_RULESET_BYTES).decode("utf-8", errors="replace")
        except (OSError, FileReadError):
            return None
        out.append([str(here), st.st_mtime_ns, st.st_size])
        m = _EXTENDS.search(head)
        if m is None:
            return out
        ref = m.group(1)
        here = here.parent / (ref if ref.endswith((".yaml", ".yml")) else f"{ref}.yaml")
    return None  # a long chain: not worth caching


def _read_cache() -> dict[str, Any]:
    """The cache's entries that have the shape ``_write_cache`` gives them; nothing of a file
    that is not one (missing, too big, not a regular file, not JSON, too deep to read)."""
    try:
        data = json.loads(read_text(_cache_file(), MAX_CACHE_BYTES, "cache"))
    except (OSError, ValueError, RecursionError):  # FileReadError is a ValueError
        return {}
    if not isinstance(data, dict):
        return {}
    return {k: v for k, v in data.items() if isinstance(v, dict) and _sound(k, v)}


def _digest(key: str, sig: Any, entry: Any) -> str:
    """What an entry's fields hash to with its file and signature: an entry moved to another
    game's place, or edited, no longer matches and is built again."""
    text = json.dumps([key, sig, entry], ensure_ascii=False, sort_keys=True)
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:32]


def _texts_ok(v: Any) -> bool:
    return isinstance(v, dict) and isinstance(v.get("en"), str) and all(
        isinstance(k, str) and isinstance(x, str) for k, x in v.items())


def _sound(key: str, hit: dict[str, Any]) -> bool:
    """Whether a cache entry has the shape ``summaries`` writes and its own digest."""
    e = hit.get("entry")
    if not (isinstance(e, dict) and set(e) == _FIELDS and isinstance(e["id"], str)
            and _texts_ok(e["name"]) and _texts_ok(e["summary"])
            and type(e["min_players"]) is int and type(e["max_players"]) is int
            and 1 <= e["min_players"] <= e["max_players"]
            and isinstance(e["own_rules"], bool)):
        return False
    try:
        return hit.get("check") == _digest(key, hit.get("sig"), e)
    except (TypeError, ValueError, RecursionError):
        return False


def _write_cache(data: dict[str, Any]) -> None:
    target = _cache_file()
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        tmp = target.with_name(f"{target.name}.{os.getpid()}.tmp")
        tmp.write_text(json.dumps(data, ensure_ascii=False, sort_keys=True), encoding="utf-8")
        os.replace(tmp, target)
    except OSError:
        pass  # a read-only home: the next command loads the rulesets again


def _entry_of(game_ref: str) -> dict[str, Any]:
    from tabletop.registry import load  # the engine, only when the cache cannot answer

    spec = load(game_ref).spec
    return {"id": spec.id, "name": dict(spec.name), "summary": dict(spec.summary),
            "min_players": spec.min_players, "max_players": spec.max_players,
            "own_rules": bool(spec.rules)}


def summaries(refs: dict[str, Path]) -> dict[str, dict[str, Any] | Exception]:
    """For each game (id or path -> its ruleset file), its summary: a dict with ``id``,
    ``name`` and ``summary`` (language -> text), ``min_players``, ``max_players`` and
    ``own_rules``; or the TabletopError met while loading it."""
    from tabletop.errors import TabletopError

    cache = _read_cache()
    out: dict[str, dict[str, Any] | Exception] = {}
    changed = False
    for ref, path in refs.items():
        key = str(resolved(path))
        sig = ruleset_signature(path)
        hit = cache.get(key)
        if sig is not None and isinstance(hit, dict) and hit.get("sig") == sig:
            out[ref] = hit["entry"]  # of the right shape and digest (_read_cache)
            continue
        try:
            entry = _entry_of(ref)
        except TabletopError as e:
            out[ref] = e
            if key in cache:
                del cache[key]
                changed = True
            continue
        out[ref] = entry
        if sig is not None:
            cache[key] = {"sig": sig, "entry": entry, "check": _digest(key, sig, entry)}
            changed = True
    if changed:
        _write_cache(cache)
    return out
