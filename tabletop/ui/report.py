"""The screen of `tabletop simulate`: its progress bar, its report in tables that fit 80
columns, and the files it writes. The games and the figures are tabletop.analysis.simulate's."""

from __future__ import annotations

import random
import re
import time
from collections.abc import Mapping, Sequence
from typing import Any

from rich import box
from rich.console import Console, Group, RenderableType
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from tabletop.analysis import simulate as sim
from tabletop.engine.game import Game
from tabletop.i18n.catalogue import text_of
from tabletop.i18n.messages import counted, number, percent
from tabletop.i18n.table import t
from tabletop.rules.values import message_error
from tabletop.safety.files import MAX_RULESET_BYTES, read_text

WIDTH = 80


def whole(text: str, flag: str, lo: int, hi: int) -> int:
    """A whole number typed for ``flag``, from ``lo`` to ``hi``."""
    if not re.fullmatch(r"\s*\d[\d_]*\s*", text or "") or not lo <= int(text) <= hi:
        raise message_error(sim.SimulateError, "whole_number", flag=flag, text=text, lo=lo,
                            hi={lang: number(hi, lang) for lang in ("en", "fr")})
    return int(text)


def _pct(x: float, lang: str) -> str:
    return percent(x, lang)


def _interval(r: Mapping[str, Any], lang: str) -> str:
    lo, hi = r["low"], r["high"]
    digits = 2 if hi < 0.01 or lo > 0.99 else 1  # 0 wins in 10,000 games: 0.00-0.04%
    return number(100 * lo, lang, digits) + "-" + percent(hi, lang, digits)


def _num(x: float, lang: str) -> str:
    return number(x, lang, 1 if isinstance(x, float) and not x.is_integer() else 0)


def _ordinal(n: int, lang: str) -> str:
    if lang == "fr":
        return "1er" if n == 1 else f"{n}e"
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n if n < 20 else n % 10, 'th')}"


def _table(*columns: str) -> Table:
    tb = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False)
    for i, c in enumerate(columns):
        tb.add_column(c, justify="left" if i == 0 else "right", overflow="fold",
                      max_width=30 if i == 0 else None)
    return tb


def _move_word(kind: str, words: Mapping[str, Mapping[str, str]], lang: str,
               answers: Mapping[str, Mapping[str, str]] | None = None) -> str:
    """A kind of move as the table types it ("poser" for lay); an answer to a question that
    is a named value, or a pass, as it is typed ("annoncer trèfles", "attendre"); answers
    that are cards, seats or numbers by the word they are typed with ("annoncer"), else by
    the move that asks them ("forcer : qui")."""
    if kind.startswith("choose "):
        key = kind[len("choose "):]
        said = (answers or {}).get(key, {}).get(lang)
        if said:
            return said
        var, sep, value = key.partition("=")
        if sep:
            return t(lang, "sim_answer_value", var=var, value=value)
        if key.endswith(":pass"):
            return t(lang, "sim_answer_pass", var=key[:-len(":pass")])
        return t(lang, "sim_answer", var=key)
    return words.get(kind, {}).get(lang, kind)


def _outcome_word(name: str, words: Mapping[str, Mapping[str, str]], lang: str) -> str:
    """A way of ending as the ruleset labels it in ``lang``; the game limit (an outcome the
    engine adds when a ruleset declares none) in the table's words."""
    if name in words:
        return words[name].get(lang, name)
    return t(lang, "sim_limit") if name == "limit" else name


def render_run(f: Mapping[str, Any], seats: Sequence[str], lang: str,
               move_words: Mapping[str, Mapping[str, str]] | None = None,
               outcome_words: Mapping[str, Mapping[str, str]] | None = None,
               answer_words: Mapping[str, Mapping[str, str]] | None = None
               ) -> list[RenderableType]:
    """One run's figures: wins, length, scores, outcomes, moves and cards; first the games
    stopped past their bound, named by their seed."""
    out: list[RenderableType] = []
    stuck = f.get("unfinished") or {}
    if stuck.get("count"):
        first = ", ".join(t(lang, "sim_unfinished_one", game=g["game"], seed=g["seed"],
                            moves=f"{g['moves']:,}") for g in stuck["first"])
        out.append(Text(t(lang, "sim_unfinished", n=f"{stuck['count']:,}",
                          moves=f"{stuck['moves']:,}", seconds=f"{stuck['seconds']:g}",
                          first=first) + "\n", style="yellow"))
    out.append(Text(t(lang, "sim_wins"), style="bold"))
    w = _table(t(lang, "sim_seat"), t(lang, "sim_bot"),
               t(lang, "sim_won"), t(lang, "sim_interval"), t(lang, "sim_place"),
               t(lang, "sim_won"), t(lang, "sim_interval"))
    for s, p, kind in zip(f["seats"], f["by_place"], seats, strict=True):
        w.add_row(f"{s['seat']} {s['name']}", kind, _pct(s["rate"], lang), _interval(s, lang),
                  _ordinal(p["place"], lang), _pct(p["rate"], lang), _interval(p, lang))
    out.append(w)
    out.append(Text(t(lang, "sim_order_note")))
    d, sh = f["draws"], f["shared_wins"]
    out.append(Text(t(lang, "sim_draws", draws=_pct(d["rate"], lang),
                      draws_ci=_interval(d, lang), shared=_pct(sh["rate"], lang),
                      shared_ci=_interval(sh, lang))))
    out.append(Text("\n" + t(lang, "sim_length"), style="bold"))
    ln = _table("", t(lang, "sim_mean"), t(lang, "sim_median"),
                t(lang, "sim_p95"), t(lang, "sim_max"))
    for key in ("turns", "moves"):
        sp = f[key]
        ln.add_row(t(lang, f"sim_{key}"), number(sp["mean"], lang, 1),
                   _num(sp["median"], lang), _num(sp["p95"], lang), _num(sp["max"], lang))
    out.append(ln)
    out.append(Text("\n" + t(lang, "sim_scores"), style="bold"))
    sc = _table(t(lang, "sim_seat"), t(lang, "sim_mean"),
                t(lang, "sim_sd"), t(lang, "sim_min"), t(lang, "sim_median"),
                t(lang, "sim_p95"), t(lang, "sim_max"))
    for s in f["scores"]:
        sc.add_row(str(s["seat"]), number(s["mean"], lang, 2), number(s["sd"], lang, 2),
                   _num(s["min"], lang), _num(s["median"], lang), _num(s["p95"], lang),
                   _num(s["max"], lang))
    out.append(sc)
    out.append(Text("\n" + t(lang, "sim_outcomes"), style="bold"))
    oc = _table(t(lang, "sim_outcome"), t(lang, "sim_games"),
                t(lang, "sim_interval"), t(lang, "sim_example"))
    for o in f["outcomes"]:
        oc.columns[3].justify = "left"
        oc.columns[3].max_width = 36
        oc.add_row(_outcome_word(o["name"], outcome_words or {}, lang), _pct(o["rate"], lang),
                   _interval(o, lang),
                   o["example_fr"] if lang == "fr" else o["example"])
    out.append(oc)
    for key, title in (("move_kinds", "sim_move_kinds"), ("cards", "sim_cards")):
        if not f[key]:
            continue
        out.append(Text("\n" + t(lang, title), style="bold"))
        tb = _table("", t(lang, "sim_per_game"), t(lang, "sim_used_by"),
                    t(lang, "sim_won_with"), t(lang, "sim_interval"),
                    t(lang, "sim_won_without"))
        for u in f[key]:
            name = (_move_word(u["name"], move_words or {}, lang, answer_words)
                    if key == "move_kinds" else u["name"])
            tb.add_row(name, number(u["per_game"], lang, 2), _pct(u["used_by"]["rate"], lang),
                       _pct(u["won"]["rate"], lang), _interval(u["won"], lang),
                       _pct(u["won_without"]["rate"], lang) if u["won_without"]["of"] else "-")
        out.append(tb)
    return out


def render_compare(c: Mapping[str, Any], lang: str) -> list[RenderableType]:
    title = Text("\n" + t(lang, "sim_compare", option=c["option"], base=c["base"],
                             level=number(100 * c["level"], lang), tests=c["tests"]), style="bold")
    tb = _table(t(lang, "sim_figure"), c["option"], t(lang, "sim_base"), t(lang, "sim_other"),
                t(lang, "sim_difference"), t(lang, "sim_interval"),
                t(lang, "sim_significant"))
    for r in c["rows"]:
        if r["kind"] == "rate":
            cells = (_pct(r["base"], lang), _pct(r["other"], lang),
                     number(100 * r["difference"], lang, 1, sign=True),
                     number(100 * r["low"], lang, 1, sign=True) + " "
                     + number(100 * r["high"], lang, 1, sign=True))
        else:
            cells = (number(r["base"], lang, 2), number(r["other"], lang, 2),
                     number(r["difference"], lang, 2, sign=True),
                     number(r["low"], lang, 2, sign=True) + " "
                     + number(r["high"], lang, 2, sign=True))
        label = t(lang, f"sim_cmp_{r['key']}", seat=r["seat"],
                  place=_ordinal(r["seat"] or 0, lang))
        tb.add_row(label, r["value"], *cells,
                   t(lang, "sim_yes") if r["significant"] else t(lang, "sim_no"),
                   style="bold" if r["significant"] else None)
    return [title, tb, Text(t(lang, "sim_compare_note"))]


def render(rep: Mapping[str, Any], lang: str) -> RenderableType:
    """The whole report."""
    parts: list[RenderableType] = []
    seats = [_seat_label(s, lang) for s in rep["seats"]]
    for run in rep["runs"]:
        if run["value"] is not None:
            parts.append(Text("\n" + t(lang, "sim_run", option=rep["compare_option"],
                                       value=run["value"],
                                       games=number(run["figures"]["games"], lang)),
                              style="bold reverse"))
        parts.extend(render_run(run["figures"], seats, lang, rep.get("move_words"),
                                rep.get("outcome_words"), rep.get("answer_words")))
    for m in rep.get("missing") or []:
        value = rep["runs"][m["run"]]["value"]
        parts.append(Text("\n" + t(lang, "sim_missing", first=m["from"], last=m["to"] - 1,
                                    run=f" ({rep['compare_option']}={value})" if value else "",
                                    why=m["why_fr"] if lang == "fr" else m["why"]),
                          style="yellow"))
    if rep.get("compare"):
        parts.extend(render_compare(rep["compare"], lang))
    return Group(*parts)


def _seat_label(spec: str, lang: str) -> str:
    return spec  # the bot as --seat names it: random, mcts:iterations=50


def simulate(console: Console, game: Game, *, players: int, names: list[str] | None,
             options: dict[str, str], seats: list[tuple[str, dict[str, float]]], games: int,
             seed: int | None, workers: int, cluster: str | None, compare: str | None,
             json_path: str | None, csv_path: str | None, plot_path: str | None,
             lang: str) -> int:
    """Check everything, play the games with a progress bar, show the report and write the
    files asked for. 0 when done, 130 when stopped with Ctrl-C (the report is still shown)."""
    full = game.check_options(options)
    cmp_ = sim.parse_compare(compare, game, options) if compare else None
    first = game.new_game(players=players, seed=0, options=full, names=names)
    seat_names = list(first.names)
    outputs = [(p, flag) for p, flag in ((json_path, "--json"), (csv_path, "--csv"),
                                          (plot_path, "--plot")) if p]
    paths = {flag: sim.check_output(p, flag) for p, flag in outputs}
    if plot_path:
        from tabletop.ui import plot

        if not plot.available():
            raise message_error(sim.SimulateError, "needs_plot",
                                command=sim.install_command("plot"))
    if cluster and not sim.cluster_available():
        raise message_error(sim.SimulateError, "needs_cluster",
                            command=sim.install_command("cluster"))
    master = seed if seed is not None else random.SystemRandom().randrange(2**31)
    text = None  # a cluster's workers may not have the file of a ruleset: it goes with them
    if cluster and game.source_ref is not None:
        text = read_text(game.source_ref, MAX_RULESET_BYTES)  # loaded just now, within it
    ref = game.source_ref or game.id
    values = cmp_[1] if cmp_ else [None]
    setups = [sim.Setup(ref, text, players, tuple(names) if names else None,
                        tuple(sorted({**full, **({cmp_[0]: v} if cmp_ and v else {})}.items())),
                        tuple((k, tuple(sorted(kw.items()))) for k, kw in seats), master)
              for v in values]
    seat_specs = [k if not kw else f"{k}:{','.join(f'{x}={y:g}' for x, y in sorted(kw.items()))}"
                  for k, kw in seats]
    say = console.print
    say(Text(t(lang, "sim_title", game=text_of(game.spec.name, lang), games=number(games, lang),
               players=players, player_word=counted(players, "player")[lang], seed=master),
             style="bold"))
    say(Text(t(lang, "sim_setup", options=", ".join(f"{k}={v}" for k, v in full.items())
               or "-", seats=", ".join(f"{i + 1}={s}" for i, s in enumerate(seat_specs)))))
    total = games * len(setups)
    start = time.perf_counter()
    with Progress(TextColumn("{task.description}"), BarColumn(bar_width=24),
                  MofNCompleteColumn(), TextColumn("{task.fields[speed]}"),
                  TimeRemainingColumn(), console=console, transient=True) as bar:
        task = bar.add_task(t(lang, "sim_playing"), total=total, speed="")

        def progress(done: int) -> None:
            rate = done / max(1e-9, time.perf_counter() - start)
            bar.update(task, completed=done, speed=t(lang, "sim_speed", rate=number(rate, lang, 0)))

        result = sim.run(setups, games, workers=workers, cluster=cluster, progress=progress)
    elapsed = time.perf_counter() - start
    if result.games == 0 and not result.unfinished and not result.missing:
        say(Text(t(lang, "sim_nothing"), style="yellow"))
        return 130
    rep = sim.report(setups, result, game, games, cmp_, full, seat_names)
    say(render(rep, lang), width=min(console.width, WIDTH))
    where = (t(lang, "sim_on_cluster", address=cluster) if cluster else
             t(lang, "sim_on_workers", n=workers, process_word=counted(workers, "process")[lang]))
    say(Text(t(lang, "sim_done", games=number(result.games, lang),
               seconds=number(elapsed, lang, 1),
               rate=number(result.games / max(elapsed, 1e-9), lang, 0), where=where)))
    if result.interrupted:
        say(Text(t(lang, "sim_stopped", done=number(result.games, lang), total=number(total, lang)),
                 style="yellow"))
    if seed is None:
        say(Text(t(lang, "sim_seed", seed=master)))
    for flag, path in paths.items():
        try:
            if flag == "--json":
                path.write_text(sim.to_json(rep), encoding="utf-8")
            elif flag == "--csv":
                path.write_text(sim.to_csv(rep), encoding="utf-8")
            else:
                from tabletop.ui import plot

                plot.write(rep, path, lang)
        except OSError as e:
            raise message_error(sim.SimulateError, "out_cannot_write", flag=flag, path=path,
                                why=e.strerror or e) from None
        say(Text(t(lang, "sim_wrote", path=str(path))))
    return 130 if result.interrupted else 0
