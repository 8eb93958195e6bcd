"""Any mutation of a save of any game (issue 33): restore() gives one SaveFileError sentence or
the very game that was saved, never another exception and never another position. The
mutations: a value anywhere replaced by another JSON value, a key or an item dropped, a key
renamed or added, an item repeated, one character of the text changed. Bounded examples here;
`pytest -m soak tests/test_saves_mutations.py` runs many more."""

from __future__ import annotations

import functools
import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tabletop
from tabletop import SaveFileError

GAMES = tabletop.games()

_scalars = st.one_of(
    st.none(), st.booleans(), st.integers(min_value=-(2**70), max_value=2**70),
    st.sampled_from([0, 1, -1, 2, 3, 10**20, 2**63, 2**32]),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=8),
    st.sampled_from(["", "on", "off", "P1", "$card", "flip", "hand/0", "tabletop-save"]))
_values = st.recursive(_scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=5), inner, max_size=3)),
    max_leaves=6)


@functools.cache
def _save(game_id: str) -> str:
    """A save of ``game_id`` some moves in (seeded play)."""
    game = tabletop.load(game_id)
    players = max(2, game.spec.min_players) if game.spec.max_players > 1 else 1
    state = game.new_game(players=players, seed=11)
    chooser = random.Random(5)
    for _ in range(12):
        if state.is_over:
            break
        state.play(chooser.choice(state.legal_moves()))
    return state.to_json()


def _position(text: str) -> dict[str, Any]:
    """A save's game without what may be edited harmlessly: the table's own notes (meta) and
    the players' names, when nothing in the game shows them."""
    data = json.loads(text)
    for k in ("meta", "names", "version"):
        data.pop(k, None)
    return dict(data)


def _paths(v: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [at]
    if isinstance(v, dict):
        for k, x in v.items():
            out += _paths(x, (*at, k))
    elif isinstance(v, list):
        for i, x in enumerate(v):
            out += _paths(x, (*at, i))
    return out


def _parent(data: Any, path: tuple[Any, ...]) -> Any:
    for k in path[:-1]:
        data = data[k]
    return data


@st.composite
def _mutated(draw: st.DrawFn, game_id: str) -> str:
    text = _save(game_id)
    kind = draw(st.sampled_from(["replace", "drop", "rename", "add", "repeat", "char"]))
    if kind == "char":
        i = draw(st.integers(0, len(text) - 1))
        ch = draw(st.sampled_from(list('{}[]",:0123456789-.etrufalsn ') + ["é", "\x00"]))
        return text[:i] + ch + text[i + 1:]
    data = json.loads(text)
    paths = [p for p in _paths(data) if p]
    path = draw(st.sampled_from(paths))
    parent, key = _parent(data, path), path[-1]
    if kind == "replace":
        parent[key] = draw(_values)
    elif kind == "drop":
        del parent[key]
    elif kind == "repeat" and isinstance(parent, list):
        parent.insert(key, parent[key])
    elif kind == "rename" and isinstance(parent, dict):
        name = str(key)
        j = draw(st.integers(0, max(0, len(name) - 1)))
        new = name[:j] + chr((ord(name[j]) ^ 1) if name else 97) + name[j + 1:]
        parent[new] = parent.pop(key)
    else:  # add: a key beside, or an item
        if isinstance(parent, dict):
            parent[draw(st.text(min_size=1, max_size=6))] = draw(_values)
        else:
            parent.insert(key, draw(_values))
    return json.dumps(data, ensure_ascii=draw(st.booleans()))


def _check(game_id: str, text: str) -> None:
    try:
        back = tabletop.restore(text)
    except SaveFileError as e:
        assert e.texts.get("en") and e.texts.get("fr")
        return
    # believed: the same game as saved, and it plays on
    assert _position(back.to_json()) == _position(_save(game_id))
    if not back.is_over:
        back.play(back.legal_moves()[0])


@pytest.mark.parametrize("game_id", GAMES)
def test_a_save_loads_as_it_was(game_id: str) -> None:
    back = tabletop.restore(_save(game_id))
    assert back.to_json() == _save(game_id)


@pytest.mark.parametrize("game_id", GAMES)
@settings(max_examples=25, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_any_mutation_is_a_sentence_or_the_same_game(game_id: str, data: st.DataObject) -> None:
    _check(game_id, data.draw(_mutated(game_id)))


@pytest.mark.soak
@pytest.mark.parametrize("game_id", GAMES)
@settings(max_examples=1000, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_soak_any_mutation_is_a_sentence_or_the_same_game(game_id: str,
                                                          data: st.DataObject) -> None:
    _check(game_id, data.draw(_mutated(game_id)))
