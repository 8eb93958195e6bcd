"""A move whose cards its mover may not see names them by their place, never by their code:
in the move list, in every language, in questions, in hints and in the sentences that refuse a
typed move (issue 30: "1. play 2S (2S)" showed the cooperative game's players their own hand)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from helpers import load_ruleset

import tabletop
from tabletop.errors import IllegalMoveError

BLIND = """\
id: blind
name: {en: Blind hands, fr: Mains aveugles}
players: {min: 2, max: 2}
cards: [{suits: [S, H], ranks: [2, 3, 4]}, {id: joker, count: 2}]
zones:
  deck: {deck: true, visibility: hidden}
  hand: {visibility: hidden, per_seat: true, order: row, label: {en: hand, fr: main}}
  mine: {visibility: owner, per_seat: true, order: row}
  table: {visibility: public, order: row}
setup:
  - deal: {from: deck, to: hand, count: 2}
  - deal: {from: deck, to: "hand[opp]", count: 2}
  - deal: {from: deck, to: mine, count: 1}
moves:
  - id: play
    notation: "play {card}"
    args: {card: {from: hand}}
    hint: [{if: "card.rank == 3", text: {en: "a three!", fr: "un trois !"}}]
    effects:
      - move: {what: card, to: table}
      - log: {en: "{card} is played", fr: "{card} est jouée"}
      - end_turn: true
  - id: pair
    notation: "pair {cards}"
    args: {cards: {cards: hand, min: 2, max: 2}}
    effects:
      - move: {what: cards, to: table}
      - end_turn: true
  - id: keep
    notation: "keep {card}"
    args: {card: {from: mine}}
    effects:
      - end_turn: true
  - id: steal
    notation: steal
    effects:
      - choose: {var: took, from: "hand[opp]", notation: "take {choice}",
                 prompt: {en: "Take which card?", fr: "Quelle carte ?"}}
      - move: {what: took, to: mine}
      - end_turn: true
end: [{if: "size(table) >= 4", outcome: done}]
outcomes: {done: {winners: "[]", reason: {en: done, fr: fini}}}
view:
  table: table
"""

DECK = ["3H", "2S", "4S", "2H", "3S"]  # P1 holds 3H 2S, P2 4S 2H; P1 keeps 3S in `mine`


@pytest.fixture()
def game(tmp_path: Path) -> tabletop.Game:
    return load_ruleset(tmp_path, BLIND, "blind.yaml")


def texts(st: tabletop.State, lang: str = "en") -> list[str]:
    return [st.move_text(m, lang) for m in st.legal_moves()]


def test_a_hand_its_owner_cannot_see_is_offered_by_place(game: tabletop.Game) -> None:
    st = game.new_game(players=2, seed=1, deck=DECK)
    moves = [m.text for m in st.legal_moves()]
    assert moves == ["play 1", "play 2", "pair 1 2", "keep 3S", "steal"]
    assert texts(st) == moves
    # the interpreter's listing (the generated listers' reference) says the same
    assert [m.text for m in st._free_moves_interpreted()] == moves
    assert texts(st, "fr") == ["play 1", "play 2", "pair 1 2", "keep 3♠", "steal"]
    assert not any(code in " ".join(moves) for code in ("3H", "2S"))
    assert st.move_hint(st.legal_moves()[0], "en") is None  # 3H's hint would say "a three"
    st.play("play 1")  # the card at place 1 (3H), now on the table for all to see
    assert st.view(0)["table"] == ["3H"] and st.log[-1].text_in("en") == "3H is played"


def test_identical_hidden_cards_stay_two_moves(game: tabletop.Game) -> None:
    st = game.new_game(players=2, seed=1, deck=["joker", "joker", "4S", "2H", "3S"])
    assert texts(st)[:2] == ["play 1", "play 2"]


def test_a_hidden_card_typed_by_its_code_is_refused_alike_held_or_not(game: tabletop.Game
                                                                      ) -> None:
    st = game.new_game(players=2, seed=1, deck=DECK)
    said = []
    for code in ("3H", "3S", "4H"):  # held (hidden), held elsewhere, not held at all
        with pytest.raises(IllegalMoveError) as e:
            st.play(f"play {code}")
        said.append(str(e.value).replace(f"'play {code}'", "X"))
    assert said[0] == said[1] == said[2] and "by its place" in said[0]
    with pytest.raises(IllegalMoveError, match="place 5"):
        st.play("play 5")


def test_a_question_over_cards_the_asked_seat_cannot_see_offers_places(game: tabletop.Game
                                                                       ) -> None:
    st = game.new_game(players=2, seed=1, deck=DECK)
    st.play("steal")
    assert texts(st) == ["take 1", "take 2"] and st.prompt("en") == "Take which card?"
    st.play("take 2")  # P2's 2H, now in P1's own `mine`, where P1 sees it
    st.play("play 1")  # P2 plays
    assert "keep 2H" in texts(st)


def test_the_list_a_seat_is_shown_does_not_change_when_its_hidden_cards_are_dealt_again(
        game: tabletop.Game) -> None:
    for seed in range(20):
        st = game.new_game(players=2, seed=seed)
        other = st.determinize(st.current_player, random.Random(seed))
        assert texts(other) == texts(st) and texts(other, "fr") == texts(st, "fr")
