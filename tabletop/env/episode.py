"""One game played for learning agents: the seats the agents hold and the bots the others,
the mask and the observation of a seat, an action played, the rewards at the end. The
PettingZoo and Gymnasium adapters (aec.py, gym.py) are thin shells over it."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import numpy as np
from numpy.typing import NDArray

from tabletop.bots import Bot, decide, make_bot
from tabletop.bots import reward as bots_reward
from tabletop.engine.game import Game
from tabletop.engine.state import Move, State
from tabletop.env.coding import Coding, EnvError, coding_for
from tabletop.errors import BotError, IllegalMoveError, OptionError

REWARDS = ("win", "score", "bots")
ILLEGAL = ("lose", "raise")

# an opponent: a bot's name ("mcts"), its name with settings ("mcts:iterations=50"), or a bot
Opponent = str | Bot


def opponent_bot(spec: Opponent, seed: int) -> Bot:
    """The bot an opponent's spec names, seeded (a search bot thinks for its iterations, not
    for a time, so that the same seed plays the same moves)."""
    if not isinstance(spec, str):
        if not callable(getattr(spec, "choose", None)):
            raise BotError(f"an opponent is a bot's name (random, greedy, mcts, expert) or a "
                           f"bot with a choose method, not {spec!r}")
        return spec
    kind, _, rest = spec.partition(":")
    settings: dict[str, float] = {}
    for part in filter(None, (p.strip() for p in rest.split(","))):
        name, eq, value = part.partition("=")
        try:
            if not eq:
                raise ValueError(part)
            settings[name.strip()] = float(value)
        except ValueError:
            raise BotError(f"the opponent {spec!r} has a setting that is not name=number: "
                           f"{part!r} (e.g. mcts:iterations=50)") from None
    if kind.strip() in ("mcts", "expert") and "seconds" not in settings:
        settings["seconds"] = 0.0
    return make_bot(kind.strip(), seed=seed, **settings)


class Episode:
    """A game of ``game`` at ``players`` with ``options``: the seats in ``opponents`` (seat
    number -> opponent) are played by bots, the others by agents, one action at a time."""

    def __init__(self, game: Game, players: int, options: Mapping[str, Any] | None,
                 opponents: Mapping[int, Opponent], max_moves: int | None, reward: str,
                 illegal: str = "lose") -> None:
        if reward not in REWARDS:
            raise OptionError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
        if illegal not in ILLEGAL:
            raise OptionError(f"illegal must be one of {', '.join(ILLEGAL)}, not {illegal!r}")
        self.illegal = illegal
        self.game = game
        self.players = players
        self.coding: Coding = coding_for(game, players, options or {})
        self.options = self.coding.options
        self.opponents = dict(opponents)
        self.agents = [s for s in range(players) if s not in self.opponents]
        if not self.agents:
            raise OptionError("every seat is given to an opponent: leave at least one seat "
                              "to the agents")
        self.max_moves = game.spec.max_moves if max_moves is None else int(max_moves)
        if self.max_moves < 1:
            raise OptionError(f"max_moves must be 1 or more, not {max_moves!r}")
        self.reward = reward
        self.bots: dict[int, Bot] = {}
        self.state: State = game.new_game(players=players, seed=0, options=self.options)
        self.truncated = False
        # the seat whose agent chose an action that is not legal, when that ends the game
        self.forfeit: int | None = None
        self._legal: dict[int, Move] | None = None

    @property
    def size(self) -> int:
        return len(self.coding.actions)

    def reset(self, seed: int) -> None:
        """A new game from ``seed`` (the same seed, the same deal and the same bots' moves)."""
        self.state = self.game.new_game(players=self.players, seed=seed, options=self.options)
        draws = random.Random(seed)
        self.bots = {s: opponent_bot(spec, draws.getrandbits(63))
                     for s, spec in sorted(self.opponents.items())}
        self.truncated = False
        self.forfeit = None
        self._legal = None
        self._bots_play()

    @property
    def over(self) -> bool:
        return self.state.is_over or self.truncated or self.forfeit is not None

    @property
    def to_move(self) -> int | None:
        """The agent's seat that decides now (None once the game is over)."""
        return None if self.over else self.state.current_player

    def _bots_play(self) -> None:
        """The bots' moves until an agent decides; the game truncated once it has played
        max_moves moves (or ended by the ruleset's own limit)."""
        st = self.state
        while not st.is_over and len(st.history) < self.max_moves:
            seat = st.current_player
            if seat is None or seat not in self.bots:
                break
            st.play(decide(self.bots[seat], st, seat))
        if not st.is_over and len(st.history) >= self.max_moves:
            self.truncated = True
        self._ended_by_limit()

    def _ended_by_limit(self) -> None:
        o = self.state.outcome
        if o is not None and o.name == "limit":  # the ruleset's own move limit
            self.truncated = True

    def legal(self) -> dict[int, Move]:
        """The legal moves of the seat to decide, by their action."""
        if self._legal is None:
            table = self.coding.actions
            out: dict[int, Move] = {}
            for m in ([] if self.over else self.state.legal_moves()):
                i = table.lookup(m)
                if i is None:
                    raise EnvError(
                        f"{self.game.id}: the move {m.text!r} is not in the game's table of "
                        f"actions (a move its rules can make that the survey did not meet); "
                        f"say so in an issue, with the ruleset and the seed "
                        f"{self.state.seed}")
                out[i] = m
            self._legal = out
        return self._legal

    def mask(self, seat: int) -> NDArray[np.int8]:
        mask = np.zeros(self.size, dtype=np.int8)
        if seat == self.to_move:
            mask[list(self.legal())] = 1
        return mask

    def observation(self, seat: int) -> NDArray[np.float32]:
        coded = self.coding.observation.encode(self.state.view(seat), seat,
                                                seat == self.to_move)
        return np.asarray(coded, dtype=np.float32)

    def play(self, action: int) -> None:
        """The seat to decide plays ``action``; then the bots play until an agent decides.
        An action that is not legal now loses the game for that seat (``illegal: lose``, as
        PettingZoo's own card and board games rule it), or raises (``illegal: raise``).

        :raises IllegalMoveError: the action is not legal now and ``illegal`` is ``raise``,
            or the game is over (the sentence names it)."""
        legal = self.legal()
        try:
            i = int(action)
        except (TypeError, ValueError):
            raise IllegalMoveError(f"an action is a whole number from 0 to {self.size - 1}, "
                                   f"not {action!r}") from None
        move = legal.get(i)
        if move is None and self.illegal == "lose" and not self.over:
            self.forfeit = self.to_move
            self._legal = None
            return
        if move is None:
            table = self.coding.actions
            named = f"{table.text(i)!r}" if 0 <= i < self.size else "out of range"
            example = table.text(next(iter(legal))) if legal else "none: the game is over"
            raise IllegalMoveError(f"action {i} ({named}) is not legal now; a legal one: "
                                   f"{example} (read the mask)")
        self._legal = None
        self.state.play(move)
        self._bots_play()
        self._legal = None

    def rewards(self) -> dict[int, float]:
        """Each seat's reward once the game is over (0 for every seat before, and after a
        truncation; -1 for a seat that forfeited by an action that is not legal, 0 for the
        others): ``win`` +1 a winner, -1 a seat that lost to a winner, 0 when nobody won;
        ``score`` the seat's score, in [0, 1] over the ruleset's score bounds when it gives
        them; ``bots`` the bots' own judge (tabletop.bots.reward)."""
        if self.forfeit is not None:  # an action that was not legal: that seat lost
            return {s: -1.0 if s == self.forfeit else 0.0 for s in range(self.players)}
        o = self.state.outcome
        if o is None or self.truncated:
            return {s: 0.0 for s in range(self.players)}
        if self.reward == "win":
            loss = -1.0 if o.winners else 0.0
            return {s: 1.0 if s in o.winners else loss for s in range(self.players)}
        if self.reward == "score":
            bounds = self.game.spec.score_bounds
            out = {}
            for s in range(self.players):
                v = float(o.scores[s])
                if bounds is not None and bounds[1] > bounds[0]:
                    v = (v - bounds[0]) / (bounds[1] - bounds[0])
                out[s] = v
            return out
        return {s: bots_reward(self.state, s) for s in range(self.players)}
