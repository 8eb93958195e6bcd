"""Where the shipped games live, loading a game by id or path, and restoring a save."""

from __future__ import annotations

import functools
import json
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .errors import SaveFileError, TabletopError, UnknownGameError
from .texts import text_of

if TYPE_CHECKING:  # the engine is imported when a game is loaded: `tabletop list` starts fast
    from .game import Game
    from .state import State

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
        from .values import message_error

        raise message_error(UnknownGameError, "no_games_dir", path=path)
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
    return page_beside(game.source_ref, lang)


def page_beside(source_ref: str | None, lang: str) -> str | None:
    """The Markdown page beside a user's ruleset file (``my-game.fr.md``, then ``my-game.md``),
    if there is one; a shipped game (``source_ref`` None) has its pages in docs/."""
    if source_ref is None:
        return None
    src = Path(source_ref)
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
        from .values import message_error

        raise message_error(UnknownGameError, "unknown_game_id", game=game_id,
                            games=", ".join(games()))
    return p


def doc_path(game_id: str, lang: str = "en", designer: bool = False) -> Path | None:
    """The rules page of a shipped game, if it has one: the player's page (docs/games/ID.md)
    or the designer's (docs/designers/ID.md), in ``lang`` (ID.fr.md) when it exists, else in
    English (the caller tells from the name which it got)."""
    folder = docs_dir() / ("designers" if designer else "games")
    if lang != "en":
        p = folder / f"{game_id}.{lang}.md"
        if p.is_file():
            return p
    p = folder / f"{game_id}.md"
    return p if p.is_file() else None


def page_lang(page: Path) -> str:
    """The language of a rules page, from its name (ID.fr.md is French, ID.md English)."""
    parts = page.name.split(".")
    return parts[-2] if len(parts) >= 3 else "en"


@functools.lru_cache(maxsize=64)
def _load_path(path: str, ref: str | None) -> Game:
    from .game import Game
    from .spec import load_spec

    return Game(load_spec(path), ref)


def locate(game: str | Path) -> tuple[Path, str | None]:
    """The ruleset file of a game given by id or path, without loading it, and the reference
    a loaded game keeps of it (None for a shipped game, else the file's full path).

    :raises UnknownGameError: neither a shipped game, nor a game of the user's folders, nor an
        existing file.
    """
    text = str(game)
    if isinstance(game, str) and text in games():
        return ruleset_path(text), None
    p = Path(text)
    if isinstance(game, str) and "/" not in text and text in user_games():
        found = user_games()[text].resolve()
        return found, str(found)
    if p.suffix in (".yaml", ".yml") or p.exists():
        if not p.is_file():
            from .values import message_error

            raise message_error(UnknownGameError, "no_ruleset_file", path=text,
                                games=", ".join(games()))
        return p.resolve(), str(p.resolve())
    from .expr import did_you_mean
    from .values import message_error

    known = [*games(), *user_games()]
    raise message_error(UnknownGameError, "unknown_game", game=text,
                        close={lang: did_you_mean(text, known, lang) for lang in ("en", "fr")})


def load(game: str | Path) -> Game:
    """A game by id (``"scoundrel"``) or by the path of a YAML ruleset.

    :raises UnknownGameError: neither a shipped game nor an existing file.
    :raises RulesetError: the ruleset file is malformed (file, line and field in the message).
    """
    path, ref = locate(game)
    return _load_path(str(path), ref)


def restore(text: str) -> State:
    """A game saved with State.to_json(), exactly as it was.

    :raises SaveFileError: the text is not a tabletop save, or names a game not found.
    """
    from .state import SAVE_FORMAT, State
    from .values import json_why, message_error
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, TypeError) as e:
        raise message_error(SaveFileError, "save_not_json", why=json_why(e)) from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise message_error(SaveFileError, "save_no_format")
    source = data.get("source")
    gid = data.get("game")
    if not isinstance(gid, str) or (source is not None and not isinstance(source, str)):
        raise message_error(SaveFileError, "save_no_game")
    try:
        game = load(source) if source else load(gid)
    except UnknownGameError as e:
        raise message_error(SaveFileError, "save_game_missing", why=e.texts or str(e)) from None
    if game.id != gid:
        raise message_error(SaveFileError, "save_game_mismatch", game=gid, source=source,
                            other=game.id)
    options = data.get("options")
    # a save made by an older version of the ruleset (an option since added or dropped) keeps
    # its position: its moves may give another one under today's rules
    older = isinstance(options, dict) and set(options) != set(game.spec.options)
    if older:
        assert isinstance(options, dict)
        known = set(game.spec.options)
        foreign = [str(k) for k in options if k not in known]
        if foreign and not known & set(options):  # not an older save: another game's
            raise message_error(SaveFileError, "save_foreign", game=game.spec.name,
                                names=", ".join(foreign))
    try:
        fresh: State | None = _replay(game, data)
    except SaveFileError:
        if not older:
            raise
        fresh = None
    saved = State.from_data(game, data)
    if fresh is not None and saved.to_json() == fresh.to_json():
        return fresh
    if not older:
        assert fresh is not None
        raise message_error(SaveFileError, "save_edited", diff=_diff(saved, fresh))
    _check_older(game, saved)
    return saved


def _check_older(game: Game, saved: State) -> None:
    """A save of an older version of the ruleset: its vars are today's, of the same kinds, and
    its position can be shown and played on."""
    from .values import message_error
    try:
        start = game.new_game(players=saved.players, seed=saved.seed)
    except TabletopError as e:
        raise message_error(SaveFileError, "save_not_game", game=game.spec.name,
                            why=e.texts or str(e)) from None
    for k, v in saved.vars.items():
        if k not in start.vars:
            raise message_error(SaveFileError, "save_holds", name=k, game=game.spec.name)
        was = start.vars[k]
        if v is not None and was is not None and (isinstance(v, bool) != isinstance(was, bool)
                                                  or isinstance(v, int) != isinstance(was, int)
                                                  or isinstance(v, str) != isinstance(was, str)):
            raise message_error(SaveFileError, "save_var", name=k, value=v,
                                game=game.spec.name)
    try:
        for seat in range(saved.players):
            saved.view(seat)
        saved.legal_moves()
    except TabletopError as e:
        raise message_error(SaveFileError, "save_not_fit", game=game.spec.name,
                            why=e.texts or str(e)) from None


def _replay(game: Game, data: dict[str, Any]) -> State:
    """The saved game started again from its seed, options and players and its moves played:
    a save is checked like a new game."""
    from .values import message_error
    name = game.spec.name
    seed, names = data.get("seed"), data.get("names")
    players: Any = data.get("players")
    options, deck, moves = data.get("options"), data.get("deck"), data.get("moves")
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise message_error(SaveFileError, "save_seed", seed=seed)
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise message_error(SaveFileError, "save_names")
    if not isinstance(options, dict):
        raise message_error(SaveFileError, "save_options")
    if deck is not None and not isinstance(deck, list):
        raise message_error(SaveFileError, "save_deck")
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise message_error(SaveFileError, "save_moves")
    first = data.get("first")
    if first is not None and (isinstance(first, bool) or not isinstance(first, int)):
        raise message_error(SaveFileError, "save_first", first=first)
    try:
        # the options the game knows must hold values it allows; a save made before an
        # option existed (or after one was dropped) replays under the options it was saved with
        game.check_options({k: v for k, v in options.items() if k in game.spec.options})
        fresh = game.new_game(players=players, seed=seed,  # new_game checks the count
                              options=options, deck=deck, names=names, first=first,
                              options_as_saved=True)
    except TabletopError as e:
        raise message_error(SaveFileError, "save_not_game", game=name,
                            why=e.texts or str(e)) from None
    for i, text in enumerate(moves, 1):
        try:
            fresh.play(text)
        except TabletopError as e:
            raise message_error(SaveFileError, "save_move", i=i, text=text,
                                why=e.texts or str(e)) from None
    meta = data.get("meta")
    fresh.meta = dict(meta) if isinstance(meta, dict) else {}
    return fresh


def _diff(saved: State, fresh: State) -> str:
    """The first thing that differs, named for a person."""
    for k in sorted(set(saved.vars) | set(fresh.vars)):
        if saved.vars.get(k) != fresh.vars.get(k):
            return f"{k} is {saved.vars.get(k)!r} where the moves give {fresh.vars.get(k)!r}"
    for k in sorted(set(saved.zones) | set(fresh.zones)):
        if saved.zones.get(k) != fresh.zones.get(k):
            return f"the cards of {k} differ"
    if saved.outcome != fresh.outcome:
        return "the end of the game differs"
    return "the turn, the log or the chance draws differ"
