"""A move's notation and a card's code in each language (issue 13): a French table shows and
accepts the French words, the English ones stay accepted, the history keeps the canonical
text."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import load_ruleset

import tabletop

RULESET = """
id: notation-lang-test
name: {en: Notation test, fr: Test de notation}
players: {min: 1, max: 1}
cards:
  - {id: lame, codes: {en: blade}, name: {en: Blade, fr: Lame}}
  - {id: rope, codes: {fr: corde}, name: {en: Rope, fr: Corde}}
  - {id: gem, name: {en: Gem, fr: Gemme}}
zones:
  pile: {visibility: hidden, deck: true}
  hand: {visibility: public, order: row}
  kept: {visibility: public, order: row}
setup:
  - deal: {from: pile, to: hand, count: 3}
moves:
  - id: keep
    notation: {en: "keep {card}", fr: "garder {card}"}
    args:
      card: {from: hand}
    effects:
      - move: {what: card, to: kept}
      - choose:
          var: again
          from: hand
          notation: {en: "also {choice}", fr: "aussi {choice}"}
          optional: true
      - if: "again != null"
        then: [{move: {what: again, to: kept}}]
end:
  - if: "size(hand) == 0"
    outcome: done
outcomes:
  done:
    winners: "[0]"
    reason: {en: "all kept", fr: "tout est gardé"}
view:
  hand: hand.code
"""


@pytest.fixture()
def game(tmp_path: Path) -> tabletop.Game:
    return load_ruleset(tmp_path, RULESET)


def test_moves_are_shown_in_the_table_language(game: tabletop.Game) -> None:
    st = game.new_game(deck=["lame", "rope", "gem"])
    legal = st.legal_moves()
    assert [m.text for m in legal] == ["keep lame", "keep rope", "keep gem"]
    assert [st.move_text(m, "en") for m in legal] == ["keep blade", "keep rope", "keep gem"]
    assert [st.move_text(m, "fr") for m in legal] == ["garder lame", "garder corde",
                                                       "garder gem"]


@pytest.mark.parametrize("typed", ["garder corde", "GARDER Corde", "keep rope", "keep corde",
                                   "garder rope"])
def test_either_language_is_accepted_and_the_history_is_canonical(game: tabletop.Game,
                                                                    typed: str) -> None:
    st = game.new_game(deck=["lame", "rope", "gem"])
    st.play(typed)
    assert st.history == ["keep rope"]
    assert [st.move_text(m, "fr") for m in st.legal_moves()] == [
        "aussi lame", "aussi gem", "passer"]
    assert [st.move_text(m, "en") for m in st.legal_moves()] == [
        "also blade", "also gem", "pass"]
    st.play("aussi blade")
    assert st.history == ["keep rope", "also lame"]


def test_the_default_pass_is_said_in_french(game: tabletop.Game) -> None:
    st = game.new_game(deck=["lame", "rope", "gem"])
    st.play("keep blade")
    st.play("passer")
    assert st.history == ["keep lame", "pass"]
    restored = tabletop.restore(st.to_json())
    assert [restored.move_text(m, "fr") for m in restored.legal_moves()] == [
        "garder corde", "garder gem"]


def test_a_wrong_french_move_is_explained_in_french(game: tabletop.Game) -> None:
    st = game.new_game(deck=["lame", "rope", "gem"])
    with pytest.raises(tabletop.NotationError) as e:
        st.play("danser")
    assert "garder" in e.value.in_lang("fr") and "keep" not in e.value.in_lang("fr")
    assert "keep" in e.value.in_lang("en")
    with pytest.raises(tabletop.NotationError) as e:
        st.play("garder")
    assert "garder <carte>" in e.value.in_lang("fr") and "{" not in e.value.in_lang("fr")


def test_card_codes_read_per_language_in_expressions(game: tabletop.Game) -> None:
    lame = game.spec.card_by_code("lame")[0]
    assert (lame.attr("code_en"), lame.attr("code_fr"), lame.attr("code")) == (
        "blade", "lame", "lame")


@pytest.mark.parametrize(("bad", "message"), [
    ('notation: {en: "keep {card}", fr: "garder"}', "the same {holes}"),
    ('notation: {en: "keep {card}", de: "halten {card}"}', "a language is one of"),
    ('notation: {en: "keep {card}", fr: "{card} garder"}', "starts with a word"),
])
def test_a_bad_notation_is_refused_at_load(tmp_path: Path, bad: str, message: str) -> None:
    text = RULESET.replace('notation: {en: "keep {card}", fr: "garder {card}"}', bad)
    with pytest.raises(tabletop.RulesetError, match=message):
        load_ruleset(tmp_path, text)


def test_a_card_code_taken_twice_is_refused(tmp_path: Path) -> None:
    text = RULESET.replace("codes: {fr: corde}", "codes: {fr: gem}")
    with pytest.raises(tabletop.RulesetError, match="used twice|already another card's"):
        load_ruleset(tmp_path, text)
