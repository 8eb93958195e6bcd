"""Where the shipped games live, loading a game by id or path, and restoring a save."""

from __future__ import annotations

import functools
import json
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tabletop.errors import SaveFileError, TabletopError, UnknownGameError
from tabletop.i18n.catalogue import text_of
from tabletop.safety.files import MAX_PAGE_BYTES, FileReadError, is_file, read_text, resolved

if TYPE_CHECKING:  # the engine is imported when a game is loaded: `tabletop list` starts fast
    from tabletop.engine.game import Game
    from tabletop.engine.state import State

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
        from tabletop.rules.values import message_error

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
        try:
            found = sorted([*d.glob("*.yaml"), *d.glob("*.yml")])
        except OSError:  # a folder that cannot be listed: its games are not there
            continue
        for p in found:
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
        if is_file(page):
            try:
                return read_text(page, MAX_PAGE_BYTES, "page")
            except (OSError, UnicodeDecodeError, FileReadError):
                return None  # a page that cannot be read: the rules come from the ruleset
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
        from tabletop.rules.values import message_error

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
    from tabletop.engine.context import ENGINE_FUNCTIONS
    from tabletop.engine.game import Game
    from tabletop.rules.spec import load_spec

    return Game(load_spec(path, ENGINE_FUNCTIONS), ref)


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
        found = resolved(user_games()[text])
        return found, str(found)
    if p.suffix in (".yaml", ".yml") or p.exists() or p.is_symlink():
        if p.is_dir() or not (p.exists() or p.is_symlink()):
            from tabletop.rules.values import message_error

            raise message_error(UnknownGameError, "no_ruleset_file", path=text,
                                games=", ".join(games()))
        return resolved(p), str(resolved(p))  # not a regular file: load says so
    from tabletop.lang.expr import did_you_mean
    from tabletop.rules.values import message_error

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


def restore(text: str | bytes) -> State:
    """A game saved with State.to_json(), exactly as it was. The save is believed only when
    its moves replay to it: the game is started again from the save's seed, players, names,
    deck and options and its moves are played, and the position so reached must be the one
    saved (compared as values: the order of the keys does not matter). A save of an older
    version of the game, made before an option existed, replays under that option's
    default; the game given back is the one replayed.

    :raises SaveFileError: the text is not a tabletop save, names a game not found, or holds
        anything its moves do not explain (one sentence naming it).
    :raises ArgumentError: ``text`` is not text.
    """
    from tabletop.rules.values import arg_error, message_error
    if not isinstance(text, str | bytes | bytearray):
        raise arg_error("restore", "text", "save", text)
    try:
        return _restore(text)
    except TabletopError:
        raise
    except (RecursionError, MemoryError, ValueError, TypeError, KeyError, IndexError,
            AttributeError, OverflowError) as e:  # damage no check above foresaw
        raise message_error(SaveFileError, "save_damaged", why=_why(e)) from None


def _why(e: BaseException) -> str | dict[str, str]:
    """An exception met reading a save, short enough for a sentence."""
    if isinstance(e, RecursionError):
        return {"en": "nested too deeply", "fr": "imbriqué trop profondément"}
    said = f"{type(e).__name__}: {e}"
    return said if len(said) <= 120 else said[:117] + "..."


def _restore(text: str | bytes | bytearray) -> State:
    from tabletop.engine.state import SAVE_FORMAT, State
    from tabletop.rules.values import json_why, message_error
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise message_error(SaveFileError, "save_not_json", why=json_why(e)) from None
    except (ValueError, RecursionError, UnicodeDecodeError, TypeError) as e:
        raise message_error(SaveFileError, "save_not_json", why=_why(e)) from None
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
    options, missing = _saved_options(game, data.get("options"))
    data = {**data, "options": options}
    fresh = _replay(game, data)
    data = _without_dropped_zones(data, fresh)
    try:
        saved = State.from_data(game, data)
        same = _as_data(saved) == _as_data(fresh)
    except SaveFileError:
        raise
    except (RecursionError, MemoryError, ValueError, TypeError, KeyError, IndexError,
            AttributeError, OverflowError) as e:
        raise message_error(SaveFileError, "save_damaged", why=_why(e)) from None
    if not same:
        diff = _diff(saved, fresh)
        if missing:  # saved before these options existed, and not under their defaults
            raise message_error(SaveFileError, "save_older", diff=diff,
                                names=", ".join(missing), game=game.spec.name)
        raise message_error(SaveFileError, "save_edited", diff=diff)
    return fresh


def _without_dropped_zones(data: dict[str, Any], fresh: State) -> dict[str, Any]:
    """A save's data without the zones that today's ruleset no longer has and that are empty
    in it (a zone since dropped holds nothing that could change the position)."""
    state = data.get("state")
    if not isinstance(state, dict) or not isinstance(state.get("zones"), dict):
        return data
    zones: dict[str, Any] = state["zones"]
    dropped = [k for k, v in zones.items() if k not in fresh.zones and v == []]
    if not dropped:
        return data
    kept = {k: v for k, v in zones.items() if k not in dropped}
    return {**data, "state": {**state, "zones": kept}}


def _as_data(st: State) -> Any:
    """A state as the plain values of its save (what two states are compared by), without
    what the table keeps beside the game (``meta``), without the log's texts and without the
    waiting question's prompt and answer words: they are words for people, written again by
    the replay (a save made before a text was reworded, or before an answer had more words,
    loads), while who saw what, who is asked what among which choices, and every value of the
    position are still compared."""
    data = json.loads(st.to_json())
    data.pop("meta", None)
    state = data.get("state")
    if isinstance(state, dict) and isinstance(state.get("log"), list):
        state["log"] = [{k: v for k, v in e.items() if k != "text"} if isinstance(e, dict) else e
                        for e in state["log"]]
    pending = state.get("pending") if isinstance(state, dict) else None
    if isinstance(pending, dict):
        pending.pop("prompt", None)
        pending.pop("words", None)
    return data


def _saved_options(game: Game, options: Any) -> tuple[dict[str, str], list[str]]:
    """A save's options as this version of the game reads them, and the options it has no
    value for (a save made before they existed: they are at their defaults).

    :raises SaveFileError: the options are not NAME: VALUE, or one of them is not an option
        of the game (misspelled, or dropped since without the ruleset keeping it as a
        ``retired`` option), or has a value the game does not allow.
    """
    from tabletop.lang.expr import close_to
    from tabletop.rules.values import message_error
    if not isinstance(options, dict) or not all(isinstance(v, str) for v in options.values()):
        raise message_error(SaveFileError, "save_options")
    spec = game.spec.options
    foreign = [str(k) for k in options if k not in spec]
    if foreign and not set(spec) & set(options):  # not an older save: another game's
        raise message_error(SaveFileError, "save_foreign", game=game.spec.name,
                            names=_short(", ".join(foreign), 80))
    for k in options:
        if k not in spec:
            known = ", ".join(n for n, o in spec.items() if not o.retired)
            raise message_error(SaveFileError, "save_option_unknown", game=game.spec.name,
                                name=k, close=close_to(k, list(spec)),
                                known=known or "-")
    try:
        mapped = game.check_options(options, saved=True)
    except TabletopError as e:
        raise message_error(SaveFileError, "save_not_game", game=game.spec.name,
                            why=e.texts or str(e)) from None
    return mapped, [k for k in spec if k not in options]


def _replay(game: Game, data: dict[str, Any]) -> State:
    """The saved game started again from its seed, options and players and its moves played:
    a save is checked like a new game (its options already read by ``_saved_options``)."""
    from tabletop.rules.values import message_error
    from tabletop.safety.limits import MAX_SEED
    name = game.spec.name
    seed, names = data.get("seed"), data.get("names")
    players: Any = data.get("players")
    options, deck, moves = data.get("options"), data.get("deck"), data.get("moves")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise message_error(SaveFileError, "save_seed", seed=_short(seed), most=MAX_SEED)
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise message_error(SaveFileError, "save_names")
    if deck is not None and not isinstance(deck, list):
        raise message_error(SaveFileError, "save_deck")
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise message_error(SaveFileError, "save_moves")
    first = data.get("first")
    if first is not None and (isinstance(first, bool) or not isinstance(first, int)):
        raise message_error(SaveFileError, "save_first", first=_short(first))
    try:
        fresh = game.new_game(players=players, seed=seed,  # new_game checks the count
                              options=options, deck=deck, names=names, first=first,
                              saved=True)
    except TabletopError as e:
        raise message_error(SaveFileError, "save_not_game", game=name,
                            why=e.texts or str(e)) from None
    for i, text in enumerate(moves, 1):
        try:
            fresh.play(text)
        except TabletopError as e:
            raise message_error(SaveFileError, "save_move", i=i, text=text[:60],
                                why=e.texts or str(e)) from None
    meta = data.get("meta")
    fresh.meta = dict(meta) if isinstance(meta, dict) else {}
    return fresh


def _short(v: Any, most: int = 40) -> str:
    """A value of a save as a sentence quotes it: its repr, cut when long."""
    try:
        said = repr(v)
    except ValueError:  # an int too long to write in full
        said = "a number too long to write"
    return said if len(said) <= most else said[:most - 3] + "..."


def _diff(saved: State, fresh: State) -> dict[str, str]:
    """The first thing that differs, named for a person (in each language)."""
    for k in sorted(set(saved.vars) | set(fresh.vars)):
        was, now = saved.vars.get(k), fresh.vars.get(k)
        if was != now:
            return {"en": f"{k} is {_short(was)} where the moves give {_short(now)}",
                    "fr": f"{k} vaut {_short(was)} là où les coups donnent {_short(now)}"}
    for k in sorted(set(saved.zones) | set(fresh.zones)):
        if saved.zones.get(k) != fresh.zones.get(k):
            return {"en": f"the cards of {_short(k)} differ",
                    "fr": f"les cartes de {_short(k)} diffèrent"}
    if saved.outcome != fresh.outcome:
        return {"en": "the end of the game differs", "fr": "la fin de la partie diffère"}
    was, now = saved.pending, fresh.pending
    if (was is None) != (now is None) or (was is not None and now is not None and (
            was.seat, was.var, was.options) != (now.seat, now.var, now.options)):
        return {"en": "the question waiting for an answer differs",
                "fr": "la question qui attend une réponse diffère"}
    return {"en": "the turn, the log or the chance draws differ",
            "fr": "le tour, le journal ou les tirages du hasard diffèrent"}
