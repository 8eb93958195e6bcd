"""A log line names a card only to the seats that may see it: by the end of the move, a card a
seat never saw (given face down to another player) is "a hidden card" in that seat's line,
while a card played face up during the move, even if it is shuffled away before the move is
over, is named to all."""

from __future__ import annotations

from pathlib import Path

from helpers import load_ruleset

import tabletop

RULES = """\
id: passing
name: {en: Passing, fr: Passe}
players: {min: 3, max: 3}
cards: [{suits: [S], ranks: [2, 3, 4, 5, 6, 7, 8, 9, 10]}]
zones:
  deck: {deck: true, visibility: hidden}
  hand: {visibility: owner, per_seat: true, order: row}
  table: {visibility: public, order: row}
moves:
  - id: give
    notation: "give {card}"
    args: {card: {from: hand}}
    effects:
      - move: {what: card, to: "hand[next_seat(me)]"}
      - log: {en: "gives {card.name} ({card}) to {seat_name(next_seat(me))}",
              fr: "donne {card.name_fr} ({card}) à {seat_name(next_seat(me))}"}
      - end_turn: true
  - id: flash
    notation: "flash {card}"
    args: {card: {from: hand}}
    effects:
      - move: {what: card, to: table}
      - move: {what: table, to: deck}
      - shuffle: deck
      - log: {en: "flashed {card.name}", fr: "a montré {card.name_fr}"}
      - end_turn: true
setup:
  - for_each: {in: seats(), var: p, do: [{deal: {from: deck, to: "hand[p]", count: 2}}]}
end: [{if: "turn > 6", outcome: done}]
outcomes: {done: {winners: "[0]", reason: {en: done, fr: fini}}}
view:
  hand: "hand.code"
"""

DECK = ["2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S"]


def _game(tmp_path: Path) -> tabletop.State:
    # Ana holds 2S 3S, Ben 4S 5S, Chloé 6S 7S
    return load_ruleset(tmp_path, RULES).new_game(players=3, seed=1, deck=DECK, first=0,
                                                  names=["Ana", "Ben", "Chloé"])


def _lines(st: tabletop.State, seat: int | None, lang: str = "en") -> list[str]:
    return [e.text_in(lang) for e in st.log if e.kind == "log" and e.visible_to(seat)]


def test_a_card_given_face_down_is_named_to_giver_and_taker_only(tmp_path: Path) -> None:
    st = _game(tmp_path)
    st.play("give 2S")
    assert _lines(st, 0) == ["gives 2S (2S) to Ben"]
    assert _lines(st, 1) == _lines(st, 0)  # Ben took it: he sees it in his hand
    chloe = _lines(st, 2)
    assert chloe == ["gives a hidden card (?) to Ben"]
    assert _lines(st, 2, "fr") == ["donne une carte cachée (?) à Ben"]
    assert _lines(st, None) == []  # the shared screen shows no line of a hidden card


def test_a_card_shown_during_the_move_is_named_to_all(tmp_path: Path) -> None:
    st = _game(tmp_path)
    st.play("flash 3S")  # face up on the table, then shuffled into the deck: all saw it
    for seat in (0, 1, 2, None):
        assert len(_lines(st, seat)) == 1 and "?" not in _lines(st, seat)[0]
        assert "hidden" not in _lines(st, seat)[0]


def test_the_table_shows_each_seat_its_own_line(tmp_path: Path) -> None:
    from tabletop.ui.render import event_line

    st = _game(tmp_path)
    st.play("give 2S")
    shown = {seat: [event_line(st, e, "en") for e in st.log if e.visible_to(seat)]
             for seat in (0, 2)}
    assert any("2♠" in line for line in shown[0])  # (the table draws the suit)
    assert not any("2♠" in line or "2S" in line for line in shown[2])
    assert any(line.startswith("Ana: gives a hidden card") for line in shown[2])
