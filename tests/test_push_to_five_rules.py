"""Rule-by-rule scenario tests for Push to Five, each on stacked cards.

Source: the French rules (seeds/by-game/push-to-five.txt); rulings in
docs/designers/push-to-five.md.
The deck passed to new_game is exactly the face-down row of the first turn, top first (the
card `flip` turns). Later turns and reshuffles are shuffled by the seeded generator: where a
test needs a given order after a shuffle, it looks for a seed that gives it (`find`), playing
through the public API only.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path

import pytest

import tabletop

FIVE = ["+3", "+5", "x2", "protect", "lose"]


@functools.cache
def game() -> tabletop.Game:
    return tabletop.load("push-to-five")


def new(deck=None, players=2, first=0, seed=0, **options):
    """A game whose first turn flips `deck` in order (all five cards unless said otherwise)."""
    return game().new_game(players=players, seed=seed, options=options,
                           deck=list(deck) if deck is not None else None, first=first)


def play(state, *notations):
    for text in notations:
        state.play(text)
    return state


def moves(state):
    return {str(m) for m in state.legal_moves()}


def view(state, seat=0):
    return state.view(seat)


def why(state, text: str) -> str:
    """The message a player gets for an illegal move."""
    with pytest.raises(tabletop.IllegalMoveError) as e:
        state.play(text)
    return str(e.value)


def flipped(state) -> str:
    """Flip one card and say which it was ("lose" when it ended the turn)."""
    seat = state.current_player
    before = len(state.view(seat)["turn_cards"])
    state.play("flip")
    after = state.view(seat)["turn_cards"]
    if state.is_over or state.current_player != seat or len(after) != before + 1:
        return "lose"
    return after[-1]


def find(build: Callable[[int], tabletop.State], want: Callable[[tabletop.State], bool],
         tries: int = 3000) -> tabletop.State:
    """The first seeded game built by `build(seed)` for which `want` holds."""
    for seed in range(tries):
        st = build(seed)
        if want(st):
            return st
    raise AssertionError("no seed gives the wanted shuffle; the test needs another scenario")


def flip_until(state, stop_at: int) -> tabletop.State:
    """The current player flips (reshuffling at full passes) until the turn holds `stop_at`
    points or more, then stops; a Lose everything may end the turn first."""
    seat = state.current_player
    while state.current_player == seat and not state.is_over:
        v = view(state, seat)
        if v["turn_points"] >= stop_at and "stop" in moves(state):
            state.play("stop")
        elif v["full_pass"]:
            state.play("reshuffle")
        else:
            state.play("flip")
    return state


# --------------------------------------------------------------------------- the cards

def test_five_cards_face_down_and_nothing_flipped_at_the_start():
    v = view(new(FIVE))
    assert v["face_down"] == 5
    assert v["face_up"] == [] and v["turn_cards"] == []
    assert v["turn_points"] == 0 and v["protected"] is False
    assert v["best"] == [None, None]


def test_random_deal_holds_the_five_seed_cards_and_no_plus_one():
    seen = set()
    for seed in range(60):
        st = game().new_game(players=2, seed=seed)
        assert st.view(0)["face_down"] == 5
        seen.add(flipped(st))
    assert seen == set(FIVE)


@pytest.mark.parametrize("card,points", [("+3", 3), ("+5", 5)])
def test_points_cards_add_their_points(card, points):
    st = play(new([card, "lose", "x2", "protect"]), "flip")
    assert view(st)["turn_points"] == points
    assert view(st)["turn_cards"] == [card]


def test_points_add_up_over_the_turn():
    st = play(new(["+3", "+5", "x2", "protect", "lose"]), "flip", "flip")
    assert view(st)["turn_points"] == 8
    assert view(st)["turn_cards"] == ["+3", "+5"]


def test_x2_doubles_every_point_of_the_turn_so_far():
    st = play(new(["+3", "+5", "x2", "protect", "lose"]), "flip", "flip", "flip")
    assert view(st)["turn_points"] == 16


def test_x2_doubles_only_what_came_before_it():
    st = play(new(["+3", "x2", "+5", "protect", "lose"]), "flip", "flip", "flip")
    assert view(st)["turn_points"] == 11


def test_x2_first_doubles_nothing():
    st = play(new(["x2", "+3", "+5", "protect", "lose"]), "flip")
    assert view(st)["turn_points"] == 0
    play(st, "flip")
    assert view(st)["turn_points"] == 3


def test_protection_is_pending_once_flipped():
    st = play(new(["protect", "+3", "x2", "lose", "+5"]), "flip")
    assert view(st)["protected"] is True
    assert view(st)["turn_points"] == 0


def test_lose_everything_without_protection_ends_the_turn_with_zero():
    st = play(new(["+5", "x2", "lose", "+3", "protect"]), "flip", "flip")
    assert view(st)["turn_points"] == 10
    events = st.play("flip")
    assert any("lost" in e.text_in("en") for e in events)
    assert st.current_player == 1
    v = view(st)
    assert v["best"] == [0, None]
    assert v["turn_points"] == 0 and v["turn_cards"] == [] and v["face_down"] == 5


def test_lose_everything_as_first_card_is_a_turn_of_zero():
    st = play(new(["lose", "+3", "+5", "x2", "protect"]), "flip")
    assert st.current_player == 1
    assert view(st)["best"] == [0, None]


def test_protection_blocks_lose_everything_and_the_turn_goes_on():
    st = play(new(["+3", "protect", "lose", "+5", "x2"]), "flip", "flip", "flip")
    v = view(st)
    assert st.current_player == 0
    assert v["turn_points"] == 3
    assert v["turn_cards"] == ["+3", "protect", "lose"]
    assert moves(st) == {"flip", "stop"}


def test_protection_is_used_up_by_the_lose_everything_it_blocks():
    st = play(new(["protect", "lose", "+3", "+5", "x2"]), "flip", "flip")
    assert view(st)["protected"] is False


def test_used_up_protection_does_not_block_the_lose_of_the_next_pass():
    # Protection, Lose (blocked), +3, +5, x2: a full pass at 16; after the reshuffle the
    # Lose comes back before the Protection does: the turn loses everything.
    def build(seed):
        st = new(["protect", "lose", "+3", "+5", "x2"], seed=seed)
        return play(st, "flip", "flip", "flip", "flip", "flip", "reshuffle")

    def lose_first(st):
        c = st.copy()
        while c.current_player == 0 and "lose" not in view(c)["turn_cards"][5:]:
            c.play("flip")
            if "protect" in view(c)["turn_cards"][5:]:
                return False
        return True

    st = find(build, lose_first)
    assert view(st)["protected"] is False
    while st.current_player == 0:
        st.play("flip")
    assert view(st)["best"] == [0, None]


def test_protection_after_the_lose_is_too_late():
    st = play(new(["+3", "lose", "protect", "+5", "x2"]), "flip", "flip")
    assert st.current_player == 1
    assert view(st)["best"] == [0, None]


# --------------------------------------------------------------------------- full pass

def test_a_full_pass_offers_reshuffle_or_stop_only():
    st = play(new(["+3", "protect", "+5", "lose", "x2"]), *["flip"] * 5)
    v = view(st)
    assert v["full_pass"] is True and v["face_down"] == 0
    assert v["turn_points"] == 16
    assert moves(st) == {"reshuffle", "stop"}
    assert "full pass" in why(st, "flip")


def test_reshuffle_turns_every_card_face_down_and_keeps_the_points():
    st = play(new(["+3", "protect", "+5", "lose", "x2"]), *["flip"] * 5, "reshuffle")
    v = view(st)
    assert v["face_down"] == 5 and v["face_up"] == []
    assert v["turn_points"] == 16 and v["passes"] == 1 and v["full_pass"] is False
    assert v["turn_cards"] == ["+3", "protect", "+5", "lose", "x2"]
    assert st.current_player == 0


def test_after_a_reshuffle_the_turn_goes_on_with_a_new_flip():
    st = play(new(["+3", "protect", "+5", "lose", "x2"]), *["flip"] * 5, "reshuffle")
    assert moves(st) == {"flip"}
    assert why(st, "stop") == "'stop' is not legal now: flip a card first"


def test_reshuffle_is_only_for_a_full_pass():
    st = play(new(FIVE), "flip")
    assert "full pass" in why(st, "reshuffle")


def test_the_full_pass_can_be_repeated():
    def build(seed):
        return play(new(["+3", "protect", "+5", "lose", "x2"], seed=seed),
                    *["flip"] * 5, "reshuffle")

    def second_full_pass(st):
        c = st.copy()
        for _ in range(5):
            c.play("flip")
        return c.current_player == 0 and view(c)["full_pass"]

    st = find(build, second_full_pass)
    play(st, *["flip"] * 5)
    v = view(st)
    assert v["full_pass"] and v["passes"] == 1 and len(v["turn_cards"]) == 10
    play(st, "reshuffle")
    assert view(st)["passes"] == 2 and view(st)["face_down"] == 5
    assert view(st)["turn_points"] > 16


def test_x2_after_a_reshuffle_doubles_the_points_of_every_pass():
    def build(seed):
        return play(new(["+3", "protect", "+5", "lose", "x2"], seed=seed),
                    *["flip"] * 5, "reshuffle")

    st = find(build, lambda st: flipped(st.copy()) == "x2")
    play(st, "flip")
    assert view(st)["turn_points"] == 32


def test_a_protection_still_pending_at_a_full_pass_survives_the_reshuffle():
    # Only a stacked deck without the Lose everything can get here: the full set always
    # uses the Protection up before a full pass.
    st = play(new(["protect", "+3"]), "flip", "flip")
    assert view(st)["full_pass"] and view(st)["protected"]
    play(st, "reshuffle")
    assert view(st)["protected"] is True


# --------------------------------------------------------------------------- ending a turn

def test_stop_keeps_the_points_and_passes_the_turn():
    st = play(new(FIVE), "flip", "flip", "stop")
    assert st.current_player == 1
    assert view(st)["best"] == [8, None]


def test_stop_is_not_allowed_before_the_first_flip():
    st = new(FIVE)
    assert moves(st) == {"flip"}
    assert "flip a card first" in why(st, "stop")


def test_stopping_after_a_full_pass_keeps_the_points():
    st = play(new(["+5", "protect", "+3", "lose", "x2"]), *["flip"] * 5, "stop")
    assert st.current_player == 1
    assert view(st)["best"] == [16, None]


def test_best_turn_keeps_the_highest_turn():
    def build(seed):
        st = play(new(["+3", "+5", "x2", "protect", "lose"], seed=seed), "flip", "flip", "stop")
        return flip_until(st, 1)  # Ben flips once

    # Ana's second turn opens with the +3: she stops at 3, her best stays 8.
    st = find(build, lambda st: flipped(st.copy()) == "+3")
    assert view(st)["best"][0] == 8 and st.current_player == 0
    play(st, "flip", "stop")
    assert view(st)["best"][0] == 8


def test_the_cards_pass_to_the_next_player_reshuffled():
    firsts = set()
    for seed in range(30):
        st = play(new(["+3", "+5", "x2", "protect", "lose"], seed=seed), "flip", "stop")
        v = view(st, 1)
        assert st.current_player == 1
        assert v["face_down"] == 5 and v["face_up"] == [] and v["turn_cards"] == []
        assert v["turn_points"] == 0 and v["protected"] is False and v["passes"] == 0
        firsts.add(flipped(st))
    assert firsts == set(FIVE)


# --------------------------------------------------------------------------- the order of play

def test_the_first_player_is_drawn_at_random():
    firsts = {game().new_game(players=3, seed=s).current_player for s in range(60)}
    assert firsts == {0, 1, 2}


def test_play_goes_round_the_seats_in_order_from_the_first_player():
    st = new(["lose", "+3", "+5", "x2", "protect"], players=3, first=2)
    order = [st.current_player]
    for _ in range(5):
        play(st, "flip")
        while st.current_player == order[-1]:
            st.play("stop")
        order.append(st.current_player)
    assert order == [2, 0, 1, 2, 0, 1]
    assert view(st)["round"] == 2


@pytest.mark.parametrize("players", [1, 2, 6])
def test_one_to_six_players(players):
    assert game().new_game(players=players, seed=1).current_player in range(players)


@pytest.mark.parametrize("players", [0, 7])
def test_seven_players_is_too_many(players):
    with pytest.raises(tabletop.PlayerCountError):
        game().new_game(players=players, seed=1)


# --------------------------------------------------------------------------- the end

def test_reaching_15_ends_the_game_at_the_end_of_the_round():
    st = new(["+3", "+5", "x2", "protect", "lose"], players=3, first=0)
    play(st, "flip", "flip", "flip")
    events = st.play("stop")
    assert any("this round is the last" in e.text_in("en") for e in events)
    assert not st.is_over and st.current_player == 1
    assert view(st, 1)["last_round"] is True
    play(st, "flip")
    while st.current_player == 1:
        st.play("stop")
    assert not st.is_over and st.current_player == 2
    play(st, "flip")
    while st.current_player == 2:
        st.play("stop")
    assert st.is_over
    o = st.outcome
    assert o.winners == (0,)
    assert o.scores[0] == 16 and o.scores[1] <= 5 and o.scores[2] <= 5
    assert "16" in o.reason


def test_below_15_the_game_goes_on_into_the_next_round():
    st = new(["+3", "+5", "x2", "protect", "lose"], players=2, first=0)
    play(st, "flip", "flip", "stop")
    play(st, "flip")
    while st.current_player == 1:
        st.play("stop")
    assert not st.is_over
    assert st.current_player == 0 and view(st)["round"] == 2
    assert view(st)["last_round"] is False


def test_the_last_player_of_the_round_reaching_15_ends_the_game_at_once():
    def build(seed):
        st = new(["+3", "lose", "+5", "x2", "protect"], players=2, first=0, seed=seed)
        return play(st, "flip", "stop")

    def sixteen(st):
        c = flip_until(st.copy(), 15)
        return c.is_over

    st = find(build, sixteen)
    flip_until(st, 15)
    assert st.is_over and st.outcome.winners == (1,)
    assert st.outcome.scores[1] >= 15 and st.outcome.scores[0] == 3


ENDING = ("« La partie se termine dès qu'un joueur atteint ou dépasse 15 points en un seul "
          "tour Ce joueur est déclaré vainqueur »")
TIES = ("« Si plusieurs joueurs atteignent 15 points lors du même tour complet, celui qui a le "
        "plus de points l'emporte »")


def test_by_default_the_round_is_played_out_as_the_tie_clause_needs():
    """TIES can only happen if the round goes on after a first 15: the default plays it out."""
    st = play(new(["+3", "+5", "x2", "protect", "lose"], players=3, first=0), *["flip"] * 3)
    st.play("stop")
    assert not st.is_over and st.current_player == 1


def test_option_ending_immediate_ends_the_game_on_the_first_15():
    """ENDING read as « dès que » (as soon as), with ending=immediate."""
    st = play(new(["+3", "+5", "x2", "protect", "lose"], players=3, first=0,
                  ending="immediate"), *["flip"] * 3)
    events = st.play("stop")
    assert any("wins at once" in e.text_in("en") for e in events)
    assert st.is_over and st.outcome.winners == (0,) and st.outcome.scores == (16, 0, 0)
    assert st.legal_moves() == [] and view(st)["last_round"] is None  # no last round shown


def test_option_ending_immediate_keeps_solo_to_its_rounds():
    st = play(new(["+3", "+5", "x2", "protect", "lose"], players=1, ending="immediate"),
              *["flip"] * 3, "stop")
    assert not st.is_over and view(st)["solo_total"] == 16


def test_the_highest_turn_of_the_last_round_wins_even_if_reached_later():
    # Ana reaches 16 first; Ben, later in the same round, goes past it.
    def build(seed):
        st = new(["+3", "+5", "x2", "protect", "lose"], players=2, first=0, seed=seed)
        return play(st, "flip", "flip", "flip", "stop")

    st = find(build, lambda st: flip_until(st.copy(), 17).is_over and
              flip_until(st.copy(), 17).outcome.winners == (1,))
    flip_until(st, 17)
    assert st.outcome.winners == (1,)
    assert st.outcome.scores[1] > 16 == st.outcome.scores[0]


def tie_at_16(seed, players=2, **options):
    """Ana stops at 16; the seed makes Ben's turn reach exactly 16 too with flip-until-15."""
    st = new(["+3", "+5", "x2", "protect", "lose"], players=players, first=0, seed=seed,
             **options)
    return play(st, "flip", "flip", "flip", "stop")


def _ben_ties(st):
    c = flip_until(st.copy(), 15)
    return c.view(0)["best"][1] == 16


def test_a_tie_for_the_highest_turn_is_a_shared_win_by_default():
    st = find(tie_at_16, _ben_ties)
    flip_until(st, 15)
    assert st.is_over
    assert st.outcome.winners == (0, 1)
    assert st.outcome.scores == (16, 16)
    assert "shared" in st.outcome.reason


def test_option_playoff_the_tied_players_play_another_round():
    st = find(lambda s: tie_at_16(s, ties="playoff"), _ben_ties)
    flip_until(st, 15)
    assert not st.is_over
    assert view(st)["contenders"] == [0, 1] and view(st)["last_round"] is True
    assert st.current_player == 0 and view(st)["round"] == 2


def test_playoff_skips_the_players_who_were_not_tied():
    def build(seed):
        st = tie_at_16(seed, players=3, ties="playoff")
        return st

    def ben_ties_chloe_low(st):
        c = flip_until(st.copy(), 15)
        if c.view(0)["best"][1] != 16:
            return False
        c.play("flip")
        while c.current_player == 2:
            c.play("stop")
        return not c.is_over and c.view(0)["best"][2] < 16

    st = find(build, ben_ties_chloe_low)
    flip_until(st, 15)
    play(st, "flip")
    while st.current_player == 2:
        st.play("stop")
    assert not st.is_over
    assert view(st)["contenders"] == [0, 1]
    assert st.current_player == 0
    # Ana stops on her first card; Ben's turn comes next and Chloé is skipped.
    play(st, "flip")
    while st.current_player == 0:
        st.play("stop")
    assert st.current_player == 1
    flip_until(st, 1)
    assert st.is_over or st.current_player == 0  # never Chloé


def test_playoff_winner_is_the_higher_playoff_turn():
    def build(seed):
        return tie_at_16(seed, ties="playoff")

    def playoff_split(st):
        c = flip_until(st.copy(), 15)
        if c.is_over or c.view(0)["best"][1] != 16:
            return False
        c.play("flip")
        while c.current_player == 0:
            c.play("stop")
        flip_until(c, 1)
        return c.is_over and c.outcome.winners == (1,)

    st = find(build, playoff_split)
    flip_until(st, 15)
    play(st, "flip")
    while st.current_player == 0:
        st.play("stop")
    flip_until(st, 1)
    assert st.is_over and st.outcome.winners == (1,)
    assert "playoff" in st.outcome.reason
    assert st.outcome.scores == (16, 16)  # scores are the best turns; the playoff decided


# --------------------------------------------------------------------------- options

MATERIAL = ("« Matériel 5 cartes spéciales, composées de : Une carte \"+3 points\" Une carte "
            "\"+5 points\" Une carte \"×2 points\" Une carte \"Protection\" Une carte \"Perdre "
            "tout\" »")
EFFECTS = ("« \"+1 points\" : Ajoute 1 points au score du tour \"+3 points\" : Ajoute 3 points "
           "au score du tour \"×2 points\" ... \"Protection\" ... \"Perdre tout\" »")


def test_the_material_list_is_the_default_set_of_five():
    """MATERIAL: +3, +5, x2, Protection, Lose everything."""
    st = new(["+3", "+5", "x2", "protect", "lose"])
    assert view(st)["face_down"] == 5
    play(st, "flip", "flip")
    assert view(st)["turn_cards"] == ["+3", "+5"] and view(st)["turn_points"] == 8


def test_option_cards_effects_plays_the_effect_list_of_five():
    """EFFECTS: +1, +3, x2, Protection, Lose everything (cards=effects): five cards, no +5."""
    st = new(["+1", "+3", "x2", "protect", "lose"], cards="effects")
    assert view(st)["face_down"] == 5
    play(st, "flip", "flip", "flip")
    assert view(st)["turn_cards"] == ["+1", "+3", "x2"] and view(st)["turn_points"] == 8


@pytest.mark.parametrize(("cards", "absent"), [("material", "+1"), ("effects", "+5")])
def test_a_stacked_deck_naming_the_card_the_option_leaves_out_is_a_mistake(cards, absent):
    """« Une carte "+5 points" » (the material) / « "+1 points" : Ajoute 1 points » (the
    effects): the option keeps one list; a deck naming the other list's card is refused,
    naming the card and the option, instead of playing on with four cards."""
    with pytest.raises(tabletop.DeckError) as e:
        new(["+1", "+3", "+5", "x2", "protect", "lose"], cards=cards)
    assert absent in str(e.value) and f"cards={cards}" in str(e.value)
    assert e.value.texts["fr"].startswith(f"{absent} n'est pas dans Push to Five avec l'option "
                                          f"cards={cards}")


@pytest.mark.parametrize("cards,present,absent", [("material", "+5", "+1"),
                                                  ("effects", "+1", "+5")])
def test_each_card_list_is_dealt_at_random(cards, present, absent):
    seen = set()
    for seed in range(40):
        st = game().new_game(players=1, seed=seed, options={"cards": cards})
        assert st.view(0)["face_down"] == 5
        seen.add(flipped(st))
    assert present in seen and absent not in seen


def test_the_old_plus_one_option_gets_one_sentence():
    with pytest.raises(tabletop.OptionError, match="no option 'plus_one'.*cards"):
        game().new_game(players=2, options={"plus_one": "on"})


def test_blind_flip_turns_the_top_card_and_positions_are_refused():
    st = new(["x2", "+3", "+5", "protect", "lose"])
    assert moves(st) == {"flip"}
    assert "type flip" in why(st, "flip 2")
    assert view(play(st, "flip"))["turn_cards"] == ["x2"]


def test_option_pick_position_names_the_card_by_its_place():
    st = new(["x2", "+3", "+5", "protect", "lose"], pick="position")
    assert moves(st) == {"flip 1", "flip 2", "flip 3", "flip 4", "flip 5"}
    assert "flip 1 to flip 5" in why(st, "flip")
    play(st, "flip 3")
    assert view(st)["turn_cards"] == ["+5"]
    assert moves(st) == {"flip 1", "flip 2", "flip 3", "flip 4", "stop"}
    assert "only 4 face-down cards" in why(st, "flip 5")
    play(st, "flip 2")  # the row is now x2, +3, protect, lose
    assert view(st)["turn_cards"] == ["+5", "+3"]
    assert view(st)["turn_points"] == 8


def test_option_pick_position_after_a_full_pass():
    st = new(["protect", "lose", "+3", "+5", "x2"], pick="position")
    play(st, "flip 1", "flip 1", "flip 1", "flip 1", "flip 1")
    assert moves(st) == {"reshuffle", "stop"}
    play(st, "reshuffle")
    assert moves(st) == {f"flip {i}" for i in range(1, 6)}


# --------------------------------------------------------------------------- solo

def solo_turn(st):
    """One solo turn: flip once, then stop if the turn is still on."""
    r = view(st)["round"]
    play(st, "flip")
    if not st.is_over and view(st)["round"] == r:
        st.play("stop")


def test_solo_is_five_rounds_and_scores_the_total():
    st = game().new_game(players=1, seed=5, deck=["+5", "+3", "x2", "protect", "lose"])
    assert view(st)["solo_rounds"] == 5 and view(st)["solo_total"] == 0
    play(st, "flip", "stop")
    assert view(st)["solo_total"] == 5 and view(st)["round"] == 2
    for _ in range(4):
        assert not st.is_over
        solo_turn(st)
    assert st.is_over
    assert st.outcome.scores[0] >= 5
    assert str(st.outcome.scores[0]) in st.outcome.reason and "5 rounds" in st.outcome.reason


def test_solo_reaching_15_does_not_end_the_game_and_counts_as_the_win():
    st = game().new_game(players=1, seed=5, deck=["+5", "+3", "x2", "protect", "lose"])
    play(st, "flip", "flip", "flip", "stop")
    assert not st.is_over and view(st)["round"] == 2
    for _ in range(4):
        solo_turn(st)
    assert st.is_over and st.outcome.winners == (0,)
    assert st.outcome.scores[0] == view(st)["solo_total"] >= 16


def test_solo_without_a_15_is_not_a_win():
    st = game().new_game(players=1, seed=5, deck=["lose", "+3", "+5", "x2", "protect"],
                         options={"solo_rounds": "3"})
    play(st, "flip")
    assert view(st)["solo_total"] == 0
    for _ in range(2):
        r = view(st)["round"]
        play(st, "flip")
        if not st.is_over and view(st)["round"] == r:
            st.play("stop")
    assert st.is_over
    assert st.outcome.winners == ()
    assert st.outcome.scores[0] <= 10
    assert "15 never reached" in st.outcome.reason


@pytest.mark.parametrize("rounds", ["3", "10"])
def test_option_solo_rounds(rounds):
    st = game().new_game(players=1, seed=2, options={"solo_rounds": rounds})
    turns = 0
    while not st.is_over:
        solo_turn(st)
        turns += 1
    assert turns == int(rounds)


# --------------------------------------------------------------------------- views and saves

def test_view_keys():
    v = view(new(FIVE))
    assert set(v) == {"current", "turn_cards", "face_up", "turn_points", "protected",
                      "face_down", "full_pass", "passes", "best", "contenders", "round",
                      "last_round", "solo_rounds", "solo_total", "target"}
    assert v["target"] == 15 and v["solo_total"] is None and v["current"] == 0


def test_a_game_saved_mid_turn_goes_on_identically():
    st = play(new(["+3", "protect", "+5", "lose", "x2"], seed=4), *["flip"] * 5, "reshuffle")
    again = tabletop.restore(st.to_json())
    assert again.view(0) == st.view(0)
    for _ in range(3):
        if st.is_over:
            break
        m = st.legal_moves()[0].text
        st.play(m)
        again.play(m)
        assert again.view(0) == st.view(0)


def test_a_save_made_with_the_old_plus_one_option_resumes_with_its_cards():
    """Saves store every option by name. tests/saves/push-to-five-plus-one.json was saved by
    the ruleset before `cards` replaced `plus_one` (options plus_one=on, no cards, no ending),
    two flips into Ana's turn: it resumes under the rules it was started with (its six cards,
    the round played out) and is played to its end."""
    text = (Path(__file__).parent / "saves" / "push-to-five-plus-one.json").read_text("utf-8")
    st = tabletop.restore(text)
    v = st.view(0)
    assert v["turn_cards"] == ["+5", "+1"] and v["face_down"] + len(v["face_up"]) == 6
    moves_left = 3000
    while not st.is_over and moves_left:
        st.play(st.legal_moves()[0])  # flip until the turn ends, then the next player...
        moves_left -= 1
    assert st.is_over and st.outcome.name == "won" and max(st.outcome.scores) >= 15


def test_the_french_log_names_the_cards_in_french():
    st = new(["x2", "lose", "+3", "+5", "protect"])
    events = st.play("flip") + st.play("flip")
    fr = " ".join(e.text_in("fr") for e in events)
    assert "retourne ×2 points" in fr and "retourne Perdre tout" in fr
    assert "Lose everything" not in fr


@pytest.mark.parametrize(("cards", "absent"), [("material", "+1"), ("effects", "+5")])
def test_a_sampled_world_never_holds_the_card_the_option_leaves_out(cards, absent):
    """A bot's sampled world (determinize) deals the face-down cards again, but only those five:
    the card the option leaves out is out of the game for everyone."""
    import random
    st = game().new_game(players=2, seed=3, options={"cards": cards})
    for k in range(30):
        world = st.determinize(0, random.Random(k))
        face_down = [world.spec.cards[u].code for u in world.zones["facedown"]]
        assert absent not in face_down and len(face_down) == 5
