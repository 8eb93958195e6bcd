"""Solving solo games through the engine's public API, for any ruleset.

Two solvers, both generic (they know no game; they play moves on copies of states):

* ``PerfectSolver``: with perfect information (it plays on a copy of the real state, so it
  knows the order of the draw pile and the future of chance), a depth-first search that
  decides whether seat 0 can still win, finds one winning line and the best score of a win.
  States are memoised on a canonical key (zones, vars, the effect frames, the pending
  question). A ruleset may help it with its optional ``solver:`` section
  (docs/yaml-reference.md): ``win_bound``, an optimistic bound on the score of any win still
  reachable (null: none is), prunes branches; ``monotone`` names vars of which more is never
  worse, so a position that failed with more of them fails with less too; ``order`` says
  which of the moves of equal bound to try first. The search for a win restarts now and then
  with those moves in another order (``decide``); the derived values the bound and the order
  read that depend only on some zones are kept by those zones' cards (``SolverWords``).

* ``ChanceSolver``: fair and exact. It plays from what the seat sees: every card the seat
  cannot see, and every draw of chance (coin flips, random picks), is a chance node whose
  outcomes it enumerates with their probabilities; it maximises the probability of winning
  (expectimax). Exact, so only for small games (a few hidden cards): Pyramide Escape. The
  table of a game solved from its start is kept in the cache folder (``solved``).

How chance is enumerated (``outcomes``): the hidden places are listed (zones the seat cannot
see, top first, cards it does not know); a move is played on a world where a prefix of those
places holds chosen cards and the rest a fixed filling; if the move revealed a place beyond the
prefix, the prefix grows by one place, one branch per unseen card (each play also serves as the
world of its first branch). Under the ruleset's ``solver.relabel`` the move is played once, the
unseen cards in a fixed order, and each way of dealing the cards it revealed is that world with
its cards renamed (``_branches``, ``_relabel``). Draws of the state's generator are scripted
(``_Script``): each draw of ``randrange(n)`` (and so ``choice``, ``sample``, ``shuffle``) is a
chance node with n equally likely outcomes, and each ``random()`` a fair coin (the engine's
``flip`` compares it with 0.5).

Rules code: no rich here; the CLI and the table show the results.
"""

from __future__ import annotations

import contextlib
import hashlib
import itertools
import json
import math
import os
import random
import sys
import time
import zlib
from array import array
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from tabletop.analysis.solvetable import EMPTY, SolvedTable
from tabletop.engine.state import BOX, Ctx, Move, State
from tabletop.engine.views import place_cards, rename_held
from tabletop.errors import TabletopError
from tabletop.lang.cards import CardDef
from tabletop.lang.expr import Work, reads

NOWIN = -(10**9)  # the value of a position from which no win is reachable
MAX_DRAWS = 16  # draws of chance in one move that the exact solver enumerates


class SolveError(TabletopError):
    """A game the solver cannot handle, or a search that ran out of its budget."""


class OutOfBudget(SolveError):
    """The search reached its node or time budget before deciding."""


class _Restart(Exception):  # noqa: N818 (not an error: the search starts again)
    """A first descent of ``PerfectSolver.decide`` used up its positions: start again."""


# ---------------------------------------------------------------- canonical keys


def _freeze(v: Any) -> Any:
    if isinstance(v, CardDef):
        return ("#", v.uid)
    if isinstance(v, list | tuple):
        return tuple(_freeze(x) for x in v)
    if isinstance(v, dict):
        return tuple(sorted((k, _freeze(x)) for k, x in v.items()))
    if isinstance(v, set):
        return tuple(sorted(_freeze(x) for x in v))
    return v


def state_key(st: State, seat: int | None = None, drop: Iterable[str] = ()) -> tuple[Any, ...]:
    """A hashable key of everything that decides how a game goes on from ``st``: the zones,
    the vars (less those in ``drop`` and the ruleset's ``solver.scratch``), the seats out,
    whose turn, the pending question and the effects waiting to run. Not the history or the
    log (a ruleset that reads the turn log is not keyed exactly). The zones the ruleset calls
    ``solver.unordered`` are sorted; the vars and zones it calls ``solver.ignore`` are left
    out, and the values of its ``monotone`` derived values (not in ``drop``) put in. With
    ``seat``, the cards that seat cannot see and does not know are masked (-1): two states
    with the same key then look the same to it."""
    words = st.spec.solver or {}
    unordered = words.get("unordered", ())
    ignored = words.get("ignore", ())
    dropped = set(drop) | set(words.get("scratch", ())) | set(ignored)
    known = st.known[seat] if seat is not None else ()
    zones = []
    for k, v in st.zones.items():
        if k == BOX:
            continue
        name = k.partition("/")[0]
        if name in ignored:
            continue
        if seat is not None and not st.visible(k, seat):
            cards = tuple(c if c in known else -1 for c in v)
        elif unordered and name in unordered:
            cards = tuple(sorted(v))
        else:
            cards = tuple(v)
        zones.append((k, cards))
    vars_ = tuple((k, _freeze(v)) for k, v in st.vars.items() if k not in dropped)
    derived = st.spec.derived
    # (with ``seat``, read as that seat sees the state: the cards it cannot see are null)
    ctx = Ctx(st, {"me": 0 if seat is None else seat}, seat)
    summary = tuple(_freeze(ctx.lookup(n)) for n in words.get("monotone", ())
                    if n in derived and n not in dropped) if ignored else ()
    p = st.pending
    pending = None if p is None else (p.seat, p.var, _freeze(p.options))
    frames = tuple((f.block.id, f.index, _freeze(f.locals)) for f in st.frames)
    outcome = None if st.outcome is None else st.outcome.name
    return (tuple(zones), vars_, summary, tuple(sorted(st.out)), st.turn_seat, pending, frames,
            outcome)


# ---------------------------------------------------------------- the ruleset's solver words


class SolverWords:
    """The ruleset's ``solver:`` section, ready to evaluate on a state."""

    def __init__(self, st: State) -> None:
        words = st.spec.solver or {}
        self.bound: Callable[[Any], Any] | None = words.get("win_bound")
        # how promising a position looks: of moves of equal bound, the highest first
        self.order: Callable[[Any], Any] | None = words.get("order")
        self.monotone: tuple[str, ...] = tuple(words.get("monotone", ()))
        derived = st.spec.derived
        self.monotone_vars = tuple(n for n in self.monotone if n not in derived)
        self.monotone_derived = tuple(n for n in self.monotone if n in derived)
        # the derived values the bound and the estimate read that depend on zones only: each
        # computed once per contents of those zones (the cards ahead change at every move,
        # but the positions searched share them far more often than they share all else)
        self.by_zones = _zone_derived(st, (self.bound, self.order))
        self.zones_read = sorted({z for _n, own, deps in self.by_zones
                                 for z in (*own, *(z for _d, dz in deps for z in dz))})
        self.cache: dict[tuple[Any, ...], tuple[Any, Any]] = {}
        self.ids: dict[tuple[int, ...], int] = {}  # the contents of a zone -> its number
        self.vids: dict[Any, Any] = {}  # a derived value that is not a number -> its number
        self.whole: dict[tuple[int, ...], tuple[Any, ...]] = {}
        self.names = tuple(n for n, _own, _deps in self.by_zones)
        self.memo_keys = tuple((n, 0, None) for n in self.names)  # as context.py's memo keys
        # by_zones by numbers: each value's zones (their place in zones_read) and the values
        # it reads (their place in by_zones, each before the values that read it)
        self.plan = tuple((n, tuple(self.zones_read.index(z) for z in own),
                           tuple(self.names.index(d) for d, _dz in deps))
                          for n, own, deps in self.by_zones)

    def win_bound(self, st: State) -> float:
        """The best score a win could still have from ``st`` (NOWIN: no win is reachable)."""
        return self.judge(st, False)[0]

    def judge(self, st: State, ordered: bool = True) -> tuple[float, float]:
        """``st``'s bound (as ``win_bound``) and, with ``order``, its estimate (0 without
        one): both read with the same derived values, computed once."""
        if st.outcome is not None:
            return (st.outcome.scores[0] if 0 in st.outcome.winners else NOWIN), 0
        if self.bound is None and (self.order is None or not ordered):
            return math.inf, 0
        v, e = st.read_still(self._judge, st, ordered)
        if isinstance(v, bool) or not isinstance(v, int | float):
            raise SolveError(f"the ruleset's solver.win_bound gave {v!r}, not a number")
        if isinstance(e, bool) or not isinstance(e, int | float):
            raise SolveError(f"the ruleset's solver.order gave {e!r}, not a number")
        return v, e

    def _judge(self, memo: dict[Any, Any], st: State, ordered: bool) -> tuple[Any, Any]:
        """``judge``'s reading, done while nothing changes (``State.read_still``)."""
        Work.reset()  # its own budget of work, as a move or a view has
        ctx = Ctx(st, {"me": 0})
        if self.by_zones:
            self._fill(st, ctx, memo)
        v = math.inf if self.bound is None else self.bound(ctx)
        if v is None or v is False:
            return NOWIN, 0
        return v, self.order(ctx) if ordered and self.order is not None else 0

    def _fill(self, st: State, ctx: Ctx, memo: dict[Any, Any]) -> None:
        """Puts in ``memo`` (the state's memo of derived values while nothing changes) and in
        the locals of ``ctx`` (a read of a local is one look in a dict) the values of
        ``by_zones``. The contents of a zone are numbered once (a key is then a few small
        numbers, cheap to hash). All the values together are kept by the contents of every
        zone they read (``whole``); else each value is looked up alone, kept by the cards of
        the zones it reads itself and by the derived values it reads: a number (or text...)
        by itself, anything else (a list of cards) by a number given to what it holds. So a
        value that reads only the dungeon is computed once for each dungeon, even when the
        room beside it changes, and one that reads a list computed again (the pairs ahead, often
        none) only when the list is another."""
        cache = self.cache
        ids = self.ids
        vids = self.vids
        whole = self.whole
        if len(cache) > 500_000 or len(whole) > 100_000:  # a long search: start again rather
            cache.clear()                                 # than grow without end
            ids.clear()
            vids.clear()
            whole.clear()
        zones = st.zones
        cid: dict[str, int] = {}
        for z in self.zones_read:
            t = tuple(zones[z])
            i = ids.get(t)
            if i is None:
                i = ids[t] = len(ids)
            cid[z] = i
        loc = ctx.locals
        wk = tuple(cid.values())
        got = whole.get(wk)
        if got is not None:
            loc.update(zip(self.names, got, strict=True))
            memo.update(zip(self.memo_keys, got, strict=True))
            return
        cids = list(cid.values())
        vals: list[Any] = []
        keys: list[Any] = []
        for name, own, deps in self.plan:
            parts: list[Any] = [name]
            for i in own:
                parts.append(cids[i])
            for j in deps:
                v = vals[j]
                parts.append(v if type(v) in _SCALAR_TYPES else keys[j])
            ck = tuple(parts)
            hit = cache.get(ck)
            if hit is None:
                v = ctx.lookup(name)  # (puts it in memo too)
                if type(v) in _SCALAR_TYPES:
                    hit = cache[ck] = (v, None)
                else:  # a list, a card...: numbered by what it holds (the same list, the
                    frozen = _freeze(v)  # same number, however it was reached)
                    n = vids.get(frozen)
                    if n is None:
                        n = vids[frozen] = ("=", len(vids))  # (never equal to a number)
                    hit = cache[ck] = (v, n)
            else:
                memo[(name, 0, None)] = hit[0]  # as context.py's memo of derived values keys it
            vals.append(hit[0])
            loc[name] = hit[0]
            keys.append(hit[1])
        whole[wk] = tuple(vals)

    def vector(self, st: State) -> tuple[Any, ...]:
        """The ``monotone`` values of ``st`` (more is never worse), vars then derived values;
        null counts as the least."""
        vals = [st.vars.get(v) for v in self.monotone_vars]
        if self.monotone_derived:
            ctx = Ctx(st, {"me": 0})
            vals.extend(ctx.lookup(n) for n in self.monotone_derived)
        return tuple(-math.inf if x is None else x for x in vals)


_MISSING = object()
_SCALAR = (int, float, bool, str, type(None))
_SCALAR_TYPES = frozenset(_SCALAR)
# (a derived value, the zones it reads itself, the derived values it reads: (name, zones))
_ByZones = tuple[str, tuple[str, ...], tuple[tuple[str, tuple[str, ...]], ...]]


def _zone_derived(st: State, exprs: Iterable[Any]) -> tuple[_ByZones, ...]:
    """The derived values ``exprs`` read (through other derived values) whose value depends
    only on the cards of some zones (and the options), each after the derived values it
    reads: (name, the zones it reads itself, the derived values it reads with the zones each
    depends on). Through the ruleset's own functions too; never through a var, a local or an
    engine function that reads more of the state."""
    game, spec = st.game, st.spec
    zones: dict[str, tuple[str, ...] | None] = {}  # derived name -> zones read (None: more)
    out: list[_ByZones] = []

    def names_of(fn: Any, allowed: frozenset[str], seen: set[str]) -> set[str] | None:
        """The zones and derived values ``fn`` reads; None if it reads anything else."""
        r = reads(fn)
        if r is None:
            return None
        names, calls = r
        found = set()
        for n in names - allowed:
            kind = game.names.get(n)
            if n == "option" or kind in ("zone", "derived"):
                found.add(n)
            else:
                return None
        for c in calls:
            if c not in spec.functions or c in seen:
                return None
            params, body = spec.functions[c]
            inner = names_of(body, frozenset(params), seen | {c})
            if inner is None:
                return None
            found |= inner
        return found

    def visit(name: str) -> tuple[str, ...] | None:
        if name in zones:
            return zones[name]
        zones[name] = None  # (no cycle: the loader refuses them)
        if name not in game.memo_derived:
            return None
        read = names_of(spec.derived[name], frozenset(), set())
        if read is None:
            return None
        own = sorted(n for n in read if game.names.get(n) == "zone")
        deps = []
        every = set(own)
        for n in sorted(read):
            if game.names.get(n) == "derived":
                sub = visit(n)
                if sub is None:
                    return None
                deps.append((n, sub))
                every |= set(sub)
        zones[name] = tuple(sorted(every))
        out.append((name, tuple(own), tuple(deps)))
        return zones[name]

    def walk(fn: Any, seen: set[str]) -> None:  # every derived value an expression reads
        r = reads(fn)
        if r is None:
            return
        names, calls = r
        for n in sorted(names):
            if game.names.get(n) == "derived" and n not in seen:
                seen.add(n)
                visit(n)
                walk(spec.derived[n], seen)
        for c in sorted(calls):
            if c in spec.functions and c not in seen:
                seen.add(c)
                walk(spec.functions[c][1], seen)

    seen: set[str] = set()
    for fn in exprs:
        if fn is not None:
            walk(fn, seen)
    return tuple(out)


def is_solo(st: State) -> bool:
    return st.players == 1


def has_chance(spec: Any) -> bool:
    """Whether the game draws chance during play (a flip, a random pick, a shuffle)."""
    return any(step.kind in ("flip", "random", "shuffle") for b in spec.blocks
               for step in b.steps)


# ---------------------------------------------------------------- perfect information


class PerfectSolver:
    """Depth-first branch and bound over the real state (perfect information), seat 0.

    ``decide(st)`` finds one win (or proves there is none); ``best(st)`` the best score of a
    win and a line reaching it. ``nodes`` and ``seconds`` bound the work (``OutOfBudget``).
    The memo is kept between calls on states of the same game and options.
    """

    def __init__(self, game_state: State, nodes: int | None = None,
                 seconds: float | None = None) -> None:
        if not is_solo(game_state):
            raise SolveError(f"{game_state.game.name} is not a solo game: the solver plays "
                             "only games of one player")
        self.words = SolverWords(game_state)
        self.max_moves = game_state.spec.max_moves
        self.chance = has_chance(game_state.spec)
        self.node_budget = nodes
        self.seconds = seconds
        self.nodes = 0
        self._deadline: float | None = None
        # key -> [(monotone vector, upper bound)]: "from this key with at most this vector,
        # the value is at most this bound"
        self._fail: dict[tuple[Any, ...], list[tuple[tuple[Any, ...], float]]] = {}
        self._exact: dict[tuple[Any, ...], tuple[float, tuple[str, ...]]] = {}
        # restarts of ``decide``: the positions a descent may search before the next one
        # starts, and how it orders moves of equal bound (a random order, or as listed;
        # else by the ruleset's order)
        self._restart_at: int | None = None
        self._shuffle: random.Random | None = None
        self._listed = False  # of equal bounds, the moves as listed (not by the order)

    def _key(self, st: State) -> tuple[Any, ...]:
        key = state_key(st, drop=self.words.monotone)
        if self.chance:  # the future of chance is known too: it is part of the position
            return (*key, hash(st.rng.getstate()))
        return key

    def _vec(self, st: State) -> tuple[Any, ...]:
        return (*self.words.vector(st), self.max_moves - len(st.history))

    def _start(self) -> None:
        self.nodes = 0
        # processor time: a search on a busy machine is not cut short by the others' work
        self._deadline = (time.process_time() + self.seconds) if self.seconds else None

    #: positions the first descent of ``decide`` may search; each restart may search half as
    #: many again as the one before
    RESTART = 500

    def decide(self, st: State) -> tuple[bool, tuple[str, ...]]:
        """Whether seat 0 can win from ``st``, and one winning line (move texts).

        A depth-first search commits to its first moves: a bad one early is undone only
        after everything below it is searched. So it restarts, ``RESTART`` positions
        later, then after half as many again each time, with the moves of equal bound tried
        in turn by the ruleset's ``order``, as the moves are listed, and in a random (seeded)
        order: deals that one order finds hard another often finds easy. What a descent
        proved lost stays proved (the memo is kept), so a restart does not search it again,
        and a descent in an order tried before goes on where that one stopped."""
        self._start()
        bound = self.words.win_bound(st)
        limit = self.RESTART
        tries = 0
        try:
            while True:
                self._restart_at = self.nodes + limit if limit else None
                try:
                    v, line = self._search(st, NOWIN, True, bound)
                    return v > NOWIN, line
                except _Restart:
                    tries += 1
                    self._listed = tries % 3 == 1
                    self._shuffle = random.Random(tries) if tries % 3 == 2 else None
                    limit += max(1, limit // 2)
        finally:
            self._restart_at = None
            self._shuffle = None
            self._listed = False

    def best(self, st: State, at_least: float = NOWIN) -> tuple[float, tuple[str, ...]]:
        """The best score of a win from ``st`` (NOWIN if none) and a line reaching it."""
        self._start()
        v, line = self._search(st, at_least, False, self.words.win_bound(st))
        return (v, line) if v > at_least else (NOWIN, ())

    def _known(self, key: tuple[Any, ...], vec: tuple[Any, ...], alpha: float, first: bool
               ) -> tuple[float, tuple[str, ...]] | None:
        """What the memo already says of a position, when it settles the search at ``alpha``."""
        fails = self._fail.get(key)
        if fails:
            for fv, ub in fails:
                if ub <= alpha and all(a <= b for a, b in zip(vec, fv, strict=True)):
                    return ub, ()
        if not first:
            return self._exact.get((key, vec))
        return None

    def _search(self, st: State, alpha: float, first: bool, bound: float,
                key: tuple[Any, ...] | None = None, vec: tuple[Any, ...] | None = None
                ) -> tuple[float, tuple[str, ...]]:
        """The best value above ``alpha`` from ``st`` and its line, or an upper bound (at most
        ``alpha``) and no line. ``first``: stop at the first win found."""
        o = st.outcome
        if o is not None:
            return (o.scores[0] if 0 in o.winners else NOWIN), ()
        self.nodes += 1
        if self.node_budget is not None and self.nodes > self.node_budget:
            raise OutOfBudget("the search reached its node budget")
        if self._deadline is not None and not self.nodes & 63 \
                and time.process_time() > self._deadline:
            raise OutOfBudget("the search reached its time budget")
        if self._restart_at is not None and self.nodes > self._restart_at:
            raise _Restart
        if key is None or vec is None:
            key = self._key(st)
            vec = self._vec(st)
            known = self._known(key, vec, alpha, first)
            if known is not None:
                return known
        if bound <= alpha:
            return bound, ()
        a = alpha
        best_line: tuple[str, ...] | None = None
        children: list[tuple[float, float, int, str, State, Any, Any]] = []
        for i, m in enumerate(st.legal_moves()):
            c = st.copy()
            c.quiet = True
            c.play(m)
            co = c.outcome
            if co is not None:
                v: float = co.scores[0] if 0 in co.winners else NOWIN
                if v > a:
                    a, best_line = v, (m.text,)
                    if first:
                        return a, best_line
                continue
            ck = self._key(c)
            cv = self._vec(c)
            known = self._known(ck, cv, a, first)
            if known is not None:
                if known[0] > a:
                    a, best_line = known[0], (m.text, *known[1])
                    if first:
                        return a, best_line
                continue
            cb, ce = self.words.judge(c)
            children.append((cb, ce, i, m.text, c, ck, cv))
        # the best bound first; of equal bounds, the best by the ruleset's order (or, in some
        # restarts, as listed, or in a random order)
        if self._listed:
            children.sort(key=lambda t: (-t[0], t[2]))
        else:
            children.sort(key=lambda t: (-t[0], -t[1], t[2]))
        if self._shuffle is not None:
            _shuffle_ties(children, self._shuffle)
        for cb, _e, _i, text, c, ck, cv in children:
            if cb <= a or a >= bound:
                break
            v, line = self._search(c, a, first, cb, ck, cv)
            if v > a:
                a = v
                best_line = (text, *line)
                if first:
                    break
        if best_line is None:
            entries = self._fail.setdefault(key, [])
            entries[:] = [(fv, ub) for fv, ub in entries
                          if not (ub >= alpha and all(b <= x for b, x in zip(
                              fv, vec, strict=True)))][:7]
            entries.append((vec, alpha))
            return alpha, ()
        if not first:
            self._exact[(key, vec)] = (a, best_line)
        return a, best_line


def _shuffle_ties(children: list[Any], rng: random.Random) -> None:
    """Shuffles, in place, each run of ``children`` (sorted by bound) that share a bound."""
    keys = {id(c): (-c[0], rng.random()) for c in children}
    children.sort(key=lambda c: keys[id(c)])


# ---------------------------------------------------------------- chance (fair, exact)


class _Script(random.Random):
    """A generator whose draws are given: each ``randrange(n)`` (and what is built on it) takes
    the next scripted index, each ``random()`` the next index of a fair coin (0: below 0.5).
    Past the script it records the first draw asked for (``need``: how many outcomes)."""

    def __init__(self, script: tuple[int, ...]) -> None:
        # not seeded (seeding costs more than a move): every draw it gives is scripted
        self.script = script
        self.pos = 0
        self.need: int | None = None

    def _draw(self, n: int) -> int:
        i = self.pos
        self.pos += 1
        if i < len(self.script):
            v = self.script[i]
            if v >= n:
                raise SolveError("the draws of chance change with the cards dealt: the "
                                 "exact solver cannot enumerate them")
            return v
        if i >= MAX_DRAWS:
            raise SolveError(f"a move draws chance more than {MAX_DRAWS} times: too many "
                             "outcomes to solve exactly")
        if self.need is None:
            self.need = n
        return 0

    def random(self) -> float:
        return (0.25, 0.75)[self._draw(2)]

    def _randbelow(self, n: int) -> int:
        return self._draw(n)


def _hidden_places(st: State, seat: int) -> list[tuple[str, int]]:
    """The places whose card ``seat`` cannot see nor knows, zone by zone, top first. The box
    (cards a stacked deck leaves out) is out of the game."""
    known = st.known[seat]
    return [(key, i) for key, ids in st.zones.items()
            if key != BOX and not st.visible(key, seat)
            for i, uid in enumerate(ids) if uid not in known]


def _deal(st: State, places: list[tuple[str, int]], cards: list[int]) -> State:
    """A copy of ``st`` with ``cards`` at ``places``; a card the effects hold (a var, a local,
    a pending option) stays "the card in that place", as in ``State.determinize``."""
    w = st.copy()  # its generator is replaced before it plays (a fresh one costs a seeding)
    w.quiet = True
    place_cards(w, places, cards)
    return w


def _relabel(st: State, sigma: dict[int, int]) -> State:
    """A copy of ``st`` with every card ``u`` renamed ``sigma[u]`` (a permutation of some
    cards): where it lies, what the seats know of it, the vars, locals and pending options
    that hold it. Under the ruleset's ``solver.relabel``, the state a move gives when its
    unseen cards were dealt otherwise."""
    w = st.copy()
    w.quiet = True
    if not sigma:
        return w
    get = sigma.get
    for key, ids in w.zones.items():
        if any(u in sigma for u in ids):
            w.zones[key] = new = [get(u, u) for u in ids]
            for u in new:
                w.where[u] = key
    w.known = [{get(u, u) for u in k} for k in w.known]
    rename_held(w, sigma)
    return w


# (id of a spec, seat) -> (the spec, zone key -> (its number, whether the seat sees it,
# whether its order is left out), var name -> its number or None when left out)
_ZONES: dict[tuple[int, int], tuple[Any, dict[str, tuple[int, bool, bool] | None],
                                    dict[str, int | None]]] = {}
_NONE = -0x4E4F4E45  # None's own hash changes from one process to the next
_CARD = 1 << 50  # a card in a var or a local: its uid above this
_TEXTS: dict[str, int] = {}


def _text(s: str) -> int:
    v = _TEXTS.get(s)
    if v is None:  # a text's own hash changes from one process to the next: its checksum
        v = _TEXTS[s] = (1 << 40) + zlib.crc32(s.encode())
    return v


def _ival(v: Any, sigma: dict[int, int]) -> Any:
    """A value as numbers and tuples only (cards renamed by ``sigma``)."""
    if type(v) is int:
        return v
    if v is None:
        return _NONE
    if isinstance(v, str):
        return _text(v)
    if isinstance(v, CardDef):
        return _CARD + sigma.get(v.uid, v.uid)
    if isinstance(v, list | tuple):
        return tuple(_ival(x, sigma) for x in v)
    if isinstance(v, dict):
        return tuple(sorted((_text(k), _ival(x, sigma)) for k, x in v.items()))
    if isinstance(v, set | frozenset):
        return tuple(sorted(_ival(x, sigma) for x in v))
    return v


def chance_key(st: State, seat: int, sigma: dict[int, int] | None = None) -> int:
    """``state_key(st, seat)`` as a 64-bit number that is the same in every process (so
    solved tables can be kept): hashed from numbers only. With ``sigma``, the key of
    ``_relabel(st, sigma)``, without building it."""
    s = sigma or {}
    get = s.get
    held = _ZONES.get((id(st.spec), seat))
    if held is None:  # the spec is held with its table: its id is not given to another
        held = _ZONES[(id(st.spec), seat)] = (st.spec, {}, {})
    _spec, zinfo, vinfo = held
    known = st.known[seat]
    zones: list[Any] = []
    for k, v in st.zones.items():
        if k in zinfo:
            zi = zinfo[k]
        else:
            zi = zinfo[k] = _zone_info(st, k, seat)
        if zi is None:
            continue
        n, seen, unordered = zi
        if not seen:
            cards = tuple(get(c, c) if c in known else -1 for c in v) if s else \
                tuple(c if c in known else -1 for c in v)
        elif s:
            cards = tuple(sorted(get(c, c) for c in v)) if unordered else \
                tuple(get(c, c) for c in v)
        elif unordered:
            cards = tuple(sorted(v))
        else:
            cards = tuple(v)
        zones.append((n, cards))
    vars_: list[Any] = []
    for k, v in st.vars.items():
        if k in vinfo:
            vn = vinfo[k]
        else:
            vn = vinfo[k] = None if k in (st.spec.solver or {}).get("scratch", ()) else _text(k)
        if vn is not None:
            vars_.append((vn, v if type(v) is int else _ival(v, s)))
    p = st.pending
    pending = _NONE if p is None else (p.seat, _text(p.var), _ival(p.options, s))
    frames = tuple((f.block.id, f.index, _ival(f.locals, s)) for f in st.frames)
    outcome = _NONE if st.outcome is None else _text(st.outcome.name)
    return hash((tuple(zones), tuple(vars_), tuple(sorted(st.out)), st.turn_seat, pending,
                 frames, outcome))


def _zone_info(st: State, key: str, seat: int) -> tuple[int, bool, bool] | None:
    """How ``chance_key`` keys the zone ``key``: its number, whether ``seat`` sees it, whether
    its order is left out (the ruleset's ``solver.unordered``); None for the box."""
    if key == BOX:
        return None
    unordered = (st.spec.solver or {}).get("unordered", ())
    return _text(key), st.visible(key, seat), key.partition("/")[0] in unordered


def _branches(st: State, move: Move | str, seat: int = 0, check: bool = False
              ) -> list[tuple[float, State, dict[int, int]]]:
    """The outcomes of ``move`` as (probability, world, renaming): the outcome is the world
    with its cards renamed (``_relabel``). Under the ruleset's ``solver.relabel`` a move is
    played once for each draw of chance, its unseen cards in a fixed order, and the cards it
    revealed are dealt afterwards by renaming; otherwise each outcome is played
    (``outcomes``). ``check`` plays each renamed outcome too, and fails if they differ."""
    if not (st.spec.solver or {}).get("relabel"):
        return [(p, w, {}) for p, w in _played(st, move, seat, check)]
    places = _hidden_places(st, seat)
    pool = sorted(st.zones[k][i] for k, i in places)
    out: list[tuple[float, State, dict[int, int]]] = []
    todo: list[tuple[tuple[int, ...], float]] = [((), 1.0)]
    while todo:
        script, p = todo.pop()
        w = _deal(st, places, pool)
        rng = _Script(script)
        w.rng = rng
        w.play(move)
        extra = rng.pos - len(script)  # draws past the script (each gave 0)
        if extra:
            n = rng.need
            assert n is not None
            for k in range(1 if extra == 1 else 0, n):
                todo.append(((*script, k), p / n))
            if extra > 1:
                continue
            script, p = (*script, 0), p / n  # this world is the branch of outcome 0
        seen = w.known[seat]
        shown = [j for j, uid in enumerate(pool) if uid in seen or w.visible(w.where[uid], seat)]
        if not shown:
            out.append((p, w, {}))
            continue
        q = p / math.perm(len(pool), len(shown))
        for dealt in itertools.permutations(pool, len(shown)):
            left = iter(sorted(set(pool) - set(dealt)))
            given = dict(zip(shown, dealt, strict=True))
            cards = [given[j] if j in given else next(left) for j in range(len(pool))]
            sigma = {a: b for a, b in zip(pool, cards, strict=True) if a != b}
            if check:
                real = _deal(st, places, cards)
                real.rng = _Script(script)
                real.play(move)
                named = _relabel(w, sigma)
                if state_key(real, seat) != state_key(named, seat) \
                        or chance_key(w, seat, sigma) != chance_key(named, seat):
                    raise SolveError("the ruleset's solver.relabel is not true: a move acts on "
                                     "a card it reveals")
            out.append((q, w, sigma))
    return out


def outcomes(st: State, move: Move | str, seat: int = 0, check: bool = False
             ) -> list[tuple[float, State]]:
    """Every way ``move`` can turn out for ``seat``, with its probability: the unseen cards it
    reveals and the draws of chance it makes. Each world is a state after the move (its other
    unseen cards in an arbitrary order). ``check`` also plays each outcome with the unseen
    cards left over in another order and fails if the seat would see a difference."""
    return [(p, _relabel(w, s) if s else w) for p, w, s in _branches(st, move, seat, check)]


def _played(st: State, move: Move | str, seat: int = 0, check: bool = False
            ) -> list[tuple[float, State]]:
    """The outcomes of ``move`` (see ``outcomes``), each played.

    Each play is a probe as well as a world: its unseen cards are the prefix and then the rest
    in a fixed order, its draws past the script all 0. When it needed one more card (or one
    more draw) than it was given, it is the world of the first branch of that choice, and only
    the other branches are played again."""
    places = _hidden_places(st, seat)
    pool = sorted(st.zones[k][i] for k, i in places)
    out: list[tuple[float, State]] = []
    todo: list[tuple[tuple[int, ...], tuple[int, ...], float]] = [((), (), 1.0)]

    def leaf(prefix: tuple[int, ...], script: tuple[int, ...], p: float, w: State) -> None:
        if check and len(pool) - len(prefix) > 1:
            rest = [c for c in pool if c not in prefix]
            w2 = _deal(st, places, [*prefix, *reversed(rest)])
            w2.rng = _Script(script)
            w2.play(move)
            if state_key(w2, seat) != state_key(w, seat):
                raise SolveError("a move depends on the order of cards the seat cannot see "
                                 "without showing them: the exact solver cannot enumerate it")
        out.append((p, w))

    while todo:
        prefix, script, p = todo.pop()
        taken = set(prefix)
        rest = [c for c in pool if c not in taken]
        cards = [*prefix, *rest]
        w = _deal(st, places, cards)
        rng = _Script(script)
        w.rng = rng
        w.play(move)
        seen = w.known[seat]
        deepest = -1
        for j, uid in enumerate(cards):
            if uid in seen or w.visible(w.where[uid], seat):
                deepest = j
        extra = rng.pos - len(script)  # draws past the script (each gave 0)
        if deepest > len(prefix) or (deepest == len(prefix) and extra > 1):
            for c in rest:  # more than one step beyond what was given: branch on the card
                todo.append(((*prefix, c), script, p / len(rest)))
            continue
        if deepest == len(prefix):  # one card more: this world is the branch of rest[0]
            q = p / len(rest)
            for c in rest[1:]:
                todo.append(((*prefix, c), script, q))
            prefix, p = (*prefix, rest[0]), q
        if extra == 1:  # one draw more: this world is the branch of outcome 0
            n = rng.need
            assert n is not None
            for k in range(1, n):
                todo.append((prefix, (*script, k), p / n))
            script, p = (*script, 0), p / n
        elif extra > 1:
            n = rng.need
            assert n is not None
            for k in range(n):
                todo.append((prefix, (*script, k), p / n))
            continue
        leaf(prefix, script, p, w)
    return out


# an outcome of a move not known yet: (probability, world, renaming, key)
_Open = tuple[float, State, dict[int, int], int]


class ChanceSolver:
    """Exact expectimax from what ``seat`` sees: the probability of winning with best play.

    The memo is keyed by what the seat sees (``state_key`` with the seat's mask: the cards it
    has not seen are a multiset, their order unknown; the ruleset's ``solver.scratch`` vars
    and the order of its ``solver.unordered`` zones left out), so one solver serves every game
    of the same ruleset and options. The number of moves played is part of a position only
    where the game's ``max_moves`` could still end it: each entry keeps the length of its
    longest line, and serves a position reached after another number of moves when neither
    could reach the limit. A move is abandoned as soon as what remains of its chances cannot
    beat the best move found (its children already solved stay in the memo, exact).
    ``nodes`` and ``seconds`` bound the work.
    """

    checkpoint_every = 600.0  # seconds between two keepings of a long search's positions

    def __init__(self, game_state: State, seat: int = 0, nodes: int | None = None,
                 seconds: float | None = None) -> None:
        if not is_solo(game_state):
            raise SolveError(f"{game_state.game.name} is not a solo game: the solver plays "
                             "only games of one player")
        self.seat = seat
        self.max_moves = game_state.spec.max_moves
        self.node_budget = nodes
        # processor time, as the perfect solver: a busy machine does not cut a search short
        self.deadline = time.process_time() + seconds if seconds else None
        self.nodes = 0
        self.words = SolverWords(game_state)  # win_bound: null where no win is reachable
        # key -> probability of winning, and the length of the longest line
        # from there (how close to max_moves it may be reached with the same value), in flat
        # arrays (a whole game keeps some 10^8 positions)
        self.memo = SolvedTable()
        # positions whose value depends on the moves played so far (max_moves in reach)
        self.memo_at: dict[tuple[int, int], tuple[float, int]] = {}
        self.whole = False  # the memo holds the whole game's solved table (``solved``)
        # called every ``checkpoint_every`` seconds of a long search (``solved`` keeps the
        # positions solved so far there, so a search stopped is not lost)
        self.checkpoint: Callable[[], None] | None = None
        self._next_checkpoint = math.inf
        self.progress: Callable[[int], None] | None = None  # told the positions searched

    def key(self, st: State) -> int:
        return chance_key(st, self.seat)

    def value(self, st: State) -> float:
        """The probability of winning from ``st`` with best play, from the seat's view."""
        return self._solve(st)[0]

    def _known(self, k: int, h: int) -> tuple[float, int] | None:
        memo = self.memo  # (SolvedTable.find, written out: the search's most frequent call)
        keys, mask = memo.keys, memo.mask
        i = k & mask
        while True:
            kk = keys[i]
            if kk == k:
                d = memo.depths[i]
                if h + d < self.max_moves:
                    return memo.values[i], d
                break
            if kk == EMPTY:
                break
            i = (i + 1) & mask
        return self.memo_at.get((k, h))

    def _store(self, k: int, h: int, v: float, deep: int) -> None:
        if h + deep < self.max_moves:
            self.memo.put(k, v, deep)
        else:
            self.memo_at[(k, h)] = (v, deep)

    def _solve(self, st: State, k: int | None = None) -> tuple[float, int]:
        """(probability of winning, length of the longest line searched) from ``st``."""
        o = st.outcome
        if o is not None:
            return (1.0 if self.seat in o.winners else 0.0), 0
        h = len(st.history)
        if k is None:
            k = self.key(st)
            hit = self._known(k, h)
            if hit is not None:
                return hit
        self.nodes += 1
        if self.node_budget is not None and self.nodes > self.node_budget:
            raise OutOfBudget("the exact search reached its node budget")
        if not self.nodes & 63 and (self.deadline is not None or self.checkpoint is not None
                                    or self.progress is not None):
            if self.progress is not None:
                self.progress(self.nodes)
            if self.deadline is not None and time.process_time() > self.deadline:
                raise OutOfBudget("the exact search reached its time budget")
            if self.checkpoint is not None and time.perf_counter() > self._next_checkpoint:
                self.checkpoint()
                self._next_checkpoint = time.perf_counter() + self.checkpoint_every
        if self.words.bound is not None and self.words.win_bound(st) == NOWIN:
            self._store(k, 0, 0.0, 0)  # no win from here, whatever the moves played so far
            return 0.0, 0
        best, deep, _move = self._choose(st)
        deep += 1
        self._store(k, h, best, deep)
        return best, deep

    def _choose(self, st: State) -> tuple[float, int, Move | None]:
        """The value of ``st``, the longest line searched and a move reaching the value.

        Every move is played first and its outcomes looked up in the memo (a position
        reached by another order of moves is often solved already): what is known of a move
        bounds it from below (its unknown outcomes lost) and above (won). A move whose upper
        bound cannot beat the best lower bound is never searched; the others are searched
        the most promising first, each abandoned once it cannot beat the best."""
        best = 0.0
        choice: Move | None = None
        deep = 0
        opened: list[tuple[float, float, int, Move, list[_Open]]] = []
        for i, m in enumerate(st.legal_moves()):
            lo, up, d, rest = self._open(st, m)
            deep = max(deep, d)
            if lo > best or choice is None:
                best = max(best, lo)
                choice = m
            if rest:
                opened.append((up, lo, i, m, rest))
            elif best >= 1.0:
                return best, deep, choice
        opened.sort(key=lambda t: (-t[0] - t[1], t[2]))
        for up, lo, _i, m, rest in opened:
            if best >= 1.0:
                break
            if up <= best:
                continue
            v, d = self._finish(lo, rest, best)
            deep = max(deep, d)
            if v > best:
                best, choice = v, m
        return best, deep, choice

    def _open(self, st: State, move: Move) -> tuple[float, float, int, list[_Open]]:
        """Play ``move`` and look its outcomes up: (what the outcomes known bring, that and
        the chance of the others, the longest line known, the other outcomes)."""
        acc = left = 0.0
        deep = 0
        seat = self.seat
        rest: list[_Open] = []
        for p, w, sigma in _branches(st, move, seat):
            o = w.outcome
            if o is not None:
                if seat in o.winners:
                    acc += p
                continue
            k = chance_key(w, seat, sigma)
            hit = self._known(k, len(w.history))
            if hit is None:
                rest.append((p, w, sigma, k))
                left += p
            else:
                acc += p * hit[0]
                deep = max(deep, hit[1])
        return acc, acc + left, deep, rest

    def _finish(self, acc: float, rest: list[_Open], alpha: float) -> tuple[float, int]:
        """The move's probability of winning from what ``_open`` knew of it (``acc`` from its
        outcomes known, the others in ``rest``), or at most ``alpha`` once it cannot beat it."""
        deep = 0
        left = sum(t[0] for t in rest)
        for p, w, sigma, k in rest:
            left -= p
            hit = self._known(k, len(w.history))  # (solved meanwhile, under another move)
            v, d = hit if hit is not None else self._solve(_relabel(w, sigma), k)
            deep = max(deep, d)
            acc += p * v
            if acc + left <= alpha:
                return acc + left, deep
        return acc, deep

    def _move(self, st: State, move: Move, alpha: float) -> tuple[float, int]:
        """The move's probability of winning, or at most ``alpha`` once it cannot beat it."""
        acc, up, d, rest = self._open(st, move)
        if not rest or up <= alpha:
            return (acc if not rest else up), d
        v, d2 = self._finish(acc, rest, alpha)
        return v, max(d, d2)

    def move_value(self, st: State, move: Move) -> float:
        """The move's probability of winning with best play afterwards."""
        return self._move(st, move, -1.0)[0]

    def best(self, st: State) -> tuple[float, Move]:
        """The best move from ``st`` and its probability of winning, found as the search
        finds it (a position the search solved is then mostly lookups). Cheaper than
        ``rank``: the moves that cannot beat it are abandoned as in the search."""
        if st.outcome is not None:
            raise SolveError("no legal move to solve")
        best, _deep, choice = self._choose(st)
        if choice is None:
            raise SolveError("no legal move to solve")
        return best, choice

    def rank(self, st: State) -> list[tuple[float, Move]]:
        """Every legal move with its probability of winning, best first (stable on ties)."""
        scored = [(self.move_value(st, m), i, m) for i, m in enumerate(st.legal_moves())]
        scored.sort(key=lambda t: (-t[0], t[1]))
        return [(v, m) for v, _i, m in scored]


def unseen_count(st: State, seat: int = 0) -> int:
    """How many cards ``seat`` cannot see (the box left out)."""
    return len(_hidden_places(st, seat))


def _swapped(st: State, a: int, b: int) -> tuple[Any, ...]:
    """The key of ``st`` (no mask) with the cards ``a`` and ``b`` exchanged."""
    w = st.copy(rng=False)
    ka, kb = w.where[a], w.where[b]
    ia, ib = w.zones[ka].index(a), w.zones[kb].index(b)
    w.zones[ka][ia], w.zones[kb][ib] = b, a
    return state_key(w)


def opening(game: Any, options: dict[str, str] | None = None, seat: int = 0,
            seed: int = 0) -> list[tuple[float, State]]:
    """The starts of a solo game as ``seat`` first sees them, with their probabilities.

    The setup deals some cards face up from the shuffled deck. A visible card is *dealt by
    chance* when exchanging it with any hidden card in the deck order gives the same start
    with the two exchanged (checked by starting the game on both orders); the places of those
    cards are then enumerated like hidden ones. The other visible cards (put in place by
    name, like Pyramide's items) stay where they are.
    """
    spec = game.spec
    codes = [c.code for c in spec.cards]
    order = list(range(len(codes)))
    random.Random(seed).shuffle(order)
    deck = [codes[i] for i in order]
    st0 = game.new_game(players=1, options=options, deck=deck)
    hidden = [st0.zones[k][i] for k, i in _hidden_places(st0, seat)]
    chance: list[tuple[str, int]] = []
    for key, ids in st0.zones.items():
        if key == BOX or not st0.visible(key, seat):
            continue
        for i, uid in enumerate(ids):
            ok = bool(hidden)
            for h in hidden:
                d2 = deck[:]
                ia, ib = d2.index(spec.cards[uid].code), d2.index(spec.cards[h].code)
                d2[ia], d2[ib] = d2[ib], d2[ia]
                other = game.new_game(players=1, options=options, deck=d2)
                if state_key(other) != _swapped(st0, uid, h):
                    ok = False
                    break
            if ok:
                chance.append((key, i))
    places = chance + _hidden_places(st0, seat)
    pool = sorted(st0.zones[k][i] for k, i in places)
    out: list[tuple[float, State]] = []

    def extend(prefix: tuple[int, ...], p: float) -> None:
        if len(prefix) == len(chance):
            taken = set(prefix)
            out.append((p, _deal(st0, places, [*prefix, *(c for c in pool if c not in taken)])))
            return
        rest = [c for c in pool if c not in prefix]
        for c in rest:
            extend((*prefix, c), p / len(rest))

    extend((), 1.0)
    return out


def win_probability(game: Any, options: dict[str, str] | None = None,
                    solver: ChanceSolver | None = None) -> tuple[float, ChanceSolver]:
    """The probability that best play wins a solo game from its start, exactly (the deal and
    every draw of chance unknown to the player)."""
    starts = opening(game, options)
    if solver is None:
        solver = ChanceSolver(starts[0][1])
    return sum(p * solver.value(st) for p, st in starts), solver


# ---------------------------------------------------------------- the solved table, cached

MOST_UNSEEN = 9  # the exact solver refuses a position that hides more cards than this

TABLE_VERSION = 2  # bump when the keys, the values the search stores, or the file change

_FINGERPRINTS: dict[tuple[int, str, int], str | None] = {}


def _probe(game: Any, options: dict[str, str], seat: int) -> bytes:
    """The keys this code gives a fixed sample of the game's positions: seeded random lines
    from seeded starts, and the outcomes of the first move at each (cards dealt by renaming
    included). A table is only read by code that keys positions as the code that wrote it."""
    keys: list[int] = []
    rng = random.Random(0)
    for i in range(8):
        st = game.new_game(players=1, options=options, seed=i)
        while st.outcome is None and len(keys) < 4000:
            keys.append(chance_key(st, seat))
            moves = st.legal_moves()
            for _p, w, sigma in _branches(st, moves[0], seat):
                keys.append(chance_key(w, seat, sigma) if w.outcome is None else -2)
            # the next position: a move and one of its outcomes, chosen by the seeded
            # generator (never the game's own, which a start draws from the system)
            outs = list(_branches(st, rng.choice(moves), seat))
            _p, w, sigma = outs[rng.randrange(len(outs))]
            st = _relabel(w, sigma) if sigma else w
        keys.append(-1)
    return array("q", keys).tobytes()


def _fingerprint(game: Any, options: dict[str, str], seat: int) -> str | None:
    """What a solved table depends on: the ruleset's files (their text), the options, the
    seat, ``TABLE_VERSION``, and how this code keys positions (``_probe``; the keys hash
    Python tuples and name the ruleset's blocks by the numbers the loader gives them, so the
    Python version counts too). None when the ruleset is not read from a file. A change to
    the code that keeps the keys and the values keeps the table: a long solve stopped and
    taken up again (``solved``) survives unrelated changes."""
    from tabletop.summary import ruleset_signature

    sig = ruleset_signature(Path(game.spec.source))
    if sig is None:
        return None
    texts = hashlib.sha256()
    for path in (row[0] for row in sig):
        try:
            texts.update(Path(path).read_bytes())
        except (OSError, TypeError):
            return None
    memo = (id(game.spec), f"{sorted(options.items())} {seat} {texts.hexdigest()}", seat)
    if memo in _FINGERPRINTS:
        return _FINGERPRINTS[memo]
    h = hashlib.sha256(f"{TABLE_VERSION} {sys.version_info[:2]} {memo[1]}".encode())
    fp: str | None = None
    try:  # no table for a game too hidden to solve exactly
        if unseen_count(game.new_game(players=1, options=options, seed=0), seat) <= MOST_UNSEEN:
            h.update(_probe(game, options, seat))
            fp = h.hexdigest()[:20]
    except TabletopError:
        fp = None
    _FINGERPRINTS[memo] = fp
    return fp


def table_file(game: Any, options: dict[str, str], seat: int = 0) -> Path | None:
    """Where the solved table of ``game`` under ``options`` is kept (the cache folder of
    tabletop/summary.py), or None when it cannot be kept. A search stopped before the end
    keeps what it solved beside it (``partial_file``)."""
    from tabletop.summary import cache_dir

    fp = _fingerprint(game, options, seat)
    return None if fp is None else cache_dir() / f"solved-{game.spec.id}-{fp}.bin"


def partial_file(table: Path) -> Path:
    """Where a search of the whole game stopped before the end keeps the positions it solved
    (every one exact), to go on from there next time."""
    return table.with_name(table.name[:-4] + ".partial")


def _save_table(path: Path, head: dict[str, Any], solver: ChanceSolver) -> None:
    keys, values, depths = solver.memo.arrays()
    head = {**head, "entries": len(keys)}
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
        with tmp.open("wb") as f:
            f.write(json.dumps(head).encode() + b"\n")
            keys.tofile(f)
            values.tofile(f)
            depths.tofile(f)
        os.replace(tmp, path)
    except OSError:
        pass  # a read-only cache: the next run solves again


def _load_table(path: Path, solver: ChanceSolver) -> dict[str, Any] | None:
    """Fill ``solver``'s memo from a saved table; its header, or None if there is none."""
    try:
        with path.open("rb") as f:
            head = json.loads(f.readline())
            n = int(head["entries"])
            keys, values, depths = array("q"), array("d"), array("H")
            keys.fromfile(f, n)
            values.fromfile(f, n)
            depths.fromfile(f, n)
    except (OSError, ValueError, KeyError, TypeError, EOFError):
        return None
    solver.memo.update(keys, values, depths)
    return head if isinstance(head, dict) else None


def load_solved(game: Any, options: dict[str, str], seat: int, solver: ChanceSolver) -> bool:
    """Fill ``solver`` with the game's solved table if ``solved`` has kept one for these
    options and this ruleset text; whether it did."""
    path = table_file(game, options, seat)
    if path is None or not path.exists():
        return False
    head = _load_table(path, solver)
    solver.whole = head is not None
    return solver.whole


def solved(game: Any, options: dict[str, str] | None = None, seat: int = 0,
           seconds: float | None = None, cache: bool = True, nodes: int | None = None,
           progress: Callable[[int, int], None] | None = None
           ) -> tuple[float, ChanceSolver, dict[str, Any]]:
    """The exact probability that best play wins ``game`` from its start, the solver holding
    the value of every position searched, and how it was had (``positions``, ``seconds``,
    ``cached``, ``resumed``: the positions taken up from a search stopped before). The table
    is kept in the cache folder, one per ruleset text, options and seat, and read again while
    the ruleset is unchanged: the first run solves, the next ones read. ``seconds`` bounds the
    solving and ``nodes`` the positions searched (``OutOfBudget``); a search stopped by either,
    or by Ctrl-C, keeps the positions it solved (``partial_file``, also written every
    ``checkpoint_every`` seconds of a long search) and the next run goes on from them.
    ``progress`` is told, as the search goes, the positions searched and those taken up."""
    options = game.check_options(options or {})
    starts = opening(game, options, seat)
    solver = ChanceSolver(starts[0][1], seat, seconds=seconds, nodes=nodes)
    path = table_file(game, options, seat) if cache else None
    if path is not None and path.exists():
        head = _load_table(path, solver)
        if head is not None and isinstance(head.get("probability"), float):
            solver.whole = True
            return head["probability"], solver, {**head, "cached": True, "resumed": 0}
        solver.memo.clear()
    partial = partial_file(path) if path is not None else None
    resumed = 0
    before = 0.0  # the processor time of the search taken up
    if partial is not None and partial.exists():
        head = _load_table(partial, solver)
        if head is None or head.get("game") != game.spec.id:
            solver.memo.clear()
        else:
            resumed = len(solver.memo)
            with contextlib.suppress(TypeError, ValueError):
                before = float(head.get("seconds", 0.0))
    t = time.process_time()

    def keep() -> None:
        if partial is not None:
            _save_table(partial, {"game": game.spec.id, "options": options, "seat": seat,
                                  "seconds": before + time.process_time() - t}, solver)

    solver.checkpoint = keep if partial is not None else None
    if progress is not None:
        solver.progress = lambda n: progress(n, resumed)
    solver._next_checkpoint = time.perf_counter() + solver.checkpoint_every
    try:
        p = sum(q * solver.value(st) for q, st in starts)
    except (OutOfBudget, KeyboardInterrupt) as e:
        keep()
        e.kept = len(solver.memo) if partial is not None else 0  # type: ignore[union-attr]
        raise
    solver.whole = True
    head = {"game": game.spec.id, "options": options, "seat": seat, "probability": p,
            "positions": len(solver.memo) + len(solver.memo_at),
            "seconds": before + time.process_time() - t}
    if path is not None:
        _save_table(path, head, solver)
        if partial is not None:
            with contextlib.suppress(OSError):
                partial.unlink()
    return p, solver, {**head, "cached": False, "resumed": resumed}
