"""A long exact solve stopped before the end (its budget, Ctrl-C, a killed process between two
keepings) keeps the positions it solved, and the next run goes on from them to the same
figure; a table is read only by code that keys positions as the code that wrote it."""

from __future__ import annotations

import json
import os
import signal

import pytest
from test_solve_exact import _crossing

from tabletop.analysis import solve
from tabletop.analysis.solve import ChanceSolver, OutOfBudget, partial_file, solved, table_file
from tabletop.cli import main


@pytest.fixture(autouse=True)
def _own_cache(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("TABLETOP_CACHE_DIR", str(tmp_path / "cache"))


def test_a_search_stopped_by_its_budget_is_taken_up_where_it_stopped(tmp_path) -> None:
    game = _crossing(tmp_path)
    fresh, fresh_solver, _info = solved(game, cache=False)
    path = table_file(game, game.check_options({}))
    assert path is not None
    with pytest.raises(OutOfBudget) as stop:
        solved(game, nodes=60)
    kept = stop.value.kept  # type: ignore[attr-defined]
    assert kept > 0 and partial_file(path).exists() and not path.exists()
    p, solver, info = solved(game)
    assert p == fresh  # the same figure, exactly
    assert info["resumed"] == kept and not info["cached"]
    assert solver.nodes < fresh_solver.nodes  # the kept positions were not searched again
    assert path.exists() and not partial_file(path).exists()  # the whole table replaces it
    assert solved(game)[2]["cached"]


def test_a_long_search_keeps_its_positions_as_it_goes(tmp_path, monkeypatch) -> None:
    game = _crossing(tmp_path)
    path = table_file(game, game.check_options({}))
    assert path is not None
    seen: list[int] = []
    real = solve._save_table

    def spy(where, head, solver):
        if where == partial_file(path):
            seen.append(len(solver.memo))
            if len(seen) == 2:  # the process is killed after its second keeping
                real(where, head, solver)
                raise SystemExit
        real(where, head, solver)

    monkeypatch.setattr(solve, "_save_table", spy)
    monkeypatch.setattr(ChanceSolver, "checkpoint_every", 0.0)
    with pytest.raises(SystemExit):
        solved(game)
    assert seen[0] > 0 and partial_file(path).exists()
    monkeypatch.setattr(solve, "_save_table", real)
    p, _s, info = solved(game)
    assert info["resumed"] == seen[-1]
    assert p == solved(game, cache=False)[0]


def test_a_table_written_by_code_that_keys_positions_otherwise_is_not_read(
        tmp_path, monkeypatch) -> None:
    game = _crossing(tmp_path)
    options = game.check_options({})
    first = table_file(game, options)
    monkeypatch.setattr(solve, "_FINGERPRINTS", {})
    assert table_file(game, options) == first  # the same code: the same table
    real = solve.chance_key
    monkeypatch.setattr(solve, "chance_key", lambda st, seat, sigma=None: real(st, seat, sigma) ^ 1)
    monkeypatch.setattr(solve, "_FINGERPRINTS", {})
    assert table_file(game, options) != first


def _stop_at_the_90th_position(monkeypatch, stop) -> None:
    """The solver's search calls ``stop()`` at its 90th position (until put back)."""
    real = ChanceSolver._solve
    calls = [0]

    def stopping(self, st, k=None):
        calls[0] += 1
        if calls[0] == 90:
            stop()
        return real(self, st, k)

    monkeypatch.setattr(ChanceSolver, "_solve", stopping)


def test_ctrl_c_at_the_command_line_keeps_the_work_and_says_so(tmp_path, monkeypatch,
                                                                capsys) -> None:
    game = _crossing(tmp_path)
    path = str(tmp_path / "crossing.yaml")
    real = ChanceSolver._solve

    def ctrl_c() -> None:
        raise KeyboardInterrupt

    _stop_at_the_90th_position(monkeypatch, ctrl_c)
    assert main(["solve", path, "--lang", "fr"]) == 130  # stopped by the user, as a shell says
    err = capsys.readouterr().out
    assert "arrêté" in err and "la même commande repart de là" in err
    monkeypatch.setattr(ChanceSolver, "_solve", real)
    assert main(["solve", path]) == 0
    out = capsys.readouterr().out
    assert "went on from" in out and "best play wins" in out
    assert main(["solve", path, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["cached"] is True
    assert data["win_probability"] == pytest.approx(solved(game, cache=False)[0])


def test_a_solve_killed_at_the_command_line_keeps_the_work_and_says_so(
        tmp_path, monkeypatch, capsys) -> None:
    # `kill PID` (SIGTERM) is how a solve started in the background with `&` is stopped: such
    # a process ignores Ctrl-C
    _crossing(tmp_path)
    path = str(tmp_path / "crossing.yaml")
    real = ChanceSolver._solve
    _stop_at_the_90th_position(monkeypatch, lambda: os.kill(os.getpid(), signal.SIGTERM))
    before = signal.getsignal(signal.SIGTERM)
    assert main(["solve", path]) == 130
    assert signal.getsignal(signal.SIGTERM) is before  # put back once the solve is over
    out = " ".join(capsys.readouterr().out.split())
    assert "stopped; the" in out and "the same command goes on from them" in out
    monkeypatch.setattr(ChanceSolver, "_solve", real)
    assert main(["solve", path]) == 0
    assert "went on from" in capsys.readouterr().out


def test_a_solve_out_of_time_says_where_its_positions_are_and_how_big(
        tmp_path, monkeypatch, capsys) -> None:
    """`solve GAME` not solved within --seconds leaves its positions in the cache: the
    sentence names the file and its size, to delete it or to go on from it."""
    from tabletop.safety.files import size_text

    monkeypatch.setenv("COLUMNS", "400")  # the long path on one line
    game = _crossing(tmp_path)
    path = str(tmp_path / "crossing.yaml")
    table = table_file(game, game.check_options({}))
    assert table is not None
    kept = partial_file(table)

    def out_of_time() -> None:
        raise OutOfBudget("out of time")

    for lang, said in (("en", "kept in {path} ({size}; delete it to free the space)"),
                       ("fr", "gardées dans {path} ({size} ; supprimez-le pour libérer la "
                              "place)")):
        kept.unlink(missing_ok=True)
        _stop_at_the_90th_position(monkeypatch, out_of_time)
        assert main(["solve", path, "--lang", lang]) == 2
        out = " ".join(capsys.readouterr().out.split())
        size = size_text(kept.stat().st_size)[lang]
        assert said.format(path=kept, size=size) in out
