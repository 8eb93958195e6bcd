"""How long `tabletop list` and `tabletop rules ID` take to start and finish, as a user runs
them: a new process each time, best of N runs, with the summary cache warm (the usual case)
and cold (the first run after installing or editing a ruleset). Prints figures; asserts
nothing.

    python benchmarks/startup.py [--runs N]
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time

COMMANDS = [["list"], ["rules", "scoundrel"], ["rules", "push-to-five", "--lang", "fr"]]


def run_once(args: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "tabletop", *args], env=env, check=True,
                   stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--runs", type=int, default=7, help="runs per figure (the best counts)")
    a = p.parse_args()
    cache = tempfile.mkdtemp(prefix="tabletop-cache-")
    env = dict(os.environ, TABLETOP_CACHE_DIR=cache, COLUMNS="80")
    base = min(run_once(["--version"], env) for _ in range(a.runs))
    print(f"{'command':38} {'cold cache':>11} {'warm cache':>11}")
    for args in COMMANDS:
        cold = []
        for _ in range(a.runs):
            shutil.rmtree(cache, ignore_errors=True)
            cold.append(run_once(args, env))
        warm = min(run_once(args, env) for _ in range(a.runs))
        print(f"{'tabletop ' + ' '.join(args):38} {min(cold):10.3f}s {warm:10.3f}s")
    print(f"(python -m tabletop --version alone: {base:.3f}s; best of {a.runs} runs)")
    shutil.rmtree(cache, ignore_errors=True)


if __name__ == "__main__":
    main()
