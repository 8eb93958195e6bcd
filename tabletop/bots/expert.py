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

import random
import time
from typing import Any

from ..solve import (
    NOWIN,
    ChanceSolver,
    OutOfBudget,
    PerfectSolver,
    SolveError,
    _Words,
    load_solved,
    unseen_count,
)
from ..state import Move, State
from . import BotError, Sampler


class ExpertBot:
    name = "expert"

    def __init__(self, seed: int | None = None, worlds: float = 6, nodes: float = 100,
                 seconds: float = 2.0, exact: float = 6) -> None:
        self.rng = random.Random(seed)
        self.worlds = max(1, int(worlds))
        self.nodes = max(1, int(nodes))
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
            return self._sampled(world, seat, legal, sample)
        except SolveError as e:
            raise BotError(f"bot expert cannot play {world.game.name}: {e}") from None

    def _sampled(self, world: State, seat: int, legal: list[Move], sample: Sampler
                 ) -> list[tuple[float | None, Move]]:
        words = _Words(world)
        wins = [0.0] * len(legal)
        settled = [0] * len(legal)
        bounds = [0.0] * len(legal)
        deadline = time.perf_counter() + self.seconds if self.seconds > 0 else None
        n = 0
        while n < self.worlds:
            if n and deadline is not None and time.perf_counter() > deadline:
                break
            if n:
                world = sample(self.rng)
            n += 1
            for i, m in enumerate(legal):
                c = world.copy()
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
