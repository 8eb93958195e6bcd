"""A question's answers that are texts, in each language (`choose` with `words`): a French
table shows and accepts the French word, the English one stays accepted, the value and the
history keep the canonical text, and a save holds the question's words."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import load_ruleset

import tabletop
from tabletop.engine.state import State

RULESET = """
id: choose-words-test
name: {en: Choose words test, fr: Test des mots de question}
players: {min: 1, max: 1}
cards:
  - {id: gem, name: {en: Gem, fr: Gemme}}
  - {id: rope, name: {en: Rope, fr: Corde}}
zones:
  pile: {visibility: hidden, deck: true}
  hand: {visibility: public, order: row}
vars:
  points: {initial: 0}
moves:
  - id: go
    notation: {en: go, fr: aller}
    effects:
      - choose:
          var: bonus
          from: '["draw", "point"]'
          notation: {en: "take {choice}", fr: "prendre {choice}"}
          words: {draw: {en: draw, fr: pioche}, point: {en: point, fr: point}}
          prompt: {en: "Draw a card or take 1 point?", fr: "Piocher une carte ou prendre 1 point ?"}
      - if: 'bonus == "draw"'
        then: [{deal: {from: pile, to: hand, count: 1}}]
        else: [{add: {points: 1}}]
end:
  - if: "size(hand) + points >= 2"
    outcome: done
outcomes:
  done:
    winners: "[0]"
    reason: {en: "done", fr: "fini"}
view:
  hand: hand.code
  points: points
"""


@pytest.fixture()
def game(tmp_path: Path) -> tabletop.Game:
    return load_ruleset(tmp_path, RULESET)


def test_answers_read_in_the_table_language(game: tabletop.Game) -> None:
    st = game.new_game(deck=["gem", "rope"])
    st.play("go")
    moves = st.legal_moves()
    assert [m.text for m in moves] == ["take draw", "take point"]
    assert [st.move_text(m, "fr") for m in moves] == ["prendre pioche", "prendre point"]
    assert [st.move_text(m, "en") for m in moves] == ["take draw", "take point"]


def test_the_french_word_is_accepted_and_the_value_stays(game: tabletop.Game) -> None:
    st = game.new_game(deck=["gem", "rope"])
    st.play("aller")
    assert st.parse_move("prendre PIOCHE").text == "take draw"
    st.play("prendre pioche")
    assert st.view(0)["hand"] == ["gem"]  # the value is "draw": a card was drawn
    st.play("go")
    st.play("take draw")  # the English words stay accepted
    assert st.view(0)["hand"] == ["gem", "rope"]
    assert st.outcome is not None
    assert [m for m in st.history] == ["go", "take draw", "go", "take draw"]


def test_a_save_keeps_the_words(game: tabletop.Game) -> None:
    st = game.new_game(deck=["gem", "rope"])
    st.play("go")
    back = State.from_data(game, json.loads(st.to_json()))
    assert [back.move_text(m, "fr") for m in back.legal_moves()] == ["prendre pioche",
                                                                     "prendre point"]


def test_words_must_be_texts(tmp_path: Path) -> None:
    bad = RULESET.replace("words: {draw: {en: draw, fr: pioche}, point: {en: point, fr: point}}",
                          "words: [draw]")
    with pytest.raises(tabletop.RulesetError):
        load_ruleset(tmp_path, bad)
