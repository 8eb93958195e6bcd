"""The picture of `tabletop simulate --plot`: win rates with their intervals, game lengths and
scores, drawn with matplotlib (the optional extra ``tabletop[plot]``)."""

from __future__ import annotations

import importlib.util
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from tabletop.i18n.messages import counted, number
from tabletop.i18n.table import t


def available() -> bool:
    """Whether matplotlib can be imported."""
    return importlib.util.find_spec("matplotlib") is not None


def _hist(ax: Any, h: Mapping[str, int], label: str) -> None:
    """A histogram of whole numbers given as {value: count}: one bar a value when there are
    few, else 50 bins."""
    xs = sorted(int(k) for k in h)
    if not xs:
        return
    lo, hi = xs[0], xs[-1]
    bins: Any = [x - 0.5 for x in range(lo, hi + 2)] if hi - lo <= 60 else 50
    ax.hist(xs, bins=bins, weights=[h[str(x)] for x in xs], histtype="stepfilled",
            alpha=0.5, label=label or None)


def write(rep: Mapping[str, Any], path: Path, lang: str = "en") -> None:
    """Draw the report ``rep`` (tabletop.analysis.simulate.report) as a PNG at ``path``."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    runs = rep["runs"]
    labels = [f"{rep['compare_option']}={r['value']}" if r["value"] is not None else ""
              for r in runs]
    fig = Figure(figsize=(11, 8), layout="constrained")
    FigureCanvasAgg(fig)
    axes = fig.subplots(2, 2)
    fig.suptitle(t(lang, "sim_title", game=rep["name"], games=number(rep["games"], lang),
                   players=rep["players"], seed=rep["seed"],
                   player_word=counted(rep["players"], "player")[lang]))
    ax = axes[0][0]
    players = rep["players"]
    width = 0.8 / len(runs)
    for i, (run, label) in enumerate(zip(runs, labels, strict=True)):
        seats = run["figures"]["seats"]
        xs = [s["seat"] + (i - (len(runs) - 1) / 2) * width for s in seats]
        ys = [100 * s["rate"] for s in seats]
        err = [[100 * (s["rate"] - s["low"]) for s in seats],
               [100 * (s["high"] - s["rate"]) for s in seats]]
        ax.bar(xs, ys, width=width, yerr=err, capsize=4, label=label or None)
    ax.axhline(100 / players, color="grey", linestyle=":", linewidth=1)
    ax.set_xticks(range(1, players + 1),
                  [f"{n}\n({s})" for n, s in zip(rep["names"], rep["seats"], strict=True)])
    ax.set_ylabel("%")
    ax.set_title(t(lang, "sim_wins").split("(")[0].strip())
    for ax, key in ((axes[0][1], "moves"), (axes[1][0], "turns")):
        for run, label in zip(runs, labels, strict=True):
            _hist(ax, run["figures"][key]["histogram"], label)
        colon = " : " if lang == "fr" else ": "
        ax.set_title(f"{t(lang, 'sim_length')}{colon}{t(lang, f'sim_{key}')}")
        ax.set_ylabel(t(lang, "sim_games"))
    ax = axes[1][1]
    for run, label in zip(runs, labels, strict=True):
        for s in run["figures"]["scores"]:
            name = rep["names"][s["seat"] - 1]
            _hist(ax, s["histogram"], f"{name} {label}".strip())
    ax.set_title(t(lang, "sim_scores"))
    ax.set_ylabel(t(lang, "sim_games"))
    for row in axes:
        for a in row:
            if a.get_legend_handles_labels()[0]:
                a.legend(fontsize="small")
    fig.savefig(path, format="png", dpi=100)
