"""The table in a terminal for several people: the curtain, bots in seats, --watch, --lang."""

from __future__ import annotations

import re
from pathlib import Path

import pexpect
import pytest
from terminal import clean, expect_curtain, spawn

import tabletop

DUEL_PATH = Path(__file__).parent / "rulesets" / "secret-duel.yaml"
DUEL = tabletop.load(DUEL_PATH)
CLEAR = "\x1b[3J"


def _names(codes: list[str], lang: str = "en") -> set[str]:
    return {DUEL.spec.card_by_code(c)[0].name[lang] for c in codes}


def test_the_curtain_falls_whenever_the_deciding_person_changes(tmp_path: Path) -> None:
    model = DUEL.new_game(players=2, seed=4, names=["Ana", "Ben"])
    child = spawn(["play", str(DUEL_PATH), "--players", "Ana,Ben", "--seed", "4"], tmp_path)
    curtains = 0
    while not model.is_over:
        seat = model.current_player
        assert seat is not None
        other = 1 - seat
        name = model.seat_name(seat)
        expect_curtain(child, f"Pass to {name} - press Enter")
        assert CLEAR in child.before, "the screen and its scroll-back are cleared first"
        curtains += 1
        child.sendline("")
        child.expect(f"{name} > ")
        screen = clean(child.before)
        mine = _names(model.view(seat)["hand"])
        theirs = _names([c for c in model.view(other)["hand"] if c])
        assert all(n in screen for n in mine), "the person sees their own hand"
        assert not any(n in screen for n in theirs), "and never the other hand"
        move = model.legal_moves()[0]
        model.play(move)
        child.sendline(move.text)
    child.expect("Game over")
    child.expect(pexpect.EOF)
    assert curtains == 6


def test_no_curtain_in_a_game_without_secrets(tmp_path: Path) -> None:
    child = spawn(["play", "scoundrel", "--seed", "5"], tmp_path)
    child.expect("> ")
    assert "Pass to" not in clean(child.before)
    child.sendline("quit")
    child.expect(pexpect.EOF)
    assert "Pass to" not in clean(child.before)


def test_a_bot_in_a_seat_plays_in_public_and_keeps_its_hand(tmp_path: Path) -> None:
    model = DUEL.new_game(players=2, seed=8, names=["Ana", "Ben"])
    bot_hand = _names(model.view(1)["hand"])
    child = spawn(["play", str(DUEL_PATH), "--players", "Ana,Ben", "--seed", "8",
                   "--seat", "2=bot:random"], tmp_path)
    seen = ""
    for _ in range(3):
        child.expect("Ana > ")
        seen += clean(child.before)
        child.sendline("1")
    child.expect("Game over")
    assert "Pass to" not in seen, "one person at the table: no curtain"
    before_first_prompt = seen.split("Ana > ")[0]
    played = set(re.findall(r"Ben \(random bot\): played (\w+)", seen))
    assert len(played) >= 2, "people see what the bot did, from the public log"
    hidden = bot_hand - played
    assert not any(n in before_first_prompt for n in hidden)
    child.expect(pexpect.EOF)


@pytest.mark.parametrize("game", tabletop.games())
def test_an_all_bot_game_of_every_shipped_game_finishes_under_watch(game: str,
                                                                    tmp_path: Path) -> None:
    spec = tabletop.load(game).spec
    child = spawn(["play", game, "--watch", "--delay", "0", "--seed", "2", "--players",
                   str(max(2, spec.min_players) if spec.max_players > 1 else 1)], tmp_path,
                  timeout=120)
    child.expect("Game over")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


@pytest.mark.parametrize("game", tabletop.games())
def test_first_screen_in_french(game: str, tmp_path: Path) -> None:
    spec = tabletop.load(game).spec
    players = str(max(2, spec.min_players) if spec.max_players > 1 else 1)
    child = spawn(["play", game, "--lang", "fr", "--seed", "3", "--players", players],
                  tmp_path, lang="en")
    i = child.expect(["appuyez sur Entrée", "> "])
    if i == 0:
        child.sendline("")
        child.expect("> ")
    screen = clean(child.before)
    assert "Vos coups" in screen
    for english in ("Your moves", "Last moves", "to decide"):
        assert english not in screen
    child.sendline("quit")
    child.expect("Partie sauvegardée")
    child.expect(pexpect.EOF)


def test_help_and_rules_at_the_prompt(tmp_path: Path) -> None:
    child = spawn(["play", "scoundrel", "--seed", "5"], tmp_path)
    child.expect("> ")
    child.sendline("help")
    child.expect("fight <card> bare")
    child.expect("Press Enter to see the board again")
    child.sendline("")
    child.expect("Health")
    child.expect("> ")
    child.sendline("rules")
    page = ""
    while child.expect(["-- more: Enter for the next page", "> "]) == 0:
        page += clean(child.before)
        child.sendline("")
    assert "Rulings" in page + clean(child.before)
    assert "Health" in clean(child.before), "the board is drawn again after the rules"
    child.sendline("quit")
    child.expect(pexpect.EOF)


def test_a_game_for_several_seats_two_people_by_default(tmp_path: Path) -> None:
    child = spawn(["play", "push-to-five", "--seed", "1"], tmp_path)
    child.expect(r"P\d > ")
    screen = clean(child.before)
    assert "P1" in screen and "P2" in screen and "P3" not in screen
    child.sendline("quit")
    child.expect(pexpect.EOF)


PAGES = {  # (arguments of `tabletop rules ID`, the sections its page has)
    "player": ([], ("Rules in our words", "Options", "Notation", "Rulings")),
    "french": (["--lang", "fr"], ("Les règles", "Options", "Notation", "Arbitrages")),
    "designer": (["--designer"], ("View keys", "Rulings", "What the numbers say")),
}


@pytest.mark.parametrize("which", list(PAGES))
@pytest.mark.parametrize("game", tabletop.games())
def test_every_game_has_its_rules_pages(game: str, which: str, tmp_path: Path) -> None:
    args, sections = PAGES[which]
    child = spawn(["rules", game, *args], tmp_path)
    child.expect(pexpect.EOF)
    page = clean(child.before)
    for section in sections:
        assert section in page, (game, which, section)
    assert "in English" not in page and "en anglais" not in page


def test_a_resumed_game_keeps_its_bots(tmp_path: Path) -> None:
    child = spawn(["play", str(DUEL_PATH), "--players", "Ana,Ben", "--seed", "8",
                   "--seat", "2=bot:random"], tmp_path)
    child.expect("Ana > ")
    child.sendeof()
    child.expect(pexpect.EOF)
    child = spawn(["play", "--load", str(tmp_path / "secret-duel-8.json")], tmp_path)
    child.expect("Ana > ")
    assert "Pass to" not in clean(child.before), "still one person at the table"
    child.sendline("1")
    child.expect(r"Ben \(random bot\)( played)?:")
    child.sendline("quit")
    child.expect(pexpect.EOF)


def test_a_new_game_never_overwrites_a_save(tmp_path: Path) -> None:
    for _ in range(2):
        child = spawn(["play", "scoundrel", "--seed", "5"], tmp_path)
        child.expect("> ")
        child.sendline("quit")
        child.expect(pexpect.EOF)
    assert sorted(p.name for p in tmp_path.glob("scoundrel-5*.json")) == [
        "scoundrel-5-2.json", "scoundrel-5.json"]


def test_the_replay_command_plays_the_same_table(tmp_path: Path) -> None:
    child = spawn(["play", "push-to-five", "--solo", "--seed", "4", "--watch", "--delay", "0"],
                  tmp_path)
    child.expect("Game over")
    child.expect(pexpect.EOF)
    out = " ".join(clean(child.before).split())
    assert ("Replay this game: tabletop play push-to-five --seed 4 --solo "
            "--seat 1=bot:random --watch") in out
    assert "You won" not in out and "You lost" not in out, "nobody at the screen played"
