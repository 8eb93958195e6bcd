"""The perfect-information solver's aids: the ruleset word ``solver.order``, the derived values
the solver keeps by the zones they read (Scoundrel's cards ahead kept apart by dungeon and by
room, with the same bound and order as the formulas over every card ahead, and looked up all
at once by the contents of the zones they read), and the restarts of ``decide``. None changes
a verdict: each is checked against a plain search, and every win found is replayed."""

from __future__ import annotations

import itertools
import random

import pytest
from helpers import load_ruleset

from tabletop import registry
from tabletop.analysis.solve import NOWIN, PerfectSolver, SolveError, SolverWords, state_key
from tabletop.engine.context import Ctx
from tabletop.errors import RulesetError
from tabletop.lang.expr import Work

SCOUNDREL = registry.load("scoundrel")

CLIMB = """
id: climb
name: Climb
players: {min: 1, max: 1}
cards:
  - {suits: [S], ranks: [2, 3, 4, 5, 6], type: step}
zones:
  deck: {visibility: public, deck: true}  # (its top cards are climbed by name)
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


OPTIONS = [{"binding": b, "difficulty": d}
           for b, d in itertools.product(("strict", "inclusive"), ("easy", "classic", "hard"))]

# The bound's and the order's parts as one pass over every card ahead (the dungeon and the room
# together), as the ruleset said them before they were split: the split ones must equal them.
WHOLE = {
    "whole_ahead": "dungeon + room",
    "whole_monsters": 'filter(whole_ahead, it.type == "monster")',
    "whole_potions": 'map(filter(whole_ahead, it.type == "potion"), it.value)',
    "whole_spades": 'map(filter(whole_monsters, it.suit == "S"), it.value)',
    "whole_weapons": 'map(filter(whole_ahead, it.type == "weapon"), it.value)',
    "whole_weapon1": "default(max(whole_weapons), 0)",
    "whole_weapon2": "default(max(filter(whole_weapons, it < whole_weapon1)), 0)",
    "whole_near1": "max(held, whole_weapon1)",
    "whole_near2": "max(min(held, whole_weapon1), whole_weapon2)",
    "whole_big": "filter(whole_monsters, it.value > whole_weapon2)",
    "whole_paired": 'filter(whole_big, it.suit == "C" and it.value in whole_spades)',
    "whole_least_damage": (
        "sum(whole_big, max(0, it.value - (whole_near1 if it.value <= fight_limit "
        "else whole_weapon1))) + (sum(whole_paired, max(0, it.value - (whole_near2 if "
        "it.value <= fight_limit else whole_weapon2)) - max(0, it.value - (whole_near1 if "
        'it.value <= fight_limit else whole_weapon1))) if option.binding == "strict" else 0)'),
    "whole_potion_total": "sum(whole_potions)",
    "whole_best_potion": "default(max(whole_potions), 0)",
    "whole_monster_total": "sum(whole_monsters, it.value)",
    "whole_weapon_total": "sum(whole_weapons)",
    "whole_next_kill": ("default(max(map(filter(whole_monsters, last_kill == null or "
                        "it.value < last_kill), it.value)), 0)"),
}
SPLIT = {n: "whole_" + n for n in ("weapon1", "weapon2", "near1", "near2", "least_damage",
                                   "potion_total", "best_potion", "monster_total",
                                   "weapon_total", "next_kill")}


@pytest.fixture(scope="module")
def both(tmp_path_factory):
    """Scoundrel with the whole formulas beside the split ones."""
    text = registry.ruleset_path("scoundrel").read_text(encoding="utf-8")
    extra = "".join(f"  {n}: {v!r}\n".replace("\\'", "''") for n, v in WHOLE.items())
    text = text.replace("\nderived:\n", "\nderived:\n" + extra, 1)
    return load_ruleset(tmp_path_factory.mktemp("whole"), text, name="scoundrel-whole.yaml")


def _positions(game, options, seed, count=80):
    """Positions of random lines from a deal (each a copy), and what each position leads to."""
    st = game.new_game(seed=seed, options=options)
    rng = random.Random(seed)
    positions = [st]
    while len(positions) < count:
        pos = rng.choice(positions)
        if pos.is_over:
            continue
        c = pos.copy()
        c.play(rng.choice(c.legal_moves()))
        positions.append(c)
    return positions


def _same(pos) -> None:
    Work.reset()  # (a budget of work of its own, as a move has)
    ctx = Ctx(pos, {"me": 0})
    for split, whole in SPLIT.items():
        assert ctx.lookup(split) == ctx.lookup(whole), (split, pos.history)


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: f"{o['binding']}-{o['difficulty']}")
def test_the_split_values_equal_the_whole_ones(both, options) -> None:
    for seed in range(8):
        for pos in _positions(both, options, seed):
            _same(pos)


def test_the_split_values_equal_the_whole_ones_along_winning_lines(both) -> None:
    """Deep in the dungeon too: every position of a winning line, and every move from it."""
    for options in ({"binding": "strict"}, {"binding": "inclusive"}):
        st = both.new_game(seed=0, options=options)
        won, line = PerfectSolver(st, nodes=20_000).decide(st)
        assert won
        for text in line:
            for m in st.legal_moves():
                c = st.copy()
                c.play(m)
                if not c.is_over:
                    _same(c)
            st.play(text)


def test_pairs_split_between_the_dungeon_and_the_room(both) -> None:
    """Under strict binding one weapon kills one monster of a value: a pair of monsters of a
    value costs the second weapon's difference, whether both are in the room, both in the
    dungeon, or one in each."""
    for deck in (["JS", "JC", "2H", "3H", "9D", "7D", "5H"],   # both in the room
                 ["2H", "3H", "9D", "5H", "JS", "JC", "7D"],   # both in the dungeon
                 ["JS", "2H", "3H", "9D", "JC", "7D", "5H"],   # the spade in the room
                 ["JC", "2H", "3H", "9D", "JS", "7D", "5H"]):  # the club in the room
        st = both.new_game(deck=deck, options={"binding": "strict"})
        _same(st)
        Work.reset()
        ctx = Ctx(st, {"me": 0})
        # the jacks: 11 - 9 and 11 - 7 (the 9 cannot kill both)
        assert ctx.lookup("least_damage") == 2 + 4, deck
    st = both.new_game(deck=["JS", "2H", "3H", "9D", "JC", "7D", "5H"],
                       options={"binding": "inclusive"})
    assert Ctx(st, {"me": 0}).lookup("least_damage") == 2 + 2  # inclusive: the 9 kills both


def test_the_values_of_a_position_are_kept_whole() -> None:
    """A position whose zones were met before is judged from the values kept whole (the same
    bound and order as judged afresh); one whose room changed reuses what its dungeon gave."""
    st = SCOUNDREL.new_game(seed=3, options={"binding": "strict"})
    words = SolverWords(st)
    first = words.judge(st)
    assert len(words.whole) == 1
    kept = dict(words.cache)
    assert words.judge(st.copy()) == first == SolverWords(st).judge(st)
    assert len(words.whole) == 1 and words.cache == kept  # nothing computed again
    c = st.copy()
    c.play(next(m for m in c.legal_moves() if m.move_id != "avoid"))
    assert words.judge(c) == SolverWords(c).judge(c)
    assert len(words.whole) == 2
    # what the dungeon alone gives was not computed again: only the room's cards changed
    assert c.zones["dungeon"] == st.zones["dungeon"]
    dungeon_keys = [k for k in words.cache if k[0] == "dungeon_monsters"]
    assert len(dungeon_keys) == 1


def test_a_long_search_keeps_its_memory_bounded(monkeypatch) -> None:
    """The kept values are dropped, not grown without end, past their limit; the verdict is
    the same."""
    st = SCOUNDREL.new_game(seed=0)
    solver = PerfectSolver(st, nodes=20_000)
    words = solver.words
    calls = 0
    fill = words._fill

    def small(st, ctx, memo):
        nonlocal calls
        calls += 1
        if calls % 50 == 0:  # as if the limit were reached every 50 positions
            words.cache.clear()
            words.ids.clear()
            words.whole.clear()
        fill(st, ctx, memo)

    monkeypatch.setattr(words, "_fill", small)
    won, line = solver.decide(st)
    assert won and calls > 50
    replay = SCOUNDREL.new_game(seed=0)
    for m in line:
        replay.play(m)
    assert replay.outcome is not None and replay.outcome.winners == (0,)


def test_a_room_that_cannot_be_avoided_meets_the_weapons_at_hand() -> None:
    """Four monsters in a room that cannot be avoided, the only weapon still in the dungeon:
    three of them are fought bare before the weapon comes (36 damage at least), so the bound
    rules the dungeon out at once, where charging them with the weapon to come did not. Where
    the room can be avoided, it does not; the verdicts agree with a search of every line."""
    from test_solve_deals import _check

    deck = ["AS", "KS", "QS", "JS", "10D", "2H"]
    hard = SCOUNDREL.new_game(deck=deck, options={"difficulty": "hard"})
    Work.reset()
    ctx = Ctx(hard, {"me": 0})
    assert ctx.lookup("least_damage") == 4 + 3 + 2 + 1  # each with the 10 to come
    assert ctx.lookup("room_extra") == 3 * 10  # all but one bare: 10 more each
    assert SolverWords(hard).win_bound(hard) == NOWIN
    assert _check(deck, {"difficulty": "hard"}) == NOWIN
    classic = SCOUNDREL.new_game(deck=deck, options={"difficulty": "classic"})
    assert SolverWords(classic).win_bound(classic) > NOWIN  # the room may be avoided
    assert _check(deck, {"difficulty": "classic"}) > NOWIN
