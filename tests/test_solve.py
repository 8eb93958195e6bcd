"""The solvers (tabletop/analysis/solve.py) and bot:expert, through the public API."""

from __future__ import annotations

import itertools
import random

import pytest

from tabletop import registry
from tabletop.analysis.solve import (
    NOWIN,
    ChanceSolver,
    PerfectSolver,
    SolverWords,
    _Script,
    outcomes,
    state_key,
)
from tabletop.bots import decide, make_bot
from tabletop.cli import main

SCOUNDREL = registry.load("scoundrel")
PYRAMIDE = registry.load("pyramide-escape")
ITEMS = ["torch", "rope", "amulet", "waterskin", "map"]


def _exhaustive(st, memo=None):
    """The best winning score by trying every line: no bound, no dominance, a plain memo."""
    memo = {} if memo is None else memo
    if st.is_over:
        return st.outcome.scores[0] if 0 in st.outcome.winners else NOWIN
    key = (state_key(st), len(st.history))
    if key not in memo:
        best = NOWIN
        for m in st.legal_moves():
            c = st.copy()
            c.play(m)
            best = max(best, _exhaustive(c, memo))
        memo[key] = best
    return memo[key]


@pytest.mark.parametrize(("deck", "won", "best"), [
    (["5D", "2S", "3S", "4S"], True, 20),          # equip, then three kills for free
    (["AS", "AC", "KS", "KC"], False, None),       # 54 damage against 20 health
    (["2S", "5H", "4D", "3C"], True, 25),          # end at 20 on a potion: +5
    (["10S", "10C", "JS", "2H", "3H"], False, None),  # 41 damage, one potion a room
])
def test_verdicts_on_hand_made_dungeons(deck, won, best) -> None:
    st = SCOUNDREL.new_game(deck=deck)
    solver = PerfectSolver(st)
    verdict, line = solver.decide(st)
    assert verdict is won
    if won:
        score, line = solver.best(st)
        assert score == best
        replay = SCOUNDREL.new_game(deck=deck)
        for m in line:
            replay.play(m)
        assert replay.outcome is not None and replay.outcome.winners == (0,)
        assert replay.outcome.scores[0] == best


def _check_bound(count: int, size: int, difficulties: tuple[str, ...]) -> None:
    codes = [c.code for c in SCOUNDREL.spec.cards]
    rng = random.Random(5)
    for k in range(count):
        opts = {"binding": ("strict", "inclusive")[k % 2],
                "difficulty": difficulties[k % len(difficulties)]}
        deck = rng.sample(codes, size)
        st = SCOUNDREL.new_game(deck=deck, options=opts)
        best, _ = PerfectSolver(st).best(st)
        assert best == _exhaustive(st), (deck, opts)


def test_the_bound_is_true_on_small_dungeons() -> None:
    """The ruleset's solver words (win_bound, monotone) never change a verdict or a best
    score: against exhaustive search on small random dungeons."""
    _check_bound(12, 6, ("classic", "hard"))


@pytest.mark.soak
def test_the_bound_is_true_on_more_dungeons() -> None:
    _check_bound(60, 7, ("easy", "classic", "hard"))


def test_a_seeded_winning_line_replays() -> None:
    # seed 6 is winnable: its line, replayed with the same seed, wins
    st = SCOUNDREL.new_game(seed=6)
    won, line = PerfectSolver(st, nodes=40000).decide(st)
    assert won
    replay = SCOUNDREL.new_game(seed=6)
    for m in line:
        replay.play(m)
    assert replay.outcome is not None and replay.outcome.winners == (0,)


def _brute(st, seat=0, memo=None):
    """Expectimax by enumerating every order of the unseen cards and every coin sequence."""
    memo = {} if memo is None else memo
    if st.is_over:
        return 1.0 if seat in st.outcome.winners else 0.0
    key = (state_key(st, seat), len(st.history))
    if key in memo:
        return memo[key]
    places = [(k, i) for k, ids in st.zones.items() if k != "_box"
              and not st.visible(k, seat) for i, c in enumerate(ids) if c not in st.known[seat]]
    pool = [st.zones[k][i] for k, i in places]
    perms = list(itertools.permutations(pool))
    best = 0.0
    for m in st.legal_moves():
        total = 0.0
        for perm in perms:
            w = st.copy(rng=False)
            for (k, i), c in zip(places, perm, strict=True):
                w.zones[k][i] = c
                w.where[c] = k
            scripts = [((), 1.0)]
            while scripts:
                script, p = scripts.pop()
                c = w.copy(rng=False)
                rng = _Script(script)
                c.rng = rng
                c.play(m)
                if rng.need is not None:
                    scripts += [((*script, j), p / rng.need) for j in range(rng.need)]
                    continue
                total += p * _brute(c, seat, memo)
        best = max(best, total / len(perms))
    memo[key] = best
    return best


@pytest.mark.parametrize("rooms", [["corridor", "sand", "spikes", "guardian"],
                                   ["thirst", "scarabs", "judgement", "bridge"]])
def test_pyramide_probability_against_brute_force(rooms) -> None:
    st = PYRAMIDE.new_game(deck=[*rooms, *ITEMS], options={"fatigue_cap": "capped"})
    st.play("no item")  # fatigue 6: the game can be lost
    st.play("no item")
    exact = ChanceSolver(st).value(st)
    assert 0.0 < exact <= 1.0
    assert exact == pytest.approx(_brute(st))


def test_outcomes_do_not_depend_on_the_unseen_order() -> None:
    st = PYRAMIDE.new_game(deck=["corridor", "sand", "scarabs", "guardian", "spikes", *ITEMS])
    for m in st.legal_moves():
        outs = outcomes(st, m, check=True)
        assert sum(p for p, _w in outs) == pytest.approx(1.0)


def test_a_hint_never_changes_with_the_unseen_order() -> None:
    """Two dungeons that differ only in the order of cards the player has not seen give the
    same expert move and the same estimate (Scoundrel: sampled search; Pyramide: exact)."""
    base = ["5D", "4S", "KS", "8D"]
    rest = ["2S", "3H", "9C", "7D", "QS", "4H", "6C", "2D"]
    results = []
    for order in (rest, rest[::-1]):
        st = SCOUNDREL.new_game(deck=base + order)
        bot = make_bot("expert", seed=1, worlds=3, nodes=200, seconds=0, exact=0)
        ranked = bot.rank(0, st.legal_moves(), lambda rng, st=st: st.determinize(0, rng))
        results.append([(p, m.text) for p, m in ranked])
    assert results[0] == results[1]
    results = []
    for order in (["sand", "guardian", "spikes"], ["spikes", "sand", "guardian"]):
        st = PYRAMIDE.new_game(deck=["corridor", *order, *ITEMS])
        bot = make_bot("expert", seed=1)
        ranked = bot.rank(0, st.legal_moves(), lambda rng, st=st: st.determinize(0, rng))
        results.append([(p, m.text) for p, m in ranked])
    assert results[0] == results[1]


def test_expert_plays_pyramide_to_the_end() -> None:
    st = PYRAMIDE.new_game(seed=3, deck=["corridor", "sand", "spikes", "guardian", "offering",
                                         *ITEMS])
    bot = make_bot("expert", seed=2)
    while not st.is_over:
        st.play(decide(bot, st, 0))
    assert st.outcome is not None


def test_expert_refuses_games_of_several_players() -> None:
    st = registry.load("push-to-five").new_game(players=2, seed=1)
    bot = make_bot("expert", seed=1)
    with pytest.raises(Exception, match="only solo games"):
        decide(bot, st, st.current_player)


def test_win_bound_reads_no_win_when_health_cannot_cover() -> None:
    st = SCOUNDREL.new_game(deck=["AS", "AC", "KS", "KC"])
    assert SolverWords(st).win_bound(st) == NOWIN


def test_cli_solve_speaks_french(capsys) -> None:
    assert main(["solve", "scoundrel", "--deck", "2S,5H,4D,3C", "--lang", "fr"]) == 0
    out = capsys.readouterr().out
    assert "ce paquet : gagnable ; le meilleur score est" in out
    assert "Une ligne gagnante" in out and "équiper 4♦" in out  # in French notation
    assert "equip" not in out and "can be won" not in out
    assert main(["solve", "scoundrel", "--games", "2", "--seconds", "0.5", "--lang", "fr"]) == 0
    assert "temps médian pour trancher une donne" in capsys.readouterr().out
    assert main(["solve", "pyramide-escape", "--seconds", "0.01", "--lang", "fr"]) == 2
    said = capsys.readouterr()
    assert "n'a pas été résolu en 0,01 s" in said.out + said.err


def test_cli_solve(capsys) -> None:
    assert main(["solve", "scoundrel", "--deck", "2S,5H,4D,3C"]) == 0
    out = capsys.readouterr().out
    assert "can be won; the best score is 25" in out
    assert main(["solve", "scoundrel", "--deck", "AS AC KS KC", "--json"]) == 0
    assert '"winnable": false' in capsys.readouterr().out
    for argv, words in [
        (["solve", "expedition-rivale"], "not a solo game"),
        (["solve", "scoundrel"], "too many to solve exactly"),
        (["solve", "scoundrel", "--deck", "ZZ"], "not a card"),
        (["solve", "scoundrel", "--seed", "x"], "whole number"),
        (["solve", "scoundrel", "--seed", "1", "--option", "foo=bar"], "no option"),
        (["solve", "scoundrel", "--load", "/nonexistent/save.json"], "cannot read"),
    ]:
        assert main(argv) == 2
        err = capsys.readouterr().out
        assert words in err and "Traceback" not in err
    assert main(["solve", "scoundrel", "--games", "3", "--seconds", "0.5"]) == 0
    assert "median time" in capsys.readouterr().out


def _table_text(tmp_path, state, typed, lang="en", hints=False):
    import io

    from rich.console import Console

    from tabletop.ui.terminal import Table
    out = io.StringIO()
    console = Console(file=out, width=80, height=24, color_system=None)
    answers = iter(typed)

    def read(prompt: str) -> str:
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    Table(state, {}, lang, console, read, tmp_path / "save.json", hints=hints).run()
    return out.getvalue()


def test_hint_at_the_prompt_in_english_and_french(tmp_path) -> None:
    deck = ["corridor", "sand", "spikes", "guardian", *ITEMS]
    text = _table_text(tmp_path, PYRAMIDE.new_game(deck=deck), ["hint"])
    assert "Hint: " in text and "estimated chance to win: 100%" in text
    text = _table_text(tmp_path, PYRAMIDE.new_game(deck=deck), ["indice"], lang="fr")
    assert "Indice : " in text and "chance de gagner estimée : 100 %" in text
    text = _table_text(tmp_path, PYRAMIDE.new_game(deck=deck), ["no item"], hints=True)
    assert text.count("Hint: ") == 2  # one a turn
    two = registry.load("push-to-five").new_game(players=2, seed=1)
    assert "solo games only" in _table_text(tmp_path, two, ["hint"])
