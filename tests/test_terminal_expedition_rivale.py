"""L'Expédition Rivale in the terminal, hot-seat, typed as two people type.

The game follows the golden playthrough (seed 4: Ben opens; the Cursed Mask asks Ana which
card she discards; the Serpent Idol asks Ben what he steals), typing its moves one by one
and passing the curtain whenever the seat to decide changes.
"""

from __future__ import annotations

import re
from pathlib import Path

import pexpect
from terminal import clean, expect_curtain, moves_on_screen, spawn

import tabletop

GOLDEN = Path(__file__).parent / "golden" / "expedition-rivale.txt"
NAMES = ["Ana", "Ben"]


def golden_moves() -> list[tuple[int, str]]:
    """(seat, move) of each move of the golden playthrough."""
    text = GOLDEN.read_text(encoding="utf-8")
    seats = [int(s) - 1 for s in re.findall(r"^# \d+  seat (\d) to move$", text, flags=re.M)]
    plays = re.findall(r"^play: (.+)$", text, flags=re.M)
    assert len(seats) == len(plays) > 20
    return list(zip(seats, plays, strict=True))


def test_a_hot_seat_game_to_its_end(tmp_path: Path) -> None:
    child = spawn(["play", "expedition-rivale", "--players", "Ana,Ben", "--seed", "4"],
                  tmp_path)
    seat_now = None
    for n, (seat, move) in enumerate(golden_moves()):
        if seat != seat_now:
            expect_curtain(child, f"Pass to {NAMES[seat]}")
            child.sendline("")
            seat_now = seat
        child.expect("> ")
        screen = " ".join(clean(child.before).split())
        if n == 0:
            # Ben sees his own card, why it cannot be laid, and not Ana's card
            assert "Your hand Cursed Mask (4)" in screen
            assert "mask: cannot be laid, you have 0 cards laid, not exactly 2" in screen
            assert "Hourglass" not in screen
            assert moves_on_screen(child.before) == ["draw"]
            child.sendline("lay masque")
            child.expect("not exactly 2")
            child.expect("> ")
        if move == "discard statuette":
            # the Mask's question goes to Ana, whose laid card it is
            assert seat == 0 and "Cursed Mask: choose one of your laid cards" in screen
            assert moves_on_screen(child.before) == ["discard statuette", "discard tablet"]
        if move == "steal tablette":
            assert seat == 1 and "Serpent Idol: choose the card laid by Ana" in screen
        child.sendline(move)
    child.expect("Replay this game")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    saved = tabletop.restore((tmp_path / "expedition-rivale-4.json").read_text(encoding="utf-8"))
    assert saved.is_over and saved.outcome.winners == (1,)
    assert saved.outcome.reason == ("Ben has the most points: Ana 4 for 1 card + 2 "
                                    "Initiate's Blade = 6, 1 type; Ben 18 for 6 cards = "
                                    "18, 3 types")


def test_in_french_the_reasons_are_french(tmp_path: Path) -> None:
    child = spawn(["play", "expedition-rivale", "--players", "Ana,Ben", "--seed", "4",
                   "--lang", "fr"], tmp_path, lang="fr")
    child.expect("Ben")
    child.sendline("")
    child.expect("> ")
    screen = " ".join(clean(child.before).split())
    assert "Masque Maudit (4)" in screen
    assert "masque : non posable, vous avez 0 carte posée, pas exactement 2" in screen
    assert "cannot be laid" not in screen
    child.sendline("quit")
    child.expect(pexpect.EOF)
