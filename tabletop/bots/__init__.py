"""Seat players that choose among legal moves. A bot sees what its seat may see: the view,
the legal moves, and (for search) states sampled to agree with that view."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol

from ..errors import TabletopError
from ..state import Move, State


class BotError(TabletopError):
    """An unknown bot kind or a bad bot setting."""


class Bot(Protocol):
    name: str

    def choose(self, seat: int, view: dict[str, Any], legal: list[Move],
               sample: Callable[[random.Random], State]) -> Move:
        """Pick one of ``legal``. ``sample(rng)`` gives a state that agrees with ``view``."""


class RandomBot:
    """A uniformly random legal move, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, seat: int, view: dict[str, Any], legal: list[Move],
               sample: Callable[[random.Random], State]) -> Move:
        return self.rng.choice(legal)


BOTS: dict[str, Callable[..., Any]] = {"random": RandomBot}


def make_bot(kind: str, seed: int | None = None, **settings: Any) -> Bot:
    """A bot by name (random, greedy, mcts).

    :raises BotError: no bot of that kind.
    """
    factory = BOTS.get(kind)
    if factory is None:
        raise BotError(f"no bot {kind!r}; the bots are: {', '.join(sorted(BOTS))}")
    bot: Bot = factory(seed=seed, **settings)
    return bot


def decide(bot: Bot, state: State, seat: int) -> Move:
    """Ask ``bot`` for the move of ``seat`` in ``state``, showing it only what the seat sees."""
    return bot.choose(seat, state.view(seat), state.legal_moves(),
                      lambda rng: state.determinize(seat, rng))
