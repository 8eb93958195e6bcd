"""The hot-seat table and reaction windows: a window that goes to the first taker, with
several people in it, is asked once on the shared screen (one curtain, one prompt), the
named person takes it and the other people pass; bots answer for themselves, by play order.
A window of all answers keeps a curtain per person."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import tabletop
from tabletop.bots import Bot
from tabletop.engine.state import Move, State
from tabletop.ui.terminal import Table

BLUFF = Path(__file__).parent / "rulesets" / "bluff.yaml"


class Scripted(Bot):
    """A bot that answers a window with the answer it is given, else plays 'take'."""

    name = "random"

    def __init__(self, answer: str) -> None:
        self.answer = answer

    def choose(self, seat: int, view: Any, legal: list[Move], sample: Any) -> Move:
        for text in (self.answer, "take"):
            for m in legal:
                if m.text == text:
                    return m
        raise AssertionError([m.text for m in legal])


def run(typed: list[str], bots: dict[int, Bot], players: int = 4, lang: str = "en",
        tmp: Path | None = None) -> tuple[State, list[str], str]:
    from rich.console import Console

    st = tabletop.load(BLUFF).new_game(seed=3, players=players)
    out = io.StringIO()
    console = Console(file=out, width=100, height=40, color_system=None)
    prompts: list[str] = []
    it: Iterator[str] = iter(typed)

    def read(prompt: str) -> str:
        prompts.append(prompt)
        try:
            return next(it)
        except StopIteration:
            raise EOFError from None
    Table(st, bots, lang, console, read, (tmp or Path("/tmp")) / "window-test.json").run()
    return st, prompts, out.getvalue()


def test_one_prompt_for_the_whole_window(tmp_path: Path) -> None:
    # P1 (a person) claims; P2, P3 (people) and P4 (a bot that challenges) are asked
    bots: dict[int, Bot] = {3: Scripted("challenge")}
    typed = ["", "claim",  # P1's curtain, P1's move
             "",  # the window's curtain, for P2, P3
             "aide",  # the question again
             "Bne",  # a wrong name: one sentence, the prompt again
             "p3",  # P3 challenges
             ""]  # the next curtain (P2): the board shows what the window did
    st, prompts, out = run(typed, bots, tmp=tmp_path)
    window_curtains = [p for p in prompts if p.startswith("Show the screen to P2, P3")]
    assert len(window_curtains) == 1
    assert "'Bne' names none of P2, P3" in out
    assert "P1 claims the Duke. Challenge? P2, P3: type the name of who does" in out
    assert "challenged by P3" in out  # P3 before P4 in play order
    # no curtain per person in the window: P2's own comes at P2's turn, after it
    assert [p.split(" -")[0].strip() for p in prompts] == [
        "Pass to P1", "P1 >", "Show the screen to P2, P3", ">", ">", ">", "Pass to P2",
        "P2 >"]
    # every seat of the window was asked, in play order
    answers = st.history[1:4]
    assert answers == ["believe", "challenge", "challenge"]


def test_a_bot_earlier_in_play_order_takes_it_first(tmp_path: Path) -> None:
    bots: dict[int, Bot] = {1: Scripted("challenge")}
    st, prompts, out = run(["", "claim", "", "P4", ""], bots, tmp=tmp_path)
    assert st.history[1:4] == ["challenge", "believe", "challenge"]
    assert "challenged by P2" in out


def test_nobody_in_french(tmp_path: Path) -> None:
    st, prompts, out = run(["", "prétendre", "", ""], {}, players=3, lang="fr", tmp=tmp_path)
    assert [p for p in prompts if p.startswith("Montrez l'écran à P2, P3")]
    assert "tapez le nom de qui le fait (ou Entrée pour personne)" in out
    assert "Personne ne le prend." in out
    assert st.history[1:3] == ["believe", "believe"]
    assert st.view(0)["coins"][0] == 2


def test_one_person_in_the_window_is_asked_as_ever(tmp_path: Path) -> None:
    bots: dict[int, Bot] = {2: Scripted("believe")}
    st, prompts, out = run(["", "claim", "", "challenge"], bots, players=3, tmp=tmp_path)
    assert not [p for p in prompts if p.startswith("Show the screen")]
    assert [p for p in prompts if p.startswith("Pass to P2")]
    assert st.history[1:3] == ["challenge", "believe"]


def test_a_window_of_all_answers_keeps_a_curtain_per_person(tmp_path: Path) -> None:
    from rich.console import Console
    from test_engine_window import VOTE

    path = tmp_path / "vote.yaml"
    path.write_text(VOTE, encoding="utf-8")
    game = tabletop.load(path)
    assert game.spec.secret  # a window's answers are secret until it closes
    st = game.new_game(seed=1, players=3)
    typed = iter(["", "call", "", "vote yes", "", "vote no", "", "vote yes", ""])
    prompts: list[str] = []

    def read(prompt: str) -> str:
        prompts.append(prompt.split(" -")[0].strip())
        try:
            return next(typed)
        except StopIteration:
            raise EOFError from None
    console = Console(file=io.StringIO(), width=100, height=40, color_system=None)
    Table(st, {}, "en", console, read, tmp_path / "vote.json").run()
    assert prompts[:8] == ["Pass to P1", "P1 >", "Pass to P2", "P2 >", "Pass to P3", "P3 >",
                           "Pass to P1", "P1 >"]
    assert st.view(None)["ballot"] == ["yes", "yes", "no"]


def test_in_a_real_terminal_the_window_is_asked_once(tmp_path: Path) -> None:
    import pexpect
    from terminal import clean, spawn

    child = spawn(["play", str(BLUFF), "--players", "Ana,Ben,Chloé", "--seed", "3"], tmp_path,
                  size=(30, 100))
    child.expect("Pass to Ana - press Enter")
    child.sendline("")
    child.expect("Ana > ")
    child.sendline("claim")
    child.expect("Show the screen to Ben, Chloé - press Enter")
    child.sendline("")
    child.expect(r"type the name of who does \(or Enter for nobody\)")
    child.sendline("Dan")
    child.expect("names none of Ben, Chloé")
    child.sendline("chloe")  # (accents optional)
    child.expect("Pass to Ben - press Enter")
    child.sendline("")
    child.expect("Ben > ")
    assert "was challenged by Chloé" in clean(child.before)
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    saves = list(tmp_path.glob("*.json"))
    st = tabletop.restore(saves[0].read_text(encoding="utf-8"))
    assert st.history == ["claim", "believe", "challenge"]


def test_a_bots_answer_to_a_window_is_not_said_even_in_a_game_without_secrets(
        tmp_path: Path) -> None:
    from rich.console import Console
    from test_engine_window import VOTE

    from tabletop.bots import make_bot

    path = tmp_path / "vote.yaml"
    path.write_text(VOTE + "secret: false\n", encoding="utf-8")
    st = tabletop.load(path).new_game(seed=1, players=3)
    assert not st.spec.secret
    typed = iter(["call", "vote yes"])

    def read(prompt: str) -> str:
        try:
            return next(typed)
        except StopIteration:
            raise EOFError from None
    out = io.StringIO()
    console = Console(file=out, width=100, height=40, color_system=None)
    bots: dict[int, Bot] = {1: make_bot("random", seed=1), 2: make_bot("random", seed=2)}
    Table(st, bots, "en", console, read, tmp_path / "vote.json").run()
    assert st.history[:4][0] == "call" and len(st.history) >= 4
    assert "answered: vote" not in out.getvalue()
    assert "said yes" in out.getvalue()  # the window's close is said
