"""`tabletop new "My Game"` writes a small, complete, commented ruleset that loads, passes
`tabletop check` and plays to its end."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import tabletop
from tabletop.analysis.checker import play_check
from tabletop.cli import main
from tabletop.testing import random_game


def test_new_writes_a_playable_commented_game(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["new", "Pêche aux Cartes", "--dir", str(tmp_path)]) == 0
    path = tmp_path / "peche-aux-cartes.yaml"
    assert "wrote" in capsys.readouterr().out
    text = path.read_text(encoding="utf-8")
    assert text.count("#") >= 15  # commented
    assert text.startswith("# yaml-language-server: $schema=file://")  # editors check it
    game = tabletop.load(path)
    assert game.spec.name == {"en": "Pêche aux Cartes", "fr": "Pêche aux Cartes"}
    assert game.spec.untranslated == () and game.spec.rules["fr"].startswith("# Pêche")
    report = play_check(game, games=30, seconds=20)
    assert report.problems == [] and report.games == 30
    for players in (2, 3, 4):
        st = random_game(game, seed=players, players=players, options={"hand": "short"})
        assert st.move_count == 3 * players


def test_new_never_overwrites_and_needs_a_name(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["new", "My Game", "--dir", str(tmp_path)]) == 0
    before = (tmp_path / "my-game.yaml").read_text(encoding="utf-8")
    assert main(["new", "my game", "--dir", str(tmp_path)]) == 2
    assert "already there" in re.sub(r"\s+", " ", capsys.readouterr().out)
    assert (tmp_path / "my-game.yaml").read_text(encoding="utf-8") == before
    assert main(["new", "!!!", "--dir", str(tmp_path)]) == 2
    assert "cannot name a game" in re.sub(r"\s+", " ", capsys.readouterr().out)
