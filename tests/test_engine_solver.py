"""The ruleset word ``solver:`` (win_bound, monotone, scratch, unordered), read by the solver."""

from __future__ import annotations

import pytest
from helpers import load_ruleset

from tabletop.analysis.solve import PerfectSolver, state_key
from tabletop.errors import RulesetError

GAME = """
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
  last: {initial: null}
setup: []
moves:
  - id: climb
    notation: "climb {card}"
    args: {card: {from: "top(deck, 2)"}}
    effects:
      - add: {energy: "-card.value + 3"}
      - set: {last: card}
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
  done: done.code
solver:
  # every step left costs at least its value minus 3: no win if that takes energy below 0
  win_bound: 'energy - sum(deck, it.value - 3) if energy - sum(deck, it.value - 3) >= 0 else null'
  monotone: [energy]
  scratch: [last]
  unordered: [done]
"""


def test_the_solver_words_load_and_help(tmp_path) -> None:
    game = load_ruleset(tmp_path, GAME)
    words = game.spec.solver
    assert words is not None and words["monotone"] == ("energy",)
    st = game.new_game(deck=["2S", "3S", "4S", "5S", "6S"])
    # 6 + (3*5 - 20) = 1 at the top, whatever the order: the bound is exact here
    assert PerfectSolver(st).best(st)[0] == 1
    # the scratch var and the order of an unordered zone are left out of the key
    a, b = st.copy(), st.copy()
    a.play("climb 2S")
    a.play("climb 3S")
    b.play("climb 3S")
    b.play("climb 2S")
    assert state_key(a) == state_key(b)


def test_without_the_words_the_verdict_is_the_same(tmp_path) -> None:
    plain = load_ruleset(tmp_path, GAME.split("solver:")[0], name="plain.yaml")
    st = plain.new_game(deck=["2S", "6S", "3S", "5S", "4S"])
    assert PerfectSolver(st).best(st)[0] == 1


@pytest.mark.parametrize(("words", "message"), [
    ("  monotone: [stamina]", "'stamina' is not a var"),
    ("  unordered: [hand]", "'hand' is not a zone"),
    ("  win_bound: 'energy +'", "solver.win_bound"),
    ("  guess: 3", "guess"),
])
def test_bad_solver_words_are_one_sentence(tmp_path, words, message) -> None:
    text = GAME.split("solver:")[0] + "solver:\n" + words + "\n"
    with pytest.raises(RulesetError, match=message):
        load_ruleset(tmp_path, text)


RELABEL = """
id: lanterns
name: Lanterns
players: {min: 1, max: 1}
cards:
  - {suits: [S], ranks: [2, 3, 4], type: lantern}
zones:
  deck: {visibility: hidden, deck: true}
  lit: {visibility: public}
vars:
  light: {initial: 2}
setup:
  - deal: {from: deck, to: lit, count: 1}
moves:
  - id: walk
    notation: walk
    effects:
      - add: {light: "-first(lit).value + 2"}
      - deal: {from: deck, to: lit, count: 1, at: top}
      - ACT
end:
  - if: "light <= 0"
    outcome: dark
  - if: "size(deck) == 0"
    outcome: home
outcomes:
  home: {winners: "[0]", score: light, reason: home}
  dark: {winners: "[]", score: "-1", reason: dark}
view:
  light: light
solver:
  relabel: true
"""


def test_relabel_plays_a_move_once_and_deals_what_it_revealed(tmp_path) -> None:
    from tabletop.analysis.solve import ChanceSolver, _played, outcomes

    # the lantern dealt shows; it burns at the next walk: relabel is true
    game = load_ruleset(tmp_path, RELABEL.replace("      - ACT\n", ""))
    st = game.new_game(deck=["2S", "3S", "4S"])
    named = outcomes(st, "walk", check=True)  # each renamed world checked against a replay
    played = _played(st, "walk")
    assert sorted((p, state_key(w, 0)) for p, w in named) == \
        sorted((p, state_key(w, 0)) for p, w in played)
    assert ChanceSolver(st).value(st) == 0.5  # lost if the 4 comes second


def test_relabel_that_is_not_true_is_caught_by_the_check(tmp_path) -> None:
    from tabletop.analysis.solve import SolveError, outcomes

    # here the lantern dealt burns at once: the move acts on the card it reveals
    act = '      - add: {light: "-first(lit).value"}\n'
    game = load_ruleset(tmp_path, RELABEL.replace("      - ACT\n", act))
    st = game.new_game(deck=["2S", "3S", "4S"])
    with pytest.raises(SolveError, match="relabel is not true"):
        outcomes(st, "walk", check=True)
