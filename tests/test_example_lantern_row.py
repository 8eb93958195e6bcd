"""Lantern Row, the bluffing example of the docs (docs/examples/lantern-row.yaml, its page
docs/examples/lantern-row.md): every rule on a stacked deck, what a player notices of it
(their view, the log they are shown, the questions, the outcome); the challenge window;
random games keep the engine's promises; a golden playthrough; and `tabletop check` finds no
problem in it.

A stacked deck is dealt top first, two tokens to each seat in seat order; the rest is the
stack. ``DEAL`` gives P1 a Merchant and a Pickpocket, P2 a Bruiser and a Fortune-teller, P3 a
Merchant and a Bruiser.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

import tabletop
from tabletop.analysis.checker import play_check
from tabletop.testing import check_every_step, random_game

PATH = Path(__file__).parent.parent / "docs" / "examples" / "lantern-row.yaml"
COUNTS = {"merchant": 3, "pickpocket": 3, "bruiser": 3, "teller": 3}
DEAL = ("merchant", "pickpocket", "bruiser", "teller", "merchant", "bruiser")


@pytest.fixture(scope="module")
def game() -> tabletop.Game:
    return tabletop.load(PATH)


def stack(*top: str) -> list[str]:
    """The whole deck, ``top`` first, then the tokens left in a fixed order."""
    left = Counter(COUNTS)
    left.subtract(top)
    assert min(left.values()) >= 0, top
    return [*top, *(code for code in COUNTS for _ in range(left[code]))]


def three(game: tabletop.Game, *deal: str, first: int = 0) -> tabletop.State:
    return game.new_game(players=3, seed=1, first=first, deck=stack(*(deal or DEAL)))


def lines(st: tabletop.State, seat: int | None = None, since: int = 0) -> list[str]:
    """The log lines a seat is shown (``None``: the public ones), in English."""
    return [e.text_in("en") for e in st.log[since:]
            if e.private_to is None or (seat is not None and seat in e.private_to)]


def legal(st: tabletop.State) -> list[str]:
    return [m.text for m in st.legal_moves()]


def shown_to(st: tabletop.State, seat: int) -> tuple[object, ...]:
    """Everything ``seat`` is shown while a window is open."""
    return (st.current_player, st.view(seat), legal(st), [m.text for m in st.bot_moves(seat)],
            st.prompt("en"), st.prompt("fr"), [e.to_dict() for e in st.log if e.visible_to(seat)],
            st.window)


def coins(st: tabletop.State) -> list[int]:
    return list(st.view(None)["coins"])


# --------------------------------------------------------------------------- the deal

def test_each_trader_holds_two_tokens_face_down_and_two_coins(game: tabletop.Game) -> None:
    st = three(game)
    v0, v1 = st.view(0), st.view(1)
    assert v0["hand"] == ["merchant", "pickpocket"] and v1["hand"] == ["bruiser", "teller"]
    assert v0["coins"] == [2, 2, 2] and v0["hidden"] == [2, 2, 2] and v0["stack"] == 6
    assert v0["up"] == [[], [], []] and v0["known"] == [[], [], []]
    assert st.view(None)["hand"] == [None, None]
    assert "bruiser" not in str(v0) and "pickpocket" not in str(v1)
    # 2 coins: neither the Bruiser (3) nor informing (7); any guild may be claimed
    assert legal(st) == ["work", "trade", "pinch P2", "pinch P3", "read P2", "read P3"]
    with pytest.raises(tabletop.IllegalMoveError, match="the Bruiser costs 3 coins; you have 2"):
        st.play("rough P2")
    with pytest.raises(tabletop.IllegalMoveError, match="informing costs 7 coins; you have 2"):
        st.play("inform P2")


def test_work_takes_a_coin_and_asks_nobody(game: tabletop.Game) -> None:
    st = three(game)
    st.play("work")
    assert coins(st) == [3, 2, 2] and st.current_player == 1 and st.window is None
    assert lines(st) == ["works a stall: takes 1 coin"]


# --------------------------------------------------------------------------- the window

def test_a_claim_asks_every_other_trader_in_play_order(game: tabletop.Game) -> None:
    st = three(game, first=1)
    st.play("trade")  # P2 claims: P3 is asked first, then P1
    assert st.current_player == 2 and st.window is not None
    assert st.window.seats == (2, 0)
    assert legal(st) == ["challenge", "believe"]
    assert st.prompt("en") == "P2 claims the Merchant. Challenge?"
    assert st.prompt("fr") == "P2 se dit Marchand. Contester ?"
    st.play("believe")
    assert st.current_player == 0 and legal(st) == ["challenge", "believe"]
    st.play("believe")
    assert lines(st)[-2:] == ["nobody challenges", "takes 3 coins"]
    assert coins(st) == [2, 5, 2] and st.current_player == 2


def test_the_first_challenger_in_play_order_decides(game: tabletop.Game) -> None:
    st = three(game, first=1)
    st.play("trade")  # P2 holds no Merchant
    st.play("challenge")  # P3, first after P2
    st.play("challenge")  # P1 challenges too, but later in play order
    assert "is challenged by P3: no Merchant!" in lines(st)
    assert legal(st) == ["turn up bruiser", "turn up teller"]  # P2 chooses the token it loses


def test_a_later_challenger_decides_when_the_earlier_believes(game: tabletop.Game) -> None:
    st = three(game)
    st.play("trade")  # P1 holds a Merchant
    st.play("believe")  # P2
    st.play("challenge")  # P3: it is P3 who loses a token
    assert lines(st)[1] == "is challenged by P3 and shows the Merchant"
    assert st.current_player == 2 and legal(st) == ["turn up merchant", "turn up bruiser"]


def test_a_later_seat_cannot_tell_whether_an_earlier_one_challenged(game: tabletop.Game) -> None:
    shown = []
    for answer in ("challenge", "believe"):
        st = three(game)
        st.play("read P3")
        before = shown_to(st, 2)
        st.play(answer)  # P2's answer, kept until the window closes
        assert st.current_player == 2
        shown.append((shown_to(st, 2), shown_to(st, 1), st.view(None), before[1]))
        assert shown_to(st, 2)[1:3] == before[1:3]
    assert shown[0] == shown[1]


# --------------------------------------------------------------------------- true and false claims

def test_a_true_claim_is_shown_and_the_challenger_turns_up_a_token(game: tabletop.Game) -> None:
    st = three(game)
    st.play("trade")
    st.play("challenge")  # P2
    st.play("believe")  # P3
    assert lines(st) == ["claims the Merchant to take 3 coins",
                         "is challenged by P2 and shows the Merchant", "shuffled stack",
                         "draws a new token"]
    v = st.view(0)
    assert len(v["hand"]) == 2 and v["hand"][0] == "pickpocket" and v["stack"] == 6
    st.play("turn up teller")  # P2's choice
    assert lines(st)[-2:] == ["P2 turns up Fortune-teller", "takes 3 coins"]
    v = st.view(2)
    assert v["up"] == [[], ["teller"], []] and v["hidden"] == [2, 1, 2]
    assert coins(st) == [5, 2, 2] and st.current_player == 1
    assert st.view(1)["hand"] == ["bruiser"]


def test_a_false_claim_turns_up_a_token_of_the_claimer_and_does_nothing(
        game: tabletop.Game) -> None:
    st = three(game)
    st.play("pinch P3")  # P1 holds a Pickpocket: true. P2 pinches P1, with no Pickpocket
    st.play("believe")
    st.play("believe")
    assert coins(st) == [4, 2, 0]
    st.play("pinch P1")
    st.play("believe")  # P3
    st.play("challenge")  # P1
    assert lines(st)[-1] == "is challenged by P1: no Pickpocket!"
    assert st.current_player == 1 and legal(st) == ["turn up bruiser", "turn up teller"]
    st.play("turn up bruiser")
    assert coins(st) == [4, 2, 0]  # nothing taken
    assert st.view(0)["up"] == [[], ["bruiser"], []] and st.current_player == 2


def test_a_bruiser_caught_bluffing_has_spent_its_coins(game: tabletop.Game) -> None:
    st = three(game)
    st.play("work")  # P1: 3
    st.play("work")  # P2: 3
    st.play("work")  # P3: 3
    st.play("rough P2")  # P1 holds no Bruiser
    assert coins(st) == [0, 3, 3]
    st.play("challenge")  # P2
    st.play("believe")
    st.play("turn up pickpocket")
    assert lines(st)[-2:] == ["is challenged by P2: no Bruiser!", "P1 turns up Pickpocket"]
    assert coins(st) == [0, 3, 3] and st.view(1)["hidden"] == [1, 2, 2]


# --------------------------------------------------------------------------- the guilds

def test_the_pickpocket_takes_two_coins_or_what_there_is(game: tabletop.Game) -> None:
    st = three(game)
    st.play("pinch P2")
    st.play("believe")
    st.play("believe")
    assert lines(st)[-1] == "takes 2 coins from P2" and coins(st) == [4, 0, 2]
    # nobody pinches a trader without a coin
    assert legal(st) == ["work", "trade", "pinch P1", "pinch P3", "read P1", "read P3"]
    st.play("work")  # P2: 1 coin
    st.play("pinch P2")  # P3
    st.play("believe")
    st.play("believe")
    assert lines(st)[-1] == "takes 1 coins from P2" and coins(st) == [4, 0, 3]


def test_the_bruiser_makes_a_trader_turn_up_a_token_of_their_choice(
        game: tabletop.Game) -> None:
    st = three(game, first=2)
    st.play("work")  # P3: 3 coins
    st.play("work")
    st.play("work")
    st.play("rough P2")  # P3 holds a Bruiser
    st.play("believe")  # P1
    st.play("believe")  # P2
    assert st.current_player == 1 and legal(st) == ["turn up bruiser", "turn up teller"]
    assert st.prompt("en") == "You lose a token: which do you turn face up?"
    st.play("turn up bruiser")
    assert lines(st)[-1] == "P2 turns up Bruiser"
    assert coins(st) == [3, 3, 0] and st.current_player == 0


def test_the_fortune_teller_is_shown_a_token_only_it_sees(game: tabletop.Game) -> None:
    st = three(game, first=1)
    st.play("read P3")  # P2 holds a Fortune-teller
    st.play("believe")  # P3
    st.play("believe")  # P1
    assert st.current_player == 2 and legal(st) == ["show merchant", "show bruiser"]
    assert st.prompt("en") == "P2 reads your fortune: which token do you show them?"
    st.play("show bruiser")
    assert st.view(1)["known"] == [[], [], ["bruiser"]]
    assert st.view(0)["known"] == [[], [], []] and st.view(2)["known"] == [[], [], []]
    assert lines(st, 1)[-1] == "sees that P3 holds Bruiser"
    assert lines(st, None)[-1] == "reads the fortune of P3"
    assert "Bruiser" not in " ".join(lines(st, 0))
    assert st.current_player == 2


def test_informing_costs_seven_coins_and_asks_nobody(game: tabletop.Game) -> None:
    st = three(game)
    for _ in range(2):  # P1 trades twice (true), the others work
        st.play("trade")
        st.play("believe")
        st.play("believe")
        st.play("work")
        st.play("work")
    assert coins(st) == [8, 4, 4]
    st.play("inform P3")
    assert st.window is None and st.current_player == 2
    st.play("turn up merchant")
    assert lines(st)[-2:] == ["pays 7 coins to inform on P3", "P3 turns up Merchant"]
    assert coins(st) == [1, 4, 4] and st.current_player == 1


# --------------------------------------------------------------------------- out, and the winner

def test_a_trader_with_no_face_down_token_is_out_and_never_asked(game: tabletop.Game) -> None:
    st = three(game)
    st.play("trade")  # true; P2 challenges and loses its Fortune-teller
    st.play("challenge")
    st.play("believe")
    st.play("turn up teller")
    st.play("trade")  # P2 bluffs; P3 challenges: P2 turns up its last token
    st.play("challenge")
    st.play("believe")
    assert lines(st)[-3:] == ["is challenged by P3: no Merchant!", "P2 turns up Bruiser",
                              "P2 is out"]
    v = st.view(0)
    assert v["hidden"] == [2, 0, 2] and v["up"][1] == ["teller", "bruiser"]
    assert coins(st) == [5, 2, 2] and st.current_player == 2 and not st.is_over
    st.play("read P1")  # P3 bluffs: only P1 is asked now
    assert st.window is not None and st.window.seats == (0,)
    st.play("believe")
    assert st.current_player == 0  # P1 shows P3 a token of its own (P2 is never asked)
    assert legal(st) == [f"show {c}" for c in dict.fromkeys(st.view(0)["hand"])]


def test_a_challenger_roughed_up_after_a_true_claim_may_lose_both_tokens(
        game: tabletop.Game) -> None:
    st = three(game, first=2)
    st.play("work")  # P3: 3 coins
    st.play("work")
    st.play("work")
    st.play("rough P2")  # true: P2 challenges, loses a token, then is roughed up: out
    st.play("believe")  # P1
    st.play("challenge")  # P2
    st.play("turn up teller")  # for the challenge; the Bruiser takes the last one, unasked
    assert lines(st)[-3:] == ["P2 turns up Fortune-teller", "P2 turns up Bruiser", "P2 is out"]
    assert st.view(0)["hidden"] == [2, 0, 2] and st.current_player == 0


def test_the_last_trader_in_wins(game: tabletop.Game) -> None:
    st = game.new_game(players=2, seed=1, first=0, deck=stack("merchant", "merchant",
                                                               "bruiser", "teller"))
    st.play("trade")  # true: P2 challenges, turns up its Fortune-teller
    st.play("challenge")
    st.play("turn up teller")
    st.play("trade")  # P2 bluffs: P1 challenges, P2's last token is turned up
    st.play("challenge")
    assert st.is_over and st.outcome is not None and st.outcome.name == "last"
    assert tuple(st.outcome.winners) == (0,)
    assert st.outcome.reason_in("en") == "P1 is the last trader with a face-down token"
    assert lines(st)[-3:-1] == ["P2 turns up Bruiser", "P2 is out"]


# --------------------------------------------------------------------------- whole games

def test_random_games_keep_the_engines_promises(game: tabletop.Game) -> None:
    for seed in range(60):
        players = 2 + seed % 3
        st = random_game(game, seed=seed, players=players, roundtrip_every=7)
        o = st.outcome
        assert o is not None and o.name == "last" and len(o.winners) == 1
        v = st.view(None)
        winner = o.winners[0]
        assert all(v["hidden"][s] + len(v["up"][s]) == 2 for s in range(players))
        assert [s for s in range(players) if v["hidden"][s] > 0] == [winner]
        assert min(v["coins"]) >= 0 and v["stack"] == 12 - 2 * players


def test_a_random_game_replays_and_copies_at_every_step(game: tabletop.Game) -> None:
    check_every_step(game, seed=5, players=3)



def test_tabletop_check_finds_no_problem(game: tabletop.Game) -> None:
    report = play_check(game, games=60, seconds=60)
    assert report.problems == [] and report.games == 60


def test_every_text_is_in_both_languages(game: tabletop.Game) -> None:
    assert game.spec.untranslated == ()
    assert game.spec.rules["en"].startswith("# Lantern Row")
    assert game.spec.rules["fr"].startswith("# Rue des Lanternes")
