"""random: one item, or count different items, drawn with the game's seeded generator."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from helpers import load_ruleset

import tabletop

RULESET = """
id: random-test
name: {en: Random test, fr: Test du hasard}
players: {min: 2, max: 2}
cards:
  - {id: a}
  - {id: b}
  - {id: c}
  - {id: d}
zones:
  pile: {visibility: hidden, deck: true}
  hand: {visibility: owner, per_seat: true, order: row}
  out: {}
vars:
  picked: null
setup:
  - deal: {from: pile, to: "hand[1]", count: 4}
moves:
  - id: steal
    notation: steal
    effects:
      - random: {var: loot, from: "hand[opp]"}
      - move: {what: loot, to: hand}
      - log: {en: "steals a card", fr: "vole une carte"}
  - id: two
    notation: two
    effects:
      - random: {var: gone, from: "hand[opp]", count: 2}
      - move: {what: gone, to: out}
  - id: many
    notation: many
    effects:
      - random: {var: gone, from: "hand[opp]", count: 9}
      - move: {what: gone, to: out}
  - id: seat
    notation: seat
    effects:
      - random: {var: s, from: "all_seats()"}
      - set: {picked: s}
  - id: none
    notation: none
    effects:
      - random: {var: s, from: "[]"}
      - set: {picked: '"empty" if s == null else s'}
end: []
outcomes:
  done: {winners: "[]", reason: {en: done, fr: fini}}
view:
  hand: hand.code
  out: out.code
  picked: picked
"""


@pytest.fixture()
def game(tmp_path: Path) -> tabletop.Game:
    return load_ruleset(tmp_path, RULESET, "random-test.yaml")


def test_one_card_drawn_blind_and_nobody_else_is_told_which(game):
    st = game.new_game(players=2, seed=3, deck=["a", "b", "c", "d"], first=0)
    events = st.play("steal")
    mine = st.view(0)["hand"]
    assert len(mine) == 1 and mine[0] in "abcd"
    assert sorted(st.view(1)["hand"] + mine) == ["a", "b", "c", "d"]
    assert [e.text_in("en") for e in events] == ["steals a card"]  # no card named


def test_the_draw_follows_the_seed_and_varies_with_it(game):
    def stolen(seed: int) -> str:
        st = game.new_game(players=2, seed=seed, deck=["a", "b", "c", "d"], first=0)
        st.play("steal")
        return st.view(0)["hand"][0]

    assert stolen(5) == stolen(5)
    assert len(Counter(stolen(s) for s in range(40))) == 4  # every card can be drawn


def test_count_draws_different_items_and_stops_at_the_list(game):
    st = game.new_game(players=2, seed=1, deck=["a", "b", "c", "d"], first=0)
    st.play("two")
    out = st.view(None)["out"]
    assert len(out) == 2 == len(set(out))
    st2 = game.new_game(players=2, seed=1, deck=["a", "b", "c", "d"], first=0)
    st2.play("many")
    assert sorted(st2.view(None)["out"]) == ["a", "b", "c", "d"]


def test_seats_and_an_empty_list(game):
    seen = set()
    for seed in range(20):
        st = game.new_game(players=2, seed=seed, first=0)
        st.play("seat")
        seen.add(st.view(None)["picked"])
    assert seen == {0, 1}
    st = game.new_game(players=2, seed=1, first=0)
    st.play("none")
    assert st.view(None)["picked"] == "empty"


def test_a_replay_and_a_save_draw_the_same(game):
    st = game.new_game(players=2, seed=8, deck=["a", "b", "c", "d"], first=0)
    again = tabletop.restore(st.to_json())
    st.play("two")
    again.play("two")
    assert st.view(None) == again.view(None)
