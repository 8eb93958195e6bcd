"""`tabletop simulate` and `tabletop check` under faults: a killed worker, a game that never
ends, a parent killed under its workers, a --cluster address that is not a Dask scheduler.

Each test runs under an alarm: on code that hangs (a lost chunk waited for good, a game played
without end) it fails instead of waiting."""

from __future__ import annotations

import json
import multiprocessing
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tabletop import registry
from tabletop.analysis import checker
from tabletop.analysis import simulate as sim
from tabletop.cli import main

HERE = Path(__file__).parent
COIN = str(HERE / "rulesets" / "coin-flip.yaml")
ENDLESS = str(HERE / "rulesets" / "endless.yaml")


class _Hung(Exception):
    pass


@pytest.fixture(autouse=True)
def alarm() -> Iterator[None]:
    def hung(_signum: int, _frame: Any) -> None:
        raise _Hung("waited for good")

    old = signal.signal(signal.SIGALRM, hung)
    signal.alarm(60)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def setup(path: str = COIN, games_seed: int = 5, **options: str) -> sim.Setup:
    return sim.Setup(path, None, 2, None, tuple(sorted(options.items())),
                     (("random", ()), ("random", ())), games_seed)


def run_cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    code = main(["simulate", *args])
    out = capsys.readouterr()
    return code, " ".join((out.out + out.err).split())


# ------------------------------------------------------------------ a game that never ends


def test_a_game_that_never_ends_is_stopped_named_and_counted_apart(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    """endless.yaml: one game in five never ends (its max_moves is a billion)."""
    monkeypatch.setattr(sim, "GAME_MOVES", 50)
    out_json = tmp_path / "r.json"
    code, out = run_cli(capsys, ENDLESS, "--games", "40", "--seed", "3", "--json",
                        str(out_json))
    assert code == 0, out
    rep = json.loads(out_json.read_text(encoding="utf-8"))
    stuck = rep["runs"][0]["figures"]["unfinished"]
    assert 0 < stuck["count"] < 40 and rep["games"] == 40 - stuck["count"]
    first = stuck["first"][0]
    assert first["seed"] == sim.game_seed(3, first["game"]) and first["moves"] == 50
    assert (f"Games that did not end within 50 moves or 120 s: {stuck['count']}, stopped "
            f"and left out of the figures below. The first: game {first['game']} "
            f"(seed {first['seed']}, 50 moves)") in out
    # that seed deals the endless game again: the first roll is a 1 or a 2
    st = registry.load(ENDLESS).new_game(players=2, seed=first["seed"])
    st.play("roll")
    assert st.vars["endless"] == 1
    code, out = run_cli(capsys, ENDLESS, "--games", "10", "--seed", "3", "--lang", "fr")
    assert "Parties non finies en 50 coups ou 120 s" in out


def test_a_game_past_its_time_is_stopped_too(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sim, "GAME_SECONDS", -1.0)  # every game is past its time at once
    t = sim.run([setup(ENDLESS, ends="never")], 3).tallies[0]
    assert t.games == 0 and t.unfinished == 3
    assert {bound for _i, _s, _m, bound in t.stuck} == {"time"}


def test_check_reports_a_game_that_does_not_end(monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(checker, "GAME_MOVES", 200)
    assert main(["check", ENDLESS, "--seconds", "20"]) == 1
    out = " ".join(capsys.readouterr().out.split())
    assert "problem: a game was not over after 200 moves, and max_moves (1000000000) is " \
           "far off" in out
    assert "no problem found" not in out
    assert "tabletop play" in out and "--seed" in out


def test_check_reports_a_game_that_takes_its_whole_budget() -> None:
    """Without the move bound (a slow game), half the time budget in one game is said."""
    game = registry.load(ENDLESS)
    report = checker.play_check(game, games=4, seconds=0.6)
    kinds = [p.kind for p in report.problems]
    assert "endless" in kinds
    text = " ".join(checker.describe(ENDLESS, game, report, "fr"))
    assert "n'était pas finie après" in text and "aucun problème" not in text


# ------------------------------------------------------------------------- killed workers


def test_a_killed_worker_s_games_are_played_again() -> None:
    one = sim.run([setup()], 400)
    killed: list[int] = []

    def kill_once(_done: int) -> None:
        if not killed:
            for child in multiprocessing.active_children():
                assert child.pid is not None
                os.kill(child.pid, signal.SIGKILL)
                killed.append(child.pid)

    two = sim.run([setup()], 400, workers=2, progress=kill_once)
    assert killed and not two.missing and not two.interrupted
    assert two.games == 400
    assert sim.to_json(sim.report([setup()], two, registry.load(COIN), 400, None, {},
                                  ["P1", "P2"])) == \
        sim.to_json(sim.report([setup()], one, registry.load(COIN), 400, None, {},
                               ["P1", "P2"]))


def test_a_chunk_whose_worker_dies_each_time_is_named_as_missing(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sim, "TRIES", 1)  # the first death of a worker loses its chunk

    rounds: list[int] = []

    def kill_all(_done: int) -> None:  # the first time games are told, every worker dies
        if not rounds:
            rounds.append(1)
            for child in multiprocessing.active_children():
                assert child.pid is not None
                os.kill(child.pid, signal.SIGKILL)

    result = sim.run([setup()], 400, workers=2, progress=kill_all)
    lost = sum(b - a for _r, a, b, _why in result.missing)
    assert result.games + lost == 400  # every game played or named as missing
    for _r, _a, _b, why in result.missing:
        assert why["en"] == "its worker was stopped by SIGKILL each time"
        assert why["fr"] == "son processus a été arrêté par SIGKILL à chaque fois"


def test_the_report_says_which_games_are_missing_and_why() -> None:
    from rich.console import Console

    from tabletop.ui import report as screen
    t = sim.run([setup()], 30).tallies[0]
    why = {"en": "its worker was stopped by SIGKILL each time",
           "fr": "son processus a été arrêté par SIGKILL à chaque fois"}
    result = sim.Result([t], missing=[(0, 30, 40, why)])
    rep = sim.report([setup()], result, registry.load(COIN), 40, None, {}, ["P1", "P2"])
    assert rep["missing"] == [{"run": 0, "from": 30, "to": 40, "why": why["en"],
                               "why_fr": why["fr"]}]
    for lang, said in (("en", "Games 30 to 39 were not played: its worker was stopped by "
                              "SIGKILL each time; the figures leave them out."),
                       ("fr", "Les parties 30 à 39 n'ont pas été jouées : son processus a été "
                              "arrêté par SIGKILL à chaque fois ; les chiffres les laissent "
                              "de côté.")):
        console = Console(width=80, record=True, color_system=None)
        console.print(screen.render(rep, lang))
        assert said in " ".join(console.export_text().split())


def test_workers_end_when_their_parent_is_killed(tmp_path: Path) -> None:
    """Games that never end (ends=never) keep a worker busy: killed with -9, the parent
    cannot tell it; the worker sees its parent gone and ends."""
    script = (
        "import multiprocessing, threading, time\n"
        "from tabletop.analysis import simulate as sim\n"
        f"s = sim.Setup({ENDLESS!r}, None, 2, None, (('ends', 'never'),),"
        " (('random', ()),) * 2, 1)\n"
        "def tell():\n"
        "    while len(multiprocessing.active_children()) < 2:\n"
        "        time.sleep(0.1)\n"
        "    time.sleep(1)\n"
        "    print(' '.join(str(c.pid) for c in multiprocessing.active_children()),"
        " flush=True)\n"
        "if __name__ == '__main__':\n"
        "    threading.Thread(target=tell, daemon=True).start()\n"
        "    sim.run([s], 1000, workers=2)\n")
    (tmp_path / "run.py").write_text(script, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(HERE.parent)}
    parent = subprocess.Popen([sys.executable, str(tmp_path / "run.py")],
                              stdout=subprocess.PIPE, text=True, env=env)
    assert parent.stdout is not None
    pids = [int(p) for p in parent.stdout.readline().split()]
    assert pids
    parent.kill()
    parent.wait()
    alive = set(pids)
    for _ in range(100):  # a worker looks for its parent every second
        alive = {p for p in alive if _alive(p)}
        if not alive:
            break
        time.sleep(0.1)
    for p in alive:
        os.kill(p, signal.SIGKILL)
    assert not alive, "workers kept playing after their parent was killed"


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(")")[-1].split()[0] != "Z"
    except FileNotFoundError:
        return False


# ---------------------------------------------------------------- not a Dask scheduler


@pytest.fixture()
def server() -> Iterator[Any]:
    """A server on 127.0.0.1 that answers as told: nothing (as a web server waits for a
    request) or some words first."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(4)
    said: list[bytes] = []
    conns: list[socket.socket] = []

    def serve() -> None:
        while True:
            try:
                c, _ = sock.accept()
            except OSError:
                return
            conns.append(c)
            if said:
                c.sendall(said[0])

    threading.Thread(target=serve, daemon=True).start()

    def address(first: bytes = b"") -> str:
        if first:
            said.append(first)
        return f"tcp://127.0.0.1:{sock.getsockname()[1]}"

    yield address
    sock.close()
    for c in conns:
        c.close()


@pytest.mark.parametrize("first, sentence", [
    (b"", "no Dask scheduler answered at {address} within 1 s (a scheduler listens on port "
          "8786; 8787 is its dashboard)"),
    (b"HTTP/1.1 200 OK\r\nContent-Length: 100000000\r\n\r\n" + b"\xff" * 4096,
     "{address} does not answer as a Dask scheduler does ('HTTP/1.1 200 OK Content'); give "
     "the scheduler's address, e.g. tcp://HOST:8786"),
    (b"\xff" * 64, "{address} does not answer as a Dask scheduler does"),
])
def test_an_address_that_does_not_speak_dask_is_one_sentence(
        first: bytes, sentence: str, server: Any, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("distributed")
    monkeypatch.setattr(sim, "CLUSTER_TIMEOUT", 1.0)
    address = server(first)
    code, out = run_cli(capsys, COIN, "--games", "5", "--cluster", address)
    assert code == 2
    assert f"tabletop: {sentence.format(address=address)}" in out
    assert "memory" not in out and "Traceback" not in out


# ------------------------------------------------------------------------------ progress


def test_progress_is_told_within_a_chunk_and_under_compare(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Slow games (searching bots) filled a chunk of 100 for minutes with no word: the bar
    now moves as games are played, and so under --compare too."""
    monkeypatch.setattr(sim, "TICK_SECONDS", -1.0)  # tell after every game
    told: list[int] = []
    setups = [setup(bias="fair"), setup(bias="loaded")]
    result = sim.run(setups, 400, progress=told.append)
    size = sim.chunk_size(400, 1)
    assert size > 1
    assert told[0] == 1  # the first game, before its chunk is over
    assert told == sorted(told) and told[-1] == 800 == result.games
    assert any(n % size for n in told)


def test_a_simulation_stopped_from_outside_reports_the_games_it_finished() -> None:
    """`timeout 150 tabletop simulate ...` (SIGTERM) ended without a word: it now reports the
    games played before it was stopped, as Ctrl-C does."""
    env = {**os.environ, "PYTHONPATH": str(HERE.parent), "COLUMNS": "100"}
    child = subprocess.Popen([sys.executable, "-m", "tabletop", "simulate", "push-to-five",
                              "--games", "200000", "--seed", "1", "--lang", "en"],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             env=env)
    time.sleep(4)
    child.send_signal(signal.SIGTERM)
    out, err = child.communicate(timeout=60)
    assert child.returncode == 130, err  # as after Ctrl-C: stopped, not finished
    assert "Stopped after" in out and "of 200,000 games" in out
    played = out.split("Stopped after ")[1].split()[0]
    assert 0 < int(played.replace(",", "")) < 200000 and f"\n{played} games in" in out
