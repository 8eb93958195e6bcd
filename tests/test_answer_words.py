"""A question's answer typed by any of its words (issue 34): a choose step's ``words`` give
each language a text or a list of texts, the first shown and every one accepted when typed
(accents optional), so a French table may say ``annoncer carreau`` as well as ``annoncer
carreaux``; a list that is not texts, or a word two answers share, is refused at load in
English and French."""

from __future__ import annotations

from pathlib import Path

import pytest

import tabletop
from tabletop.registry import ruleset_path

WORDS = ("            words:\n"
         "              clubs: {en: [clubs, club], fr: [trèfles, trèfle]}\n")


def _menteur() -> tabletop.State:
    return tabletop.load("deck-menteur").new_game(players=2, seed=3, names=["Ana", "Ben"])


@pytest.mark.parametrize("typed, said", [
    ("annoncer carreau", "announce diamonds"), ("annoncer trefle", "announce clubs"),
    ("ANNONCER Trèfle", "announce clubs"), ("annoncer pique", "announce spades"),
    ("announce club", "announce clubs"), ("announce diamond", "announce diamonds"),
    ("annoncer carreaux", "announce diamonds"), ("announce spades", "announce spades")])
def test_a_suit_is_announced_by_any_of_its_words(typed: str, said: str) -> None:
    st = _menteur()
    assert st.parse_move(typed).text == said
    st.play(typed)
    assert st.history == [said]  # the history and the saves keep the English


def test_the_first_word_is_the_one_shown_in_each_language() -> None:
    st = _menteur()
    assert [st.move_text(m, "fr") for m in st.legal_moves()] == [
        "annoncer trèfles", "annoncer piques", "annoncer carreaux"]
    assert [st.move_text(m, "en") for m in st.legal_moves()] == [
        "announce clubs", "announce spades", "announce diamonds"]
    with pytest.raises(tabletop.IllegalMoveError) as e:
        st.parse_move("annoncer cœur")
    assert "les réponses permises sont : annoncer trèfles, annoncer piques, annoncer carreaux" in (
        e.value.in_lang("fr"))
    assert ("the allowed answers are: announce clubs, announce spades, announce diamonds"
            in str(e.value))


def test_a_save_waiting_for_the_suit_loads_and_takes_the_other_words() -> None:
    st = _menteur()
    back = tabletop.restore(st.to_json())
    assert back.parse_move("annoncer carreau").text == "announce diamonds"


def _broken(tmp_path: Path, words: str) -> Path:
    text = ruleset_path("deck-menteur").read_text(encoding="utf-8")
    assert WORDS in text
    path = tmp_path / "deck-menteur.yaml"
    path.write_text(text.replace(WORDS, words), encoding="utf-8")
    return path


@pytest.mark.parametrize("words, en, fr", [
    ("            words:\n              clubs: {en: [clubs, club], fr: []}\n",
     "expected a text or a list of texts (the first is shown, every one is accepted when "
     "typed), got a list", "il faut ici un texte ou une liste de textes"),
    ("            words:\n              clubs: {en: [clubs, 3], fr: trèfles}\n",
     "got the number 3", "pas le nombre 3"),
    ("            words:\n              clubs: {en: [clubs, spade], fr: [trèfles]}\n",
     "the word 'spade' is given to both 'clubs' and 'spades' in en: a typed word must name "
     "one answer", "le mot 'spade' est donné à la fois à 'clubs' et à 'spades' en en"),
    ("            words:\n              clubs: {en: [clubs, club], fr: [trèfles, Pïques]}\n",
     "the word 'piques' is given to both 'clubs' and 'spades' in fr",
     "le mot 'piques' est donné à la fois à 'clubs' et à 'spades' en fr")])
def test_answer_words_that_cannot_be_read_are_said_at_load(
        tmp_path: Path, words: str, en: str, fr: str) -> None:
    with pytest.raises(tabletop.RulesetError) as e:
        tabletop.load(_broken(tmp_path, words))
    assert en in str(e.value) and "words" in str(e.value)
    assert fr in e.value.in_lang("fr")
