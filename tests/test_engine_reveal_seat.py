"""Whose line a reveal is: the seat that sees the card, not the seat whose move caused it.

A reveal to one seat is logged as that seat's line ("Ben: saw c2"), even when another seat's
move shows it the card (a forced swap in Le Coffre et la Clé); a reveal to several seats names
nobody. Knowledge follows the card when it moves, so the seat still sees it in its new place.
"""

from __future__ import annotations

from pathlib import Path

from helpers import load_ruleset

SHOW = """\
id: show
name: {en: Show, fr: Montrer}
players: {min: 3, max: 3}
cards:
  - {id: c1, value: 1}
  - {id: c2, value: 2}
  - {id: c3, value: 3}
zones:
  pile: {deck: true, visibility: hidden}
  hand: {visibility: hidden, per_seat: true}
moves:
  - id: show
    notation: "show {who}"
    args:
      who: {seat: "it != me"}
    effects:
      - reveal: {what: "top(pile)", to: who}
      - end_turn: true
  - id: all
    notation: all
    effects:
      - reveal: {what: "top(pile)", to: "seats()"}
      - end_turn: true
  - id: give
    notation: "give {who}"
    args:
      who: {seat: "it != me"}
    effects:
      - move: {what: "top(pile)", to: "hand[who]"}
      - end_turn: true
end: []
outcomes:
  done: {winners: "[]", reason: {en: never, fr: jamais}}
view:
  pile: pile.code
  hands: "map(seats(), hand[it].code)"
"""


def test_a_reveal_to_one_seat_is_that_seats_line(tmp_path: Path) -> None:
    game = load_ruleset(tmp_path, SHOW, "show.yaml")
    st = game.new_game(players=3, seed=1, deck=["c2", "c1", "c3"], first=0)
    (event,) = [e for e in st.play("show P2") if e.kind == "reveal"]
    assert event.seat == 1 and event.private_to == (1,)
    assert event.text_in("en") == "saw c2"
    assert st.view(1)["pile"] == ["c2", None, None]
    assert st.view(0)["pile"] == [None, None, None]


def test_a_reveal_to_several_seats_names_nobody(tmp_path: Path) -> None:
    game = load_ruleset(tmp_path, SHOW, "show.yaml")
    st = game.new_game(players=3, seed=1, deck=["c2", "c1", "c3"], first=0)
    (event,) = [e for e in st.play("all") if e.kind == "reveal"]
    assert event.seat is None and event.private_to == (0, 1, 2)


def test_what_a_seat_saw_follows_the_card_when_it_moves(tmp_path: Path) -> None:
    game = load_ruleset(tmp_path, SHOW, "show.yaml")
    st = game.new_game(players=3, seed=1, deck=["c2", "c1", "c3"], first=0)
    st.play("show P2")          # P2 sees c2 on top of the pile
    st.play("give P3")          # P2 moves it to P3's hidden hand, in plain sight
    assert st.view(1)["hands"] == [[], [], ["c2"]]
    assert st.view(0)["hands"] == [[], [], [None]]
