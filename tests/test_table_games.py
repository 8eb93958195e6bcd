"""What issue 13 asked of Scoundrel's and the Expedition's tables, played as a person would."""

from __future__ import annotations

from pathlib import Path

import pexpect
from terminal import clean, spawn

import tabletop


def test_scoundrel_says_what_the_weapon_fights_and_the_options(tmp_path: Path) -> None:
    # seed 3 opens with the room 2C 3S 8S 8D
    child = spawn(["play", "scoundrel", "--seed", "3", "--option", "difficulty=hard"],
                  tmp_path)
    child.expect("> ")
    assert "Options  difficulty=hard" in clean(child.before)
    assert "Fights monsters below" not in clean(child.before), "no weapon yet"
    child.sendline("equip 8D")
    child.expect("> ")
    child.sendline("fight 3S")
    child.expect("> ")
    assert "Fights monsters below  3" in clean(child.before)
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child = spawn(["play", "scoundrel", "--seed", "3", "--option", "binding=inclusive",
                   "--lang", "fr"], tmp_path)
    child.expect("> ")
    child.sendline("équiper 8D")
    child.expect("> ")
    assert "8♦ équipée" in clean(child.before), "cards in the log by suit symbol, not 8D"
    child.sendline("combattre 3S")
    child.expect("> ")
    assert "Combat les monstres jusqu'à  3" in clean(child.before)
    child.sendline("quitter")
    child.expect(pexpect.EOF)


def test_scoundrel_a_second_potion_says_it_heals_nothing(tmp_path: Path) -> None:
    # seed 6 opens with the room 10D 4C 4H 5H
    child = spawn(["play", "scoundrel", "--seed", "6"], tmp_path)
    child.expect("> ")
    assert "heals nothing" not in clean(child.before)
    child.sendline("drink 4H")
    child.expect("> ")
    assert "drink 5H  - heals nothing: a potion was drunk in this room" in clean(child.before)
    child.sendline("quit")
    child.expect(pexpect.EOF)


def test_expedition_speaks_english_codes_and_reveals_the_hands(tmp_path: Path) -> None:
    child = spawn(["play", "expedition-rivale", "--seed", "2", "--seat", "1=bot:random"],
                  tmp_path)
    child.expect("P2 > ")
    screen = clean(child.before)
    assert "lay tablet" in screen and "lay tablette" not in screen
    assert "Draft packet" not in screen, "no draft: no draft row"
    child.sendline("lay tablette")  # the French code is still understood
    for _ in range(60):
        i = child.expect(["P2 > ", "Game over"])
        if i == 1:
            end = clean(child.before)
            break
        moves = clean(child.before).split("Your moves")[-1]
        child.sendline("lay " + moves.split("lay ")[1].split()[0] if "lay " in moves
                       else "1")
    else:
        raise AssertionError("the game did not end")
    child.expect(pexpect.EOF)
    assert "P1: Hand" in end and "P2: Hand" in end, "hands revealed at the end"
    saved = tabletop.restore((tmp_path / "expedition-rivale-2.json").read_text("utf-8"))
    assert saved.is_over and "lay tablette" in saved.history


def test_expedition_laid_cards_one_seat_a_line(tmp_path: Path) -> None:
    game = tabletop.load("expedition-rivale")
    st = game.new_game(players=2, seed=2)
    while not (all(st.view(0)["rows"]) or st.is_over):
        legal = st.legal_moves()
        st.play(next((m for m in legal if m.text.startswith("lay")), legal[0]))
    child = spawn(["play", "--load", _save(st, tmp_path)], tmp_path)
    child.expect("press Enter")
    child.sendline("")
    child.expect("> ")
    lines = [line for line in clean(child.before).splitlines() if "Laid artefacts" in line]
    assert lines and "P2:" not in lines[0], "P1's cards, then P2's on a line of their own"
    child.sendline("quit")
    child.expect(pexpect.EOF)


def _save(st: tabletop.State, tmp_path: Path) -> str:
    path = tmp_path / "game.json"
    path.write_text(st.to_json(), encoding="utf-8")
    return str(path)
