"""The perfect-information solver, fast: the ruleset word ``solver.order``, the derived values
the solver keeps by the zones they read, and the restarts of ``decide``. None changes a
verdict: each is checked against a plain search, and every win found is replayed."""

from __future__ import annotations

import random

import pytest
from helpers import load_ruleset
from test_solve_fast2 import _positions

from tabletop import registry
from tabletop.errors import RulesetError
from tabletop.solve import NOWIN, PerfectSolver, SolveError, SolverWords, state_key

SCOUNDREL = registry.load("scoundrel")

CLIMB = """
id: climb
name: Climb
players: {min: 1, max: 1}
cards:
  - {suits: [S], ranks: [2, 3, 4, 5, 6], type: step}
zones:
  deck: {visibility: hidden, deck: true}
  done: {visibility: public}
vars:
  energy: {initial: 6}
derived:
  cost_ahead: "sum(deck, it.value - 3)"
  spare: "energy - cost_ahead"
setup: []
moves:
  - id: climb
    notation: "climb {card}"
    args: {card: {from: "top(deck, 2)"}}
    effects:
      - add: {energy: "-card.value + 3"}
      - move: {what: card, to: done}
end:
  - if: "energy < 0"
    outcome: fell
  - if: "size(deck) == 0"
    outcome: top
outcomes:
  top: {winners: "[0]", score: energy, reason: "at the top"}
  fell: {winners: "[]", score: "-1", reason: "fell"}
view:
  energy: energy
solver:
  win_bound: "spare if spare >= 0 else null"
  order: ORDER
"""


def _climb(tmp_path, order: str):
    return load_ruleset(tmp_path, CLIMB.replace("ORDER", order), name=f"climb{len(order)}.yaml")


def _replays(game, deck, line, options=None) -> bool:
    st = game.new_game(deck=deck, options=options or {})
    for m in line:
        st.play(m)
    return st.outcome is not None and 0 in st.outcome.winners


def test_order_decides_which_win_is_tried_first(tmp_path) -> None:
    # every move keeps the same bound (the cost of the steps is the same in any order), so the
    # order alone chooses: the step that keeps the most energy first, or the least
    deck = ["5S", "2S", "6S", "3S", "4S"]
    low = _climb(tmp_path, '"-energy"')
    high = _climb(tmp_path, "energy")
    assert high.spec.solver["order"] is not None
    for game, first in ((high, "climb 2S"), (low, "climb 5S")):
        st = game.new_game(deck=deck)
        won, line = PerfectSolver(st).decide(st)
        assert won and line[0] == first
        assert _replays(game, deck, line)
        assert PerfectSolver(st).best(st)[0] == 1  # 6 - (2 + 1 + 3 + 0 - 1) = 1 either way


def test_a_bad_order_is_one_sentence(tmp_path) -> None:
    with pytest.raises(RulesetError, match="solver.order"):
        _climb(tmp_path, "'energy +'")
    game = _climb(tmp_path, '"\'high\'"')  # a text, not a number: said when the solver reads it
    st = game.new_game(deck=["2S", "3S"])
    with pytest.raises(SolveError, match="solver.order gave 'high', not a number"):
        PerfectSolver(st).decide(st)


def test_derived_values_are_kept_by_the_zones_they_read(tmp_path) -> None:
    game = _climb(tmp_path, "energy")
    st = game.new_game(deck=["2S", "3S", "4S", "5S", "6S"])
    words = SolverWords(st)
    # cost_ahead reads the deck only; spare reads a var: computed again each time
    assert [(n, own) for n, own, _deps in words.by_zones] == [("cost_ahead", ("deck",))]
    assert words.judge(st) == (1, 6)
    assert [v for v, _key in words.cache.values()] == [5]
    st.play("climb 2S")  # the deck changed: its cost is computed for the new cards
    assert words.judge(st) == (1, 7)
    assert sorted(v for v, _key in words.cache.values()) == [5, 6]


def test_scoundrel_bound_and_order_are_the_same_kept_or_computed() -> None:
    """One SolverWords for a whole search (its cache full) reads every position as a fresh one."""
    kept = None
    for options in ({"binding": "strict"}, {"binding": "inclusive", "difficulty": "hard"}):
        for seed in range(6):
            positions = _positions(SCOUNDREL, options, seed, count=60)
            kept = SolverWords(positions[0])
            for pos in positions:
                assert kept.judge(pos) == SolverWords(pos).judge(pos)
    assert kept is not None and len(kept.cache) > 10
    # the costly parts of the bound are kept (Scoundrel: the cards ahead, by kind)
    names = {n for n, _own, _deps in kept.by_zones}
    assert {"dungeon_monsters", "room_monsters", "least_damage", "dungeon_damage",
            "next_kill"} <= names
    assert "health_bound" not in names  # it reads hp


def _exhaustive(st, memo) -> float:
    if st.is_over:
        return st.outcome.scores[0] if 0 in st.outcome.winners else NOWIN
    key = (tuple((k, tuple(v)) for k, v in st.zones.items()),
           tuple((k, getattr(v, "uid", v)) for k, v in st.vars.items()), len(st.history))
    if key not in memo:
        best = NOWIN
        for m in st.legal_moves():
            c = st.copy()
            c.quiet = True
            c.play(m)
            best = max(best, _exhaustive(c, memo))
        memo[key] = best
    return memo[key]


@pytest.mark.parametrize("options", [{"binding": "strict", "difficulty": "classic"},
                                     {"binding": "inclusive", "difficulty": "hard"}],
                         ids=["strict-classic", "inclusive-hard"])
def test_restarts_keep_every_verdict(options) -> None:
    # a restart after every position: each descent stops at once, and the memo of lost
    # positions carries the search; the verdicts are those of a search of every line
    codes = [c.code for c in SCOUNDREL.spec.cards]
    rng = random.Random(f"restarts {options}")
    decks = [rng.sample(codes, 7) for _ in range(5)]
    decks += [["9D", "KS", "KC", "QS", "QC", "3H"], ["10D", "JS", "JC", "2H"]]
    verdicts = set()
    for deck in decks:
        st = SCOUNDREL.new_game(deck=deck, options=options)
        truth = _exhaustive(st, {})
        solver = PerfectSolver(st)
        solver.RESTART = 1
        won, line = solver.decide(st)
        assert won is (truth > NOWIN), deck
        assert not won or _replays(SCOUNDREL, deck, line, options)
        assert solver.best(st)[0] == truth, deck
        verdicts.add(won)
    assert verdicts == {True, False}  # both kinds of dungeon were met


def test_a_stronger_weapon_stands_for_a_weaker_one() -> None:
    # held is a monotone value: two positions with the same cards ahead that differ only in the
    # weapon held (an 8 or a 5, fresh) share a key, the 8 above the 5
    a = SCOUNDREL.new_game(deck=["8D", "5D", "2H", "3S", "KS", "QC", "4H"])
    b = a.copy()
    a.play("equip 5D")
    a.play("equip 8D")
    b.play("equip 8D")
    b.play("equip 5D")
    solver = PerfectSolver(a)
    assert solver._key(a) == solver._key(b)
    assert state_key(a) != state_key(b)
    assert solver._vec(a)[:3] == (20, 8, 15) and solver._vec(b)[:3] == (20, 5, 15)


@pytest.mark.parametrize("seed", [1, 2])
def test_classic_deals_are_decided_within_a_thousand_positions(seed) -> None:
    # deals that took thousands of positions before the order and the restarts (seed 1:
    # 19,093; seed 2: 9,672); now a few hundred
    st = SCOUNDREL.new_game(seed=seed)
    solver = PerfectSolver(st, nodes=1000)
    won, line = solver.decide(st)
    assert won
    replay = SCOUNDREL.new_game(seed=seed)
    for m in line:
        replay.play(m)
    assert replay.outcome is not None and replay.outcome.winners == (0,)
