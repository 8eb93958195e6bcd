"""The reference's Spark Duel: a target chosen by the player, a reaction asked of the target
mid-turn (saved half-way), damage changed by the defense before it lands, a lasting effect
that ends at its owner's next turn, elimination, a new round with a reset and rejoin, and a
pile that loses 2 random cards each time it is rebuilt."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import load_ruleset
from reference_examples import example

import tabletop


@pytest.fixture()
def game(tmp_path: Path) -> tabletop.Game:
    return load_ruleset(tmp_path, example("Reactions, lasting effects and rounds"),
                        "spark-duel.yaml")


def test_an_attack_is_answered_by_its_target_and_the_answer_changes_the_damage(game):
    # P1: spark guard; P2: guard spark; pile: spark...
    st = game.new_game(players=2, seed=1, first=0,
                       deck=["spark", "guard", "guard", "spark", "spark", "spark"])
    assert "spark P2" in [m.text for m in st.legal_moves()]
    st.play("spark P2")
    assert st.current_player == 1  # the target decides, in the middle of P1's turn
    assert [m.text for m in st.legal_moves()] == ["block guard", "take"]
    saved = tabletop.restore(st.to_json())  # the half-played attack survives a save
    saved.play("block guard")
    assert saved.view(0)["hp"] == [3, 2]  # 2 damage, 1 blocked
    st.play("take")
    assert st.view(0)["hp"] == [3, 1]


def test_a_veil_holds_until_its_owners_next_turn(game):
    st = game.new_game(players=2, seed=1, first=0,
                       deck=["veil", "spark", "spark", "spark", "spark", "spark"])
    st.play("veil")
    assert st.view(0)["veiled"] == [True, False]
    assert "spark P1" not in [m.text for m in st.legal_moves()]  # P2 cannot target P1
    st.play("draw")
    assert st.view(0)["veiled"] == [False, False]  # P1's turn: the veil is over


def test_the_last_one_standing_wins_the_round_and_a_new_round_starts(game):
    st = game.new_game(players=2, seed=1, first=1,
                       deck=["guard", "guard", "spark", "spark", "spark", "veil"])
    st.play("spark P1")
    st.play("take")  # P1: 1 health
    st.play("draw")
    st.play("spark P1")
    st.play("take")  # P1 falls: P2 wins the round
    v = st.view(0)
    assert v["wins"] == [0, 1] and v["hp"] == [3, 3]  # health reset for round 2
    assert len(v["hand"]) == 2 and v["pile"] == 2 and v["discard"] == 0
    assert st.current_player == 1  # the winner starts the next round
    assert not st.is_over


def test_the_rebuilt_pile_loses_two_random_cards(game):
    st = game.new_game(players=2, seed=1, first=0,
                       deck=["spark", "veil", "guard", "guard", "spark"])
    st.play("spark P2")
    st.play("take")
    st.play("draw")  # P2 draws the last card of the pile
    st.play("veil")  # the discard now holds a spark and a veil
    assert st.view(0)["pile"] == 0 and st.view(0)["discard"] == 2
    st.play("draw")  # empty pile: 2 random discard cards leave, the rest makes the pile
    assert st.view(0)["gone"] == 2 and st.view(0)["discard"] == 0
