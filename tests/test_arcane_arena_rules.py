"""Rule-by-rule scenario tests for Arcane Arena (Arcane Duel v2), on stacked piles.

Source: seeds/by-game/arcane-arena-v2.txt; rulings in docs/games/arcane-arena.md and
docs/designers/arcane-arena.md. The deck given to new_game deals 2 cards to each seat in seat
order (Ana's two first, then Ben's...), the rest is the pile, top first. Cards not listed stay
out of the game.
"""

from __future__ import annotations

import functools

import pytest

import tabletop

NAMES = ["Ana", "Ben", "Cleo", "Dan"]


@functools.cache
def game(gid: str = "arcane-arena") -> tabletop.Game:
    return tabletop.load(gid)


def new(*hands, pile=(), first=0, gid="arcane-arena", seed=0, **options) -> tabletop.State:
    """A game whose seats hold ``hands`` (two cards each) and whose pile is ``pile``."""
    deck = [c for h in hands for c in h] + list(pile)
    return game(gid).new_game(players=len(hands), seed=seed, first=first, options=options,
                              deck=deck, names=NAMES[:len(hands)])


def play(st, *moves):
    for m in moves:
        st.play(m)
    return st


def turn(st, *moves):
    """Play a turn's moves, then keep the hand at the discard phase if it is asked."""
    play(st, *moves)
    if not st.is_over and legal(st)[-1:] == ["keep"]:
        st.play("keep")


def legal(st):
    return [m.text for m in st.legal_moves()]


def health(st):
    return st.view(None)["health"]


def log(st, n=None):
    lines = [e.text_in("en") for e in st.log
             if e.kind in ("log", "eliminated") and e.private_to is None]
    return lines if n is None else lines[-n:]


def why(st, text):
    with pytest.raises(tabletop.TabletopError) as e:
        st.play(text)
    return str(e.value)


# ---------------------------------------------------------------- setup and the action phase

def test_setup_two_cards_each_nine_health_round_one():
    st = new(["fireball", "heal"], ["shield", "mana"], pile=["veil", "mirror"])
    v = st.view(0)
    assert v["hand"] == ["fireball", "heal"]
    assert v["health"] == [9, 9] and v["wins"] == [0, 0] and v["round"] == 1
    assert v["cards_held"] == [2, 2] and v["pile"] == 2 and v["discard"] == 0
    assert st.view(1)["hand"] == ["shield", "mana"]
    assert log(st) == ["Round 1: Ana starts"]


def test_the_first_player_is_drawn_at_random():
    firsts = {game().new_game(players=3, seed=s).current_player for s in range(30)}
    assert firsts == {0, 1, 2}


def test_one_action_then_the_discard_phase_then_the_next_player():
    st = new(["veil", "fireball"], ["shield", "mana"], pile=["heal", "mirror", "barrier"])
    st.play("play veil")
    assert st.current_player == 0 and st.prompt().startswith("Discard phase")
    assert legal(st) == ["replace fireball", "keep"]
    st.play("keep")
    assert st.current_player == 1
    assert "draw" in legal(st)


def test_draw_is_an_action_and_not_allowed_with_three_cards():
    st = new(["heal", "fireball"], ["shield", "mana"], pile=["veil", "mirror", "barrier"])
    play(st, "draw", "keep")
    assert st.view(0)["hand"] == ["heal", "fireball", "veil"]
    play(st, "draw", "keep")  # Ben
    assert "draw" not in legal(st)
    assert "you hold 3 cards" in why(st, "draw")


def test_defense_cards_are_not_played_on_your_own_turn():
    st = new(["shield", "mirror"], ["fireball", "heal"], pile=["veil"])
    assert legal(st) == ["draw"]
    assert "shield cannot be played like this" in why(st, "play shield")


def test_pass_only_when_nothing_can_be_done():
    st = new(["shield", "mirror"], ["fireball", "heal"], pile=["veil"])
    assert "you can still draw" in why(st, "pass")
    st2 = new(["shield", "mirror"], ["barrier", "heal"], pile=[])
    assert legal(st2) == ["pass"]  # no draw (empty pile), only defense cards
    st2.play("pass")
    assert st2.current_player == 1
    assert log(st2, 1) == ["can do nothing and passes"]


def test_the_discard_phase_swaps_a_card_for_a_new_one():
    st = new(["veil", "fireball"], ["shield", "mana"], pile=["heal", "mirror"])
    play(st, "play veil", "replace fireball")
    v = st.view(0)
    assert v["hand"] == ["heal"] and v["discard"] == 2 and v["discard_top"] == "fireball"
    assert log(st, 1) == ["discards Fireball and draws a new card"]


# ---------------------------------------------------------------- attacks and defenses

@pytest.mark.parametrize("defense,ana,ben", [
    (None, 9, 8), ("shield", 9, 9), ("barrier", 9, 9), ("mirror", 8, 9)])
def test_fireball_against_each_defense(defense, ana, ben):
    other = {"shield": "barrier", "barrier": "shield", "mirror": "shield", None: "heal"}
    st = new(["fireball", "heal"], [defense or "heal", other[defense]], pile=["veil"])
    st.play("play fireball at Ben")
    assert st.current_player == 1  # the target answers in the middle of Ana's turn
    assert st.prompt() == ("Ana attacks you with Fireball (1 damage). Defend with a card or "
                           "combo, or take it.")
    st.play(f"defend {defense}" if defense else "take")
    assert health(st) == [ana, ben]
    assert st.current_player == 0  # back to Ana's discard phase


@pytest.mark.parametrize("defense,ana,ben", [
    (None, 8, 7), ("shield", 8, 8), ("barrier", 8, 9), ("mirror", 6, 9)])
def test_explosion_recoil_always_lands_and_the_mirror_returns_both_damage(defense, ana, ben):
    st = new(["explosion", "heal"], [defense or "heal", "heal"], pile=["veil"])
    play(st, "play explosion at Ben", f"defend {defense}" if defense else "take")
    assert health(st) == [ana, ben]


def test_the_target_is_asked_even_with_no_defense_in_hand():
    st = new(["fireball", "heal"], ["heal", "mana"], pile=["veil"])
    st.play("play fireball at Ben")
    assert legal(st) == ["take"]  # asking anyway tells nobody what Ben holds


def test_one_defense_per_attack_and_it_does_not_count_as_an_action():
    st = new(["fireball", "heal"], ["shield", "barrier"], pile=["veil", "mirror"])
    play(st, "play fireball at Ben", "defend shield")
    assert st.current_player == 0 and legal(st)[-1] == "keep"  # no second question
    play(st, "keep")
    assert st.view(1)["hand"] == ["barrier"]
    assert "draw" in legal(st)  # Ben still has his own action


def test_lightning_hits_every_opponent_each_defending_separately():
    st = new(["lightning", "heal"], ["shield", "heal"], ["mirror", "heal"], ["barrier", "mana"],
             pile=["veil"])
    st.play("play lightning")
    assert st.current_player == 1
    st.play("defend shield")
    assert st.current_player == 2
    st.play("defend mirror")
    assert st.current_player == 3
    st.play("take")
    assert health(st) == [8, 9, 9, 8]  # Ana takes Cleo's returned damage


def test_lightning_passes_over_a_veiled_wizard_and_nobody_targets_the_veiled():
    st = new(["veil", "heal"], ["lightning", "fireball"], ["heal", "mana"], pile=["barrier"])
    play(st, "play veil", "keep")
    assert st.view(1)["effects"] == [["immune"], [], []]
    assert "play fireball at Ana" not in legal(st)
    assert "Ana cannot be targeted now" in why(st, "play fireball at Ana")
    st.play("play lightning")
    assert st.current_player == 2  # Cleo only
    st.play("take")
    assert health(st) == [9, 9, 8]


def test_the_veil_lasts_until_your_next_turn():
    st = new(["veil", "heal"], ["fireball", "heal"], ["fireball", "mana"],
             pile=["barrier", "mirror"])
    turn(st, "play veil")
    turn(st, "draw")
    assert "play fireball at Ana" not in legal(st)  # Cleo's turn: still veiled
    turn(st, "play mana")
    assert st.view(0)["effects"] is None  # Ana's turn: the veil is over


def test_option_veil_next_turn_covers_only_the_next_players_turn():
    st = new(["veil", "heal"], ["heal", "mana"], ["fireball", "heal"], pile=["barrier"],
             veil="next_turn")
    turn(st, "play veil")
    assert "immune" in st.view(1)["effects"][0]
    turn(st, "draw")
    assert "play fireball at Ana" in legal(st)  # Cleo's turn: the veil is over


def test_heal_gives_one_health_up_to_nine():
    st = new(["fireball", "heal"], ["heal", "heal"], pile=["veil"])
    turn(st, "play fireball at Ben", "take")
    turn(st, "play heal")
    assert health(st) == [9, 9]
    turn(st, "draw")
    assert "play heal" not in legal(st)  # at 9 it would give nothing: not offered


def test_hand_of_shadows_steals_a_random_card_and_cannot_be_defended():
    st = new(["shadows", "heal"], ["shield", "mirror"], pile=["veil"])
    events = st.play("play shadows at Ben")
    assert st.current_player == 0  # support: Ben is not asked
    ana, ben = st.view(0)["hand"], st.view(1)["hand"]
    assert len(ana) == 2 and len(ben) == 1 and sorted([ana[1], ben[0]]) == ["mirror", "shield"]
    texts = " ".join(e.text_in("en") for e in events)
    assert "Ana steals a card from Ben" in texts and "Shield" not in texts and "Mirror" not in texts


def test_hand_of_shadows_needs_a_player_with_cards():
    st = new(["shadows", "fireball"], ["fireball", "fireball"], pile=["veil"])
    turn(st, "play fireball at Ben", "take")
    turn(st, "play fireball at Ana", "take")
    turn(st, "draw")
    turn(st, "play fireball at Ana", "take")
    assert st.view(0)["cards_held"][1] == 0
    assert "play shadows at Ben" not in legal(st)


def test_mana_draws_a_card():
    st = new(["mana", "heal"], ["heal", "heal"], pile=["veil", "mirror"])
    play(st, "play mana")
    assert st.view(0)["hand"] == ["heal", "veil"]


# ---------------------------------------------------------------- combos

def test_flame_burst_deals_three_can_be_defended_and_gives_a_reward():
    st = new(["fireball", "explosion"], ["shield", "heal"], pile=["veil", "mirror"])
    assert "combo flames at Ben" in legal(st)
    play(st, "combo flames at Ben", "defend shield")
    assert health(st) == [9, 7]
    assert legal(st) == ["bonus draw", "bonus health"]
    st.play("bonus draw")
    assert st.view(0)["hand"] == ["veil"]


def test_the_combo_reward_can_be_one_health():
    st = new(["fireball", "explosion"], ["heal", "mirror"], pile=["veil"])
    play(st, "combo flames at Ben", "defend mirror")  # Ana takes 3 back
    st.play("bonus health")
    assert health(st) == [7, 9]


def test_magic_fortress_answers_an_attack_blocks_everything_and_heals():
    st = new(["explosion", "heal"], ["shield", "barrier"], pile=["veil", "mirror"])
    st.play("play explosion at Ben")
    assert legal(st) == ["defend shield", "defend barrier", "defend fortress", "take"]
    st.play("defend fortress")
    assert st.current_player == 1 and legal(st) == ["bonus draw", "bonus health"]
    st.play("bonus draw")  # the defender takes the reward
    assert health(st) == [8, 9]  # Ben: 9 + 1 (capped at 9); Ana: recoil 1
    assert st.view(1)["hand"] == ["veil"]
    assert st.view(0)["effects"] == [[], ["fortress"]]


def test_a_reaction_combo_is_not_an_action():
    st = new(["shield", "barrier"], ["heal", "heal"], pile=["veil"])
    assert legal(st) == ["draw"]
    assert "fortress is not a combo you can play as your action" in why(st, "combo fortress")


def test_supreme_counter_spell_returns_the_attack_plus_one_and_wards_until_your_turn():
    st = new(["fireball", "fireball"], ["mirror", "veil"], pile=["heal", "explosion", "mana"])
    play(st, "play fireball at Ben", "defend counter", "bonus health")
    assert health(st) == [7, 9]  # Ana takes 1 + 1
    assert st.view(0)["effects"] == [[], ["ward"]]
    play(st, "keep")
    play(st, "draw", "keep")  # Ben's turn starts: the ward is over
    assert st.view(0)["effects"] is None


def test_the_ward_reduces_a_hit_before_the_defenders_next_turn():
    # Ana counters Ben's attack, then Cleo hits her before Ana's own turn
    st = new(["mirror", "veil"], ["fireball", "heal"], ["explosion", "heal"], pile=["mana"],
             first=1)
    play(st, "play fireball at Ana", "defend counter", "bonus health", "keep")
    assert health(st) == [9, 7, 9] and st.view(0)["effects"][0] == ["ward"]
    play(st, "play explosion at Ana", "take")  # Cleo: 2 damage, 1 with the ward
    assert health(st) == [8, 7, 8]


def test_desecration_takes_a_card_of_your_choice_from_the_discard():
    st = new(["shadows", "mana"], ["heal", "fireball"], pile=["veil", "mirror"])
    play(st, "draw", "replace veil")  # discard: veil
    play(st, "play fireball at Ana", "take", "keep")  # discard: fireball, veil
    st.play("combo profane")
    assert legal(st) == ["take fireball", "take veil"]  # not the combo's own cards
    play(st, "take veil", "bonus health")
    assert "veil" in st.view(0)["hand"]


def test_mystic_regeneration_heals_three():
    st = new(["heal", "heal"], ["explosion", "fireball"], pile=["veil", "mana", "mirror"],
             first=1)
    turn(st, "combo flames at Ana", "take", "bonus health")
    assert health(st) == [6, 9]
    play(st, "combo regen", "bonus health")
    assert health(st) == [9, 9] and log(st, 2)[0] == "regains 3 health: 9"


def test_combos_are_offered_only_with_both_cards():
    st = new(["fireball", "heal"], ["explosion", "heal"], pile=["veil"])
    assert not any(m.startswith("combo") for m in legal(st))
    assert "the combo flames needs fireball, explosion" in why(st, "combo flames at Ben")


# ---------------------------------------------------------------- the pile

def test_exhaustion_removes_two_random_cards_unseen_when_the_pile_is_rebuilt():
    st = new(["fireball", "fireball"], ["fireball", "mana"], pile=["veil"])
    turn(st, "play fireball at Ben", "take")
    turn(st, "play fireball at Ana", "take")
    turn(st, "play fireball at Ben", "take")
    turn(st, "play mana")  # Ben draws the last card
    st.play("draw")  # Ana: pile empty, discard: 3 fireballs, mana -> 2 leave, 2 form the pile
    v = st.view(0)
    assert v["removed"] == 2 and v["pile"] == 1 and v["discard"] == 0
    assert v["removed_cards"] is None
    assert "2 random cards leave the game unseen" in " ".join(log(st, 3))


def test_option_reveal_shows_the_removed_cards():
    st = new(["fireball", "fireball"], ["fireball", "mana"], pile=["veil"], exhausted="revealed")
    turn(st, "play fireball at Ben", "take")
    turn(st, "play fireball at Ana", "take")
    turn(st, "play fireball at Ben", "take")
    turn(st, "play mana")
    st.play("draw")
    v = st.view(1)
    assert len(v["removed_cards"]) == 2 and set(v["removed_cards"]) <= {"fireball", "mana"}
    assert "leave the game; the discard is shuffled" in " ".join(log(st, 3))


def test_no_draw_when_the_pile_is_empty_and_the_discard_too_small():
    st = new(["heal", "fireball"], ["heal", "heal"], pile=[])
    assert "the pile is empty" in why(st, "draw")
    play(st, "play fireball at Ben", "take")
    assert st.current_player == 1  # nothing to draw: no discard phase either


# ---------------------------------------------------------------- eliminations and rounds

# Ben starts, his Explosion on Ana is countered (Ben 9 -> 5), then Ana's Fireballs and
# Lightning bring him down while he holds only defense cards and passes.
KO_DECK = ["mirror", "veil", "explosion", "shield", "fireball", "fireball", "barrier", "shield",
           "fireball", "fireball", "lightning", "heal", "heal", "mana"]


def down_to_one(**options) -> tabletop.State:
    st = game().new_game(players=2, seed=0, first=1, deck=KO_DECK, names=NAMES[:2],
                         options=options)
    turn(st, "play explosion at Ana", "defend counter", "bonus draw")
    turn(st, "draw")
    turn(st, "draw")
    for _ in range(2):
        turn(st, "play fireball at Ben", "take")
        turn(st, "draw" if "draw" in legal(st) else "pass")
    turn(st, "draw")
    for move in ("pass", "play fireball at Ben", "pass", "draw", "pass", "play fireball at Ben",
                 "pass", "draw", "pass"):
        turn(st, *((move, "take") if move.startswith("play") else (move,)))
    assert health(st) == [9, 1] and st.view(0)["hand"] == ["lightning"]
    return st


def test_the_last_wizard_standing_wins_the_round_and_a_new_round_starts():
    st = down_to_one()
    play(st, "play lightning", "take")
    v = st.view(0)
    assert v["wins"] == [1, 0] and v["round"] == 2
    assert v["health"] == [9, 9] and v["cards_held"] == [2, 2]  # reset, every card back
    assert v["pile"] == len(KO_DECK) - 4 and v["discard"] == 0 and v["out"] == []
    assert log(st, 5)[1:4] == ["Ben takes 1 damage: 0 health", "Ben is out",
                              "Ana is the last wizard standing and wins round 1"]
    assert log(st, 1)[0].startswith("rounds won: Ana 1, Ben 0. Round 2: ")


def test_option_round_health_five_and_rotating_first_player():
    st = down_to_one(round_health="5", next_start="rotate")
    play(st, "play lightning", "take")
    assert health(st) == [5, 5]
    assert st.current_player == 0  # Ben started round 1: Ana starts round 2
    assert log(st, 1) == ["rounds won: Ana 1, Ben 0. Round 2: Ana starts, everyone at 5 "
                          "health"]


def test_a_save_in_the_middle_of_a_defense_resumes_it():
    st = down_to_one()
    st.play("play lightning")
    assert st.current_player == 1
    again = tabletop.restore(st.to_json())
    assert again.current_player == 1 and legal(again) == legal(st)
    assert again.prompt() == st.prompt()
    again.play("take")
    assert again.view(0)["wins"] == [1, 0]


def random_until(cond, players=3, seeds=range(60), **options):
    """The first random game (seeded) and the move after which ``cond(before, after_state,
    events)`` holds: rare situations found by play, through the public API only."""
    import random
    for seed in seeds:
        rng = random.Random(seed)
        st = game().new_game(players=players, seed=seed, options=options)
        while not st.is_over:
            before = st.view(None)
            mover = st.current_player
            events = st.play(rng.choice(st.legal_moves()))
            texts = [e.text_in("en") for e in events]
            if cond(before, st, texts, mover):
                return before, st, texts, mover
    raise AssertionError("no seed shows the situation")


def test_wizards_that_fall_together_give_nobody_the_round():
    before, st, texts, _ = random_until(
        lambda b, s, t, m: any("fall together" in x for x in t), players=2)
    after = st.view(None)
    assert after["wins"] == before["wins"]  # nobody scores
    assert after["round"] == before["round"] + 1 or st.is_over


def test_an_attacker_who_falls_in_their_own_turn_ends_it_at_once():
    before, st, texts, mover = random_until(
        lambda b, s, t, m: (f"{s.seat_name(b['turn_of'])} is out" in t
                            and s.view(None)["round"] == b["round"]), players=3, seeds=range(60))
    owner = before["turn_of"]
    assert owner in st.view(None)["out"]
    assert st.current_player != owner
    assert not (st.prompt() or "").startswith("Discard phase")


def test_when_nobody_can_do_anything_the_most_health_wins_the_round():
    before, st, texts, _ = random_until(
        lambda b, s, t, m: any("nobody can do anything more:" in x for x in t), players=2)
    best = max(before["health"][s] for s in range(2) if s not in before["out"])
    winner = [s for s in range(2) if st.view(None)["wins"][s] > before["wins"][s]]
    assert len(winner) == 1 and before["health"][winner[0]] == best


def test_an_eliminated_wizard_is_skipped_until_the_next_round():
    import random
    checked = 0
    for seed in range(3, 8):  # random matches of 4, until some wizard has been out
        rng = random.Random(seed)
        st = game().new_game(players=4, seed=seed)
        while not st.is_over:
            v = st.view(None)
            assert st.current_player not in v["out"], "an eliminated wizard was asked to play"
            checked += bool(v["out"])
            st.play(rng.choice(st.legal_moves()))
    assert checked > 0


def test_a_match_is_won_at_three_rounds_and_each_round_starts_afresh():
    import random
    st = game().new_game(players=2, seed=4, names=NAMES[:2])
    rng = random.Random(1)
    new_rounds = 0
    while not st.is_over:
        before = st.view(None)["round"]
        st.play(rng.choice(st.legal_moves()))
        v = st.view(None)
        if v["round"] != before:
            new_rounds += 1
            assert v["health"] == [9, 9] and v["cards_held"] == [2, 2]
            assert v["pile"] == 12 and v["discard"] == 0 and v["removed"] == 0
            assert v["out"] == []
    o = st.outcome
    assert o.name == "match" and max(o.scores) == 3 and len(o.winners) == 1
    assert o.scores == tuple(st.view(None)["wins"])
    assert o.reason.startswith(f"{NAMES[o.winners[0]]} won 3 rounds")
    assert sum(o.scores) <= new_rounds + 1
