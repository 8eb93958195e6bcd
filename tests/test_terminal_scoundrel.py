"""Scoundrel in the terminal, typed as a person types."""

from __future__ import annotations

import json
from pathlib import Path

import pexpect
from terminal import clean, spawn

import tabletop


def test_a_whole_game_to_its_end_with_garbage_answered(tmp_path: Path) -> None:
    child = spawn(["play", "scoundrel", "--seed", "11"], tmp_path)
    child.expect("> ")
    assert "Health" in clean(child.before) and "Room" in clean(child.before)
    # garbage of every kind gets one sentence and the prompt again
    for garbage, answer in [("", "Your moves"), ("dance", "is not a move of Scoundrel"),
                            ("0", "There is no move 0"), ("fight ZZ", "is not a card"),
                            ("drink", "incomplete")]:
        child.sendline(garbage)
        child.expect(answer)
        child.expect("> ")
    # then always the first listed move, by number, until the game ends
    for _ in range(200):
        child.sendline("1")
        i = child.expect(["> ", "Replay this game"])
        if i == 1:
            break
    else:
        raise AssertionError("the game did not end in 200 moves")
    child.expect(pexpect.EOF)
    tail = clean(child.before)
    assert "Traceback" not in tail
    screen = clean(child.after if isinstance(child.after, str) else "") + tail
    assert "--seed 11" in screen
    child.close()
    assert child.exitstatus == 0
    # the same seed and the same choices give the same end: the saved game says so
    saved = tabletop.restore((tmp_path / "scoundrel-11.json").read_text(encoding="utf-8"))
    assert saved.is_over
    again = tabletop.load("scoundrel").new_game(seed=11)
    for text in json.loads(saved.to_json())["moves"]:
        again.play(text)
    assert again.outcome == saved.outcome


def test_illegal_move_says_why_and_ctrl_d_saves(tmp_path: Path) -> None:
    # seed 3 opens with the room 2C 3S 8S 8D
    child = spawn(["play", "scoundrel", "--seed", "3"], tmp_path)
    child.expect("> ")
    assert "8♦" in clean(child.before)
    child.sendline("fight 3S")
    child.expect("you have no weapon")
    child.expect("> ")
    child.sendline("equip 8D")
    child.expect("> ")
    child.sendeof()
    child.expect("saved to")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    saved = tabletop.restore((tmp_path / "scoundrel-3.json").read_text(encoding="utf-8"))
    assert saved.view(0)["weapon"] == "8D"
    # and the game resumes where it was
    child = spawn(["play", "--load", str(tmp_path / "scoundrel-3.json")], tmp_path)
    child.expect("> ")
    assert "8♦" in clean(child.before)
    child.sendline("quit")
    child.expect(pexpect.EOF)


def test_bad_command_line_values_get_one_sentence(tmp_path: Path) -> None:
    (tmp_path / "garbage.json").write_text("{half a save", encoding="utf-8")
    for args, message in [
        (["play", "scoundrel", "--option", "difficulty=nightmare"], "choose one of easy"),
        (["play", "scoundrel", "--option", "colour=red"], "has no option 'colour'"),
        (["play", "chess"], "no game 'chess'"),
        (["play", "scoundrel", "--players", "3"], "played by 1 player"),
        (["play", "--load", str(tmp_path / "missing.json")], "cannot read the saved game"),
        (["play", "--load", str(tmp_path / "garbage.json")], "not a tabletop save"),
        (["rules", "chess"], "no game 'chess'"),
        (["play", "push-to-five", "--solo", "--players", "3"], "--solo plays alone"),
        (["play", "push-to-five", "--players", "Ana,ana"], "two players have the same name"),
        (["play", "push-to-five", "--players", "Ana,Jo Ann"], "one word"),
        (["play", "scoundrel", "--load", str(tmp_path / "garbage.json")], "--load resumes"),
    ]:
        child = spawn(args, tmp_path)
        child.expect(pexpect.EOF)
        out = clean(child.before)
        child.close()
        assert message in " ".join(out.split()), (args, out)
        assert "Traceback" not in out
        assert child.exitstatus == 2


def test_list_and_rules(tmp_path: Path) -> None:
    child = spawn(["list"], tmp_path)
    child.expect(pexpect.EOF)
    assert "scoundrel" in clean(child.before)
    child = spawn(["rules", "scoundrel"], tmp_path)
    child.expect(pexpect.EOF)
    out = clean(child.before)
    assert "Rulings" in out and "difficulty" in out
