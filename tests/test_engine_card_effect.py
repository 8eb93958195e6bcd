"""The card_effect step: a card's own named effect blocks (cards: [{id, effects: {name: [...]}}]),
run for one card or a list of cards, with ``this`` bound to the card."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import load_ruleset

import tabletop

RULESET = """
id: card-effects-test
name: {en: Card effects test, fr: Test des effets de cartes}
players: {min: 1, max: 1}
cards:
  - id: fire
    value: 3
    name: {en: Fire, fr: Feu}
    effects:
      hit:
        - add: {score: this.value}
        - log:
            en: "{this.name} hits for {this.value}"
            fr: "{this.name_fr} frappe de {this.value}"
      each_turn:
        - add: {score: 100}
  - id: ice
    value: 5
    effects:
      hit:
        - choose: {var: pick, from: '["a", "b"]', notation: "pick {choice}"}
        - if: 'pick == "a"'
          then: [{add: {score: 10}}]
          else: [{add: {score: 20}}]
  - id: rock
    value: 7
zones:
  pile: {visibility: public, deck: true}  # (cards are played from it by name)
  table: {visibility: public, order: row}
vars:
  score: 0
moves:
  - id: cast
    notation: "cast {card}"
    args:
      card: {from: pile}
    effects:
      - card_effect: {card: card, name: hit}
      - move: {what: card, to: table}
  - id: all
    notation: "all"
    effects:
      - card_effect: {card: pile, name: hit}
end:
  - if: "score >= 1000"
    outcome: done
outcomes:
  done: {winners: "[0]", reason: done}
view:
  score: score
  table: table.code
"""


@pytest.fixture()
def game(tmp_path: Path) -> tabletop.Game:
    return load_ruleset(tmp_path, RULESET, "card-effects-test.yaml")


def test_a_card_runs_its_own_effect_with_this_bound(game: tabletop.Game) -> None:
    st = game.new_game(deck=["fire", "ice", "rock"])
    events = st.play("cast fire")
    assert st.view(0)["score"] == 3
    assert [e.text_in("en") for e in events if e.kind == "log"] == ["Fire hits for 3"]
    assert [e.text_in("fr") for e in events if e.kind == "log"] == ["Feu frappe de 3"]


def test_a_card_without_that_effect_is_skipped(game: tabletop.Game) -> None:
    st = game.new_game(deck=["fire", "ice", "rock"])
    st.play("cast rock")
    assert st.view(0) == {"score": 0, "table": ["rock"]}


def test_a_choice_inside_a_card_effect_suspends_and_resumes(game: tabletop.Game) -> None:
    st = game.new_game(deck=["fire", "ice", "rock"])
    st.play("cast ice")
    assert [str(m) for m in st.legal_moves()] == ["pick a", "pick b"]
    again = tabletop.restore(st.to_json())
    again.play("pick b")
    st.play("pick a")
    assert st.view(0) == {"score": 10, "table": ["ice"]}
    assert again.view(0) == {"score": 20, "table": ["ice"]}


def test_a_list_of_cards_runs_each_in_order(game: tabletop.Game) -> None:
    st = game.new_game(deck=["fire", "rock", "ice"])
    st.play("all")  # fire (+3), rock (nothing), then ice asks
    assert st.view(0)["score"] == 3
    st.play("pick b")
    assert st.view(0)["score"] == 23


def test_an_effect_no_card_declares_is_refused_at_load(tmp_path: Path) -> None:
    bad = RULESET.replace("name: hit}\n      - move", "name: hitt}\n      - move")
    with pytest.raises(tabletop.RulesetError, match="no card declares an effect 'hitt'"):
        load_ruleset(tmp_path, bad)


def test_this_is_a_reserved_name(tmp_path: Path) -> None:
    bad = RULESET.replace("vars:\n  score: 0", "vars:\n  score: 0\n  this: 1")
    with pytest.raises(tabletop.RulesetError, match="reserved"):
        load_ruleset(tmp_path, bad)
