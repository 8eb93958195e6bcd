"""Zone key `contents: known` (a face-down pack whose cards everyone knows: determinize only
reorders it) and the function all_seats() (every seat, those out included)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from helpers import load_ruleset

import tabletop
from tabletop.errors import RulesetError

RULESET = """
id: contents-test
name: {en: Contents test}
players: {min: 2, max: 3}
cards:
  - {suits: [H, S], ranks: [A, 2, 3]}
  - {id: joker, count: 4}
zones:
  deck: {visibility: hidden, deck: true}
  hand: {visibility: owner, per_seat: true, order: row}
  pack: {visibility: hidden, per_seat: true, contents: KNOWN}
  turned: {visibility: public, per_seat: true}
setup:
  - for_each:
      in: all_seats()
      var: p
      do:
        - move: {what: 'filter(deck, it.suit == (["H", "S", "C"])[p])', to: "pack[p]"}
        - deal: {from: deck, to: "hand[p]", count: 2}
moves:
  - id: turn
    notation: turn
    effects:
      - move: {what: "top(pack)", to: turned}
      - if: 'first(turned).rank == "A"'
        then: [{eliminate: me}]
      - end_turn: true
end:
  - if: "size(seats()) == 1"
    outcome: last
outcomes:
  last: {winners: "seats()", reason: last one in}
view:
  packs: 'map(all_seats(), size(pack[it]) if it in seats() else "out")'
  alive: "seats()"
  hand: hand.code
"""


def _game(tmp_path: Path, known: bool = True) -> tabletop.Game:
    text = RULESET.replace("KNOWN", "known" if known else "unknown")
    return load_ruleset(tmp_path, text, "contents-test.yaml")


DECK = ["2H", "AH", "3H", "joker", "joker", "3S", "2S", "AS", "joker", "joker"]


def test_determinize_keeps_a_known_pack_to_its_own_cards(tmp_path: Path) -> None:
    st = _game(tmp_path).new_game(players=2, seed=1, deck=DECK, first=0)
    assert st.view(0)["hand"] == ["joker", "joker"]
    orders = set()
    for k in range(40):
        world = st.determinize(0, random.Random(k))
        assert world.view(0) == st.view(0)
        for seat, suit in ((0, "H"), (1, "S")):
            pack = [world.spec.cards[u].code for u in world.zones[f"pack/{seat}"]]
            assert sorted(pack) == sorted(f"{r}{suit}" for r in "A23")
        orders.add(tuple(world.zones["pack/0"]))
        assert all(world.spec.cards[u].code == "joker" for u in world.zones["hand/1"])
    assert len(orders) > 1, "the order inside the pack is sampled"


def test_without_it_the_packs_mix_with_the_hands(tmp_path: Path) -> None:
    st = _game(tmp_path, known=False).new_game(players=2, seed=1, deck=DECK, first=0)
    mixed = False
    for k in range(40):
        world = st.determinize(0, random.Random(k))
        codes = [world.spec.cards[u].code for u in world.zones["pack/0"]]
        mixed = mixed or any(c in ("joker", "AS", "2S", "3S") for c in codes)
    assert mixed


def test_all_seats_keeps_the_seats_that_are_out(tmp_path: Path) -> None:
    st = _game(tmp_path).new_game(players=2, seed=1, deck=DECK, first=0)
    st.play("turn")  # P1 turns 2H
    assert st.view(None)["packs"] == [2, 3]
    st.play("turn")  # P2 turns 3S
    st.play("turn")  # P1 turns AH: out
    assert st.is_over and st.outcome.winners == (1,)
    assert st.view(None)["packs"] == ["out", 2]
    assert st.view(None)["alive"] == [1]


def test_a_wrong_contents_word_is_a_load_error(tmp_path: Path) -> None:
    with pytest.raises(RulesetError, match="contents must be unknown or known, not 'some'"):
        load_ruleset(tmp_path, RULESET.replace("KNOWN", "some"), "contents-test.yaml")
