"""What reaches the terminal is safe (tabletop/ui/output.py): a player's name read from a save,
and a ruleset's texts, are printed without the control characters a terminal obeys (an OSC
sequence setting the window's title or writing the clipboard, text hidden by ESC[8m, an 8-bit
CSI, a bidirectional override); and the program runs under any output encoding."""

from __future__ import annotations

import builtins
import os
import subprocess
import sys
from pathlib import Path

import pytest

import tabletop
from tabletop import registry
from tabletop.cli import main
from tabletop.ui.terminal import CLEAR_ALL

TITLE = "\x1b]0;pwned\x07"  # sets the terminal window's title
CLIPBOARD = "\x1b]52;c;ZWNobyBoaQ==\x07"  # writes the clipboard
HIDDEN = "\x1b[8m"  # the text after it is invisible
EVIL = f"Bo{TITLE}b{CLIPBOARD}{HIDDEN}x\x9b2J\u202e\r"
CONTROLS = ("\x1b", "\x07", "\x9b", "\u202e", "\r")


def _clean(text: str) -> None:
    """No control character but the table's own (clearing the screen for the next seat)."""
    text = text.replace(CLEAR_ALL, "")
    for c in CONTROLS:
        assert c not in text, f"{c!r} reached the terminal"


@pytest.fixture()
def prompts(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The table's prompts; the first one leaves the table (as Ctrl-D does)."""
    seen: list[str] = []

    def read(prompt: str = "") -> str:
        seen.append(prompt)
        raise EOFError

    monkeypatch.setattr(builtins, "input", read)
    return seen


def test_a_name_from_a_save_reaches_the_terminal_without_controls(
        tmp_path: Path, prompts: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    st = tabletop.load("deck-menteur").new_game(players=2, seed=3, names=["Ana", EVIL])
    save = tmp_path / "game.json"
    save.write_text(st.to_json(), encoding="utf-8")
    main(["play", "--load", str(save)])
    out = capsys.readouterr()
    assert "Bo]0;pwnedb" in out.out + "".join(prompts)  # the name, its printable part
    _clean(out.out + out.err)
    _clean("".join(prompts))


def test_ruleset_texts_reach_the_terminal_without_controls(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "_games_dirs", [])
    monkeypatch.setattr(registry, "games", lambda: ["scoundrel"])
    text = registry.ruleset_path("scoundrel").read_text(encoding="utf-8")
    old = 'en: "Solo dungeon crawl with 44 playing cards: fight, equip, drink, or run."'
    assert old in text
    evil = EVIL.encode("unicode_escape").decode().replace('"', '\\"')
    text = text.replace("id: scoundrel", "id: evil", 1).replace(old, f'en: "{evil}"')
    (tmp_path / "evil.yaml").write_text(
        text + f'rules: "# Evil\\n\\nFight {evil} out."\n', encoding="utf-8")
    assert main(["list", "--games-dir", str(tmp_path)]) == 0
    assert main(["rules", "evil", "--games-dir", str(tmp_path)]) == 0
    out = capsys.readouterr()
    assert "Fight Bo]0;pwnedb" in out.out
    _clean(out.out + out.err)


def test_a_command_line_mistake_is_said_without_controls(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--load", f"/no/such/save{TITLE}.json"]) == 2
    assert main(["list", "--games-dir", f"/no/such/folder{HIDDEN}"]) == 2
    out = capsys.readouterr()
    assert "/no/such/save]0;pwned.json" in out.out and "/no/such/folder[8m" in out.out
    _clean(out.out + out.err)


def _ascii(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """The command under PYTHONIOENCODING=ascii, typed ``stdin`` (UTF-8, as a terminal sends
    it); what it writes is ASCII (read strictly)."""
    env = {**os.environ, "PYTHONIOENCODING": "ascii", "COLUMNS": "80"}
    done = subprocess.run([sys.executable, "-m", "tabletop", *args],
                          input=stdin.encode("utf-8"), capture_output=True, env=env,
                          timeout=60)
    return subprocess.CompletedProcess(done.args, done.returncode, done.stdout.decode("ascii"),
                                       done.stderr.decode("ascii"))


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_program_works_under_an_ascii_output(lang: str, tmp_path: Path) -> None:
    """Suits and accents show as '?', one sentence says why; never a traceback."""
    done = _ascii("rules", "deck-menteur", "--lang", lang)
    assert done.returncode == 0, done.stderr
    assert "Deck menteur" in done.stdout and "Traceback" not in done.stderr
    said = {"en": "the output encoding (ascii) cannot write every character",
            "fr": "l'encodage de sortie (ascii) ne peut pas ?crire tous les caract?res"}
    assert said[lang] in " ".join(done.stderr.split())
    st = tabletop.load("deck-menteur").new_game(players=2, seed=3, names=["Ana", "Bérénice"])
    save = tmp_path / "game.json"
    save.write_text(st.to_json(), encoding="utf-8")
    done = _ascii("play", "--load", str(save), "--lang", lang, stdin="\nannoncer trèfles\n")
    assert "Traceback" not in done.stderr + done.stdout
    assert "B?r?nice" in done.stdout
