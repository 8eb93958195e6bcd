"""The exact fair solver (ChanceSolver, outcomes, the solved table kept in the cache) and
bot:expert's exact play, through the public API."""

from __future__ import annotations

import json
import random

import pytest
from helpers import load_ruleset
from test_solve import ITEMS, PYRAMIDE, _brute

from tabletop import registry
from tabletop.analysis.solve import (
    ChanceSolver,
    SolverWords,
    _deal,
    _hidden_places,
    _Script,
    outcomes,
    solved,
    state_key,
    table_file,
)
from tabletop.bots import decide, make_bot
from tabletop.cli import main

# A small solo game with hidden cards and a coin: cross four planks of unknown weight
# (walking costs the weight and 1, leaping 1 on heads and twice the weight on tails).
CROSSING = """
id: crossing
name: Crossing
players: {min: 1, max: 1}
max_moves: MAX
cards:
  - {suits: [S], ranks: [2, 3, 4, 5], type: plank}
zones:
  deck: {visibility: hidden, deck: true}
  next: {visibility: public}
  done: {visibility: public}
vars:
  energy: {initial: 9}
setup:
  - deal: {from: deck, to: next, count: 1}
moves:
  - id: walk
    notation: "walk"
    effects:
      - add: {energy: "-first(next).value - 1"}
      - do: step
  - id: leap
    notation: "leap"
    effects:
      - flip: {var: coin}
      - if: 'coin == "heads"'
        then:
          - add: {energy: -1}
        else:
          - add: {energy: "-2 * first(next).value"}
      - do: step
  - id: rest
    notation: "rest"
    require:
      - {if: "energy < CAP", why: "already rested"}
    effects:
      - set: {energy: "min(energy + 1, CAP)"}
procedures:
  step:
    - move: {what: "first(next)", to: done}
    - if: "size(deck) > 0"
      then:
        - deal: {from: deck, to: next, count: 1}
end:
  - if: "energy <= 0"
    outcome: fell
  - if: "size(next) == 0"
    outcome: across
outcomes:
  across: {winners: "[0]", score: energy, reason: "across"}
  fell: {winners: "[]", score: "-1", reason: "fell"}
view:
  energy: energy
  next: next.code
  done: done.code
solver:
  unordered: [done]
  relabel: true
"""


@pytest.fixture(autouse=True)
def _own_cache(tmp_path, monkeypatch) -> None:
    """Each test keeps its solved tables apart (the session's cache folder is shared)."""
    monkeypatch.setenv("TABLETOP_CACHE_DIR", str(tmp_path / "cache"))


def _crossing(tmp_path, max_moves=40, energy=6, name="crossing.yaml"):
    text = CROSSING.replace("MAX", str(max_moves)).replace("initial: 9", f"initial: {energy}")
    text = text.replace("CAP", str(energy))
    return load_ruleset(tmp_path, text, name=name)


def _plain_outcomes(st, move, seat=0):
    """The outcomes of a move the plain way: every order of the unseen cards' prefix grown by
    one replay per branch, and a replay per draw, never reusing a probe."""
    places = _hidden_places(st, seat)
    pool = sorted(st.zones[k][i] for k, i in places)
    out, todo = [], [((), (), 1.0)]
    while todo:
        prefix, script, p = todo.pop()
        rest = [c for c in pool if c not in prefix]
        cards = [*prefix, *rest]
        w = _deal(st, places, cards)
        rng = _Script(script)
        w.rng = rng
        w.play(move)
        deepest = max((j for j, uid in enumerate(cards)
                       if uid in w.known[seat] or w.visible(w.where[uid], seat)), default=-1)
        if deepest >= len(prefix):
            todo += [((*prefix, c), script, p / len(rest)) for c in rest]
        elif rng.need is not None:
            todo += [(prefix, (*script, k), p / rng.need) for k in range(rng.need)]
        else:
            out.append((p, w))
    return out


def _summary(outs):
    return sorted((round(p, 12), repr(state_key(w, 0))) for p, w in outs)


@pytest.mark.parametrize(("deck", "moves"), [
    (["corridor", "sand", "scarabs", "guardian", "spikes"], ["no item", "no item"]),
    (["scarabs", "sand", "corridor", "guardian", "spikes"], []),
    (["corridor", "spikes", "thirst", "guardian", "sand"], ["use map"]),
    (["corridor", "bridge", "sand", "offering", "spikes"], ["use rope"]),
])
def test_outcomes_reuse_probes_and_agree_with_plain_enumeration(deck, moves) -> None:
    """Each probe play is also the world of its first branch: the same worlds, with the same
    probabilities, as replaying every branch; and fewer plays."""
    st = PYRAMIDE.new_game(deck=[*deck, *ITEMS])
    for m in moves:
        st.play(m)
    for m in st.legal_moves():
        fast = outcomes(st, m)
        assert sum(p for p, _w in fast) == pytest.approx(1.0)
        assert _summary(fast) == _summary(_plain_outcomes(st, m))


@pytest.mark.parametrize(("rooms", "options"), [
    (["corridor", "sand", "spikes", "guardian"], {"rope": "counts", "sand_discard": "always"}),
    (["thirst", "darkness", "judgement", "corridor"], {"darkness": "strict",
                                                       "idle_items": "forbidden"}),
    (["sand", "offering", "spikes", "bridge"], {"fatigue_cap": "uncapped", "bridge": "lost",
                                                "defeat": "end_of_room"}),
])
def test_pyramide_against_brute_force_under_options(rooms, options) -> None:
    st = PYRAMIDE.new_game(deck=[*rooms, *ITEMS], options=options)
    st.play("no item")
    st.play("no item")
    solver = ChanceSolver(st)
    exact = solver.value(st)
    assert exact == pytest.approx(_brute(st))
    # the best move reaches the value, and rank gives every move its exact chance
    v, move = solver.best(st)
    assert v == pytest.approx(exact)
    ranked = solver.rank(st)
    assert ranked[0][0] == pytest.approx(exact)
    assert dict((m.text, p) for p, m in ranked)[move.text] == pytest.approx(exact)


def test_crossing_against_brute_force(tmp_path) -> None:
    game = _crossing(tmp_path)
    st = game.new_game(deck=["2S", "3S", "4S", "5S"])
    v = ChanceSolver(st).value(st)
    assert 0.0 < v < 1.0
    assert v == pytest.approx(_brute(st))


def _two_paths(game):
    """The same position (the 2 crossed, full energy) after 4 moves and after 2: walk and rest
    three times, or leap (heads) and rest once."""
    st = game.new_game(deck=["2S", "3S", "4S", "5S"])
    slow, fast = st.copy(), st.copy()
    for m in ["walk", "rest", "rest", "rest"]:
        slow.play(m)
    fast.rng = _Script((0,))  # heads
    fast.play("leap")
    fast.play("rest")
    assert state_key(slow, 0) == state_key(fast, 0)
    assert (slow.move_count, fast.move_count) == (4, 2)
    return st, slow, fast


def test_a_position_reached_after_more_moves_is_solved_once(tmp_path) -> None:
    # far from max_moves, the number of moves played is not part of a position
    st, slow, fast = _two_paths(_crossing(tmp_path))
    solver = ChanceSolver(st)
    v = solver.value(fast)
    nodes = solver.nodes
    assert solver.value(slow) == v
    assert solver.nodes == nodes
    assert v == pytest.approx(_brute(slow))


def test_max_moves_within_reach_is_respected(tmp_path) -> None:
    # three planks left need three moves: from move 2 the far side is reached at move 5,
    # from move 4 the game stops at its limit (6 moves) first
    st, slow, fast = _two_paths(_crossing(tmp_path, max_moves=6, energy=40))
    solver = ChanceSolver(st)
    assert solver.value(fast) == 1.0
    assert solver.value(slow) == 0.0
    assert _brute(slow) == 0.0
    solver = ChanceSolver(st)  # the other order
    assert solver.value(slow) == 0.0
    assert solver.value(fast) == 1.0


def test_the_solved_table_is_kept_read_again_and_renewed(tmp_path) -> None:
    game = _crossing(tmp_path)
    p, solver, info = solved(game)
    assert 0.0 < p < 1.0 and not info["cached"] and info["positions"] > 0
    path = table_file(game, game.check_options({}))
    assert path is not None and path.exists()
    p2, solver2, info2 = solved(game)
    assert info2["cached"] and p2 == p
    assert sorted(solver2.memo.items()) == sorted(solver.memo.items())  # every position, read back
    # its figure is the average of the starts' values, read from the kept table
    st = game.new_game(deck=["3S", "2S", "4S", "5S"])
    nodes = solver2.nodes
    solver2.value(st)
    assert solver2.nodes == nodes
    # another option set, or a changed ruleset, is solved again
    registry._load_path.cache_clear()  # the process loads the rewritten file again
    game2 = _crossing(tmp_path, energy=4)  # the same file, rewritten
    assert table_file(game2, game2.check_options({})) != path
    p3, _s, info3 = solved(game2)
    assert not info3["cached"] and p3 < p


def test_a_bad_table_file_is_solved_again(tmp_path) -> None:
    game = _crossing(tmp_path)
    p, _s, _i = solved(game)
    path = table_file(game, game.check_options({}))
    path.write_bytes(b"not a table")
    p2, _s2, info = solved(game)
    assert not info["cached"] and p2 == p


def test_the_expert_plays_the_solved_best_move(tmp_path) -> None:
    game = _crossing(tmp_path)
    p, solver, _i = solved(game)
    st = game.new_game(deck=["5S", "2S", "4S", "3S"])
    bot = make_bot("expert", seed=1, exact=0)  # exact only through the kept table
    while not st.is_over:
        want = solver.best(st)[1].text
        nodes = solver.nodes
        assert decide(bot, st, 0).text == want
        st.play(want)
        assert solver.nodes == nodes  # a lookup: nothing new to search


def test_cli_solve_keeps_the_figure(tmp_path, capsys) -> None:
    game = _crossing(tmp_path)
    path = str(tmp_path / "crossing.yaml")
    assert main(["solve", path]) == 0
    out = capsys.readouterr().out
    assert "best play wins" in out and "read from the cache" not in out
    assert main(["solve", path, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["cached"] is True
    assert data["win_probability"] == pytest.approx(solved(game)[0])


def test_pyramide_cut_pile_figure_is_reproducible() -> None:
    """The exact figure of a pile cut to 6 rooms and 2 items (every first room) is the same
    whatever order its starts are solved in: a position's value does not depend on the path
    that reached it first (memo, abandoned moves, keys without the move count)."""
    rooms = ["thirst", "corridor", "sand", "spikes", "guardian", "offering"]
    starts = [PYRAMIDE.new_game(deck=[r, *(x for x in rooms if x != r), "torch", "map"])
              for r in rooms]
    one, two = ChanceSolver(starts[0]), ChanceSolver(starts[0])
    a = [one.value(st) for st in starts]
    b = [two.value(st) for st in reversed(starts)][::-1]
    assert a == b
    assert 0.0 < min(a) < max(a) < 1.0
    assert sum(a) / len(a) == pytest.approx(0.7036458, abs=1e-6)


_BOUND_CASES = [
    (["thirst", "corridor", "spikes", "guardian", "sand"], {}),
    (["sand", "thirst", "offering", "judgement", "corridor"], {"sand_discard": "always"}),
    (["thirst", "spikes", "darkness", "bridge", "offering"], {"spikes_thirst": "replace",
                                                              "rope": "counts"}),
    (["corridor", "thirst", "guardian", "scarabs", "sand"], {"fatigue_cap": "uncapped",
                                                             "defeat": "end_of_room"}),
]
_ROOMS = [c.code for c in PYRAMIDE.spec.cards if c.type == "room"]


def test_pyramide_win_bound_never_changes_the_exact_value() -> None:
    """solver.win_bound (no win when even the best case ends below 1 fatigue) is true: the
    exact chance of every move, with it and without it, from positions of random play on
    7-room piles under random options; and it spares positions."""
    rng = random.Random(11)
    spared = 0
    for _ in range(12):
        options = {n: rng.choice(o.values) for n, o in PYRAMIDE.spec.options.items()}
        st = PYRAMIDE.new_game(deck=[*rng.sample(_ROOMS, 7), *ITEMS], options=options)
        for _ in range(rng.randrange(2, 5)):
            if not st.is_over:
                st.play(rng.choice(st.legal_moves()))
        if st.is_over:
            continue
        with_bound = ChanceSolver(st)
        without = ChanceSolver(st)
        without.words.bound = None
        for m in st.legal_moves():
            assert with_bound.move_value(st, m) == pytest.approx(without.move_value(st, m))
        spared += without.nodes - with_bound.nodes
    assert spared > 0


@pytest.mark.parametrize(("rooms", "options"), _BOUND_CASES)
def test_pyramide_win_bound_never_changes_a_best_score(rooms, options) -> None:
    from test_solve import _exhaustive

    from tabletop.analysis.solve import NOWIN, PerfectSolver
    st = PYRAMIDE.new_game(deck=[*rooms[:4], *ITEMS], options=options)
    st.play("no item")
    st.play("no item")
    best, _line = PerfectSolver(st).best(st)
    assert best == _exhaustive(st)
    assert best == NOWIN or best >= 1


def test_pyramide_win_bound_lets_the_amulet_cancel_the_thirst() -> None:
    """While the Amulet asks what to cancel, the Curse of Thirst may still go: 2 fatigue, no
    item left, two rooms to pass (the Rope's room counts): cancel the Thirst and two heads of
    the Sand win. A bound that kept the Thirst would call this lost."""
    st = PYRAMIDE.new_game(deck=["thirst", "spikes", "offering", "scarabs", "judgement", "sand",
                                 "darkness", "guardian", *ITEMS], options={"rope": "counts"})
    for m in ["use waterskin", "no item", "use torch", "use map",
              "order judgement sand darkness", "use rope", "no item", "use amulet"]:
        st.play(m)
    assert [m.text for m in st.legal_moves()] == ["cancel thirst", "cancel sand"]
    assert st.view(0)["fatigue"] == 2 and st.view(0)["items"] == []
    assert SolverWords(st).win_bound(st) == 1
    solver = ChanceSolver(st)
    assert solver.value(st) == pytest.approx(0.25)
    assert solver.best(st)[1].text == "cancel thirst"


def test_cli_solve_pyramide_from_a_save_and_out_of_time(tmp_path, capsys) -> None:
    st = PYRAMIDE.new_game(seed=1)  # five rooms played, four unseen
    for m in ["use torch", "use rope", "no item", "use waterskin", "no item"]:
        st.play(m)
    save = tmp_path / "late.json"
    save.write_text(st.to_json(), encoding="utf-8")
    assert main(["solve", "--load", str(save)]) == 0
    out = capsys.readouterr().out
    ranked = [line for line in out.splitlines() if line.endswith("% to win")]
    assert len(ranked) == len(st.legal_moves())
    best = ChanceSolver(st).rank(st)[0]
    assert ranked[0].split()[0:2] == best[1].text.split()[0:2]
    # the whole game is far beyond a fraction of a second: one sentence, no traceback
    assert main(["solve", "pyramide-escape", "--seconds", "0.5"]) == 2
    out = capsys.readouterr().out
    assert "was not solved within 0.5 s" in out and "Traceback" not in out
