"""What a seat may see: views, and determinisation (a possible world that agrees with a view)."""

from __future__ import annotations

import random
from typing import Any, TypeVar

from .base import StateBase
from .context import Ctx
from .expr import Work
from .spec import CardDef, ComboDef
from .values import PUBLIC, RULESET_BUGS

_S = TypeVar("_S", bound=StateBase)


def _jsonable(v: Any) -> Any:
    """A view value as JSON: cards become their codes."""
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


class Views(StateBase):
    """The part of State that shows it to a seat."""

    def view(self, seat: int | None) -> dict[str, Any]:
        """A JSON-serialisable dict of what ``seat`` may see (None: what anyone may see)."""
        ctx = Ctx(self, {"me": seat if seat is not None else self.turn_seat},
                  viewer=seat if seat is not None else PUBLIC)
        out = {}
        Work.reset()
        saved, self._derived_memo = self._derived_memo, {}
        try:
            for k, f in self.spec.view.items():
                try:
                    out[k] = _jsonable(f(ctx))
                except RULESET_BUGS as e:
                    raise self._bug(e, "while computing the view", f"view.{k}") from None
        finally:
            self._derived_memo = saved
        return out

    def determinize(self: _S, seat: int, rng: random.Random) -> _S:
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
        place_cards(s, places, dealt)
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

