"""A game is never lost: the save path is tried before the first move, a failed save is told
once and another file asked for, and quit never leaves an unsaved game without asking
(issue 13)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pexpect
from terminal import clean

import tabletop


def _spawn(args: list[str], save_dir: Path) -> pexpect.spawn:
    env = dict(os.environ, TABLETOP_SAVE_DIR=str(save_dir), NO_COLOR="1", TERM="xterm",
               LANG="en_US.UTF-8")
    return pexpect.spawn(sys.executable, ["-m", "tabletop", *args], env=env, encoding="utf-8",
                         timeout=20, dimensions=(50, 100))


def test_an_unwritable_save_dir_is_told_before_the_first_move(tmp_path: Path) -> None:
    plain = tmp_path / "plain"
    plain.write_text("not a folder", encoding="utf-8")
    child = _spawn(["play", "scoundrel", "--seed", "3"], plain / "saves")
    child.expect("Could not save the game")
    child.expect("Type another file to save the game to")
    assert "Your moves" not in clean(child.before), "asked before the first move"
    good = tmp_path / "elsewhere" / "mine.json"
    child.sendline(str(good))
    child.expect("Game saved to")
    child.expect("> ")
    child.sendline("1")
    child.expect("> ")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    assert len(tabletop.restore(good.read_text(encoding="utf-8")).history) == 1


def test_a_failed_save_is_told_once_and_quit_asks(tmp_path: Path) -> None:
    plain = tmp_path / "plain"
    plain.write_text("not a folder", encoding="utf-8")
    child = _spawn(["play", "scoundrel", "--seed", "3"], plain / "saves")
    child.expect("Type another file")
    child.sendline("")  # play on unsaved
    child.expect("Playing on without saving")
    for _ in range(3):
        child.expect("> ")
        child.sendline("1")
    child.expect("> ")
    assert "Could not save" not in clean(child.before), "told once, not at every move"
    child.sendline("quit")
    child.expect(r"The game is not saved. Leave anyway\?")
    child.sendline("no")
    child.expect("> ")
    child.sendline("quit")
    child.expect("Leave anyway")
    target = tmp_path / "rescued.json"
    child.sendline(str(target))
    child.expect("Game saved to")
    child.expect(pexpect.EOF)
    assert len(tabletop.restore(target.read_text(encoding="utf-8")).history) == 3


def test_save_naming_a_folder_saves_inside_it(tmp_path: Path) -> None:
    folder = tmp_path / "games"
    folder.mkdir()
    child = _spawn(["play", "scoundrel", "--seed", "3", "--save", str(folder)], tmp_path)
    child.expect("> ")
    child.sendline("1")
    child.expect("> ")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    assert "Could not save" not in clean(child.before)
    saved = tabletop.restore((folder / "scoundrel-3.json").read_text(encoding="utf-8"))
    assert len(saved.history) == 1
