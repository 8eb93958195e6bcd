"""Signal Fires (docs/examples/signal-fires.yaml), a cooperative game of our own where you see
every hand but yours: every rule on a stacked deck, as a player at the table notices it (the
view, the moves, the log they are shown, the outcome); your own cards never show to you until
they are lit; calls show as marks; random games keep the engine's promises; a golden
playthrough; and `tabletop check` finds no problem in it."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import tabletop
from tabletop.analysis.checker import play_check, shown_to
from tabletop.testing import check_every_step, random_game

PATH = Path(__file__).parent.parent / "docs" / "examples" / "signal-fires.yaml"

ANA = ["R1", "B1", "R2", "O3", "V5"]      # seat 0 (P1), places 1 to 5
BEN = ["I1", "B2", "O1", "I4", "R3"]      # seat 1 (P2)
PILE = ["V1", "O2", "B3", "V2", "I2", "O4"]  # drawn in this order; the rest stay out


@pytest.fixture(scope="module")
def game() -> tabletop.Game:
    return tabletop.load(PATH)


def start(game: tabletop.Game, pile: list[str] = PILE, **options: str) -> tabletop.State:
    return game.new_game(players=2, seed=1, deck=[*ANA, *BEN, *pile], first=0,
                         options=options or None)


def legal(st: tabletop.State, lang: str = "en") -> list[str]:
    return [st.move_text(m, lang) for m in st.legal_moves()]


def lines(st: tabletop.State, seat: int, lang: str = "en") -> list[str]:
    """The log lines the seat is shown, the opening shuffle left out."""
    return [e.text_in(lang) for e in st.log if e.visible_to(seat) and e.kind != "shuffle"]


def own_cards_hidden(st: tabletop.State, seat: int, codes: list[str]) -> None:
    """None of ``codes`` (cards in the seat's own hand, held nowhere else it sees) shows in
    anything the seat is shown: its view, its log, its moves, hints and prompt, in both
    languages, by code or by name."""
    shown = json.dumps(shown_to(st, seat), ensure_ascii=False)
    by_code = {c.code: c for c in st.spec.cards}
    for code in codes:
        for n in (code, by_code[code].name["en"], by_code[code].name["fr"]):
            assert f'"{n}' not in shown and f" {n}" not in shown and f":{n}" not in shown, n


# --------------------------------------------------------------------------- the deal

def test_you_see_every_hand_but_your_own(game: tabletop.Game) -> None:
    st = start(game)
    v0, v1 = st.view(0), st.view(1)
    assert v0["hands"] == ["1:??  2:??  3:??  4:??  5:??", "1:I1  2:B2  3:O1  4:I4  5:R3"]
    assert v1["hands"] == ["1:R1  2:B1  3:R2  4:O3  5:V5", "1:??  2:??  3:??  4:??  5:??"]
    assert st.view(None)["hands"] == ["1:??  2:??  3:??  4:??  5:??"] * 2  # shared screen
    assert v0["chains"] == "R:0  B:0  O:0  V:0  I:0" and v0["calls"] == 8
    assert v0["deck"] == len(PILE) and v0["alarms"] == "0 / 3" and v0["left"] is None
    own_cards_hidden(st, 0, ANA)
    own_cards_hidden(st, 1, BEN)


def test_your_own_flames_are_played_by_place_never_by_name(game: tabletop.Game) -> None:
    st = start(game)
    assert legal(st) == ["light 1", "light 2", "light 3", "light 4", "light 5", "call P2"]
    assert legal(st, "fr")[:2] == ["allumer 1", "allumer 2"]
    with pytest.raises(tabletop.IllegalMoveError, match="cannot see those cards"):
        st.play("light R1")  # refused in one sentence, whether it is there or not
    with pytest.raises(tabletop.IllegalMoveError, match="cannot see those cards"):
        st.play("light I1")


def test_four_players_hold_four_flames_each(game: tabletop.Game) -> None:
    st = game.new_game(players=4, seed=2, first=0)
    assert [h.count(":") for h in st.view(0)["hands"]] == [4, 4, 4, 4]
    st3 = game.new_game(players=3, seed=2, first=0)
    assert [h.count(":") for h in st3.view(0)["hands"]] == [5, 5, 5]


# --------------------------------------------------------------------------- calls

def test_a_call_names_a_colour_or_number_the_hand_holds(game: tabletop.Game) -> None:
    st = start(game)
    st.play("call P2")
    assert legal(st) == ["say red", "say blue", "say orange", "say ivory", "say 1", "say 2",
                         "say 3", "say 4"]
    assert "say violet" not in legal(st) and "say 5" not in legal(st)  # Ben holds neither
    assert "dire rouge" in legal(st, "fr")
    assert st.prompt("en").startswith("What do you call to P2")
    with pytest.raises(tabletop.IllegalMoveError):
        st.play("say violet")
    with pytest.raises(tabletop.IllegalMoveError):
        st.play("light 1")  # the question waits for its answer


def test_a_number_call_marks_those_flames_for_the_whole_table(game: tabletop.Game) -> None:
    st = start(game)
    st.play("call P2")
    st.play("say 1")  # Ben's 1s: I1 and O1, at places 1 and 3
    assert st.view(1)["hands"][1] == "1:?1  2:??  3:?1  4:??  5:??"  # Ben knows their number
    assert st.view(0)["hands"][1] == "1:I1(1)  2:B2  3:O1(1)  4:I4  5:R3"
    assert st.view(None)["hands"][1] == "1:?1  2:??  3:?1  4:??  5:??"
    assert st.view(0)["calls"] == 7 and st.current_player == 1
    assert lines(st, 1) == lines(st, 0) == ["calls 1 to P2: places 1, 3"]
    assert lines(st, 1, "fr") == ["annonce 1 à P2 : places 1, 3"]


def test_a_colour_call_marks_only_that_colour_and_marks_add_up(game: tabletop.Game) -> None:
    st = start(game)
    st.play("call P2")
    st.play("say ivory")  # I1, I4
    st.play("call P1")
    st.play("say red")  # Ana's R1 and R2
    assert st.view(0)["hands"][0] == "1:R?  2:??  3:R?  4:??  5:??"
    st.play("call P2")
    st.play("say 1")
    assert st.view(1)["hands"][1] == "1:I1  2:??  3:?1  4:I?  5:??"  # I1 told twice: known
    assert st.view(0)["hands"][1] == "1:I1(I1)  2:B2  3:O1(1)  4:I4(I)  5:R3"
    assert lines(st, 0)[-2:] == ["calls red to P1: places 1, 3", "calls 1 to P2: places 1, 3"]
    own_cards_hidden(st, 0, ANA)


def test_the_bots_worlds_agree_with_the_calls(game: tabletop.Game) -> None:
    st = start(game)
    st.play("call P2")
    st.play("say ivory")
    seen = set()
    for k in range(30):
        world = st.determinize(1, random.Random(k))  # Ben's own hand dealt again
        hand = [world.spec.cards[u] for u in world.zones["hand/1"]]
        assert hand[0].attr("colour") == "I" and hand[3].attr("colour") == "I"  # the marked
        seen.add(hand[0].code)
    assert seen == {"I1", "I4"} or len(seen) >= 2  # any ivory Ben cannot rule out


def test_no_call_can_be_made_without_a_call_left(game: tabletop.Game) -> None:
    st = start(game)
    for _ in range(4):  # eight calls spent, four each
        st.play("call P2")
        st.play("say 1")
        st.play("call P1")
        st.play("say 1")
    assert st.view(0)["calls"] == 0
    assert not any(m.startswith("call") for m in legal(st))
    with pytest.raises(tabletop.IllegalMoveError, match="no call left"):
        st.play("call P2")


def test_you_cannot_call_yourself(game: tabletop.Game) -> None:
    st = start(game)
    with pytest.raises(tabletop.IllegalMoveError, match="another keeper"):
        st.play("call P1")


# --------------------------------------------------------------------------- smother

def test_smothering_wins_back_a_call_and_draws(game: tabletop.Game) -> None:
    st = start(game)
    assert not any(m.startswith("smother") for m in legal(st))  # all eight calls in hand
    with pytest.raises(tabletop.IllegalMoveError):
        st.play("smother 1")
    st.play("call P2")
    st.play("say 1")
    st.play("smother 3")  # Ben smothers O1 (place 3), draws V1 at the end of his hand
    v0 = st.view(0)
    assert v0["calls"] == 8 and v0["ashes"] == "O1" and v0["deck"] == len(PILE) - 1
    assert v0["hands"][1] == "1:I1(1)  2:B2  3:I4  4:R3  5:V1"  # the marks follow the cards
    assert st.view(1)["hands"][1] == "1:?1  2:??  3:??  4:??  5:??"
    assert lines(st, 0)[-1] == "smothers orange 1 and wins back a call"
    assert lines(st, 0, "fr")[-1] == "étouffe orange 1 et regagne un appel"


# --------------------------------------------------------------------------- light

def test_lighting_the_next_number_of_its_colour(game: tabletop.Game) -> None:
    st = start(game)
    st.play("light 1")  # Ana's R1: the red chain's first flame; she draws V1 at place 5
    v0, v1 = st.view(0), st.view(1)
    assert v0["chains"] == "R:1  B:0  O:0  V:0  I:0" and v0["score"] == 1
    assert v1["hands"][0] == "1:B1  2:R2  3:O3  4:V5  5:V1"
    assert v0["hands"][0] == "1:??  2:??  3:??  4:??  5:??" and v0["deck"] == len(PILE) - 1
    assert lines(st, 0) == lines(st, 1) == ["lights red 1"]
    assert lines(st, 0, "fr") == ["allume rouge 1"]
    own_cards_hidden(st, 0, ["B1", "R2", "O3", "V5", "V1"])  # the card drawn included


def test_marks_follow_the_cards_as_the_hand_moves_up(game: tabletop.Game) -> None:
    st = start(game)
    st.play("light 1")  # R1
    st.play("call P1")
    st.play("say red")  # Ana's R2, now at place 2
    assert st.view(0)["hands"][0] == "1:??  2:R?  3:??  4:??  5:??"
    assert st.view(1)["hands"][0] == "1:B1  2:R2(R)  3:O3  4:V5  5:V1"
    st.play("light 1")  # B1 is lit: R2 moves up to place 1, its mark with it
    assert st.view(0)["hands"][0] == "1:R?  2:??  3:??  4:??  5:??"
    assert st.view(0)["chains"] == "R:1  B:1  O:0  V:0  I:0"


def test_a_flame_out_of_order_is_a_false_alarm(game: tabletop.Game) -> None:
    st = start(game)
    st.play("light 5")  # V5: the violet chain is not lit
    v0 = st.view(0)
    assert v0["alarms"] == "1 / 3" and v0["ashes"] == "V5" and v0["score"] == 0
    assert v0["chains"] == "R:0  B:0  O:0  V:0  I:0" and v0["deck"] == len(PILE) - 1
    assert lines(st, 1) == ["lights violet 5 out of order: false alarm (1 of 3)"]
    assert lines(st, 1, "fr") == ["allume violet 5 à contretemps : fausse alerte (1 sur 3)"]
    st.play("light 5")  # Ben's R3: too early as well
    st.play("light 1")  # Ana's R1 is lit
    st.play("light 3")  # Ben's O1 is lit
    assert st.view(0)["ashes"] == "R3 V5" and st.view(0)["alarms"] == "2 / 3"
    assert st.view(0)["chains"] == "R:1  B:0  O:1  V:0  I:0" and not st.is_over


def test_the_last_alarm_ends_the_game_and_the_lit_flames_still_score(
        game: tabletop.Game) -> None:
    st = start(game, alarms="2")
    st.play("light 1")  # R1 lit
    st.play("light 4")  # I4: alarm 1 of 2
    assert not st.is_over
    st.play("light 4")  # V5: alarm 2 of 2
    o = st.outcome
    assert o is not None and o.name == "dark" and o.winners == (0, 1) and o.scores == (1, 1)
    assert o.reason == "the last false alarm sounds: 1 for the table"


def test_with_dark_the_last_alarm_puts_every_flame_out(game: tabletop.Game) -> None:
    st = start(game, alarms="2", last_alarm="dark")
    for move in ("light 1", "light 4", "light 4"):
        st.play(move)
    o = st.outcome
    assert o is not None and o.name == "dark" and o.winners == () and o.scores == (0, 0)
    assert o.reason == "the last false alarm sounds: 0 for the table"


def test_the_fifth_flame_of_a_chain_wins_back_a_call(game: tabletop.Game) -> None:
    st = game.new_game(players=2, seed=1, first=0, deck=[
        "R1", "R2", "R3", "R4", "R5", "I1", "B2", "O1", "I4", "B3",
        "V1", "O2", "V2", "I2", "O4", "B1", "O3", "V3"])
    for _ in range(4):
        st.play("light 1")
        st.play("call P1")
        st.play("say 1")
    assert st.view(0)["calls"] == 4 and st.view(0)["chains"].startswith("R:4")
    st.play("light 1")  # R5
    assert st.view(0)["calls"] == 5 and st.view(0)["chains"].startswith("R:5")
    assert lines(st, 1)[-2:] == ["lights red 5", "the red chain is complete: one call won back"]
    assert lines(st, 1, "fr")[-1] == "la chaîne rouge est complète : un appel regagné"


def test_every_chain_lit_ends_the_game_with_the_full_score(game: tabletop.Game) -> None:
    # four colours: twenty flames in the order they are lit, each player lighting place 1
    order = [f"{c}{n}" for c in "RBOV" for n in range(1, 6)]
    rest = ["R1", "R1", "B1", "B1", "O1", "O1", "V1", "V1", "R2", "B2", "O2", "V2"]
    deck = order[0:10:2] + order[1:10:2] + order[10:] + rest
    st = game.new_game(players=2, seed=1, first=0, deck=deck, options={"colours": "four"})
    assert st.view(0)["chains"] == "R:0  B:0  O:0  V:0"
    for _ in range(20):
        st.play("light 1")
    o = st.outcome
    assert o is not None and o.name == "complete" and o.winners == (0, 1)
    assert o.scores == (20, 20) and o.reason == "every chain is lit: 20 for the table"
    assert st.view(0)["alarms"] == "0 / 3"


def test_once_the_pile_is_empty_everyone_plays_one_more_turn(game: tabletop.Game) -> None:
    st = start(game, pile=["V1", "O2"])
    st.play("light 1")  # R1; Ana draws V1
    st.play("call P1")
    st.play("say 1")  # Ben calls (no draw)
    st.play("light 1")  # Ana's B1; she draws the last card, O2
    assert st.view(0)["deck"] == 0 and st.view(0)["left"] == 2
    assert lines(st, 0)[-1] == "the draw pile is empty: one more turn each"
    st.play("light 3")  # Ben's O1: his last turn
    assert not st.is_over and st.view(1)["left"] == 1 and st.current_player == 0
    st.play("light 1")  # Ana, who drew the last card, plays once more: R2
    o = st.outcome
    assert o is not None and o.name == "dawn" and o.scores == (4, 4) and o.winners == (0, 1)
    assert o.reason == "dawn breaks: 4 for the table"
    assert st.view(0)["hands"][0].count(":") == 4  # no card drawn from an empty pile


# --------------------------------------------------------------------------- the whole game

def test_random_games_keep_the_engines_promises(game: tabletop.Game) -> None:
    for seed in range(45):
        players = 2 + seed % 3
        opts = {"alarms": ["3", "2", "4"][seed % 3], "last_alarm": ["keep", "dark"][seed % 2],
                "colours": ["five", "four"][seed // 2 % 2]}
        st = random_game(game, seed=seed, players=players, options=opts, roundtrip_every=5)
        o = st.outcome
        assert o is not None and o.name in ("dark", "complete", "dawn")
        assert len(set(o.scores)) == 1  # one score, shared by every seat
        lit = st.view(0)["score"]
        if o.name == "dark" and opts["last_alarm"] == "dark":
            assert o.scores[0] == 0 and o.winners == ()
        else:
            assert o.scores[0] == lit and o.winners == tuple(range(players))
        for seat in range(players):  # your own hand: only what you were told, and true
            held = [st.spec.cards[u] for u in st.zones[f"hand/{seat}"]]
            tokens = [t.split(":")[1] for t in st.view(seat)["hands"][seat].split()]
            assert len(tokens) == len(held) and all("(" not in t for t in tokens)
            for t, card in zip(tokens, held, strict=True):
                assert t[0] in ("?", card.attr("colour")) and t[1:] in ("?", str(card.value))


def test_a_random_game_replays_and_copies_at_every_step(game: tabletop.Game) -> None:
    check_every_step(game, seed=5, players=3)



def test_tabletop_check_finds_no_problem(game: tabletop.Game) -> None:
    report = play_check(game, games=90, seconds=60)
    assert report.problems == [] and report.games == 90


def test_every_text_is_in_both_languages(game: tabletop.Game) -> None:
    assert game.spec.untranslated == ()
    assert game.spec.rules["en"].startswith("# Signal Fires")
    assert game.spec.rules["fr"].startswith("# Feux de signaux")
