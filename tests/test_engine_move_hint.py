"""The move word `hint` (issue 13): a note shown beside a legal move whose condition holds,
with the move's arguments bound, in each language."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import load_ruleset

import tabletop

RULESET = """
id: hint-test
name: {en: Hint test, fr: Test d'indice}
players: {min: 1, max: 1}
cards:
  - {id: a, value: 1}
  - {id: b, value: 5}
zones:
  pile: {visibility: hidden, deck: true}
  hand: {visibility: public, order: row}
vars:
  drunk: {initial: false}
setup:
  - deal: {from: pile, to: hand, count: 2}
moves:
  - id: drink
    notation: "drink {card}"
    args:
      card: {from: hand}
    hint:
      - {if: drunk, text: {en: "heals nothing now", fr: "ne soigne plus"}}
      - {if: "card.value > 3", text: {en: "heals {card.value}", fr: "soigne {card.value}"}}
    effects:
      - set: {drunk: true}
      - move: {what: card, to: pile}
end:
  - if: "size(hand) == 0"
    outcome: done
outcomes:
  done:
    winners: "[0]"
    reason: done
view:
  hand: hand.code
"""


@pytest.fixture()
def game(tmp_path: Path) -> tabletop.Game:
    return load_ruleset(tmp_path, RULESET)


def test_the_first_hint_that_holds_is_shown(game: tabletop.Game) -> None:
    st = game.new_game(deck=["a", "b"])
    assert [(m.text, st.move_hint(m, "en")) for m in st.legal_moves()] == [
        ("drink a", None), ("drink b", "heals 5")]
    st.play("drink a")
    assert [(st.move_hint(m, "en"), st.move_hint(m, "fr")) for m in st.legal_moves()] == [
        ("heals nothing now", "ne soigne plus")]


def test_a_hint_is_checked_at_load(tmp_path: Path) -> None:
    with pytest.raises(tabletop.RulesetError, match="hint"):
        load_ruleset(tmp_path, RULESET.replace("{if: drunk, text:", "{when: drunk, text:"))
