"""What a seat may see: views, and determinisation (a possible world that agrees with a view)."""

from __future__ import annotations

import random
from typing import Any, TypeVar

from tabletop.engine.base import SeedLater, StateBase, shuffle
from tabletop.engine.context import Ctx, told
from tabletop.lang.cards import CardDef, ComboDef
from tabletop.lang.expr import Work
from tabletop.rules.values import (
    BOX,
    ONLOOKER,
    PUBLIC,
    RULESET_BUGS,
    WINDOW,
    arg_error,
    check_seat,
)

_S = TypeVar("_S", bound=StateBase)


_AS_IS = frozenset({int, str, bool, float, type(None)})  # values _jsonable gives as they are


def _jsonable(v: Any) -> Any:
    """A view value as JSON: cards become their codes."""
    cls = v.__class__
    if cls in _AS_IS:  # (the commonest values, and a list of them, without the tests below)
        return v
    if cls is list:
        return [x if x.__class__ in _AS_IS else _jsonable(x) for x in v]
    if isinstance(v, CardDef | ComboDef):
        return v.code
    if isinstance(v, list | tuple):
        return [_jsonable(x) for x in v]
    if isinstance(v, dict):
        return {str(k): _jsonable(x) for k, x in v.items()}
    return v


def place_cards(s: StateBase, places: list[tuple[str, int]], cards: list[int]) -> None:
    """Put ``cards`` at ``places`` (zone key, index) in the state ``s``, in place. A card the
    effects hold by name (a var, a local, a pending option) is "the card in that place": it
    becomes the card now dealt to its place (determinize, and the solver's worlds)."""
    swap: dict[int, int] = {}
    for (key, i), new in zip(places, cards, strict=True):
        old = s.zones[key][i]
        if old != new:
            swap[old] = new
        s.zones[key][i] = new
        s.where[new] = key
    if not swap:
        return
    rename_held(s, swap)


def rename_held(s: StateBase, swap: dict[int, int]) -> None:
    """Rename the cards the effects hold by name (in a var, a local, a pending option) by
    ``swap`` (card number -> card number), in place."""
    spec_cards = s.spec.cards

    def remap(v: Any) -> Any:
        if isinstance(v, CardDef):
            return spec_cards[swap.get(v.uid, v.uid)]
        if isinstance(v, list):
            return [x if x.__class__ in _AS_IS else remap(x) for x in v]
        return v

    # (a number, a text, a flag or null is its own remapping: kept without the call)
    s.vars = {k: v if v.__class__ in _AS_IS else remap(v) for k, v in s.vars.items()}
    remapped: set[int] = set()
    for f in s.frames:  # frames may share one table of locals: remap each table once
        if id(f.locals) not in remapped:
            remapped.add(id(f.locals))
            for k, v in list(f.locals.items()):
                f.locals[k] = remap(v)
    if s.pending is not None:
        s.pending.options = [remap(v) for v in s.pending.options]


_SEEN, _OWN, _POOL = "seen", "own", "pool"  # how determinize treats a zone's cards
# (id of a spec, seat) -> (the spec, zone key -> _SEEN, _OWN or _POOL), filled as zones are met
_HIDES: dict[tuple[int, int], tuple[Any, dict[str, str]]] = {}


def _hides(s: StateBase, seat: int) -> dict[str, str]:
    held = _HIDES.get((id(s.spec), seat))
    if held is None:  # the spec is held with its table: its id is not given to another
        held = _HIDES[(id(s.spec), seat)] = (s.spec, {})
    return held[1]


def _how_hidden(s: StateBase, key: str, seat: int) -> str:
    """_SEEN: the seat sees the zone; _OWN: its hidden cards are known to be its own
    (contents: known), reordered among themselves; _POOL: dealt among every such place.
    The box (cards out of the game: a card's ``only``, a stacked deck's others) is seen as
    out by everyone: its cards never come into a sampled world."""
    if key == BOX or s.visible(key, seat):
        return _SEEN
    z = s.spec.zones.get(key.partition("/")[0])
    return _OWN if z is not None and z.contents == "known" else _POOL


def _deal_into(zones: dict[str, list[int]], where: list[Any], swap: dict[int, int], key: str,
               mixed: list[int], known: set[int], start: int) -> int:
    """Deal ``mixed[start:]`` into the places of zone ``key`` whose card is not in ``known``,
    top first; note each card replaced in ``swap`` (old -> new). Where the next deal starts."""
    ids = zones[key]
    if known and not known.isdisjoint(ids):
        it = iter(mixed[start:])
        new = [u if u in known else next(it) for u in ids]
        start += sum(1 for u in ids if u not in known)
    else:
        end = start + len(ids)
        new = mixed[start:end]
        start = end
    for old, card in zip(ids, new, strict=True):
        if old != card:
            swap[old] = card
            where[card] = key
    zones[key] = new
    return start


def _facts(s: StateBase, seat: int, uid: int) -> list[tuple[str, Any]]:
    """What ``seat`` was told of card ``uid`` that is a card's attribute (a fact a world
    must agree with; a note is not one)."""
    names = s.game.card_attr_names
    return [(k, v) for k, v in told(s, seat, uid).items() if k in names]


def _agree(s: StateBase, seat: int, keys: list[str], pool: list[int], known: set[int]) -> None:
    """The shuffled ``pool`` (dealt in order to the hidden places of zones ``keys`` whose
    card ``seat`` does not know) rearranged, in place, so that each place's new card agrees
    with what the seat was told of the card there (its marks' facts): the card dealt there
    kept where it agrees, else one that does found by augmenting paths (the real cards are
    one such deal, so there always is one)."""
    places: list[int] = [u for key in keys for u in s.zones[key] if u not in known]
    defs = s.spec.cards
    need: dict[int, list[tuple[str, Any]]] = {}
    for j, uid in enumerate(places):
        facts = _facts(s, seat, uid)
        if facts:
            need[j] = facts
    if not need:
        return
    n = len(pool)

    def fits(j: int, k: int) -> bool:
        card = defs[pool[k]]
        return all(card.attr(a) == v for a, v in need[j])

    holder: dict[int, int] = {}  # a card of the pool (its index) -> the place it goes to

    def place(j: int, tried: set[int]) -> bool:
        for step in range(n):  # the card dealt there first, then the others in pool order
            k = (j + step) % n
            if k in tried or not fits(j, k):
                continue
            tried.add(k)
            if k not in holder or place(holder[k], tried):
                holder[k] = j
                return True
        return False

    for j in need:
        place(j, set())
    moved = {j: pool[k] for k, j in holder.items()}
    rest = iter([pool[k] for k in range(n) if k not in holder])
    pool[:] = [moved[j] if j in moved else next(rest) for j in range(n)]


class Views(StateBase):
    """The part of State that shows it to a seat."""

    def view(self, seat: int | None) -> dict[str, Any]:
        """A JSON-serialisable dict of what ``seat`` may see (None: what anyone may see).

        :raises ArgumentError: ``seat`` is neither a seat of this game nor None."""
        if seat is not None and (seat.__class__ is not int or not 0 <= seat < self.players):
            check_seat(seat, self.players, "view", none=True)
        return self._view_as(seat if seat is not None else self.turn_seat,
                             seat if seat is not None else PUBLIC)

    def onlooker_view(self, seat: int) -> dict[str, Any]:
        """``view(seat)`` as an onlooker sees it who sees what any seat sees: the game is over,
        or nobody at the screen plays (bots alone). Every seat's hand shows, one seen by all
        but its owner included, and every card some seat knows; a card no seat may see (a
        face-down pile) stays hidden.

        :raises ArgumentError: ``seat`` is not a seat of this game."""
        if seat.__class__ is not int or not 0 <= seat < self.players:
            check_seat(seat, self.players, "onlooker_view")
        return self._view_as(seat, ONLOOKER)

    def _view_as(self, me: int, viewer: int) -> dict[str, Any]:
        """The view's keys computed for ``me`` as ``viewer`` may see them (a seat, PUBLIC or
        ONLOOKER), each derived value once."""
        ctx = Ctx(self, {"me": me}, viewer=viewer)
        out = {}
        Work.reset()
        saved, self._derived_memo = self._derived_memo, {}
        try:
            for k, f in self.spec.view.items():
                try:
                    out[k] = _jsonable(f(ctx))
                except RULESET_BUGS as e:
                    raise self._bug(e, "doing_view", f"view.{k}") from None
        finally:
            self._derived_memo = saved
        return out

    def lazy_view(self, seat: int) -> LazyView:
        """``view(seat)``, each key worked out when first read (``LazyView.get``): for the
        bots' ``evaluate``, which reads a few keys of many views. The state must not change
        while it is read."""
        if seat.__class__ is not int or not 0 <= seat < self.players:
            check_seat(seat, self.players, "lazy_view")
        return LazyView(self, seat)

    def determinize(self: _S, seat: int, rng: random.Random) -> _S:
        """A copy in which every card ``seat`` cannot see is dealt again at random among the
        places it cannot see, and the future of chance is drawn anew: a possible world that
        agrees with ``seat``'s view, whatever the hidden cards really are."""
        if seat.__class__ is not int or not 0 <= seat < self.players:
            check_seat(seat, self.players, "determinize")
        if not isinstance(rng, random.Random):
            raise arg_error("determinize", "rng", "rng", rng)
        s = self.copy(rng=False)
        known = self.known[seat]
        zones = s.zones
        # the hidden places, zone by zone, top first: a zone whose contents are known
        # (contents: known) keeps its own cards, reordered; every other hidden card is dealt
        # again among the other hidden places. Each group is sorted, then shuffled, the pool
        # first: the same draws as ever, so the same world for the same generator.
        pool_keys: list[str] = []
        pool: list[int] = []
        groups: list[tuple[str, list[int]]] = []
        hides = _hides(self, seat)
        for key, ids in zones.items():
            if not ids:
                continue
            how = hides.get(key)
            if how is None:
                how = hides[key] = _how_hidden(self, key, seat)
            if how is _SEEN:
                continue
            cards = [u for u in ids if u not in known] if known else ids
            if how is _OWN:
                groups.append((key, sorted(cards)))
            else:
                pool_keys.append(key)
                pool.extend(cards)
        swap: dict[int, int] = {}
        where = s.where
        pool.sort()
        shuffle(rng, pool)
        if self.marks:  # what the seat was told of hidden cards: only worlds that agree
            _agree(self, seat, pool_keys, pool, known)
        start = 0
        for key in pool_keys:
            start = _deal_into(zones, where, swap, key, pool, known, start)
        for key, mixed in groups:
            shuffle(rng, mixed)
            _deal_into(zones, where, swap, key, mixed, known, 0)
        if swap:
            rename_held(s, swap)
        if s.pending is not None and s.frames and WINDOW in s.frames[-1].locals:
            _redraw_window(s, seat, rng)
        # what the world may not carry: the real seed and deck (a replay would rebuild the
        # real game), other seats' knowledge, and events private to others
        s.seed = None
        s.deck = None
        s.history = [text if who == seat else "?"  # others' notations may name hidden cards
                     for text, (who, _m, _t, _r) in zip(self.history, self.turn_log,
                                                         strict=True)]
        s.known = [set(k) if i == seat else set() for i, k in enumerate(s.known)]
        if s.marks:  # the seat's own marks and everyone's, each with the card now in its place
            s.marks = {(who, swap.get(uid, uid)): m for (who, uid), m in s.marks.items()
                       if who == seat or who == PUBLIC}
        s.log = [e for e in s.log if e.visible_to(seat)]
        s._rng = SeedLater(rng.getrandbits(64))  # (base.py)
        s._rng_shared = True  # random.Random(that seed), made if the world draws
        s.quiet = True
        s._legal = None
        return s



def _redraw_window(s: StateBase, seat: int, rng: random.Random) -> None:
    """In a world dealt for ``seat``: the answers the other seats gave so far in the open
    reaction window drawn again at random among the answers they had (the pass included),
    ``seat``'s own kept: the world tells nothing of what they answered."""
    assert s.pending is not None
    loc = s.frames[-1].locals
    asked, answers = loc[WINDOW]
    options = [*s.pending.options, *([None] if s.pending.optional else [])]
    loc[WINDOW] = [asked, [a if who == seat or not options else options[rng.randrange(
        len(options))] for who, a in zip(asked, answers, strict=False)]]


class LazyView:
    """A seat's view (``Views.view``) whose keys are worked out when first read, with the
    same values and the same errors."""

    __slots__ = ("state", "ctx", "memo", "values")

    def __init__(self, state: Views, seat: int) -> None:
        self.state = state
        self.ctx = Ctx(state, {"me": seat}, viewer=seat)
        self.memo: dict[Any, Any] = {}  # the derived values read, shared by its keys
        self.values: dict[str, Any] = {}
        Work.reset()

    def get(self, key: str) -> Any:
        """The view's value at ``key``; None when the view has no such key."""
        values = self.values
        if key in values:
            return values[key]
        st = self.state
        f = st.spec.view.get(key)
        if f is None:
            return None
        saved, st._derived_memo = st._derived_memo, self.memo
        try:
            v = values[key] = _jsonable(f(self.ctx))
        except RULESET_BUGS as e:
            raise st._bug(e, "doing_view", f"view.{key}") from None
        finally:
            st._derived_memo = saved
        return v
