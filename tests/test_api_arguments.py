"""The API's arguments (issue 33, point 10): a wrongly typed argument raises our own error
naming it (not a raw TypeError or AttributeError), a seat that is not one is not blamed on
"the ruleset", and seeds are checked as `--seed` checks them, so that a game's own save is
never refused."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tabletop
from tabletop import ArgumentError, TabletopError


def _state() -> tabletop.State:
    return tabletop.load("push-to-five").new_game(players=2, seed=1)


@pytest.mark.parametrize("seed", [-5, 1.5, "abc", True, 2**63, "7"])
def test_a_seed_is_a_whole_number_from_zero_as_the_command_checks(seed: Any) -> None:
    """seed=-5, 1.5, "abc" and True were taken, and the game's own save then refused."""
    with pytest.raises(ArgumentError, match=r"new_game\(\): seed .* is not a whole number "
                                            r"from 0 to 9223372036854775807") as e:
        tabletop.load("scoundrel").new_game(seed=seed)
    assert "la graine" in e.value.in_lang("fr")


def test_every_seed_taken_gives_a_save_that_loads() -> None:
    for seed in (0, 1, 2**63 - 1):
        st = tabletop.load("scoundrel").new_game(seed=seed)
        assert tabletop.restore(st.to_json()).to_json() == st.to_json()


@pytest.mark.parametrize("seat", [-1, 2, 99])
def test_view_of_a_seat_that_is_not_one_names_the_seat_not_the_ruleset(seat: int) -> None:
    with pytest.raises(ArgumentError, match=rf"view\(\): seat {seat} is not a seat of this "
                                            r"game \(seats 0 to 1, or None") as e:
        _state().view(seat)
    assert "ruleset" not in str(e.value) and not isinstance(e.value, tabletop.RulesetError)


@pytest.mark.parametrize(("call", "name"), [
    (lambda s: s.view("0"), "seat"),
    (lambda s: s.view(1.0), "seat"),
    (lambda s: s.play(3), "move"),
    (lambda s: s.play(None), "move"),
    (lambda s: s.play("flip", seat=0.5), "seat"),
    (lambda s: s.play("flip", seat="P1"), "seat"),
    (lambda s: s.parse_move(None), "text"),
    (lambda s: s.move_text("flip", "en"), "move"),
    (lambda s: s.move_text(s.legal_moves()[0], ["en"]), "lang"),
    (lambda s: s.move_hint(None, "en"), "move"),
    (lambda s: s.prompt(["fr"]), "lang"),
    (lambda s: s.seat_name(1.5), "seat"),
    (lambda s: s.determinize(-1, random.Random(1)), "seat"),
    (lambda s: s.determinize(0, None), "rng"),
    (lambda s: s.lazy_view(None), "seat"),
    (lambda s: s.game.new_game(players=2, options=["cards=effects"]), "options"),
    (lambda s: s.game.new_game(players=2, names="Ana,Ben"), "names"),
    (lambda s: s.game.new_game(players=2, names=["Ana", 7]), "names"),
    (lambda s: s.game.new_game(players=2, first="1"), "first"),
    (lambda s: s.game.check_options(5), "options"),
    (lambda s: s.game.card_code(None), "raw"),
])
def test_a_wrongly_typed_argument_is_named(call: Any, name: str) -> None:
    """They raised TypeError ("list indices must be integers") or AttributeError."""
    with pytest.raises(ArgumentError, match=rf"\(\): {name} ") as e:
        call(_state())
    assert e.value.in_lang("fr") != str(e.value)


def test_a_wrong_seat_to_play_is_still_a_wrong_seat() -> None:
    st = _state()
    other = 1 - st.current_player
    with pytest.raises(tabletop.WrongSeatError):
        st.play("flip", seat=other)
    with pytest.raises(ArgumentError, match="seat 7 is not a seat"):
        st.play("flip", seat=7)


@pytest.mark.parametrize("entry", [{"": True}, {"en": True}, {"en": "x", "fr": 3}, {"fr": None}])
def test_a_deck_entry_shaped_like_a_text_table_is_refused_in_one_sentence(entry: Any) -> None:
    """A dict keyed by languages but holding no text was said as a text, and raised TypeError."""
    with pytest.raises(tabletop.DeckError, match="deck entries are card codes") as e:
        _state().game.new_game(players=2, deck=[entry])
    assert e.value.in_lang("fr") != str(e.value)


_anything = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=6),
              st.binary(max_size=4)),
    lambda inner: st.one_of(st.lists(inner, max_size=3),
                            st.dictionaries(st.text(max_size=4), inner, max_size=3)),
    max_leaves=5)

_CALLS = [
    lambda s, x: s.view(x), lambda s, x: s.play(x), lambda s, x: s.play("flip", seat=x),
    lambda s, x: s.parse_move(x), lambda s, x: s.move_text(x, "en"),
    lambda s, x: s.move_text(s.legal_moves()[0], x), lambda s, x: s.prompt(x),
    lambda s, x: s.seat_name(x), lambda s, x: s.determinize(x, random.Random(1)),
    lambda s, x: s.lazy_view(x), lambda s, x: s.game.new_game(players=x),
    lambda s, x: s.game.new_game(players=2, seed=x),
    lambda s, x: s.game.new_game(players=2, options=x),
    lambda s, x: s.game.new_game(players=2, names=x),
    lambda s, x: s.game.new_game(players=2, deck=x),
    lambda s, x: s.game.new_game(players=2, first=x), lambda s, x: tabletop.restore(x),
    lambda s, x: tabletop.load(x), lambda s, x: s.game.check_options(x),
]


@settings(max_examples=300, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(call=st.sampled_from(range(len(_CALLS))), value=_anything)
def test_any_argument_is_taken_or_refused_in_one_sentence(call: int, value: Any) -> None:
    try:
        _CALLS[call](_state(), value)
    except TabletopError as e:
        assert e.texts.get("en") or str(e)
