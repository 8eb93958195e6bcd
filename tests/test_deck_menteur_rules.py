"""Deck menteur, rule by rule, on stacked decks through the public API.

Stacked decks list the common cards in dealing order (5 to each seat in turn, then the draw
pile) and the pack cards in pack order, top first; seat 1 holds the hearts pack, seat 2 the
spades, seat 3 the diamonds, seat 4 the clubs.
"""

from __future__ import annotations

import functools
import json
import random

import pytest

import tabletop
from tabletop.errors import IllegalMoveError

HEARTS = ["4H", "2H", "AH", "3H", "5H", "6H"]
SPADES = ["3S", "AS", "2S", "4S", "5S", "6S"]
DIAMONDS = ["AD", "2D", "3D", "4D", "5D", "6D"]
ANA = ["7C", "8C", "9S", "joker", "10D"]
BEN = ["7S", "8S", "JD", "QC", "9C"]
CHLOE = ["7D", "8D", "9D", "JS", "QS"]
PILE = ["10C", "JC", "QD", "10S", "joker"]


@functools.cache
def game() -> tabletop.Game:
    return tabletop.load("deck-menteur")


def two(options=None, pile=PILE, hearts=HEARTS, spades=SPADES):
    deck = ANA + BEN + pile + hearts + spades
    st = game().new_game(players=2, seed=3, deck=deck, first=0, names=["Ana", "Ben"],
                         options=options)
    return st


def three(options=None):
    deck = ANA + BEN + CHLOE + PILE + HEARTS + SPADES + DIAMONDS
    return game().new_game(players=3, seed=3, deck=deck, first=0,
                           names=["Ana", "Ben", "Chloé"], options=options)


def moves(st) -> list[str]:
    return [m.text for m in st.legal_moves()]


def public_log(st, since: int = 0) -> list[str]:
    return [e.text_in("en") for e in st.log[since:] if e.private_to is None]


# ------------------------------------------------------------------ setup and the announce

def test_setup_packs_hands_and_the_box() -> None:
    st = game().new_game(players=3, seed=5)
    v = st.view(0)
    assert len(v["hand"]) == 5 and v["hands"] == [5, 5, 5]
    assert v["packs"] == [6, 6, 6] and v["round_no"] == 1
    for seat, suit in enumerate("HSD"):
        codes = sorted(st.spec.cards[u].code for u in st.zones[f"pack/{seat}"])
        assert codes == sorted(f"{r}{suit}" for r in "A23456")
    # the common pile is 7 to queen of spades, clubs and diamonds and two jokers
    common = [st.spec.cards[u].code for k, ids in st.zones.items()
              if k.startswith(("hand/", "deck")) for u in ids]
    assert len(common) == 20 and common.count("joker") == 2
    assert sorted(c for c in common if c != "joker") == sorted(
        f"{r}{s}" for s in "SCD" for r in ["7", "8", "9", "10", "J", "Q"])
    # the clubs pack (no fourth player), the kings and the hearts 7 to king stay out, face up
    out = sorted(st.spec.cards[u].code for u in st.zones["unused"])
    assert len(out) == 6 + 3 + 7 and "AC" in out and "KS" in out and "7H" in out
    assert sum(len(ids) for ids in st.zones.values()) == 54


def test_the_starter_announces_before_laying() -> None:
    st = two()
    assert st.current_player == 0
    assert moves(st) == ["announce clubs", "announce spades", "announce diamonds"]
    assert "Ana, announce the suit" in st.prompt("en")
    st.play("announce clubs")
    assert st.view(1)["suit"] == "clubs"
    assert st.log[-1].seat == 0
    assert public_log(st)[-1] == "announces clubs for round 1 and lays first"
    assert moves(st) == ["lay 7C", "lay 8C", "lay 9S", "lay joker", "lay 10D"]


def test_option_previous_the_player_before_the_starter_announces() -> None:
    st = three({"announcer": "previous"})
    assert st.current_player == 2  # Chloé announces, Ana lays first
    assert "Chloé, announce" in st.prompt("en") and "Ana lays first" in st.prompt("en")
    st.play("announce diamonds")
    assert st.current_player == 0 and st.view(0)["suit"] == "diamonds"
    assert st.log[-1].seat == 0
    assert public_log(st)[-1] == "lays first in round 1; Chloé announces diamonds"


# ------------------------------------------------------------------ laying

def test_laying_is_one_card_at_a_time_then_done() -> None:
    st = two()
    st.play("announce clubs")
    with pytest.raises(IllegalMoveError, match="lay at least one card first"):
        st.play("done")
    with pytest.raises(IllegalMoveError, match="nobody has laid cards yet this round"):
        st.play("accuse")
    st.play("lay 9S")
    with pytest.raises(IllegalMoveError, match="you have started laying"):
        st.play("accuse")
    st.play("lay 7C")
    assert st.current_player == 0 and "done" in moves(st)
    st.play("done")
    assert st.current_player == 1
    ana, ben = st.view(0), st.view(1)
    assert ana["my_laid"] == ["9S", "7C"] and ben["my_laid"] == []
    assert ana["plays"] == ben["plays"] == ["Ana ×2"]
    assert public_log(st)[-1] == "lays 2 cards face down, claiming clubs"
    assert moves(st) == ["lay 7S", "lay 8S", "lay JD", "lay QC", "lay 9C", "accuse"]


def test_a_player_who_lays_a_whole_hand_ends_the_turn_and_the_next_must_accuse() -> None:
    st = two()
    st.play("announce spades")
    for c in ANA:
        st.play(f"lay {c}")
    assert st.current_player == 1 and st.view(1)["plays"] == ["Ana ×5"]
    for c in BEN:
        st.play(f"lay {c}")
    # Ana's hand is empty: her only move is to accuse (the round cannot go on forever)
    assert st.current_player == 0 and moves(st) == ["accuse"]


# ------------------------------------------------------------------ challenges

def test_accusing_a_true_play_costs_the_accuser_a_pack_card() -> None:
    st = two()
    st.play("announce clubs")
    st.play("lay 7C")
    st.play("lay 8C")
    st.play("done")
    n = len(st.log)
    st.play("accuse")
    log = public_log(st, n)
    assert log[0] == "accuses Ana, who shows 7C 8C: all clubs"
    assert log[1] == "so Ben turns 3S: 5 cards left in the pack"
    v = st.view(0)
    assert v["last_reveal"] == ["7C", "8C"] and v["verdict"] == "truth"
    assert v["packs"] == [6, 5] and v["turned"] == [[], ["3S"]]
    # Ben lost: he starts round 2 and announces it; everybody has 5 cards again
    assert v["round_no"] == 2 and v["plays"] == [] and v["suit"] is None
    assert st.current_player == 1 and moves(st)[0] == "announce clubs"
    assert v["hands"] == [5, 5]
    # the reveal stays on the table until the next round's first play
    st.play("announce spades")
    st.play(f"lay {st.view(1)['hand'][0]}")
    assert st.view(0)["last_reveal"] == ["7C", "8C"]
    st.play("done")
    assert st.view(0)["last_reveal"] is None and st.view(0)["verdict"] == "truth"


def test_a_lie_costs_the_liar() -> None:
    st = two()
    st.play("announce clubs")
    st.play("lay 9S")
    st.play("done")
    st.play("accuse")
    v = st.view(1)
    assert v["last_reveal"] == ["9S"] and v["verdict"] == "lie"
    assert v["packs"] == [5, 6] and v["turned"] == [["4H"], []]
    assert st.current_player == 0  # the loser starts the next round


def test_a_joker_counts_as_the_announced_suit() -> None:
    st = two()
    st.play("announce diamonds")
    st.play("lay joker")
    st.play("lay 10D")
    st.play("done")
    st.play("accuse")
    assert st.view(0)["verdict"] == "truth" and st.view(0)["packs"] == [6, 5]


def test_one_wrong_card_makes_the_play_a_lie() -> None:
    st = two()
    st.play("announce clubs")
    st.play("lay 7C")
    st.play("lay joker")
    st.play("lay 10D")
    st.play("done")
    st.play("accuse")
    assert st.view(0)["verdict"] == "lie" and st.view(0)["last_reveal"] == ["7C", "joker", "10D"]


def test_only_the_last_play_is_revealed_by_default() -> None:
    st = two()
    st.play("announce clubs")
    st.play("lay 9S")  # Ana lies in her first play...
    st.play("done")
    st.play("lay 7S")
    st.play("done")
    st.play("lay 7C")  # ...and tells the truth in her second
    st.play("done")
    st.play("accuse")
    v = st.view(1)
    assert v["last_reveal"] == ["7C"] and v["verdict"] == "truth" and v["packs"] == [6, 5]


def test_option_round_reveals_everything_the_accused_laid_this_round() -> None:
    st = two({"reveal": "round"})
    st.play("announce clubs")
    st.play("lay 9S")
    st.play("done")
    st.play("lay 7S")
    st.play("done")
    st.play("lay 7C")
    st.play("done")
    st.play("accuse")
    v = st.view(1)
    assert sorted(v["last_reveal"]) == ["7C", "9S"] and v["verdict"] == "lie"
    assert v["packs"] == [5, 6]


def test_the_first_play_of_a_round_may_be_accused() -> None:
    st = two()
    st.play("announce clubs")
    st.play("lay 7C")
    st.play("done")
    assert "accuse" in moves(st)


# ------------------------------------------------------------------ the pack, the ace, the end

def lose_a_challenge(st, liar: int, suit: str = "clubs") -> None:
    """The seat ``liar`` lays a card that is not of ``suit`` and the next seat accuses."""
    while st.current_player != liar or st.pending is not None:
        if st.pending is not None:
            st.play(f"announce {suit}")
            continue
        lay = [m for m in moves(st) if m.startswith("lay ")]
        st.play(lay[0])
        if "done" in moves(st):
            st.play("done")
    hand = st.view(liar)["hand"]
    letter = st.view(liar)["suit"][0].upper()
    bad = next(c for c in hand if c != "joker" and not c.endswith(letter))
    st.play(f"lay {bad}")
    if st.current_player == liar:
        st.play("done")
    st.play("accuse")


def test_the_pack_shrinks_and_the_ace_eliminates_the_last_one_in_wins() -> None:
    st = two(hearts=["4H", "AH", "2H", "3H", "5H", "6H"])
    st.play("announce clubs")
    st.play("lay 9S")
    st.play("done")
    st.play("accuse")  # Ana lied: she turns 4H
    assert st.view(0)["packs"] == [5, 6] and not st.is_over
    lose_a_challenge(st, 0, "clubs")  # Ana turns the ace
    assert st.is_over and st.outcome.winners == (1,)
    assert st.outcome.reason == "Ben is the last player in"
    assert st.view(1)["packs"] == ["out", 6]
    assert st.view(1)["last_reveal"] and st.view(1)["verdict"] == "lie"  # on the last screen
    assert "so Ana turns the ace of their pack" in public_log(st)
    assert st.legal_moves() == []


def test_with_three_an_eliminated_player_is_skipped_and_the_next_starts() -> None:
    st = three()
    st.play("announce clubs")
    # Ben's pack (spades) is 3S then AS: he loses two challenges
    st.play("lay 7C")
    st.play("done")
    st.play("lay 7S")  # Ben lies
    st.play("done")
    st.play("accuse")  # Chloé accuses Ben: he turns 3S
    assert st.view(2)["packs"] == [6, 5, 6] and st.current_player == 1
    st.play("announce clubs")
    hand = st.view(1)["hand"]
    bad = next(c for c in hand if not c.endswith("C") and c != "joker")
    st.play(f"lay {bad}")
    if st.current_player == 1:  # the turn ends by itself when the hand is empty
        st.play("done")
    st.play("accuse")  # Chloé again: Ben turns AS, out
    v = st.view(0)
    assert v["packs"] == [6, "out", 6] and not st.is_over
    # Chloé starts the next round (the seat after Ben), and Ben never plays again
    assert st.current_player == 2
    st.play("announce spades")
    st.play(f"lay {st.view(2)['hand'][0]}")
    st.play("done")
    assert st.current_player == 0
    st.play(f"lay {st.view(0)['hand'][0]}")
    st.play("done")
    assert st.current_player == 2


def test_option_refill_tops_up_hands_from_the_pile() -> None:
    st = two({"deal": "refill"})
    st.play("announce clubs")
    st.play("lay 9S")
    st.play("lay 7C")
    st.play("done")
    st.play("accuse")
    v = st.view(0)
    # Ana kept her 3 cards and drew the pile's first two; Ben's hand is untouched
    assert v["hand"] == ["8C", "joker", "10D", "10C", "JC"]
    assert st.view(1)["hand"] == BEN
    assert sorted(v["last_reveal"]) == ["7C", "9S"]


def test_in_the_default_deal_every_round_is_dealt_again() -> None:
    st = two()
    st.play("announce clubs")
    st.play("lay 9S")
    st.play("done")
    st.play("accuse")
    assert st.view(0)["hands"] == [5, 5]
    assert public_log(st).count("shuffled deck") == 1


# ------------------------------------------------------------------ secrets

def test_nobody_sees_another_hand_a_face_down_card_or_a_pack() -> None:
    st = three()
    st.play("announce clubs")
    st.play("lay 9S")
    st.play("lay joker")
    st.play("done")
    for seat in range(3):
        v = json.dumps(st.view(seat))
        hidden = {0: ANA, 1: BEN, 2: CHLOE}
        for other, cards in hidden.items():
            if other != seat:
                for c in cards:
                    assert f'"{c}"' not in v, (seat, c)
        for c in HEARTS + SPADES + DIAMONDS:
            assert f'"{c}"' not in v
    assert st.view(0)["my_laid"] == ["9S", "joker"]
    text = " ".join(public_log(st))
    assert "9S" not in text and "joker" not in text


def test_a_sampled_world_keeps_the_claim_and_the_packs_but_not_the_cards() -> None:
    st = game().new_game(players=3, seed=11, first=0)  # a whole deck: nothing in the box
    st.play("announce clubs")
    for c in st.view(0)["hand"][:2]:
        st.play(f"lay {c}")
    st.play("done")
    seen = set()
    for k in range(30):
        w = st.determinize(1, random.Random(k))
        assert w.view(1) == st.view(1)
        laid = [w.spec.cards[u].code for u in w.zones["laid/0"]]
        assert len(laid) == 2 and all(w.spec.cards[u].type == "common" for u in w.zones["laid/0"])
        seen.add(tuple(sorted(laid)))
        for seat, suit in enumerate("HSD"):
            assert {w.spec.cards[u].suit for u in w.zones[f"pack/{seat}"]} == {suit}
    assert len(seen) > 5, "Ana's face-down cards are dealt anew in each world"


def test_the_mcts_bot_decides_from_what_it_sees_not_from_the_truth() -> None:
    from tabletop.bots import MctsBot, decide

    for seed in range(3):
        st = game().new_game(players=3, seed=seed, first=0)
        st.play("announce clubs")
        st.play(f"lay {st.view(0)['hand'][0]}")
        st.play(f"lay {st.view(0)['hand'][0]}")
        st.play("done")
        # another real world that Ben cannot tell apart: other hands, Ana's play, the packs
        other = st.determinize(1, random.Random(seed + 100))
        assert other.view(1) == st.view(1)
        assert other.zones["laid/0"] != st.zones["laid/0"] or \
            other.zones["hand/2"] != st.zones["hand/2"]
        a = decide(MctsBot(seed=7, iterations=40), st, 1)
        b = decide(MctsBot(seed=7, iterations=40), other, 1)
        assert a.text == b.text
