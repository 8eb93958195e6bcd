"""Pyramide Escape in the terminal, typed as a person types."""

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
    return rows[-1]


def test_a_whole_game_to_its_end(tmp_path: Path) -> None:
    # seed 274 opens on the Guardian's Hall; the Map then shows Spike Pit, Thirst, Bridge
    child = spawn(["play", "pyramide-escape", "--seed", "274"], tmp_path)
    child.expect("> ")
    screen = clean(child.before)
    assert "Guardian's Hall - Lose 1 fatigue per item not used yet" in " ".join(screen.split())
    assert "7/7" in _row(screen, "Fatigue")
    assert moves_on_screen(child.before) == ["use torch", "use rope", "use amulet",
                                             "use waterskin", "use map", "no item"]
    for garbage, answer in [("discard torch", "only while the Living Sand"),
                            ("use torchh", "is not a card"),
                            ("fly", "is not a move of Pyramid Escape"),
                            ("9", "There is no move 9")]:
        child.sendline(garbage)
        child.expect(answer)
        child.expect("> ")
    child.sendline("use rope")
    child.expect("> ")
    screen = clean(child.before)
    assert "Guardian's Hall" in _row(screen, "Under the pile")
    assert "Living Sand" in _row(screen, "Room")
    child.sendline("use map")
    child.expect("> ")
    screen = clean(child.before)
    assert "in which order" in screen
    assert "order spikes thirst bridge" in moves_on_screen(child.before)
    assert "Spike Pit" in _row(screen, "Next rooms (known)")
    child.sendline("order bridge spikes thirst")
    child.expect("> ")
    screen = clean(child.before)
    assert "Collapsed Bridge" in _row(screen, "Room")
    assert "Spike Pit" in _row(screen, "Next rooms (known)")
    assert "Living Sand" in _row(screen, "Permanent effects")
    # then always the first listed move, by number, until the game ends
    for _ in range(30):
        child.sendline("1")
        if child.expect(["> ", "Replay this game"]) == 1:
            break
    else:
        raise AssertionError("the game did not end in 30 moves")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    saved = tabletop.restore((tmp_path / "pyramide-escape-274.json").read_text(encoding="utf-8"))
    assert saved.is_over
    assert re.search(r"fatigue reached 0 in the .+|escaped", saved.outcome.reason)
    again = tabletop.load("pyramide-escape").new_game(seed=274)
    for text in json.loads(saved.to_json())["moves"]:
        again.play(text)
    assert again.outcome == saved.outcome


def test_in_french_the_table_and_the_answers_are_french(tmp_path: Path) -> None:
    child = spawn(["play", "pyramide-escape", "--seed", "274", "--lang", "fr"], tmp_path,
                  lang="fr")
    child.expect("> ")
    screen = " ".join(clean(child.before).split())
    assert "Salle du Gardien - Perdez 1 fatigue par objet encore non utilisé." in screen
    assert "Objets en main" in screen and "Torche" in screen
    child.sendline("use map")
    child.expect("dans quel ordre")
    child.expect("> ")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
