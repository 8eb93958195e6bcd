"""``tabletop solve``: see docs/solve.md. A deal decided (``--seed``, ``--deck``), the share of
deals winnable (``--games``), or the best play and its chance (no seed; ``--load``)."""

from __future__ import annotations

import argparse
import contextlib
import re
import signal
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from rich.console import Console

from tabletop import registry
from tabletop.cli import usage
from tabletop.cli.parser import Command, Help, add_games_dir, add_lang, add_option
from tabletop.cli.usage import UsageError
from tabletop.i18n.catalogue import LANGS, text_of
from tabletop.i18n.messages import counted, number
from tabletop.i18n.table import default_lang, t
from tabletop.safety.files import size_text


def arguments(command: Command, h: Help) -> None:
    p = command("solve", h("help_cmd_solve"))
    p.add_argument("game", metavar=h("help_meta_game"), nargs="?", help=h("help_solve_game"))
    p.add_argument("--seed", help=h("help_solve_seed"))
    p.add_argument("--deck", help=h("help_solve_deck"))
    p.add_argument("--games", type=int, metavar="N", help=h("help_solve_games"))
    add_option(p, h, "help_solve_option")
    p.add_argument("--load", metavar=h("help_meta_file"), help=h("help_solve_load"))
    p.add_argument("--seconds", type=float, default=60.0, metavar="S", help=h("help_solve_seconds"))
    p.add_argument("--workers", type=int, default=1, metavar="N", help=h("help_solve_workers"))
    p.add_argument("--json", action="store_true", help=h("help_solve_json"))
    add_lang(p, h)
    add_games_dir(p, h)


def run(console: Console, a: argparse.Namespace, lang: str) -> int:
    if a.games is not None:  # it shows its own progress bar
        return solve(console, a)
    with console.status(t(lang, "solve_status", seconds=number(a.seconds, lang))) as status:
        return solve(console, a, status)


def solve_one(job: tuple[str, int, dict[str, str], float]) -> tuple[int, bool | None, float]:
    """One deal of ``tabletop solve --games`` (in a worker): (seed, verdict or None, seconds)."""
    from tabletop.analysis.solve import OutOfBudget, PerfectSolver

    game_id, seed, options, seconds = job
    st = registry.load(game_id).new_game(players=1, seed=seed, options=options)
    start = time.process_time()  # processor time: the figures do not depend on the machine's load
    try:
        won: bool | None = PerfectSolver(st, seconds=seconds).decide(st)[0]
    except OutOfBudget:
        won = None
    return seed, won, time.process_time() - start


def solve(console: Console, a: argparse.Namespace, status: Any = None) -> int:
    """``status``: rich's status line, told how a long search goes."""
    import json

    if not a.game and not a.load:
        raise UsageError("cli_which_game_solve")
    if sum(x is not None and x is not False for x in (a.seed, a.deck, a.games, a.load)) > 1:
        raise UsageError("cli_solve_one_of")
    if not 1 <= a.workers <= 64:
        raise UsageError("cli_workers", n=a.workers)
    if not a.seconds > 0:
        raise UsageError("cli_seconds", n=f"{a.seconds:g}")
    state = None
    if a.load:
        state = registry.restore(usage.read_save(a.load)[1])
        game = state.game
    else:
        game = registry.load(a.game)
    lang = a.lang or default_lang()
    if game.spec.min_players > 1:
        raise UsageError("solve_not_solo", game=game.spec.name)
    options = game.check_options(usage.options(a.option)) if state is None else state.options
    out: dict[str, object] = {"game": game.id, "options": options}
    if a.games is not None:
        say = _deals(console, a, game, options, lang, out)
    elif a.seed is not None or a.deck is not None:
        say = _one_deal(a, game, options, lang, out)
    else:
        say = _best_play(a, game, state, options, lang, status, out)
    if a.json:
        console.print(json.dumps(out, ensure_ascii=False), markup=False, highlight=False,
                      soft_wrap=True)
    else:
        for line_ in say:
            console.print(line_, markup=False, highlight=False)
    return 0


def _deals(console: Console, a: argparse.Namespace, game: Any, options: dict[str, str],
           lang: str, out: dict[str, object]) -> list[str]:
    """``--games N``: the deals of seeds 0 to N-1 decided, and the share winnable."""
    import statistics

    from rich.progress import Progress

    from tabletop.analysis import stats

    if not 1 <= a.games <= 1_000_000:
        raise UsageError("cli_solve_games", n=a.games)
    jobs = [(game.source_ref or game.id, k, options, a.seconds) for k in range(a.games)]
    results: list[tuple[int, bool | None, float]] = []
    with Progress(console=console, transient=True) as bar:
        task = bar.add_task(t(lang, "solve_bar"), total=a.games)
        if a.workers > 1:
            import multiprocessing
            with multiprocessing.Pool(a.workers) as pool:
                for r in pool.imap_unordered(solve_one, jobs):
                    results.append(r)
                    bar.advance(task)
        else:
            for j in jobs:
                results.append(solve_one(j))
                bar.advance(task)
    won = sum(1 for _s, w, _t in results if w)
    decided = sum(1 for _s, w, _t in results if w is not None)
    lo, hi = stats.wilson(won, decided)
    median = statistics.median(s for _s, _w, s in results)
    out.update({"games": a.games, "winnable": won, "decided": decided,
                "share": won / decided if decided else None, "interval": [lo, hi],
                "median_seconds": median})
    say = [t(lang, "solve_share", game=text_of(game.spec.name, lang),
             options=_options_text(options, lang), won=won, decided=decided)]
    if decided:
        say.append(t(lang, "solve_interval", pct=number(100 * won / decided, lang, 1),
                     lo=number(100 * lo, lang, 1), hi=number(100 * hi, lang, 1)))
    if decided < a.games:
        say.append(t(lang, "solve_undecided_deals", n=a.games - decided,
                     deals=counted(a.games - decided, "deal")[lang],
                     seconds=number(a.seconds, lang)))
    say.append(t(lang, "solve_median", median=number(median, lang, 2)))
    return say


def _one_deal(a: argparse.Namespace, game: Any, options: dict[str, str], lang: str,
              out: dict[str, object]) -> list[str]:
    """``--seed`` or ``--deck``: can this deal be won, its best score and a winning line."""
    from tabletop.analysis import solve

    if a.deck is not None:
        codes = [c for c in re.split(r"[\s,]+", a.deck.strip()) if c]
        state = game.new_game(players=1, options=options, deck=codes)
        out["deck"] = codes
        where = t(lang, "solve_deck")
    else:
        seed = usage.seed(a.seed)
        state = game.new_game(players=1, seed=seed, options=options)
        out["seed"] = seed
        where = t(lang, "solve_seed", seed=seed)
    t0 = time.perf_counter()
    solver = solve.PerfectSolver(state, seconds=a.seconds)
    proven = True  # the best score is proven, not only the score of the line found
    try:
        won, line = solver.decide(state)
    except solve.OutOfBudget:
        won, line = None, ()
    best: float = solve.NOWIN
    if won:
        replay = state.copy()
        replay.quiet = True
        for text in line:
            replay.play(text)
        assert replay.outcome is not None
        best = replay.outcome.scores[0]
        try:  # a better win than the line found, within a budget of its own
            better, better_line = solver.best(state, best)
            if better > best:
                best, line = better, better_line
        except solve.OutOfBudget:
            proven = False
    out.update({"winnable": won, "best_score": None if best == solve.NOWIN else best,
                "best_proven": proven if won else None,
                "line": list(line), "seconds": time.perf_counter() - t0})
    name = text_of(game.spec.name, lang)
    seconds = number(a.seconds, lang)
    if won is None:
        return [t(lang, "solve_undecided", game=name, where=where, seconds=seconds)]
    if not won:
        return [t(lang, "solve_lost", game=name, where=where)]
    say = [t(lang, "solve_line_scores", game=name, where=where, best=f"{best:g}",
             seconds=seconds) if not proven else
           t(lang, "solve_best", game=name, where=where, best=f"{best:g}")]
    say.append(t(lang, "solve_line", replay=f" {game.id} --seed {a.seed}"
                 if a.seed is not None else ""))
    say.extend(_wrap(_line_in(state, line, lang)))
    return say


def _best_play(a: argparse.Namespace, game: Any, state: Any, options: dict[str, str],
               lang: str, status: Any, out: dict[str, object]) -> list[str]:
    """No seed: the chance of best play, over every deal (or each move of a saved game)."""
    from tabletop.analysis import solve

    if state is None:
        state = game.new_game(players=1, seed=0, options=options)
    unseen = solve.unseen_count(state)
    if unseen > solve.MOST_UNSEEN:
        raise UsageError("solve_too_hidden", game=game.spec.name, n=unseen)
    chance = solve.ChanceSolver(state, seconds=a.seconds)
    name = text_of(game.spec.name, lang)
    if a.load:
        solve.load_solved(game, options, 0, chance)  # the solved table, if kept
        try:
            ranked = chance.rank(state)
        except solve.OutOfBudget:
            raise UsageError("solve_position_timeout", seconds=_numbers(a.seconds)) from None
        out["moves"] = [[m.text, p] for p, m in ranked]
        say = [t(lang, "solve_from_save", game=name)]
        for p, m in ranked:
            say.append(f"  {state.move_text(m, lang):<36} "
                       + t(lang, "solve_to_win", pct=f"{number(100 * p, lang, 2):>6}"))
        return say
    try:
        with _stops_as_ctrl_c():
            p, _, info = solve.solved(game, options, seconds=a.seconds,
                                      progress=_progress(status, lang, a.seconds))
    except (solve.OutOfBudget, KeyboardInterrupt) as e:
        raise _unfinished(e, game, options, a.seconds) from None
    out.update({"win_probability": p, "positions": info["positions"],
                "seconds": info["seconds"], "cached": info["cached"],
                "resumed": info["resumed"]})
    say = [t(lang, "solve_wins", game=name, options=_options_text(options, lang),
             pct=number(100 * p, lang, 2)),
           t(lang, "solve_exact"),
           t(lang, "solve_cached" if info["cached"] else "solve_solved",
             seconds=number(info["seconds"], lang, 0), positions=number(info["positions"], lang))]
    if info.get("resumed"):
        say.append(t(lang, "solve_resumed", kept=number(info["resumed"], lang)))
    return say


def _unfinished(e: BaseException, game: Any, options: dict[str, str], seconds: float
                ) -> BaseException:
    """What a search of the whole game stopped by its budget or by Ctrl-C says: where the
    positions solved so far are kept, and how big that is."""
    from tabletop.analysis import solve

    kept = getattr(e, "kept", 0)
    counts = {lang: number(kept, lang) for lang in LANGS}
    table = solve.table_file(game, options, 0)
    partial = solve.partial_file(table) if table is not None else None
    try:
        size = partial.stat().st_size if partial is not None else 0
    except OSError:
        size = 0
    if not size:
        kept = 0
    if isinstance(e, KeyboardInterrupt):
        if not kept:
            return e
        stopped = UsageError("solve_game_stopped", game=game.spec.name, kept=counts,
                             path=partial, size=size_text(size))
        stopped.exit_code = 130  # as any command stopped by Ctrl-C or kill
        return stopped
    return UsageError("solve_game_kept" if kept else "solve_game_timeout",
                      game=game.spec.name, seconds=_numbers(seconds), kept=counts,
                      path=partial, size=size_text(size))


def _numbers(x: float) -> dict[str, str]:
    """A number as each language of the table writes it."""
    return {lang: number(x, lang) for lang in LANGS}


def _options_text(options: dict[str, str], lang: str) -> str:
    return ", ".join(f"{k}={v}" for k, v in options.items()) or t(lang, "solve_no_options")


@contextlib.contextmanager
def _stops_as_ctrl_c() -> Iterator[None]:
    """A long solve stopped by ``kill`` (SIGTERM) or by its terminal closing (SIGHUP) keeps
    its work and says so, as after Ctrl-C (a process started in the background with ``&``
    ignores Ctrl-C, so ``kill`` is how it is stopped)."""
    def stop(_signum: int, _frame: Any) -> None:
        raise KeyboardInterrupt

    names = [n for n in ("SIGTERM", "SIGHUP") if hasattr(signal, n)]
    before = {n: signal.signal(getattr(signal, n), stop) for n in names}
    try:
        yield
    finally:
        for n, handler in before.items():
            signal.signal(getattr(signal, n), handler)


def _progress(status: Any, lang: str, seconds: float) -> Callable[[int, int], None] | None:
    """What tells the status line how the search of a whole game goes, twice a second."""
    if status is None:
        return None
    shown = [0.0]

    def tell(n: int, kept: int) -> None:
        now = time.monotonic()
        if now - shown[0] >= 0.5:
            shown[0] = now
            key = "solve_status_kept" if kept else "solve_status_n"
            status.update(t(lang, key, seconds=number(seconds, lang), n=number(n, lang),
                            kept=number(kept, lang)))

    return tell


def _line_in(state: Any, line: Sequence[str], lang: str) -> list[str]:
    """A line of moves (as typed in English) in ``lang``'s notation, replayed on a copy."""
    replay = state.copy()
    replay.quiet = True
    words = []
    for text in line:
        move = replay.parse_move(text)
        words.append(replay.move_text(move, lang))
        replay.play(move)
    return words


def _wrap(moves: list[str], width: int = 78) -> list[str]:
    """Moves separated by ' / ', in lines of at most ``width`` columns."""
    lines: list[str] = []
    cur = " "
    for m in moves:
        piece = f" {m} /"
        if len(cur) + len(piece) > width:
            lines.append(cur)
            cur = " "
        cur += piece
    lines.append(cur.rstrip(" /"))
    return lines
