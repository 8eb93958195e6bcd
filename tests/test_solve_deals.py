"""The perfect-information solver on Scoundrel deals: its verdicts are proofs.

Scoundrel's ``solver:`` words (win_bound, monotone values, ignore, scratch) are checked against
a search that uses none of them: on small dungeons, the bound is never below the best score
really reachable, at every position, and the solver's verdicts and best scores are exact.
"""

from __future__ import annotations

import itertools
import json
import random

import pytest
from helpers import load_ruleset

from tabletop import registry
from tabletop.analysis.solve import NOWIN, PerfectSolver, SolverWords, state_key
from tabletop.cli import main
from tabletop.errors import RulesetError

SCOUNDREL = registry.load("scoundrel")
OPTIONS = [{"binding": b, "difficulty": d}
           for b, d in itertools.product(("strict", "inclusive"), ("easy", "classic", "hard"))]


def _raw_key(st):
    """Everything of a position, without the ruleset's solver words."""
    zones = tuple((k, tuple(v)) for k, v in st.zones.items())
    vars_ = tuple((k, getattr(v, "uid", v)) for k, v in st.vars.items())
    return zones, vars_, len(st.history)


def _exhaustive(st, memo, seen):
    """The best winning score from ``st`` by trying every line (NOWIN: no win); every
    position met is kept in ``seen`` with its value."""
    if st.is_over:
        return st.outcome.scores[0] if 0 in st.outcome.winners else NOWIN
    key = _raw_key(st)
    if key not in memo:
        best = NOWIN
        for m in st.legal_moves():
            c = st.copy()
            c.quiet = True
            c.play(m)
            best = max(best, _exhaustive(c, memo, seen))
        memo[key] = best
        seen.append((st, best))
    return memo[key]


def _check(deck, options):
    st = SCOUNDREL.new_game(deck=deck, options=options)
    seen: list = []
    truth = _exhaustive(st, {}, seen)
    words = SolverWords(st)
    for pos, value in seen:  # the bound is an upper bound everywhere
        assert words.win_bound(pos) >= value, (deck, options, pos.history)
    solver = PerfectSolver(st)
    won, line = solver.decide(st)
    assert won is (truth > NOWIN), (deck, options)
    best, best_line = solver.best(st)
    assert best == truth, (deck, options)
    for text in (line, best_line) if won else ():
        replay = SCOUNDREL.new_game(deck=deck, options=options)
        for m in text:
            replay.play(m)
        assert replay.outcome is not None and replay.outcome.winners == (0,)
    return truth


@pytest.mark.parametrize(("binding", "best"), [("strict", 10), ("inclusive", 22)])
def test_one_weapon_kills_one_monster_of_each_value_under_strict_binding(binding, best) -> None:
    # strict: the 10 kills one jack (1 damage), the other is fought bare (11), the 2 heals:
    # 10 left. Inclusive: the 10 kills both jacks, then the potion at 20 health scores +2.
    deck = ["10D", "JS", "JC", "2H"]
    st = SCOUNDREL.new_game(deck=deck, options={"binding": binding})
    assert _check(deck, {"binding": binding, "difficulty": "classic"}) == best
    # the bound sees the pair under strict binding: 20 + 2 - (1 + 11) = 10, plus the potion
    bound = SolverWords(st).win_bound(st)
    assert bound == (12 if binding == "strict" else 22)


def test_a_pair_too_many_is_a_proven_loss() -> None:
    # two kings and two queens against one 9: one of each pair is fought bare (13 + 12), the
    # others cost 4 + 3; 20 + 3 cannot cover 32
    deck = ["9D", "KS", "KC", "QS", "QC", "3H"]
    for options in ({"binding": "strict", "difficulty": "hard"},
                    {"binding": "strict", "difficulty": "classic"}):
        st = SCOUNDREL.new_game(deck=deck, options=options)
        assert SolverWords(st).win_bound(st) == NOWIN
        assert PerfectSolver(st).decide(st) == (False, ())
    # inclusive binding: the 9 kills K, K, Q, Q for 4 + 4 + 3 + 3 = 14: winnable
    st = SCOUNDREL.new_game(deck=deck, options={"binding": "inclusive"})
    assert PerfectSolver(st).decide(st)[0]


def test_the_held_weapon_fights_only_below_its_last_kill() -> None:
    # the 8 has killed a 3: the 7, the 6 and the 4 ahead are beyond it, and no other weapon
    # comes: the bound charges them bare (17) against 20 health and a 2 potion
    deck = ["8D", "5S", "2H", "3S", "7S", "6C", "4S"]
    st = SCOUNDREL.new_game(deck=deck, options={"difficulty": "hard"})
    for m in ("equip 8D", "fight 5S", "fight 3S"):
        st.play(m)
    assert st.view(0)["fights_below"] == 3
    assert SolverWords(st).win_bound(st) > NOWIN  # 20 + 2 - (4 + 7 + 6) = 5 > 0: not yet ruled out
    assert _check(deck, {"binding": "strict", "difficulty": "hard"}) > NOWIN


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: f"{o['binding']}-{o['difficulty']}")
def test_the_solver_words_are_true_on_small_dungeons(options) -> None:
    """At every position of random small dungeons, the bound is never below the best score
    really reachable; the solver (bound, monotone values, ignored and scratch parts of the
    position) finds exactly the best score of a search without them."""
    codes = [c.code for c in SCOUNDREL.spec.cards]
    rng = random.Random(f"{options}")
    # (easy difficulty avoids rooms without end, up to the move limit: smaller dungeons)
    size, count = (5, 3) if options["difficulty"] == "easy" else (7, 4)
    for _ in range(count):
        _check(rng.sample(codes, size), options)
    # weapons, pairs and potions together: the bound's parts at work
    _check(["9D", "JS", "JC", "7D", "5H", "7S", "7C"][:size], options)


@pytest.mark.soak
@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: f"{o['binding']}-{o['difficulty']}")
def test_the_solver_words_are_true_on_more_dungeons(options) -> None:
    codes = [c.code for c in SCOUNDREL.spec.cards]
    rng = random.Random(f"soak {options}")
    for _ in range(25):
        _check(rng.sample(codes, 8), options)


def test_a_seeded_winning_line_replays() -> None:
    st = SCOUNDREL.new_game(seed=0)
    won, line = PerfectSolver(st, nodes=20000).decide(st)
    assert won
    replay = SCOUNDREL.new_game(seed=0)
    for m in line:
        replay.play(m)
    assert replay.outcome is not None and replay.outcome.winners == (0,)


def test_the_key_leaves_out_what_the_monotone_values_hold() -> None:
    # two positions that differ only in which monsters lie under the last kill, and in the
    # discard, share a key: only the last kill's value matters, and it is a monotone value
    a = SCOUNDREL.new_game(deck=["8D", "7S", "5S", "5C", "2S", "3C", "4S"])
    b = a.copy()
    a.play("equip 8D")
    a.play("fight 7S")
    a.play("fight 5S")
    b.play("equip 8D")
    b.play("fight 7S bare")
    b.play("fight 5S")
    assert state_key(a, drop=("hp", "held", "reach")) == state_key(b, drop=("hp", "held", "reach"))
    assert state_key(a) != state_key(b)  # the hp differ
    solver = PerfectSolver(a)
    assert solver._vec(a)[:3] == (20, 8, 5) and solver._vec(b)[:3] == (13, 8, 5)


CLIMB = """
id: climb
name: Climb
players: {min: 1, max: 1}
cards:
  - {suits: [S], ranks: [2, 3, 4, 5, 6], type: step}
zones:
  deck: {visibility: hidden, deck: true}
  done: {visibility: public}
  path: {visibility: public}
vars:
  energy: {initial: 6}
  rests: {initial: 0}
derived:
  fresh: "1 if rests == 0 else 0"
setup: []
moves:
  - id: climb
    notation: "climb {card}"
    args: {card: {from: "top(deck, 2)"}}
    effects:
      - add: {energy: "-card.value + 3"}
      - move: {what: card, to: done}
  - id: rest
    notation: rest
    require: [{if: "rests == 0", why: "you have rested already"}]
    effects:
      - add: {energy: 1, rests: 1}
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
  monotone: [energy, fresh]
  ignore: [done, rests]
"""


def test_monotone_derived_values_and_ignore(tmp_path) -> None:
    game = load_ruleset(tmp_path, CLIMB)
    words = game.spec.solver
    assert words["monotone"] == ("energy", "fresh") and words["ignore"] == ("done", "rests")
    st = game.new_game(deck=["2S", "3S", "4S", "5S", "6S"])
    key = state_key(st)
    assert "done" not in dict(key[0]) and "rests" not in dict(key[1])
    assert key[2] == (1,)  # the derived value fresh, in the key's place of what it covers
    rested = st.copy()
    rested.play("rest")
    assert state_key(rested)[2] == (0,)
    # the best is found with the words as without them: rest once (+1), then 6 - 5 = 1 + 1
    plain = load_ruleset(tmp_path, CLIMB.split("solver:")[0], name="plain.yaml")
    p = plain.new_game(deck=["2S", "3S", "4S", "5S", "6S"])
    assert PerfectSolver(st).best(st)[0] == PerfectSolver(p).best(p)[0] == 2


@pytest.mark.parametrize(("words", "message"), [
    ("  monotone: [stamina]", "'stamina' is not a var of the game .* nor a derived value"),
    ("  ignore: [stamina]", "'stamina' is not a var of the game .* nor a zone"),
])
def test_bad_monotone_and_ignore_are_one_sentence(tmp_path, words, message) -> None:
    text = CLIMB.split("solver:")[0] + "solver:\n" + words + "\n"
    with pytest.raises(RulesetError, match=message):
        load_ruleset(tmp_path, text)


def test_cli_solve_a_seed(capsys) -> None:
    # decided within its budget; the best score then has a budget of its own, and when it
    # runs out the win is still reported, with the score of the line found
    assert main(["solve", "scoundrel", "--seed", "0", "--seconds", "2", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["winnable"] is True and out["best_score"] >= 1 and out["line"]
    replay = SCOUNDREL.new_game(seed=0)
    for m in out["line"]:
        replay.play(m)
    assert replay.outcome is not None and replay.outcome.scores[0] == out["best_score"]
    if not out["best_proven"]:
        main(["solve", "scoundrel", "--seed", "0", "--seconds", "2"])
        said = " ".join(capsys.readouterr().out.split())
        assert "can be won; this line scores" in said
        assert "no better score was found or ruled out within 2 s" in said
