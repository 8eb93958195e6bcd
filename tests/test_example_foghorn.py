"""Foghorn, the deduction example of the docs (docs/examples/foghorn.yaml, its page
docs/examples/foghorn.md): every rule on a stacked deck, what a player notices of it (their
view, the log they are shown, the outcome); random games keep the engine's promises; a golden
playthrough; and `tabletop check` finds no problem in it.

A stacked deck is dealt top first: the card set aside face down, then (two players) the three
face up, then one card to each seat in order, then the first player's draw, and so on.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

import tabletop
from tabletop.analysis.checker import play_check
from tabletop.testing import check_every_step, random_game

PATH = Path(__file__).parent.parent / "docs" / "examples" / "foghorn.yaml"
COUNTS = {"lookout": 4, "spyglass": 3, "brawler": 2, "fog": 2, "squall": 2, "barter": 1,
          "contraband": 1, "pearl": 1}
GUESSES = ["guess spyglass", "guess brawler", "guess fog", "guess squall", "guess barter",
           "guess contraband", "guess pearl"]


@pytest.fixture(scope="module")
def game() -> tabletop.Game:
    return tabletop.load(PATH)


def stack(*top: str) -> list[str]:
    """The whole deck, ``top`` first, then the cards left in a fixed order."""
    left = Counter(COUNTS)
    left.subtract(top)
    assert min(left.values()) >= 0, top
    return [*top, *(code for code in COUNTS for _ in range(left[code]))]


def two(game: tabletop.Game, p1: str, p2: str, *draws: str, aside: str = "squall",
        face_up: tuple[str, str, str] = ("lookout", "spyglass", "fog"),
        whole: bool = True, **options: str) -> tabletop.State:
    """Two players, P1 first: P1 holds ``p1``, P2 ``p2``, the draw pile starts with
    ``draws`` (the rest of the deck follows, unless ``whole`` is false)."""
    cards = [aside, *face_up, p1, p2, *draws]
    return game.new_game(players=2, seed=1, first=0, options=options or None,
                         deck=stack(*cards) if whole else cards)


def lines(st: tabletop.State, seat: int | None = None, since: int = 0) -> list[str]:
    """The log lines a seat is shown (``None``: the public ones), in English."""
    return [e.text_in("en") for e in st.log[since:]
            if e.private_to is None or (seat is not None and seat in e.private_to)]


def legal(st: tabletop.State) -> list[str]:
    return [m.text for m in st.legal_moves()]


# --------------------------------------------------------------------------- the deal

def test_a_round_sets_one_card_aside_face_down_three_face_up_and_deals_one_each(
        game: tabletop.Game) -> None:
    st = two(game, "brawler", "barter", "lookout", aside="pearl",
             face_up=("lookout", "lookout", "spyglass"))
    v0, v1 = st.view(0), st.view(1)
    assert v0["hand"] == ["brawler", "lookout"]  # P1 starts: dealt one, drew one
    assert v1["hand"] == ["barter"]
    assert v0["open"] == v1["open"] == ["lookout", "lookout", "spyglass"]
    assert v0["deck"] == 16 - 1 - 3 - 2 - 1 and v0["round"] == 1 and v0["crates"] == [0, 0]
    assert "pearl" not in str(v0) + str(v1) + str(st.view(None))  # the card set aside
    assert lines(st) == ["round 1: one card set aside face down, and Lookout, Lookout, "
                         "Spyglass face up"]
    assert legal(st) == ["play brawler", "play lookout"]


def test_with_three_players_no_card_is_face_up(game: tabletop.Game) -> None:
    st = game.new_game(players=3, seed=1, first=0,
                       deck=stack("pearl", "lookout", "spyglass", "fog", "barter"))
    assert st.view(0)["open"] == [] and st.view(0)["hand"] == ["lookout", "barter"]
    assert st.view(0)["deck"] == 16 - 1 - 3 - 1
    assert lines(st) == ["round 1: one card set aside face down"]


# --------------------------------------------------------------------------- Lookout

def test_the_lookout_names_the_right_card_and_the_round_is_won(game: tabletop.Game) -> None:
    st = two(game, "lookout", "spyglass", "fog")
    st.play("play lookout")
    assert legal(st) == GUESSES  # never the Lookout itself
    st.play("guess 2")  # a card's rank names it too
    assert st.history[-1] == "guess spyglass"
    said = lines(st)
    assert said[1:6] == ["plays Lookout", "names Spyglass for P2: right",
                         "P2 lays down Spyglass", "P2 is out",
                         "P1 is the last smuggler in and lands a crate"]
    assert said[6] == "the card set aside was Squall"
    assert said[-1].startswith("round 2: ")
    v = st.view(0)
    assert v["crates"] == [1, 0] and v["round"] == 2 and v["out"] == [None, None]
    assert st.current_player == 0 and len(v["hand"]) == 2  # the winner starts round 2


def test_a_wrong_name_does_nothing_and_the_lookout_is_never_named(
        game: tabletop.Game) -> None:
    st = two(game, "lookout", "spyglass", "fog")
    st.play("play lookout")
    with pytest.raises(tabletop.TabletopError, match="guess spyglass"):
        st.play("guess lookout")
    st.play("guess pearl")
    assert lines(st)[-1] == "names Pearl for P2: wrong"
    assert st.current_player == 1 and st.view(1)["hand"] == ["spyglass", "lookout"]
    assert st.view(1)["out"] == [None, None]


# --------------------------------------------------------------------------- Spyglass

def test_the_spyglass_shows_a_card_to_its_player_alone(game: tabletop.Game) -> None:
    st = two(game, "spyglass", "barter", "fog")
    st.play("play spyglass")  # the only other player: picked without a question
    assert st.view(0)["known"] == [None, "barter"]
    assert st.view(1)["known"] == [None, None]
    assert lines(st, None)[-1] == "looks at the card of P2"
    assert lines(st, 0)[-1] == "sees that P2 holds Barter"
    assert "Barter" not in " ".join(lines(st, 1))
    assert st.view(1)["hand"] == ["barter", "lookout"]  # P2's card is still theirs


def test_a_card_seen_is_forgotten_once_it_is_played(game: tabletop.Game) -> None:
    st = two(game, "spyglass", "barter", "fog", "lookout")
    st.play("play spyglass")
    st.play("play barter")  # P2 swaps its Barter's partner away: P1 now holds the Lookout
    assert st.view(0)["known"] == [None, "fog"]  # P1 gave the Fog and knows where it is


# --------------------------------------------------------------------------- Brawler

def test_the_brawler_knocks_out_the_lower_card(game: tabletop.Game) -> None:
    st = two(game, "brawler", "fog", "pearl")
    st.play("play brawler")
    assert lines(st, None)[2:5] == ["brawls with P2: P2 has the lower card",
                                    "P2 lays down Fog", "P2 is out"]
    assert st.view(0)["crates"] == [1, 0]
    assert "sees that P2 holds Fog" in lines(st, 0)
    assert "sees that P1 holds Pearl" in lines(st, 1)
    assert "sees that P1 holds Pearl" not in lines(st, None)


def test_the_brawler_can_knock_out_its_own_player(game: tabletop.Game) -> None:
    st = two(game, "brawler", "fog", "spyglass")
    st.play("play brawler")
    assert "P1 lays down Spyglass" in lines(st)
    assert st.view(0)["crates"] == [0, 1] and st.current_player == 1


def test_a_brawl_tie_knocks_out_nobody_and_both_know(game: tabletop.Game) -> None:
    st = two(game, "brawler", "fog", "fog", face_up=("lookout", "lookout", "spyglass"))
    st.play("play brawler")
    assert lines(st)[-1] == "brawls with P2: a tie, both stay in"
    assert st.view(0)["known"] == [None, "fog"] and st.view(1)["known"][0] == "fog"
    assert st.view(0)["out"] == [None, None] and st.current_player == 1


# --------------------------------------------------------------------------- Fog

def test_the_fog_hides_its_player_until_their_next_turn(game: tabletop.Game) -> None:
    st = two(game, "fog", "lookout", "spyglass", "brawler")
    st.play("play fog")
    assert st.view(1)["out"] == ["fog", None]
    st.play("play lookout")  # nobody to pick: no question, the turn is over
    assert lines(st)[-1] == ("finds nobody to pick: every other player hides in the fog")
    assert st.current_player == 0 and st.view(0)["out"] == [None, None]


def test_the_fog_leaves_only_the_others_to_pick(game: tabletop.Game) -> None:
    st = game.new_game(players=3, seed=1, first=0,
                       deck=stack("squall", "fog", "lookout", "pearl", "spyglass", "barter"))
    st.play("play fog")  # P1: Fog; P2 now holds Lookout and Barter
    st.play("play lookout")  # P2 may only pick P3: picked without a question
    assert legal(st) == GUESSES
    st.play("guess pearl")
    assert lines(st)[-3:] == ["names Pearl for P3: right", "P3 lays down Pearl", "P3 is out"]
    assert st.current_player == 0 and st.view(0)["out"] == [None, None, "out"]


# --------------------------------------------------------------------------- Squall

def test_the_squall_makes_a_player_discard_and_draw(game: tabletop.Game) -> None:
    st = two(game, "squall", "fog", "spyglass", "barter")
    st.play("play squall")
    assert legal(st) == ["target P1", "target P2"]  # yourself too
    st.play("target P2")
    assert lines(st)[-1] == "blows away the card of P2: Fog"
    assert st.view(1)["played"] == [["squall"], ["fog"]]
    assert st.view(1)["hand"] == ["barter", "lookout"]  # drew the Barter, then its turn's card


def test_the_squall_on_yourself(game: tabletop.Game) -> None:
    st = two(game, "squall", "fog", "spyglass", "barter")
    st.play("play squall")
    st.play("target P1")
    assert st.view(0)["played"][0] == ["squall", "spyglass"]
    assert st.view(0)["hand"] == ["barter"]


def test_the_squall_blowing_away_the_pearl_knocks_out(game: tabletop.Game) -> None:
    st = two(game, "squall", "pearl", "spyglass")
    st.play("play squall")
    st.play("target P2")
    assert lines(st)[2:5] == ["blows away the card of P2: Pearl", "P2 is out",
                              "P1 is the last smuggler in and lands a crate"]


def test_the_squall_with_an_empty_draw_pile_gives_the_card_set_aside(
        game: tabletop.Game) -> None:
    st = two(game, "squall", "fog", "spyglass", aside="pearl", whole=False)
    assert st.view(0)["deck"] == 0
    st.play("play squall")
    st.play("target P2")
    said = lines(st)
    assert "the draw pile is empty: P2 takes the card set aside" in said
    # the draw pile is empty after the turn: the highest card lands the crate
    assert "the draw pile is empty: P1 Spyglass, P2 Pearl" in said
    assert st.view(0)["crates"] == [0, 1]


# --------------------------------------------------------------------------- Barter

def test_the_barter_swaps_cards_and_each_knows_what_it_gave(game: tabletop.Game) -> None:
    st = two(game, "barter", "spyglass", "fog")
    st.play("play barter")
    assert st.view(0)["hand"] == ["spyglass"] and st.view(0)["known"] == [None, "fog"]
    assert st.view(1)["hand"][0] == "fog" and st.view(1)["known"] == ["spyglass", None]
    assert lines(st, None)[-1] == "swaps cards with P2"
    assert "gave Fog to P2" in lines(st, 0) and "gave Fog to P2" not in lines(st, 1)


# --------------------------------------------------------------------------- Contraband

@pytest.mark.parametrize("other", ["squall", "barter", "pearl"])
def test_the_contraband_must_go_with_the_squall_the_barter_or_the_pearl(
        game: tabletop.Game, other: str) -> None:
    st = two(game, "contraband", "fog", other)
    assert legal(st) == ["play contraband"]
    name = other.capitalize()
    with pytest.raises(tabletop.IllegalMoveError,
                       match=f"you hold the Contraband with {name}: play the Contraband"):
        st.play(f"play {other}")
    st.play("play contraband")
    assert lines(st)[-1] == "dumps the contraband overboard"


def test_the_contraband_may_stay_with_another_card(game: tabletop.Game) -> None:
    st = two(game, "contraband", "fog", "lookout")
    assert legal(st) == ["play contraband", "play lookout"]


# --------------------------------------------------------------------------- Pearl

def test_playing_the_pearl_knocks_you_out(game: tabletop.Game) -> None:
    st = two(game, "pearl", "fog", "lookout")
    st.play("play pearl")
    assert lines(st)[1:4] == ["plays Pearl", "P1 lays down Lookout", "P1 is out"]
    assert st.view(1)["crates"] == [0, 1] and st.current_player == 1


# --------------------------------------------------------------------------- the end of a round

def test_an_empty_draw_pile_lets_the_highest_card_win(game: tabletop.Game) -> None:
    st = two(game, "spyglass", "fog", "lookout", aside="pearl", whole=False)
    st.play("play spyglass")
    said = lines(st)
    at = said.index("the draw pile is empty: P1 Lookout, P2 Fog")
    assert said[at + 1:at + 3] == ["P2 lands a crate", "the card set aside was Pearl"]
    assert st.view(1)["crates"] == [0, 1] and st.current_player == 1


def test_a_tie_goes_to_the_cards_played_then_to_both(game: tabletop.Game) -> None:
    # P1 plays its Spyglass (2), P2 a Brawler that ties (3), P1 its last Lookout (3): both
    # hold a Lookout and have played 3: both land a crate
    st = two(game, "lookout", "lookout", "spyglass", "brawler", "lookout",
             face_up=("squall", "squall", "pearl"), aside="fog", whole=False)
    st.play("play spyglass")
    st.play("play brawler")
    assert lines(st)[-1] == "brawls with P1: a tie, both stay in"
    st.play("play lookout")
    st.play("guess fog")
    said = lines(st)
    assert "the draw pile is empty: P1 Lookout, P2 Lookout" in said
    assert "P1 and P2 land a crate each" in said
    assert st.view(0)["crates"] == [1, 1] and st.current_player == 0  # the first winner


def test_the_cards_played_break_a_tie_of_the_highest_card(game: tabletop.Game) -> None:
    # both end with a Lookout; P1 has played a Spyglass and a Lookout (3), P2 a Fog (4)
    st = two(game, "lookout", "lookout", "spyglass", "fog", "lookout",
             face_up=("squall", "squall", "pearl"), aside="brawler", whole=False)
    st.play("play spyglass")
    st.play("play fog")
    st.play("play lookout")  # nobody to pick: P2 hides in the fog
    said = lines(st)
    at = said.index("the draw pile is empty: P1 Lookout, P2 Lookout")
    assert said[at + 1] == "P2 lands a crate" and st.view(0)["crates"] == [0, 1]


def test_the_match_ends_at_the_crates_the_option_asks_for(game: tabletop.Game) -> None:
    st = two(game, "pearl", "fog", "lookout", crates="2")
    st.play("play pearl")  # P2: 1 crate of 2; round 2, dealt from the shuffled deck
    assert st.view(0)["goal"] == 2 and not st.is_over
    while not st.is_over:  # P2 throws away whatever it can; P1 plays its Pearl if it has it
        st.play(st.legal_moves()[0])
    assert st.outcome is not None and st.outcome.name == "match"
    winners = st.outcome.winners
    assert all(st.outcome.scores[w] == 2 for w in winners)
    assert st.outcome.reason_in("en").endswith("landed 2 crates")


def test_a_new_round_brings_everyone_back_and_clears_the_fog(game: tabletop.Game) -> None:
    st = game.new_game(players=3, seed=1, first=0,
                       deck=stack("squall", "lookout", "fog", "pearl", "spyglass"))
    st.play("play lookout")
    st.play("target P2")
    st.play("guess fog")  # P2 is out
    st.play("play pearl")  # P3 plays the Pearl: out; P1 wins the round
    v = st.view(0)
    assert v["round"] == 2 and v["out"] == [None, None, None] and v["crates"] == [1, 0, 0]
    assert st.current_player == 0 and all(v["played"][s] == [] for s in range(3))


# --------------------------------------------------------------------------- whole games

def test_random_games_keep_the_engines_promises(game: tabletop.Game) -> None:
    for seed in range(60):
        players = 2 + seed % 3
        opts = {"crates": ["2", "3", "4", "5"][seed % 4]}
        st = random_game(game, seed=seed, players=players, options=opts, roundtrip_every=7)
        o = st.outcome
        assert o is not None and o.name == "match" and o.winners
        goal = int(opts["crates"])
        assert all(o.scores[w] >= goal for w in o.winners)
        assert all(s < goal for i, s in enumerate(o.scores) if i not in o.winners)


def test_a_random_game_replays_and_copies_at_every_step(game: tabletop.Game) -> None:
    check_every_step(game, seed=5, players=3)



def test_tabletop_check_finds_no_problem(game: tabletop.Game) -> None:
    report = play_check(game, games=60, seconds=60)
    assert report.problems == [] and report.games == 60


def test_every_text_is_in_both_languages(game: tabletop.Game) -> None:
    assert game.spec.untranslated == ()
    assert game.spec.rules["en"].startswith("# Foghorn")
    assert game.spec.rules["fr"].startswith("# Corne de brume")
