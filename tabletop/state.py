"""The running game: state, legal moves, play, views, outcome, save and restore.

A State owns every changing thing of one game: the zones (ordered lists of card numbers,
index 0 being the top of a pile), the vars, whose turn it is, the pending decision (a choice
asked of any seat, a reaction included), the seeded random generator, the history and the log.
Effects from the ruleset run in a small interpreter with an explicit stack of frames, so a
choice can suspend them half-way and a later move resumes them; the stack is plain data and
is saved with the rest.
"""

from __future__ import annotations

import itertools
import json
import math
import random
import unicodedata
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from .errors import (
    ExpressionError,
    GameOverError,
    IllegalMoveError,
    NotationError,
    RulesetError,
    SaveFileError,
    WrongSeatError,
)
from .expr import Compiled, Work
from .limits import MAX_BINDINGS, MAX_FRAMES, MAX_LIST
from .spec import ArgSpec, Block, CardDef, ComboDef, GameSpec, MoveSpec, Step, text_of

SAVE_FORMAT = "tabletop-save"
SAVE_VERSION = 1
CHOICE = "@choice"
# What a mistake in a ruleset raises when an expression or a step meets values it cannot use.
RULESET_BUGS = (ExpressionError, TypeError, KeyError, IndexError, AttributeError,
                ZeroDivisionError, RecursionError, OverflowError, MemoryError, ValueError)
STEP_BUDGET = 100_000  # effect steps one move may run: more means a loop in the ruleset

PUBLIC = -1  # the viewer of view(None): anyone at the table, who knows no hidden card
BOX = "_box"  # cards left out of the game (a stacked deck that lists only some cards)


@attrs.frozen(slots=True)
class Move:
    """A move: the ruleset's move id, its bound arguments and its notation text."""

    move_id: str
    args: tuple[tuple[str, Any], ...]
    text: str

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Move({self.text!r})"


@attrs.frozen(slots=True)
class Event:
    """Something that happened: a kind, the seat that caused it, its text in each language.

    ``private_to`` is None for a public event, else the seats that may see it.
    """

    kind: str
    seat: int | None
    text: dict[str, str]
    data: dict[str, Any] = attrs.field(factory=dict)
    private_to: tuple[int, ...] | None = None

    def text_in(self, lang: str) -> str:
        return text_of(self.text, lang)

    def visible_to(self, seat: int | None) -> bool:
        return self.private_to is None or (seat is not None and seat in self.private_to)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "seat": self.seat, "text": self.text, "data": self.data,
                "private_to": list(self.private_to) if self.private_to is not None else None}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Event:
        p = d.get("private_to")
        return cls(d["kind"], d["seat"], d["text"], d.get("data", {}),
                   tuple(p) if p is not None else None)


@attrs.frozen(slots=True)
class Outcome:
    """How a game ended: the winning seats, every seat's score and the reason."""

    winners: tuple[int, ...]
    scores: tuple[int, ...]
    reason: str
    name: str = ""
    reasons: dict[str, str] = attrs.field(factory=dict, eq=False)

    def reason_in(self, lang: str) -> str:
        return self.reasons.get(lang) or self.reason


@attrs.define(slots=True)
class Pending:
    """A decision the effects are waiting for."""

    seat: int
    var: str
    options: list[Any]
    notation: tuple[str, ...]
    pass_notation: tuple[str, ...]
    optional: bool
    prompt: dict[str, str]
    seats: bool = False  # the options are seats: shown and typed as the players' names
    # the notation and pass in other languages, where the ruleset gives them
    notations: dict[str, tuple[str, ...]] = attrs.field(factory=dict)
    passes: dict[str, tuple[str, ...]] = attrs.field(factory=dict)
    # how answers that are plain texts read in each language: {value: {lang: word}}
    words: dict[str, dict[str, str]] = attrs.field(factory=dict)


_MESSAGES: dict[str, dict[str, str]] = {
    "not_an_answer": {
        "en": "{text!r} is not an answer to the question now; the choices are: {listing}",
        "fr": "« {text} » ne répond pas à la question ; les choix sont : {listing}"},
    "not_legal": {"en": "{text!r} is not legal now: {why}",
                  "fr": "« {text} » n'est pas permis maintenant : {why}"},
    "not_a_card": {"en": "{word!r} is not a card of {game} (cards are written like {sample})",
                   "fr": "« {word} » n'est pas une carte de {game} (les cartes s'écrivent "
                         "comme {sample})"},
    "bad_shape": {"en": "{text!r} is incomplete or too long: write {shapes} (legal now: "
                        "{listing})",
                  "fr": "« {text} » est incomplet ou trop long : écrivez {shapes} (permis "
                        "maintenant : {listing})"},
    "bad_usage": {"en": "{text!r} is not how {word} is typed: {usage} (legal now: {listing})",
                  "fr": "« {text} » est mal formé : {usage} (permis maintenant : {listing})"},
    "not_a_move": {"en": "{text!r} is not a move of {game}; moves start with {words} (legal "
                         "now: {listing})",
                   "fr": "« {text} » n'est pas un coup de {game} ; les coups commencent par "
                         "{words} (permis maintenant : {listing})"},
    "not_asked": {"en": "{text!r} answers a question that is not asked now (legal now: "
                        "{listing})",
                  "fr": "« {text} » répond à une question qui n'est pas posée maintenant "
                        "(permis maintenant : {listing})"},
    "wrong_phase": {"en": "{move} is not allowed in this phase ({phase})",
                    "fr": "{move} n'est pas permis dans cette phase ({phase})"},
    "not_in_zone": {"en": "{card} is not in the {zone}",
                    "fr": "{card} n'est pas là où ce coup prend ses cartes ({zone})"},
    "not_available": {"en": "{card} is not available for this move",
                      "fr": "{card} n'est pas disponible pour ce coup"},
    "card_count": {"en": "choose {lo} to {hi} cards", "fr": "choisissez de {lo} à {hi} cartes"},
    "combo_missing": {"en": "the combo {value} needs {cards}, which you do not all have",
                      "fr": "la combinaison {value} demande {cards}, que vous n'avez pas "
                            "toutes"},
    "cannot_choose": {"en": "{value} cannot be chosen for {arg}",
                      "fr": "{value} ne peut pas être choisi pour {arg}"},
    "cannot_use": {"en": "{value} cannot be used for {move}",
                   "fr": "{value} ne peut pas servir pour {move}"},
    "not_listed": {"en": "it is not one of the legal moves now",
                   "fr": "ce n'est pas un des coups permis maintenant"},
}


def fold_accents(word: str) -> str:
    """A word without its accents: French words are typed with or without them."""
    if word.isascii():
        return word
    return "".join(ch for ch in unicodedata.normalize("NFD", word)
                   if not unicodedata.combining(ch))


def _texts(key: str, **kw: Any) -> dict[str, str]:
    """A message in every language; dict arguments are themselves per language."""
    out = {}
    for lang, template in _MESSAGES[key].items():
        values = {k: (text_of(v, lang) if isinstance(v, dict) else v) for k, v in kw.items()}
        out[lang] = template.format(**values)
    return out


def _error(cls: type[Exception], key: str, **kw: Any) -> Exception:
    texts = _texts(key, **kw)
    return cls(texts["en"], texts=texts)  # type: ignore[call-arg]


class _Frame:
    __slots__ = ("block", "index", "locals")

    def __init__(self, block: Block, index: int, locals_: dict[str, Any]) -> None:
        self.block = block
        self.index = index
        self.locals = locals_


_PLAIN = {int, str, bool, type(None)}  # values a var shows as they are (no card in them)


class Ctx:
    """The expression context: a state, the acting seat, locals, and (for views) a viewer."""

    __slots__ = ("state", "locals", "viewer")

    def __init__(self, state: State, locals_: dict[str, Any], viewer: int | None = None) -> None:
        self.state = state
        self.locals = locals_
        self.viewer = viewer

    @property
    def me(self) -> int:
        me = self.locals.get("me")
        return self.state.turn_seat if me is None else int(me)

    def lookup(self, name: str) -> Any:
        loc = self.locals
        if name in loc:
            return loc[name]
        st = self.state
        kind = st.game.names.get(name)
        if kind == "var":
            v = st.vars[name]
            if self.viewer is None or (type(v) in _PLAIN
                                       and st.spec.vars[name].visibility == "cards"):
                return v
            return self.shown(name, v, None)
        if kind == "seatvar":
            v = st.vars[f"{name}/{self.me}"]
            if self.viewer is None or (type(v) in _PLAIN
                                       and st.spec.vars[name].visibility == "cards"):
                return v
            return self.shown(name, v, self.me)
        if kind == "zone":
            return self.cards(name)
        if kind == "seatzone":
            return self.cards(f"{name}/{self.me}")
        if kind == "derived":
            return st.game.spec.derived[name](self)
        if name == "me":
            return self.me
        if name == "opp":
            return st.next_seat(self.me)
        if name == "current":
            return st.turn_seat
        if name == "players":
            return st.players
        if name == "option":
            return st.options
        if name == "turn":
            return st.turn
        if name == "round":
            return st.round
        return None

    def lookup_at(self, name: str, index: Any) -> Any:
        st = self.state
        kind = st.game.names.get(name)
        if kind == "seatvar":
            v = st.vars.get(f"{name}/{index}")
            if self.viewer is None or (type(v) in _PLAIN
                                       and st.spec.vars[name].visibility == "cards"):
                return v
            return self.shown(name, v, index)
        if kind == "seatzone":
            key = f"{name}/{index}"
            return self.cards(key) if key in st.zones else None
        v = self.lookup(name)
        if isinstance(v, list) and isinstance(index, int) and -len(v) <= index < len(v):
            return v[index]
        return None

    def shown(self, name: str, v: Any, owner: Any) -> Any:
        """A var's value as the viewer of a view may see it (``owner``: the seat of a per-seat
        var). By default (visibility ``cards``) a card in it, alone or in a list, shows only
        to a seat that can see that card where it lies, as in a zone; ``public`` shows all,
        ``owner`` only to its seat, ``hidden`` to nobody."""
        vis = self.state.spec.vars[name].visibility
        if vis == "public":
            return v
        if vis == "hidden":
            return None
        if vis == "owner":
            return v if owner == self.viewer else None  # the public is no seat
        return self._seen(v)

    def _seen(self, v: Any) -> Any:
        if isinstance(v, CardDef):
            st = self.state
            viewer = self.viewer
            assert viewer is not None
            if st.visible(st.where[v.uid], viewer) or (
                    viewer != PUBLIC and v.uid in st.known[viewer]):
                return v
            return None
        if isinstance(v, list | tuple):
            return [self._seen(x) for x in v]
        return v

    def cards(self, key: str) -> list[Any]:
        st = self.state
        defs = st.game.spec.cards
        ids = st.zones[key]
        Work.left -= len(ids)  # Work.spend, inlined: zones are read all the time
        if Work.left < 0:
            Work.spend(0)
        if self.viewer is None or st.visible(key, self.viewer):
            return [defs[i] for i in ids]
        if self.viewer == PUBLIC:  # the public knows no hidden card
            return [None] * len(ids)
        known = st.known[self.viewer]
        return [defs[i] if i in known else None for i in ids]

    def call(self, name: str, args: Sequence[Compiled]) -> Any:
        fn = _FUNCTIONS.get(name)
        if fn is None:  # one of the ruleset's own functions (functions:)
            return self.call_own(name, args)
        return fn(self, args)

    def call_own(self, name: str, args: Sequence[Compiled]) -> Any:
        """A ruleset's own function: its arguments are evaluated here, then bound by name
        while its value is computed (and put back after)."""
        params, body = self.state.spec.functions[name]
        values = [a(self) for a in args]
        loc = self.locals
        saved = [(p, loc[p]) for p in params if p in loc]
        for p, v in zip(params, values, strict=True):
            loc[p] = v
        try:
            return body(self)
        finally:
            for p in params:
                loc.pop(p, None)
            loc.update(saved)


_SUIT_LETTERS = {"♠": "s", "♣": "c", "♦": "d", "♥": "h", "♤": "s", "♧": "c", "♢": "d", "♡": "h"}


def _seat_list(ctx: Ctx) -> list[int]:
    st = ctx.state
    return [s for s in range(st.players) if s not in st.out]


def _all_seats(ctx: Ctx) -> list[int]:
    """Every seat, the eliminated ones included."""
    players: int = ctx.state.players
    return list(range(players))


def _top(ctx: Ctx, args: Sequence[Compiled]) -> Any:
    items = args[0](ctx) or []
    if len(args) == 1:
        return items[0] if items else None
    return list(items[: max(0, int(args[1](ctx)))])


def _bottom(ctx: Ctx, args: Sequence[Compiled]) -> Any:
    items = args[0](ctx) or []
    if len(args) == 1:
        return items[-1] if items else None
    n = max(0, int(args[1](ctx)))
    return list(items[len(items) - n:]) if n else []


def _history_moves(ctx: Ctx, seat: int, which: str) -> list[str]:
    st = ctx.state
    if which == "this_round":
        return [m for (s, m, _t, r) in st.turn_log if s == seat and r == st.round]
    if which == "this_turn":
        return [m for (s, m, t, _r) in st.turn_log if s == seat and t == st.turn]
    # the seat's previous turn of its own: a turn where it only answered another seat's
    # question (its entries are all "@choice") is someone else's turn
    last = None
    for s, m, t, _r in reversed(st.turn_log):
        if s == seat and t != st.turn and m != CHOICE:
            last = t
            break
    if last is None:
        return []
    return [m for (s, m, t, _r) in st.turn_log if s == seat and t == last]


def _zone_of(ctx: Ctx, args: Sequence[Compiled]) -> Any:
    c = args[0](ctx)
    if not isinstance(c, CardDef):
        return None
    return ctx.state.where[c.uid].partition("/")[0]


def _owner(ctx: Ctx, args: Sequence[Compiled]) -> Any:
    c = args[0](ctx)
    if not isinstance(c, CardDef):
        return None
    _zone, _, seat = ctx.state.where[c.uid].partition("/")
    return int(seat) if seat else None


def _knows(ctx: Ctx, args: Sequence[Compiled]) -> bool:
    seat, c = args[0](ctx), args[1](ctx)
    if not isinstance(c, CardDef) or not isinstance(seat, int):
        return False
    st = ctx.state
    if not 0 <= seat < st.players:
        return False
    return c.uid in st.known[seat] or st.visible(st.where[c.uid], seat)


def _int_or_none(v: Any) -> int | None:
    return v if isinstance(v, int) and not isinstance(v, bool) else None


def _as_card(ctx: Ctx, c: Any, fn: Callable[[], Any]) -> Any:
    """Evaluate one of a card's own expressions with ``this`` bound to the card."""
    loc = ctx.locals
    had, saved = "this" in loc, loc.get("this")
    loc["this"] = c
    try:
        return fn()
    finally:
        if had:
            loc["this"] = saved
        else:
            loc.pop("this", None)


def _allowed(ctx: Ctx, args: Sequence[Compiled]) -> bool:
    """Whether every condition of the card's own ``require`` holds (no conditions: true)."""
    c = args[0](ctx)
    if not isinstance(c, CardDef):
        return False
    reqs = ctx.state.spec.card_require.get(c.code, ())
    return bool(_as_card(ctx, c, lambda: all(r.test(ctx) for r in reqs)))


def _unmet(ctx: Ctx, args: Sequence[Compiled]) -> list[str]:
    """The why-texts (in the language given, default English) of the card's own conditions
    that fail now; [] when it may be played."""
    c = args[0](ctx)
    lang = str(args[1](ctx)) if len(args) > 1 else "en"
    if not isinstance(c, CardDef):
        return []
    reqs = ctx.state.spec.card_require.get(c.code, ())
    return list(_as_card(ctx, c, lambda: [text_of({k: f(ctx) for k, f in r.why.items()},
                                                  lang) for r in reqs if not r.test(ctx)]))


def _calc(ctx: Ctx, args: Sequence[Compiled]) -> Any:
    """A card's own named expression (its ``derived:``), or null if it has none."""
    c, name = args[0](ctx), args[1](ctx)
    if not isinstance(c, CardDef):
        return None
    fn = ctx.state.spec.card_derived.get(c.code, {}).get(str(name))
    return None if fn is None else _as_card(ctx, c, lambda: fn(ctx))


def _listed(v: Any) -> list[Any]:
    if v is None:
        return []
    return list(v) if isinstance(v, list | tuple) else [v]


def _few(n: int, what: str) -> None:
    """Refuse to build a list of ``n`` items past MAX_LIST (counted before it is built)."""
    if n > MAX_LIST:
        raise ExpressionError(f"{what} would make more than {MAX_LIST} lists (the limit)")
    Work.spend(n)


def _permutations(v: Any) -> list[list[Any]]:
    items = _listed(v)
    n = 1
    for i in range(2, len(items) + 1):
        n *= i
        if n > MAX_LIST:
            break
    _few(n, f"permutations() of {len(items)} items")
    return [list(p) for p in itertools.permutations(items)]


def _combinations(v: Any, k: Any) -> list[list[Any]]:
    items = _listed(v)
    k = int(k)
    if k < 0:
        return []
    _few(math.comb(len(items), k), f"combinations() of {k} among {len(items)} items")
    return [list(p) for p in itertools.combinations(items, k)]


def _formable(combo: ComboDef, cards: list[Any]) -> list[CardDef]:
    """The cards of ``cards`` that form ``combo`` (the first copy of each code it needs), or
    [] when they cannot form it."""
    pool = [c for c in cards if isinstance(c, CardDef)]
    used: list[CardDef] = []
    for code in combo.cards:
        hit = next((c for c in pool if c.code == code), None)
        if hit is None:
            return []
        pool.remove(hit)
        used.append(hit)
    return used


def _combos(ctx: Ctx, args: Sequence[Compiled]) -> list[ComboDef]:
    """The combos (in file order) that the given cards can form."""
    cards = _cards_of(args[0](ctx))
    return [c for c in ctx.state.spec.combos.values() if _formable(c, cards)]


def _combo_cards(ctx: Ctx, args: Sequence[Compiled]) -> list[CardDef]:
    """The cards of the list that form the combo (a combo or its id); [] if they cannot."""
    combo = args[0](ctx)
    if isinstance(combo, str):
        combo = ctx.state.spec.combos.get(combo)
    if not isinstance(combo, ComboDef):
        return []
    return _formable(combo, _cards_of(args[1](ctx)))


_FUNCTIONS: dict[str, Callable[[Ctx, Sequence[Compiled]], Any]] = {
    "combos": _combos,
    "combo_cards": _combo_cards,
    "allowed": _allowed,
    "unmet": _unmet,
    "calc": _calc,
    "seat_name": lambda ctx, a: ctx.state.seat_name(_int_or_none(a[0](ctx))),
    "top": _top,
    "bottom": _bottom,
    "permutations": lambda ctx, a: _permutations(a[0](ctx)),
    "combinations": lambda ctx, a: _combinations(a[0](ctx), a[1](ctx)),
    "seats": lambda ctx, a: _seat_list(ctx),
    "all_seats": lambda ctx, a: _all_seats(ctx),
    "others": lambda ctx, a: [s for s in _seat_list(ctx)
                              if s != (a[0](ctx) if a else ctx.me)],
    "next_seat": lambda ctx, a: ctx.state.next_seat(int(a[0](ctx))),
    "previous_seat": lambda ctx, a: ctx.state.previous_seat(int(a[0](ctx))),
    "last_turn": lambda ctx, a: _history_moves(ctx, int(a[0](ctx)), "last_turn"),
    "this_turn": lambda ctx, a: _history_moves(ctx, int(a[0](ctx)), "this_turn"),
    "this_round": lambda ctx, a: _history_moves(ctx, int(a[0](ctx)), "this_round"),
    "knows": _knows,
    "zone_of": _zone_of,
    "owner": _owner,
}


def _jsonable(v: Any) -> Any:
    """A view value as JSON: cards become their codes."""
    if isinstance(v, CardDef | ComboDef):
        return v.code
    if isinstance(v, list | tuple):
        return [_jsonable(x) for x in v]
    if isinstance(v, dict):
        return {str(k): _jsonable(x) for k, x in v.items()}
    return v


def _encode(v: Any) -> Any:
    """A local or var value as save-file data."""
    if isinstance(v, CardDef):
        return {"$card": v.uid}
    if isinstance(v, ComboDef):
        return {"$combo": v.code}
    if isinstance(v, list | tuple):
        return [_encode(x) for x in v]
    return v


def _decode(v: Any, cards: tuple[CardDef, ...],
            combos: dict[str, ComboDef] | None = None) -> Any:
    if isinstance(v, dict) and "$card" in v:
        return cards[v["$card"]]
    if isinstance(v, dict) and "$combo" in v:
        return (combos or {})[v["$combo"]]
    if isinstance(v, list):
        return [_decode(x, cards, combos) for x in v]
    return v


class State:
    """One game in progress. Use Game.new_game() or tabletop.restore() to get one."""

    def __init__(self, game: Any) -> None:
        from .game import Game

        self.game: Game = game
        self.spec: GameSpec = game.spec
        self.players = 0
        self.names: list[str] = []
        # what the table around the game wants kept with it (bots in seats...): JSON, saved
        self.meta: dict[str, Any] = {}
        self.options: dict[str, str] = {}
        self.seed: int | None = None
        self.deck: list[str] | None = None
        self.forced_first: int | None = None  # new_game(first=...), so replay can pass it
        self._rng = random.Random()
        self._rng_shared = False  # copy-on-write: shared with a copy until one of them draws
        self.zones: dict[str, list[int]] = {}
        self.where: list[str] = []
        self.vars: dict[str, Any] = {}
        self.known: list[set[int]] = []
        self.out: set[int] = set()
        self.turn_seat = 0
        self.first_seat = 0
        self.turn = 1
        self.round = 1
        self.pending: Pending | None = None
        self.frames: list[_Frame] = []
        self.history: list[str] = []
        self.turn_log: list[tuple[int, str, int, int]] = []
        self.log: list[Event] = []
        self.outcome: Outcome | None = None
        self._events: list[Event] = []
        self._where = ""  # the ruleset field being evaluated, for error messages
        self._legal: list[Move] | None = None
        # quiet: log steps write nothing (search bots' simulations; never saved)
        self.quiet = False

    # ------------------------------------------------------------ public API

    @property
    def is_over(self) -> bool:
        """True once the game has ended."""
        return self.outcome is not None

    @property
    def current_player(self) -> int | None:
        """The seat that must decide now (a reaction by another seat included), None at the end."""
        if self.outcome is not None:
            return None
        if self.pending is not None:
            return self.pending.seat
        return self.turn_seat

    @property
    def move_count(self) -> int:
        return len(self.history)

    def legal_moves(self) -> list[Move]:
        """Every move the current player may make now, in a stable order; [] once over."""
        if self.outcome is not None:
            return []
        if self._legal is None:
            Work.reset()
            try:
                self._legal = self._pending_moves() if self.pending else self._free_moves()
            except RULESET_BUGS as e:
                raise self._bug(e, "while listing the legal moves", "moves") from None
        return list(self._legal)

    def play(self, move: Move | str, seat: int | None = None) -> list[Event]:
        """Play a move (a Move or its notation) and return the events it caused.

        :raises GameOverError: the game has ended.
        :raises WrongSeatError: ``seat`` is given and is not the seat to decide now.
        :raises NotationError: the text does not parse as a move of this game.
        :raises IllegalMoveError: the move parses but is not legal now; the message says why.
        """
        if self.outcome is not None:
            raise GameOverError(f"the game is over ({self.outcome.reason}); no more moves")
        if seat is not None and seat != self.current_player:
            raise WrongSeatError(
                f"it is {self.seat_name(self.current_player)}'s decision, "
                f"not {self.seat_name(seat)}'s")
        m = self.parse_move(move) if isinstance(move, str) else self._check_move(move)
        snapshot = self._snapshot()
        Work.reset()
        try:
            return self._apply(m)
        except (RulesetError, *RULESET_BUGS) as e:
            self._rollback(snapshot)
            if isinstance(e, RulesetError):
                raise
            raise self._bug(e, f"while playing {m.text!r}", self._where) from None

    def _bug(self, e: BaseException, doing: str, where: str) -> RulesetError:
        """A ruleset's mistake met during play, as one sentence naming the field."""
        if isinstance(e, RulesetError):  # already one sentence naming its field
            return e
        detail = str(e) if isinstance(e, ExpressionError) else f"{type(e).__name__}: {e}"
        if isinstance(e, RecursionError):
            detail = "an expression or effect calls itself without end"
        if isinstance(e, MemoryError):
            detail = "it needs more memory than there is"
        undone = "; the move was not played" if doing.startswith("while playing") else ""
        return RulesetError(f"{doing}: {detail} (a mistake in the ruleset{undone})",
                            file=self.spec.source, line=self.spec.line_of(where), field=where)

    def _snapshot(self) -> tuple[Any, ...]:
        """What a move may change, to put back if the ruleset fails half-way."""
        return ({k: v[:] for k, v in self.zones.items()}, self.where[:], dict(self.vars),
                [set(k) for k in self.known], set(self.out), self.turn_seat, self.turn,
                self.round, self.pending, self._copy_frames(self.frames), len(self.history),
                len(self.turn_log), len(self.log), self.outcome)

    def _rollback(self, snap: tuple[Any, ...]) -> None:
        (self.zones, self.where, self.vars, self.known, self.out, self.turn_seat, self.turn,
         self.round, self.pending, self.frames, n_history, n_turns, n_log, self.outcome) = snap
        del self.history[n_history:]
        del self.turn_log[n_turns:]
        del self.log[n_log:]
        self._legal = None

    def parse_move(self, text: str) -> Move:
        """The legal move this text names.

        :raises NotationError: the text does not parse as a move of this game.
        :raises IllegalMoveError: it parses but is not legal now; the message says why.
        """
        if self.outcome is not None:
            raise GameOverError(f"the game is over ({self.outcome.reason}); no more moves")
        tokens = tuple(self._norm(t) for t in str(text).split())
        if not tokens:
            raise NotationError("empty move: type one of the legal moves, e.g. "
                                f"{self._example()!r}")
        legal = self.legal_moves()
        for m in legal:
            if self._key(m.text.split()) == tokens:
                return m
        for m in legal:  # the cards of a `cards` argument (always last) may come in any order
            ms = self.game.move_by_id.get(m.move_id)
            if ms is None or not any(a.kind == "cards" for a in ms.args):
                continue
            mt = self._key(m.text.split())
            fixed = len(ms.template) - 1
            if (len(mt) == len(tokens) and mt[:fixed] == tokens[:fixed]
                    and sorted(mt[fixed:]) == sorted(tokens[fixed:])):
                return m
        for lang in self.game.notation_langs:  # a move typed in another language's notation
            for m in legal:
                mt = self._key(self.move_text(m, lang).split())
                if mt == tokens:
                    return m
                ms = self.game.move_by_id.get(m.move_id)
                if ms is None or not any(a.kind == "cards" for a in ms.args):
                    continue
                fixed = len(ms.notations.get(lang, ms.template)) - 1
                if (len(mt) == len(tokens) and mt[:fixed] == tokens[:fixed]
                        and sorted(mt[fixed:]) == sorted(tokens[fixed:])):
                    return m
        raise self._diagnose(text, tokens)

    def move_hint(self, move: Move, lang: str) -> str | None:
        """The note the ruleset shows beside a legal move (its ``hint`` whose ``if`` holds
        now, with the move's arguments bound), in ``lang``; None when there is none."""
        ms = self.game.move_by_id.get(move.move_id)
        if ms is None or not ms.hints:
            return None
        ctx = Ctx(self, {"me": self.turn_seat, **dict(move.args)})
        try:
            for h in ms.hints:
                if h.test(ctx):
                    return text_of({k: f(ctx) for k, f in h.why.items()}, lang)
        except RULESET_BUGS as e:
            raise self._bug(e, "while listing the moves' hints", f"moves.{ms.id}.hint"
                            ) from None
        return None

    def move_text(self, move: Move, lang: str) -> str:
        """A legal move as a table in ``lang`` shows it: the ruleset's notation in that
        language (where it gives one) with the cards' codes in that language."""
        if move.move_id == CHOICE:
            p = self.pending
            if p is None:
                return move.text
            value = move.args[0][1]
            if value is None:
                return " ".join(p.passes.get(lang, p.pass_notation))
            if isinstance(value, str) and lang in p.words.get(value, {}):
                value = p.words[value][lang]
            return self._render(p.notations.get(lang, p.notation), {"choice": value},
                                seats=p.seats, lang=lang)
        ms = self.game.move_by_id.get(move.move_id)
        if ms is None:
            return move.text
        return self._render(ms.notations.get(lang, ms.template), dict(move.args), lang=lang)

    def view(self, seat: int | None) -> dict[str, Any]:
        """A JSON-serialisable dict of what ``seat`` may see (None: what anyone may see)."""
        ctx = Ctx(self, {"me": seat if seat is not None else self.turn_seat},
                  viewer=seat if seat is not None else PUBLIC)
        out = {}
        Work.reset()
        for k, f in self.spec.view.items():
            try:
                out[k] = _jsonable(f(ctx))
            except RULESET_BUGS as e:
                raise self._bug(e, "while computing the view", f"view.{k}") from None
        return out

    def copy(self, rng: bool = True) -> State:
        """An independent copy (same RNG state: the copy plays on exactly as the original).

        ``rng=False`` leaves the copy a fresh, unseeded generator: for callers that reseed it.
        """
        s = State.__new__(State)
        s.game = self.game
        s.spec = self.spec
        s.players = self.players
        s.names = self.names
        s.meta = self.meta
        s.options = self.options
        s.seed = self.seed
        s.deck = self.deck
        s.forced_first = self.forced_first
        if rng:  # share the generator; whichever draws first takes its own copy
            s._rng = self._rng
            s._rng_shared = self._rng_shared = True
        else:
            s._rng = random.Random(0)
            s._rng_shared = False
        s.zones = {k: v[:] for k, v in self.zones.items()}
        s.where = self.where[:]
        s.vars = dict(self.vars)
        s.known = [set(k) for k in self.known]
        s.out = set(self.out)
        s.turn_seat = self.turn_seat
        s.first_seat = self.first_seat
        s.turn = self.turn
        s.round = self.round
        s.pending = attrs.evolve(self.pending) if self.pending else None
        s.frames = self._copy_frames(self.frames)
        s.history = self.history[:]
        s.turn_log = self.turn_log[:]
        s.log = self.log[:]
        s.outcome = self.outcome
        s._events = []
        s._where = ""
        s._legal = self._legal
        s.quiet = self.quiet
        return s

    @property
    def rng(self) -> random.Random:
        """The game's only source of chance (seeded; saved with the game)."""
        if self._rng_shared:
            own = random.Random()
            own.setstate(self._rng.getstate())
            self._rng = own
            self._rng_shared = False
        return self._rng

    @rng.setter
    def rng(self, value: random.Random) -> None:
        self._rng = value
        self._rng_shared = False

    def determinize(self, seat: int, rng: random.Random) -> State:
        """A copy in which every card ``seat`` cannot see is dealt again at random among the
        places it cannot see, and the future of chance is drawn anew: a possible world that
        agrees with ``seat``'s view, whatever the hidden cards really are."""
        s = self.copy(rng=False)
        known = self.known[seat]
        places: list[tuple[str, int]] = []
        hidden: list[int] = []
        for key, ids in s.zones.items():
            if self.visible(key, seat):
                continue
            for i, uid in enumerate(ids):
                if uid not in known:
                    places.append((key, i))
                    hidden.append(uid)
        # a zone whose contents are known (contents: known) keeps its own cards, reordered;
        # every other hidden card is dealt again among the other hidden places
        zones = self.spec.zones
        groups: dict[str, list[int]] = {}
        pool: list[int] = []
        for j, (key, _i) in enumerate(places):
            z = zones.get(key.partition("/")[0])
            if z is not None and z.contents == "known":
                groups.setdefault(key, []).append(j)
            else:
                pool.append(j)
        dealt = hidden[:]
        for group in [pool, *groups.values()]:
            mixed = sorted(hidden[j] for j in group)
            rng.shuffle(mixed)
            for j, c in zip(group, mixed, strict=True):
                dealt[j] = c
        # a card the effects hold by name (a local, a var, a pending option) is "the card in
        # that place": in the new world, the card dealt to its place
        swap: dict[int, int] = {}
        for (key, i), old, new in zip(places, hidden, dealt, strict=True):
            s.zones[key][i] = new
            s.where[new] = key
            swap[old] = new
        cards = self.spec.cards

        def remap(v: Any) -> Any:
            if isinstance(v, CardDef):
                return cards[swap.get(v.uid, v.uid)]
            if isinstance(v, list):
                return [remap(x) for x in v]
            return v

        s.vars = {k: remap(v) for k, v in s.vars.items()}
        remapped: set[int] = set()
        for f in s.frames:  # frames may share one table of locals: remap each table once
            if id(f.locals) not in remapped:
                remapped.add(id(f.locals))
                for k, v in list(f.locals.items()):
                    f.locals[k] = remap(v)
        if s.pending is not None:
            s.pending.options = [remap(v) for v in s.pending.options]
        # what the world may not carry: the real seed and deck (a replay would rebuild the
        # real game), other seats' knowledge, and events private to others
        s.seed = None
        s.deck = None
        s.history = [text if who == seat else "?"  # others' notations may name hidden cards
                     for text, (who, _m, _t, _r) in zip(self.history, self.turn_log,
                                                         strict=True)]
        s.known = [set(k) if i == seat else set() for i, k in enumerate(s.known)]
        s.log = [e for e in s.log if e.visible_to(seat)]
        s.rng = random.Random(rng.getrandbits(64))
        s.quiet = True
        s._legal = None
        return s

    def to_json(self) -> str:
        """The whole game as JSON text; tabletop.restore() gives it back exactly."""
        local_tables: list[dict[str, Any]] = []
        index: dict[int, int] = {}
        frames = []
        for f in self.frames:
            if id(f.locals) not in index:
                index[id(f.locals)] = len(local_tables)
                local_tables.append(f.locals)
            frames.append([f.block.id, f.index, index[id(f.locals)]])
        rng = self.rng.getstate()
        data = {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "game": self.spec.id,
            "source": self.game.source_ref,
            "players": self.players,
            "names": self.names,
            "options": self.options,
            "seed": self.seed,
            "deck": self.deck,
            "first": self.forced_first,
            "moves": self.history,
            "meta": self.meta,
            "state": {
                "zones": self.zones,
                "vars": {k: _encode(v) for k, v in self.vars.items()},
                "known": [sorted(k) for k in self.known],
                "out": sorted(self.out),
                "turn_seat": self.turn_seat,
                "first_seat": self.first_seat,
                "turn": self.turn,
                "round": self.round,
                "pending": None if self.pending is None else {
                    "seat": self.pending.seat, "var": self.pending.var,
                    "options": _encode(self.pending.options),
                    "notation": list(self.pending.notation),
                    "pass": list(self.pending.pass_notation),
                    "optional": self.pending.optional, "prompt": self.pending.prompt,
                    "seats": self.pending.seats,
                    "notations": {k: list(v) for k, v in self.pending.notations.items()},
                    "passes": {k: list(v) for k, v in self.pending.passes.items()},
                    "words": self.pending.words},
                "frames": frames,
                "locals": [{k: _encode(v) for k, v in t.items()} for t in local_tables],
                "turn_log": [list(t) for t in self.turn_log],
                "log": [e.to_dict() for e in self.log],
                "outcome": None if self.outcome is None else {
                    "winners": list(self.outcome.winners), "scores": list(self.outcome.scores),
                    "reason": self.outcome.reason, "name": self.outcome.name,
                    "reasons": self.outcome.reasons},
                "rng": [rng[0], list(rng[1]), rng[2]],
            },
        }
        return json.dumps(data, ensure_ascii=False)

    @classmethod
    def from_data(cls, game: Any, data: dict[str, Any]) -> State:
        """Rebuild a state from to_json() data.

        :raises SaveFileError: the data is not a tabletop save of this game.
        """
        try:
            st = cls(game)
            st.players = int(data["players"])
            st.names = list(data["names"])
            st.options = dict(data["options"])
            st.seed = data["seed"]
            st.deck = data["deck"]
            st.forced_first = data.get("first")
            st.history = list(data["moves"])
            st.meta = dict(data.get("meta") or {})
            s = data["state"]
            cards = game.spec.cards
            st.zones = {k: list(v) for k, v in s["zones"].items()}
            st.where = [""] * len(cards)
            for k, ids in st.zones.items():
                for i in ids:
                    st.where[i] = k
            combos = game.spec.combos
            st.vars = {k: _decode(v, cards, combos) for k, v in s["vars"].items()}
            st.known = [set(k) for k in s["known"]]
            st.out = set(s["out"])
            st.turn_seat = s["turn_seat"]
            st.first_seat = s["first_seat"]
            st.turn = s["turn"]
            st.round = s["round"]
            p = s["pending"]
            if p is not None:
                st.pending = Pending(p["seat"], p["var"], _decode(p["options"], cards, combos),
                                     tuple(p["notation"]), tuple(p["pass"]), p["optional"],
                                     p["prompt"], bool(p.get("seats", False)),
                                     {k: tuple(v) for k, v in p.get("notations", {}).items()},
                                     {k: tuple(v) for k, v in p.get("passes", {}).items()},
                                     dict(p.get("words", {})))
            tables = [{k: _decode(v, cards, combos) for k, v in t.items()}
                      for t in s["locals"]]
            blocks = game.all_blocks
            st.frames = [_Frame(blocks[b], i, tables[t]) for b, i, t in s["frames"]]
            st.turn_log = [(int(a), str(b), int(c), int(d)) for a, b, c, d in s["turn_log"]]
            st.log = [Event.from_dict(e) for e in s["log"]]
            o = s["outcome"]
            if o is not None:
                st.outcome = Outcome(tuple(o["winners"]), tuple(o["scores"]), o["reason"],
                                     o.get("name", ""), o.get("reasons", {}))
            r = s["rng"]
            st.rng.setstate((r[0], tuple(r[1]), r[2]))
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as e:
            raise SaveFileError(f"the save data is damaged or from another version ({e!r})"
                                ) from None
        return st

    def seat_name(self, seat: int | None) -> str:
        if seat is None:
            return "nobody"
        if 0 <= seat < len(self.names):
            return self.names[seat]
        return f"P{seat + 1}"

    def prompt(self, lang: str = "en") -> str | None:
        """The question a pending decision asks, if it has a prompt."""
        if self.pending is not None and self.pending.prompt:
            return text_of(self.pending.prompt, lang)
        return None

    # ------------------------------------------------------------ turn order

    def next_seat(self, seat: int) -> int:
        n = self.players
        for k in range(1, n + 1):
            s = (seat + k) % n
            if s not in self.out:
                return s
        return seat

    def previous_seat(self, seat: int) -> int:
        n = self.players
        for k in range(1, n + 1):
            s = (seat - k) % n
            if s not in self.out:
                return s
        return seat

    def visible(self, key: str, seat: int) -> bool:
        """May ``seat`` see the cards of zone ``key`` (a zone name, or name/seat)?"""
        name, _, owner = key.partition("/")
        if name == BOX:
            return False
        vis = self.spec.zones[name].visibility
        if vis == "public":
            return True
        if vis == "owner":
            return owner == str(seat)
        return False

    # ------------------------------------------------------------ moves

    def _free_moves(self) -> list[Move]:
        out: list[Move] = []
        seen: set[str] = set()
        phase = self.vars.get("phase")
        me = self.turn_seat
        for ms in self.spec.moves:
            if ms.phases is not None and phase not in ms.phases:
                continue
            locals_: dict[str, Any] = {"me": me}
            ctx = Ctx(self, locals_)
            for binding in self._bindings(ms, ctx):
                locals_.update(binding)
                if all(r.test(ctx) for r in ms.require):
                    text = self._render(ms.template, binding)
                    if text not in seen:
                        seen.add(text)
                        out.append(Move(ms.id, tuple(binding.items()), text))
        return out

    def _bindings(self, ms: MoveSpec, ctx: Ctx) -> list[dict[str, Any]]:
        """Every binding of the move's arguments, each argument's domain (and its ``where``)
        evaluated with the earlier arguments bound, as when a typed move is checked."""
        if not ms.args:
            return [{}]
        if len(ms.args) == 1:
            a = ms.args[0]
            return [{a.name: x} for x in self._domain(a, ctx)]
        out: list[dict[str, Any]] = []

        def extend(i: int, partial: dict[str, Any]) -> None:
            if i == len(ms.args):
                out.append(dict(partial))
                if len(out) > MAX_BINDINGS:
                    path = self._arg_path(ms.args[-1]).rpartition(".args")[0]
                    raise RulesetError(
                        f"the move {ms.id!r} could be played in more than {MAX_BINDINGS} "
                        "ways (the limit): narrow its arguments", file=self.spec.source,
                        line=self.spec.line_of(path), field=path)
                return
            a = ms.args[i]
            ctx.locals.update(partial)
            for x in self._domain(a, ctx):
                partial[a.name] = x
                extend(i + 1, partial)
            partial.pop(a.name, None)

        extend(0, {})
        return out

    def _domain(self, a: ArgSpec, ctx: Ctx) -> list[Any]:
        items = a.domain(ctx)
        if items is None:
            return []
        if not isinstance(items, list):
            items = [items]
        if a.kind in ("card", "cards"):
            items = [x for x in items if x is not None]
            for x in items:
                if not isinstance(x, CardDef):
                    raise ExpressionError(f"the argument {a.name!r} must be drawn from cards, "
                                          f"got {x!r}")
        if a.where is not None:
            saved = ctx.locals.get("it")
            kept = []
            for x in items:
                ctx.locals["it"] = x
                if a.where(ctx):
                    kept.append(x)
            ctx.locals["it"] = saved
            items = kept
        if a.kind == "cards":
            ways = sum(math.comb(len(items), k) for k in range(max(a.min, 0),
                                                                min(a.max, len(items)) + 1))
            if ways > MAX_BINDINGS:
                raise RulesetError(
                    f"the argument {a.name!r} could take {ways} sets of cards "
                    f"({a.min} to {a.max} of {len(items)}), more than {MAX_BINDINGS} (the "
                    "limit): lower its max, or narrow its where", file=self.spec.source,
                    line=self.spec.line_of(self._arg_path(a)), field=self._arg_path(a))
            subsets: list[Any] = []
            seen: set[tuple[str, ...]] = set()
            for k in range(a.min, min(a.max, len(items)) + 1):
                for combo in itertools.combinations(items, k):
                    key = tuple(sorted(c.code for c in combo))
                    if key not in seen:
                        seen.add(key)
                        subsets.append(list(combo))
            return subsets
        return items

    def _arg_path(self, a: ArgSpec) -> str:
        """The field path of a move's argument, for error messages."""
        for i, ms in enumerate(self.spec.moves):
            if any(x is a for x in ms.args):
                return f"moves.{i}.args.{a.name}"
        return "moves"

    def _render(self, template: tuple[str, ...], binding: dict[str, Any],
                seats: bool = True, lang: str | None = None) -> str:
        parts = []
        for t in template:
            if t[0] == "{" and t[-1] == "}":
                parts.append(self._token(binding[t[1:-1]], seats, lang))
            else:
                parts.append(t)
        return " ".join(parts)

    def _token(self, v: Any, seats: bool = True, lang: str | None = None) -> str:
        """A value as a move's text shows it; whole numbers are seats unless ``seats`` is
        False (a choice among numbers). Cards by their code (in ``lang`` when given)."""
        if isinstance(v, CardDef):
            return v.code if lang is None else v.codes.get(lang, v.code)
        if isinstance(v, ComboDef):
            return v.code
        if isinstance(v, list | tuple):
            return " ".join(self._token(x, seats, lang) for x in v)
        if isinstance(v, bool):
            return "yes" if v else "no"
        if isinstance(v, int):
            return self.seat_name(v) if seats else str(v)
        return str(v)

    def _pending_moves(self) -> list[Move]:
        p = self.pending
        assert p is not None
        out = []
        seen: set[str] = set()
        for v in p.options:
            text = self._render(p.notation, {"choice": v}, seats=p.seats)
            if text not in seen:
                seen.add(text)
                out.append(Move(CHOICE, (("choice", v),), text))
        if p.optional:
            out.append(Move(CHOICE, (("choice", None),), " ".join(p.pass_notation)))
        return out

    def _check_move(self, move: Move) -> Move:
        for m in self.legal_moves():
            if m.text == move.text:
                return m
        return self.parse_move(move.text)

    def _norm(self, token: str) -> str:
        """A typed word as notation compares it: a card's code, ``#seatN``, or lower case."""
        code = self.game.card_code(token)
        if code is not None:
            return code
        low = fold_accents(token.strip().lower())
        if len(low) == 1 and low in _SUIT_LETTERS:  # a suit typed as its symbol: ♣ is c
            low = _SUIT_LETTERS[low]
        names = {fold_accents(n.lower()): i for i, n in enumerate(self.names)}
        if low in names:
            return f"#seat{names[low]}"
        if low.startswith("p") and low[1:].isdigit():
            return f"#seat{int(low[1:]) - 1}"
        return low

    def _key(self, tokens: Sequence[str]) -> tuple[str, ...]:
        return tuple(self._norm(t) for t in tokens)

    def _example(self) -> str:
        legal = self.legal_moves()
        return legal[0].text if legal else "?"

    def _diagnose(self, text: str, tokens: tuple[str, ...]) -> Exception:
        legal = self.legal_moves()
        langs = ("en", "fr")
        listing = {lang: ", ".join(self.move_text(m, lang) for m in legal[:12])
                   + (", ..." if len(legal) > 12 else "") for lang in langs}
        typed = text.strip()
        game = self.spec.name
        if self.pending is not None:
            return _error(IllegalMoveError, "not_an_answer", text=typed, listing=listing)
        for ms in self.spec.moves:
            for template in (ms.template, *ms.notations.values()):
                binding = self._match(ms, tokens, template)
                if binding is None:
                    continue
                why = self._why_not(ms, binding)
                return _error(IllegalMoveError, "not_legal", text=typed, why=why)
        for ms in self.spec.moves:
            for template in (ms.template, *ms.notations.values()):
                if tokens[0] != self._norm(template[0]) or len(tokens) < len(template):
                    continue
                for i, tok in enumerate(template):
                    arg = next((a for a in ms.args if "{" + a.name + "}" == tok), None)
                    if arg is not None and arg.kind in ("card", "cards"):
                        raw = text.split()
                        for j in range(i, i + 1 if arg.kind == "card" else len(tokens)):
                            if tokens[j] not in self.game.cards_by_code:
                                sample = {lang: ", ".join(self.game.card_word(c, lang) for c
                                                          in list(self.game.cards_by_code)[:3])
                                          for lang in langs}
                                return _error(NotationError, "not_a_card", word=raw[j],
                                              game=game, sample=sample)
        for ms in self.spec.moves:  # the ruleset says how this move is typed
            if ms.usage is not None and any(tokens[0] == self._norm(tpl[0]) for tpl in
                                            (ms.template, *ms.notations.values())):
                word = {lang: ms.notations.get(lang, ms.template)[0] for lang in langs}
                return _error(NotationError, "bad_usage", text=typed, word=word,
                              usage=ms.usage, listing=listing)
        shapes = {lang: " | ".join(" ".join(ms.notations.get(lang, ms.template))
                                   for ms in self.spec.moves
                                   if any(tokens[0] == self._norm(tpl[0]) for tpl in
                                          (ms.template, *ms.notations.values())))
                  for lang in langs}
        if shapes["en"]:
            return _error(NotationError, "bad_shape", text=typed, shapes=shapes,
                          listing=listing)
        answers = {self._norm(n[0]) for n in self.game.answer_notations}
        if tokens[0] in answers:
            return _error(NotationError, "not_asked", text=typed, listing=listing)
        words = {lang: ", ".join(sorted({ms.notations.get(lang, ms.template)[0]
                                         for ms in self.spec.moves})) for lang in langs}
        return _error(NotationError, "not_a_move", text=typed, game=game, words=words,
                      listing=listing)

    def _match(self, ms: MoveSpec, tokens: tuple[str, ...],
               template: tuple[str, ...] | None = None) -> dict[str, Any] | None:
        template = ms.template if template is None else template
        args = {a.name: a for a in ms.args}
        has_cards = any(a.kind == "cards" for a in ms.args)
        if len(tokens) != len(template) and not (has_cards and len(tokens) >= len(template)):
            return None
        binding: dict[str, Any] = {}
        for i, t in enumerate(template):
            if t[0] == "{" and t[-1] == "}":
                a = args[t[1:-1]]
                if a.kind == "cards":
                    codes = tokens[i:]
                    found = [self.game.cards_by_code.get(c) for c in codes]
                    if any(f is None for f in found):
                        return None
                    binding[a.name] = codes
                    return binding
                tok = tokens[i]
                if a.kind == "card":
                    if tok not in self.game.cards_by_code:
                        return None
                    binding[a.name] = tok
                elif a.kind == "seat":
                    if not tok.startswith("#seat"):
                        return None
                    binding[a.name] = int(tok[5:])
                else:
                    binding[a.name] = tok
            elif self._norm(t) != tokens[i]:
                return None
        return binding

    def _card_words(self, code: str) -> dict[str, str]:
        return {lang: self.game.card_word(code, lang) for lang in ("en", "fr")}

    @staticmethod
    def _first_words(ms: MoveSpec) -> dict[str, str]:
        return {lang: ms.notations.get(lang, ms.template)[0] for lang in ("en", "fr")}

    def _why_not(self, ms: MoveSpec, parsed: dict[str, Any]) -> dict[str, str]:
        """Why a parsed move is not legal now, in each language."""
        locals_: dict[str, Any] = {"me": self.turn_seat}
        ctx = Ctx(self, locals_)
        phase = self.vars.get("phase")
        if ms.phases is not None and phase not in ms.phases:
            return _texts("wrong_phase", move=self._first_words(ms), phase=phase)
        for a in ms.args:
            want = parsed[a.name]
            raw = a.domain(ctx)
            raw = raw if isinstance(raw, list) else ([] if raw is None else [raw])
            if a.kind in ("card", "cards"):
                codes = [want] if a.kind == "card" else list(want)
                chosen = []
                pool = list(raw)
                for code in codes:
                    hit = next((c for c in pool if isinstance(c, CardDef) and c.code == code),
                               None)
                    if hit is None:
                        zone = self.game.arg_zone.get(id(a))
                        if zone:
                            return _texts("not_in_zone", card=self._card_words(code),
                                          zone=zone)
                        return _texts("not_available", card=self._card_words(code))
                    pool.remove(hit)
                    chosen.append(hit)
                if a.kind == "cards" and not a.min <= len(chosen) <= a.max:
                    return _texts("card_count", lo=a.min, hi=a.max)
                value: Any = chosen[0] if a.kind == "card" else chosen
                items = chosen
            else:
                if a.kind == "word":  # words are typed in any case
                    want = next((w for w in raw if str(w).lower() == str(want).lower()), want)
                if a.kind == "combo":  # a combo is typed by its id, in any case
                    want = next((c for c in raw if isinstance(c, ComboDef)
                                 and c.code.lower() == str(want).lower()), want)
                if want not in raw:
                    combo = next((c for c in self.spec.combos.values()
                                  if c.code.lower() == str(want).lower()), None)
                    if a.kind == "combo" and combo is not None:  # its cards are not all there
                        return _texts("combo_missing", value=combo.code,
                                      cards=", ".join(combo.cards))
                    return _texts("cannot_choose", value=self._token(want), arg=a.name)
                value = want
                items = [want]
            if a.where is not None:
                for x in items:
                    locals_["it"] = x
                    if not a.where(ctx):
                        if a.why:
                            return {k: f(ctx) for k, f in a.why.items()}
                        return _texts("cannot_use", value=self._token(x),
                                      move=self._first_words(ms))
                locals_.pop("it", None)
            locals_[a.name] = value
        for r in ms.require:
            if not r.test(ctx):
                return {k: f(ctx) for k, f in r.why.items()}
        return _texts("not_listed")

    # ------------------------------------------------------------ applying

    def _apply(self, m: Move) -> list[Event]:
        self._events = []
        self._legal = None
        seat = self.current_player
        assert seat is not None
        if m.move_id == CHOICE:
            p = self.pending
            assert p is not None
            self.pending = None
            value = m.args[0][1]
            self.frames[-1].locals[p.var] = value
        else:
            ms = self.game.move_by_id[m.move_id]
            locals_ = {"me": seat}
            locals_.update(m.args)
            self.frames = [_Frame(ms.effects, 0, locals_)]
        self.history.append(m.text)
        self.turn_log.append((seat, m.move_id, self.turn, self.round))
        self._run()
        if self.outcome is None and self.pending is None:
            self._check_end()
        if len(self.history) >= self.spec.max_moves and self.outcome is None:
            self._finish_limit()
        self.log.extend(self._events)
        return self._events

    def _finish_limit(self) -> None:
        """The game reached its move limit: the ruleset's ``limit`` outcome, else a draw."""
        self.frames = []
        self.pending = None
        if "limit" in self.spec.outcomes:
            self._finish("limit")
            return
        reason = f"the game reached its limit of {self.spec.max_moves} moves"
        self.outcome = Outcome((), tuple(0 for _ in range(self.players)), reason, "limit",
                               {"en": reason, "fr": f"la partie a atteint sa limite de "
                                f"{self.spec.max_moves} coups"})

    def run_setup(self) -> None:
        """Run the ruleset's setup steps and the first turn's start."""
        hooks = self.spec.hooks
        self.frames = []
        if "turn_start" in hooks:
            self.frames.append(_Frame(hooks["turn_start"], 0, {"me": self.turn_seat}))
        self.frames.append(_Frame(self.spec.setup, 0, {"me": self.turn_seat}))
        self._events = []
        Work.reset()
        try:
            self._run()
            if self.outcome is None and self.pending is None:
                self._check_end()
        except RULESET_BUGS as e:
            raise self._bug(e, "while setting up the game", self._where) from None
        self.log.extend(self._events)
        self._legal = None

    def _run(self) -> None:
        frames = self.frames
        budget = STEP_BUDGET
        while frames:
            f = frames[-1]
            steps = f.block.steps
            if f.index >= len(steps):
                frames.pop()
                continue
            step = steps[f.index]
            f.index += 1
            self._where = step.path
            budget -= 1
            if budget < 0:
                raise RulesetError(f"the effects ran more than {STEP_BUDGET} steps in one move "
                                   "(the limit): a loop in the ruleset (a procedure or hook "
                                   "that calls itself?)", file=self.spec.source,
                                   line=self.spec.line_of(step.path), field=step.path)
            _STEPS[step.kind](self, step, f)
            if self.outcome is not None:
                frames.clear()
                self.pending = None
                return
            if self.pending is not None:
                return

    def _check_end(self) -> None:
        ctx = Ctx(self, {"me": self.turn_seat})
        for i, rule in enumerate(self.spec.end):
            self._where = f"end.{i}"
            if rule.test(ctx):
                self._finish(rule.outcome)
                return

    def _finish(self, name: str) -> None:
        self._where = f"outcomes.{name}"
        o = self.spec.outcomes[name]
        ctx = Ctx(self, {"me": self.turn_seat})
        winners = o.winners(ctx)
        if winners is None:
            winners = []
        elif not isinstance(winners, list):
            winners = [winners]
        scores = []
        for s in range(self.players):
            if o.score is None:
                scores.append(1 if s in winners else 0)
            else:
                ctx.locals["me"] = s
                scores.append(int(o.score(ctx) or 0))
        ctx.locals["me"] = self.turn_seat
        reasons = {lang: f(ctx) for lang, f in o.reason.items()}
        self.outcome = Outcome(tuple(int(w) for w in winners), tuple(scores),
                               text_of(reasons, "en"), name, reasons)
        self._emit("end", None, {lang: r for lang, r in reasons.items()}, {"outcome": name})

    def _emit(self, kind: str, seat: int | None, text: dict[str, str],
              data: dict[str, Any] | None = None, private_to: tuple[int, ...] | None = None
              ) -> None:
        self._events.append(Event(kind, seat, text, data or {}, private_to))

    # ------------------------------------------------------------ card movement

    def zone_key(self, ref: tuple[str, Compiled | None], ctx: Ctx) -> str:
        name, seat_expr = ref
        z = self.spec.zones[name]
        if not z.per_seat:
            return name
        seat = ctx.me if seat_expr is None else seat_expr(ctx)
        return f"{name}/{int(seat)}"

    def put(self, uid: int, key: str, at: str | None) -> None:
        """Move one card to zone ``key`` (top or bottom; default by the zone's order)."""
        src = self.where[uid]
        if src:
            self.zones[src].remove(uid)
        dest = self.zones[key]
        zone = self.spec.zones[key.partition("/")[0]]
        if at is None:
            at = "top" if zone.order == "pile" else "bottom"
        if at == "top":
            dest.insert(0, uid)
        else:
            dest.append(uid)
        self.where[uid] = key

    def _copy_frames(self, frames: list[_Frame]) -> list[_Frame]:
        tables: dict[int, dict[str, Any]] = {}
        out = []
        for f in frames:
            t = tables.get(id(f.locals))
            if t is None:
                t = tables[id(f.locals)] = dict(f.locals)
            out.append(_Frame(f.block, f.index, t))
        return out


# ---------------------------------------------------------------- effect steps


def _cards_of(v: Any) -> list[CardDef]:
    if v is None:
        return []
    if isinstance(v, CardDef):
        return [v]
    if isinstance(v, list | tuple):
        return [c for c in v if isinstance(c, CardDef)]
    return []


def _step_log(st: State, step: Step, f: _Frame) -> None:
    if st.quiet:
        return
    ctx = Ctx(st, f.locals)
    texts = {lang: t(ctx) for lang, t in step.params["text"].items()}
    Work.spend(sum(len(t) for t in texts.values()))
    st._emit("log", ctx.me, texts)


def _step_announce(st: State, step: Step, f: _Frame) -> None:
    """A log line of the game's own, said by no player (the setup, a trick taken...)."""
    if st.quiet:
        return
    ctx = Ctx(st, f.locals)
    texts = {lang: t(ctx) for lang, t in step.params["text"].items()}
    Work.spend(sum(len(t) for t in texts.values()))
    st._emit("log", None, texts)


def _var_key(st: State, name: str, seat_expr: Compiled | None, ctx: Ctx) -> str:
    if st.spec.vars[name].per_seat:
        seat = ctx.me if seat_expr is None else seat_expr(ctx)
        return f"{name}/{int(seat)}"
    return name


def _clamp(st: State, name: str, v: Any) -> Any:
    spec = st.spec.vars[name]
    if isinstance(v, int) and not isinstance(v, bool):
        if spec.max is not None and v > spec.max:
            v = spec.max
        if spec.min is not None and v < spec.min:
            v = spec.min
    return v


def _step_set(st: State, step: Step, f: _Frame) -> None:
    ctx = Ctx(st, f.locals)
    for name, expr in step.params["values"].items():
        st.vars[_var_key(st, name, step.params["seat"], ctx)] = _clamp(st, name, expr(ctx))


def _step_add(st: State, step: Step, f: _Frame) -> None:
    ctx = Ctx(st, f.locals)
    for name, expr in step.params["values"].items():
        key = _var_key(st, name, step.params["seat"], ctx)
        st.vars[key] = _clamp(st, name, (st.vars[key] or 0) + int(expr(ctx) or 0))


def _step_let(st: State, step: Step, f: _Frame) -> None:
    ctx = Ctx(st, f.locals)
    for name, expr in step.params["values"].items():
        f.locals[name] = expr(ctx)


def _step_move(st: State, step: Step, f: _Frame) -> None:
    ctx = Ctx(st, f.locals)
    cards = _cards_of(step.params["what"](ctx))
    key = st.zone_key(step.params["to"], ctx)
    at = step.params["at"]
    zone = st.spec.zones[step.params["to"][0]]
    top = (at or ("top" if zone.order == "pile" else "bottom")) == "top"
    for c in (reversed(cards) if top else cards):
        st.put(c.uid, key, at)


def _step_deal(st: State, step: Step, f: _Frame) -> None:
    ctx = Ctx(st, f.locals)
    src = st.zone_key(step.params["from"], ctx)
    dst = st.zone_key(step.params["to"], ctx)
    if step.params["count"] is not None:
        n = int(step.params["count"](ctx) or 0)
    else:
        n = int(step.params["fill"](ctx) or 0) - len(st.zones[dst])
    at = step.params["at"]
    for _ in range(max(0, n)):
        pile = st.zones[src]
        if not pile:
            break
        st.put(pile[0], dst, at)


def _step_shuffle(st: State, step: Step, f: _Frame) -> None:
    ctx = Ctx(st, f.locals)
    key = st.zone_key(step.params["zone"], ctx)
    pile = st.zones[key]
    st.rng.shuffle(pile)
    ids = set(pile)
    for k in st.known:
        k -= ids
    st._emit("shuffle", None, {"en": f"shuffled {key}", "fr": f"{key} mélangé"},
             {"zone": key})


def _step_if(st: State, step: Step, f: _Frame) -> None:
    ctx = Ctx(st, f.locals)
    branch = step.blocks["then"] if step.params["test"](ctx) else step.blocks["else"]
    if branch.steps:
        st.frames.append(_Frame(branch, 0, f.locals))


def _step_do(st: State, step: Step, f: _Frame) -> None:
    st.frames.append(_Frame(st.spec.procedures[step.params["name"]], 0, f.locals))


def _step_end(st: State, step: Step, f: _Frame) -> None:
    st._finish(step.params["outcome"])


def _step_check_end(st: State, step: Step, f: _Frame) -> None:
    st._check_end()


def _step_choose(st: State, step: Step, f: _Frame) -> None:
    ctx = Ctx(st, f.locals)
    p = step.params
    options = p["from"](ctx)
    if options is None:
        options = []
    elif not isinstance(options, list):
        options = [options]
    if not options and not p["optional"]:
        f.locals[p["var"]] = None
        return
    if len(options) == 1 and not p["optional"]:
        f.locals[p["var"]] = options[0]
        return
    prompt = {lang: t(ctx) for lang, t in p["prompt"].items()} if p["prompt"] else {}
    st.pending = Pending(int(p["seat"](ctx)), p["var"], options, p["notation"], p["pass"],
                         p["optional"], prompt, p["seats"], p["notations"], p["passes"],
                         p["words"])


def _step_reveal(st: State, step: Step, f: _Frame) -> None:
    ctx = Ctx(st, f.locals)
    cards = _cards_of(step.params["what"](ctx))
    to = step.params["to"](ctx)
    seats = to if isinstance(to, list) else [to]
    for s in seats:
        st.known[int(s)].update(c.uid for c in cards)
    def names(lang: str) -> str:
        return ", ".join(text_of(c.name, lang) for c in cards)

    # the line is the seeing seat's own ("Chloé: saw Key"): a reveal to one seat is logged as
    # that seat's, a reveal to several as nobody's in particular
    to_seats = tuple(int(s) for s in seats)
    who = to_seats[0] if len(to_seats) == 1 else None
    st._emit("reveal", who, {"en": f"saw {names('en')}", "fr": f"a vu {names('fr')}"},
             {"cards": [c.code for c in cards]}, to_seats)


def _step_flip(st: State, step: Step, f: _Frame) -> None:
    side = "heads" if st.rng.random() < 0.5 else "tails"
    f.locals[step.params["var"]] = side
    fr = {"heads": "face", "tails": "pile"}[side]
    st._emit("chance", None, {"en": f"coin: {side}", "fr": f"pièce : {fr}"}, {"coin": side})


def _step_for_each(st: State, step: Step, f: _Frame) -> None:
    ctx = Ctx(st, f.locals)
    items = step.params["in"](ctx) or []
    if not isinstance(items, list):
        items = [items]
    body = step.blocks["do"]
    Work.spend(len(items))
    if len(st.frames) + len(items) > MAX_FRAMES:
        raise ExpressionError(f"for_each would leave more than {MAX_FRAMES} blocks waiting to "
                              f"run (the limit): {len(items)} items")
    for x in reversed(items):
        loc = dict(f.locals)
        loc[step.params["var"]] = x
        st.frames.append(_Frame(body, 0, loc))


def _step_card_effect(st: State, step: Step, f: _Frame) -> None:
    """Run the named effect of each given card that declares one, in order, with ``this``
    bound to the card (cards without that effect are skipped)."""
    ctx = Ctx(st, f.locals)
    table = st.spec.card_effects
    name = step.params["name"]
    for c in reversed(_cards_of(step.params["card"](ctx))):
        block = table.get(c.code, {}).get(name)
        if block is not None and block.steps:
            loc = dict(f.locals)
            loc["this"] = c
            st.frames.append(_Frame(block, 0, loc))


def _step_rejoin(st: State, step: Step, f: _Frame) -> None:
    """Eliminated seats come back into the game (a new round of a match); logs nothing."""
    v = step.params["seats"](Ctx(st, f.locals))
    for seat in (v if isinstance(v, list) else [v]):
        if isinstance(seat, int) and not isinstance(seat, bool):
            st.out.discard(seat)


def _step_random(st: State, step: Step, f: _Frame) -> None:
    """Bind a local to one item of a list drawn at random (null when empty), or with count
    to a list of that many different items (fewer if the list is shorter), in drawn order."""
    ctx = Ctx(st, f.locals)
    items = step.params["from"](ctx)
    items = [] if items is None else list(items) if isinstance(items, list | tuple) else [items]
    count = step.params["count"]
    if count is None:
        f.locals[step.params["var"]] = items[st.rng.randrange(len(items))] if items else None
        return
    n = max(0, min(len(items), int(count(ctx) or 0)))
    f.locals[step.params["var"]] = st.rng.sample(items, n)


def _step_eliminate(st: State, step: Step, f: _Frame) -> None:
    ctx = Ctx(st, f.locals)
    seat = int(step.params["seat"](ctx))
    st.out.add(seat)
    name = st.seat_name(seat)
    st._emit("eliminated", seat, {"en": f"{name} is out", "fr": f"{name} est éliminé"})


def _step_end_turn(st: State, step: Step, f: _Frame) -> None:
    loc: dict[str, Any] = {"me": st.turn_seat}
    nxt = step.params.get("next")
    if nxt is not None:  # end_turn: {next: seat}; kept in the advance frame (saved with it)
        seat = nxt(Ctx(st, f.locals))
        if isinstance(seat, int) and 0 <= seat < st.players and seat not in st.out:
            loc["@next"] = seat
    st.frames.append(_Frame(st.game.advance_block, 0, loc))
    hooks = st.spec.hooks
    if "turn_end" in hooks:
        st.frames.append(_Frame(hooks["turn_end"], 0, {"me": st.turn_seat}))


def _step_advance(st: State, step: Step, f: _Frame) -> None:
    old = st.turn_seat
    chosen = f.locals.get("@next")
    new = st.next_seat(old) if chosen is None else int(chosen)
    st.turn_seat = new
    st.turn += 1
    hooks = st.spec.hooks
    if "turn_start" in hooks:
        st.frames.append(_Frame(hooks["turn_start"], 0, {"me": new}))
    n = st.players
    pos_new, pos_old = (new - st.first_seat) % n, (old - st.first_seat) % n
    # a new round when the order wraps past the first seat; a turn given to a chosen seat
    # (end_turn: {next: ...}) starts one only when it goes back in the order, so an extra
    # turn for the same seat stays in its round
    if pos_new < pos_old or (pos_new == pos_old and chosen is None):
        st.round += 1
        if "round_end" in hooks:
            st.frames.append(_Frame(hooks["round_end"], 0, {"me": new}))


_STEPS: dict[str, Callable[[State, Step, _Frame], None]] = {
    "log": _step_log,
    "announce": _step_announce,
    "set": _step_set,
    "add": _step_add,
    "let": _step_let,
    "move": _step_move,
    "deal": _step_deal,
    "shuffle": _step_shuffle,
    "if": _step_if,
    "do": _step_do,
    "end": _step_end,
    "check_end": _step_check_end,
    "choose": _step_choose,
    "reveal": _step_reveal,
    "flip": _step_flip,
    "for_each": _step_for_each,
    "card_effect": _step_card_effect,
    "eliminate": _step_eliminate,
    "rejoin": _step_rejoin,
    "random": _step_random,
    "end_turn": _step_end_turn,
    "_advance": _step_advance,
}


__all__ = ["Event", "Move", "Outcome", "State"]
