"""Where the shipped games live, loading a game by id or path, and restoring a save."""

from __future__ import annotations

import functools
import json
from pathlib import Path

from .errors import SaveFileError, UnknownGameError
from .game import Game
from .spec import load_spec
from .state import SAVE_FORMAT, State

_HERE = Path(__file__).resolve().parent


def _data_dir(package: str, fallback: str) -> Path:
    """The folder of a data package, installed (tabletop/<x>) or in a checkout (<x>/)."""
    installed = _HERE / package
    if installed.is_dir() and any(installed.iterdir()):
        return installed
    return _HERE.parent / fallback


def rulesets_dir() -> Path:
    return _data_dir("rulesets", "rulesets")


def docs_dir() -> Path:
    return _data_dir("docs", "docs")


def games() -> list[str]:
    """The ids of the shipped games, sorted."""
    return sorted(p.stem for p in rulesets_dir().glob("*.yaml"))


def ruleset_path(game_id: str) -> Path:
    """The ruleset file of a shipped game.

    :raises UnknownGameError: no shipped game has this id.
    """
    p = rulesets_dir() / f"{game_id}.yaml"
    if not p.is_file():
        raise UnknownGameError(f"no game {game_id!r}; the games are: {', '.join(games())}")
    return p


def doc_path(game_id: str) -> Path | None:
    """The rules page of a shipped game, if it has one."""
    p = docs_dir() / "games" / f"{game_id}.md"
    return p if p.is_file() else None


@functools.lru_cache(maxsize=64)
def _load_path(path: str, ref: str | None) -> Game:
    return Game(load_spec(path), ref)


def load(game: str | Path) -> Game:
    """A game by id (``"scoundrel"``) or by the path of a YAML ruleset.

    :raises UnknownGameError: neither a shipped game nor an existing file.
    :raises RulesetError: the ruleset file is malformed (file, line and field in the message).
    """
    text = str(game)
    if isinstance(game, str) and text in games():
        return _load_path(str(ruleset_path(text)), None)
    p = Path(text)
    if p.suffix in (".yaml", ".yml") or p.exists():
        if not p.is_file():
            raise UnknownGameError(f"no ruleset file at {text}; the shipped games are: "
                                   f"{', '.join(games())}")
        return _load_path(str(p.resolve()), str(p.resolve()))
    raise UnknownGameError(f"no game {text!r}; the games are: {', '.join(games())} "
                           "(or give the path of a .yaml ruleset)")


def restore(text: str) -> State:
    """A game saved with State.to_json(), exactly as it was.

    :raises SaveFileError: the text is not a tabletop save, or names a game not found.
    """
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, TypeError) as e:
        raise SaveFileError(f"not a tabletop save (not JSON: {e})") from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveFileError("not a tabletop save (no 'format: tabletop-save' field)")
    source = data.get("source")
    game = load(source) if source else load(str(data.get("game")))
    if game.id != data.get("game"):
        raise SaveFileError(f"the save is of {data.get('game')!r}, but {source} is "
                            f"{game.id!r}")
    return State.from_data(game, data)
