"""Arcane Arena in the terminal: three people hot-seat, a whole match to its end.

The match follows the golden playthrough (seed 47, three seats), typing each move as a person
would and passing the curtain whenever the seat to decide changes: before every defense the
attacked player is called to the screen, in the middle of the attacker's turn, and the
attacker's hand is gone from the screen.
"""

from __future__ import annotations

import re
from pathlib import Path

import pexpect
import pytest
from terminal import clean, expect_curtain, moves_on_screen, quit_and_load, spawn

import tabletop

GOLDEN = Path(__file__).parent / "golden" / "arcane-arena.txt"
NAMES = ["Ana", "Ben", "Cleo"]


def golden_moves() -> list[tuple[int, str]]:
    text = GOLDEN.read_text(encoding="utf-8")
    assert "players: 3" in text and "seed: 47" in text
    seats = [int(s) - 1 for s in re.findall(r"^# \d+  seat (\d) to move$", text, flags=re.M)]
    plays = re.findall(r"^play: (.+)$", text, flags=re.M)
    assert len(seats) == len(plays) > 100
    return list(zip(seats, plays, strict=True))


@pytest.mark.parametrize("whole", [False, pytest.param(True, marks=pytest.mark.soak)])
def test_a_three_seat_match_to_its_end_with_the_curtain_before_each_defense(tmp_path: Path,
                                                                         whole: bool):
    """The suite plays the golden match up to its fifth defense and quits (the save holds
    every move typed); the whole match, to its end, runs under -m soak."""
    child = spawn(["play", "arcane-arena", "--players", ",".join(NAMES), "--seed", "47"],
                  tmp_path, timeout=30)
    seat_now = None
    defenses = 0
    moves = golden_moves()
    for n, (seat, move) in enumerate(moves):
        if not whole and defenses >= 5 and seat == seat_now:
            saved = quit_and_load(child, tmp_path / "arcane-arena-47.json")
            assert not saved.is_over
            assert saved.history == [m.replace("P1", "Ana").replace("P2", "Ben")
                                     .replace("P3", "Cleo") for _s, m in moves[:n]]
            return
        curtain = seat != seat_now
        if curtain:
            expect_curtain(child, f"Pass to {NAMES[seat]}")
            child.sendline("")
            seat_now = seat
        child.expect("> ")
        screen = " ".join(clean(child.before).split())
        if move.startswith("defend") or move == "take":
            assert curtain, f"move {n}: a defense without the curtain"
            defenses += 1
            assert "attacks you with" in screen
            assert "take" in moves_on_screen(child.before)
        if n == 0:
            assert "Your hand Shadow Veil" in screen and "Lightning" in screen
            child.sendline("play lightning Ben")  # Lightning names no target: refused
            child.expect("lightning is not played on a player")
            child.expect("> ")
            child.sendline("fly")
            child.expect("not a move of Arcane Arena")
            child.expect("> ")
        child.sendline(move.replace("P1", "Ana").replace("P2", "Ben").replace("P3", "Cleo"))
    assert defenses > 10
    child.expect("Replay this game")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    saved = tabletop.restore((tmp_path / "arcane-arena-47.json").read_text(encoding="utf-8"))
    assert saved.is_over and saved.outcome.winners == (2,)
    assert saved.outcome.reason == ("Cleo won 3 rounds and is crowned ultimate wizard (rounds "
                                    "won: Ana 0, Ben 2, Cleo 3)")


def test_a_match_saved_during_a_defense_resumes_at_the_defense(tmp_path: Path):
    moves = golden_moves()
    first_defense = next(i for i, (_s, m) in enumerate(moves) if m.startswith("defend")
                         or m == "take")
    child = spawn(["play", "arcane-arena", "--players", ",".join(NAMES), "--seed", "47"],
                  tmp_path)
    seat_now = None
    for seat, move in moves[:first_defense]:
        if seat != seat_now:
            expect_curtain(child, f"Pass to {NAMES[seat]}")
            child.sendline("")
            seat_now = seat
        child.expect("> ")
        child.sendline(move.replace("P1", "Ana").replace("P2", "Ben").replace("P3", "Cleo"))
    seat = moves[first_defense][0]
    expect_curtain(child, f"Pass to {NAMES[seat]}")
    child.sendline("")
    child.expect("> ")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    save = tmp_path / "arcane-arena-47.json"
    again = spawn(["play", "--load", str(save)], tmp_path)
    expect_curtain(again, f"Pass to {NAMES[seat]}")
    again.sendline("")
    again.expect("> ")
    assert "attacks you with" in " ".join(clean(again.before).split())
    again.sendline("quit")
    again.expect(pexpect.EOF)
