"""`tabletop check FILE` plays: seeded random games that find what loading cannot.

A ruleset can load and still fail at the table: no move is legal at the start, a state where
nobody can move, a procedure that loops, a view or a score that fails, a game that never ends
before max_moves. ``play_check`` plays random games (every player count, every option value in
turn) within a time budget and reports each kind of problem once, with the seed, the players,
the options and the moves that reproduce it.
"""

from __future__ import annotations

import random
import time

import attrs

from .errors import TabletopError
from .game import Game
from .state import State


@attrs.frozen
class Problem:
    """One problem met in a random game, and how to meet it again."""

    kind: str  # start | stuck | limit | play | moves | view | score | setup | end
    message: str
    seed: int
    players: int
    options: dict[str, str]
    moves: tuple[str, ...]

    def command(self, path: str) -> str:
        """The command line that deals the same game (then type ``moves``)."""
        opts = "".join(f" --option {k}={v}" for k, v in sorted(self.options.items()))
        return f"tabletop play {path} --seed {self.seed} --players {self.players}{opts}"


@attrs.define
class Report:
    games: int = 0
    seconds: float = 0.0
    stopped: bool = False  # the time budget ran out before every game was played
    problems: list[Problem] = attrs.field(factory=list)
    lengths: list[int] = attrs.field(factory=list)


def _plans(game: Game, games: int) -> list[tuple[int, int, dict[str, str]]]:
    """(seed, players, options) for each game: player counts and option values in turn."""
    spec = game.spec
    counts = list(range(spec.min_players, spec.max_players + 1))[:8]
    out = []
    for i in range(games):
        opts = {name: o.values[(i // len(counts)) % len(o.values)]
                for name, o in spec.options.items()}
        out.append((i + 1, counts[i % len(counts)], opts))
    return out


def play_check(game: Game, games: int = 300, seconds: float = 20.0) -> Report:
    """Play up to ``games`` seeded random games within ``seconds``; each kind of problem is
    reported once (the first game that shows it)."""
    report = Report()
    start = time.monotonic()
    deadline = start + seconds
    seen: set[str] = set()
    for seed, players, opts in _plans(game, games):
        if time.monotonic() > deadline:
            report.stopped = True
            break
        problem = _one_game(game, seed, players, opts, deadline)
        report.games += 1
        if isinstance(problem, int):
            report.lengths.append(problem)
        elif problem is not None and problem.kind not in seen:
            seen.add(problem.kind)
            report.problems.append(problem)
    report.seconds = time.monotonic() - start
    return report


def _one_game(game: Game, seed: int, players: int, opts: dict[str, str],
              deadline: float) -> Problem | int | None:
    """The game's length when it ends well, None when the time ran out, else its problem."""
    def problem(kind: str, message: str, st: State | None, last: str | None = None) -> Problem:
        moves = tuple(st.history) if st is not None else ()
        return Problem(kind, message, seed, players, opts,
                       moves + ((last,) if last is not None else ()))

    try:
        st = game.new_game(players=players, seed=seed, options=opts)
    except TabletopError as e:
        return problem("setup", f"the game cannot be set up: {e}", None)
    rng = random.Random(seed)
    spec = game.spec
    while True:
        if time.monotonic() > deadline:
            return None
        try:
            legal = st.legal_moves()
        except TabletopError as e:
            return problem("moves", str(e), st)
        if st.is_over:
            break
        if not legal:
            if not st.history:
                return problem("start", "no move is legal at the start, and the game is not "
                               "over", st)
            return problem("stuck", f"nobody can move after {len(st.history)} "
                           f"{_plural(len(st.history), 'move')}, and the game is not over", st)
        for seat in {None, st.current_player}:
            try:
                st.view(seat)
            except TabletopError as e:
                return problem("view", str(e), st)
        move = rng.choice(legal)
        try:
            st.play(move)
        except TabletopError as e:  # the move was undone: it is the last one to type
            return problem("play", str(e), st, move.text)
    outcome = st.outcome
    assert outcome is not None
    if outcome.name == "limit" and "limit" not in spec.outcomes:
        return problem("limit", f"the game reached max_moves ({spec.max_moves}) without "
                       "ending: random play never finishes it (raise max_moves, or check "
                       "the end rules)", st)
    for seat in [None, *range(players)]:
        try:
            st.view(seat)
        except TabletopError as e:
            return problem("view", str(e), st)
    try:  # the reason is written when first read (effects._reasons_later): read it here
        outcome.reason_in("en")
    except TabletopError as e:
        return problem("end", str(e), st)
    bad = [w for w in outcome.winners if not 0 <= w < players]
    if bad:
        return problem("score", f"the outcome {outcome.name!r} names winners that are not "
                       f"seats: {bad}", st)
    bounds = spec.score_bounds
    if bounds is not None:
        for s in outcome.scores:
            if not bounds[0] <= s <= bounds[1]:
                return problem("score", f"a score of {s} is outside score_bounds "
                               f"{list(bounds)}", st)
    return len(st.history)


def _plural(n: int, word: str) -> str:
    return word if n == 1 else word + "s"


def describe(path: str, game: Game, report: Report) -> list[str]:
    """The lines `tabletop check` prints for a report."""
    spec = game.spec
    lines = []
    n = report.games
    span = (str(spec.min_players) if spec.min_players == spec.max_players
            else f"{spec.min_players}-{spec.max_players}")
    played = (f"played {n} random {_plural(n, 'game')} in {report.seconds:.1f} s ({span} "
              f"{_plural(spec.max_players, 'player')}"
              + (", every option value in turn" if spec.options else "") + ")")
    if report.lengths:
        lens = sorted(report.lengths)
        played += (f"; {lens[0]} to {lens[-1]} moves, {lens[len(lens) // 2]} in the middle "
                   "game")
    lines.append(played)
    if report.stopped:
        lines.append("stopped there: the time budget ran out (--seconds to give more)")
    for p in report.problems:
        lines.append(f"problem: {p.message}")
        lines.append(f"  seed {p.seed}, {p.players} {_plural(p.players, 'player')}"
                     + (f", options {', '.join(f'{k}={v}' for k, v in sorted(p.options.items()))}"
                        if p.options else ""))
        lines.append(f"  to see it: {p.command(path)}")
        if p.moves:
            lines.append(f"  then type these {len(p.moves)} {_plural(len(p.moves), 'move')}: "
                         + " | ".join(p.moves))
    if not report.problems:
        lines.append("no problem found")
    return lines


def describe_spec(game: Game) -> str:
    spec = game.spec
    n_cards, n_moves = len(spec.cards), len(spec.moves)
    span = (str(spec.min_players) if spec.min_players == spec.max_players
            else f"{spec.min_players}-{spec.max_players}")
    return (f"{n_cards} {_plural(n_cards, 'card')}, {n_moves} {_plural(n_moves, 'move')}, "
            f"{span} {_plural(spec.max_players, 'player')}")


__all__ = ["Problem", "Report", "describe", "describe_spec", "play_check"]
