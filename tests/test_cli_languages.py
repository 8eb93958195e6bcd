"""The command line speaks the table's language: with ``--lang fr`` (or a French locale) a
mistake on the command line is said in French, in one sentence, with a way forward; in English
it reads as before."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tabletop.cli import main


def _run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[str, int]:
    try:
        code = main(args)
    except SystemExit as e:  # argparse's complaints end the command
        code = int(e.code or 0)
    out = capsys.readouterr()
    return " ".join((out.out + out.err).split()), code


FRENCH = [
    (["play", "scoundrel", "--seed", "x"], "la graine est un nombre entier de 0 à"),
    (["play", "push-to-five", "--players", "9"], "ce jeu se joue de 1 à 6 joueurs"),
    (["play", "push-to-five", "--players", "Ana,ana"], "deux joueurs ont le même nom"),
    (["play", "scoundrel", "--seat", "1=bot:zz"], "pas de robot « zz » ; les robots sont"),
    (["play", "scoundrel", "--seat", "1=bot:mcts:foo=1"], "ne prend pas les réglages foo"),
    (["play", "scoundrel", "--option", "difficulty=x"],
     "l'option difficulty ne peut pas valoir « x » ; choisissez parmi easy, classic, hard"),
    (["play", "scoundrel", "--option", "dificulty=hard"],
     "n'a pas d'option « dificulty » (vouliez-vous dire « difficulty » ?)"),
    (["play", "scoundrl"], "pas de jeu « scoundrl » (vouliez-vous dire « scoundrel » ?)"),
    (["play"], "quel jeu ? par exemple tabletop play scoundrel"),
    (["play", "scoundrel", "--solo", "--players", "2"], "--solo joue seul"),
    (["simulate", "scoundrel", "--games", "0"], "donnez un nombre entier de 1 à 100 000 000"),
    (["simulate", "scoundrel", "--compare", "difficulty=easy"], "donnez deux valeurs ou plus"),
    (["solve", "scoundrel", "--deck", "ZZ"], "« ZZ » n'est pas une carte de Scoundrel"),
    (["solve", "arcane-duel"], "n'est pas un jeu solo"),
    (["play", "--load", "/no/such/save.json"], "(ce fichier n'existe pas)"),
    # argparse's own complaints, with the help to read next
    (["play", "scoundrel", "--bogus"], "arguments inconnus : --bogus (voir : tabletop --help)"),
    (["solve", "scoundrel", "--games", "x"],
     "argument --games : nombre entier invalide : 'x' (voir : tabletop solve --help)"),
    (["simulate"], "ces arguments sont obligatoires : jeu (voir : tabletop simulate --help)"),
    (["plya"], "argument COMMANDE : choix invalide : 'plya'"),
]


@pytest.mark.parametrize(("args", "message"), FRENCH)
def test_a_mistake_is_said_in_french_with_lang_fr(args: list[str], message: str,
                                                   capsys: pytest.CaptureFixture[str],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "en_GB.UTF-8")  # the flag decides, not the locale
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    out, code = _run([*args, "--lang", "fr"], capsys)
    assert code == 2
    assert message in out
    assert "Traceback" not in out


def test_a_french_locale_speaks_french_without_the_flag(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LC_ALL", "fr_FR.UTF-8")
    out, code = _run(["play", "nosuch"], capsys)
    assert code == 2
    assert "pas de jeu « nosuch »" in out
    out, code = _run(["play", "scoundrel", "--bogus"], capsys)
    assert code == 2 and "arguments inconnus : --bogus (voir : tabletop --help)" in out


def test_english_mistakes_read_as_before(capsys: pytest.CaptureFixture[str],
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LC_ALL", "en_GB.UTF-8")
    out, code = _run(["play", "scoundrl"], capsys)
    assert (code, out) == (2, "tabletop: no game 'scoundrl' (did you mean 'scoundrel'?); "
                              "`tabletop list` shows the games (or give the path of a .yaml "
                              "ruleset)")
    out, _ = _run(["play", "push-to-five", "--players", "9"], capsys)
    assert out == "tabletop: --players 9: this game is played by 1 to 6 players"
    out, code = _run(["play", "scoundrel", "--bogus"], capsys)
    assert code == 2 and out.endswith(
        "tabletop: unrecognized arguments: --bogus (see: tabletop --help)")


def test_a_broken_save_is_explained_in_french(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    out, code = _run(["play", "--load", str(bad), "--lang", "fr"], capsys)
    assert code == 2 and "ce n'est pas une sauvegarde de tabletop (pas du JSON" in out
    other = tmp_path / "other.json"
    other.write_text(json.dumps({"format": "tabletop-save", "game": "scoundrel", "seed": 1,
                                 "players": 1, "names": ["P1"],
                                 "options": {"difficulty": "classic", "binding": "strict"},
                                 "moves": ["fly away"]}), encoding="utf-8")
    out, code = _run(["play", "--load", str(other), "--lang", "fr"], capsys)
    assert code == 2
    assert "le coup 1 de la sauvegarde (« fly away ») ne peut pas être joué : " in out
    assert "« fly away » n'est pas un coup de Scoundrel" in out  # the engine's reason, too


def test_the_help_is_in_the_tables_language(capsys: pytest.CaptureFixture[str]) -> None:
    out, code = _run(["play", "--help", "--lang", "fr"], capsys)
    assert code == 0
    assert out.startswith("utilisation : tabletop play [-h] [--seed GRAINE]")
    assert "--solo jouer seul (une place)" in out
    assert "exemples : tabletop list" in out
    out, code = _run(["play", "--help", "--lang", "en"], capsys)
    assert code == 0 and out.startswith("usage: tabletop play [-h] [--seed SEED]")
    assert "--solo play alone (one seat)" in out
