"""Rule-by-rule scenario tests for Scoundrel, each on a stacked deck.

Sources: the French, Portuguese and English rules pages (seeds/by-game/scoundrel-*.txt).
Where they disagree (weapon binding: strict in FR/PT, "equal or lower" in EN) the game
offers an option: binding=strict (default) or binding=inclusive.

The deck passed to new_game is exactly the draw pile, top first; setup deals its first
four cards into the room. Only the public API is used.
"""

from __future__ import annotations

import functools
import json
import re

import pytest

import tabletop

# --------------------------------------------------------------------------- helpers

MONSTER_RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
RED_RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10"]
FULL_DECK = (
    [r + s for s in "SC" for r in MONSTER_RANKS]
    + [r + "D" for r in RED_RANKS]
    + [r + "H" for r in RED_RANKS]
)
CARD_RE = r"(?:10|[2-9JQKA])[SCDH]"
MOVE_RE = re.compile(rf"^(?:fight {CARD_RE}(?: bare)?|equip {CARD_RE}|drink {CARD_RE}|avoid)$")


@functools.cache
def game():
    return tabletop.load("scoundrel")


def new(deck, seed=7, **options):
    """A one-player game whose draw pile is exactly `deck`, top first."""
    assert len(set(deck)) == len(deck), "test bug: duplicate card in stacked deck"
    return game().new_game(players=1, seed=seed, options=options, deck=list(deck))


def view(state):
    return state.view(0)


def hp(state):
    return view(state)["hp"]


def room(state):
    return list(view(state)["room"])


def dungeon(state):
    return view(state)["dungeon"]


def moves(state):
    return {str(m) for m in state.legal_moves()}


def play(state, *notations):
    for text in notations:
        state.play(text)
    return state


def copy(state):
    return tabletop.restore(state.to_json())


# --------------------------------------------------------------------------- the deck

def test_full_deck_is_44_cards_black_monsters_diamond_weapons_heart_potions():
    seen = set()
    for seed in range(200):
        state = game().new_game(players=1, seed=seed, options={})
        v = view(state)
        assert len(v["room"]) == 4
        assert v["dungeon"] == 40
        seen.update(v["room"])
    assert seen == set(FULL_DECK)


def test_explicit_44_card_deck_is_accepted():
    state = new(FULL_DECK)
    assert room(state) == FULL_DECK[:4]
    assert dungeon(state) == 40


@pytest.mark.parametrize("card", ["JH", "QH", "KH", "AH", "JD", "QD", "KD", "AD"])
def test_red_faces_and_aces_are_not_in_the_game(card):
    with pytest.raises(tabletop.DeckError):
        new(["2S", "3S", "4S", card, "5S"])


def test_card_values_face_cards_are_11_to_14():
    # Fighting bare costs the monster's full value: J=11, Q=12, K=13, A=14.
    for code, value in [("JS", 11), ("QC", 12), ("KS", 13), ("AC", 14), ("7S", 7)]:
        state = new([code, "2H", "3H", "4H", "5H"])
        state.play(f"fight {code} bare")
        assert hp(state) == 20 - value


def test_health_starts_at_20():
    v = view(new(["2S", "3S", "4S", "5S", "6S"]))
    assert v["hp"] == 20
    assert v["max_hp"] == 20
    assert v["weapon"] is None
    assert v["last_kill"] is None


def test_view_has_the_documented_keys():
    v = view(new(["2S", "3S", "4S", "5S", "6S"]))
    for key in ("hp", "max_hp", "weapon", "last_kill", "room", "dungeon",
                "avoided_last", "potion_used", "discard"):
        assert key in v
    assert v["discard"] == 0
    assert v["avoided_last"] is False
    assert v["potion_used"] is False


# --------------------------------------------------------------------------- rooms

def test_setup_deals_the_top_four_cards_into_the_room():
    state = new(["7D", "KS", "5H", "9C", "2S", "3S", "4S"])
    assert room(state) == ["7D", "KS", "5H", "9C"]
    assert dungeon(state) == 3
    assert state.current_player == 0
    assert not state.is_over


def test_first_legal_moves_of_a_room_without_weapon():
    state = new(["7D", "KS", "5H", "9C", "2S"])
    assert moves(state) == {"equip 7D", "fight KS bare", "drink 5H", "fight 9C bare", "avoid"}


def test_legal_moves_with_a_fresh_weapon_offer_both_ways_to_fight():
    state = play(new(["7D", "KS", "5H", "9C", "2S"]), "equip 7D")
    assert moves(state) == {"fight KS", "fight KS bare", "drink 5H",
                            "fight 9C", "fight 9C bare"}


def test_two_resolved_cards_do_not_refill_the_room():
    state = play(new(["2S", "3S", "4S", "5S", "6S", "7S", "8S"]), "fight 3S bare", "fight 2S bare")
    assert room(state) == ["4S", "5S"]
    assert dungeon(state) == 3


@pytest.mark.parametrize("kept", ["2S", "3C", "4S", "5C"])
def test_any_three_resolved_the_fourth_stays_first_and_room_refills_in_draw_order(kept):
    deck = ["2S", "3C", "4S", "5C", "6S", "7C", "8S", "9C"]
    state = new(deck)
    resolved = [c for c in deck[:4] if c != kept]
    for card in resolved:
        state.play(f"fight {card} bare")
    assert room(state) == [kept, "6S", "7C", "8S"]
    assert dungeon(state) == 1
    values = {"2S": 2, "3C": 3, "4S": 4, "5C": 5}
    assert hp(state) == 20 - sum(values[c] for c in resolved)


def test_cards_can_be_resolved_in_any_order():
    state = new(["5C", "2H", "3D", "4S", "6S", "7S", "8S"])
    play(state, "fight 4S bare", "equip 3D", "fight 5C")
    assert hp(state) == 20 - 4 - 2
    assert room(state) == ["2H", "6S", "7S", "8S"]


def test_short_refill_then_every_remaining_card_must_be_resolved():
    # 6 cards: after the first room the dungeon only has 2 left.
    state = new(["2S", "3S", "4S", "5S", "6H", "7S"])
    play(state, "fight 2S bare", "fight 3S bare", "fight 4S bare")
    assert room(state) == ["5S", "6H", "7S"]
    assert dungeon(state) == 0
    state.play("fight 5S bare")
    state.play("drink 6H")
    assert hp(state) == 12
    assert not state.is_over
    assert room(state) == ["7S"]
    assert moves(state) == {"fight 7S bare"}
    state.play("fight 7S bare")
    assert state.is_over
    assert state.outcome.winners == (0,)
    assert hp(state) == 5


def test_last_full_room_with_empty_dungeon_is_resolved_completely():
    state = new(["2S", "3S", "4S", "5S"])
    play(state, "fight 2S bare", "fight 3S bare", "fight 4S bare")
    assert not state.is_over
    assert room(state) == ["5S"]
    assert "fight 5S bare" in moves(state)
    state.play("fight 5S bare")
    assert state.is_over
    assert hp(state) == 20 - 14


def test_full_refill_that_empties_the_dungeon_then_all_four_are_resolved():
    state = new(["2S", "3S", "4S", "5H", "6S", "7S", "8S"])
    play(state, "fight 2S bare", "fight 3S bare", "fight 4S bare")
    assert room(state) == ["5H", "6S", "7S", "8S"]
    assert dungeon(state) == 0
    play(state, "drink 5H", "fight 6S bare", "fight 7S bare")
    assert hp(state) == 3
    assert not state.is_over
    assert room(state) == ["8S"]
    assert "fight 8S bare" in moves(state)


def test_win_when_dungeon_and_room_are_empty():
    state = new(["2S", "3S", "4S", "2C", "3C"])
    play(state, "fight 2S bare", "fight 3S bare", "fight 4S bare")
    assert not state.is_over
    play(state, "fight 2C bare")
    assert not state.is_over
    play(state, "fight 3C bare")
    assert state.is_over
    assert state.outcome.winners == (0,)
    assert isinstance(state.outcome.reason, str) and state.outcome.reason


def test_lose_as_soon_as_health_reaches_exactly_zero_even_with_cards_left():
    state = new(["10S", "10C", "2H", "3S", "4S"])
    play(state, "fight 10S bare")
    assert not state.is_over
    play(state, "fight 10C bare")
    assert state.is_over
    assert state.outcome.winners == ()
    assert state.current_player is None
    assert state.legal_moves() == []


def test_lose_below_zero_stops_the_game_immediately():
    state = new(["AS", "KC", "QS", "3H", "JC", "2D", "4S"])
    play(state, "fight AS bare", "fight KC bare")
    assert state.is_over
    assert state.outcome.winners == ()
    with pytest.raises(tabletop.GameOverError):
        state.play("drink 3H")


# --------------------------------------------------------------------------- avoid

def test_avoid_sends_the_room_to_the_bottom_in_room_order_and_deals_a_new_room():
    state = new(["2S", "3S", "4S", "5S", "2C", "3C", "4C", "5C"])
    state.play("avoid")
    assert room(state) == ["2C", "3C", "4C", "5C"]
    assert dungeon(state) == 4
    assert hp(state) == 20
    play(state, "fight 2C bare", "fight 3C bare", "fight 4C bare")
    assert room(state) == ["5C", "2S", "3S", "4S"]
    assert dungeon(state) == 1


def test_avoid_with_a_single_dungeon_card_deals_it_plus_three_avoided_cards():
    state = new(["2S", "3S", "4S", "5S", "6S"])
    state.play("avoid")
    assert room(state) == ["6S", "2S", "3S", "4S"]
    assert dungeon(state) == 1


def test_avoid_only_before_resolving_any_card_of_the_room():
    state = new(["2S", "3S", "4S", "5S", "6S", "7S"])
    assert "avoid" in moves(state)
    state.play("fight 2S bare")
    assert "avoid" not in moves(state)
    with pytest.raises(tabletop.IllegalMoveError):
        state.play("avoid")


def test_avoid_needs_a_card_in_the_dungeon():
    state = new(["2S", "3S", "4S", "5S"])
    assert "avoid" not in moves(state)
    with pytest.raises(tabletop.IllegalMoveError):
        state.play("avoid")


def test_avoid_not_allowed_in_final_full_room_with_empty_dungeon():
    state = new(["2S", "3S", "4S", "5S", "6S", "7S", "8S"])
    play(state, "fight 2S bare", "fight 3S bare", "fight 4S bare")
    assert len(room(state)) == 4 and dungeon(state) == 0
    assert "avoid" not in moves(state)


def test_classic_never_avoid_twice_in_a_row():
    state = new(["2S", "3S", "4S", "5S", "2C", "3C", "4C", "5C", "6C"],
                difficulty="classic")
    state.play("avoid")
    assert view(state)["avoided_last"] is True
    assert "avoid" not in moves(state)
    with pytest.raises(tabletop.IllegalMoveError):
        state.play("avoid")


def test_classic_is_the_default_difficulty():
    state = new(["2S", "3S", "4S", "5S", "2C", "3C", "4C", "5C", "6C"])
    state.play("avoid")
    with pytest.raises(tabletop.IllegalMoveError):
        state.play("avoid")


def test_classic_avoid_allowed_again_after_an_entered_and_refilled_room():
    deck = ["2S", "3S", "4S", "5S", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C"]
    state = new(deck, difficulty="classic")
    state.play("avoid")
    play(state, "fight 2C bare", "fight 3C bare", "fight 4C bare")
    assert room(state) == ["5C", "6C", "7C", "8C"]
    assert view(state)["avoided_last"] is False
    assert "avoid" in moves(state)
    state.play("avoid")
    assert room(state) == ["9C", "2S", "3S", "4S"]


def test_easy_allows_avoiding_every_room():
    deck = ["2S", "3S", "4S", "5S", "2C", "3C", "4C", "5C", "6C"]
    state = new(deck, difficulty="easy")
    state.play("avoid")
    assert room(state) == ["2C", "3C", "4C", "5C"]
    assert "avoid" in moves(state)
    state.play("avoid")
    assert room(state) == ["6C", "2S", "3S", "4S"]
    state.play("avoid")
    assert room(state) == ["5S", "2C", "3C", "4C"]


def test_hard_never_allows_avoiding():
    state = new(["2S", "3S", "4S", "5S", "2C", "3C", "4C", "5C"], difficulty="hard")
    assert "avoid" not in moves(state)
    with pytest.raises(tabletop.IllegalMoveError):
        state.play("avoid")


# --------------------------------------------------------------------------- potions

@pytest.mark.parametrize("monster,potion,expected", [
    ("KS", "5H", 12),   # 7 + 5
    ("4S", "9H", 20),   # 16 + 9 capped at 20
    ("10S", "10H", 20),  # 10 + 10 exactly 20
])
def test_potion_heals_its_value_up_to_20(monster, potion, expected):
    state = new([monster, potion, "2C", "3C", "4C"])
    play(state, f"fight {monster} bare", f"drink {potion}")
    assert hp(state) == expected


def test_potion_at_full_health_does_not_go_above_20():
    state = play(new(["5H", "2C", "3C", "4C", "5C"]), "drink 5H")
    assert hp(state) == 20


def test_second_potion_in_a_room_is_legal_but_does_not_heal():
    state = new(["KS", "5H", "9H", "2C", "3C", "4C", "5C"])
    play(state, "fight KS bare", "drink 5H")
    assert hp(state) == 12
    assert view(state)["potion_used"] is True
    assert "drink 9H" in moves(state)
    discard_before = view(state)["discard"]
    state.play("drink 9H")
    assert hp(state) == 12
    assert "9H" not in room(state)
    assert view(state)["discard"] == discard_before + 1


def test_second_potion_does_not_heal_even_after_damage_in_between():
    # First potion drunk at full health (wasted) still uses up the room's potion.
    state = new(["3H", "KS", "9H", "2C", "3C", "4C", "5C"])
    play(state, "drink 3H", "fight KS bare")
    assert hp(state) == 7
    state.play("drink 9H")
    assert hp(state) == 7


def test_new_room_resets_the_potion_limit():
    state = new(["KS", "5H", "2S", "2C", "9H", "3S", "4S", "5S"])
    play(state, "fight KS bare", "drink 5H", "fight 2S bare")
    assert hp(state) == 10
    assert room(state) == ["2C", "9H", "3S", "4S"]
    assert view(state)["potion_used"] is False
    state.play("drink 9H")
    assert hp(state) == 19


def test_last_room_is_one_room_for_potions():
    # Dungeon empty from the start: all four cards belong to the same room.
    state = new(["KS", "5H", "9H", "2C"])
    play(state, "fight KS bare", "drink 5H", "fight 2C bare")
    assert hp(state) == 10
    state.play("drink 9H")
    assert hp(state) == 10
    assert state.is_over
    assert state.outcome.scores == (10,)


# --------------------------------------------------------------------------- weapons

def test_equip_puts_the_weapon_in_hand():
    state = play(new(["7D", "KS", "5H", "9C", "2S"]), "equip 7D")
    v = view(state)
    assert v["weapon"] == "7D"
    assert v["last_kill"] is None
    assert "7D" not in v["room"]


def test_equip_replaces_the_old_weapon_even_with_a_weaker_one():
    state = play(new(["7D", "2D", "KS", "9C", "2S"]), "equip 7D")
    assert "equip 2D" in moves(state)
    state.play("equip 2D")
    assert view(state)["weapon"] == "2D"
    state.play("fight KS")
    assert hp(state) == 20 - 11


def test_equip_discards_old_weapon_and_the_monsters_stacked_on_it():
    state = new(["5D", "3S", "2C", "7D", "4S", "6S", "8S"])
    play(state, "equip 5D", "fight 3S", "fight 2C")
    assert hp(state) == 20
    assert room(state) == ["7D", "4S", "6S", "8S"]
    before = view(state)["discard"]
    state.play("equip 7D")
    v = view(state)
    assert v["weapon"] == "7D"
    assert v["last_kill"] is None
    assert v["discard"] == before + 3
    # The new weapon is fresh: it may fight an 8 although the old one was bound to 2.
    assert "fight 8S" in moves(state)
    state.play("fight 8S")
    assert hp(state) == 19


@pytest.mark.parametrize("monster,damage", [("AS", 12), ("KC", 11), ("2S", 0)])
def test_fresh_weapon_fights_any_monster(monster, damage):
    state = play(new(["2D", monster, "3H", "4H", "5H"]), "equip 2D")
    assert f"fight {monster}" in moves(state)
    state.play(f"fight {monster}")
    assert hp(state) == 20 - damage


@pytest.mark.parametrize("weapon,monster,damage", [
    ("7D", "KS", 6), ("10D", "5S", 0), ("10D", "10C", 0), ("3D", "AC", 11), ("9D", "QS", 3),
])
def test_weapon_damage_is_monster_minus_weapon_never_negative(weapon, monster, damage):
    state = play(new([weapon, monster, "3H", "4H", "5H"]), f"equip {weapon}")
    state.play(f"fight {monster}")
    assert hp(state) == 20 - damage
    assert view(state)["last_kill"] == {"KS": 13, "5S": 5, "10C": 10, "AC": 14, "QS": 12}[monster]


def test_fight_without_a_weapon_must_be_bare():
    state = new(["KS", "2C", "3H", "4H", "5H"])
    assert "fight KS" not in moves(state)
    assert "fight KS bare" in moves(state)
    with pytest.raises(tabletop.IllegalMoveError):
        state.play("fight KS")
    assert hp(state) == 20


def test_barehanded_is_allowed_even_when_the_weapon_could_be_used():
    state = play(new(["10D", "5S", "3H", "4H", "6H"]), "equip 10D")
    assert "fight 5S" in moves(state)
    assert "fight 5S bare" in moves(state)
    state.play("fight 5S bare")
    assert hp(state) == 15
    assert view(state)["weapon"] == "10D"
    assert view(state)["last_kill"] is None


def test_barehanded_fight_does_not_change_last_kill():
    state = new(["10D", "9S", "2C", "8C", "3H", "4H", "5H"])
    play(state, "equip 10D", "fight 9S", "fight 2C bare")
    assert hp(state) == 18
    assert view(state)["last_kill"] == 9
    # Still bound to 9, not to 2: an 8 can be fought with the weapon.
    assert "fight 8C" in moves(state)
    state.play("fight 8C")
    assert hp(state) == 18
    assert view(state)["last_kill"] == 8


def test_strict_binding_after_a_kill_only_strictly_weaker_monsters():
    state = new(["5D", "9S", "9C", "8C", "3H", "4H", "5H"], binding="strict")
    play(state, "equip 5D", "fight 9S")
    assert hp(state) == 16
    assert "fight 9C" not in moves(state)
    assert "fight 9C bare" in moves(state)
    assert "fight 8C" in moves(state)
    with pytest.raises(tabletop.IllegalMoveError):
        state.play("fight 9C")
    assert hp(state) == 16
    state.play("fight 8C")
    assert hp(state) == 13


def test_strict_is_the_default_binding():
    state = play(new(["5D", "9S", "9C", "8C", "3H"]), "equip 5D", "fight 9S")
    assert "fight 9C" not in moves(state)
    with pytest.raises(tabletop.IllegalMoveError):
        state.play("fight 9C")


def test_inclusive_binding_allows_equal_but_not_stronger_monsters():
    state = new(["5D", "9S", "9C", "10C", "3H", "4H", "5H"], binding="inclusive")
    play(state, "equip 5D", "fight 9S")
    assert "fight 10C" not in moves(state)
    assert "fight 10C bare" in moves(state)
    assert "fight 9C" in moves(state)
    state.play("fight 9C")
    assert hp(state) == 12
    assert view(state)["last_kill"] == 9


def test_illegal_weapon_fight_message_names_the_last_kill():
    state = play(new(["10D", "9S", "JC", "QC", "3H"]), "equip 10D", "fight 9S")
    with pytest.raises(tabletop.IllegalMoveError) as excinfo:
        state.play("fight JC")
    assert "9" in str(excinfo.value)


# --------------------------------------------------------------------------- worked examples

def test_portuguese_worked_example():
    state = new(["7D", "KS", "5H", "9C", "2S", "3S", "4S", "6S"])
    state.play("equip 7D")
    assert hp(state) == 20
    state.play("fight KS")
    assert hp(state) == 14
    assert view(state)["last_kill"] == 13
    state.play("drink 5H")
    assert hp(state) == 19
    assert room(state) == ["9C", "2S", "3S", "4S"]
    assert dungeon(state) == 1
    assert "fight 9C" in moves(state)
    state.play("fight 9C")
    assert hp(state) == 17
    assert view(state)["last_kill"] == 9


def test_portuguese_bare_hands_king_costs_13():
    state = play(new(["7D", "KS", "5H", "9C", "2S"]), "equip 7D", "fight KS bare")
    assert hp(state) == 7


def test_portuguese_binding_example_king_then_10_then_no_10():
    # 7D kills KS (13), then 10C (10 < 13 ok), then 10S is not allowed (10 is not < 10).
    state = new(["7D", "KS", "10C", "10S", "2H", "3H", "4H"])
    play(state, "equip 7D", "fight KS", "fight 10C")
    assert hp(state) == 20 - 6 - 3
    assert room(state)[0] == "10S"
    assert "fight 10S" not in moves(state)
    assert "fight 10S bare" in moves(state)


def test_english_good_chaining_costs_3_in_total():
    state = new(["10D", "KS", "8C", "5S", "2H", "3H", "4H"])
    play(state, "equip 10D", "fight KS")
    assert hp(state) == 17
    state.play("fight 8C")
    assert hp(state) == 17
    assert room(state) == ["5S", "2H", "3H", "4H"]
    state.play("fight 5S")
    assert hp(state) == 17
    assert view(state)["last_kill"] == 5


@pytest.mark.parametrize("big", ["JS", "QS", "KC", "AS"])
def test_english_bad_chaining_small_kill_leaves_big_monsters_barehanded(big):
    state = new(["10D", "3S", big, "2C", "4H", "5H", "6H"])
    play(state, "equip 10D", "fight 3S")
    assert view(state)["last_kill"] == 3
    assert f"fight {big}" not in moves(state)
    assert f"fight {big} bare" in moves(state)
    with pytest.raises(tabletop.IllegalMoveError):
        state.play(f"fight {big}")
    assert "fight 2C" in moves(state)


def test_english_bad_chaining_fight_js_raises_and_bare_is_legal():
    state = play(new(["10D", "3S", "JS", "2C", "4H", "5H", "6H"]), "equip 10D", "fight 3S")
    with pytest.raises(tabletop.IllegalMoveError):
        state.play("fight JS")
    state.play("fight JS bare")
    assert hp(state) == 9


# --------------------------------------------------------------------------- score

def test_score_when_won_is_health_left():
    state = new(["KS", "2H", "2C", "3C"])
    play(state, "fight KS bare", "drink 2H", "fight 2C bare", "fight 3C bare")
    assert state.is_over
    assert state.outcome.winners == (0,)
    assert state.outcome.scores == (4,)


def test_score_at_full_health_with_last_card_a_monster_is_20():
    state = new(["5D", "4S", "3S", "2H"])
    play(state, "drink 2H", "equip 5D", "fight 4S", "fight 3S")
    assert state.is_over
    assert state.outcome.scores == (20,)


def test_score_bonus_full_health_and_last_card_a_potion():
    state = new(["5D", "3S", "2C", "9H"])
    play(state, "equip 5D", "fight 3S", "fight 2C", "drink 9H")
    assert state.is_over
    assert state.outcome.winners == (0,)
    assert state.outcome.scores == (29,)


def test_score_bonus_when_last_potion_brings_health_back_to_20():
    state = new(["4S", "2D", "3C", "9H"])
    play(state, "fight 4S bare", "equip 2D", "fight 3C")
    assert hp(state) == 15
    state.play("drink 9H")
    assert hp(state) == 20
    assert state.outcome.scores == (29,)


def test_score_no_bonus_when_last_potion_leaves_health_below_20():
    state = new(["KS", "2C", "3C", "2H"])
    play(state, "fight KS bare", "fight 2C bare", "fight 3C bare", "drink 2H")
    assert state.outcome.scores == (4,)


def test_score_when_lost_subtracts_monsters_left_in_dungeon_and_room():
    state = new(["AS", "KC", "QS", "3H", "JC", "2D", "4S"])
    play(state, "fight AS bare", "fight KC bare")
    assert state.is_over
    assert state.outcome.winners == ()
    # health -7; monsters left: QS 12 (room), JC 11 and 4S 4 (dungeon); 3H and 2D do not count.
    assert state.outcome.scores == (-7 - 12 - 11 - 4,)


def test_score_when_lost_at_exactly_zero():
    state = new(["10S", "10C", "2H", "3S", "4S"])
    play(state, "fight 10S bare", "fight 10C bare")
    assert state.outcome.scores == (0 - 3 - 4,)


def test_score_when_lost_on_the_very_last_card():
    state = new(["2H", "3H", "10S", "JC"])
    play(state, "drink 2H", "drink 3H", "fight 10S bare", "fight JC bare")
    assert state.is_over
    assert state.outcome.winners == ()
    assert state.outcome.scores == (-1,)


# --------------------------------------------------------------------------- errors

@pytest.mark.parametrize("name", ["NotationError", "IllegalMoveError", "WrongSeatError",
                                  "GameOverError", "OptionError", "PlayerCountError",
                                  "DeckError"])
def test_errors_are_tabletop_errors_and_value_errors(name):
    cls = getattr(tabletop, name)
    assert issubclass(cls, tabletop.TabletopError)
    assert issubclass(cls, ValueError)


@pytest.mark.parametrize("text", ["hello", "", "fight", "fight ZZ", "fight KS sideways",
                                  "drink 1H", "equip 11D", "avoid KS"])
def test_garbage_notation_raises_notation_error(text):
    state = new(["7D", "KS", "5H", "9C", "2S"])
    with pytest.raises(tabletop.NotationError):
        state.play(text)
    assert hp(state) == 20
    assert room(state) == ["7D", "KS", "5H", "9C"]


@pytest.mark.parametrize("text", ["fight QS bare", "drink 9H", "equip 2D", "fight 5H bare"])
def test_well_formed_but_illegal_move_raises_illegal_move_error_with_a_reason(text):
    state = new(["7D", "KS", "5H", "9C", "2S"])
    with pytest.raises(tabletop.IllegalMoveError) as excinfo:
        state.play(text)
    assert str(excinfo.value).strip()
    assert room(state) == ["7D", "KS", "5H", "9C"]


def test_wrong_seat_raises():
    state = new(["7D", "KS", "5H", "9C", "2S"])
    with pytest.raises(tabletop.ArgumentError, match="seat 1 is not a seat of this game"):
        state.play("equip 7D", seat=1)  # (a solo game has seat 0 only)
    assert view(state)["weapon"] is None
    state.play("equip 7D", seat=0)
    assert view(state)["weapon"] == "7D"


def test_play_after_the_end_raises_game_over_and_nothing_is_legal():
    state = play(new(["2S", "3S", "4S", "5S"]),
                 "fight 2S bare", "fight 3S bare", "fight 4S bare", "fight 5S bare")
    assert state.is_over
    assert state.current_player is None
    assert state.legal_moves() == []
    with pytest.raises(tabletop.GameOverError):
        state.play("avoid")


@pytest.mark.parametrize("options", [{"difficulty": "nightmare"}, {"colour": "x"},
                                     {"binding": "loose"}])
def test_bad_options_raise_option_error(options):
    with pytest.raises(tabletop.OptionError):
        game().new_game(players=1, seed=7, options=options, deck=["2S", "3S", "4S", "5S"])


@pytest.mark.parametrize("difficulty", ["easy", "classic", "hard"])
@pytest.mark.parametrize("binding", ["strict", "inclusive"])
def test_documented_options_are_accepted(difficulty, binding):
    state = new(["2S", "3S", "4S", "5S", "6S"], difficulty=difficulty, binding=binding)
    assert ("avoid" in moves(state)) == (difficulty != "hard")


@pytest.mark.parametrize("players", [0, 2, 4])
def test_scoundrel_is_one_player_only(players):
    with pytest.raises(tabletop.PlayerCountError):
        game().new_game(players=players, seed=7, options={}, deck=["2S", "3S", "4S", "5S"])


@pytest.mark.parametrize("deck", [
    ["2S", "3S", "4S", "ZZ"],
    ["2S", "3S", "4S", "2S"],
    ["2S", "3S", "4S", "1S"],
    ["2S", "3S", "4S", "11C"],
])
def test_bad_deck_raises_deck_error(deck):
    with pytest.raises(tabletop.DeckError):
        game().new_game(players=1, seed=7, options={}, deck=deck)


# --------------------------------------------------------------------------- notation

def _some_positions():
    """A few positions along a scripted game, to check every legal move there."""
    state = new(["7D", "KS", "5H", "9C", "10D", "QS", "2H", "3C", "4C", "5C", "JS", "6H"])
    out = [copy(state)]
    for text in ["equip 7D", "fight KS", "drink 5H", "equip 10D", "fight QS"]:
        state.play(text)
        out.append(copy(state))
    return out


def test_every_legal_move_notation_is_canonical_and_replays():
    for state in _some_positions():
        before = view(state)
        legal = state.legal_moves()
        assert legal
        for move in legal:
            text = str(move)
            assert MOVE_RE.match(text), text
            other = copy(state)
            other.play(text)
            assert view(other) != before
        assert view(state) == before


def test_playing_a_move_object_works():
    state = new(["7D", "KS", "5H", "9C", "2S"])
    move = next(m for m in state.legal_moves() if str(m) == "equip 7D")
    state.play(move)
    assert view(state)["weapon"] == "7D"


def test_ten_is_printed_10_and_T_is_read():
    state = new(["10D", "10S", "2H", "3H", "4H"])
    assert "equip 10D" in moves(state)
    assert "fight 10S bare" in moves(state)
    state.play("equip TD")
    assert view(state)["weapon"] == "10D"


@pytest.mark.parametrize("text", ["fight K♠", "fight ks", "fight k♠", "fight KS"])
def test_suit_symbols_and_lower_case_are_read(text):
    state = play(new(["7D", "KS", "5H", "9C", "2S"]), "equip 7D")
    state.play(text)
    assert hp(state) == 14
    assert "KS" not in room(state)


def test_suit_symbols_for_every_suit():
    state = new(["7D", "KS", "5H", "9C", "2S"])
    play(state, "equip 7♦", "fight K♠", "drink 5♥")
    assert hp(state) == 19
    assert room(state) == ["9C", "2S"]
    state.play("fight 9♣")
    assert hp(state) == 17


def test_bare_fight_with_symbol_notation():
    state = play(new(["7D", "KS", "5H", "9C", "2S"]), "fight K♠ bare")
    assert hp(state) == 7


# --------------------------------------------------------------------------- determinism, saves

def _auto_play(state, steps):
    trail = []
    for _ in range(steps):
        if state.is_over:
            break
        legal = sorted(str(m) for m in state.legal_moves())
        # Prefer anything but a bare fight, to live a little longer.
        choice = next((t for t in legal if not t.endswith("bare")), legal[0])
        state.play(choice)
        trail.append((choice, json.dumps(view(state), sort_keys=True)))
    return trail


def test_same_seed_same_moves_same_game():
    a = game().new_game(players=1, seed=11, options={})
    b = game().new_game(players=1, seed=11, options={})
    assert view(a) == view(b)
    assert _auto_play(a, 30) == _auto_play(b, 30)
    assert a.is_over == b.is_over


def test_different_seeds_deal_different_rooms():
    rooms = {tuple(view(game().new_game(players=1, seed=s, options={}))["room"])
             for s in range(20)}
    assert len(rooms) > 1


def test_save_and_restore_mid_game_keeps_moves_and_view():
    state = new(["7D", "KS", "5H", "9C", "10D", "QS", "2H", "3C", "4C", "5C", "JS", "6H"])
    play(state, "equip 7D", "fight KS")
    restored = tabletop.restore(state.to_json())
    assert view(restored) == view(state)
    assert moves(restored) == moves(state)
    for text in ["drink 5H", "fight 9C", "equip 10D"]:
        state.play(text)
        restored.play(text)
        assert view(restored) == view(state)
        assert moves(restored) == moves(state)


def test_restored_copy_is_independent():
    state = new(["7D", "KS", "5H", "9C", "2S"])
    other = copy(state)
    other.play("equip 7D")
    assert view(state)["weapon"] is None
    assert "equip 7D" in moves(state)


def test_restore_keeps_the_avoid_restriction():
    state = play(new(["2S", "3S", "4S", "5S", "2C", "3C", "4C", "5C", "6C"]), "avoid")
    restored = copy(state)
    assert "avoid" not in moves(restored)
    with pytest.raises(tabletop.IllegalMoveError):
        restored.play("avoid")


def test_restore_keeps_the_potion_limit():
    state = play(new(["KS", "5H", "9H", "2C", "3C"]), "fight KS bare", "drink 5H")
    restored = copy(state)
    restored.play("drink 9H")
    assert hp(restored) == 12


def test_restore_keeps_the_options():
    state = play(new(["5D", "9S", "9C", "10C", "3H"], binding="inclusive", difficulty="hard"),
                 "equip 5D", "fight 9S")
    restored = copy(state)
    assert "fight 9C" in moves(restored)
    fresh = copy(new(["2S", "3S", "4S", "5S", "6S"], difficulty="hard"))
    assert "avoid" not in moves(fresh)


def test_restore_of_a_finished_game_keeps_the_outcome():
    state = play(new(["5D", "3S", "2C", "9H"]), "equip 5D", "fight 3S", "fight 2C", "drink 9H")
    restored = copy(state)
    assert restored.is_over
    assert restored.outcome.scores == (29,)
    assert restored.outcome.winners == (0,)
    assert restored.legal_moves() == []


def test_running_forever_on_easy_ends_as_a_loss_at_the_move_limit() -> None:
    state = tabletop.load("scoundrel").new_game(seed=1, options={"difficulty": "easy"})
    limit = 0
    while not state.is_over:
        state.play("avoid")
        limit += 1
    assert limit == 120
    assert state.outcome.winners == ()
    assert state.outcome.scores[0] == 20 - 208  # full health, every monster still inside
    assert "move limit" in state.outcome.reason
