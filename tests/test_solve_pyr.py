"""The exact fair solver's search (ChanceSolver: every move's outcomes looked up before any is
searched, the moves that cannot beat the best never searched) on Pyramide Escape, through the
public API: its values against a plain expectimax, its best moves as lookups once solved, and
its keys."""

from __future__ import annotations

import random

import pytest
from helpers import load_ruleset
from test_solve import PYRAMIDE
from test_solve_exact import CROSSING

from tabletop.analysis.solve import ChanceSolver, chance_key, outcomes, state_key


def _plain(st, memo):
    """Expectimax with no cut at all: every move, every outcome, each position once."""
    if st.is_over:
        return 1.0 if 0 in st.outcome.winners else 0.0
    key = (state_key(st, 0), len(st.history))
    if key not in memo:
        memo[key] = max(sum(p * _plain(w, memo) for p, w in outcomes(st, m))
                        for m in st.legal_moves())
    return memo[key]


_CASES = [
    (["thirst", "corridor", "sand", "spikes", "guardian", "offering"],
     ["torch", "rope", "map"], {}),
    (["darkness", "spikes", "judgement", "scarabs", "thirst", "corridor"],
     ["amulet", "map"], {"darkness": "strict", "idle_items": "forbidden"}),
    (["sand", "guardian", "corridor", "bridge", "offering", "thirst"], ["rope", "waterskin"],
     {"sand_discard": "always", "rope": "counts", "defeat": "end_of_room"}),
    (["corridor", "scarabs", "thirst", "sand", "judgement", "bridge"], ["rope", "map"], {}),
]


@pytest.mark.parametrize(("rooms", "items", "options"), _CASES)
def test_every_move_has_the_chance_a_plain_expectimax_gives(rooms, items, options) -> None:
    """Six rooms and a few items, after one room: the chance of every move as the search
    finds it (moves skipped or abandoned once beaten, outcomes looked up first) is the chance
    a plain expectimax gives, and the best move reaches the position's value."""
    st = PYRAMIDE.new_game(deck=[*rooms, *items], options=options)
    st.play("no item")
    solver = ChanceSolver(st)
    value = solver.value(st)
    memo: dict = {}
    plain = {m.text: sum(p * _plain(w, memo) for p, w in outcomes(st, m))
             for m in st.legal_moves()}
    assert 0.0 < value < 1.0
    assert value == pytest.approx(max(plain.values()))
    best, move = solver.best(st)
    assert best == pytest.approx(value)
    assert plain[move.text] == pytest.approx(value)
    for p, m in solver.rank(st):
        assert p == pytest.approx(plain[m.text])


def test_a_solved_game_is_played_by_lookups() -> None:
    """Once a position is solved, the best move at every position best play then meets (any
    room drawn, any coin) is found without searching a position again: what bot:expert
    relies on to play 10,000 games from the solved table."""
    rooms = ["thirst", "corridor", "sand", "spikes", "guardian", "offering"]
    st = PYRAMIDE.new_game(deck=[*rooms, "amulet", "waterskin", "map"])
    solver = ChanceSolver(st)
    solver.value(st)
    searched = solver.nodes
    rng = random.Random(3)
    met = 0
    for _ in range(30):
        pos = st
        while not pos.is_over:
            v, move = solver.best(pos)
            assert v == pytest.approx(solver.value(pos))
            worlds = outcomes(pos, move)
            pos = rng.choices([w for _p, w in worlds], [p for p, _w in worlds])[0]
            met += 1
    assert met > 60
    assert solver.nodes == searched


def test_keys_of_two_games_kept_apart_and_equal_for_equal_views(tmp_path) -> None:
    """chance_key keeps what it learns of each ruleset apart (two games keyed in turns), and
    two positions get the same key exactly when they look the same to the seat."""
    crossing = load_ruleset(tmp_path, CROSSING.replace("MAX", "40").replace("CAP", "9"))
    rng = random.Random(5)
    seen: dict = {}
    for n in range(40):
        game = PYRAMIDE if n % 2 else crossing
        st = game.new_game(seed=n)
        while not st.is_over:
            k = chance_key(st, 0)
            assert seen.setdefault(k, (game.spec.id, state_key(st, 0))) == \
                (game.spec.id, state_key(st, 0))
            st.play(rng.choice(st.legal_moves()))
    assert len(seen) > 100
