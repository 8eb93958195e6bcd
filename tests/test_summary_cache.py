"""`tabletop list` and `tabletop rules` start without the engine: what they need of each
ruleset is cached (tabletop/summary.py), and the cache never shows something out of date."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tabletop import registry
from tabletop.cli import main


@pytest.fixture()
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("TABLETOP_CACHE_DIR", str(folder))
    monkeypatch.setenv("COLUMNS", "400")  # each game on one line, however long its folder
    return folder


def _list(*args: str) -> str:
    """`tabletop list` as a user runs it: a new process each time."""
    done = subprocess.run([sys.executable, "-m", "tabletop", "list", *args],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return done.stdout


def _my_game(folder: Path, summary: str) -> Path:
    folder.mkdir(exist_ok=True)
    text = (Path(registry.ruleset_path("scoundrel")).read_text(encoding="utf-8")
            .replace("id: scoundrel", "id: my-dungeon", 1))
    old = 'en: "Solo dungeon crawl with 44 playing cards: fight, equip, drink, or run."'
    assert old in text
    path = folder / "my-dungeon.yaml"
    path.write_text(text.replace(old, f"en: {summary!r}"), encoding="utf-8")
    return path


def test_a_warm_cache_lists_the_same_games(cache: Path) -> None:
    cold = _list()
    assert [p.name for p in cache.iterdir()] == ["summaries-1.json"]
    warm = _list()
    assert warm == cold
    for gid in registry.games():
        assert gid in warm


def test_an_edited_ruleset_is_listed_as_it_is_now(cache: Path, tmp_path: Path) -> None:
    mine = tmp_path / "mine"
    _my_game(mine, "The first draft.")
    assert "The first draft." in _list("--games-dir", str(mine))
    _my_game(mine, "The second draft, longer.")
    out = _list("--games-dir", str(mine))
    assert "The second draft, longer." in out and "first draft" not in out


def test_a_broken_ruleset_is_said_each_time_and_never_cached(
        cache: Path, tmp_path: Path) -> None:
    mine = tmp_path / "mine"
    path = _my_game(mine, "Fine.")
    assert "Fine." in _list("--games-dir", str(mine))
    path.write_text(path.read_text(encoding="utf-8") + "zones: [\n", encoding="utf-8")
    for _ in range(2):
        out = _list("--games-dir", str(mine))
        assert "cannot load" in out and "Fine." not in out


def test_changing_the_base_of_an_extended_ruleset_shows(cache: Path, tmp_path: Path) -> None:
    mine = tmp_path / "mine"
    _my_game(mine, "The base game.")
    (mine / "variant.yaml").write_text("extends: my-dungeon\nid: variant\n", encoding="utf-8")
    assert _list("--games-dir", str(mine)).count("The base game.") == 2
    _my_game(mine, "The base, revised.")
    assert _list("--games-dir", str(mine)).count("The base, revised.") == 2


def test_a_spoilt_or_unwritable_cache_is_ignored(cache: Path, tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    expected = _list()
    (cache / "summaries-1.json").write_text("{not json", encoding="utf-8")
    assert _list() == expected
    (cache / "summaries-1.json").write_text(json.dumps({"x": 1, "y": [2]}), encoding="utf-8")
    assert _list() == expected
    blocked = tmp_path / "a-file"
    blocked.write_text("", encoding="utf-8")  # the cache folder cannot be made under a file
    monkeypatch.setenv("TABLETOP_CACHE_DIR", str(blocked / "cache"))
    assert _list() == expected


def test_rules_of_a_ruleset_with_its_own_page(cache: Path, tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    path = _my_game(tmp_path / "mine", "Mine.")
    path.write_text(path.read_text(encoding="utf-8")
                    + "rules: \"# My dungeon\\n\\nFight your way out.\"\n", encoding="utf-8")
    for _ in range(2):  # cold, then from the cache
        assert main(["rules", str(path)]) == 0
        assert "Fight your way out." in capsys.readouterr().out


@pytest.mark.parametrize("command", [["list"], ["rules", "scoundrel"],
                                     ["rules", "push-to-five", "--lang", "fr"]])
def test_list_and_rules_start_without_the_engine(command: list[str], cache: Path) -> None:
    code = ("import sys; from tabletop.cli import main; main(sys.argv[1:]); "
            "print('ENGINE', sorted(m for m in sys.modules if m in "
            "('tabletop.engine.state', 'tabletop.rules.spec', 'tabletop.engine.game', 'yaml')))")
    for run in ("cold", "warm"):
        out = subprocess.run([sys.executable, "-c", code, *command], capture_output=True,
                             text=True, check=True).stdout
        engine = out.rsplit("ENGINE", 1)[1].strip()
        if run == "warm":  # the first run fills the cache, which the next one reads alone
            assert engine == "[]", out[-300:]


def test_the_list_speaks_the_table_s_language(cache: Path) -> None:
    fr = _list("--lang", "fr")
    assert "Les jeux de tabletop" in fr and "joueurs" in fr
    assert "Exploration de donjon en solo" in fr and "Solo dungeon crawl" not in fr
    en = _list("--lang", "en")
    assert "Solo dungeon crawl" in en and "joueurs" not in en
