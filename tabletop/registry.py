"""Where the shipped games live, loading a game by id or path, and restoring a save."""

from __future__ import annotations

import functools
import json
import os
from pathlib import Path

from .errors import SaveFileError, UnknownGameError
from .expr import did_you_mean
from .game import Game
from .spec import load_spec, text_of
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


# folders of the user's own games (tabletop play --games-dir DIR), searched after the shipped
# games and before the folders of $TABLETOP_GAMES_DIR
_games_dirs: list[Path] = []


def add_games_dir(path: str | Path) -> None:
    """Look for games in this folder too (``tabletop play my-game --games-dir DIR``)."""
    p = Path(path).expanduser()
    if not p.is_dir():
        raise UnknownGameError(f"no folder {path}: --games-dir names a folder of .yaml rulesets")
    _games_dirs.append(p)


def games_dirs() -> list[Path]:
    """The folders of the user's own games: --games-dir, then $TABLETOP_GAMES_DIR (several
    folders separated by ':' on Linux and macOS, ';' on Windows)."""
    env = os.environ.get("TABLETOP_GAMES_DIR", "")
    return [*_games_dirs, *(Path(x).expanduser() for x in env.split(os.pathsep) if x)]


def user_games() -> dict[str, Path]:
    """The user's own games: id (the file's name without .yaml) -> ruleset file. A shipped
    game's id is the shipped game; the first folder that has an id wins."""
    shipped = set(games())
    out: dict[str, Path] = {}
    for d in games_dirs():
        if not d.is_dir():
            continue
        for p in sorted([*d.glob("*.yaml"), *d.glob("*.yml")]):
            if p.stem not in shipped and p.stem not in out:
                out[p.stem] = p
    return out


def own_rules(game: Game, lang: str) -> str | None:
    """A ruleset's own rules page: its ``rules:`` text in ``lang`` (else English), else a
    Markdown file beside the ruleset (``my-game.fr.md``, then ``my-game.md``)."""
    if game.spec.rules:
        return text_of(game.spec.rules, lang)
    if game.source_ref is None:
        return None
    src = Path(game.source_ref)
    for name in (f"{src.stem}.{lang}.md", f"{src.stem}.md"):
        page = src.with_name(name)
        if page.is_file():
            return page.read_text(encoding="utf-8")
    return None


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
    if isinstance(game, str) and "/" not in text and text in user_games():
        found = user_games()[text].resolve()
        return _load_path(str(found), str(found))
    if p.suffix in (".yaml", ".yml") or p.exists():
        if not p.is_file():
            raise UnknownGameError(f"no ruleset file at {text}; the shipped games are: "
                                   f"{', '.join(games())}")
        return _load_path(str(p.resolve()), str(p.resolve()))
    known = [*games(), *user_games()]
    raise UnknownGameError(f"no game {text!r}{did_you_mean(text, known)}; the games are: "
                           f"{', '.join(known)} "
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
