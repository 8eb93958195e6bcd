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

from tabletop.engine.game import Game
from tabletop.engine.state import State
from tabletop.errors import TabletopError
from tabletop.i18n.catalogue import Langs
from tabletop.i18n.messages import counted, number, ruleset_texts
from tabletop.safety.limits import GAME_MOVES

LEAK_EVERY = 3  # every how many moves a random game looks for a leak of hidden cards


@attrs.frozen
class Problem:
    """One problem met in a random game, and how to meet it again."""

    kind: str  # start | stuck | limit | endless | play | moves | view | score | setup | end
    # | leak
    message: str
    seed: int
    players: int
    options: dict[str, str]
    moves: tuple[str, ...]
    # the message in each language (English at least)
    texts: dict[str, str] = attrs.field(factory=dict)

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
                for name, o in spec.options.items() if not o.retired}
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
        problem = _one_game(game, seed, players, opts, deadline, seconds / 2)
        report.games += 1
        if isinstance(problem, int):
            report.lengths.append(problem)
        elif problem is not None and problem.kind not in seen:
            seen.add(problem.kind)
            report.problems.append(problem)
    report.seconds = time.monotonic() - start
    return report


def _one_game(game: Game, seed: int, players: int, opts: dict[str, str],
              deadline: float, most: float = float("inf")) -> Problem | int | None:
    """The game's length when it ends well, None when the time ran out, else its problem.
    A game not over after GAME_MOVES moves, or after ``most`` seconds when the budget runs
    out, is the problem "endless" (said with its seed and the moves played, not listed)."""
    began = time.monotonic()
    def problem(kind: str, message: str | dict[str, str] | Exception, st: State | None,
                last: str | None = None, **kw: object) -> Problem:
        """A problem: ``message`` is a key of i18n.messages' catalogue (its values as
        keywords), or the error met."""
        texts = (ruleset_texts(message, **kw) if isinstance(message, str) else
                 {"en": str(message), **(getattr(message, "texts", None) or {})})
        moves = tuple(st.history) if st is not None else ()
        return Problem(kind, texts["en"], seed, players, opts,
                       moves + ((last,) if last is not None else ()), texts)

    try:
        st = game.new_game(players=players, seed=seed, options=opts)
    except TabletopError as e:
        return problem("setup", "check_setup", None, error=e)
    rng = random.Random(seed)
    spec = game.spec
    while True:
        if time.monotonic() > deadline:
            if st.history and time.monotonic() - began > most:
                return attrs.evolve(problem("endless", "check_endless_time", st,
                                            n=len(st.history), seconds=round(most),
                                            max=spec.max_moves), moves=())
            return None
        if len(st.history) >= GAME_MOVES and not st.is_over:
            return attrs.evolve(problem("endless", "check_endless", st, n=GAME_MOVES,
                                        max=spec.max_moves), moves=())
        try:
            legal = st.legal_moves()
        except TabletopError as e:
            return problem("moves", e, st)
        if st.is_over:
            break
        if not legal:
            if not st.history:
                return problem("start", "check_start", st)
            return problem("stuck", "check_stuck", st, n=len(st.history),
                           move_word=counted(len(st.history), "move"))
        for seat in {None, st.current_player}:
            try:
                st.view(seat)
            except TabletopError as e:
                return problem("view", e, st)
        if len(st.history) % LEAK_EVERY == 0:  # redeal what each seat cannot see: what
            for seat in range(players):         # it is shown must not change
                what = leak(st, seat, rng)
                if what is not None:
                    return problem("leak", "check_leak", st, seat=seat + 1, what=what)
        move = rng.choice(legal)
        try:
            st.play(move)
        except TabletopError as e:  # the move was undone: it is the last one to type
            return problem("play", e, st, move.text)
    outcome = st.outcome
    assert outcome is not None
    if outcome.name == "limit" and "limit" not in spec.outcomes:
        return problem("limit", "check_limit", st, n=spec.max_moves)
    for seat in [None, *range(players)]:
        try:
            st.view(seat)
        except TabletopError as e:
            return problem("view", e, st)
    try:  # the reason is written when first read (effects._reasons_later): read it here
        outcome.reason_in("en")
    except TabletopError as e:
        return problem("end", e, st)
    bad = [w for w in outcome.winners if not 0 <= w < players]
    if bad:
        return problem("score", "check_winners", st, name=outcome.name, bad=bad)
    bounds = spec.score_bounds
    if bounds is not None:
        for s in outcome.scores:
            if not bounds[0] <= s <= bounds[1]:
                return problem("score", "check_score", st, score=s, bounds=list(bounds))
    return len(st.history)


def shown_to(st: State, seat: int) -> dict[str, object]:
    """Everything the table shows ``seat`` now: its view, the log it may read, and when it
    decides, its moves with their hints and the question's prompt, in each language."""
    out: dict[str, object] = {
        "view": st.view(seat),
        "log": [e.text_in(lang) for e in st.log if e.visible_to(seat) for lang in ("en", "fr")]}
    if st.current_player == seat and not st.is_over:
        legal = st.legal_moves()
        for lang in ("en", "fr"):
            out[f"moves {lang}"] = [st.move_text(m, lang) for m in legal]
            out[f"hints {lang}"] = [st.move_hint(m, lang) for m in legal]
            out[f"prompt {lang}"] = st.prompt(lang)
    return out


def leak(st: State, seat: int, rng: random.Random) -> str | None:
    """What ``seat`` is shown that changes when the cards it cannot see are dealt again
    (``determinize``): the name of the first thing that changes, or None when nothing does
    (nothing the seat is shown depends on what it may not see)."""
    before = shown_to(st, seat)
    after = shown_to(st.determinize(seat, rng), seat)
    for what, shown in before.items():
        if after.get(what) != shown:
            return what
    return None


def describe(path: str, game: Game, report: Report, lang: str = "en") -> list[str]:
    """The lines `tabletop check` prints for a report, in ``lang``."""
    spec = game.spec
    lines = []

    def say(key: str, **kw: object) -> str:
        return ruleset_texts(key, **kw)[lang]

    n = report.games
    span = (str(spec.min_players) if spec.min_players == spec.max_players
            else f"{spec.min_players}-{spec.max_players}")
    played = say("check_played", n=n, game_word=counted(n, "game"),
                 seconds=Langs(en=number(report.seconds, "en", 1),
                               fr=number(report.seconds, "fr", 1)), span=span,
                 player_word=counted(spec.max_players, "player"),
                 every=say("check_every_option") if spec.options else "")
    if report.lengths:
        lens = sorted(report.lengths)
        played += say("check_lengths", lo=lens[0], hi=lens[-1], mid=lens[len(lens) // 2])
    lines.append(played)
    if report.stopped:
        lines.append(say("check_stopped"))
    for p in report.problems:
        lines.append(say("check_problem", message=p.texts.get(lang) or p.message))
        options = ", ".join(f"{k}={v}" for k, v in sorted(p.options.items()))
        lines.append(say("check_seed", seed=p.seed, n=p.players,
                         player_word=counted(p.players, "player"),
                         options=say("check_options", options=options) if p.options else ""))
        lines.append(say("check_to_see", command=p.command(path)))
        if p.moves:
            lines.append(say("check_then", n=len(p.moves),
                             move_word=counted(len(p.moves), "move"),
                             moves=" | ".join(p.moves)))
    if not report.problems:
        lines.append(say("check_no_problem"))
    return lines


def describe_spec(game: Game, lang: str = "en") -> str:
    spec = game.spec
    n_cards, n_moves = len(spec.cards), len(spec.moves)
    span = (str(spec.min_players) if spec.min_players == spec.max_players
            else f"{spec.min_players}-{spec.max_players}")
    return ruleset_texts("check_summary", cards=n_cards, card_word=counted(n_cards, "card"),
                         moves=n_moves, move_word=counted(n_moves, "move"), span=span,
                         player_word=counted(spec.max_players, "player"))[lang]


__all__ = ["Problem", "Report", "describe", "describe_spec", "leak", "play_check", "shown_to"]
