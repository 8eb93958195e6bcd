"""The command line checks every argument: one sentence for each mistake, never a traceback
(issue 13)."""

from __future__ import annotations

from pathlib import Path

import pexpect
import pytest
from terminal import clean, spawn

import tabletop


def _run(args: list[str], tmp_path: Path) -> tuple[str, int]:
    child = spawn(args, tmp_path)
    child.expect(pexpect.EOF)
    out = " ".join(clean(child.before).split())
    child.close()
    return out, child.exitstatus


BAD = [
    (["play", "scoundrel", "--watch", "--delay", "-1"], "the delay is a number of seconds"),
    (["play", "scoundrel", "--watch", "--delay", "1e400"], "the delay is a number of seconds"),
    (["play", "scoundrel", "--watch", "--delay", "nan"], "the delay is a number of seconds"),
    (["play", "push-to-five", "--players", "-3"], "played by 1 to 6 players"),
    (["play", "push-to-five", "--players", "0"], "played by 1 to 6 players"),
    (["play", "push-to-five", "--players", "Ana,"], "with no empty name"),
    (["play", "push-to-five", "--players", ",,"], "with no empty name"),
    (["play", "push-to-five", "--players", "Ana,P1"], "is how seat 1 is typed"),
    (["play", "push-to-five", "--players", "Ana,-x"], "a name starts with a letter"),
    (["play", "scoundrel", "--option", "difficulty=easy", "--option", "difficulty=hard"],
     "the option difficulty is already given"),
    (["play", "push-to-five", "--seat", "2=bot:random", "--seat", "2=bot:greedy"],
     "seat 2 is already given"),
    (["play", "push-to-five", "--seat", "2=bot:mcts:iterations=1e400"],
     "iterations must be above 0"),
    (["play", "push-to-five", "--seat", "2=bot:mcts:seconds=1,seconds=2"], "is given twice"),
    (["play", "push-to-five", "--seat", "²=bot:random"], "write N=bot:KIND"),
    (["play", "scoundrel", "--seed", "-4"], "the seed is a whole number"),
    (["play", "scoundrel", "--seed", "99999999999999999999999"], "the seed is a whole number"),
]


@pytest.mark.parametrize(("args", "message"), BAD)
def test_a_bad_argument_gets_one_sentence(args: list[str], message: str,
                                          tmp_path: Path) -> None:
    out, status = _run(args, tmp_path)
    assert message in out, out
    assert "Traceback" not in out
    assert status == 2
    assert not list(tmp_path.glob("*.json")), "no game was started"


def test_a_binary_file_given_to_load_gets_one_sentence(tmp_path: Path) -> None:
    junk = tmp_path / "junk.json"
    junk.write_bytes(bytes(range(256)) * 4)
    out, status = _run(["play", "--load", str(junk)], tmp_path)
    assert "is not a tabletop save (it is not text)" in out
    assert "Traceback" not in out and status == 2


def test_version(tmp_path: Path) -> None:
    out, status = _run(["--version"], tmp_path)
    assert out == f"tabletop {tabletop.__version__}" and status == 0


def test_a_name_holding_rich_markup_is_shown_as_typed(tmp_path: Path) -> None:
    child = spawn(["play", "push-to-five", "--players", "Ana,Ben[/],[bold]Cy", "--seed", "1",
                   "--seat", "1=bot:random", "--seat", "3=bot:random"], tmp_path)
    child.expect(r"Ben\[/\] > ")
    assert "[bold]Cy" in clean(child.before)
    child.sendline("quit")
    child.expect(pexpect.EOF)
    assert "Traceback" not in clean(child.before)
