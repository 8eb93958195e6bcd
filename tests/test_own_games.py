"""A designer's own games: a rules page carried by the ruleset (rules: or a Markdown file beside
it) that `tabletop rules FILE` shows, and games found by id in the user's folders
(--games-dir, $TABLETOP_GAMES_DIR) beside the shipped ones."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import tabletop
from tabletop import registry
from tabletop.cli import main

GAME = """\
id: mine
name: {en: My Game, fr: Mon jeu}
summary: {en: "A game of my own.", fr: "Un jeu à moi."}
players: {min: 1, max: 2}
cards: [{id: a, value: 1}, {id: b, value: 2}]
zones: {deck: {deck: true}, table: {}}
moves:
  - id: take
    notation: take
    effects: [{move: {what: "top(deck)", to: table}}]
end: [{if: "size(deck) == 0", outcome: done}]
outcomes: {done: {winners: "[0]", reason: {en: done, fr: fini}}}
view: {table: table.code}
"""

RULES = """rules:
  en: |
    # My Game
    Take the top card until the deck is empty.
  fr: |
    # Mon jeu
    Prenez la carte du dessus jusqu'à ce que la pioche soit vide.
"""


@pytest.fixture(autouse=True)
def no_user_folders(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "_games_dirs", [])
    monkeypatch.delenv("TABLETOP_GAMES_DIR", raising=False)
    monkeypatch.setenv("COLUMNS", "200")
    monkeypatch.setenv("LANG", "en_US.UTF-8")


def said(capsys: pytest.CaptureFixture[str]) -> str:
    return re.sub(r"\s+", " ", capsys.readouterr().out)


def test_a_rules_text_in_the_ruleset_is_its_rules_page(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "mine.yaml"
    path.write_text(GAME + RULES, encoding="utf-8")
    game = tabletop.load(path)
    assert registry.own_rules(game, "fr").startswith("# Mon jeu")
    assert "rules" not in game.spec.untranslated
    assert main(["rules", str(path)]) == 0
    assert "Take the top card until the deck is empty." in said(capsys)


def test_a_markdown_file_beside_the_ruleset_is_its_rules_page(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "mine.yaml"
    path.write_text(GAME, encoding="utf-8")
    (tmp_path / "mine.md").write_text("# My Game\n\nDraw them all.\n", encoding="utf-8")
    (tmp_path / "mine.fr.md").write_text("# Mon jeu\n\nPiochez-les toutes.\n", encoding="utf-8")
    game = tabletop.load(path)
    assert "Piochez-les toutes." in (registry.own_rules(game, "fr") or "")
    assert main(["rules", str(path)]) == 0
    assert "Draw them all." in said(capsys)


def test_without_a_page_the_designer_is_told_how_to_give_one(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "mine.yaml"
    path.write_text(GAME, encoding="utf-8")
    assert main(["rules", str(path)]) == 1
    assert "Markdown file beside it" in said(capsys)


def test_games_are_found_by_id_in_a_named_folder(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "mine.yaml").write_text(GAME + RULES, encoding="utf-8")
    with pytest.raises(tabletop.UnknownGameError, match="no game 'mine'"):
        tabletop.load("mine")
    assert main(["list", "--games-dir", str(tmp_path)]) == 0
    out = said(capsys)
    assert "mine" in out and "A game of my own." in out and "scoundrel" in out
    assert main(["rules", "mine", "--games-dir", str(tmp_path)]) == 0
    assert "Take the top card" in said(capsys)
    st = tabletop.load("mine").new_game(seed=1)
    st.play("take")
    again = tabletop.restore(st.to_json())  # a save finds its file again
    assert again.view(0) == st.view(0)


def test_games_are_found_in_the_folders_of_the_environment(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    one, two = tmp_path / "one", tmp_path / "two"
    one.mkdir()
    two.mkdir()
    (two / "mine.yaml").write_text(GAME, encoding="utf-8")
    (two / "scoundrel.yaml").write_text(GAME.replace("id: mine", "id: scoundrel"),
                                        encoding="utf-8")
    monkeypatch.setenv("TABLETOP_GAMES_DIR", f"{one}:{two}")
    assert tabletop.load("mine").spec.name["en"] == "My Game"
    assert tabletop.load("scoundrel").spec.name["en"] == "Scoundrel"  # the shipped game first
    with pytest.raises(tabletop.UnknownGameError, match="did you mean 'mine'"):
        tabletop.load("mien")


def test_a_games_dir_that_is_no_folder_is_one_sentence(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["list", "--games-dir", str(tmp_path / "nope")]) == 2
    assert "--games-dir names a folder" in said(capsys)
