"""Two checkouts' hot paths, measured side by side: ``benchmarks/playouts.py --json`` run in
each in turn, round after round (so a busy moment of a shared machine falls on both), the best
of each figure kept, and the change printed per game. Prints figures; asserts nothing.

    python benchmarks/side_by_side.py BEFORE_CHECKOUT AFTER_CHECKOUT [GAME ...]
        [--rounds N] [--seconds S] [--mcts]

Each checkout is run with its own code (``PYTHONPATH=<checkout>``) by this interpreter, so
both must import with it. Times are microseconds (lower is better), moves/s higher is better.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent


def measure(checkout: Path, games: list[str], seconds: float, mcts: bool) -> dict[str, Any]:
    script = checkout / "benchmarks" / "playouts.py"
    if not script.is_file():
        script = HERE / "playouts.py"
    cmd = [sys.executable, str(script), "--json", "--seconds", str(seconds), "--repeats", "1",
           *([] if mcts else ["--no-mcts"]), *games]
    env = {**os.environ, "PYTHONPATH": str(checkout)}
    out = subprocess.run(cmd, capture_output=True, text=True, env=env, check=False)
    if out.returncode != 0:
        sys.exit(f"{checkout}: playouts.py failed: {out.stderr.strip().splitlines()[-1:]}")
    figures: dict[str, Any] = json.loads(out.stdout)
    return figures


def best(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    """Per figure the best seen: the lowest time, the most moves a second."""
    out = dict(old)
    for game, figs in new.items():
        kept = out.setdefault(game, {})
        for name, v in figs.items():
            if not isinstance(v, int | float):
                continue
            if name not in kept:
                kept[name] = v
            elif name.endswith("/s"):
                kept[name] = max(kept[name], v)
            else:
                kept[name] = min(kept[name], v)
    return out


def change(name: str, a: float, b: float) -> str:
    if not a or not b:
        return "-"
    faster = b / a if name.endswith("/s") else a / b  # above 1: the second is faster
    return f"{(faster - 1) * 100:+.0f}%"


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("before", type=Path)
    p.add_argument("after", type=Path)
    p.add_argument("games", nargs="*", help="game ids (default: all shipped games)")
    p.add_argument("--rounds", type=int, default=3, help="runs of each checkout, alternated")
    p.add_argument("--seconds", type=float, default=1.0, help="time per measurement")
    p.add_argument("--mcts", action="store_true", help="time an mcts move too")
    a = p.parse_args()
    seen: list[dict[str, Any]] = [{}, {}]
    for _ in range(max(1, a.rounds)):
        for i, checkout in enumerate((a.before, a.after)):
            seen[i] = best(seen[i], measure(checkout.resolve(), a.games, a.seconds, a.mcts))
    before, after = seen
    print(f"{'game':<26}{'figure':<14}{'before':>12}{'after':>12}{'faster':>9}")
    for game in sorted(before):
        for name in sorted(before[game]):
            x, y = before[game][name], after.get(game, {}).get(name, 0.0)
            print(f"{game:<26}{name:<14}{x:>12.1f}{y:>12.1f}{change(name, x, y):>9}")


if __name__ == "__main__":
    main()
