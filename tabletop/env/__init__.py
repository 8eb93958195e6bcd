"""Every game an environment for learning agents (the ``rl`` extra: pettingzoo, gymnasium,
numpy). docs/rl.md says how to use them.

>>> import tabletop.env                                           # doctest: +SKIP
>>> env = tabletop.env.aec_env("deck-menteur", players=3)         # doctest: +SKIP
>>> env.reset(seed=1)                                             # doctest: +SKIP
>>> obs, reward, done, cut, info = env.last()                     # doctest: +SKIP
>>> env.action_text(int(obs["action_mask"].argmax()))             # doctest: +SKIP
'lay 7C'

``aec_env`` makes a PettingZoo ``AECEnv`` (one agent per seat no bot holds), ``gym_env`` a
Gymnasium ``Env`` (one seat; a solo game, or the other seats played by bots). Both take a
shipped game's id, a ruleset's path or a loaded ``Game``.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tabletop.errors import OptionError, PlayerCountError

if TYPE_CHECKING:
    from tabletop.engine.game import Game
    from tabletop.env.aec import TabletopAEC
    from tabletop.env.episode import Opponent
    from tabletop.env.gym import TabletopGym

EXTRA = "pip install 'tabletop[rl]' (or, in this checkout, pip install -e '.[rl]')"


def _need(*modules: str) -> None:
    for name in modules:
        try:
            importlib.import_module(name)
        except ImportError:
            raise ImportError(f"tabletop.env needs {name}, which is not installed: {EXTRA}"
                              ) from None


def _game(game: str | Path | Game) -> Game:
    from tabletop.engine.game import Game
    from tabletop.registry import load
    return game if isinstance(game, Game) else load(game)


def _seat_of(key: Any, players: int) -> int:
    """A seat as an opponents mapping names it: "P2", or 1 (seats count from 0)."""
    if isinstance(key, int) and not isinstance(key, bool):
        seat = key
    elif isinstance(key, str) and key[:1] in "Pp" and key[1:].isdigit():
        seat = int(key[1:]) - 1
    else:
        raise OptionError(f"an opponent's seat is named P1 to P{players} (or 0 to "
                          f"{players - 1}), not {key!r}")
    if not 0 <= seat < players:
        raise OptionError(f"there is no seat {key!r} at {players} players: seats are P1 to "
                          f"P{players}")
    return seat


def _players(g: Game, players: int | None) -> int:
    n = g.spec.min_players if players is None else players
    if not isinstance(n, int) or isinstance(n, bool) or not (
            g.spec.min_players <= n <= g.spec.max_players):
        raise PlayerCountError(f"{g.id} is played by {g.spec.min_players} to "
                               f"{g.spec.max_players} players, not {players!r}")
    return n


def aec_env(game: str | Path | Game, players: int | None = None,
            options: Mapping[str, Any] | None = None,
            opponents: Mapping[str | int, Opponent] | None = None,
            max_moves: int | None = None, reward: str = "win", illegal: str = "lose",
            render_mode: str | None = None) -> TabletopAEC:
    """A PettingZoo ``AECEnv`` of ``game`` at ``players`` (its fewest by default).

    ``opponents`` gives seats to bots (``{"P2": "mcts"}``, ``"mcts:iterations=50"``, or a
    bot object); the other seats are agents, named P1, P2, ... ``observe(agent)`` gives
    ``{"observation": float32 vector, "action_mask": int8 vector}``; ``action_text(i)`` the
    move an action stands for; ``observation_names()`` what each number is. Rewards come at
    the end (``reward``: ``win``, ``score`` or ``bots``, see docs/rl.md); ``max_moves`` (the
    ruleset's own limit by default) truncates a game that runs longer. An action the mask
    does not allow loses the game for its agent (-1, the others 0; ``illegal="raise"``:
    an IllegalMoveError instead).
    """
    _need("numpy", "gymnasium", "pettingzoo")
    from tabletop.env.aec import TabletopAEC
    from tabletop.env.episode import Episode
    g = _game(game)
    n = _players(g, players)
    bots = {_seat_of(k, n): v for k, v in (opponents or {}).items()}
    return TabletopAEC(Episode(g, n, options, bots, max_moves, reward, illegal), render_mode)


def gym_env(game: str | Path | Game, players: int | None = None,
            options: Mapping[str, Any] | None = None, seat: str | int = "P1",
            opponents: Mapping[str | int, Opponent] | None = None,
            max_moves: int | None = None, reward: str = "win", illegal: str = "lose",
            render_mode: str | None = None) -> TabletopGym:
    """A Gymnasium ``Env`` of one seat of ``game`` (P1 by default): a solo game, or a game of
    ``players`` whose other seats bots play (``opponents``; a seat it does not name is played
    by the random bot). The rest is as ``aec_env``."""
    _need("numpy", "gymnasium")
    from tabletop.env.episode import Episode
    from tabletop.env.gym import TabletopGym
    g = _game(game)
    n = _players(g, players)
    me = _seat_of(seat, n)
    bots: dict[int, Opponent] = {s: "random" for s in range(n) if s != me}
    for k, v in (opponents or {}).items():
        s = _seat_of(k, n)
        if s == me:
            raise OptionError(f"seat {k!r} is the agent's own seat: give an opponent to "
                              "another seat")
        bots[s] = v
    return TabletopGym(Episode(g, n, options, bots, max_moves, reward, illegal), render_mode)


__all__ = ["EXTRA", "aec_env", "gym_env"]
