"""The French reads as French (issue 34, point 9): plurals by the number, elision before a
vowel, wording that needs no gender, decimal commas, one word per notion across the Arcane
family, « robot » throughout, no Python English inside a French sentence, and a starter
ruleset commented in French."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pexpect
import pytest
import yaml
from terminal import clean, spawn

import tabletop
from tabletop.cli import main
from tabletop.cli.starter import write_starter
from tabletop.i18n.table import TABLE_MESSAGES
from tabletop.registry import games, ruleset_path


def _french(node: Any) -> list[str]:
    """Every French text of a ruleset file (the fr values of its {en, fr} mappings)."""
    if isinstance(node, dict):
        out = [node["fr"]] if isinstance(node.get("fr"), str) else []
        return out + [t for v in node.values() for t in _french(v)]
    if isinstance(node, list):
        return [t for v in node for t in _french(v)]
    return []


def _ruleset(gid: str) -> Any:
    return yaml.safe_load(ruleset_path(gid).read_text(encoding="utf-8"))


def _log_fr(st: tabletop.State) -> list[str]:
    return [e.text_in("fr") for e in st.log if e.kind == "log"]


@pytest.mark.parametrize("gid", games())
def test_no_text_counts_with_a_bracketed_plural(gid: str) -> None:
    texts = _french(_ruleset(gid)) + [m["fr"] for m in TABLE_MESSAGES.values()]
    assert not [t for t in texts if re.search(r"\w\((e?s|es|x)\)", t)]


def test_a_count_agrees_with_its_number() -> None:
    st = tabletop.load("deck-menteur").new_game(
        players=2, seed=1, first=0, names=["Ana", "Ben"],
        deck=["QS", "JC", "QD", "10D", "7C", "8S", "9S", "8D", "9D", "10S"])
    st.play("annoncer piques")
    st.play("poser D♠")
    st.play("fini")
    assert _log_fr(st)[-1] == "pose 1 carte face cachée, annoncée piques"
    assert [e for e in st.log if e.kind == "log"][-1].text_in("en") == (
        "lays 1 card face down, claiming spades")
    st.play("poser 8♠")
    st.play("poser 9♠")
    st.play("fini")
    assert _log_fr(st)[-1] == "pose 2 cartes face cachée, annoncées piques"


def test_a_hit_of_one_is_one_degat_and_the_name_is_elided() -> None:
    st = tabletop.load("arcane-duel").new_game(
        players=2, names=["Ana", "Ben"], seed=7, first=0,
        deck=["fireball", "lightning", "shield", "mirror"])
    aimed = next(m for m in st.legal_moves() if m.move_id != "discard"
                 and "fireball" in m.text and "Ben" in m.text)
    st.play(aimed)
    prompt = st.prompt("fr") or ""
    assert "Boule de feu d'Ana vous vise : 1 dégât" in prompt and "(s)" not in prompt


def test_help_says_notation_d_arcane_duel(tmp_path: Path) -> None:
    child = spawn(["play", "arcane-duel", "--players", "Ana,Ben", "--seed", "1", "--lang",
                   "fr"], tmp_path, lang="fr")
    child.expect("Entrée")
    child.sendline("")
    child.expect("> ")
    child.sendline("aide")
    child.expect("Entrée pour revoir le plateau")
    screen = " ".join(clean(child.before).split())
    child.sendline("")
    child.expect(r"(Ana|Ben) > ")
    assert "Notation d'Arcane Duel" in screen and "Notation de Arcane" not in screen
    assert "jouer <carte>" in screen and "{card}" not in screen
    child.sendline("quitter")
    child.expect(pexpect.EOF)


def test_a_seat_out_and_a_poisoned_seat_need_no_gender() -> None:
    texts = [t for gid in games() for t in _french(_ruleset(gid))]
    gendered = re.compile(r"\} (est|sera) (éliminé|empoisonné|couronné|visé|attaqué)\b"
                          r"|vous êtes attaqué|être visé")
    assert not [t for t in texts if gendered.search(t)]
    st = tabletop.load("deck-menteur").new_game(players=2, seed=3, names=["Ana", "Ben"])
    rng = __import__("random").Random(3)
    while st.outcome is None:
        st.play(rng.choice(st.legal_moves()))
    out = [e.text_in("fr") for e in st.log if e.kind == "eliminated"]
    assert out and all(t.endswith("quitte la partie") for t in out)


def test_the_arcane_family_says_points_de_vie() -> None:
    for gid in ("arcane-duel", "arcane-arena", "aria"):
        spec = tabletop.load(gid).spec
        labels = {d["label"]["fr"] for d in spec.raw.get("display", [])
                  if isinstance(d.get("label"), dict) and d["label"].get("en") == "Health"}
        texts = " ".join(_french(spec.raw))
        assert labels <= {"Points de vie"} and "santé" not in texts.lower(), gid


def test_french_says_robot_never_bot(capsys: pytest.CaptureFixture[str]) -> None:
    bot = re.compile(r"(?<!\{)\bbots?\b(?![:}])")
    assert not [v for v in (m["fr"] for m in TABLE_MESSAGES.values()) if bot.search(v)]
    with pytest.raises(SystemExit):
        main(["play", "--help", "--lang", "fr"])
    said = capsys.readouterr().out
    assert "robot" in said and not bot.search(said)
    code = main(["play", "scoundrel", "--seat", "1=bot:zz", "--lang", "fr"])
    out = capsys.readouterr()
    said = " ".join((out.out + out.err).split())
    assert code == 2 and "pas de robot « zz » ; les robots sont" in said


def test_simulate_writes_decimal_commas_in_french(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "deck-menteur", "--games", "20", "--seed", "1", "--lang",
                 "fr"]) == 0
    said = capsys.readouterr().out
    assert re.search(r"\d,\d\u00a0%", said) and not re.search(r"\d\.\d", said)
    assert "(s)" not in said and "2 joueurs" in said
    assert main(["simulate", "deck-menteur", "--games", "20", "--seed", "1"]) == 0
    assert re.search(r"\d\.\d%", capsys.readouterr().out)


def test_a_save_that_is_not_json_is_explained_in_french() -> None:
    with pytest.raises(tabletop.SaveFileError) as e:
        tabletop.restore("garbage")
    fr = e.value.in_lang("fr")
    assert fr == ("ce n'est pas une sauvegarde de tabletop (pas du JSON : une valeur est "
                  "attendue : ligne 1, colonne 1)")
    assert "Expecting value" in str(e.value)


def test_the_starter_is_commented_in_french(tmp_path: Path) -> None:
    path = write_starter("Mon Jeu", tmp_path, lang="fr")
    comments = [line.split("#", 1)[1] for line in path.read_text(encoding="utf-8").splitlines()
                if "#" in line and not line.startswith("# yaml-language-server")]
    english = re.compile(r"\b(the|a|an|of|is|every|after|its|how|what)\b")
    assert comments and not [c for c in comments if english.search(c)]
    assert any("point de départ" in c for c in comments)
    st = tabletop.load(path).new_game(players=2, seed=1)
    assert st.move_text(st.legal_moves()[0], "fr").startswith("jouer ")
    english_path = write_starter("My Game", tmp_path)
    assert "a starting point made by `tabletop new`" in english_path.read_text(encoding="utf-8")
