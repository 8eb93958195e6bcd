"""combos: named sets of cards played together. The reference's example is loaded and played;
combos(cards), combo_cards(combo, cards), the combo argument, a choose offering combos beside
cards, saves that hold a combo, and the loader's checks."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import load_ruleset
from reference_examples import example

import tabletop

BASE = """
id: combo-test
name: {en: Combo test, fr: Test de combinaisons}
players: {min: 2, max: 2}
cards:
  - {id: spark, count: 3, name: {en: Spark, fr: Étincelle}}
  - {id: stone, count: 2, name: {en: Stone, fr: Pierre}}
COMBOS
zones:
  pile: {visibility: hidden, deck: true}
  hand: {visibility: owner, per_seat: true, order: row}
  discard: {}
vars:
  score: {initial: 0, per_seat: true}
setup:
  - deal: {from: pile, to: "hand[0]", count: 4}
MOVES
  - id: ask
    notation: ask
    effects:
      - choose:
          var: pick
          seat: opp
          from: 'filter(hand[opp], it.code == "stone") + combos(hand[opp])'
          optional: true
          notation: "answer {choice}"
      - if: 'pick != null and pick.kind == "combo"'
        then:
          - move: {what: "combo_cards(pick, hand[opp])", to: discard}
          - add: {var: score, value: pick.points, seat: opp}
      - end_turn: true
end: []
outcomes:
  done: {winners: "[]", reason: {en: done, fr: fini}}
view:
  hand: hand.code
  score: "map(all_seats(), score[it])"
  formable: "combos(hand).code"
"""


def build(tmp_path: Path, first: int = 0, deck: list[str] | None = None) -> tabletop.State:
    combos = example("Combos", 0)
    moves = example("Combos", 1)
    text = BASE.replace("COMBOS", combos).replace("MOVES", moves)
    game = load_ruleset(tmp_path, text, "combo-test.yaml")
    return game.new_game(players=2, seed=1, first=first,
                         deck=deck or ["spark", "stone", "spark", "spark", "stone"])


def test_a_combo_is_offered_when_its_cards_are_in_hand_and_played_by_its_id(tmp_path):
    st = build(tmp_path)
    assert st.view(0)["hand"] == ["spark", "stone", "spark", "spark"]
    assert st.view(0)["formable"] == ["blaze"]
    moves = [m.text for m in st.legal_moves()]
    assert "combo blaze" in moves  # one move for the combo, not one per pair of copies
    st.play("COMBO Blaze")  # typed in any case
    assert st.view(0)["hand"] == ["stone", "spark"]
    assert st.view(0)["score"] == [3, 0]
    assert st.view(None)["formable"] == []  # public view: no hand, no combo


def test_combo_cards_takes_exactly_the_cards_it_needs(tmp_path):
    st = build(tmp_path)
    st.play("combo blaze")
    # only two of the three sparks went: the third can no longer form a Blaze alone
    assert "combo blaze" not in [m.text for m in st.legal_moves()]
    assert [c for c in st.view(0)["hand"] if c == "spark"] == ["spark"]


def test_a_combo_cannot_be_played_without_its_cards(tmp_path):
    st = build(tmp_path, deck=["spark", "stone", "stone"])
    assert "combo blaze" not in [m.text for m in st.legal_moves()]
    with pytest.raises(tabletop.IllegalMoveError, match="the combo blaze needs spark, spark"):
        st.play("combo blaze")


def test_a_question_offers_combos_beside_cards_and_a_save_keeps_them(tmp_path):
    st = build(tmp_path, first=1)
    st.play("ask")
    assert st.current_player == 0
    assert [m.text for m in st.legal_moves()] == ["answer stone", "answer blaze", "pass"]
    again = tabletop.restore(st.to_json())  # the pending combo survives a save
    assert [m.text for m in again.legal_moves()] == ["answer stone", "answer blaze", "pass"]
    again.play("answer blaze")
    assert again.view(0)["score"] == [3, 0]
    assert again.view(0)["hand"] == ["stone", "spark"]


def test_combo_attributes_read_like_card_attributes(tmp_path):
    st = build(tmp_path)
    combo = st.spec.combos["blaze"]
    assert combo.attr("name_fr") == "Brasier" and combo.attr("kind") == "combo"
    assert combo.attr("cards") == ["spark", "spark"] and combo.attr("points") == 3


@pytest.mark.parametrize("combos,message", [
    ("combos: [{id: spark, cards: [spark, stone]}]", "already a card or a combo"),
    ("combos: [{id: duo, cards: [spark]}]", "two cards or more"),
    ("combos: [{id: duo, cards: [spark, ruby]}]", "unknown card 'ruby'"),
    ("combos: [{id: duo, cards: [stone, stone, stone]}]", "needs 3 stone, the game has 2"),
    ("combos: [{id: duo, cards: [spark, stone], kind: x}]", "set by the engine"),
    ("combos: [{id: duo, cards: [spark, stone], bonus: [1]}]", "single value"),
])
def test_the_loader_checks_combos(tmp_path, combos, message):
    text = BASE.replace("COMBOS", combos).replace("MOVES", "moves:")
    with pytest.raises(tabletop.RulesetError, match=message):
        load_ruleset(tmp_path, text, "combo-test.yaml")
