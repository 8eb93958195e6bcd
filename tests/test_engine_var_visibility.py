"""Vars that hold cards follow the same visibility as zones in views, or declare their own."""

from __future__ import annotations

import random
from pathlib import Path

from helpers import load_ruleset

RULES = """\
id: varvis
name: {en: Var visibility, fr: Visibilité des variables}
players: {min: 2, max: 2}
cards: [{suits: [S], ranks: [2, 3, 4, 5, 6, 7]}]
zones:
  deck: {deck: true, visibility: hidden}
  hand: {visibility: owner, per_seat: true, order: row}
  table: {visibility: public}
vars:
  drawn: {initial: null}
  pair: {initial: null}
  told: {initial: null, visibility: public}
  mine: {initial: null, per_seat: true, visibility: owner}
  note: {initial: null, visibility: hidden}
  count: {initial: 0}
setup:
  - deal: {from: deck, to: hand, count: 1}
  - deal: {from: deck, to: "hand[opp]", count: 1}
  - set: {drawn: "top(deck)", pair: "[first(hand), top(deck)]", told: "top(deck)"}
  - set: {var: mine, value: "first(hand)", seat: 0}
  - set: {note: 7, count: 3}
moves:
  - id: show
    notation: show
    effects:
      - move: {what: "top(deck)", to: table}
      - end_turn: true
end: [{if: "size(table) == 2", outcome: done}]
outcomes: {done: {winners: "[0]", reason: {en: done, fr: fini}}}
view:
  drawn: drawn.code
  pair: pair.code
  told: told.code
  mine: mine.code
  theirs: "mine[opp].code"
  note: note
  count: count
"""


def test_a_var_holding_a_hidden_card_shows_it_to_nobody(tmp_path: Path) -> None:
    st = load_ruleset(tmp_path, RULES).new_game(players=2, seed=1, deck=["2S", "3S", "4S", "5S"])
    # seat 0 holds 2S, seat 1 holds 3S; 4S tops the hidden deck
    v0, v1, public = st.view(0), st.view(1), st.view(None)
    assert v0["drawn"] is None and v1["drawn"] is None and public["drawn"] is None
    assert v0["pair"] == ["2S", None] and v1["pair"] == [None, None]  # the hand's own card
    assert v0["told"] == v1["told"] == public["told"] == "4S"  # visibility: public
    assert v0["mine"] == "2S" and v1["theirs"] is None  # visibility: owner
    assert public["mine"] is None
    assert v0["note"] is None and v0["count"] == 3 == public["count"]


def test_the_card_shows_once_it_lies_where_all_can_see_it(tmp_path: Path) -> None:
    st = load_ruleset(tmp_path, RULES).new_game(players=2, seed=1, deck=["2S", "3S", "4S", "5S"])
    st.play("show")  # 4S moves to the public table
    assert st.view(1)["drawn"] == "4S" and st.view(None)["drawn"] == "4S"


def test_views_do_not_change_with_hidden_cards(tmp_path: Path) -> None:
    """Except the var declared public, whose card the designer says everyone knows."""
    st = load_ruleset(tmp_path, RULES).new_game(players=2, seed=3)
    changed = set()
    for seat in (0, 1):
        for k in range(5):
            world = st.determinize(seat, random.Random(k)).view(seat)
            changed |= {key for key, v in st.view(seat).items() if world[key] != v}
    assert changed == {"told"}


CHIPS = """\
id: chips
name: {en: Chips, fr: Jetons}
players: {min: 2, max: 2}
cards: [{suits: [S], ranks: [2, 3, 4]}]
zones:
  deck: {deck: true, visibility: public}
  table: {visibility: public}
vars:
  chips: {initial: 11, per_seat: true, visibility: owner}
  paid: {initial: 0, per_seat: true}
moves:
  - id: pay
    notation: pay
    effects:
      - add: {chips: -1}
      - end_turn: true
end: [{if: "chips <= 0", outcome: done}]
outcomes: {done: {winners: "[me]", reason: {en: done, fr: fini}}}
view:
  chips: chips
  theirs: "chips[opp]"
"""


def test_a_secret_per_seat_value_brings_the_curtain_as_a_hidden_hand_does(tmp_path: Path):
    # every zone is public, but each player's chips are theirs to know: at a hot-seat table
    # the screen must be hidden between turns, or the next player reads the last one's chips
    game = load_ruleset(tmp_path, CHIPS, "chips.yaml")
    assert game.spec.secret
    st = game.new_game(players=2, seed=1)
    assert st.view(1) == {"chips": 11, "theirs": None}
    public = load_ruleset(tmp_path, CHIPS.replace("visibility: owner", "visibility: public"),
                          "chips2.yaml")
    assert not public.spec.secret
