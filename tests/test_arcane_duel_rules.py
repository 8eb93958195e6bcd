"""Rule-by-rule and card-by-card scenario tests for Arcane Duel v1, on stacked piles.

Source: seeds/by-game/arcane-duel-v1.txt; rulings in docs/games/arcane-duel.md. Setup deals
2 cards to each seat in seat order from the top of the pile, so ``duel(["a", "b"], ["c", "d"])``
gives Ana a and b, Ben c and d; ``pile`` is what is left to draw, top first. Cards not named
stay out of the game. Ana is seat 0, Ben 1, Chloé 2, Dan 3; Ana starts unless told otherwise.
Only the public API is used, except ``set_health``, which sets up a position (as stacking the
pile does) for the tests of falls, rounds and the match.
"""

from __future__ import annotations

import functools
import json
from typing import Any

import pytest

import tabletop

ANA, BEN, CHLOE, DAN = 0, 1, 2, 3
NAMES = ["Ana", "Ben", "Chloé", "Dan"]


@functools.cache
def game() -> tabletop.Game:
    return tabletop.load("arcane-duel")


def duel(*hands: list[str], pile: tuple[str, ...] | list[str] = (), first: int = ANA,
         **options: str) -> tabletop.State:
    deck = [c for h in hands for c in h] + list(pile)
    return game().new_game(players=len(hands), names=NAMES[:len(hands)], seed=7, first=first,
                           options=options, deck=deck)


def set_health(st: tabletop.State, seat: int, hp: int) -> None:
    """A position: this seat's health (the only setup the pile cannot stack)."""
    st.vars[f"hp/{seat}"] = hp


def health(st: tabletop.State) -> list[int]:
    return list(st.view(None)["health"])


def hand(st: tabletop.State, seat: int) -> list[str]:
    return list(st.view(seat)["hand"])


def moves(st: tabletop.State) -> list[str]:
    return [m.text for m in st.legal_moves()]


def effects(st: tabletop.State) -> list[list[str]]:
    return list(st.view(None)["effects"])


def log(st: tabletop.State) -> str:
    return "\n".join(e.text_in("en") for e in st.log if e.kind in ("log", "eliminated"))


def play(st: tabletop.State, *texts: str) -> None:
    """Play these moves; "end" answers the end-of-turn discard question with keep, when it is
    asked (it is not when the hand is empty)."""
    for t in texts:
        if t == "end":
            if "keep" in moves(st):
                st.play("keep")
            continue
        st.play(t)


# --------------------------------------------------------------------------- setup, phases

def test_setup_deals_two_cards_each_nine_health_and_the_rest_is_the_pile() -> None:
    st = game().new_game(players=3, seed=3)
    v = st.view(0)
    assert v["health"] == [9, 9, 9] and v["hands"] == [2, 2, 2]
    assert v["pile"] == 10 and v["discard"] == 0 and v["round"] == 1 and v["wins"] == [0, 0, 0]
    assert len(v["hand"]) == 2 and all(c is not None for c in v["hand"])


def test_the_first_player_is_drawn_at_random() -> None:
    firsts = {game().new_game(players=4, seed=s).current_player for s in range(40)}
    assert firsts == {0, 1, 2, 3}


@pytest.mark.parametrize("n", [1, 6])
def test_two_to_five_players(n: int) -> None:
    with pytest.raises(tabletop.TabletopError):
        game().new_game(players=n, seed=1)


def test_draw_is_the_whole_action_and_is_refused_with_three_cards() -> None:
    st = duel(["mana", "healing"], ["fireball", "shield"], pile=["thorns", "veil", "curse"])
    st.play("draw")
    assert hand(st, ANA) == ["mana", "healing", "thorns"]
    assert moves(st) == ["replace mana", "replace healing", "replace thorns", "keep"]
    st.play("keep")
    assert st.current_player == BEN
    st.play("draw")
    st.play("keep")
    with pytest.raises(tabletop.IllegalMoveError, match="already hold 3 cards"):
        st.play("draw")


def test_defense_cards_are_not_played_on_your_turn() -> None:
    st = duel(["shield", "fireball"], ["mana", "thorns"])
    assert "play shield" not in moves(st)
    with pytest.raises(tabletop.IllegalMoveError, match="only when you are attacked"):
        st.play("play shield")
    with pytest.raises(tabletop.IllegalMoveError, match="needs a target"):
        st.play("play fireball")


def test_no_action_discards_a_card() -> None:
    st = duel(["fireball", "shield"], ["mana", "thorns"])
    # draw, act, or take no action: discard a card, or pass (option no_action=discard: no pass)
    assert "pass" in moves(st)
    st.play("discard shield")
    assert "takes no action and discards Shield" in log(st)
    assert st.view(None)["top_discard"] == "shield"
    st.play("keep")
    st.play("discard mana")
    st.play("replace thorns")  # Ben ends with no card; the pile is empty
    st.play("play fireball at Ben")  # Ben has no card: nobody is asked
    assert health(st) == [9, 8] and st.current_player == BEN
    # Ben's replacement: the discard pile is rebuilt into a pile and he draws from it
    assert st.view(None)["hands"] == [0, 1] and st.view(None)["pile"] == 3
    assert "the discard pile is shuffled into a new pile" in log(st)


def test_discard_to_replace_draws_at_the_start_of_the_next_turn() -> None:
    st = duel(["healing", "curse"], ["mana", "thorns"], pile=["veil", "shield", "mirror"])
    play(st, "discard healing", "replace curse")
    assert hand(st, ANA) == [] and "discards Curse to replace it" in log(st)
    play(st, "draw", "end")
    assert hand(st, ANA) == ["shield"]  # drawn as Ana's turn starts (Ben drew the veil)
    assert st.current_player == ANA


def test_option_replacement_now_draws_at_once() -> None:
    st = duel(["healing", "curse"], ["mana", "thorns"], pile=["veil"], replacement="now")
    play(st, "discard healing", "replace curse")
    assert hand(st, ANA) == ["veil"]


def test_the_discard_pile_is_shuffled_into_a_new_pile_when_a_draw_finds_it_empty() -> None:
    st = duel(["healing", "curse"], ["mana", "thorns"], pile=["veil"])
    play(st, "discard curse", "end", "draw", "end")
    assert st.view(None)["pile"] == 0 and st.view(None)["discard"] == 1
    play(st, "draw")
    assert "the discard pile is shuffled into a new pile" in log(st)
    assert hand(st, ANA) == ["healing", "curse"]


# --------------------------------------------------------------------------- attacks

def test_fireball_the_target_is_asked_and_takes_one() -> None:
    st = duel(["fireball", "mana"], ["shield", "healing"], ["veil", "thorns"])
    st.play("play fireball at Ben")
    assert st.current_player == BEN
    assert st.prompt("en") == ("Ben, Ana's Fireball is aimed at you: 1 damage. Defend with a "
                               "card?")
    assert "Boule de feu d'Ana vous vise : 1 dégât" in (st.prompt("fr") or "")
    assert moves(st) == ["defend shield", "no defense"]
    st.play("no defense")
    assert health(st) == [9, 8, 9]
    assert st.current_player == ANA  # back to Ana's end of turn
    st.play("keep")
    assert st.current_player == BEN


def test_the_target_is_asked_even_without_a_defense_card() -> None:
    st = duel(["fireball", "mana"], ["healing", "curse"])
    st.play("play fireball at Ben")
    assert st.current_player == BEN and moves(st) == ["no defense"]


def test_explosion_deals_two_and_one_in_return_even_when_stopped() -> None:
    st = duel(["explosion", "mana"], ["shield", "healing"])
    play(st, "play explosion at Ben", "defend shield")
    assert health(st) == [8, 8]


def test_poison_strikes_at_the_end_of_the_targets_next_turn() -> None:
    st = duel(["poison", "mana"], ["healing", "curse"], pile=["veil", "thorns"])
    play(st, "play poison at Ben", "no defense", "end")
    assert health(st) == [9, 9] and effects(st)[BEN] == ["poisoned"]
    play(st, "draw")
    assert health(st)[BEN] == 9  # still asked about the discard: the turn is not over
    st.play("keep")
    assert health(st) == [9, 8] and effects(st)[BEN] == []
    assert "loses 1 health to the poison" in log(st)


def test_poison_deflected_back_strikes_at_the_end_of_the_attackers_next_turn() -> None:
    st = duel(["poison", "mana"], ["deflection", "curse"], pile=["veil", "thorns"])
    play(st, "play poison at Ben", "defend deflection", "no defense", "end")
    assert health(st) == [9, 9] and effects(st)[ANA] == ["poisoned"]
    play(st, "draw", "end", "draw", "end")
    assert health(st) == [8, 9]


@pytest.mark.parametrize("spell, en, fr", [
    ("fireball", "Ana, your own Fireball comes back at you: 1 damage. Defend with a card?",
     "Ana, votre propre Boule de feu revient sur vous : 1 dégât. Vous défendre avec une "
     "carte ?"),
    ("shadows", "Ana, your own Hand of Shadows comes back at you: a card stolen from your hand."
     " Defend with a card?", "Ana, votre propre Main des ombres revient sur vous : une carte "
     "volée dans votre main. Vous défendre avec une carte ?")])
def test_an_attack_deflected_back_is_told_to_its_caster_as_their_own(
        spell: str, en: str, fr: str) -> None:
    # issue 34: after a Deflection back, not "Ana, Ana's Hand of Shadows is aimed at you"
    st = duel([spell, "shield"], ["deflection", "mana"])
    st.play(f"play {spell} at Ben")
    assert "Ana's" in (st.prompt("en") or "") and "d'Ana vous vise" in (st.prompt("fr") or "")
    st.play("defend deflection")
    assert st.current_player == ANA
    assert (st.prompt("en"), st.prompt("fr")) == (en, fr)


def test_lightning_hits_everyone_each_defending_separately_the_caster_included() -> None:
    st = duel(["lightning", "mana"], ["shield", "curse"], ["mirror", "thorns"])
    st.play("play lightning")
    assert st.current_player == BEN
    st.play("defend shield")
    assert st.current_player == CHLOE
    st.play("no defense")
    assert health(st) == [8, 9, 8]


def test_option_lightning_opponents_spares_the_caster() -> None:
    st = duel(["lightning", "mana"], ["healing", "curse"], lightning="opponents")
    play(st, "play lightning", "no defense")
    assert health(st) == [9, 8]


def test_curse_the_caster_discards_a_card_of_their_choice() -> None:
    st = duel(["curse", "mana", ], ["healing", "veil"], pile=["thorns"])
    play(st, "draw", "end", "discard veil", "end")
    play(st, "play curse at Ben")
    assert moves(st) == ["pay mana", "pay thorns"]
    play(st, "pay thorns", "no defense")
    assert health(st) == [9, 7] and "discards Thorns for the Curse" in log(st)
    assert hand(st, ANA) == ["mana"]


def test_curse_needs_another_card_unless_option_if_able() -> None:
    st = duel(["curse", "mana"], ["healing", "veil"])
    play(st, "discard mana", "end", "discard veil", "end")
    assert "play curse at Ben" not in moves(st)
    with pytest.raises(tabletop.IllegalMoveError, match="another card in your hand"):
        st.play("play curse at Ben")
    st = duel(["curse", "mana"], ["healing", "veil"], costs="if_able")
    play(st, "discard mana", "end", "discard veil", "end", "play curse at Ben", "no defense")
    assert health(st) == [9, 7]


def test_option_curse_target_the_target_discards_a_card_of_their_choice() -> None:
    st = duel(["curse", "mana"], ["healing", "veil"], curse="target")
    play(st, "play curse at Ben", "no defense")
    assert st.current_player == BEN and moves(st) == ["drop healing", "drop veil"]
    st.play("drop veil")
    assert health(st) == [9, 7] and hand(st, BEN) == ["healing"] and hand(st, ANA) == ["mana"]


def test_hand_of_shadows_costs_one_health_and_steals_a_card() -> None:
    st = duel(["shadows", "mana"], ["healing", "veil"])
    play(st, "play shadows at Ben", "no defense")
    assert health(st) == [8, 9]
    assert st.view(None)["hands"] == [2, 1]
    assert sorted(hand(st, ANA)) in (["healing", "mana"], ["mana", "veil"])
    assert "Ana steals a card from Ben" in log(st)


def test_hand_of_shadows_a_shield_blocks_nothing_a_deflection_moves_the_theft() -> None:
    st = duel(["shadows", "mana"], ["shield", "veil"])
    st.play("play shadows at Ben")
    assert moves(st) == ["no defense"]  # the Shield would block nothing: not offered
    st.play("no defense")
    assert st.view(None)["hands"] == [2, 1]
    st = duel(["shadows", "mana"], ["deflection", "veil"], ["healing", "curse"])
    play(st, "play shadows at Ben", "defend deflection", "deflect to Chloé", "no defense")
    assert st.view(None)["hands"] == [2, 1, 1] and health(st) == [8, 9, 9]


# --------------------------------------------------------------------------- defenses

def test_shield_blocks_one() -> None:
    st = duel(["fireball", "mana"], ["shield", "healing"])
    play(st, "play fireball at Ben", "defend shield")
    assert health(st) == [9, 9] and "Ben defends with Shield" in log(st)
    assert st.view(None)["discard"] == 2


def test_shield_against_curse_and_poison() -> None:
    st = duel(["curse", "mana"], ["shield", "healing"])
    play(st, "play curse at Ben", "defend shield")
    assert health(st) == [9, 8]
    st = duel(["poison", "mana"], ["shield", "healing"])
    play(st, "play poison at Ben", "defend shield")
    assert effects(st)[BEN] == [] and "the poison does not reach Ben" in log(st)


def test_arcane_barrier_blocks_two_by_discarding_a_card() -> None:
    st = duel(["explosion", "mana"], ["barrier", "healing"], pile=["thorns"])
    play(st, "play explosion at Ben", "defend barrier")
    assert health(st) == [8, 9] and hand(st, BEN) == []  # the one other card paid
    assert "Ben discards Healing Light for the Arcane Barrier" in log(st)


def test_arcane_barrier_needs_a_card_to_discard_unless_if_able() -> None:
    st = duel(["healing", "explosion"], ["barrier", "mana"], pile=["veil"])
    play(st, "discard healing", "end", "discard mana", "end", "play explosion at Ben")
    assert moves(st) == ["no defense"]
    st = duel(["healing", "explosion"], ["barrier", "mana"], costs="if_able")
    play(st, "discard healing", "end", "discard mana", "end", "play explosion at Ben")
    assert moves(st) == ["defend barrier", "no defense"]
    st.play("defend barrier")
    assert health(st) == [8, 9]


@pytest.mark.parametrize(("attack", "option", "target", "attacker"), [
    ("fireball", "you", 1, 0), ("fireball", "attacker", 0, 1),
    ("explosion", "you", 1, 1), ("explosion", "attacker", 1, 1),
])
def test_mirror_shares_the_damage(attack: str, option: str, target: int, attacker: int) -> None:
    st = duel([attack, "mana"], ["mirror", "healing"], mirror=option)
    st.play(f"play {attack} at Ben")
    if attacker == 0:  # the split sends nothing back: the Mirror would change nothing
        assert moves(st) == ["no defense"]
        return
    st.play("defend mirror")
    recoil = 1 if attack == "explosion" else 0
    assert health(st) == [9 - attacker - recoil, 9 - target]


@pytest.mark.parametrize(("option", "target", "attacker"), [("you", 2, 1), ("attacker", 1, 2)])
def test_mirror_against_three_damage(option: str, target: int, attacker: int) -> None:
    st = duel(["fireball", "explosion"], ["mirror", "healing"], mirror=option)
    play(st, "combo burst at Ben", "defend mirror")
    assert health(st) == [9 - attacker, 9 - target]


def test_mirror_against_poison_shares_the_poison() -> None:
    st = duel(["poison", "mana"], ["mirror", "healing"], mirror="attacker")
    play(st, "play poison at Ben", "defend mirror")
    assert effects(st) == [["poisoned"], []]


def test_thorns_hurt_the_attacker_and_the_attack_still_lands() -> None:
    st = duel(["fireball", "mana"], ["thorns", "healing"])
    play(st, "play fireball at Ben", "defend thorns")
    assert health(st) == [8, 8]


def test_deflection_to_another_player_who_may_defend_in_turn() -> None:
    st = duel(["explosion", "mana"], ["deflection", "healing"], ["shield", "veil"])
    play(st, "play explosion at Ben", "defend deflection")
    assert st.current_player == BEN and moves(st) == ["deflect to Ana", "deflect to Chloé"]
    st.play("deflect to Chloé")
    assert st.current_player == CHLOE and moves(st) == ["defend shield", "no defense"]
    st.play("defend shield")
    assert health(st) == [8, 9, 8]


def test_deflection_back_to_the_attacker() -> None:
    st = duel(["fireball", "mana"], ["deflection", "healing"])
    play(st, "play fireball at Ben", "defend deflection")  # the only other player
    assert st.current_player == ANA and moves(st) == ["no defense"]
    st.play("no defense")
    assert health(st) == [8, 9]


def test_option_deflect_not_attacker() -> None:
    st = duel(["fireball", "mana"], ["deflection", "healing"], deflect="not_attacker")
    st.play("play fireball at Ben")
    assert moves(st) == ["no defense"]  # nobody else to send it to
    st = duel(["fireball", "mana"], ["deflection", "healing"], ["shield", "veil"],
              deflect="not_attacker")
    play(st, "play fireball at Ben", "defend deflection")
    assert st.current_player == CHLOE  # sent to Chloé without a question


def test_option_redefend_no() -> None:
    st = duel(["fireball", "mana"], ["deflection", "healing"], ["shield", "veil"],
              redefend="no")
    play(st, "play fireball at Ben", "defend deflection", "deflect to Chloé")
    assert health(st) == [9, 9, 8] and st.current_player == ANA


# --------------------------------------------------------------------------- supports

def test_healing_light_never_above_the_rounds_starting_health() -> None:
    st = duel(["healing", "mana"], ["fireball", "veil"], pile=["thorns"])
    assert "play healing" not in moves(st)  # at full health it would give nothing
    play(st, "play mana", "end", "play fireball at Ana", "no defense", "end")
    assert health(st)[ANA] == 8
    st.play("play healing")
    assert health(st) == [9, 9] and "now has 9 health" in log(st)


def test_mana_focus_draws_a_card() -> None:
    st = duel(["mana", "healing"], ["fireball", "veil"], pile=["thorns"])
    st.play("play mana")
    assert hand(st, ANA) == ["healing", "thorns"]


def test_shadow_veil_stops_the_next_attack_and_is_spent() -> None:
    st = duel(["veil", "mana"], ["fireball", "explosion"], pile=["thorns"])
    play(st, "play veil", "end")
    assert effects(st)[ANA] == ["veiled"]
    play(st, "play fireball at Ana")
    assert health(st) == [9, 9] and effects(st)[ANA] == []
    assert "the Shadow Veil of Ana stops the Fireball" in log(st)


def test_shadow_veil_lasts_until_your_next_turn() -> None:
    st = duel(["veil", "mana"], ["healing", "curse"], ["thorns", "shield"])
    play(st, "play veil", "end", "discard curse", "end", "discard thorns", "end")
    assert effects(st)[ANA] == []  # Ana's turn again: the veil is gone


def test_option_duration_turn_only_the_next_players_turn() -> None:
    st = duel(["veil", "mana"], ["healing", "curse"], ["fireball", "shield"], duration="turn")
    play(st, "play veil", "end")
    assert effects(st)[ANA] == ["veiled"]
    play(st, "discard curse", "end")
    assert effects(st)[ANA] == []
    play(st, "play fireball at Ana", "no defense")
    assert health(st)[ANA] == 8
    st = duel(["veil", "mana"], ["healing", "curse"], ["fireball", "shield"])
    play(st, "play veil", "end", "discard curse", "end", "play fireball at Ana")
    assert health(st)[ANA] == 9  # by default it still holds on Chloé's turn


def test_absorption_takes_back_the_last_discarded_card() -> None:
    st = duel(["absorption", "mana"], ["fireball", "veil"])
    assert "play absorption" not in moves(st)
    with pytest.raises(tabletop.IllegalMoveError, match="discard pile is empty"):
        st.play("play absorption")
    play(st, "discard mana", "end", "discard veil", "end")
    st.play("play absorption")
    assert hand(st, ANA) == ["veil"] and st.view(None)["top_discard"] == "absorption"


def test_mind_control_the_opponent_chooses_the_card() -> None:
    st = duel(["mind", "mana"], ["fireball", "veil"])
    st.play("play mind at Ben")
    assert st.current_player == BEN and moves(st) == ["drop fireball", "drop veil"]
    st.play("drop veil")
    assert hand(st, BEN) == ["fireball"] and "Ben discards Shadow Veil" in log(st)


# --------------------------------------------------------------------------- combos

def test_combos_are_offered_only_with_both_cards() -> None:
    st = duel(["fireball", "explosion"], ["lightning", "veil"], ["healing", "poison"])
    assert "combo burst at Ben" in moves(st) and "combo burst at Chloé" in moves(st)
    assert not any(m.startswith("combo chain") for m in moves(st))
    with pytest.raises(tabletop.IllegalMoveError, match="combo chain needs lightning, fireball"):
        st.play("combo chain at Ben and Chloé")


def test_flame_burst_three_damage_without_recoil() -> None:
    st = duel(["fireball", "explosion"], ["shield", "healing"])
    play(st, "combo burst at Ben", "defend shield")
    assert health(st) == [9, 7] and st.view(None)["discard"] == 3
    assert "plays the combo Flame Burst at Ben" in log(st)


def test_electric_veil_hurts_whoever_attacks_you_and_their_right_neighbour() -> None:
    st = duel(["lightning", "mirror"], ["fireball", "veil"], ["healing", "thorns"])
    play(st, "combo electric", "end")
    assert effects(st)[ANA] == ["electric"]
    play(st, "play fireball at Ana")  # Ana holds no card: she is not asked
    assert health(st) == [8, 7, 8]  # Ben 2, Chloé (after Ben) 1
    assert effects(st)[ANA] == ["electric"]  # it strikes every attacker until Ana's turn


def test_option_neighbour_previous() -> None:
    st = duel(["lightning", "mirror"], ["healing", "thorns"], ["fireball", "veil"],
              neighbour="previous")
    play(st, "combo electric", "end", "discard thorns", "end", "play fireball at Ana")
    assert health(st) == [8, 8, 7]  # Chloé 2, Ben (before Chloé) 1


def test_frozen_armour_blocks_up_to_three_of_the_next_attack() -> None:
    st = duel(["shield", "barrier"], ["fireball", "explosion"], pile=["thorns"])
    play(st, "combo armour", "end")
    assert effects(st)[ANA] == ["armoured"]
    play(st, "combo burst at Ana")
    assert health(st) == [9, 9] and effects(st)[ANA] == []
    assert "the Frozen Armour of Ana blocks 3" in log(st)


def test_frozen_armour_waits_for_an_attack_that_deals_damage() -> None:
    st = duel(["shield", "barrier"], ["shadows", "fireball"], pile=["thorns", "mana"])
    play(st, "draw", "end", "discard fireball", "end", "combo armour", "end",
         "play shadows at Ana", "no defense")
    assert effects(st)[ANA] == ["armoured"]  # a theft deals no damage


def test_arcane_trap_the_next_attacker_discards_and_takes_two() -> None:
    st = duel(["curse", "thorns"], ["fireball", "veil"], pile=["mana"])
    play(st, "combo trap", "end", "play fireball at Ana")
    # Ben's only other card, the veil, is discarded at once; the Fireball still lands
    assert health(st) == [8, 7] and effects(st)[ANA] == []
    assert hand(st, BEN) == [] and "Ben falls into the Arcane Trap of Ana" in log(st)
    assert "discards Shadow Veil to the trap" in log(st)


def test_arcane_trap_lasts_one_turn() -> None:
    st = duel(["curse", "thorns"], ["healing", "veil"], pile=["mana", "fireball"])
    play(st, "combo trap", "end", "discard veil", "end")
    assert effects(st)[ANA] == []


def test_grave_invocation_takes_any_card_from_the_discard() -> None:
    st = duel(["absorption", "shadows"], ["fireball", "veil"], pile=["mana"])
    assert not any(m.startswith("combo grave") for m in moves(st))  # nothing to take
    play(st, "draw", "end", "discard fireball", "end", "discard mana", "end",
         "discard veil", "end")
    assert [m for m in moves(st) if m.startswith("combo grave")] == [
        "combo grave taking veil", "combo grave taking mana", "combo grave taking fireball"]
    st.play("combo grave taking fireball")
    assert hand(st, ANA) == ["fireball"]


def test_vital_regain_restores_three_up_to_the_rounds_starting_health() -> None:
    st = duel(["absorption", "healing"], ["explosion", "curse"])
    set_health(st, ANA, 4)
    st.play("combo regain")
    assert health(st)[ANA] == 7 and "now has 7 health" in log(st)
    st = duel(["absorption", "healing"], ["explosion", "curse"])
    set_health(st, ANA, 8)
    st.play("combo regain")
    assert health(st)[ANA] == 9


def test_arcane_trap_the_attacker_chooses_the_card_to_lose() -> None:
    st = duel(["curse", "thorns"], ["fireball", "veil"], ["healing", "barrier"],
              pile=["mana", "shield"], first=BEN)
    play(st, "draw", "end", "discard healing", "end", "combo trap")
    st.play("play fireball at Ana")
    assert st.current_player == BEN and moves(st) == ["drop veil", "drop mana"]
    st.play("drop mana")
    assert hand(st, BEN) == ["veil"] and health(st) == [8, 7, 9]


def test_shadow_mana_draws_and_steals() -> None:
    st = duel(["mana", "shadows"], ["fireball", "veil"], pile=["thorns"])
    play(st, "combo shadowmana at Ben", "no defense")
    assert health(st) == [9, 9]  # no cost: the combo's effect replaces the cards'
    assert st.view(None)["hands"] == [2, 1] and "thorns" in hand(st, ANA)


def test_chain_reaction_two_damage_to_two_opponents_each_defending() -> None:
    st = duel(["lightning", "fireball"], ["shield", "veil"], ["mirror", "thorns"])
    st.play("combo chain at Ben and Chloé")
    assert st.current_player == BEN
    st.play("defend shield")
    assert st.current_player == CHLOE
    st.play("defend mirror")
    assert health(st) == [8, 8, 8]


def test_chain_reaction_names_its_targets_in_turn_order() -> None:
    st = duel(["lightning", "fireball"], ["shield", "veil"], ["mirror", "thorns"])
    chains = [m for m in moves(st) if m.startswith("combo chain")]
    assert chains == ["combo chain at Ben and Chloé"], "each pair of targets listed once"
    with pytest.raises(tabletop.IllegalMoveError, match="Ben before Chloé"):
        st.play("combo chain at Chloé and Ben")
    st.play("combiner chain sur Ben et Chloé")  # the French words, at any table
    assert st.current_player == BEN


def test_chain_reaction_with_a_single_opponent() -> None:
    st = duel(["lightning", "fireball"], ["shield", "veil"])
    assert "combo chain at Ben" in moves(st)
    play(st, "combo chain at Ben", "no defense")
    assert health(st) == [9, 7]
    st = duel(["lightning", "fireball"], ["shield", "veil"], ["mirror", "thorns"])
    assert "combo chain at Ben" not in moves(st)
    with pytest.raises(tabletop.IllegalMoveError, match="two different opponents"):
        st.play("combo chain at Ben")
    with pytest.raises(tabletop.IllegalMoveError, match="needs more: combo burst at NAME"):
        duel(["fireball", "explosion"], ["shield", "veil"]).play("combo burst")


def test_poisoned_blessing_heals_two_and_poisons() -> None:
    st = duel(["poison", "healing"], ["fireball", "veil"], pile=["thorns"])
    set_health(st, ANA, 5)
    play(st, "combo blessing at Ben", "no defense", "end")
    assert health(st) == [7, 9] and effects(st)[BEN] == ["poisoned"]
    play(st, "draw", "end")
    assert health(st) == [7, 8]


def test_poison_waits_through_other_players_turns() -> None:
    st = duel(["poison", "healing"], ["fireball", "veil"], ["curse", "thorns"],
              pile=["mana", "shield"])
    play(st, "combo blessing at Chloé", "no defense", "end", "discard veil", "end")
    assert effects(st)[CHLOE] == ["poisoned"] and health(st)[CHLOE] == 9
    play(st, "discard thorns", "end")
    assert effects(st)[CHLOE] == [] and health(st)[CHLOE] == 8


def test_spectral_invocation_swaps_hands() -> None:
    st = duel(["veil", "deflection"], ["fireball", "mana"], pile=["thorns"])
    play(st, "draw", "end")  # Ana holds veil, deflection, thorns
    play(st, "discard mana", "end")
    st.play("combo spectral at Ben")
    assert hand(st, ANA) == ["fireball"] and hand(st, BEN) == ["thorns"]


# --------------------------------------------------------------------------- falls, rounds

def test_a_player_at_zero_falls_and_the_last_one_standing_wins_the_round() -> None:
    st = duel(["fireball", "mana"], ["healing", "veil"], ["thorns", "curse"],
              pile=["shield", "mirror", "lightning", "poison", "explosion", "barrier"])
    set_health(st, BEN, 1)
    play(st, "play fireball at Ben", "no defense")
    assert "Ben is out" in log(st)
    play(st, "end")
    assert st.current_player == CHLOE  # Ben's turns are skipped


def test_round_end_scores_resets_health_to_five_and_deals_again() -> None:
    st = duel(["fireball", "mana"], ["healing", "veil"],
              pile=["shield", "mirror", "lightning", "poison", "explosion", "barrier"])
    set_health(st, BEN, 1)
    play(st, "play fireball at Ben", "no defense")
    v = st.view(None)
    assert v["wins"] == [1, 0] and v["round"] == 2 and v["health"] == [5, 5]
    assert v["hands"] == [2, 2] and v["pile"] == 6 and v["discard"] == 0
    assert "Ana wins round 1. Rounds won: Ana 1, Ben 0" in log(st)
    assert "round 2 begins: everyone has 5 health; Ben starts" in log(st)
    assert st.current_player == BEN  # the player after the one who began round 1


def test_option_reset_health_nine_and_next_round_winner() -> None:
    st = duel(["fireball", "mana"], ["healing", "veil"], pile=["shield", "mirror"],
              reset_health="9", next_round="winner")
    set_health(st, BEN, 1)
    play(st, "play fireball at Ben", "no defense")
    assert health(st) == [9, 9] and st.current_player == ANA


def test_explosion_recoil_can_make_the_caster_fall_too() -> None:
    st = duel(["explosion", "mana"], ["healing", "veil"], ["thorns", "curse"])
    set_health(st, ANA, 1)
    set_health(st, BEN, 2)
    play(st, "play explosion at Ben", "no defense")
    assert st.view(None)["wins"] == [0, 0, 1]  # both fell together: Chloé wins the round


def test_everyone_falls_at_once_nobody_wins_the_round() -> None:
    st = duel(["lightning", "mana"], ["healing", "veil"], pile=["thorns", "curse"])
    set_health(st, ANA, 1)
    set_health(st, BEN, 1)
    play(st, "play lightning", "no defense")
    assert st.view(None)["wins"] == [0, 0] and st.view(None)["round"] == 2
    assert "nobody wins round 1" in log(st)


def test_poison_can_end_a_round_at_the_end_of_a_turn() -> None:
    st = duel(["poison", "mana"], ["healing", "curse"], pile=["veil", "thorns"])
    set_health(st, BEN, 1)
    play(st, "play poison at Ben", "no defense", "end", "draw", "end")
    assert st.view(None)["wins"] == [1, 0] and st.current_player == BEN


def test_the_match_ends_at_three_rounds_with_the_scores() -> None:
    st = duel(["fireball", "explosion"], ["healing", "veil"],
              pile=["shield", "mirror", "lightning", "poison"])
    for _ in range(3):
        set_health(st, BEN, 1)
        set_health(st, ANA, 9)
        while not st.is_over and st.view(None)["health"][BEN] > 0:
            legal = moves(st)
            attack = [m for m in legal if m.endswith(" at Ben") or m.startswith("combo burst")]
            st.play(attack[0] if attack else ("no defense" if "no defense" in legal else
                                              legal[0]))
            if st.view(None)["health"] == [5, 5] or st.is_over:
                break
    assert st.is_over and st.outcome is not None
    assert st.outcome.winners == (ANA,) and st.outcome.scores == (3, 0)
    assert st.outcome.reason_in("en") == ("Ana wins 3 rounds and is the ultimate wizard. "
                                          "Rounds won: Ana 3, Ben 0")
    assert "gagne 3 manches et le titre de sorcier ultime" in st.outcome.reason_in("fr")


# --------------------------------------------------------------------------- saves, views

def test_a_pending_defense_is_saved_and_resumes() -> None:
    st = duel(["fireball", "mana"], ["shield", "healing"])
    st.play("play fireball at Ben")
    back = tabletop.restore(st.to_json())
    assert back.current_player == BEN and moves(back) == ["defend shield", "no defense"]
    assert back.prompt("en") == st.prompt("en")
    back.play("defend shield")
    assert health(back) == [9, 9]


def test_views_show_what_the_rules_promise_and_no_hidden_card() -> None:
    st = duel(["veil", "mana"], ["fireball", "healing"], pile=["thorns"])
    play(st, "play veil", "end")
    v: dict[str, Any] = st.view(BEN)
    assert v["hand"] == ["fireball", "healing"] and v["effects"] == [["veiled"], []]
    assert v["hands"] == [1, 2] and v["pile"] == 1 and v["discard"] == 1
    assert v["top_discard"] == "veil" and v["wins"] == [0, 0] and v["health"] == [9, 9]
    assert "mana" not in json.dumps(v)


# --------------------------------------------------------------------------- every defense
# against every kind of attack, two players: Ana holds the attack and Mana Focus (paid for the
# Curse), Ben the defense and Healing Light (paid for the Barrier, or stolen). Each row:
# health [Ana, Ben] after the attack, whether Ben (or Ana) is poisoned, Ben's hand size.
# A Deflection in a duel can only send the attack back to Ana.
# None: that defense would change nothing against that attack, so it is not offered (a Shield
# or a Barrier against a theft, a Mirror whose split of 1 damage sends nothing back).
MATRIX: dict[tuple[str, str], tuple[list[int], list[list[str]], int] | None] = {
    ("shield", "fireball"): ([9, 9], [[], []], 1),
    ("shield", "explosion"): ([8, 8], [[], []], 1),
    ("shield", "poison"): ([9, 9], [[], []], 1),
    ("shield", "curse"): ([9, 8], [[], []], 1),
    ("shield", "shadows"): None,
    ("shield", "lightning"): ([8, 9], [[], []], 1),
    ("barrier", "fireball"): ([9, 9], [[], []], 0),
    ("barrier", "explosion"): ([8, 9], [[], []], 0),
    ("barrier", "poison"): ([9, 9], [[], []], 0),
    ("barrier", "curse"): ([9, 9], [[], []], 0),
    ("barrier", "shadows"): None,
    ("barrier", "lightning"): ([8, 9], [[], []], 0),
    ("mirror", "fireball"): None,
    ("mirror", "explosion"): ([7, 8], [[], []], 1),
    ("mirror", "poison"): None,
    ("mirror", "curse"): ([8, 8], [[], []], 1),
    ("mirror", "shadows"): None,
    ("mirror", "lightning"): None,
    ("thorns", "fireball"): ([8, 8], [[], []], 1),
    ("thorns", "explosion"): ([7, 7], [[], []], 1),
    ("thorns", "poison"): ([8, 9], [[], ["poisoned"]], 1),
    ("thorns", "curse"): ([8, 7], [[], []], 1),
    ("thorns", "shadows"): ([7, 9], [[], []], 0),
    ("thorns", "lightning"): ([7, 8], [[], []], 1),
    ("deflection", "fireball"): ([8, 9], [[], []], 1),
    ("deflection", "explosion"): ([6, 9], [[], []], 1),
    ("deflection", "poison"): ([9, 9], [["poisoned"], []], 1),
    ("deflection", "curse"): ([7, 9], [[], []], 1),
    ("deflection", "shadows"): ([8, 9], [[], []], 1),
    ("deflection", "lightning"): ([7, 9], [[], []], 1),
}


@pytest.mark.parametrize(("defense", "attack"), sorted(MATRIX))
def test_every_defense_against_every_kind_of_attack(defense: str, attack: str) -> None:
    st = duel([attack, "mana"], [defense, "healing"], pile=["veil"])
    st.play("play lightning" if attack == "lightning" else f"play {attack} at Ben")
    assert st.current_player == BEN
    want = MATRIX[(defense, attack)]
    if want is None:
        assert moves(st) == ["no defense"]
        return
    st.play(f"defend {defense}")
    while "no defense" in moves(st):  # a deflected attack asks Ana in turn
        st.play("no defense")
    want_health, want_effects, ben_hand = want
    assert health(st) == want_health
    assert effects(st) == want_effects
    assert st.view(None)["hands"][BEN] == ben_hand


def test_electric_veil_ends_at_the_casters_next_turn_and_option_turn() -> None:
    st = duel(["lightning", "mirror"], ["healing", "veil"], pile=["thorns", "mana"])
    play(st, "combo electric", "discard veil", "end")
    assert effects(st)[ANA] == []  # Ana's turn again
    st = duel(["lightning", "mirror"], ["healing", "veil"], ["fireball", "curse"],
              duration="turn")
    play(st, "combo electric", "discard veil", "end", "play fireball at Ana")
    assert health(st) == [8, 9, 9]  # Chloé attacks after Ben's turn: the veil is over


def test_a_shadow_veil_stops_its_owners_share_of_a_lightning() -> None:
    st = duel(["veil", "mana"], ["lightning", "curse"], ["healing", "thorns"])
    play(st, "play veil", "end", "play lightning")
    assert st.current_player == CHLOE  # Ana's veil answered for her: no question
    st.play("no defense")
    assert health(st) == [9, 8, 8] and effects(st)[ANA] == []
