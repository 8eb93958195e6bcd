"""Bots: they play legal moves, are reproducible, and never read what their seat cannot see."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import tabletop
from tabletop.bots import decide, make_bot
from tabletop.errors import BotError

DUEL = tabletop.load(Path(__file__).parent / "rulesets" / "secret-duel.yaml")
SCOUNDREL = tabletop.load("scoundrel")
KINDS = [("random", {}), ("greedy", {}), ("mcts", {"iterations": 60})]


@pytest.mark.parametrize(("kind", "settings"), KINDS)
def test_a_bot_plays_a_whole_game_with_legal_moves(kind: str, settings: dict[str, float]
                                                   ) -> None:
    st = DUEL.new_game(players=3, seed=5)
    bots = [make_bot(kind, seed=i, **settings) for i in range(3)]
    while not st.is_over:
        seat = st.current_player
        assert seat is not None
        move = decide(bots[seat], st, seat)
        assert move.text in {m.text for m in st.legal_moves()}
        st.play(move, seat=seat)


@pytest.mark.parametrize(("kind", "settings"), KINDS)
def test_same_view_same_choice_whatever_the_hidden_cards(kind: str, settings: dict[str, float]
                                                        ) -> None:
    # Seat 1 holds g1 g2 g3 in both games; the opponent's hand and the pile differ.
    a = DUEL.new_game(players=2, seed=9, first=0,
                      deck=["g1", "g2", "g3", "g4", "g5", "g6", "g7", "g8", "g9", "g10", "g11",
                            "g12"])
    b = DUEL.new_game(players=2, seed=9, first=0,
                      deck=["g1", "g2", "g3", "g10", "g11", "g12", "g4", "g5", "g6", "g7", "g8",
                            "g9"])
    assert a.view(0) == b.view(0) and a.view(1) != b.view(1)
    for _ in range(3):
        choice_a = decide(make_bot(kind, seed=4, **settings), a, 0)
        choice_b = decide(make_bot(kind, seed=4, **settings), b, 0)
        assert choice_a.text == choice_b.text
        a.play(choice_a)
        b.play(choice_b)
        a.play(a.legal_moves()[0])  # the opponents play their first card (they differ)
        b.play(b.legal_moves()[0])


@pytest.mark.parametrize(("kind", "settings"), KINDS)
def test_scoundrel_bot_ignores_the_order_of_the_face_down_dungeon(
        kind: str, settings: dict[str, float]) -> None:
    room = ["7D", "KS", "5H", "9C"]
    rest = [c.code for c in SCOUNDREL.spec.cards if c.code not in room]
    a = SCOUNDREL.new_game(seed=1, deck=room + rest)
    b = SCOUNDREL.new_game(seed=1, deck=room + rest[::-1])
    assert a.view(0) == b.view(0)
    assert decide(make_bot(kind, seed=2, **settings), a, 0).text == \
        decide(make_bot(kind, seed=2, **settings), b, 0).text


def _mean_score(kind: str, settings: dict[str, float], seeds: range) -> float:
    total = 0
    for seed in seeds:
        st = SCOUNDREL.new_game(seed=seed)
        bot = make_bot(kind, seed=seed, **settings)
        while not st.is_over:
            st.play(decide(bot, st, 0))
        assert st.outcome is not None
        total += st.outcome.scores[0]
    return total / len(seeds)


def test_search_bots_play_scoundrel_better_than_chance() -> None:
    seeds = range(100, 106)
    chance = _mean_score("random", {}, seeds)
    assert _mean_score("greedy", {}, seeds) > chance + 30
    assert _mean_score("mcts", {"iterations": 40}, seeds) > chance + 30


def test_unknown_bot_and_setting_are_clear_errors() -> None:
    with pytest.raises(BotError, match="the bots are: expert, greedy, mcts, random"):
        make_bot("genius")
    with pytest.raises(BotError, match="does not take the settings depth"):
        make_bot("random", depth=3)


def test_a_sampled_world_depends_only_on_the_view() -> None:
    # Two games that seat 1 cannot tell apart (same hand, same table; the opponent's hand and
    # the pile differ) give the very same sampled worlds: nothing hidden leaks into them,
    # not even through the seed, the deck list or the notations of the opponent's moves.
    deck_a = ["g1", "g2", "g3", "g4", "g5", "g6", "g7", "g8", "g9", "g10", "g11", "g12"]
    deck_b = ["g1", "g2", "g3", "g10", "g11", "g4", "g12", "g5", "g6", "g7", "g8", "g9"]
    a = DUEL.new_game(players=2, seed=9, first=1, deck=deck_a)
    b = DUEL.new_game(players=2, seed=10, first=1, deck=deck_b)
    a.play("play g4")  # the opponent (seat 2) plays the same public card in both
    b.play("play g4")
    assert a.view(0) == b.view(0) and a.view(1) != b.view(1)
    for k in range(5):
        wa = a.determinize(0, random.Random(k))
        wb = b.determinize(0, random.Random(k))
        assert wa.to_json() == wb.to_json()
        assert wa.seed is None and wa.deck is None
