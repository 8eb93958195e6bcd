"""Push to Five in the terminal, three players in hot-seat and solo, typed as people type."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pexpect
from terminal import clean, moves_on_screen, spawn

import tabletop


def _row(screen: str, label: str) -> str:
    """The text of the table row that starts with ``label`` (the last one drawn)."""
    rows = re.findall(rf"{re.escape(label)}\s+(.*?)\s*│", screen)
    assert rows, f"no row {label!r} on screen:\n{screen}"
    return str(rows[-1])


def _answer(screen: str, moves: list[str]) -> str:
    """What a careful player types: push on to 15, reshuffle a full pass below it."""
    if int(_row(screen, "Points this turn")) >= 15 and "stop" in moves:
        return "stop"
    if "reshuffle" in moves:
        return "reshuffle"
    return "flip"


def test_three_players_to_the_end(tmp_path: Path) -> None:
    child = spawn(["play", "push-to-five", "--players", "Ana,Ben,Chloé", "--seed", "5"],
                  tmp_path)
    child.expect("> ")
    screen = clean(child.before)
    first = re.search(r"Push to Five - (\w+) to decide", screen)
    assert first is not None and first.group(1) in ("Ana", "Ben", "Chloé")
    assert "Ana: -   Ben: -   Chloé: -" in _row(screen, "Best turn")
    assert _row(screen, "Face-down cards") == "5"
    assert moves_on_screen(child.before) == ["flip"]
    for garbage, answer in [("stop", "flip a card first"),
                            ("reshuffle", "only after a full pass"),
                            ("flip 2", "positions are not named"),
                            ("dance", "is not a move of Push to Five"),
                            ("3", "There is no move 3")]:
        child.sendline(garbage)
        child.expect(answer)
        child.expect("> ")
    child.sendline("flip")
    child.expect("> ")
    seen_names: set[str] = set()
    for _ in range(400):
        screen = clean(child.before)
        who = re.findall(r"Push to Five - (\w+) to decide", screen)
        seen_names.update(who[-1:])
        child.sendline(_answer(screen, moves_on_screen(child.before)))
        if child.expect(["> ", "Replay this game"]) == 1:
            break
    else:
        raise AssertionError("the game did not end in 400 moves")
    end = " ".join(clean(child.before).split())
    child.expect(pexpect.EOF)
    tail = " ".join(clean(child.before).split())
    child.close()
    assert child.exitstatus == 0
    assert seen_names == {"Ana", "Ben", "Chloé"}
    assert "Traceback" not in end + tail
    saved = tabletop.restore((tmp_path / "push-to-five-5.json").read_text(encoding="utf-8"))
    o = saved.outcome
    assert o is not None and o.winners and max(o.scores) >= 15
    # The end screen names the winner(s) and every player's best turn.
    names = ["Ana", "Ben", "Chloé"]
    assert f"{', '.join(names[w] for w in o.winners)} won." in end
    assert "Scores: " + ", ".join(f"{n} {s}" for n, s in zip(names, o.scores, strict=True)) in end
    assert "Best turn " + " ".join(f"{n}: {s}" for n, s in zip(names, o.scores, strict=True)) \
        in end
    assert "--players Ana,Ben,Chloé" in tail
    # The same seed and the same choices give the same end.
    again = tabletop.load("push-to-five").new_game(players=3, seed=5,
                                                   names=["Ana", "Ben", "Chloé"])
    for text in json.loads(saved.to_json())["moves"]:
        again.play(text)
    assert again.outcome == o


def test_solo_five_rounds_and_the_total(tmp_path: Path) -> None:
    child = spawn(["play", "push-to-five", "--solo", "--seed", "9"], tmp_path)
    child.expect("> ")
    screen = clean(child.before)
    assert _row(screen, "Solo total") == "0"
    assert _row(screen, "Round") == "1"
    for _ in range(200):
        screen = clean(child.before)
        child.sendline(_answer(screen, moves_on_screen(child.before)))
        if child.expect(["> ", "Replay this game"]) == 1:
            break
    else:
        raise AssertionError("the solo game did not end in 200 moves")
    out = " ".join(clean(child.before).split())
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    saved = tabletop.restore((tmp_path / "push-to-five-9.json").read_text(encoding="utf-8"))
    total = saved.view(0)["solo_total"]
    assert saved.outcome is not None and saved.outcome.scores == (total,)
    assert f"{total} points over 5 rounds" in out and f"Score: {total}" in out
    reached = (saved.view(0)["best"][0] or 0) >= 15
    assert ("You won!" in out) == reached and ("You lost." in out) == (not reached)


def test_players_by_number_and_too_many(tmp_path: Path) -> None:
    child = spawn(["play", "push-to-five", "--players", "3", "--seed", "2"], tmp_path)
    child.expect("> ")
    assert "P1: -   P2: -   P3: -" in _row(clean(child.before), "Best turn")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    child = spawn(["play", "push-to-five", "--players", "A,B,C,D,E,F,G"], tmp_path)
    child.expect(pexpect.EOF)
    out = " ".join(clean(child.before).split())
    child.close()
    assert "played by 1 to 6 players, not 7" in out
    assert child.exitstatus == 2
