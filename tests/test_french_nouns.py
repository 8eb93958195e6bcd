"""French nouns at a French table (issue 34, point 1): the suits, cards, targets and answer
words a player types are French too, as the rulesets declare them (accents optional, English
still accepted), and every list and "the choices are" sentence shows them in French; no
message ever shows a notation's hole as the ruleset writes it (« écrivez combattre {card} »)."""

from __future__ import annotations

import random
from pathlib import Path

import pexpect
import pytest
from terminal import clean, spawn

import tabletop
from tabletop.registry import games

GAMES = games()


def _answers(st: tabletop.State, lang: str) -> list[str]:
    return [st.move_text(m, lang) for m in st.legal_moves()]


def test_the_suit_is_announced_in_french_and_the_choices_are_said_in_french() -> None:
    st = tabletop.load("deck-menteur").new_game(players=2, seed=3, names=["Ana", "Ben"])
    assert _answers(st, "fr") == ["annoncer trèfles", "annoncer piques", "annoncer carreaux"]
    assert _answers(st, "en") == ["announce clubs", "announce spades", "announce diamonds"]
    with pytest.raises(tabletop.IllegalMoveError) as e:
        st.parse_move("annoncer cœurs")
    assert "les réponses permises sont : annoncer trèfles, annoncer piques, annoncer carreaux" in (
        e.value.in_lang("fr"))
    for typed in ("annoncer trèfles", "ANNONCER Trefles", "announce clubs"):
        assert st.parse_move(typed).text == "announce clubs"
    st.play("annoncer treFLES")
    assert st.history == ["announce clubs"]  # the history and the saves keep the English


def test_playing_cards_are_written_with_the_french_letters() -> None:
    st = tabletop.load("deck-menteur").new_game(
        players=2, seed=1, first=0, names=["Ana", "Ben"],
        deck=["QS", "JC", "QD", "10D", "7C", "8S", "9S", "8D", "9D", "10S"])
    st.play("annoncer piques")
    assert _answers(st, "fr") == ["poser D♠", "poser V♣", "poser D♦", "poser 10♦", "poser 7♣"]
    assert _answers(st, "en") == ["lay QS", "lay JC", "lay QD", "lay 10D", "lay 7C"]
    for typed, code in (("poser D♠", "QS"), ("poser ds", "QS"), ("poser V♣", "JC"),
                        ("poser dd", "QD"), ("lay QS", "QS"), ("poser 10♦", "10D"),
                        ("poser dame de pique", "QS"), ("poser Valet de Trefle", "JC"),
                        ("poser 10 de carreaux", "10D"), ("lay queen of diamonds", "QD")):
        assert st.parse_move(typed).text == f"lay {code}"
    with pytest.raises(tabletop.IllegalMoveError) as e:
        st.parse_move("poser D♥")
    assert "D♥ n'est pas là" in e.value.in_lang("fr") and "QH is not in" in str(e.value)
    with pytest.raises(tabletop.NotationError) as e:
        st.parse_move("poser Z♠")
    assert "(les cartes s'écrivent comme A♥, 2♥, 3♥)" in e.value.in_lang("fr")


def test_a_spell_is_typed_by_its_french_name_and_listed_by_it() -> None:
    st = tabletop.load("arcane-duel").new_game(
        players=2, names=["Ana", "Bob"], seed=7, first=0,
        deck=["fireball", "lightning", "shield", "mirror"])
    listed = _answers(st, "fr")
    aimed = next(m for m in st.legal_moves()
                 if dict(m.args).get("card") is not None and "fireball" in m.text
                 and m.move_id != "discard")
    fr = st.move_text(aimed, "fr")
    assert "Boule de feu" in fr and fr in listed and "fireball" not in " ".join(listed)
    assert "jouer Éclair" in listed
    for typed in (fr, fr.lower(), fr.upper(), st.move_text(aimed, "en")):
        assert st.parse_move(typed) == aimed
    assert st.parse_move("jouer eclair").text == st.parse_move("play lightning").text
    with pytest.raises(tabletop.NotationError) as e:
        st.parse_move("jouer boule sur Bob")
    assert "« boule » n'est pas une carte" in e.value.in_lang("fr")
    assert "Boule de feu, Explosion, Nuage de poison" in e.value.in_lang("fr")
    with pytest.raises(tabletop.NotationError) as e:
        st.parse_move(fr.replace("Bob", "Zoé"))
    assert e.value.in_lang("fr").startswith(
        "« Zoé » n'est pas un joueur de la partie (les joueurs sont Ana, Bob")


def test_a_combo_is_typed_by_its_french_name() -> None:
    st = tabletop.load("arcane-duel").new_game(
        players=2, names=["Ana", "Bob"], seed=7, first=0,
        deck=["fireball", "explosion", "shield", "mirror"])
    burst = next(m for m in st.legal_moves() if "burst" in m.text)
    fr = st.move_text(burst, "fr")
    assert "Explosion des flammes" in fr
    assert st.parse_move(fr.replace("Explosion des flammes", "explosion des flammes")) == burst


@pytest.mark.parametrize("gid", GAMES)
def test_every_listed_move_reads_back_in_both_languages(gid: str) -> None:
    game = tabletop.load(gid)
    for seed in range(3):
        for players in (3, 2, 4, 1):
            try:
                st = game.new_game(players=players, seed=seed)
                break
            except tabletop.PlayerCountError:
                continue
        rng = random.Random(seed)
        for _ in range(60):
            legal = st.legal_moves()
            if not legal:
                break
            for m in legal:
                for lang in ("fr", "en"):
                    assert st.parse_move(st.move_text(m, lang)).text == m.text
            st.play(rng.choice(legal))


def _wrong_inputs(st: tabletop.State) -> list[str]:
    firsts = {w for ms in st.spec.moves for n in (ms.template, *ms.notations.values())
              for w in n[:1]}
    out = ["zz", "", "1 2 3"]
    for w in sorted(firsts):
        out += [w, f"{w} zz", f"{w} zz zz zz zz zz", f"{w} 1", f"{w} ♠"]
    return out


@pytest.mark.parametrize("gid", GAMES)
def test_no_message_shows_a_hole_as_the_ruleset_writes_it(gid: str) -> None:
    game = tabletop.load(gid)
    for players in (max(2, game.spec.min_players), game.spec.min_players):
        try:
            st = game.new_game(players=players, seed=1)
            break
        except tabletop.PlayerCountError:
            continue
    rng = random.Random(1)
    for _ in range(25):
        if st.outcome is not None:
            break
        for typed in _wrong_inputs(st):
            try:
                st.parse_move(typed)
            except (tabletop.NotationError, tabletop.IllegalMoveError) as e:
                for lang in ("en", "fr"):
                    said = e.in_lang(lang)
                    assert "{" not in said and "}" not in said, (typed, said)
        for ms in st.spec.moves:
            for lang in ("en", "fr"):
                assert "{" not in st.move_shape(ms, lang)
        legal = st.legal_moves()
        if not legal:
            break
        st.play(rng.choice(legal))


def _type(child: pexpect.spawn, text: str) -> str:
    """Type a line at the table; what it said until the next prompt, on one line."""
    child.sendline(text)
    child.expect(r"(Ana|Ben) > ")
    return " ".join(clean(child.before).split())


def test_a_french_table_takes_french_nouns(tmp_path: Path) -> None:
    child = spawn(["play", "deck-menteur", "--players", "Ana,Ben", "--seed", "3", "--lang",
                   "fr"], tmp_path, lang="fr", size=(24, 80))
    child.expect("Entrée")
    _type(child, "")
    said = _type(child, "annoncer cœurs")
    assert ("les réponses permises sont : annoncer trèfles, annoncer piques, annoncer carreaux"
            in said)
    screen = _type(child, "annoncer trefle")  # a singular too
    assert "annonce trèfles pour la manche 1" in screen
    assert "poser 10♦" in screen and "10D" not in screen
    assert "R♠ n'est pas là" in _type(child, "poser R♠")
    assert "n'est pas" not in _type(child, "poser 10 de carreau")
    child.sendline("quitter")
    child.expect(pexpect.EOF)
