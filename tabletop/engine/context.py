"""The expression context of the engine (``Ctx``): how a ruleset's names read a state (vars,
zones, derived values, seats), what a view may show of them, and the engine's own functions
(``top``, ``seats``, ``combos``, ``allowed``...)."""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from tabletop.errors import ExpressionError
from tabletop.i18n.catalogue import text_of
from tabletop.i18n.messages import ruleset_error, said
from tabletop.lang.cards import CardDef, ComboDef
from tabletop.lang.expr import CORE, Compiled, Work
from tabletop.lang.functions import Cost, Function
from tabletop.rules.values import CHOICE, ONLOOKER, PUBLIC
from tabletop.safety.limits import MAX_LIST

if TYPE_CHECKING:
    from tabletop.engine.base import StateBase

_PLAIN = {int, str, bool, type(None)}  # values a var shows as they are (no card in them)


class Ctx:
    """The expression context: a state, the acting seat, locals, and (for views) a viewer."""

    __slots__ = ("state", "locals", "viewer")

    def __init__(self, state: StateBase, locals_: dict[str, Any],
                 viewer: int | None = None) -> None:
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
        reader = self.state.game.readers.get(name)
        return None if reader is None else reader(self)

    # the direct reads of the generated code (expr.py), for names no local hides
    def var(self, name: str) -> Any:
        v = self.state.vars[name]
        if self.viewer is None or (type(v) in _PLAIN
                                   and self.state.spec.vars[name].visibility == "cards"):
            return v
        return self.shown(name, v, None)

    def seat_var(self, name: str) -> Any:
        me = self.locals.get("me")  # self.me, inlined
        me = self.state.turn_seat if me is None else int(me)
        v = self.state.vars[f"{name}/{me}"]
        if self.viewer is None or (type(v) in _PLAIN
                                   and self.state.spec.vars[name].visibility == "cards"):
            return v
        return self.shown(name, v, me)

    def seat_cards(self, name: str) -> list[Any]:
        me = self.locals.get("me")  # self.me, inlined
        return self.cards(f"{name}/{self.state.turn_seat if me is None else int(me)}")

    # size(zone) of the generated code (expr.py): the count, without listing the cards; the
    # same work counted as reading the zone and counting the list
    def zone_size(self, key: str) -> int:
        n = len(self.state.zones[key])
        Work.left -= 2 * n
        if Work.left < 0:
            Work.spend(0)
        return n

    # first(zone) and last(zone) of the generated code: the card, without listing the zone;
    # the same work counted as reading the zone and going through the list
    def zone_end(self, key: str, index: int) -> Any:
        if self.viewer is not None:
            items = self.cards(key)
            Work.left -= len(items)
            if Work.left < 0:
                Work.spend(0)
            return items[index] if items else None
        st = self.state
        ids = st.zones[key]
        Work.left -= 2 * len(ids)
        if Work.left < 0:
            Work.spend(0)
        return st.game.spec.cards[ids[index]] if ids else None

    def seat_zone_size(self, name: str) -> int:
        me = self.locals.get("me")  # zone_size(f"{name}/{self.me}"), inlined
        n = len(self.state.zones[f"{name}/{self.state.turn_seat if me is None else int(me)}"])
        Work.left -= 2 * n
        if Work.left < 0:
            Work.spend(0)
        return n

    # name[index] of the generated code for a per-seat var or zone no local hides: the
    # branches of lookup_at for them
    def var_at(self, name: str, index: Any) -> Any:
        st = self.state
        v = st.vars.get(f"{name}/{index}")
        if self.viewer is None or (type(v) in _PLAIN and st.spec.vars[name].visibility == "cards"):
            return v
        return self.shown(name, v, index)

    def zone_at(self, name: str, index: Any) -> Any:
        key = f"{name}/{index}"
        return self.cards(key) if key in self.state.zones else None

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
            # the public is no seat; an onlooker sees what any seat sees
            return v if owner == self.viewer or self.viewer == ONLOOKER else None
        return self._seen(v)

    def _seen(self, v: Any) -> Any:
        if isinstance(v, CardDef):
            st = self.state
            viewer = self.viewer
            assert viewer is not None
            if st.visible(st.where[v.uid], viewer) or v.uid in self._known_to_viewer():
                return v
            return None
        if isinstance(v, list | tuple):
            return [self._seen(x) for x in v]
        return v

    def cards(self, key: str) -> list[Any]:
        st = self.state
        ids = st.zones[key]
        Work.left -= len(ids)  # Work.spend, inlined: zones are read all the time
        if Work.left < 0:
            Work.spend(0)
        if self.viewer is None:  # the engine's own read: one list while the zone holds the
            game = st.game        # same cards (in any state of the game; nothing changes a
            hit = game.zone_cards.get(key)  # list a zone read gave)
            if hit is not None and hit[0] == ids:
                return hit[1]
            defs = game.spec.cards  # (a tuple: a comprehension indexes it without the
            listed = [defs[i] for i in ids]  # slot wrapper's call that map(__getitem__) makes)
            game.zone_cards[key] = (ids[:], listed)
            return listed
        memo = st._derived_memo  # while nothing changes, a zone is listed once per viewer
        if memo is None:
            return self._cards(key, ids)
        mk = ("@zone", key, self.viewer)
        out = memo.get(mk)
        if out is None:
            out = memo[mk] = self._cards(key, ids)
        return out

    def _cards(self, key: str, ids: list[int]) -> list[Any]:
        st = self.state
        defs = st.game.spec.cards
        if self.viewer is None or st.visible(key, self.viewer):
            return [defs[i] for i in ids]
        if self.viewer == PUBLIC:  # the public knows no hidden card
            return [None] * len(ids)
        known = self._known_to_viewer()
        return [defs[i] if i in known else None for i in ids]

    def _known_to_viewer(self) -> set[int] | frozenset[int]:
        """The hidden cards the viewer of a view knows: a seat's own, none for the public,
        what any seat knows for an onlooker (``onlooker_view``)."""
        viewer = self.viewer
        st = self.state
        if viewer is None or viewer >= 0:
            return st.known[viewer] if viewer is not None else frozenset()
        if viewer == ONLOOKER:
            return set().union(*st.known)
        return frozenset()

    def call(self, name: str, args: Sequence[Compiled]) -> Any:
        f = self.state.spec.function_table.get(name)
        if f is None:  # one of the ruleset's own functions (functions:)
            return self.call_own(name, args)
        return f.call(self, args)

    def call_own(self, name: str, args: Sequence[Compiled]) -> Any:
        """A ruleset's own function: its arguments are evaluated here, then bound by name
        while its value is computed (and put back after)."""
        return self.own(name, *[a(self) for a in args])

    def own(self, name: str, *values: Any) -> Any:
        """A ruleset's own function of its arguments' values (as ``call_own``)."""
        params, body = self.state.spec.functions[name]
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


def make_readers(game: Any) -> dict[str, Callable[[Ctx], Any]]:
    """How each name of a game reads a state (``Ctx.lookup`` of a name that is no local): one
    function per name, chosen once by what the name is (var, zone, derived value...)."""
    out: dict[str, Callable[[Ctx], Any]] = {
        "me": lambda ctx: ctx.me,
        "opp": lambda ctx: ctx.state.next_seat(ctx.me),
        "current": lambda ctx: ctx.state.turn_seat,
        "players": lambda ctx: ctx.state.players,
        "option": lambda ctx: ctx.state.options,
        "turn": lambda ctx: ctx.state.turn,
        "round": lambda ctx: ctx.state.round,
    }
    spec = game.spec
    for name, kind in game.names.items():
        if kind == "var":
            out[name] = _var_reader(name, spec.vars[name].visibility == "cards")
        elif kind == "seatvar":
            out[name] = _seatvar_reader(name, spec.vars[name].visibility == "cards")
        elif kind == "zone":
            out[name] = _zone_reader(name)
        elif kind == "seatzone":
            out[name] = _seatzone_reader(name)
        elif kind == "derived":
            fn = spec.derived[name]
            if name in game.seatless_derived:
                out[name] = _seatless_reader(name, fn)
            else:
                out[name] = _memo_reader(name, fn) if name in game.memo_derived else fn
    return out


def _memo_reader(name: str, fn: Callable[[Ctx], Any]) -> Callable[[Ctx], Any]:
    """A derived value that reads only the state (and ``me``): computed once per seat while
    nothing changes (``state._derived_memo`` is a dict then)."""
    def read(ctx: Ctx) -> Any:
        memo = ctx.state._derived_memo
        if memo is None:
            return fn(ctx)
        key = (name, ctx.locals.get("me"), ctx.viewer)
        v = memo.get(key, _MISSING)  # (one look-up when it is there)
        if v is _MISSING:
            v = memo[key] = fn(ctx)
        return v
    return read


def _seatless_reader(name: str, fn: Callable[[Ctx], Any]) -> Callable[[Ctx], Any]:
    """A derived value that reads only the state, and no seat's own name (``me``, ``opp``, a
    per-seat var or zone, ``others()``: game.seatless_derived): computed once for every seat
    while nothing changes, kept under seat 0's key (as solve.py fills the memo)."""
    engine_key = (name, 0, None)  # the engine's own reads (no viewer): the key made once

    def read(ctx: Ctx) -> Any:
        memo = ctx.state._derived_memo
        if memo is None:
            return fn(ctx)
        viewer = ctx.viewer
        key = engine_key if viewer is None else (name, 0, viewer)
        v = memo.get(key, _MISSING)  # (one look-up when it is there)
        if v is _MISSING:
            v = memo[key] = fn(ctx)
        return v
    return read


_MISSING = object()  # no value remembered yet (a derived value may be null)


def _var_reader(name: str, cards: bool) -> Callable[[Ctx], Any]:
    def read(ctx: Ctx) -> Any:
        v = ctx.state.vars[name]
        if ctx.viewer is None or (cards and type(v) in _PLAIN):
            return v
        return ctx.shown(name, v, None)
    return read


def _seatvar_reader(name: str, cards: bool) -> Callable[[Ctx], Any]:
    def read(ctx: Ctx) -> Any:
        v = ctx.state.vars[f"{name}/{ctx.me}"]
        if ctx.viewer is None or (cards and type(v) in _PLAIN):
            return v
        return ctx.shown(name, v, ctx.me)
    return read


def _zone_reader(name: str) -> Callable[[Ctx], Any]:
    return lambda ctx: ctx.cards(name)


def _seatzone_reader(name: str) -> Callable[[Ctx], Any]:
    return lambda ctx: ctx.cards(f"{name}/{ctx.me}")


_SUIT_LETTERS = {"♠": "s", "♣": "c", "♦": "d", "♥": "h", "♤": "s", "♧": "c", "♢": "d", "♡": "h"}


def _seat_list(ctx: Ctx) -> list[int]:
    st = ctx.state
    out = st.out
    if not out:  # nobody out (the common case): every seat, without a comprehension
        return list(range(st.players))
    return [s for s in range(st.players) if s not in out]


def _all_seats(ctx: Ctx) -> list[int]:
    """Every seat, the eliminated ones included."""
    players: int = ctx.state.players
    return list(range(players))


def _after(ctx: Ctx, seat: Any) -> list[int]:
    """The seats still in the game but ``seat``, in turn order from the one after it."""
    st = ctx.state
    n: int = st.players
    s = int(seat)
    out = st.out
    return [x % n for x in range(s + 1, s + n) if x % n not in out]


def _top(ctx: Ctx, items: Any, *n: Any) -> Any:
    items = items or []
    if not n:
        return items[0] if items else None
    return list(items[: max(0, int(n[0]))])


def _bottom(ctx: Ctx, items: Any, *n: Any) -> Any:
    items = items or []
    if not n:
        return items[-1] if items else None
    k = max(0, int(n[0]))
    return list(items[len(items) - k:]) if k else []


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


def _zone_of(ctx: Ctx, c: Any) -> Any:
    if not isinstance(c, CardDef):
        return None
    return ctx.state.where[c.uid].partition("/")[0]


def _owner(ctx: Ctx, c: Any) -> Any:
    if not isinstance(c, CardDef):
        return None
    _zone, _, seat = ctx.state.where[c.uid].partition("/")
    return int(seat) if seat else None


def _knows(ctx: Ctx, seat: Any, c: Any) -> bool:
    if not isinstance(c, CardDef) or not isinstance(seat, int):
        return False
    st = ctx.state
    if not 0 <= seat < st.players:
        return False
    return st.sees(seat, c)


def told(st: StateBase, seat: int, uid: int) -> dict[str, Any]:
    """What ``seat`` was told of card ``uid`` (the mark step): what every seat was told, then
    its own; for the public only the first, for an onlooker what any seat was told."""
    marks = st.marks
    out = dict(marks.get((PUBLIC, uid)) or {})
    if seat >= 0:
        out.update(marks.get((seat, uid)) or {})
    elif seat == ONLOOKER:
        for s in range(st.players):
            out.update(marks.get((s, uid)) or {})
    return out


def _marks(ctx: Ctx, c: Any, seat: Any = None) -> dict[str, Any]:
    """marks(card): what the seat reading (``me``; in a view, its viewer) was told of the
    card; marks(card, seat): what that seat was told, of which a view shows its viewer only
    what it was told as well."""
    st = ctx.state
    if not isinstance(c, CardDef) or not st.marks:
        return {}
    viewer = ctx.viewer
    if seat is None:
        return told(st, ctx.me if viewer is None else viewer, c.uid)
    if seat.__class__ is not int or not 0 <= seat < st.players:
        return {}
    theirs = told(st, seat, c.uid)
    if viewer is None or viewer == ONLOOKER:
        return theirs
    mine = told(st, viewer, c.uid)
    return {k: v for k, v in theirs.items() if k in mine and mine[k] == v}


def _marks_in(ctx: Ctx, name: Any, owner: Any = None) -> list[dict[str, Any]]:
    """marks_in(zone name[, seat]): what the seat reading was told of each card of a zone, in
    order, one mapping a card (of ``owner``'s zone for a per-seat one, ``me``'s by default):
    the marks of cards it may not see, read by their place (a view shows a hidden card as
    null, whose marks() is empty). Null for a name that is no zone."""
    st = ctx.state
    z = st.spec.zones.get(name) if isinstance(name, str) else None
    if z is None:
        return None  # type: ignore[return-value]
    if z.per_seat:
        seat = ctx.me if owner is None else owner
        if seat.__class__ is not int or not 0 <= seat < st.players:
            return None  # type: ignore[return-value]
        key = f"{name}/{seat}"
    else:
        key = name
    ids = st.zones[key]
    Work.spend(len(ids))
    if not st.marks:
        return [{} for _ in ids]
    reader = ctx.me if ctx.viewer is None else ctx.viewer
    return [told(st, reader, uid) for uid in ids]


def _int_or_none(v: Any) -> int | None:
    return v if isinstance(v, int) and not isinstance(v, bool) else None


def _seat_name(ctx: Ctx, x: Any) -> str:
    """seat_name(x): a seat's name (``State.seat_name`` of the number, none else)."""
    names = ctx.state.names
    if type(x) is int and 0 <= x < len(names):  # a seat of the game: its name at once
        return names[x]
    return ctx.state.seat_name(_int_or_none(x))


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


def _allowed(ctx: Ctx, c: Any) -> bool:
    """Whether every condition of the card's own ``require`` holds (no conditions: true)."""
    if not isinstance(c, CardDef):
        return False
    st = ctx.state
    reqs = st.spec.card_require.get(c.code, ())
    if not reqs:  # nothing to evaluate (``this`` would be bound and put back)
        return True
    key: Any = None
    memo = st._derived_memo
    if memo is not None and ctx.viewer is not None and st.game.allowed_memo:
        # in a view (which asks it of each card again and again: what may be laid, why
        # not...), the same card for the same seat holds the same while nothing changes:
        # worked out once, the work its first reading counted counted again at each later
        # one (the work limit met where it was)
        key = ("@allowed", (c.uid, ctx.locals.get("me")), ctx.viewer)
        hit = memo.get(key)
        if hit is not None:
            Work.left -= hit[1]
            if Work.left < 0:
                Work.spend(0)
            return bool(hit[0])
        before = Work.left
    free = st.game.free_require.get(c.code)
    if free is not None:  # no condition reads ``this``: none bound (nothing would see it)
        ok = True
        for test in free:
            if not test(ctx):
                ok = False
                break
        if key is not None:
            memo[key] = (ok, before - Work.left)  # type: ignore[index]
        return ok
    loc = ctx.locals  # as _as_card, written out: this is asked for each card of a hand
    had, saved = "this" in loc, loc.get("this")
    loc["this"] = c
    ok = True
    try:
        for r in reqs:
            if not r.test(ctx):
                ok = False
                break
    finally:
        if had:
            loc["this"] = saved
        else:
            loc.pop("this", None)
    if key is not None:
        memo[key] = (ok, before - Work.left)  # type: ignore[index]
    return ok


def _unmet(ctx: Ctx, c: Any, *given: Any) -> list[str]:
    """The why-texts (in the language given, default English) of the card's own conditions
    that fail now; [] when it may be played."""
    lang = str(given[0]) if given else "en"
    if not isinstance(c, CardDef):
        return []
    reqs = ctx.state.spec.card_require.get(c.code, ())
    return list(_as_card(ctx, c, lambda: [text_of({k: f(ctx) for k, f in r.why.items()},
                                                  lang) for r in reqs if not r.test(ctx)]))


def _calc(ctx: Ctx, c: Any, name: Any) -> Any:
    """A card's own named expression (its ``derived:``), or null if it has none."""
    if not isinstance(c, CardDef):
        return None
    fn = ctx.state.spec.card_derived.get(c.code, {}).get(str(name))
    return None if fn is None else _as_card(ctx, c, lambda: fn(ctx))


def _listed(v: Any) -> list[Any]:
    if v is None:
        return []
    return list(v) if isinstance(v, list | tuple) else [v]


def _few(count: int, what: str, /, **kw: Any) -> None:
    """Refuse to build a list of ``count`` items past MAX_LIST (counted before it is built)."""
    if count > MAX_LIST:
        raise ruleset_error(ExpressionError, "lists_limit", what=said(what, **kw),
                            limit=MAX_LIST)
    Work.spend(count)


def _permutations(v: Any) -> list[list[Any]]:
    items = _listed(v)
    n = 1
    for i in range(2, len(items) + 1):
        n *= i
        if n > MAX_LIST:
            break
    _few(n, "permutations_of", n=len(items))
    return [list(p) for p in itertools.permutations(items)]


def _combinations(v: Any, k: Any) -> list[list[Any]]:
    items = _listed(v)
    k = int(k)
    if k < 0:
        return []
    _few(math.comb(len(items), k), "combinations_of", k=k, n=len(items))
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


def _combos(ctx: Ctx, v: Any) -> list[ComboDef]:
    """The combos (in file order) that the given cards can form."""
    window = ctx.state._derived_memo  # while nothing changes, the same list: the same combos
    if window is not None and type(v) is list:
        hit = window.get(("@combos", id(v), None))
        if hit is not None and hit[0] is v:  # the list itself is kept: its id is not reused
            return list(hit[1])
    game = ctx.state.game
    # by the cards themselves (a tuple of them, in their order: cards hash by identity), else
    # by their codes and counts (a frozenset): the same cards, the same combos
    memo: dict[Any, list[ComboDef]] = game.combos_memo
    cards: tuple[Any, ...] | None = tuple(v) if type(v) is list else None
    try:
        found = memo.get(cards) if cards is not None else None
    except TypeError:  # an item that is no key (a list in the list)
        cards = found = None
    if found is not None:
        if window is not None:
            window[("@combos", id(v), None)] = (v, found)
        return list(found)
    have: dict[str, int] = {}
    for c in _cards_of(v):
        have[c.code] = have.get(c.code, 0) + 1
    key = frozenset(have.items())
    found = memo.get(key)
    if found is None:
        # as _formable, without building the lists: each code the combo needs, as many times
        found = [c for c in ctx.state.spec.combos.values()
                 if c.cards and all(have.get(code, 0) >= c.cards.count(code)
                                    for code in c.cards)]
        if len(memo) >= 4096:
            memo.clear()
        memo[key] = found
    if cards is not None:
        if len(memo) >= 4096:
            memo.clear()
        memo[cards] = found
    if window is not None and type(v) is list:
        window[("@combos", id(v), None)] = (v, found)
    return list(found)


def _combo_cards(ctx: Ctx, args: Sequence[Compiled]) -> list[CardDef]:
    """The cards of the list that form the combo (a combo or its id); [] if they cannot."""
    combo = args[0](ctx)
    if isinstance(combo, str):
        combo = ctx.state.spec.combos.get(combo)
    if not isinstance(combo, ComboDef):
        return []
    return _formable(combo, _cards_of(args[1](ctx)))


def _by_value(fn: Callable[..., Any]) -> Callable[[Ctx, Sequence[Compiled]], Any]:
    return lambda ctx, args: fn(ctx, *[a(ctx) for a in args])


def _engine(name: str, lo: int, hi: int, fn: Callable[..., Any], *, pure: bool = True,
            cost: Cost = "light") -> Function:
    """An engine function that evaluates each of its arguments once, in order, first: ``fn``
    is given their values (and generated code calls it so)."""
    return Function(name, lo, hi, _by_value(fn), direct=fn, pure=pure, cost=cost)


def _others(ctx: Ctx, args: Sequence[Compiled]) -> list[int]:
    """others(x): the seats still in but x (read again for each seat); others(): but me."""
    return [s for s in _seat_list(ctx) if s != (args[0](ctx) if args else ctx.me)]


# the engine's functions: the core ones and those that read a game's state
ENGINE_FUNCTIONS = CORE.extended([
    _engine("top", 1, 2, _top),
    _engine("bottom", 1, 2, _bottom),
    _engine("permutations", 1, 1, lambda ctx, v: _permutations(v), cost="heavy"),
    _engine("combinations", 2, 2, lambda ctx, v, k: _combinations(v, k), cost="heavy"),
    _engine("seats", 0, 0, _seat_list),
    _engine("all_seats", 0, 0, _all_seats),
    Function("others", 0, 1, _others, direct=lambda ctx: [s for s in _seat_list(ctx)
                                                          if s != ctx.me],
             direct_bare=True, reads_seat=True),
    _engine("next_seat", 1, 1, lambda ctx, x: ctx.state.next_seat(int(x))),
    _engine("after", 1, 1, _after),
    _engine("previous_seat", 1, 1, lambda ctx, x: ctx.state.previous_seat(int(x))),
    _engine("last_turn", 1, 1, lambda ctx, x: _history_moves(ctx, int(x), "last_turn"),
            cost="heavy"),
    _engine("this_turn", 1, 1, lambda ctx, x: _history_moves(ctx, int(x), "this_turn"),
            cost="heavy"),
    _engine("this_round", 1, 1, lambda ctx, x: _history_moves(ctx, int(x), "this_round"),
            cost="heavy"),
    _engine("knows", 2, 2, _knows),
    Function("marks", 1, 2, _by_value(_marks), direct=_marks, reads_seat=True),
    Function("marks_in", 1, 2, _by_value(_marks_in), direct=_marks_in, reads_seat=True),
    _engine("zone_of", 1, 1, _zone_of),
    _engine("owner", 1, 1, _owner),
    # they run a card's own expressions (its requirements, its derived values)
    _engine("allowed", 1, 1, _allowed, pure=False, cost="heavy"),
    _engine("unmet", 1, 2, _unmet, pure=False, cost="heavy"),
    _engine("calc", 2, 2, _calc, pure=False, cost="heavy"),
    _engine("seat_name", 1, 1, _seat_name),
    _engine("combos", 1, 1, _combos, cost="heavy"),
    # its cards are not read when the combo is none
    Function("combo_cards", 2, 2, _combo_cards, cost="heavy"),
])


def _cards_of(v: Any) -> list[CardDef]:
    if v is None:
        return []
    t = v.__class__
    if t is CardDef:  # the commonest first (one card; a zone's list of cards)
        return [v]
    if t is list:
        return [c for c in v if isinstance(c, CardDef)]
    if isinstance(v, CardDef):
        return [v]
    if isinstance(v, list | tuple):
        return [c for c in v if isinstance(c, CardDef)]
    return []

