"""The ``reveal`` step: cards shown to some seats, who know them from then on (their views
show them); the log says "saw ..." to those seats alone, or the step's own line."""

from __future__ import annotations

import pytest
from helpers import load_ruleset

import tabletop

RULES = """\
id: reveals
name: {en: Reveals, fr: Révélations}
players: {min: 3, max: 3}
cards:
  - {id: key, name: {en: Key, fr: Clé}}
  - {id: map, name: {en: Map, fr: Carte}}
  - {id: gem, name: {en: Gem, fr: Gemme}}
zones:
  deck: {deck: true, visibility: hidden}
moves:
  - id: peek
    notation: {en: peek, fr: regarder}
    effects:
      - reveal: {what: "first(deck)", to: me}
  - id: show
    notation: {en: show, fr: montrer}
    effects:
      - reveal: {what: "top(deck, 2)", to: "others()"}
  - id: spy
    notation: {en: spy, fr: espionner}
    effects:
      - reveal: {what: "last(deck)", to: me,
                 log: {en: "spied the bottom card", fr: "a espionné la carte du dessous"}}
end:
  - if: "false"
    outcome: over
outcomes:
  over:
    winners: "[0]"
    reason: {en: "over", fr: "fini"}
view:
  deck: "map(deck, it.code if it else null)"
"""


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> tabletop.Game:
    return load_ruleset(tmp_path_factory.mktemp("reveal"), RULES)


def _new(game: tabletop.Game) -> tabletop.State:
    return game.new_game(players=3, seed=1, deck=["key", "map", "gem"])


def test_a_card_shown_to_its_seat_is_known_to_it_alone(game: tabletop.Game) -> None:
    st = _new(game)
    events = st.play("peek")
    assert [(e.kind, e.seat, e.text, e.private_to) for e in events] == [
        ("reveal", 0, {"en": "saw Key", "fr": "a vu Clé"}, (0,))]
    assert st.view(0)["deck"] == ["key", None, None]
    assert st.view(1)["deck"] == [None, None, None]


def test_cards_shown_to_several_seats_are_said_by_nobody(game: tabletop.Game) -> None:
    st = _new(game)
    events = st.play("show")
    assert [(e.seat, e.text, e.private_to) for e in events] == [
        (None, {"en": "saw Key, Map", "fr": "a vu Clé, Carte"}, (1, 2))]
    assert st.view(2)["deck"] == ["key", "map", None]
    assert st.view(0)["deck"] == [None, None, None]


def test_a_reveal_with_its_own_line_says_that_line(game: tabletop.Game) -> None:
    st = _new(game)
    events = st.play("spy")
    assert [(e.text, e.data, e.private_to) for e in events] == [
        ({"en": "spied the bottom card", "fr": "a espionné la carte du dessous"},
         {"cards": ["gem"]}, (0,))]
    assert st.view(0)["deck"] == [None, None, "gem"]
