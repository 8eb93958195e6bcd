"""The perfect-information solver, faster a position: Scoundrel's cards ahead kept apart by
dungeon and by room (the same bound and order as the formulas over every card ahead), and the
solver's derived values looked up all at once by the contents of the zones they read."""

from __future__ import annotations

import itertools
import random

import pytest
from helpers import load_ruleset

from tabletop import registry
from tabletop.context import Ctx
from tabletop.expr import Work
from tabletop.solve import NOWIN, PerfectSolver, SolverWords

SCOUNDREL = registry.load("scoundrel")
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
