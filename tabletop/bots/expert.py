"""bot:expert: plays a solo game from its view alone, as well as the solvers let it.

Where the seat cannot see only a few cards (``exact``, default 6), it plays exactly: the
``ChanceSolver`` computes the probability of winning of every move by expectimax over every
card it cannot see and every draw of chance, and it plays the best (Pyramide Escape). Elsewhere
(Scoundrel) it searches fairly: it samples ``worlds`` worlds that agree with its view (the
unseen cards dealt again at random), and in each it asks the perfect-information solver whether
each move still leads to a win (``nodes`` positions at most a question); it plays the move that
wins in the most worlds, ties broken by the ruleset's ``solver.win_bound`` averaged over the
worlds. ``seconds`` bounds a decision (at least one world is always searched).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from tabletop.analysis.solve import (
    NOWIN,
    ChanceSolver,
    OutOfBudget,
    PerfectSolver,
    SolveError,
    SolverWords,
    load_solved,
    state_key,
    unseen_count,
)
from tabletop.engine.state import Ctx, Move, State
from tabletop.errors import BotError

if TYPE_CHECKING:
    from tabletop.bots import Sampler


class ExpertBot:
    name = "expert"

    def __init__(self, seed: int | None = None, worlds: float = 6, nodes: float = 100,
                 seconds: float = 2.0, exact: float = 6) -> None:
        for name, v, least in (("worlds", worlds, 1), ("nodes", nodes, 1),
                               ("exact", exact, 0)):
            if isinstance(v, bool) or not isinstance(v, int | float) or v != int(v) or v < least:
                raise BotError(f"bot expert's {name} must be a whole number of {least} or "
                               f"more, not {v!r}")
        if isinstance(seconds, bool) or not isinstance(seconds, int | float) or \
                not 0 <= seconds < math.inf:
            raise BotError(f"bot expert's seconds must be a number of 0 or more, not "
                           f"{seconds!r}")
        self.rng = random.Random(seed)
        self.worlds = int(worlds)
        self.nodes = int(nodes)
        self.seconds = float(seconds)
        self.exact = int(exact)
        self._solvers: dict[tuple[Any, ...], ChanceSolver] = {}

    def choose(self, seat: int, view: dict[str, Any], legal: list[Move],
               sample: Sampler) -> Move:
        if len(legal) == 1:
            self._solo(sample(self.rng))
            return legal[0]
        return self.rank(seat, legal, sample)[0][1]

    @staticmethod
    def _solo(world: State) -> None:
        if world.players != 1:
            raise BotError(f"bot expert plays only solo games, and {world.game.name} is "
                           f"played by {world.players}")

    def chance_solver(self, world: State, seat: int) -> ChanceSolver:
        """One exact solver per game and options, kept: its memo serves every later game. It
        starts from the game's solved table when ``tabletop solve`` has kept one (the cache
        folder): every decision of the game is then a lookup."""
        k = (world.spec.id, world.spec.source, tuple(sorted(world.options.items())), seat)
        s = self._solvers.get(k)
        if s is None:
            s = self._solvers[k] = ChanceSolver(world, seat)
            s.whole = load_solved(world.game, world.options, seat, s)
        return s

    def _exact(self, world: State, seat: int) -> ChanceSolver | None:
        """The exact solver, where the bot plays exactly: few cards unseen (``exact``), or
        the game's whole table solved and kept."""
        s = self.chance_solver(world, seat)
        return s if s.whole or unseen_count(world, seat) <= self.exact else None

    def rank(self, seat: int, legal: list[Move], sample: Sampler
             ) -> list[tuple[float | None, Move]]:
        """Every legal move with its estimated chance to win (None: no world sampled was
        settled within the budget), best first.

        :raises BotError: the game is not a solo game.
        """
        world = sample(self.rng)
        self._solo(world)
        try:
            exact = self._exact(world, seat)
            if exact is not None and unseen_count(world, seat) > self.exact:
                # many cards unseen: the best move is a lookup in the solved table, the
                # others are not searched again (None)
                v, best = exact.best(world)
                return [(v, best), *((None, m) for m in legal if m != best)]
            if exact is not None:
                return list(exact.rank(world))
            estimate = (world.spec.bot or {}).get("estimate")
            if estimate is not None:
                return self._lookahead(world, seat, legal, sample, estimate)
            return self._sampled(world, seat, legal, sample)
        except SolveError as e:
            raise BotError(f"bot expert cannot play {world.game.name}: {e}") from None

    def _worlds(self, world: State, sample: Sampler) -> Iterator[State]:
        """The world seen, then worlds sampled from the seat's view: ``worlds`` in all, fewer
        when ``seconds`` run out (the first is always given)."""
        deadline = time.perf_counter() + self.seconds if self.seconds > 0 else None
        for n in range(self.worlds):
            if n and deadline is not None and time.perf_counter() > deadline:
                return
            yield world if n == 0 else sample(self.rng)

    def _sampled(self, world: State, seat: int, legal: list[Move], sample: Sampler
                 ) -> list[tuple[float | None, Move]]:
        words = SolverWords(world)
        wins = [0.0] * len(legal)
        settled = [0] * len(legal)
        bounds = [0.0] * len(legal)
        n = 0
        for w in self._worlds(world, sample):
            n += 1
            for i, m in enumerate(legal):
                c = w.copy()
                c.quiet = True
                c.play(m)
                b = words.win_bound(c)
                bounds[i] += 0.0 if b == NOWIN else min(b, 1e6)
                if b == NOWIN:  # no win from there: settled
                    settled[i] += 1
                    continue
                try:
                    won, _ = PerfectSolver(c, nodes=self.nodes).decide(c)
                except OutOfBudget:
                    continue
                wins[i] += 1.0 if won else 0.0
                settled[i] += 1
        scored = sorted(((wins[i] / n, bounds[i] / n, -i) for i in range(len(legal))),
                        reverse=True)
        return [(w if settled[-j] else None, legal[-j]) for w, _b, j in scored]

    # ------------------------------------------------------------ with the ruleset's estimate

    def _lookahead(self, world: State, seat: int, legal: list[Move], sample: Sampler,
                   estimate: Any) -> list[tuple[float | None, Move]]:
        """Each move's worth: the best the seat can reach by its own moves until the game
        shows it something new (a card it could not see, a draw of chance), judged there by
        the ruleset's ``bot.estimate``; averaged over ``worlds`` sampled worlds (over one, when a
        second gives every move the same worth: the estimate then reads nothing hidden). Past that
        point nothing is searched: what comes next is not known, so no plan can rely on it
        (no strategy reads the unseen order). No chance to win is given (None)."""
        totals = [0.0] * len(legal)
        first: list[float] = []
        for n, w in enumerate(self._worlds(world, sample), 1):
            look = _Lookahead(w, seat, estimate, self.nodes)
            worth = [look.after(w, m) for m in legal]
            if n == 2 and worth == first:  # the worths do not depend on the hidden cards:
                break  # more worlds would only repeat them
            first = worth
            totals = [t + w for t, w in zip(totals, worth, strict=True)]
        scored = sorted(((totals[i], -i) for i in range(len(legal))), reverse=True)
        return [(None, legal[-j]) for _t, j in scored]


WON = 10.0**9  # the estimate of a won game (plus its score): above any position still open


class _Lookahead:
    """The search of ``ExpertBot._lookahead`` on one world: depth first over the seat's moves,
    each position once (its canonical key), to the first move that shows something new."""

    def __init__(self, world: State, seat: int, estimate: Any, nodes: int) -> None:
        self.seat = seat
        self.estimate = estimate
        self.nodes = nodes
        self.memo: dict[tuple[Any, ...], float] = {}

    def seen(self, st: State) -> set[int]:
        """The cards ``seat`` sees or knows in ``st``."""
        out = set(st.known[self.seat])
        for k, ids in st.zones.items():
            if st.visible(k, self.seat):
                out.update(ids)
        return out

    def judge(self, st: State) -> float:
        o = st.outcome
        if o is not None:
            score = float(o.scores[self.seat])
            return WON + score if self.seat in o.winners else -WON + score
        v = self.estimate(Ctx(st, {"me": self.seat}))
        if isinstance(v, bool) or not isinstance(v, int | float):
            raise BotError(f"the ruleset's bot.estimate gave {v!r}, not a number")
        return float(v)

    def after(self, st: State, move: Move, seen: set[int] | None = None) -> float:
        """The worth of playing ``move`` in ``st`` (``seen``: what the seat sees there)."""
        if seen is None:
            seen = self.seen(st)
        c = st.copy()
        c.quiet = True
        draws = c.rng.getstate()
        c.play(move)
        return self.value(c, seen, draws)

    def value(self, st: State, seen: set[int], draws: Any) -> float:
        if st.is_over or st.rng.getstate() != draws:
            return self.judge(st)
        now = self.seen(st)
        if not now <= seen or len(self.memo) >= self.nodes:
            return self.judge(st)
        key = state_key(st)
        v = self.memo.get(key)
        if v is None:
            v = -math.inf
            for m in st.legal_moves():
                v = max(v, self.after(st, m, now))
            self.memo[key] = v
        return v
