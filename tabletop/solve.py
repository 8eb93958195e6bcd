"""Solving solo games through the engine's public API, for any ruleset.

Two solvers, both generic (they know no game; they play moves on copies of states):

* ``PerfectSolver``: with perfect information (it plays on a copy of the real state, so it
  knows the order of the draw pile and the future of chance), a depth-first search that
  decides whether seat 0 can still win, finds one winning line and the best score of a win.
  States are memoised on a canonical key (zones, vars, the effect frames, the pending
  question). A ruleset may help it with its optional ``solver:`` section
  (docs/yaml-reference.md): ``win_bound``, an optimistic bound on the score of any win still
  reachable (null: none is), prunes branches; ``monotone`` names vars of which more is never
  worse, so a position that failed with more of them fails with less too.

* ``ChanceSolver``: fair and exact. It plays from what the seat sees: every card the seat
  cannot see, and every draw of chance (coin flips, random picks), is a chance node whose
  outcomes it enumerates with their probabilities; it maximises the probability of winning
  (expectimax). Exact, so only for small games (a few hidden cards): Pyramide Escape.

How chance is enumerated (``outcomes``): the hidden places are listed (zones the seat cannot
see, top first, cards it does not know); a move is played on a world where a prefix of those
places holds chosen cards and the rest a fixed filling; if the move revealed a place beyond the
prefix, the prefix grows by one place, one branch per unseen card. Draws of the state's
generator are scripted (``_Script``): each draw of ``randrange(n)`` (and so ``choice``,
``sample``, ``shuffle``) is a chance node with n equally likely outcomes, and each
``random()`` a fair coin (the engine's ``flip`` compares it with 0.5).

Rules code: no rich here; the CLI and the table show the results.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Iterable
from typing import Any

from .errors import TabletopError
from .expr import Work
from .spec import CardDef
from .state import BOX, Ctx, Move, State
from .views import place_cards

NOWIN = -(10**9)  # the value of a position from which no win is reachable
MAX_DRAWS = 16  # draws of chance in one move that the exact solver enumerates


class SolveError(TabletopError):
    """A game the solver cannot handle, or a search that ran out of its budget."""


class OutOfBudget(SolveError):
    """The search reached its node or time budget before deciding."""


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


class _Words:
    """The ruleset's ``solver:`` section, ready to evaluate on a state."""

    def __init__(self, st: State) -> None:
        words = st.spec.solver or {}
        self.bound: Callable[[Any], Any] | None = words.get("win_bound")
        self.monotone: tuple[str, ...] = tuple(words.get("monotone", ()))
        derived = st.spec.derived
        self.monotone_vars = tuple(n for n in self.monotone if n not in derived)
        self.monotone_derived = tuple(n for n in self.monotone if n in derived)

    def win_bound(self, st: State) -> float:
        """The best score a win could still have from ``st`` (NOWIN: no win is reachable)."""
        if st.outcome is not None:
            return st.outcome.scores[0] if 0 in st.outcome.winners else NOWIN
        if self.bound is None:
            return math.inf
        saved, st._derived_memo = st._derived_memo, {}  # nothing changes while it is read
        Work.reset()  # its own budget of work, as a move or a view has
        try:
            v = self.bound(Ctx(st, {"me": 0}))
        finally:
            st._derived_memo = saved
        if v is None or v is False:
            return NOWIN
        if isinstance(v, bool) or not isinstance(v, int | float):
            raise SolveError(f"the ruleset's solver.win_bound gave {v!r}, not a number")
        return v

    def vector(self, st: State) -> tuple[Any, ...]:
        """The ``monotone`` values of ``st`` (more is never worse), vars then derived values;
        null counts as the least."""
        vals = [st.vars.get(v) for v in self.monotone_vars]
        if self.monotone_derived:
            ctx = Ctx(st, {"me": 0})
            vals.extend(ctx.lookup(n) for n in self.monotone_derived)
        return tuple(-math.inf if x is None else x for x in vals)


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
        self.words = _Words(game_state)
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

    def decide(self, st: State) -> tuple[bool, tuple[str, ...]]:
        """Whether seat 0 can win from ``st``, and one winning line (move texts)."""
        self._start()
        v, line = self._search(st, NOWIN, True, self.words.win_bound(st))
        return v > NOWIN, line

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
        children: list[tuple[float, int, str, State, Any, Any]] = []
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
            children.append((self.words.win_bound(c), i, m.text, c, ck, cv))
        children.sort(key=lambda t: (-t[0], t[1]))  # the best bound first
        for cb, _i, text, c, ck, cv in children:
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


# ---------------------------------------------------------------- chance (fair, exact)


class _Script(random.Random):
    """A generator whose draws are given: each ``randrange(n)`` (and what is built on it) takes
    the next scripted index, each ``random()`` the next index of a fair coin (0: below 0.5).
    Past the script it records the first draw asked for (``need``: how many outcomes)."""

    def __init__(self, script: tuple[int, ...]) -> None:
        super().__init__(0)
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
    w = st.copy(rng=False)
    w.quiet = True
    place_cards(w, places, cards)
    return w


def outcomes(st: State, move: Move | str, seat: int = 0, check: bool = False
             ) -> list[tuple[float, State]]:
    """Every way ``move`` can turn out for ``seat``, with its probability: the unseen cards it
    reveals and the draws of chance it makes. Each world is a state after the move (its other
    unseen cards in an arbitrary order). ``check`` also plays each outcome with the unseen
    cards left over in another order and fails if the seat would see a difference."""
    places = _hidden_places(st, seat)
    pool = sorted(st.zones[k][i] for k, i in places)
    out: list[tuple[float, State]] = []
    todo: list[tuple[tuple[int, ...], tuple[int, ...], float]] = [((), (), 1.0)]
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
        if deepest >= len(prefix):
            for c in rest:
                todo.append(((*prefix, c), script, p / len(rest)))
            continue
        if rng.need is not None:
            for k in range(rng.need):
                todo.append((prefix, (*script, k), p / rng.need))
            continue
        if check and len(rest) > 1:
            w2 = _deal(st, places, [*prefix, *reversed(rest)])
            w2.rng = _Script(script)
            w2.play(move)
            if state_key(w2, seat) != state_key(w, seat):
                raise SolveError("a move depends on the order of cards the seat cannot see "
                                 "without showing them: the exact solver cannot enumerate it")
        out.append((p, w))
    return out


class ChanceSolver:
    """Exact expectimax from what ``seat`` sees: the probability of winning with best play.

    The memo is keyed by what the seat sees (``state_key`` with the seat's mask), so one
    solver serves every game of the same ruleset and options. ``nodes`` bounds the work.
    """

    def __init__(self, game_state: State, seat: int = 0, nodes: int | None = None,
                 seconds: float | None = None) -> None:
        if not is_solo(game_state):
            raise SolveError(f"{game_state.game.name} is not a solo game: the solver plays "
                             "only games of one player")
        self.seat = seat
        self.node_budget = nodes
        self.deadline = time.perf_counter() + seconds if seconds else None
        self.nodes = 0
        self.memo: dict[int, float] = {}

    def key(self, st: State) -> int:
        # the hash of the key, not the key: millions of positions fit in memory (two
        # different positions share a 64-bit hash with a chance far below one in a million)
        return hash((state_key(st, self.seat), len(st.history)))

    def value(self, st: State) -> float:
        """The probability of winning from ``st`` with best play, from the seat's view."""
        o = st.outcome
        if o is not None:
            return 1.0 if self.seat in o.winners else 0.0
        k = self.key(st)
        v = self.memo.get(k)
        if v is not None:
            return v
        self.nodes += 1
        if self.node_budget is not None and self.nodes > self.node_budget:
            raise OutOfBudget("the exact search reached its node budget")
        if self.deadline is not None and not self.nodes & 63 \
                and time.perf_counter() > self.deadline:
            raise OutOfBudget("the exact search reached its time budget")
        best = 0.0
        for m in st.legal_moves():
            best = max(best, self.move_value(st, m))
            if best >= 1.0:
                break
        self.memo[k] = best
        return best

    def move_value(self, st: State, move: Move) -> float:
        return sum(p * self.value(w) for p, w in outcomes(st, move, self.seat))

    def rank(self, st: State) -> list[tuple[float, Move]]:
        """Every legal move with its probability of winning, best first (stable on ties)."""
        scored = [(self.move_value(st, m), i, m) for i, m in enumerate(st.legal_moves())]
        scored.sort(key=lambda t: (-t[0], t[1]))
        return [(v, m) for v, _i, m in scored]


def unseen_count(st: State, seat: int = 0) -> int:
    """How many cards ``seat`` cannot see (the box left out)."""
    return len(_hidden_places(st, seat))


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson interval of a proportion k/n."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, c - h), min(1.0, c + h)


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
