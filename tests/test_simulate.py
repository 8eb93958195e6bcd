"""`tabletop simulate`: honest figures on games whose odds are known by construction, the same
figures whatever the workers or the cluster, and one sentence for each thing a user gets wrong.

tests/rulesets/coin-flip.yaml: seat 1 calls heads or tails (no effect), then a draw from 1 to 4
decides: bias=fair 50/50, loaded 75/25, tie 1 seat 1, 2 seat 2, 3 nobody, 4 both.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pexpect
import pytest
from rich.console import Console
from terminal import clean, spawn

import tabletop
from tabletop.analysis import simulate as sim
from tabletop.analysis import stats
from tabletop.cli import main
from tabletop.ui import report as screen

HERE = Path(__file__).parent
COIN = str(HERE / "rulesets" / "coin-flip.yaml")
DUEL = str(HERE / "rulesets" / "secret-duel.yaml")


def setup(bias: str = "fair", seed: int = 1, path: str = COIN, players: int = 2) -> sim.Setup:
    options = (("bias", bias),) if path == COIN else ()
    return sim.Setup(path, None, players, None, options, (("random", ()),) * players, seed)


def tally(bias: str = "fair", games: int = 1000, seed: int = 1) -> sim.Tally:
    return sim.run([setup(bias, seed)], games).tallies[0]


# ------------------------------------------------------------------------------ statistics


def test_wilson_matches_published_values() -> None:
    lo, hi = stats.wilson(5, 10)
    assert (round(lo, 4), round(hi, 4)) == (0.2366, 0.7634)
    lo, hi = stats.wilson(0, 10)
    assert lo == 0.0 and round(hi, 4) == 0.2775
    assert stats.wilson(0, 0) == (0.0, 1.0)


@pytest.mark.parametrize("n", [20, 100, 1000])
@pytest.mark.parametrize("p", [0.05, 0.25, 0.5, 0.75])
def test_wilson_covers_the_true_rate_about_95_percent_of_the_time(n: int, p: float) -> None:
    # the exact coverage, summed over the binomial distribution (no randomness, no flake)
    assert 0.92 <= stats.coverage(n, p) <= 0.98


def test_intervals_cover_at_their_stated_rate_over_many_cheap_runs() -> None:
    # 4,000 binomial samples from a fixed generator: the share of intervals that hold p is
    # the exact coverage within 4 standard deviations of 4,000 trials (about 1.4 points)
    rng = random.Random(7)
    n, p, runs = 60, 0.3, 4000
    held = 0
    for _ in range(runs):
        k = sum(rng.random() < p for _ in range(n))
        lo, hi = stats.wilson(k, n)
        held += lo <= p <= hi
    exact = stats.coverage(n, p)
    assert abs(held / runs - exact) < 4 * (exact * (1 - exact) / runs) ** 0.5


@pytest.mark.parametrize("bias, rate", [("fair", 0.5), ("loaded", 0.75)])
def test_simulated_games_cover_the_known_win_rate_at_the_stated_rate(bias: str,
                                                                     rate: float) -> None:
    # 120 simulations of 40 games each, from 120 master seeds: how many intervals hold the
    # true rate of seat 1 is close to the exact coverage of Wilson's interval for 40 games
    runs, games = 120, 40
    held = 0
    for seed in range(runs):
        t = tally(bias, games, seed)
        lo, hi = stats.wilson(t.wins[0], t.games)
        held += lo <= rate <= hi
    exact = stats.coverage(games, rate)
    assert abs(held / runs - exact) < 4 * (exact * (1 - exact) / runs) ** 0.5 + 1e-9


def near(r: dict[str, float], p: float) -> bool:
    """The measured rate is within 4 standard deviations of the true one (a deterministic
    check with a fixed seed; the intervals' coverage is tested above)."""
    return bool(abs(r["rate"] - p) < 4 * (p * (1 - p) / r["of"]) ** 0.5)


def test_the_figures_find_the_rates_built_into_the_game() -> None:
    fair, loaded, tie = tally("fair", 2000), tally("loaded", 2000), tally("tie", 2000)
    rep = sim.figures(fair, ["P1", "P2"])
    assert near(rep["seats"][0], 0.5) and near(rep["seats"][1], 0.5)
    assert rep["seats"][0]["of"] == 2000
    assert rep["draws"]["count"] == 0 and rep["shared_wins"]["count"] == 0
    s1 = sim.figures(loaded, ["P1", "P2"])["seats"][0]
    assert near(s1, 0.75) and s1["low"] > 0.7
    f = sim.figures(tie, ["P1", "P2"])
    assert near(f["draws"], 0.25) and near(f["shared_wins"], 0.25)
    assert near(f["seats"][0], 0.5)  # a shared win counts for each winner
    names = {o["name"]: o for o in f["outcomes"]}
    assert near(names["nobody"], 0.25)
    assert names["nobody"]["example"] == "a 3: nobody wins"
    assert f["moves"]["max"] == 1 and f["scores"][0]["max"] == 4
    kinds = {k["name"]: k for k in f["move_kinds"]}
    assert set(kinds) == {"heads", "tails"}
    assert kinds["heads"]["plays"] + kinds["tails"]["plays"] == 2000
    # the call changes nothing: its players win about half their games either way
    assert near(kinds["heads"]["won"], 0.5) and near(kinds["tails"]["won"], 0.5)


def test_compare_says_a_real_change_is_significant_and_no_change_is_not() -> None:
    a, b, c = tally("fair", 3000), tally("loaded", 3000), tally("tie", 3000)
    names = ["P1", "P2"]
    real = sim.comparisons("bias", ["fair", "loaded"], [a, b], names)
    rows = {(r["key"], r["seat"]): r for r in real["rows"]}
    assert rows[("wins", 1)]["significant"] and rows[("wins", 1)]["difference"] > 0.2
    assert rows[("wins", 1)]["low"] <= 0.25 <= rows[("wins", 1)]["high"]
    assert not rows[("moves", None)]["significant"]
    assert rows[("place", 1)]["significant"]  # seat 1 always plays first in this game
    same = sim.comparisons("bias", ["fair", "tie"], [a, c], names)
    rows = {(r["key"], r["seat"]): r for r in same["rows"]}
    assert not rows[("wins", 1)]["significant"] and not rows[("wins", 2)]["significant"]
    assert rows[("draws", None)]["significant"]  # the tie value does draw one game in four
    assert same["tests"] == len(same["rows"])
    # the intervals hold together: each is wider than a lone 95% interval
    lone = stats.rate_difference(a.wins[0], a.games, c.wins[0], c.games)
    assert rows[("wins", 1)]["high"] - rows[("wins", 1)]["low"] > lone[2] - lone[1]


def test_quantiles_and_means_of_counts() -> None:
    counts = {1: 50, 2: 40, 10: 10}
    assert stats.quantile(counts, 0.5) == 1
    assert stats.quantile(counts, 0.95) == 10
    assert stats.quantile({}, 0.5) == 0
    mean, sd = stats.mean_sd({3: 4})
    assert (mean, sd) == (3.0, 0.0)
    d, lo, hi = stats.mean_difference({1: 100}, {3: 100})
    assert d == 2 and lo == hi == 2


def test_cards_and_move_kinds_are_counted_per_play_and_per_seat() -> None:
    t = sim.run([setup(path=DUEL)], 50).tallies[0]
    f = sim.figures(t, ["P1", "P2"])
    assert f["move_kinds"][0]["name"] == "play" and f["move_kinds"][0]["per_game"] == 6
    assert sum(c["plays"] for c in f["cards"]) == 6 * 50
    assert {c["name"] for c in f["cards"]} <= {f"g{i}" for i in range(1, 13)}
    for c in f["cards"]:  # a seat that played a card, in a game: at most one a game
        assert c["used_by"]["count"] == c["plays"]


def test_each_game_seed_depends_on_the_master_seed_and_the_index_only() -> None:
    seeds = {sim.game_seed(7, i) for i in range(1000)}
    assert len(seeds) == 1000 and sim.game_seed(7, 3) == sim.game_seed(7, 3)
    assert sim.game_seed(7, 3) != sim.game_seed(8, 3)


# ---------------------------------------------------------------------------- the command


def run_cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    code = main(["simulate", *args])
    out = capsys.readouterr()
    return code, out.out + out.err


def test_same_seed_same_json_whatever_the_workers(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    one, two = tmp_path / "one.json", tmp_path / "two.json"
    code, out = run_cli(capsys, DUEL, "--games", "60", "--seed", "4", "--json", str(one))
    assert code == 0, out
    code, out = run_cli(capsys, DUEL, "--games", "60", "--seed", "4", "--workers", "2",
                        "--json", str(two))
    assert code == 0, out
    assert one.read_text() == two.read_text()
    rep = json.loads(one.read_text())
    assert rep["games"] == 60 and rep["seed"] == 4 and not rep["interrupted"]


def test_the_same_figures_on_a_dask_cluster(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    distributed = pytest.importorskip("distributed")
    here, there = tmp_path / "here.json", tmp_path / "there.json"
    code, out = run_cli(capsys, COIN, "--games", "120", "--seed", "9", "--json", str(here))
    assert code == 0, out
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                                  dashboard_address=None) as cluster:
        code, out = run_cli(capsys, COIN, "--games", "120", "--seed", "9", "--cluster",
                            cluster.scheduler_address, "--json", str(there))
    assert code == 0, out
    assert here.read_text() == there.read_text()


def test_the_report_fits_80_columns_in_english_and_french(tmp_path: Path) -> None:
    t = sim.run([setup(path=DUEL, players=3)], 30).tallies[0]
    game = tabletop.load(DUEL)
    result = sim.Result([t])
    base = setup(path=DUEL, players=3)
    rep = sim.report([base, base], sim.Result([t, t]), game, 30,
                     ("rounds", ["short", "long"]), {}, ["Ana", "Ben", "Chloe"])
    assert rep["compare"] is not None
    for lang in ("en", "fr"):
        console = Console(width=80, record=True, color_system=None)
        console.print(screen.render(rep, lang))
        text = console.export_text()
        assert all(len(line) <= 80 for line in text.splitlines())
        assert "…" not in text
        assert ("Wins" if lang == "en" else "Victoires") in text
    assert result.games == 30


def test_outcomes_are_named_in_the_tables_language(capsys: pytest.CaptureFixture[str]
                                                   ) -> None:
    # Scoundrel labels its outcomes: a French report says "mort", never the id "lost"
    code, out = run_cli(capsys, "scoundrel", "--games", "20", "--seed", "1", "--lang", "fr")
    assert code == 0, out
    assert "mort" in out and "lost" not in out
    code, out = run_cli(capsys, "scoundrel", "--games", "20", "--seed", "1", "--lang", "en")
    assert "died" in out and "lost" not in out
    # a ruleset without labels: the outcome's id
    code, out = run_cli(capsys, COIN, "--games", "20", "--seed", "1", "--lang", "fr")
    assert code == 0 and "landed" in out


def test_the_command_writes_csv_and_a_png(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("matplotlib")
    csv_path, png = tmp_path / "out.csv", tmp_path / "out.png"
    code, out = run_cli(capsys, COIN, "--games", "200", "--seed", "1", "--compare",
                        "bias=fair,loaded", "--csv", str(csv_path), "--plot", str(png),
                        "--lang", "en")
    assert code == 0, out
    assert "Differences from bias=fair" in out and "yes" in out
    rows = csv_path.read_text().splitlines()
    assert rows[0] == ",".join(sim.CSV_FIELDS)
    assert any(r.startswith("loaded,wins,seat 1 P1,") for r in rows)
    assert any(r.startswith("loaded - fair,difference,") for r in rows)
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_ctrl_c_stops_and_reports_the_games_played(monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    calls = []

    def stop(done: int) -> None:
        calls.append(done)
        if len(calls) == 3:
            raise KeyboardInterrupt

    result = sim.run([setup()], 4000, progress=stop)
    assert result.interrupted and 0 < result.games < 4000
    real_run = sim.run

    def interrupted(*args: object, **kw: object) -> sim.Result:
        kw["progress"] = stop
        calls.clear()
        return real_run(*args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(sim, "run", interrupted)
    code, out = run_cli(capsys, COIN, "--games", "4000", "--seed", "1", "--lang", "en")
    assert code == 130
    assert "Stopped after" in out and "of 4,000 games" in out and "Wins" in out


@pytest.mark.parametrize("args, said", [
    (["no-such-game"], "no game 'no-such-game'"),
    ([COIN, "--option", "bias=heavy"], "option bias cannot be 'heavy'"),
    ([COIN, "--option", "colour=red"], "no option 'colour'"),
    ([COIN, "--games", "0"], "--games '0': give a whole number from 1"),
    ([COIN, "--games", "lots"], "--games 'lots'"),
    ([COIN, "--workers", "0"], "--workers '0': give a whole number from 1 to 256"),
    ([COIN, "--players", "3"], "this game is played by 2 players"),
    ([COIN, "--seat", "3=bot:random"], "seats are numbered 1 to 2"),
    ([COIN, "--seat", "1=bot:clever"], "no bot 'clever'"),
    ([COIN, "--compare", "bias"], "write OPTION=A,B"),
    ([COIN, "--compare", "speed=1,2"], "has no option 'speed'"),
    ([COIN, "--compare", "bias=fair"], "give two values or more"),
    ([COIN, "--compare", "bias=fair,heavy"], "bias cannot be 'heavy'"),
    ([COIN, "--compare", "bias=fair,fair"], "fair is given twice"),
    ([COIN, "--compare", "bias=fair,tie", "--option", "bias=fair"], "also given with --option"),
    ([COIN, "--json", "/no/such/folder/out.json"], "there is no folder /no/such/folder"),
    ([COIN, "--cluster", "tcp://127.0.0.1:1", "--workers", "2"], "--workers does not apply"),
    ([COIN, "--seed", "-3"], "the seed is a whole number"),
])
def test_each_mistake_is_one_sentence(args: list[str], said: str,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run_cli(capsys, *args)
    assert code == 2
    assert said in out, out
    assert "Traceback" not in out and len(out.strip().splitlines()) <= 2


def test_a_folder_given_as_output_is_refused(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run_cli(capsys, COIN, "--csv", str(tmp_path))
    assert code == 2 and "that is a folder" in " ".join(out.split())  # a long path wraps


def test_missing_extras_are_named_with_how_to_get_them(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    from tabletop.ui import plot

    monkeypatch.setattr(plot, "available", lambda: False)
    monkeypatch.setattr(sim, "cluster_available", lambda: False)
    checkout = Path(sim.__file__).resolve().parents[2]
    monkeypatch.chdir(checkout)  # run from a checkout: the command is pip install -e '.[x]'
    code, out = run_cli(capsys, COIN, "--plot", str(tmp_path / "x.png"))
    assert code == 2 and "pip install -e '.[plot]'" in out
    code, out = run_cli(capsys, COIN, "--cluster", "tcp://127.0.0.1:8786")
    assert code == 2 and "pip install -e '.[cluster]'" in out
    monkeypatch.chdir(tmp_path)  # elsewhere: the checkout's folder is named
    code, out = run_cli(capsys, COIN, "--plot", str(tmp_path / "x.png"))
    assert f"pip install -e '{checkout}[plot]'" in " ".join(out.split())
    # installed from the package index (no checkout around the package)
    monkeypatch.setattr(sim.registry, "__file__", str(tmp_path / "site" / "tabletop" / "x.py"))
    code, out = run_cli(capsys, COIN, "--plot", str(tmp_path / "x.png"))
    assert code == 2 and "pip install 'tabletop[plot]'" in out


def test_an_unreachable_cluster_is_one_sentence(monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("distributed")
    monkeypatch.setattr(sim, "CLUSTER_TIMEOUT", 1.0)
    code, out = run_cli(capsys, COIN, "--games", "5", "--cluster", "tcp://127.0.0.1:9")
    assert code == 2 and "cannot reach a Dask scheduler at tcp://127.0.0.1:9" in out


def test_in_a_terminal_the_bar_runs_and_ctrl_c_reports(tmp_path: Path) -> None:
    child = spawn(["simulate", DUEL, "--games", "1000000", "--workers", "2", "--seed", "3"],
                  tmp_path, size=(24, 80))
    child.expect("games/s")  # the bar is up and the games are played
    child.expect("games/s")
    child.sendintr()
    child.expect(pexpect.EOF, timeout=30)
    text = clean(child.before)
    child.close()
    assert child.exitstatus == 130
    assert "Stopped after" in text and "of 1,000,000 games" in text and "Wins" in text
    assert "Traceback" not in text
    assert all(len(line) <= 80 for line in text.splitlines())


def test_a_french_report_names_the_moves_as_a_french_table_types_them(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, fr = run_cli(capsys, "deck-menteur", "--games", "20", "--players", "3", "--seed", "4",
                       "--lang", "fr")
    assert code == 0, fr
    moves = fr.split("Coups : ")[1].split("Cartes : ")[0]
    assert "poser" in moves and "accuser" in moves and "annoncer" in moves
    assert "réponse" not in moves and "said" not in moves
    assert "lay" not in moves.split() and "accuse" not in moves.split()
    code, en = run_cli(capsys, "deck-menteur", "--games", "20", "--players", "3", "--seed", "4",
                       "--lang", "en")
    assert "lay" in en.split() and "announce" in en.split() and "answer said" not in en


def test_each_named_answer_is_its_own_row_named_as_it_is_typed(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Deck menteur's suit is a question whose answers are words: each suit its own row, as a
    # table in the report's language types it; the JSON names the rows the same way
    out_json = tmp_path / "menteur.json"
    code, en = run_cli(capsys, "deck-menteur", "--games", "20", "--players", "3", "--seed", "4",
                       "--json", str(out_json))
    assert code == 0, en
    moves = en.split("Moves: ")[1].split("Cards: ")[0]
    rows = [line.split("  ")[0] for line in moves.splitlines()]
    assert {"announce clubs", "announce spades", "announce diamonds"} <= set(rows)
    assert "announce" not in rows
    code, fr = run_cli(capsys, "deck-menteur", "--games", "20", "--players", "3", "--seed", "4",
                       "--lang", "fr")
    moves = fr.split("Coups : ")[1].split("Cartes : ")[0]
    rows = [line.split("  ")[0] for line in moves.splitlines()]
    assert {"annoncer trèfles", "annoncer piques", "annoncer carreaux"} <= set(rows)
    rep = json.loads(out_json.read_text(encoding="utf-8"))
    kinds = {k["name"]: k for k in rep["runs"][0]["figures"]["move_kinds"]}
    suits = {"choose said=clubs", "choose said=spades", "choose said=diamonds"}
    assert suits <= set(kinds) and "choose said" not in kinds
    assert rep["answer_words"]["said=diamonds"] == {"en": "announce diamonds",
                                                    "fr": "annoncer carreaux"}
    assert all(kinds[k]["plays"] > 0 for k in suits)


def test_answers_that_are_seats_or_numbers_keep_one_row_and_a_pass_has_its_own(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Le Coffre et la Clé: "designate SEAT" (seats: one row), its pass "wait" apart, and the
    # centre card "1" or "2" (numbers: one row)
    out_json = tmp_path / "coffre.json"
    code, en = run_cli(capsys, "coffre-et-cle", "--games", "30", "--seed", "4",
                       "--json", str(out_json))
    assert code == 0, en
    rows = [line.split("  ")[0] for line in
            en.split("Moves: ")[1].split("\n\n")[0].splitlines()]
    assert {"designate", "wait", "centre", "force: whom"} <= set(rows)
    rep = json.loads(out_json.read_text(encoding="utf-8"))
    names = {k["name"] for k in rep["runs"][0]["figures"]["move_kinds"]}
    assert {"choose target", "choose target:pass", "choose slot", "choose who"} <= names
    assert not any(n.startswith("choose slot=") or n.startswith("choose target=")
                   for n in names)
    assert rep["answer_words"]["target:pass"] == {"en": "wait", "fr": "attendre"}
    code, fr = run_cli(capsys, "coffre-et-cle", "--games", "30", "--seed", "4", "--lang", "fr")
    rows = [line.split("  ")[0] for line in
            fr.split("Coups : ")[1].split("\n\n")[0].splitlines()]
    assert {"désigner", "attendre"} <= set(rows)


def test_a_report_without_the_words_of_an_answer_still_names_its_row() -> None:
    # a JSON report written before its answers had words: the row says the question and value
    assert screen._move_word("choose said=clubs", {}, "en", {}) == "answer said: clubs"
    assert screen._move_word("choose said=clubs", {}, "fr", {}) == "réponse said : clubs"
    assert screen._move_word("choose target:pass", {}, "fr", {}) == "passer target"
    assert screen._move_word("choose said", {}, "en", {}) == "answer said"
