"""`tabletop rules ID [--lang fr] [--designer]` and `rules` at the table (issue 13): the page in
the table's language when it exists, else the English one with a sentence saying so; the
in-game page through a pager when it is taller than the terminal, the board drawn after."""

from __future__ import annotations

import io
from pathlib import Path

import pexpect
import pytest
from rich.console import Console
from terminal import clean, spawn

import tabletop
from tabletop import cli, registry
from tabletop.ui.terminal import Table


@pytest.fixture()
def docs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = tmp_path / "docs"
    (root / "games").mkdir(parents=True)
    (root / "designers").mkdir()
    (root / "games" / "scoundrel.md").write_text(
        "# Scoundrel\n\n## Rules in our words\n\nFight.\n", encoding="utf-8")
    (root / "games" / "scoundrel.fr.md").write_text(
        "# Scoundrel\n\n## Les règles\n\nCombattez.\n", encoding="utf-8")
    (root / "designers" / "scoundrel.md").write_text(
        "# Scoundrel\n\n## View keys\n\nhp.\n", encoding="utf-8")
    (root / "games" / "push-to-five.md").write_text(
        "# Push to Five\n\n## Rules in our words\n\nFlip.\n", encoding="utf-8")
    monkeypatch.setattr(registry, "docs_dir", lambda: root)
    return root


@pytest.mark.parametrize(("args", "shown", "not_shown"), [
    (["scoundrel"], "Rules in our words", "Les règles"),
    (["scoundrel", "--lang", "fr"], "Les règles", "Rules in our words"),
    (["scoundrel", "--designer"], "View keys", "Rules in our words"),
    (["push-to-five", "--lang", "fr"], "pas encore en français", "Les règles"),
])
def test_the_rules_command_picks_the_page(docs: Path, capsys: pytest.CaptureFixture[str],
                                          args: list[str], shown: str, not_shown: str) -> None:
    assert cli.main(["rules", *args]) == 0
    out = capsys.readouterr().out
    assert shown in out and not_shown not in out
    if "push-to-five" in args:
        assert "Flip." in out, "the English page follows the sentence"


def test_no_page_gets_one_sentence(docs: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["rules", "pyramide-escape", "--designer", "--lang", "fr"]) == 1
    assert "Aucune page de règles" in capsys.readouterr().out


def _table(lang: str, typed: list[str], height: int = 24) -> tuple[Table, io.StringIO]:
    out = io.StringIO()
    console = Console(file=out, width=80, height=height, color_system=None)
    answers = iter(typed)
    state = tabletop.load("scoundrel").new_game(seed=5)
    table = Table(state, {}, lang, console, lambda prompt: next(answers), Path("/dev/null"))
    return table, out


def test_rules_at_a_french_table_show_the_french_page(docs: Path) -> None:
    table, out = _table("fr", [])
    table.show_rules()
    assert "Les règles" in out.getvalue() and "Rules in our words" not in out.getvalue()


def test_a_long_page_is_paged_and_q_goes_back(docs: Path) -> None:
    long = "# Scoundrel\n\n" + "".join(f"Line {i}.\n\n" for i in range(60))
    (docs / "games" / "scoundrel.md").write_text(long, encoding="utf-8")
    table, out = _table("en", ["", "q"], height=24)
    table.show_rules()
    text = out.getvalue()
    assert "Line 5." in text and "Line 15." in text, "two pages were shown"
    assert "Line 40." not in text, "q left the pager"


def test_in_game_rules_are_paged_and_the_board_drawn_after(tmp_path: Path) -> None:
    child = spawn(["play", "scoundrel", "--seed", "5"], tmp_path)
    child.setwinsize(24, 80)
    child.expect("> ")
    child.sendline("rules")
    child.expect("-- more: Enter for the next page, q to go back to the game --")
    child.sendline("q")
    child.expect("> ")
    assert "Health" in clean(child.before)
    child.sendline("quit")
    child.expect(pexpect.EOF)
