"""The trick-taking example of the docs (docs/examples/german-whist.yaml, built step by step in
docs/tutorial-tricks.md): its rules on a stacked deck, and random bots playing it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import tabletop
from tabletop.testing import random_game

PATH = Path(__file__).parent.parent / "docs" / "examples" / "german-whist.yaml"
SPADES = ["3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "QS", "KS", "AS", "AH"]
HEARTS = ["2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH", "2S"]


@pytest.fixture
def game() -> tabletop.Game:
    return tabletop.load(PATH)


def start(game: tabletop.Game) -> tabletop.State:
    # seat 1 (P1) holds 12 spades and the ace of hearts, seat 2 twelve hearts and the 2 of
    # spades; 2D is turned up (diamonds are trumps); 3D and 4D are left in the stock
    return game.new_game(players=2, seed=1, deck=[*SPADES, *HEARTS, "2D", "3D", "4D"])


def test_the_turned_up_card_sets_trumps_in_a_line_of_no_player(game: tabletop.Game) -> None:
    st = start(game)
    assert st.view(0)["trump"] == "♦" and st.view(1)["turned_up"] == "2D"
    line = st.log[-1]
    assert line.seat is None and line.text["en"] == "2♦ is turned up: ♦ is trumps"


def test_a_player_must_follow_the_led_suit(game: tabletop.Game) -> None:
    st = start(game)
    st.play("play A♠")  # suit symbols are typed as well as letters
    assert st.view(1)["led"] == "♠" and st.view(1)["played"] == ["AS", None]
    assert [m.text for m in st.legal_moves()] == ["play 2S"]
    with pytest.raises(tabletop.IllegalMoveError, match=r"must follow the led suit \(♠\)"):
        st.play("play 5H")


def test_the_winner_takes_the_turned_up_card_and_the_loser_draws(game: tabletop.Game) -> None:
    st = start(game)
    st.play("play AS")
    st.play("play 2S")
    v0, v1 = st.view(0), st.view(1)
    assert "2D" in v0["hand"] and "3D" in v1["hand"]  # the loser's card: only the loser sees
    assert v0["turned_up"] == "4D" and v0["stock"] == 0 and v0["tricks"] == [0, 0]
    assert st.current_player == 0  # the winner leads
    assert st.log[-1].seat is None and "P1 wins the trick with A♠ and takes 2♦" in \
        st.log[-1].text["en"] and "3D" not in st.log[-1].text["en"]


def test_a_trump_wins_and_the_last_tricks_score(game: tabletop.Game) -> None:
    st = start(game)
    for move in ("play AS", "play 2S", "play AH", "play KH"):  # P1 wins both: takes 4D
        st.play(move)
    assert st.view(0)["turned_up"] is None and "4D" in st.view(0)["hand"]
    st.play("play KS")
    assert "play 3D" in [m.text for m in st.legal_moves()]  # no spade left: any card
    st.play("play 3D")  # a trump beats the led spade
    assert st.view(0)["tricks"] == [0, 1] and st.current_player == 1


def test_the_game_ends_when_the_hands_are_empty(game: tabletop.Game) -> None:
    st = random_game(game, seed=3, players=2)
    assert st.outcome is not None and sum(st.outcome.scores) == 13
    assert len(st.outcome.winners) == 1
    assert st.outcome.scores[st.outcome.winners[0]] >= 7


def test_random_bots_play_it_to_the_end(game: tabletop.Game) -> None:
    for seed in range(25):
        st = random_game(game, seed=seed, players=2, roundtrip_every=13)
        assert st.move_count == 52


def test_it_carries_its_rules_page_in_both_languages(game: tabletop.Game) -> None:
    assert game.spec.rules["en"].startswith("# German Whist")
    assert game.spec.rules["fr"].startswith("# Whist allemand")
    assert game.spec.untranslated == ()


def test_the_tutorial_quotes_the_example_file() -> None:
    """Every line of YAML in docs/tutorial-tricks.md is a line of the example file, so the
    tutorial and the game it builds stay the same."""
    tutorial = (PATH.parent.parent / "tutorial-tricks.md").read_text(encoding="utf-8")
    example = set(PATH.read_text(encoding="utf-8").splitlines())
    blocks = re.findall(r"```yaml\n(.*?)```", tutorial, re.S)
    assert len(blocks) >= 10
    for block in blocks:
        for line in block.splitlines():
            assert line in example, line
