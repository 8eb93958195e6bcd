"""A designer who works in French meets every mistake of a ruleset file in French: with
``--lang fr`` (or a French locale) `tabletop play`, `rules`, `simulate` and `check` say the
file, line and field and what is wrong in French; without it the English reads as before.

The files are the starter `tabletop new` writes, broken one way each, as a designer would."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

from tabletop import RulesetError
from tabletop.cli import main
from tabletop.cli.starter import write_starter
from tabletop.engine.context import ENGINE_FUNCTIONS
from tabletop.engine.game import Game
from tabletop.i18n.messages import RULESET_MESSAGES, yaml_problem
from tabletop.rules.spec import load_spec_text

HOSTILE = Path(__file__).parent / "hostile"


def _fields(template: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(template) if f is not None}


def test_every_message_has_english_and_french_with_the_same_values() -> None:
    assert len(RULESET_MESSAGES) > 150
    for key, texts in RULESET_MESSAGES.items():
        assert set(texts) == {"en", "fr"}, key
        assert _fields(texts["en"]) == _fields(texts["fr"]), key
        assert texts["fr"].strip(), key


def _run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[str, int]:
    try:
        code = main(args)
    except SystemExit as e:
        code = int(e.code or 0)
    out = capsys.readouterr()
    return " ".join((out.out + out.err).split()), code


@pytest.fixture
def starter(tmp_path: Path) -> str:
    return write_starter("Mon Jeu", tmp_path).read_text(encoding="utf-8")


@pytest.fixture(autouse=True)
def _english_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LC_ALL", "en_GB.UTF-8")  # the flag decides, not the machine
    monkeypatch.setenv("COLUMNS", "2000")  # a long temporary path is not cut in two


# each way of breaking the starter: the text replaced, its replacement, and what is said of the
# file in English (as before) and in French
BROKEN = {
    "missing-field": (
        "id: mon-jeu ", "# id: mon-jeu ",
        "bad.yaml, line 7: missing required field 'id'",
        "bad.yaml, ligne 7 : il manque le champ obligatoire 'id'"),
    "wrong-type": (
        "max_moves: 100", "max_moves: beaucoup",
        "bad.yaml, line 11, field 'max_moves': expected a whole number, got text 'beaucoup'",
        "bad.yaml, ligne 11, champ 'max_moves' : il faut ici un nombre entier, pas le texte "
        "'beaucoup'"),
    "unknown-name": (
        "add: {score: card.value}", "add: {score: card.value + scor}",
        "bad.yaml, line 46, field 'moves.0.effects.1.add.score': unknown name 'scor' in "
        "'card.value + scor' (did you mean 'score'?)",
        "bad.yaml, ligne 46, champ 'moves.0.effects.1.add.score' : nom inconnu 'scor' dans "
        "'card.value + scor' (vouliez-vous dire « score » ?)"),
    "unknown-zone": (
        "to: table}", "to: tabel}",
        "bad.yaml, line 45, field 'moves.0.effects.0.move.to': unknown zone 'tabel' (did you "
        "mean 'table'?) (zones: deck, hand, table)",
        "bad.yaml, ligne 45, champ 'moves.0.effects.0.move.to' : zone inconnue 'tabel' "
        "(vouliez-vous dire « table » ?) (zones : deck, hand, table)"),
    "expression-syntax": (
        "add: {score: card.value}", "add: {score: \"card.value +\"}",
        "bad.yaml, line 46, field 'moves.0.effects.1.add.score': expected a value, found the "
        "end at column 13 in 'card.value +'",
        "bad.yaml, ligne 46, champ 'moves.0.effects.1.add.score' : une valeur est attendue en "
        "colonne 13 de 'card.value +' (trouvé : la fin)"),
    "yaml-syntax": (
        "players: {min: 2, max: 4}", "players: {min: 2, max: 4",
        "bad.yaml, line 11: not valid YAML: did not find expected ',' or '}'",
        "bad.yaml, ligne 11 : ce n'est pas du YAML valide : il manque une « , » ou une « } » "
        "(une accolade non fermée ?)"),
    "over-a-limit": (
        "players: {min: 2, max: 4}", "players: {min: 2, max: 400}",
        "bad.yaml, line 10, field 'players.max': at most 100 players (the limit), got 400",
        "bad.yaml, ligne 10, champ 'players.max' : 100 joueurs au plus (la limite), et non "
        "400"),
    "duplicate-key": (
        "  hand: hand.code\n", "  hand: hand.code\n  hand: table.code\n",
        "bad.yaml, line 64: the key 'hand' appears twice in this mapping (YAML would keep only "
        "the last one)",
        "bad.yaml, ligne 64 : la clé 'hand' figure deux fois dans cette table (YAML ne "
        "garderait que la dernière) ; n'en gardez qu'une"),
}


def _broken(tmp_path: Path, starter: str, old: str, new: str) -> Path:
    assert old in starter
    path = tmp_path / "bad.yaml"
    path.write_text(starter.replace(old, new, 1), encoding="utf-8")
    return path


@pytest.mark.parametrize("command", ["play", "rules", "simulate", "check"])
@pytest.mark.parametrize("case", sorted(BROKEN))
def test_a_broken_file_is_said_in_french_and_in_english_as_before(
        case: str, command: str, tmp_path: Path, starter: str,
        capsys: pytest.CaptureFixture[str]) -> None:
    old, new, english, french = BROKEN[case]
    path = _broken(tmp_path, starter, old, new)
    code_status = 1 if command == "check" else 2
    out, code = _run([command, str(path), "--lang", "fr"], capsys)
    assert (code, out) == (code_status, f"tabletop: {tmp_path}/{french}")
    out, code = _run([command, str(path)], capsys)
    assert (code, out) == (code_status, f"tabletop: {tmp_path}/{english}")


def test_a_french_locale_is_enough(tmp_path: Path, starter: str,
                                   capsys: pytest.CaptureFixture[str],
                                   monkeypatch: pytest.MonkeyPatch) -> None:
    old, new, _english, french = BROKEN["wrong-type"]
    path = _broken(tmp_path, starter, old, new)
    monkeypatch.setenv("LC_ALL", "fr_FR.UTF-8")
    for command in ("play", "check"):
        out, _code = _run([command, str(path)], capsys)
        assert out == f"tabletop: {tmp_path}/{french}"


DIVIDE = ("add: {score: card.value}", "add: {score: \"card.value / (score - score)\"}")


def test_a_mistake_met_during_play_is_said_in_french(tmp_path: Path, starter: str,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    path = _broken(tmp_path, starter, *DIVIDE)
    out, code = _run(["check", str(path), "--lang", "fr", "--games", "5"], capsys)
    assert code == 1
    assert re.search(
        r"problème : \S+bad\.yaml, ligne 46, champ 'moves\.0\.effects\.1' : en jouant "
        r"'play \w+' : division par zéro dans 'card\.value / \(score - score\)' \(une erreur "
        r"dans les règles ; le coup n'a pas été joué\) graine 1, 2 joueurs, options hand=short "
        r"pour le voir : tabletop play \S+ --seed 1 --players 2 --option hand=short puis tapez "
        r"1 coup : play \w+$", out), out
    out, code = _run(["simulate", str(path), "--lang", "fr", "--games", "5", "--seed", "1"],
                     capsys)
    assert code == 2
    assert re.search(r"tabletop: \S+, ligne 46, champ 'moves\.0\.effects\.1' : en jouant "
                     r"'play \w+' : division par zéro dans", out), out
    out, code = _run(["check", str(path), "--games", "5"], capsys)
    assert re.search(
        r"problem: \S+bad\.yaml, line 46, field 'moves\.0\.effects\.1': while playing "
        r"'play \w+': division by zero in 'card\.value / \(score - score\)' \(a mistake in the "
        r"ruleset; the move was not played\) seed 1, 2 players, options hand=short to see it: "
        r"tabletop play \S+ --seed 1 --players 2 --option hand=short then type these 1 move: "
        r"play \w+$", out), out


def test_the_mistake_is_said_to_the_table_in_its_language(tmp_path: Path, starter: str) -> None:
    """At the table (the terminal says ``e.in_lang(lang)``), the move is undone and the
    mistake is said in each language."""
    spec_text = starter.replace(*DIVIDE)
    game = Game(load_spec_text(spec_text, "mon-jeu.yaml", table=ENGINE_FUNCTIONS))
    state = game.new_game(players=2, seed=1)
    move = state.legal_moves()[0]
    with pytest.raises(RulesetError) as caught:
        state.play(move)
    assert caught.value.in_lang("fr") == (
        f"mon-jeu.yaml, ligne 46, champ 'moves.0.effects.1' : en jouant {move.text!r} : "
        "division par zéro dans 'card.value / (score - score)' (une erreur dans les règles ; "
        "le coup n'a pas été joué)")
    assert str(caught.value).startswith("mon-jeu.yaml, line 46, field 'moves.0.effects.1': "
                                        f"while playing {move.text!r}: division by zero")
    assert state.history == []  # undone


def test_check_reports_a_good_file_in_french(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    path = write_starter("Mon Jeu", tmp_path)
    out, code = _run(["check", str(path), "--lang", "fr", "--games", "20"], capsys)
    assert code == 0
    assert re.fullmatch(
        rf"{path} : chargé - Mon Jeu, 20 cartes, 1 coup, 2-4 joueurs 20 parties jouées au "
        r"hasard en \d+,\d s \(2-4 joueurs, chaque valeur d'option à tour de rôle\) ; de \d+ à "
        r"\d+ coups, \d+ pour la partie médiane aucun problème trouvé", out), out
    out, code = _run(["check", str(path), "--games", "20"], capsys)
    assert code == 0
    assert re.fullmatch(
        rf"{path}: loaded - Mon Jeu, 20 cards, 1 move, 2-4 players played 20 random games in "
        r"\d+\.\d s \(2-4 players, every option value in turn\); \d+ to \d+ moves, \d+ in the "
        r"middle game no problem found", out), out


def test_check_says_a_game_that_never_ends_in_french(tmp_path: Path, starter: str,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    path = _broken(tmp_path, starter, "      - move: {what: card, to: table}\n", "")
    out, code = _run(["check", str(path), "--lang", "fr", "--games", "3"], capsys)
    assert code == 1
    assert ("problème : la partie a atteint max_moves (100) sans finir : jouée au hasard, elle "
            "ne se termine jamais (augmentez max_moves, ou revoyez les règles de fin) graine 1, "
            "2 joueurs, options hand=short") in out


@pytest.mark.parametrize("path", sorted(HOSTILE.glob("*.yaml")), ids=lambda p: p.stem)
def test_every_hostile_file_is_said_in_french(path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    """Each file of tests/hostile (one defect each, met at load or during play: see
    test_engine_limits) is said in French by `check --lang fr`, its line included."""
    head = path.read_text(encoding="utf-8").splitlines()[:4]
    line = next((int(x.split(":", 1)[1]) for x in head if x.startswith("# line:")), None)
    out, code = _run(["check", str(path), "--lang", "fr", "--games", "3"], capsys)
    assert code == 1
    assert out.startswith((f"tabletop: {path}", f"{path} : chargé")), out
    assert re.search(r"\bline\b|\bfield\b|\bgot\b|while |the limit|problem:", out) is None, out
    if line is not None:
        assert f"{path.name}, ligne {line}" in out, out


def test_pyyamls_complaints_are_said_in_french() -> None:
    assert yaml_problem("mapping values are not allowed here")["fr"].startswith(
        "un « : » est de trop ici")
    unknown = "something PyYAML has never said"
    assert yaml_problem(unknown) == {"en": unknown, "fr": unknown}


def test_checks_help_says_lang_in_both_languages(capsys: pytest.CaptureFixture[str]) -> None:
    out, code = _run(["check", "--help"], capsys)
    assert code == 0 and "--lang {en,fr} the language of the report and of the ruleset's" in out
    out, code = _run(["check", "--help", "--lang", "fr"], capsys)
    assert code == 0 and "--lang {en,fr} la langue du rapport et des erreurs du fichier" in out


def test_new_says_its_mistakes_in_french(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    out, code = _run(["new", "Mon Jeu", "--dir", str(tmp_path), "--lang", "fr"], capsys)
    assert code == 0 and out.startswith(f"{tmp_path}/mon-jeu.yaml écrit")
    out, code = _run(["new", "Mon Jeu", "--dir", str(tmp_path), "--lang", "fr"], capsys)
    assert (code, out) == (2, f"tabletop: {tmp_path}/mon-jeu.yaml existe déjà : choisissez un "
                              "autre nom, ou déplacez ce fichier")
    out, code = _run(["new", "Mon Jeu", "--dir", str(tmp_path)], capsys)
    assert (code, out) == (2, f"tabletop: {tmp_path}/mon-jeu.yaml is already there: choose "
                              "another name, or move that file")
