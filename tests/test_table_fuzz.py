"""Fuzz the table (issue 13): arbitrary text and bytes at the prompt, on the command line and
in --load files get one sentence each, never a traceback."""

from __future__ import annotations

import builtins
import io
import json
import os
import random
import sys
from pathlib import Path

import pexpect
import pytest
from rich.console import Console
from terminal import clean

import tabletop
from tabletop import cli
from tabletop.ui.terminal import CLEAR_ALL, Table

ALPHABET = ("abcdefghijklmnopqrstuvwxyz ABCXYZ0123456789 -_=,.:;!?'\"[]{}()/\\<>|&*%$#@~`^+"
            "éèàçœÉ♠♣♦♥♤♡ ☃🂡👁️\u200b\ufe0f\x00\x07\x1b\t")


def _junk(rng: random.Random, longest: int = 40) -> str:
    n = rng.choice([0, 1, 2, 3, 5, 8, 13, longest])
    return "".join(rng.choice(ALPHABET) for _ in range(n))


def _typed(rng: random.Random, st: tabletop.State) -> str:
    """Something a person (or a cat on the keyboard) might type."""
    legal = st.legal_moves()
    r = rng.random()
    if r < 0.3 and legal:
        words = rng.choice(legal).text.split()
        return " ".join(w if rng.random() < 0.7 else _junk(rng, 6) for w in words)
    if r < 0.4:
        return str(rng.choice([-1, 0, 10**30, rng.randint(1, 40)]))
    if r < 0.45:
        return rng.choice(["help", "aide", "board", "save", "", "   ", "?"])
    if r < 0.5:
        return _junk(rng, 3000)
    if r < 0.7 and legal:
        return str(rng.randint(1, len(legal)))
    return _junk(rng)


@pytest.mark.parametrize("game_id", tabletop.games())
def test_arbitrary_text_at_the_prompt(game_id: str, tmp_path: Path) -> None:
    game = tabletop.load(game_id)
    most = 120 if game.spec.max_moves > 1000 else 300  # (a match's screens cost ~30 ms each)
    for seed in range(3):
        players = game.spec.min_players if seed % 2 == 0 else game.spec.max_players
        st = game.new_game(players=players, seed=seed)
        rng = random.Random(seed)
        out = io.StringIO()
        console = Console(file=out, width=80, height=24, color_system=None)
        count = 0

        def read(prompt: str, st: tabletop.State = st, rng: random.Random = rng) -> str:
            nonlocal count
            count += 1
            if count > most:
                raise EOFError
            return _typed(rng, st)

        lang = "fr" if seed == 1 else "en"
        Table(st, {}, lang, console, read, tmp_path / f"{seed}.json").run()
        text = out.getvalue().replace(CLEAR_ALL, "")
        assert "Traceback" not in text and "ruleset has a mistake" not in text
        assert "\x1b" not in text, "no control character typed is echoed to the terminal"


def test_bytes_that_are_not_text_at_the_prompt(tmp_path: Path) -> None:
    env = dict(os.environ, TABLETOP_SAVE_DIR=str(tmp_path), LANG="fr_FR.UTF-8", NO_COLOR="1")
    child = pexpect.spawn(sys.executable, ["-m", "tabletop", "play", "scoundrel", "--seed",
                                           "3", "--lang", "fr"], env=env, timeout=20)
    child.expect(b"> ")
    child.send(b"\xff\xfe\xc3 pas du texte\r")
    child.expect(b"> ")
    said = clean(child.before.decode("utf-8", "replace"))
    assert "n'est pas un coup" in said and "Traceback" not in said
    child.sendline(b"quitter")
    child.expect(pexpect.EOF)


FLAGS = ["--seed", "--option", "--players", "--solo", "--seat", "--watch", "--delay", "--lang",
         "--load", "--save", "--designer", "--version", "--help", "-h"]


def _argv(rng: random.Random, games: list[str], tmp_path: Path) -> list[str]:
    argv = [rng.choice(["play", "play", "play", "rules", "check", "list", _junk(rng, 6)])]
    if rng.random() < 0.8:
        argv.append(rng.choice(games + [_junk(rng, 10), str(tmp_path), "x.yaml"]))
    for _ in range(rng.randint(0, 5)):
        argv.append(rng.choice(FLAGS))
        if rng.random() < 0.8:
            argv.append(rng.choice([_junk(rng, 12), str(rng.randint(-5, 12)), "1=bot:random",
                                    "2=bot:mcts:iterations=5", "difficulty=hard", "fr",
                                    "Ana,Ben", "0.01", "1e400", str(tmp_path / "s.json")]))
    return argv


def _run_main(argv: list[str], monkeypatch: pytest.MonkeyPatch,
              capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    def no_more_input(prompt: str = "") -> str:
        raise EOFError

    monkeypatch.setattr(builtins, "input", no_more_input)
    try:
        status = cli.main(argv)
    except SystemExit as e:  # argparse: usage and one sentence, or --help / --version
        status = int(e.code or 0)
    captured = capsys.readouterr()
    return status, captured.out + captured.err


@pytest.mark.parametrize("count", [60, pytest.param(600, marks=pytest.mark.soak)])
def test_arbitrary_command_lines(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                 capsys: pytest.CaptureFixture[str], count: int) -> None:
    monkeypatch.setenv("TABLETOP_SAVE_DIR", str(tmp_path))
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.chdir(tmp_path)  # a relative --save (say "--save 1=bot:random") lands there
    rng = random.Random(13)
    games = tabletop.games()
    for _ in range(count):
        argv = _argv(rng, games, tmp_path)
        status, out = _run_main(argv, monkeypatch, capsys)
        assert "internal error" not in out and "Traceback" not in out, (argv, out)
        assert status in (0, 1, 2, 130), (argv, status, out)


@pytest.mark.parametrize("game_id", tabletop.games())
def test_arbitrary_files_to_load(game_id: str, tmp_path: Path,
                                 monkeypatch: pytest.MonkeyPatch,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("TABLETOP_SAVE_DIR", str(tmp_path))
    game = tabletop.load(game_id)
    st = game.new_game(players=game.spec.min_players, seed=4)
    rng = random.Random(4)
    for _ in range(6):
        if st.is_over:
            break
        st.play(rng.choice(st.legal_moves()))
    good = st.to_json()
    data = json.loads(good)
    path = tmp_path / "fuzz.json"
    for i in range(60):
        kind = i % 4
        if kind == 0:  # bytes
            path.write_bytes(bytes(rng.randrange(256) for _ in range(rng.randint(0, 300))))
        elif kind == 1:  # a good save cut short or with a byte changed
            cut = rng.randint(0, len(good))
            text = good[:cut] + _junk(rng, 3) + good[cut + rng.randint(0, 3):]
            path.write_text(text, encoding="utf-8", errors="replace")
        else:  # a good save with one field changed to something else
            mutated = json.loads(good)
            node = mutated
            keys = []
            while isinstance(node, dict) and node:
                key = rng.choice(list(node))
                keys.append(key)
                if rng.random() < 0.4 or not isinstance(node[key], dict):
                    node[key] = rng.choice([None, -1, 10**20, "lots", [], {}, [1, "x"],
                                            True, _junk(rng, 8), 3.5])
                    break
                node = node[key]
            path.write_text(json.dumps(mutated), encoding="utf-8")
        status, out = _run_main(["play", "--load", str(path)], monkeypatch, capsys)
        assert "internal error" not in out and "Traceback" not in out, (i, out)
        assert status in (0, 2), (i, status, out)
        if status == 2:
            assert out.startswith("tabletop: ") and out.count("\n") <= 3, out
    assert data["game"] == game_id
