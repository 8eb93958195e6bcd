"""Issue 34 at the table, in English and French: the help within 80x24, a card's whole text
on request, notices that say who did what once, what a move showed its player before the
curtain and "since your last turn" after it, and the small things (a move typed at "press
Enter", a long line cut, a value an answer does not allow, --seat past the table)."""

from __future__ import annotations

import random
from pathlib import Path

import pexpect
import pytest
from terminal import clean, spawn

import tabletop
from tabletop.errors import TabletopError
from tabletop.ui.render import render_log

WORDS = {
    "en": {"help": "help", "title": "How to play", "back": "Press Enter to see the board",
           "card": "card", "unseen": "is not a card you can see", "saw": "You just saw:",
           "hide": "Press Enter to hide the board", "pass": "Pass to {name} - press Enter",
           "since": "Since your last turn:", "torch": "torch", "Torch": "Torch",
           "cut": r"\(1200\s+characters\)", "prompt": "> "},
    "fr": {"help": "aide", "title": "Comment jouer", "back": "Appuyez sur Entrée pour revoir",
           "card": "carte", "unseen": "n'est pas une carte que vous voyez",
           "saw": "Vous venez de voir :", "hide": "Appuyez sur Entrée pour cacher le plateau",
           "pass": "Passez à {name} - appuyez sur Entrée", "since": "Depuis votre dernier tour :",
           "torch": "torche", "Torch": "Torche", "cut": r"\(1200\s+caractères\)", "prompt": "> "},
}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_help_of_arcane_duel_keeps_its_title_at_80x24(tmp_path: Path, lang: str) -> None:
    w = WORDS[lang]
    child = spawn(["play", "arcane-duel", "--players", "Ana,Ben", "--seed", "3",
                   "--lang", lang], tmp_path, lang=lang, size=(24, 80))
    first = ["Ana", "Ben"][child.expect([w["pass"].format(name=n) for n in ("Ana", "Ben")])]
    child.sendline("")
    child.expect(f"{first} > ")
    child.sendline(w["help"])
    child.expect(w["back"])
    shown = clean(child.before).split(w["help"], 1)[1].strip("\r\n").splitlines()
    assert len(shown) <= 23, "\n".join(shown)  # the prompt below takes the 24th line
    assert w["title"] in shown[0]
    assert any(w["card"] in line for line in shown), "help names the card command"
    # a move typed instead of Enter is played, not lost
    child.sendline("1")  # draw
    child.expect([f"{first} > ", w["pass"].split("{name}")[0]])
    assert ("draws a card" if lang == "en" else "pioche une carte") in clean(child.before)
    child.close(force=True)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_cards_whole_text_on_request_and_hidden_cards_refused(tmp_path: Path,
                                                                 lang: str) -> None:
    w = WORDS[lang]
    st = tabletop.load("pyramide-escape").new_game(seed=4)
    torch = next(c for c in st.spec.cards if c.code == "torch")
    child = spawn(["play", "pyramide-escape", "--seed", "4", "--lang", lang], tmp_path,
                  lang=lang, size=(24, 80))
    child.expect("\n> ")
    child.sendline(f"{w['card']} {w['torch']}")
    child.expect("\n> ")
    said = " ".join(clean(child.before).split())
    assert w["Torch"] in said and " ".join(torch.text[lang].split()) in said, said
    # a card in the pile, not on the screen: one sentence that says nothing of it
    unseen = next(c for c in st.spec.cards
                  if c.code not in str(st.view(0)) and c.kind == "named")
    child.sendline(f"{w['card']} {unseen.name[lang]}")
    child.expect("\n> ")
    said = " ".join(clean(child.before).split())
    assert w["unseen"] in said and unseen.text[lang][:20] not in said, said
    # a line of 1,200 characters is not said back whole
    child.sendline("x" * 1200)
    child.expect(w["cut"])
    child.expect("\n> ")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    assert "x" * 200 not in clean(child.before)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_accuser_sees_the_reveal_before_the_curtain_and_the_other_after(
        tmp_path: Path, lang: str) -> None:
    w = WORDS[lang]
    child = spawn(["play", "deck-menteur", "--players", "Ana,Ben", "--seed", "5",
                   "--lang", lang], tmp_path, lang=lang, size=(24, 80))
    st = tabletop.load("deck-menteur").new_game(players=2, seed=5, names=["Ana", "Ben"])
    names = ["Ana", "Ben"]
    child.expect(w["pass"].format(name="Ben"))
    child.sendline("")
    while True:
        seat = st.current_player
        child.expect(f"{names[seat]} > ")
        legal = [m.text for m in st.legal_moves()]
        move = "accuse" if "accuse" in legal else legal[0]
        child.sendline(move)
        st.play(move)
        if move == "accuse":
            break
        if st.current_player != seat:
            child.expect(w["pass"].format(name=names[st.current_player]))
            child.sendline("")
    # Ana accused: the cards shown are hers to see before the screen is hidden
    child.expect(w["saw"])
    child.expect(w["hide"])
    shown = "8♠ 9♣ J♠ 8♣ 9♠" if lang == "en" else "8♠ 9♣ V♠ 8♣ 9♠"  # (French letters)
    assert shown in clean(child.before)
    child.sendline("")
    child.expect(w["pass"].format(name="Ben"))
    child.sendline("")
    child.expect("Ben > ")
    screen = clean(child.before)
    assert w["since"] in screen and "Ana" in screen.split(w["since"], 1)[1]
    assert len(screen.strip().splitlines()) <= 23
    child.close(force=True)


def test_log_and_notices_say_a_name_once() -> None:
    """"Ben: Ben steals a card", "Ana: Ana is out": the seat is named once."""
    game = tabletop.load("arcane-duel")
    for seed in range(40):
        st = game.new_game(players=3, seed=seed, names=["Ana", "Ben", "Chloé"])
        rng = random.Random(seed)
        while not st.is_over:
            st.play(rng.choice(st.legal_moves()))
            last = st.log[-1]
            if last.seat is not None and last.text_in("en").startswith(st.seat_name(last.seat)):
                from io import StringIO

                from rich.console import Console
                out = StringIO()
                Console(file=out, width=200, color_system=None).print(
                    render_log(st.log, None, "en", st, limit=1))
                name = st.seat_name(last.seat)
                assert f"{name}: {name}" not in out.getvalue(), out.getvalue()
                return
    raise AssertionError("no event named its own seat")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_value_the_question_does_not_allow_is_said_so(lang: str) -> None:
    st = tabletop.load("deck-menteur").new_game(players=2, seed=5)
    assert "announce hearts" not in [m.text for m in st.legal_moves()]
    with pytest.raises(TabletopError) as e:
        st.play("announce hearts")
    said = e.value.in_lang(lang)
    assert "not an answer" not in said and "ne répond pas" not in said
    assert ("does not allow" in said) if lang == "en" else ("pas permise" in said)
    assert ("announce clubs" if lang == "en" else "annoncer trèfles") in said


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_seat_past_the_table_hints_at_players(tmp_path: Path, lang: str) -> None:
    child = spawn(["play", "deck-menteur", "--seat", "9=", "--lang", lang], tmp_path,
                  lang=lang)
    child.expect(pexpect.EOF)
    assert "--players" in clean(child.before), clean(child.before)
