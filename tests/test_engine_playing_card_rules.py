"""Rules on standard playing cards: require, derived and effects on a suits/ranks entry apply to
each of its cards."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import load_ruleset

import tabletop

RULES = """\
id: pcrules
name: {en: Playing card rules, fr: Règles des cartes}
players: {min: 1, max: 1}
cards:
  - suits: [S, H]
    ranks: [2, 3, A]
    require:
      - if: "led == null or this.suit == led or count(hand, it.suit == led) == 0"
        why: {en: "you must follow the led suit", fr: "vous devez fournir"}
    derived:
      points: "10 if this.rank == 'A' else 0"
    effects:
      played:
        - log: {en: "{this.code} lands", fr: "{this.code} est posée"}
zones:
  deck: {deck: true, visibility: hidden}
  hand: {order: row}
  table: {order: row}
derived:
  led: "first(table).suit"
setup: [{deal: {from: deck, to: hand, count: 5}}]
moves:
  - id: play
    notation: "play {card}"
    args: {card: {from: hand, where: "allowed(it)", why: "{join(unmet(it))}"}}
    effects:
      - move: {what: card, to: table}
      - card_effect: {card: card, name: played}
end: [{if: "size(hand) == 0", outcome: done}]
outcomes:
  done: {winners: "[0]", reason: {en: done, fr: fini}, score: "sum(table, calc(it, 'points'))"}
view: {table: table.code}
"""


def test_each_playing_card_carries_the_entrys_rules(tmp_path: Path) -> None:
    st = load_ruleset(tmp_path, RULES).new_game(seed=1, deck=["AS", "2H", "3S", "AH", "2S"])
    st.play("play 2H")
    assert st.log[-1].text["en"] == "2H lands"
    with pytest.raises(tabletop.IllegalMoveError, match="you must follow the led suit"):
        st.play("play AS")
    for move in ("play AH", "play AS", "play 3S", "play 2S"):
        st.play(move)
    assert st.outcome is not None and st.outcome.scores == (20,)
