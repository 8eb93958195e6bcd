"""A card put at a chosen position of a zone (issue 30): ``at`` of move and deal may give a
position counted from 1 (the top of a pile, the left of a row) as a number or an expression.
A position past the end puts the cards at the end; several cards keep their order from there;
a position below 1 (or not a number) is the ruleset's mistake, one sentence naming the ``at``
field (the move undone); ``top`` and ``bottom`` are as they were. The generated code and the
step-by-step interpreter play it alike."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from helpers import interpreter_only, load_ruleset
from reference_examples import example

import tabletop
from tabletop import RulesetError

RULES = """\
id: places
name: {en: Places, fr: Places}
players: {min: 1, max: 1}
cards: [{id: a}, {id: b}, {id: c}, {id: d}, {id: e}, {id: f}, {id: g}]
zones:
  deck: {deck: true, visibility: public}
  hand: {visibility: public, per_seat: true, order: row}
  row: {visibility: public, order: row}
vars: {spot: {initial: 2}}
setup:
  - deal: {from: deck, to: hand, count: 2}
  - deal: {from: deck, to: row, count: 2}
moves:
  - id: third
    notation: "third {card}"
    args: {card: {from: hand}}
    effects: [{move: {what: card, to: deck, at: 3}}]
  - id: low
    notation: "low {card}"
    args: {card: {from: hand}}
    effects: [{move: {what: card, to: deck, at: "max(1, size(deck))"}}]
  - id: far
    notation: "far {card}"
    args: {card: {from: hand}}
    effects: [{move: {what: card, to: deck, at: 99}}]
  - id: after
    notation: "after {card} {c}"
    args: {card: {from: hand}, c: {from: row}}
    effects: [{move: {what: card, to: row, at: "index_of(row, c) + 2"}}]
  - id: before
    notation: "before {card} {c}"
    args: {card: {from: hand}, c: {from: row}}
    effects: [{move: {what: card, to: row, at: "index_of(row, c) + 1"}}]
  - id: spread
    notation: spread
    effects: [{move: {what: hand, to: row, at: spot}}]
  - id: back
    notation: "back {c}"
    args: {c: {from: row}}
    effects: [{move: {what: c, to: "hand[me]", at: 1}}]
  - id: sink
    notation: sink
    effects: [{move: {what: "top(deck)", to: deck, at: 3}}]
  - id: deal
    notation: deal
    effects: [{deal: {from: deck, to: row, count: 2, at: spot}}]
  - id: cut
    notation: cut
    effects: [{deal: {from: deck, to: deck, count: 2, at: 2}}]
  - id: pile
    notation: pile
    effects: [{deal: {from: deck, to: row, count: 2, at: 50}}]
  - id: ontop
    notation: ontop
    effects: [{deal: {from: row, to: deck, count: 2, at: top}}]
  - id: first
    notation: first
    effects: [{deal: {from: row, to: deck, count: 2, at: 1}}]
  - id: zero
    notation: zero
    effects: [{move: {what: "top(deck)", to: row, at: "spot - spot"}}]
  - id: nothing
    notation: nothing
    effects: [{move: {what: "top(deck)", to: row, at: "index_of(row, top(deck))"}}]
  - id: text
    notation: text
    effects:
      - add: {spot: 1}
      - deal: {from: deck, to: row, count: 1, at: '"two"'}
end: []
outcomes:
  done: {winners: "[]", reason: {en: never, fr: jamais}}
view:
  deck: deck.code
  hand: hand.code
  row: row.code
"""

STACK = ["a", "b", "c", "d", "e", "f", "g"]  # hand: a b; row: c d; deck: e f g


def generated(game: tabletop.Game) -> tabletop.Game:
    return game


RUNS: list[Callable[[tabletop.Game], tabletop.Game]] = [generated, interpreter_only]


@pytest.fixture(params=RUNS, ids=["generated", "interpreted"])
def places(request: pytest.FixtureRequest, tmp_path: Path) -> tabletop.Game:
    game: tabletop.Game = request.param(load_ruleset(tmp_path, RULES, "places.yaml"))
    return game


def zones(st: tabletop.State) -> tuple[list[str], list[str], list[str]]:
    v = st.view(0)
    return v["deck"], v["hand"], v["row"]


def test_a_card_goes_to_the_position_a_number_gives(places: tabletop.Game) -> None:
    st = places.new_game(seed=1, deck=STACK)
    assert zones(st) == (["e", "f", "g"], ["a", "b"], ["c", "d"])
    st.play("third a")
    assert zones(st)[0] == ["e", "f", "a", "g"]


def test_a_card_goes_to_the_position_an_expression_gives(places: tabletop.Game) -> None:
    st = places.new_game(seed=1, deck=STACK)
    st.play("low b")  # size(deck) is 3, read before the card moves: just above the bottom
    assert zones(st)[0] == ["e", "f", "b", "g"]
    assert '"max(1, size(deck))"' in example("`move`", 1)
    st = places.new_game(seed=1, deck=["a", "b", "c", "d"])  # the deck empty
    st.play("low b")
    assert zones(st)[0] == ["b"]


def test_a_position_past_the_end_puts_the_card_at_the_bottom(places: tabletop.Game) -> None:
    st = places.new_game(seed=1, deck=STACK)
    st.play("far a")
    assert zones(st)[0] == ["e", "f", "g", "a"]


def test_index_of_plus_two_is_just_right_of_a_card(places: tabletop.Game) -> None:
    """The reference's example: index_of counts from 0, so + 2 is the place after the card
    and + 1 the card's own place (the new card just left of it)."""
    st = places.new_game(seed=1, deck=STACK)
    st.play("after a c")
    assert zones(st)[2] == ["c", "a", "d"]
    st.play("before b c")
    assert zones(st)[2] == ["b", "c", "a", "d"]
    assert '"index_of(row, c) + 2"' in example("`move`", 1)


def test_several_cards_keep_their_order_from_the_position(places: tabletop.Game) -> None:
    st = places.new_game(seed=1, deck=STACK)
    st.play("spread")  # the whole hand, a then b, from position 2 (the var spot)
    assert zones(st)[1:] == ([], ["c", "a", "b", "d"])


def test_a_position_in_a_zone_of_a_seat(places: tabletop.Game) -> None:
    st = places.new_game(seed=1, deck=STACK)
    st.play("back d")
    assert zones(st)[1:] == (["d", "a", "b"], ["c"])


def test_a_card_moved_within_its_zone_ends_at_the_position(places: tabletop.Game) -> None:
    st = places.new_game(seed=1, deck=STACK)
    st.play("sink")
    assert zones(st)[0] == ["f", "g", "e"]


def test_dealt_cards_keep_the_order_they_were_drawn_in(places: tabletop.Game) -> None:
    st = places.new_game(seed=1, deck=STACK)
    st.play("deal")  # e then f, from position 2
    assert zones(st)[0::2] == (["g"], ["c", "e", "f", "d"])


def test_a_deal_past_the_end_and_a_zone_dealt_to_itself(places: tabletop.Game) -> None:
    st = places.new_game(seed=1, deck=STACK)
    st.play("cut")  # e and f taken off the top, put back from position 2 (under g)
    assert zones(st)[0] == ["g", "e", "f"]
    st.play("pile")
    assert zones(st)[0::2] == (["f"], ["c", "d", "g", "e"])


def test_top_reverses_a_deal_as_before_and_position_one_does_not(places: tabletop.Game) -> None:
    st = places.new_game(seed=1, deck=STACK)
    st.play("ontop")
    assert zones(st)[0] == ["d", "c", "e", "f", "g"]
    st = places.new_game(seed=1, deck=STACK)
    st.play("first")
    assert zones(st)[0] == ["c", "d", "e", "f", "g"]


@pytest.mark.parametrize(("move", "got_en", "got_fr", "step"), [
    ("zero", "the number 0", "le nombre 0", "moves.13.effects.0.move.at"),
    ("nothing", "nothing", "une valeur vide", "moves.14.effects.0.move.at"),
    ("text", "text 'two'", "le texte 'two'", "moves.15.effects.1.deal.at"),
])
def test_a_position_below_one_or_not_a_number_is_the_rulesets_mistake(
        places: tabletop.Game, move: str, got_en: str, got_fr: str, step: str) -> None:
    st = places.new_game(seed=1, deck=STACK)
    before = (zones(st), st.view(0), dict(st.vars))
    with pytest.raises(RulesetError) as caught:
        st.play(move)
    e = caught.value
    assert e.field == step
    assert str(e) == (
        f"{e.file}, line {e.line}, field {step!r}: while playing {move!r}: at must give a "
        f"position counted from 1 (the top of a pile, the left of a row), got {got_en} (a "
        "mistake in the ruleset; the move was not played)")
    assert e.in_lang("fr") == (
        f"{e.file}, ligne {e.line}, champ {step!r} : en jouant {move!r} : at doit donner "
        "une position comptée à partir de 1 (le dessus d'une pile, la gauche d'une rangée), "
        f"pas {got_fr} (une erreur dans les règles ; le coup n'a pas été joué)")
    assert (zones(st), st.view(0), dict(st.vars)) == before  # undone
    assert st.history == []


def test_a_bad_position_in_the_setup_names_its_field(tmp_path: Path) -> None:
    text = RULES.replace("to: row, count: 2}\nmoves:", "to: row, count: 2, at: \"spot - 3\"}"
                                                       "\nmoves:")
    game = load_ruleset(tmp_path, text, "places.yaml")
    with pytest.raises(RulesetError) as caught:
        game.new_game(seed=1, deck=STACK)
    assert caught.value.field == "setup.1.deal.at"
    assert "while setting up the game: at must give a position" in str(caught.value)


@pytest.mark.parametrize(("at", "got"), [("0", "the number 0"), ("-2", "the number -2"),
                                         ("true", "True"), ("[1]", "a list")])
def test_a_plain_position_below_one_is_refused_at_load(tmp_path: Path, at: str,
                                                       got: str) -> None:
    text = RULES.replace("to: deck, at: 3}", f"to: deck, at: {at}}}", 1)
    with pytest.raises(RulesetError) as caught:
        load_ruleset(tmp_path, text, "places.yaml")
    e = caught.value
    assert e.field == "moves.0.effects.0.move.at"
    assert e.reason == ("at must be top, bottom or a position counted from 1 (a number or an "
                        f"expression), got {got}")
    assert "at doit valoir top, bottom ou une position" in e.in_lang("fr")


def test_a_position_that_does_not_parse_names_its_field(tmp_path: Path) -> None:
    text = RULES.replace("to: deck, at: 3}", 'to: deck, at: "size(deck"}', 1)
    with pytest.raises(RulesetError) as caught:
        load_ruleset(tmp_path, text, "places.yaml")
    assert caught.value.field == "moves.0.effects.0.move.at"
