"""The ``reveal`` step: cards shown to some seats, who know them from then on (their views
show them); the log says "saw ..." to those seats alone, or the step's own line, or with
``silent: true`` nothing at all."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import load_ruleset

import tabletop
from tabletop import RulesetError
from tabletop.ui.render import render_log

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
  - id: glance
    notation: {en: glance, fr: entrevoir}
    effects:
      - reveal: {what: "top(deck, 2)", to: "others()", silent: true}
  - id: look
    notation: {en: look, fr: voir}
    effects:
      - reveal: {what: "first(deck)", to: me, silent: false}
      - reveal: {what: "last(deck)", to: me, silent: true}
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


def _log_text(st: tabletop.State, seat: int, lang: str) -> str:
    shown = render_log(st.log, seat, lang, st, limit=20)
    return "" if shown is None else str(shown.renderable)  # type: ignore[attr-defined]


def test_a_silent_reveal_shows_the_cards_and_writes_no_line(game: tabletop.Game) -> None:
    st = _new(game)
    assert st.play("glance") == []  # no event at all, not one without a line
    assert st.log == []
    assert st.view(1)["deck"] == ["key", "map", None]
    assert st.view(2)["deck"] == ["key", "map", None]
    assert st.view(0)["deck"] == [None, None, None]
    for seat in range(3):
        for lang in ("en", "fr"):
            assert _log_text(st, seat, lang) == ""


def test_without_silent_the_line_is_there(game: tabletop.Game) -> None:
    st = _new(game)
    events = st.play("look")  # silent: false says "saw Key"; the silent one says nothing
    assert [(e.kind, e.text, e.private_to) for e in events] == [
        ("reveal", {"en": "saw Key", "fr": "a vu Clé"}, (0,))]
    assert st.view(0)["deck"] == ["key", None, "gem"]
    assert "saw Key" in _log_text(st, 0, "en") and "Gem" not in _log_text(st, 0, "en")
    assert "a vu Clé" in _log_text(st, 0, "fr")
    st = _new(game)
    st.play("glance")
    st.play("show")  # the same cards to the same seats, not silent: the line is there
    assert [e.text_in("en") for e in st.log] == ["saw Key, Map"]
    assert "saw Key, Map" in _log_text(st, 1, "en")


def test_what_a_silent_reveal_showed_is_kept_in_a_save(game: tabletop.Game) -> None:
    st = _new(game)
    st.play("glance")
    again = tabletop.restore(st.to_json())
    assert again.view(1)["deck"] == ["key", "map", None]
    assert again.log == []


@pytest.mark.parametrize(("step", "field", "reason"), [
    ('{what: "first(deck)", silent: true, log: "peeked"}', "moves.0.effects.0.reveal.log",
     "a silent reveal writes no line: give it silent or log, not both"),
    ('{what: "first(deck)", silent: "yes"}', "moves.0.effects.0.reveal.silent",
     "expected true or false, got text 'yes'"),
])
def test_a_silent_reveal_is_checked_at_load(tmp_path: Path, step: str, field: str,
                                            reason: str) -> None:
    text = RULES.replace('{what: "first(deck)", to: me}', step, 1)
    with pytest.raises(RulesetError) as caught:
        load_ruleset(tmp_path, text)
    assert caught.value.field == field
    assert caught.value.reason == reason
