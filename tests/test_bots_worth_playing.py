"""Bots worth playing against (issue 34): on stacked positions, the moves a player would
notice. Deck menteur: a bot lays only cards of the announced suit when it holds some (so a
player who always accuses loses), and accuses a claim its own hand proves false (so a player
who never accuses loses). Arcane Duel: greedy plays its attacks instead of discarding them.
mcts: a time cap per move, tested on a clock of the test's own (no test depends on timing).

Figures over many games: benchmarks/bots_vs_policies.py (docs/designers/deck-menteur.md).
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

import pytest
from helpers import load_ruleset

import tabletop
from tabletop import bots
from tabletop.bots import decide, make_bot

HEARTS_PACK = ["4H", "2H", "AH", "3H", "5H", "6H"]
SPADES_PACK = ["3S", "AS", "2S", "4S", "5S", "6S"]
# the 20 common cards: Ana's hand, Ben's, then the pile
ANA = ["7C", "8C", "9S", "joker", "10D"]
BEN = ["7S", "8S", "JD", "QC", "9C"]
PILE = ["10C", "JC", "QD", "10S", "joker", "JS", "QS", "7D", "8D", "9D"]
BOTS = [("greedy", {})]  # mcts: its figures, docs/designers/deck-menteur.md


@functools.cache
def menteur() -> tabletop.Game:
    return tabletop.load("deck-menteur")


def menteur_two(ana: list[str], ben: list[str], pile: list[str]) -> tabletop.State:
    """Ana (seat 0) lays first and announces; common cards dealt 5 each, then the pile."""
    assert sorted(ana + ben + pile) == sorted(ANA + BEN + PILE)
    return menteur().new_game(players=2, seed=3, first=0, names=["Ana", "Ben"],
                              deck=ana + ben + pile + HEARTS_PACK + SPADES_PACK)


def laid_in_one_turn(st: tabletop.State, bot: bots.Bot) -> list[str]:
    """The cards the bot whose turn it is lays in that turn."""
    seat = st.current_player
    assert seat is not None
    laid: list[str] = []
    while st.current_player == seat and not st.is_over:
        move = decide(bot, st, seat)
        st.play(move)
        if move.move_id == "lay":
            laid.append(move.text.split()[1])
        else:
            break
    return laid


@pytest.mark.parametrize(("kind", "settings"), BOTS)
def test_deck_menteur_a_bot_lays_true_cards_when_it_holds_some(kind: str,
                                                               settings: dict[str, Any]
                                                               ) -> None:
    # "a suit is announced, cards are laid face down (truly or not), the next player may
    # accuse": Ana holds two clubs and a joker. Claiming clubs with her spade or her diamond
    # too would lose every challenge to a player who always accuses.
    for seed in range(3):
        st = menteur_two(ANA, BEN, PILE)
        st.play("announce clubs")
        laid = laid_in_one_turn(st, make_bot(kind, seed=seed, **settings))
        assert laid and set(laid) <= {"7C", "8C", "joker"}, (kind, seed, laid)


@pytest.mark.parametrize(("kind", "settings"), BOTS)
def test_deck_menteur_a_bot_accuses_a_claim_its_hand_proves_false(kind: str,
                                                                  settings: dict[str, Any]
                                                                  ) -> None:
    # Ben holds four clubs and a joker: of the 8 cards that count as clubs, 3 are left, so
    # Ana's claim of 4 clubs is a lie whatever she laid. A player who never accuses loses
    # to a bot that accuses it.
    ana = ["7S", "8S", "9S", "10S", "JS"]
    ben = ["7C", "8C", "9C", "10C", "joker"]
    pile = ["JC", "QC", "joker", "QS", "7D", "8D", "9D", "10D", "JD", "QD"]
    for seed in range(3):
        st = menteur_two(ana, ben, pile)
        st.play("announce clubs")
        for card in ana[:4]:
            st.play(f"lay {card}")
        st.play("done")
        assert st.current_player == 1
        assert decide(make_bot(kind, seed=seed, **settings), st, 1).text == "accuse", seed


@functools.cache
def duel_game() -> tabletop.Game:
    return tabletop.load("arcane-duel")


def duel_three_cards(card: str, **options: str) -> tabletop.State:
    """Ana holds ``card``, a Shield and an Arcane Barrier (defence cards, not playable on her
    turn), Ben two defence cards; she holds 3, so she may not draw: play or discard."""
    st = duel_game().new_game(players=2, names=["Ana", "Ben"], seed=7, first=0,
                              options=options,
                              deck=[card, "shield", "thorns", "mirror", "barrier", "healing",
                                    "fireball", "veil"])
    for text in ("draw", "keep", "draw", "keep"):
        if text in [m.text for m in st.legal_moves()] or text == "draw":
            st.play(text)
    assert st.current_player == 0 and sorted(st.view(0)["hand"]) == sorted(
        [card, "shield", "barrier"])
    return st


@pytest.mark.parametrize(("card", "options", "move"), [
    ("poison", {}, "play poison at Ben"),
    ("lightning", {"lightning": "opponents"}, "play lightning"),
])
def test_arcane_duel_greedy_plays_its_attack_instead_of_discarding_it(
        card: str, options: dict[str, str], move: str) -> None:
    # "Poison Cloud: the target loses 1 health at the end of their next turn"; judged on the
    # position right after the move (nothing lost yet, a card less in hand), it scored no
    # better than a discard, and greedy discarded
    st = duel_three_cards(card, **options)
    assert move in [m.text for m in st.legal_moves()]
    for seed in range(4):
        assert decide(make_bot("greedy", seed=seed), st, 0).text == move, seed


class Clock:
    """A clock of the test's own: each reading is a second later than the last."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


def sampled_worlds(bot: bots.Bot, st: tabletop.State) -> int:
    """How many worlds the bot searched to choose its move (one per mcts iteration)."""
    seat = st.current_player
    assert seat is not None
    n = [0]

    def sample(rng: Any) -> tabletop.State:
        n[0] += 1
        return st.determinize(seat, rng)

    bot.choose(seat, st.view(seat), st.legal_moves(), sample)
    return n[0]


def test_mcts_stops_at_its_time_cap_and_by_default_within_about_two_seconds(
        monkeypatch: pytest.MonkeyPatch) -> None:
    st = duel_three_cards("poison")
    monkeypatch.setattr(bots.time, "perf_counter", Clock())
    # each iteration reads the clock once: a second an iteration
    assert sampled_worlds(make_bot("mcts", seed=1), st) == 2  # the default cap: 2 s
    assert sampled_worlds(make_bot("mcts", seed=1, seconds=5), st) == 5
    assert sampled_worlds(make_bot("mcts", seed=1, iterations=3, seconds=50), st) == 3
    assert bots.MctsBot.SECONDS == 2.0


def test_mcts_iterations_come_first_the_same_seed_the_same_move() -> None:
    # far within its cap, the search is its iterations: the same move for the same seed
    st = duel_three_cards("poison")
    chosen = {decide(make_bot("mcts", seed=5, iterations=20), st, 0).text for _ in range(3)}
    assert len(chosen) == 1


POLICY = """
id: policy-test
name: {en: Policy test, fr: Test de politique}
players: {min: 2, max: 2}
cards:
  - id: x
zones:
  pile: {visibility: hidden, deck: true}
vars:
  n: 0
moves:
  - id: go
    notation: go
    effects: [{add: {n: 1}}, {end_turn: true}]
end:
  - if: "n >= 3"
    outcome: done
outcomes:
  done: {winners: "[0]", reason: done}
view:
  n: n
rollout_policy: by_move
"""


def test_rollout_policy_is_read_and_a_bad_value_is_one_sentence(tmp_path: Path) -> None:
    g = load_ruleset(tmp_path, POLICY, "policy-test.yaml")
    assert g.spec.rollout_policy == "by_move"
    assert tabletop.load("push-to-five").spec.rollout_policy == "uniform"
    st = g.new_game(players=2, seed=1)
    assert decide(make_bot("mcts", seed=1, iterations=5), st, 0).text == "go"
    with pytest.raises(tabletop.RulesetError) as e:
        load_ruleset(tmp_path, POLICY.replace("by_move", "by_kind"), "bad.yaml")
    assert "rollout_policy must be uniform or by_move, not 'by_kind'" in str(e.value)
    assert "rollout_policy vaut uniform ou by_move, pas 'by_kind'" in e.value.in_lang("fr")
