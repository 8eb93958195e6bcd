"""Le Coffre et la Clé in an 80x24 terminal, hot-seat with the curtain, typed as people type.

A twin of the game runs in the test (same seed and names: the same deal) to know what each
seat may see and to pick the moves; the terminal is driven to the end of the game. At every
prompt the screen drawn for it fits 24 lines, shows the seat's own card and the cards it
knows, and names no card it does not know.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pexpect
from terminal import clean, moves_on_screen, spawn

import tabletop

CLEAR = "\x1b[2J"
NAMES = ["Ana", "Ben", "Chloé", "Dan", "Eve", "Fred", "Gus", "Hugo"]
CARD = {"key": "Key", "treasure": "Treasure", "fake": "Fake Key", "neutral": "Neutral"}


def _screen(before: str) -> list[str]:
    """The lines drawn for the prompt now: after the last clear, or after the last prompt."""
    text = before.rsplit(CLEAR, 1)[-1]
    lines = [line for line in clean(text).replace("\r", "").split("\n") if line.strip()]
    while lines and not lines[0].startswith("╭"):  # the echo of the move typed before
        lines.pop(0)
    return lines


def _row(screen: str, label: str) -> str:
    rows = re.findall(rf"│\s*{re.escape(label)}\s+(.*?)\s*│", screen)
    return rows[-1] if rows else ""


def _check_screen(st: tabletop.State, seat: int, lines: list[str]) -> None:
    assert len(lines) <= 23, "\n".join(lines)  # the prompt takes the 24th
    screen = "\n".join(lines)
    v = st.view(seat)
    assert _row(screen, "Your card").startswith(CARD[v["your_card"]])
    assert v["centre_en"].split("   ")[0][:10] in screen
    # no card the seat does not know: every "Name: Card" on screen is one the view shows
    for s in range(st.players):
        if s == seat:
            continue
        shown = re.findall(rf"{st.seat_name(s)}: (Fake Key|Key|Treasure|Neutral)", screen)
        if shown:
            assert v["known_en"] is not None and f"{st.seat_name(s)}: {shown[0]}" in v["known_en"]


def play_to_the_end(tmp_path: Path, players: int, seed: int) -> tabletop.State:
    names = NAMES[:players]
    child = spawn(["play", "coffre-et-cle", "--players", ",".join(names), "--seed", str(seed)],
                  tmp_path, size=(24, 80))
    st = tabletop.load("coffre-et-cle").new_game(players=players, seed=seed, names=names)
    rng = random.Random(seed)
    seat_now = None
    wrong = iter(["swap 3", "dance", "99", "force Ben", "name"])
    for _ in range(st.spec.max_moves):
        seat = st.current_player
        assert seat is not None
        if seat != seat_now:
            # what the last move showed its player comes first, then the curtain (issue 34)
            if child.expect([f"Pass to {names[seat]} - press Enter",
                             "Press Enter to hide the board"]) == 1:
                child.sendline("")
                child.expect(f"Pass to {names[seat]} - press Enter")
            child.sendline("")
            seat_now = seat
        child.expect(f"{names[seat]} > ")
        lines = _screen(child.before)
        _check_screen(st, seat, lines)
        legal = [m.text for m in st.legal_moves()]
        assert moves_on_screen("\n".join(lines)) == legal
        if rng.random() < 0.1:
            bad = next(wrong, None)
            if bad is not None:
                child.sendline(bad)
                child.expect(f"{names[seat]} > ")
                assert "Traceback" not in child.before
        move = rng.choice(legal)
        child.sendline(move)
        st.play(move)
        if st.is_over:
            break
    assert st.is_over
    child.expect("Game over")
    child.expect("Replay this game")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    saved = tabletop.restore((tmp_path / f"coffre-et-cle-{seed}.json").read_text(
        encoding="utf-8"))
    assert saved.outcome == st.outcome
    return st


def test_five_seats_hot_seat_to_the_end(tmp_path: Path) -> None:
    st = play_to_the_end(tmp_path, 5, 3)
    assert st.outcome is not None and st.move_count > 10


def test_eight_seats_fit_the_screen(tmp_path: Path) -> None:
    st = play_to_the_end(tmp_path, 8, 5)
    assert st.outcome is not None


def test_in_french_the_table_speaks_french(tmp_path: Path) -> None:
    child = spawn(["play", "coffre-et-cle", "--players", "Ana,Ben,Chloé,Dan", "--seed", "2",
                   "--lang", "fr"], tmp_path, lang="fr", size=(24, 80))
    child.expect("Passez à")
    child.sendline("")
    child.expect("> ")
    screen = " ".join(clean(child.before).split())
    assert "Votre carte" in screen and "Tour de table 1 / 10" in screen
    child.sendline("swap 3")
    child.expect("il y a deux cartes au centre : 1 et 2")
    child.sendline("quit")
    child.expect(pexpect.EOF)


def test_bots_decisions_that_tell_nothing_print_nothing(tmp_path: Path) -> None:
    # A bot's wait as Treasure holder, or its first answers to force, have no public line: a
    # "…" for them would tell the table that a question was asked (who holds the Treasure).
    child = spawn(["play", "coffre-et-cle", "--players", "Ana,Ben,Chloé,Dan", "--seed", "6",
                   "--seat", "2=bot:random", "--seat", "3=bot:random", "--seat",
                   "4=bot:random"], tmp_path, size=(24, 80))
    seen = ""
    for _ in range(200):
        i = child.expect(["Ana > ", "Replay this game"])
        seen += clean(child.before)
        if i == 1:
            break
        moves = moves_on_screen(child.before)
        child.sendline("wait" if "wait" in moves else ("pass" if "pass" in moves
                                                        else moves[0]))
    else:
        raise AssertionError("the game did not end")
    child.expect(pexpect.EOF)
    assert "(random bot):" in seen or "(random bot) " in seen   # the bots' moves are told...
    # ...and their silent answers are not (the fitted screen may shorten long texts with "…":
    # what must never show is a bot line that says it played nothing one can read)
    assert not re.search(r"played: *…", seen), re.findall(r".{30}played: *….{10}", seen)
    assert "played: \n" not in seen and not re.search(r"played: *$", seen, re.M)


def _turn(child: pexpect.spawn, name: str, action: str, answer: str) -> str:
    """One hot-seat turn: the curtain, the action, the screen after it (returned), the answer
    that ends the turn."""
    child.expect(f"Pass to {name} - press Enter")
    child.sendline("")
    child.expect(f"{name} > ")
    child.sendline(action)
    child.expect(f"{name} > ")
    after = clean(child.before)
    child.sendline(answer)
    return after


def test_the_treasure_holder_s_turn_looks_like_anyone_s(tmp_path: Path) -> None:
    # « À tout moment, après son action, le joueur possédant le Trésor peut décider de faire
    # une désignation »: each player gets the same screen after their action, so the table
    # sees the same steps whoever holds the Treasure (it used to see one more prompt for the
    # Treasure holder, and the curtain at once for everyone else). What the action taught the
    # player is on that screen, before the curtain falls.
    seed = 7  # Ana holds the Treasure; Ben starts
    st = tabletop.load("coffre-et-cle").new_game(players=4, seed=seed, names=NAMES[:4])
    assert st.view(0)["your_card"] == "treasure" and st.current_player == 1
    child = spawn(["play", "coffre-et-cle", "--players", ",".join(NAMES[:4]), "--seed",
                   str(seed)], tmp_path, size=(24, 80))
    ben = _turn(child, "Ben", "observe 1", "")   # Enter ends the turn
    assert "Ben: sees that centre card 1 is the Fake Key" in ben
    assert "1: Fake Key" in ben and "press Enter (or type wait)" in ben
    _turn(child, "Chloé", "pass", "wait")        # or wait, typed
    _turn(child, "Dan", "swap 2", "")
    ana = _turn(child, "Ana", "pass", "wait")    # the Treasure holder waits
    assert "designate Ben" in ana and "You hold the Treasure" in ana
    child.expect("Pass to Ben - press Enter")    # the same steps as the others
    child.sendline("")
    child.expect("Ben > ")
    child.sendline("quit")
    child.expect(pexpect.EOF)
