"""Seat players that choose among legal moves.

A bot is given what its seat may know and nothing else: ``choose(seat, view, legal, sample)``
where ``sample(rng)`` returns a possible world that agrees with the seat's view (the real state
with every card the seat cannot see dealt again at random, and chance reseeded). Search bots
play on such worlds, never on the real one, so they cannot read hidden cards.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from tabletop.bots.expert import ExpertBot
from tabletop.engine.state import Move, State
from tabletop.engine.views import LazyView
from tabletop.errors import BotError, TabletopError
from tabletop.i18n.messages import ruleset_error
from tabletop.lang.expr import Compiled
from tabletop.rules.values import message_error

Sampler = Callable[[random.Random], State]


class Bot(Protocol):
    name: str

    def choose(self, seat: int, view: dict[str, Any], legal: list[Move],
               sample: Sampler) -> Move:
        """Pick one of ``legal``. ``sample(rng)`` gives a state that agrees with ``view``."""


def reward(state: State, seat: int) -> float:
    """How good a finished game is for ``seat``, in [0, 1]: mostly winning, partly score."""
    o = state.outcome
    assert o is not None
    won = seat in o.winners
    bounds = state.spec.score_bounds
    if bounds is None or bounds[1] <= bounds[0]:
        return 1.0 if won else 0.0
    lo, hi = bounds
    norm = (o.scores[seat] - lo) / (hi - lo)
    return (0.7 if won else 0.0) + 0.3 * min(1.0, max(0.0, norm))


def rollout(state: State, rng: random.Random) -> State:
    """Play uniformly random moves to the end (the state is changed; a state on which the
    ruleset fails is left as the failure left it)."""
    _random_moves(state, rng, None)
    return state


_Random = random.Random


def _random_moves(st: State, rng: random.Random, cut: int | None) -> None:
    """Play uniformly random moves until the game ends, at most ``cut`` of them (None: no
    bound), as ``st.play(rng.choice(st.legal_moves()))`` would: the same moves, the same
    draws from ``rng``, the same game after each and the same error naming the field if the
    ruleset fails; but nothing is kept to undo a move (``State.play_listed``: the world is
    thrown away then) and ``Random.choice`` is written out for the generator's own class.
    A ruleset's ``rollout_policy: by_move`` draws a move id first, then one of its moves
    (``_by_move_moves``)."""
    if st.spec.rollout_policy == "by_move":
        _by_move_moves(st, rng, cut)
        return
    if type(rng) is not _Random:
        while st.outcome is None and (cut is None or (cut := cut - 1) >= 0):
            st.play_listed(rng.choice(st.legal_moves()))
        return
    getrandbits = rng.getrandbits
    play = st.play_listed
    left = -1 if cut is None else max(cut, 0)  # -1: no bound (it never comes down to 0)
    while st.outcome is None and left != 0:
        left -= 1
        moves = st.legal_moves()
        n = len(moves)
        if not n:
            rng.choice(moves)  # the error choice gives (a game with no move, not over)
        k = n.bit_length()  # Random._randbelow, as choice draws it
        r = getrandbits(k)
        while r >= n:
            r = getrandbits(k)
        play(moves[r])


def _by_move_moves(st: State, rng: random.Random, cut: int | None) -> None:
    """``_random_moves`` for ``rollout_policy: by_move``: each move of a playout draws one of
    the move ids legal now (lay, done, accuse) alike, then one of that id's moves alike; so a
    seat that could lay any of five cards accuses as often as it lays, as a player weighs
    the two, instead of once in six."""
    play = st.play_listed
    choice = rng.choice
    left = -1 if cut is None else max(cut, 0)
    while st.outcome is None and left != 0:
        left -= 1
        moves = st.legal_moves()
        first = moves[0].move_id if moves else None
        if all(m.move_id == first for m in moves):  # one id (or none: choice's error)
            play(choice(moves))
            continue
        kinds: dict[str, list[Move]] = {}
        for m in moves:
            kinds.setdefault(m.move_id, []).append(m)
        play(choice(choice(list(kinds.values()))))


class RandomBot:
    """A uniformly random legal move, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, seat: int, view: dict[str, Any], legal: list[Move],
               sample: Sampler) -> Move:
        return self.rng.choice(legal)


class _ViewCtx:
    """Expression context over a view: names are the view's keys."""

    __slots__ = ("locals", "view", "seat", "players")

    def __init__(self, view: dict[str, Any] | LazyView, seat: int, players: int) -> None:
        self.locals: dict[str, Any] = {}
        self.view = view
        self.seat = seat
        self.players = players

    def lookup(self, name: str) -> Any:
        if name == "me":
            return self.seat
        if name == "players":
            return self.players
        return self.view.get(name)

    def lookup_at(self, name: str, index: Any) -> Any:
        v = self.lookup(name)
        if isinstance(v, list) and isinstance(index, int) and -len(v) <= index < len(v):
            return v[index]
        return None

    def call(self, name: str, args: Sequence[Compiled]) -> Any:
        raise ruleset_error(BotError, "evaluate_call", name=name)


class GreedyBot:
    """One move ahead: plays each legal move on a sampled world and keeps the best result.

    A finished game is scored by ``reward``. Where the ruleset declares ``evaluate``, a move
    is judged once it has played out: the rest of the seat's turn and the others' replies
    are played at random until the seat's next turn begins (at most ``rollout_moves``
    moves when the ruleset declares it), and the position reached is scored by ``evaluate``
    over the seat's view; so a Poison Cloud that strikes at the end of the target's next turn,
    a defence the target may answer with, a claim the next player may accuse, all count.
    Every move of a sampled world is played out with the same random draws (``playouts``
    of them), so the moves are compared on the same replies. Without ``evaluate``, a move is
    judged by a few random playouts to the end.
    """

    name = "greedy"

    def __init__(self, seed: int | None = None, samples: float = 3, playouts: float = 2
                 ) -> None:
        self.rng = random.Random(seed)
        self.samples = max(1, int(samples))
        self.playouts = max(1, int(playouts))

    def value(self, state: State, seat: int) -> float:
        if state.is_over:
            return 1000.0 * reward(state, seat)
        if state.spec.evaluate is not None:
            return _judge(state, seat)
        total = 0.0
        for _ in range(self.playouts):
            total += reward(rollout(state.copy(), self.rng), seat)
        return 1000.0 * total / self.playouts

    def choose(self, seat: int, view: dict[str, Any], legal: list[Move],
               sample: Sampler) -> Move:
        if len(legal) == 1:
            return legal[0]
        scores = {m.text: 0.0 for m in legal}
        for _ in range(self.samples):
            world = sample(self.rng)
            settle = world.spec.evaluate is not None
            draws = [self.rng.getrandbits(64) for _ in range(self.playouts if settle else 0)]
            turn = world.turn
            for m in legal:
                st = world.copy()
                try:
                    st.play(m.text)
                except TabletopError:  # not legal in this world: judge it by the others
                    continue
                if not settle:
                    scores[m.text] += self.value(st, seat)
                    continue
                for d in draws:
                    out = st.copy()
                    _play_out_turn(out, seat, turn, random.Random(d))
                    scores[m.text] += self.value(out, seat) / len(draws)
        best = max(scores.values())
        return self.rng.choice([m for m in legal if scores[m.text] == best])


def _play_out_turn(st: State, seat: int, turn: int, rng: random.Random) -> None:
    """Random moves (as playouts choose them) until ``seat`` is to move in a turn of its own
    after ``turn``, or the game ends; at most ``rollout_moves`` moves when the ruleset
    declares it."""
    left = st.spec.rollout_moves
    while st.outcome is None and (left is None or left > 0):
        if st.turn != turn and st.turn_seat == seat and st.current_player == seat:
            return
        _random_moves(st, rng, 1)
        if left is not None:
            left -= 1


def _judge(state: State, seat: int) -> float:
    """A playout cut short, for ``seat``: a finished game by ``reward`` (times 1000, as greedy
    scores it), an unfinished one by the ruleset's ``evaluate`` over the seat's view."""
    if state.is_over:
        return 1000.0 * reward(state, seat)
    evaluate = state.spec.evaluate
    assert evaluate is not None  # the loader requires it beside rollout_moves
    v = evaluate(_ViewCtx(state.lazy_view(seat), seat, state.players))
    if isinstance(v, bool) or not isinstance(v, int | float):
        raise ruleset_error(BotError, "evaluate_number", v=v)
    return float(v)


class _Node:
    __slots__ = ("mover", "children", "visits", "total", "avail")

    def __init__(self, mover: int | None) -> None:
        self.mover = mover
        self.children: dict[str, _Node] = {}
        self.visits = 0
        self.total = 0.0
        self.avail = 1


class MctsBot:
    """Information-set Monte Carlo tree search (single observer).

    Each iteration samples a world that agrees with the seat's view (determinisation), walks
    the tree by UCB among the moves legal in that world, adds one node, finishes the game at
    random and credits each node's mover with its reward. Rewards are rescaled to the spread
    seen so far, so the exploration constant ``c`` suits games whose rewards differ only by a
    few points of score (solo games that are rarely won). ``iterations`` bound the search;
    ``seconds`` (default ``SECONDS``; 0: none) is a guard on top, so that no move keeps a table
    waiting longer: the same seed gives the same move wherever the iterations end first. The
    most visited move is played. A ruleset's ``rollout_moves`` cuts each playout short,
    scored by its ``evaluate`` (``_judge``).
    """

    name = "mcts"
    SECONDS = 2.0  # the longest a move may think, by default

    def __init__(self, seed: int | None = None, iterations: float = 200,
                 seconds: float = SECONDS, c: float = 0.7) -> None:
        self.rng = random.Random(seed)
        self.iterations = max(1, int(iterations))
        self.seconds = float(seconds)
        self.c = float(c)

    def choose(self, seat: int, view: dict[str, Any], legal: list[Move],
               sample: Sampler) -> Move:
        if len(legal) == 1:
            return legal[0]
        rng = self.rng
        root = _Node(None)
        lo, hi = math.inf, -math.inf  # the spread of rewards seen so far: UCB works on it
        # rescaled (rewards of 0 to 1, or evaluate's numbers where playouts are cut short)
        deadline = time.perf_counter() + self.seconds if self.seconds > 0 else None
        c = self.c
        log, sqrt = math.log, math.sqrt
        for _ in range(self.iterations):
            if deadline is not None and time.perf_counter() > deadline:
                break
            st = sample(rng)
            node = root
            path = [root]
            # the moves are played as play() would (State.play_listed: a world is thrown
            # away if the ruleset fails in it, so nothing is kept to undo a move)
            while st.outcome is None:
                moves = st.legal_moves()
                kids = node.children
                untried = [m for m in moves if m.text not in kids]
                if untried:
                    m = rng.choice(untried)
                    child = _Node(st.current_player)
                    kids[m.text] = child
                    st.play_listed(m)
                    path.append(child)
                    break
                children = [(m, kids[m.text]) for m in moves]
                for _m, ch in children:
                    ch.avail += 1
                best_m, best = children[0]
                best_score = -math.inf
                spread = hi - lo if hi > lo else 1.0
                for m, ch in children:
                    visits = ch.visits
                    score = ((ch.total / visits - lo) / spread
                             + c * sqrt(log(ch.avail) / visits))
                    if score > best_score:
                        best_m, best, best_score = m, ch, score
                st.play_listed(best_m)
                node = best
                path.append(best)
            cut = st.spec.rollout_moves
            _random_moves(st, rng, cut)
            rewards = [reward(st, s) if cut is None else _judge(st, s)
                       for s in range(st.players)]
            lo, hi = min(lo, *rewards), max(hi, *rewards)
            for n in path:
                n.visits += 1
                if n.mover is not None:
                    n.total += rewards[n.mover]
        by_text = {m.text: m for m in legal}
        ranked = sorted(((ch.visits, t) for t, ch in root.children.items() if t in by_text),
                        reverse=True)
        if not ranked:
            return rng.choice(legal)
        return by_text[ranked[0][1]]


BOTS: dict[str, Callable[..., Any]] = {"random": RandomBot, "greedy": GreedyBot,
                                       "mcts": MctsBot, "expert": ExpertBot}


def make_bot(kind: str, seed: int | None = None, **settings: float) -> Bot:
    """A bot by name (random, greedy, mcts, expert) with its settings (greedy: samples,
    playouts; mcts: iterations, seconds (2 by default); expert: worlds, nodes, seconds, exact).

    :raises BotError: no bot of that kind, or a setting it does not take.
    """
    factory = BOTS.get(kind)
    if factory is None:
        raise message_error(BotError, "no_bot", kind=kind, bots=", ".join(sorted(BOTS)))
    try:
        bot: Bot = factory(seed=seed, **settings)
    except TypeError:
        raise message_error(BotError, "bot_settings", kind=kind,
                            settings=", ".join(settings)) from None
    return bot


def decide(bot: Bot, state: State, seat: int) -> Move:
    """Ask ``bot`` for the move of ``seat`` in ``state``, showing it only what the seat sees:
    among the moves it weighs (``State.bot_moves``: a question's ``bot`` hint), except the
    random bot, which plays any legal move."""
    legal = state.legal_moves() if isinstance(bot, RandomBot) else state.bot_moves(seat)
    return bot.choose(seat, state.view(seat), legal, lambda rng: state.determinize(seat, rng))

