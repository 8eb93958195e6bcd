"""Arcane Duel in the terminal: three people hot-seat, a whole match typed move by move.

The match follows the golden playthrough (seed 0, three players): the curtain falls whenever
the seat to decide changes, so before every defense question it goes to the attacked player,
and the screen of each player shows their own hand and no one else's.
"""

from __future__ import annotations

import re
from pathlib import Path

import pexpect
import pytest
from terminal import clean, expect_curtain, moves_on_screen, quit_and_load, spawn

import tabletop

GOLDEN = Path(__file__).parent / "golden" / "arcane-duel.txt"
NAMES = ["P1", "P2", "P3"]
NAMES_OF = {c.code: c.name["en"] for c in tabletop.load("arcane-duel").spec.cards}


def golden_moves() -> list[tuple[int, str, list[str]]]:
    """(seat, move, that seat's hand) of each move of the golden playthrough."""
    text = GOLDEN.read_text(encoding="utf-8")
    seats = [int(s) - 1 for s in re.findall(r"^# \d+  seat (\d) to move$", text, flags=re.M)]
    hands = [re.findall(r'"(\w+)"', h)
             for h in re.findall(r'^view: .*"hand": \[(.*?)\]', text, flags=re.M)]
    plays = re.findall(r"^play: (.+)$", text, flags=re.M)
    assert len(seats) == len(plays) == len(hands) > 100
    return list(zip(seats, plays, hands, strict=True))


@pytest.mark.parametrize("whole", [False, pytest.param(True, marks=pytest.mark.soak)])
def test_a_hot_seat_match_to_its_end_with_the_curtain_before_each_defense(
        tmp_path: Path, whole: bool) -> None:
    """The suite plays the golden match up to its fourth defense and quits (the save holds
    every move typed); the whole match, to its end, runs under -m soak (minutes)."""
    child = spawn(["play", "arcane-duel", "--players", "3", "--seed", "0"], tmp_path,
                  timeout=30)
    seat_now = None
    defenses = 0
    moves = golden_moves()
    for n, (seat, move, hand) in enumerate(moves):
        if not whole and defenses >= 4 and seat == seat_now:
            saved = quit_and_load(child, tmp_path / "arcane-duel-0.json")
            assert saved.history == [m for _s, m, _h in moves[:n]] and not saved.is_over
            return
        asked = move.startswith("defend ") or move == "no defense"
        if seat != seat_now:
            expect_curtain(child, f"Pass to {NAMES[seat]}")
            child.sendline("")
            seat_now = seat
        elif asked:
            raise AssertionError(f"move {n}: a defense asked of the seat already at the screen")
        child.expect(f"{NAMES[seat]} > ")
        screen = clean(child.before)
        flat = " ".join(screen.split())
        if asked:
            defenses += 1
            # (an attack a Deflection sent back is its caster's own: "comes back at you")
            assert "is aimed at you" in flat or "your own" in flat and "comes back at you" in flat
            assert moves_on_screen(child.before)[-1] == "no defense"
        for code in hand:  # the player's own cards are on the screen, by name
            assert NAMES_OF[code] in flat, (n, code)
        if n == 0:
            assert "Health" in flat and "Rounds won" in flat and "Your hand" in flat
            child.sendline("cast fireball")  # a wrong word gets one sentence, then the prompt
            child.expect("is not a move of Arcane Duel")
            child.expect(f"{NAMES[seat]} > ")
        child.sendline(move)
    child.expect("ultimate wizard")
    child.expect("Replay this game")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0 and defenses >= 3
    saved = tabletop.restore((tmp_path / "arcane-duel-0.json").read_text(encoding="utf-8"))
    winners = re.search(r"^end: \w+; winners \[([\d, ]*)\]", GOLDEN.read_text(encoding="utf-8"),
                        flags=re.M)
    assert winners is not None  # the match ends as the golden playthrough says
    expected = tuple(int(w) - 1 for w in winners.group(1).split(", ") if w)
    assert saved.is_over and saved.outcome is not None and saved.outcome.winners == expected


def test_a_pending_defense_survives_quitting_and_the_french_table(tmp_path: Path) -> None:
    moves = golden_moves()
    first_defense = next(n for n, (_s, m, _h) in enumerate(moves)
                         if m.startswith("defend ") or m == "no defense")
    child = spawn(["play", "arcane-duel", "--players", "3", "--seed", "0", "--lang", "fr"],
                  tmp_path, lang="fr", timeout=30)
    seat_now = None
    for seat, move, _hand in moves[:first_defense]:
        if seat != seat_now:
            child.expect(f"Passez à {NAMES[seat]}")
            child.sendline("")
            seat_now = seat
        child.expect(f"{NAMES[seat]} > ")
        child.sendline(move)
    child.expect(f"Passez à {NAMES[moves[first_defense][0]]}")
    child.sendline("")
    child.expect(f"{NAMES[moves[first_defense][0]]} > ")
    assert "vous vise" in " ".join(clean(child.before).split())
    child.sendline("quitter")
    child.expect(pexpect.EOF)
    saved = tabletop.restore((tmp_path / "arcane-duel-0.json").read_text(encoding="utf-8"))
    assert saved.current_player == moves[first_defense][0]
    assert saved.prompt("en") is not None and "is aimed at you" in saved.prompt("en")
