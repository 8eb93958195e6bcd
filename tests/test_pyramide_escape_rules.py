"""Rule-by-rule scenario tests for Pyramide Escape, each on a stacked pile.

Source: seeds/by-game/pyramide-escape.txt (French). Rulings: docs/designers/pyramide-escape.md.
The deck passed to new_game is exactly the cards in the game, top first: the rooms in the
order they will be revealed, then the items (setup takes the items into the hand). Cards
left out of the list stay out of the game, so a test can play 3 rooms with 2 items.
Only the public API is used.
"""

from __future__ import annotations

import functools

import pytest

import tabletop

ROOMS = ["corridor", "spikes", "scarabs", "bridge", "thirst", "darkness", "judgement",
         "offering", "sand", "guardian"]
ITEMS = ["torch", "rope", "amulet", "waterskin", "map"]


@functools.cache
def game() -> tabletop.Game:
    return tabletop.load("pyramide-escape")


def new(rooms, items=ITEMS, seed=7, **options):
    """A game whose pile is exactly ``rooms`` (top first) and whose hand is ``items``."""
    return game().new_game(players=1, seed=seed, options=options,
                           deck=list(rooms) + list(items))


def v(st):
    return st.view(0)


def fatigue(st):
    return v(st)["fatigue"]


def room(st):
    return v(st)["room"]


def moves(st):
    return [str(m) for m in st.legal_moves()]


def play(st, *notations):
    events = []
    for text in notations:
        events += st.play(text)
    return events


def coins(events):
    return [e.data["coin"] for e in events if e.kind == "chance"]


# --------------------------------------------------------------------------- the game


def test_a_full_game_has_ten_rooms_five_items_and_fatigue_seven():
    st = game().new_game(seed=3)
    view = v(st)
    assert view["fatigue"] == 7 and view["fatigue_max"] == 7
    assert view["items"] == ITEMS
    assert len(view["room"]) == 1 and view["room"][0] in ROOMS
    assert view["rooms_left"] == 10 and view["rooms_passed"] == 0
    assert moves(st) == [f"use {i}" for i in ITEMS] + ["no item"]
    # every room comes out over a few deals, in a random order
    firsts = {v(game().new_game(seed=s))["room"][0] for s in range(60)}
    assert firsts == set(ROOMS)


def test_the_opening_shuffle_is_a_chance_event_of_the_log():
    st = game().new_game(seed=3)
    assert [e.kind for e in st.log].count("shuffle") == 1
    stacked = new(["corridor"])
    assert [e.kind for e in stacked.log].count("shuffle") == 0


def test_no_item_costs_one_fatigue_and_an_item_costs_none():
    st = new(["scarabs", "bridge", "judgement"], ["map"])
    play(st, "no item")
    assert fatigue(st) == 6
    assert moves(st) == ["use map", "no item"]


def test_winning_after_every_room_is_passed():
    st = new(["scarabs", "judgement"], [])
    play(st, "no item")
    assert not st.is_over and room(st) == ["judgement"]
    play(st, "no item")
    assert st.is_over and st.outcome.winners == (0,)
    assert "2 rooms passed" in st.outcome.reason and st.outcome.scores == (5,)
    assert st.legal_moves() == []


def test_defeat_names_the_room_that_did_it():
    st = new(["guardian", "corridor"], ITEMS)
    play(st, "no item")  # 7 - 1 - 5 items
    assert fatigue(st) == 1
    play(st, "no item")
    assert st.is_over and st.outcome.winners == ()
    assert "Trapped Corridor" in st.outcome.reason
    assert "Couloir Piégé" in st.outcome.reason_in("fr")
    assert st.outcome.scores == (-1,)  # one room short of the two


# --------------------------------------------------------------------------- the rooms


def test_trapped_corridor_costs_one_more():
    st = new(["corridor", "scarabs"], ["map"])
    play(st, "no item")
    assert fatigue(st) == 5
    st = new(["corridor", "scarabs"], ["amulet"])
    play(st, "use amulet")
    assert fatigue(st) == 6


def test_spike_pit_costs_two_without_an_item_and_nothing_with_one():
    st = new(["spikes", "scarabs"], ["amulet"])
    play(st, "no item")
    assert fatigue(st) == 5
    st = new(["spikes", "scarabs"], ["amulet"])
    play(st, "use amulet")
    assert fatigue(st) == 7


def test_scarab_chamber_shows_the_next_two_rooms_in_place_while_true():
    st = new(["scarabs", "corridor", "spikes", "guardian"], [])
    assert v(st)["known_next"] == []
    events = play(st, "no item")
    assert v(st)["room"] == ["corridor"]  # the pile was not shuffled
    assert v(st)["known_next"] == ["spikes"]  # one of the two seen is still to come
    seen = [e for e in events if e.kind == "reveal"]
    assert seen and seen[0].data["cards"] == ["corridor", "spikes"]
    assert seen[0].private_to == (0,)
    play(st, "no item")
    assert v(st)["room"] == ["spikes"] and v(st)["known_next"] == []


def test_collapsed_bridge_discards_the_item_without_effect_and_costs_nothing():
    st = new(["corridor", "bridge", "scarabs"], ["waterskin"])
    play(st, "no item")
    assert fatigue(st) == 5
    play(st, "use waterskin")
    assert fatigue(st) == 5  # no +2, no fatigue lost
    assert v(st)["items"] == [] and v(st)["spent"] == ["waterskin"]
    st = new(["bridge", "scarabs"], ["waterskin"])
    play(st, "no item")
    assert fatigue(st) == 6


def test_curse_of_thirst_is_active_from_the_next_room():
    st = new(["thirst", "corridor", "scarabs", "spikes"], ["amulet", "map"])
    play(st, "no item")  # its own room: only the base cost
    assert fatigue(st) == 6 and v(st)["permanents"] == ["thirst"]
    play(st, "no item")  # corridor: 1 + 1 thirst + 1 corridor
    assert fatigue(st) == 3
    play(st, "use map")  # with an item the curse costs nothing
    assert fatigue(st) == 3


def test_darkness_leaves_the_water_skin_and_the_map_working_by_default():
    """« Les objets ne font qu'annuler 1 fatigue, pas les effets des salles » sets cancelling
    fatigue against cancelling the rooms' effects: the Water Skin and the Map cancel no room
    effect, so they keep working (darkness=rooms)."""
    st = new(["darkness", "corridor", "scarabs"], ["waterskin", "rope"])
    play(st, "no item")
    assert fatigue(st) == 6 and v(st)["permanents"] == ["darkness"]
    play(st, "use waterskin")  # +2 (capped at 7), then the corridor's 1
    assert fatigue(st) == 6
    st = new(["darkness", "scarabs", "corridor", "spikes", "guardian"], ["map"])
    play(st, "no item", "use map")  # the Map still asks for an order
    assert moves(st)[0].startswith("order ") and len(moves(st)) == 6


def test_darkness_takes_the_rope_its_effect_by_default():
    """« Les objets ne font qu'annuler 1 fatigue, pas les effets des salles »: the Rope, which
    cancels a room's effect, only saves the fatigue."""
    st = new(["darkness", "corridor", "scarabs"], ["rope"])
    play(st, "no item", "use rope")  # the corridor still bites and is not sent under the pile
    assert fatigue(st) == 5 and v(st)["passed"][0] == "corridor" and room(st) == ["scarabs"]


def test_darkness_strict_makes_every_item_only_save_the_fatigue():
    """« Les objets ne font qu'annuler 1 fatigue », read literally (darkness=strict)."""
    st = new(["darkness", "corridor", "scarabs"], ["waterskin"], darkness="strict")
    play(st, "no item")
    assert fatigue(st) == 6
    play(st, "use waterskin")  # no +2 in the dark, only the corridor's 1
    assert fatigue(st) == 5


@pytest.mark.parametrize("darkness", ["rooms", "strict"])
def test_the_torch_lifts_the_darkness_for_its_own_room(darkness):
    """Torche: « Les effets permanents ne s'appliquent pas pour cette salle », and the
    Pénombre is « (permanente) »: the specific card wins over the general one."""
    st = new(["darkness", "corridor", "scarabs"], ["torch"], darkness=darkness)
    play(st, "no item", "use torch")  # the corridor's extra fatigue is ignored
    assert fatigue(st) == 6


def test_the_darkness_dims_the_torch_with_option_torch_darkness_darkness():
    """The other reading: « Les objets ne font qu'annuler 1 fatigue » covers the Torch too."""
    st = new(["darkness", "corridor", "scarabs"], ["torch"], torch_darkness="darkness")
    play(st, "no item", "use torch")  # the corridor still bites
    assert fatigue(st) == 5


@pytest.mark.parametrize("rule,flips", [("torch", 0), ("darkness", 1)])
def test_the_torch_in_the_darkness_spares_the_living_sand_coin(rule, flips):
    """Torche: « Les effets permanents ne s'appliquent pas pour cette salle »; Sable Vivant:
    « À chaque salle, lance une pièce »: no coin in the Torch's room, Darkness or not, unless
    the Darkness dims the Torch (torch_darkness=darkness)."""
    for seed in range(6):
        st = new(["darkness", "sand", "corridor", "scarabs"], ["torch"], seed=seed,
                 torch_darkness=rule)
        play(st, "no item", "no item")  # 7 -1 -1, both permanents in play
        assert v(st)["permanents"] == ["darkness", "sand"] and fatigue(st) == 5
        events = play(st, "use torch")
        assert len(coins(events)) == flips
        if rule == "torch":
            assert fatigue(st) == 5  # neither the corridor nor the coin


def test_darkness_is_not_active_in_its_own_room():
    st = new(["corridor", "darkness", "scarabs"], ["waterskin", "torch"])
    play(st, "no item")
    assert fatigue(st) == 5
    play(st, "use waterskin")
    assert fatigue(st) == 7


def test_hall_of_judgement_punishes_an_item():
    st = new(["judgement", "scarabs"], ["amulet"])
    play(st, "use amulet")
    assert fatigue(st) == 6
    st = new(["judgement", "scarabs"], ["amulet"])
    play(st, "no item")
    assert fatigue(st) == 6


def _offering_run(bridge_item="map", **options):
    """corridor, spikes (no item: 7 -> 3), judgement (amulet: -1 -> 2), scarabs (torch),
    bridge (a third item, swallowed), guardian (no item, empty hand: -1 -> 1), offering."""
    st = new(["corridor", "spikes", "judgement", "scarabs", "bridge", "guardian", "offering"],
             ["amulet", "torch", bridge_item], **options)
    play(st, "no item", "no item", "use amulet", "use torch", f"use {bridge_item}", "no item")
    assert fatigue(st) == 1 and room(st) == ["offering"] and v(st)["items_used"] in (2, 3)
    return st


def test_forgotten_offering_counts_the_items_used_before_this_room():
    """« Si tu as déjà utilisé 3 objets ou plus, récupère 1 fatigue »: « déjà » (already)
    counts the items used before this room."""
    st = new(["corridor", "spikes", "judgement", "offering"],
             ["amulet", "map", "waterskin"])
    play(st, "no item", "use amulet", "use map")  # 7 -2 -0 -1
    assert fatigue(st) == 4 and v(st)["items_used"] == 2
    events = play(st, "use waterskin")  # the third item, used here: +2 and no reward
    assert fatigue(st) == 6 and v(st)["items_used"] == 3
    assert any("2 items used before this room" in e.text_in("en") for e in events)


def test_forgotten_offering_rewards_three_items_used_before_it():
    """« Si tu as déjà utilisé 3 objets ou plus, récupère 1 fatigue »: three earlier items."""
    st = new(["corridor", "spikes", "judgement", "offering"],
             ["amulet", "map", "torch"])
    play(st, "use torch", "use amulet", "use map")  # 7 -0 -0 -1 (judged)
    assert fatigue(st) == 6 and v(st)["items_used"] == 3
    play(st, "no item")  # -1 for the room, +1 from the Offering
    assert fatigue(st) == 6


def test_forgotten_offering_counts_its_own_item_with_option_including():
    """« déjà utilisé 3 objets », the other reading (offering=including): the item chosen
    here is used before the room's effect applies."""
    st = new(["corridor", "spikes", "judgement", "offering"],
             ["amulet", "map", "waterskin"], offering="including")
    play(st, "no item", "use amulet", "use map")
    assert fatigue(st) == 4
    play(st, "use waterskin")  # the item used here is the third: +2, then +1
    assert fatigue(st) == 7


def test_forgotten_offering_gives_nothing_below_three_items():
    st = new(["corridor", "offering", "scarabs"], ["amulet", "map"])
    play(st, "no item", "use amulet")
    assert fatigue(st) == 5


def test_living_sand_flips_a_coin_at_each_room_from_the_next_one():
    sides = set()
    for seed in range(40):
        st = new(["sand", "scarabs", "judgement"], [], seed=seed)
        first = play(st, "no item")
        assert coins(first) == []  # not active in its own room
        assert fatigue(st) == 6 and v(st)["permanents"] == ["sand"]
        events = play(st, "no item")
        flips = coins(events)
        assert len(flips) == 1
        sides.add(flips[0])
        assert fatigue(st) == (4 if flips[0] == "tails" else 5)
    assert sides == {"heads", "tails"}


def test_living_sand_lets_an_item_be_discarded_for_one_fatigue():
    st = new(["sand", "corridor", "scarabs"], ["torch", "rope", "map"], seed=1)
    with pytest.raises(tabletop.IllegalMoveError, match="Living Sand"):
        st.play("discard torch")
    play(st, "no item")
    assert fatigue(st) == 6
    assert "discard torch" in moves(st) and "discard rope" in moves(st)
    play(st, "discard torch")
    assert fatigue(st) == 7 and room(st) == ["corridor"]  # still the same room
    assert v(st)["items"] == ["rope", "map"] and v(st)["items_used"] == 0
    play(st, "discard rope")  # again, as often as you like: capped at 7
    assert fatigue(st) == 7 and v(st)["items"] == ["map"]


def test_guardian_costs_one_per_item_not_yet_used():
    st = new(["guardian", "scarabs"], ITEMS)
    play(st, "no item")
    assert fatigue(st) == 1
    st = new(["guardian", "scarabs"], ["amulet", "map", "rope"])
    play(st, "use amulet")  # two left in hand
    assert fatigue(st) == 5


# --------------------------------------------------------------------------- the items


def test_torch_ignores_the_room():
    st = new(["guardian", "scarabs"], ITEMS)
    play(st, "use torch")
    assert fatigue(st) == 7


def test_torch_exempts_the_room_from_the_permanents():
    st = new(["sand", "corridor", "thirst", "scarabs"], ["torch"], seed=2)
    play(st, "no item")
    events = play(st, "use torch")
    assert coins(events) == [] and fatigue(st) == 6
    events = play(st, "no item")  # the permanents apply again in the next room
    assert len(coins(events)) == 1


def test_torch_on_a_permanent_room_never_triggers_it():
    st = new(["thirst", "corridor", "scarabs"], ["torch"])
    play(st, "use torch")
    assert v(st)["permanents"] == []
    play(st, "no item")
    assert fatigue(st) == 5  # corridor without any thirst


def test_rope_sends_the_room_under_the_pile_to_be_passed_again():
    st = new(["corridor", "spikes", "scarabs"], ["rope"])
    play(st, "use rope")
    assert fatigue(st) == 7 and room(st) == ["spikes"]
    assert v(st)["rooms_passed"] == 0 and v(st)["rooms_left"] == 3
    assert v(st)["under_pile"] == ["corridor"] and v(st)["known_next"] == []
    play(st, "no item", "no item")  # spikes -2, scarabs -1
    assert room(st) == ["corridor"] and fatigue(st) == 4
    play(st, "no item")
    assert st.is_over and st.outcome.winners == (0,) and fatigue(st) == 2


def test_rope_on_a_permanent_room_does_not_trigger_it_yet():
    st = new(["thirst", "corridor", "scarabs"], ["rope"])
    play(st, "use rope")
    assert v(st)["permanents"] == []
    play(st, "no item", "no item")  # corridor -2, scarabs -1, then thirst again
    assert room(st) == ["thirst"] and fatigue(st) == 4


def test_amulet_asks_which_permanent_to_cancel():
    st = new(["thirst", "sand", "corridor", "scarabs"], ["amulet"], seed=5)
    play(st, "no item", "no item")  # 7 -1, then -2 with the thirst
    assert fatigue(st) == 4 and v(st)["permanents"] == ["thirst", "sand"]
    play(st, "use amulet")
    assert sorted(moves(st)) == ["cancel sand", "cancel thirst"]
    assert "which permanent" in st.prompt("en")
    with pytest.raises(tabletop.IllegalMoveError, match="not an answer"):
        st.play("use map")
    events = play(st, "cancel sand")
    assert v(st)["permanents"] == ["thirst"] and coins(events) == []
    assert fatigue(st) == 3  # the corridor still costs 1; the cancelled sand flips no coin


def test_amulet_with_one_permanent_cancels_it_without_asking():
    st = new(["thirst", "corridor", "scarabs"], ["amulet"])
    play(st, "no item", "use amulet")
    assert v(st)["permanents"] == [] and fatigue(st) == 5


def test_amulet_cannot_cancel_the_permanent_of_its_own_room():
    st = new(["thirst", "scarabs"], ["amulet"])
    play(st, "use amulet")
    assert v(st)["permanents"] == ["thirst"]  # not in play yet: it starts next room


def test_water_skin_recovers_two():
    st = new(["corridor", "spikes", "scarabs"], ["waterskin"])
    play(st, "no item", "no item")
    assert fatigue(st) == 3
    play(st, "use waterskin")
    assert fatigue(st) == 5


def test_ancient_map_reorders_the_next_three_rooms():
    st = new(["scarabs", "corridor", "spikes", "guardian", "judgement"], ["map"])
    play(st, "use map")
    legal = moves(st)
    assert len(legal) == 6 and "order corridor spikes guardian" in legal
    assert v(st)["known_next"] == ["corridor", "spikes", "guardian"]  # seen while choosing
    assert "order" in st.prompt("en")
    play(st, "order guardian corridor spikes")
    assert room(st) == ["guardian"] and v(st)["known_next"] == ["corridor", "spikes"]
    assert fatigue(st) == 7
    play(st, "no item")
    assert room(st) == ["corridor"] and v(st)["known_next"] == ["spikes"]


def test_ancient_map_on_a_short_pile():
    st = new(["scarabs", "corridor"], ["map"])
    play(st, "use map")  # one room to look at: nothing to choose
    assert room(st) == ["corridor"] and not st.is_over


# --------------------------------------------------------------------------- the rulings


def test_ruling_fatigue_is_capped_at_seven_unless_uncapped():
    st = new(["scarabs", "corridor"], ["waterskin"])
    play(st, "use waterskin")
    assert fatigue(st) == 7
    st = new(["scarabs", "corridor"], ["waterskin"], fatigue_cap="uncapped")
    play(st, "use waterskin")
    assert fatigue(st) == 9 and v(st)["fatigue_max"] == 9


def test_ruling_discarding_is_allowed_at_any_room_with_option_always():
    st = new(["corridor", "scarabs"], ["torch", "map"], sand_discard="always")
    play(st, "no item")
    play(st, "discard torch")
    assert fatigue(st) == 6 and v(st)["items"] == ["map"]


def test_ruling_discarding_ends_when_the_sand_is_cancelled():
    st = new(["sand", "corridor", "scarabs"], ["amulet", "map"], seed=1)
    play(st, "no item", "use amulet")
    assert v(st)["permanents"] == []
    assert not any(m.startswith("discard") for m in moves(st))


def test_ruling_darkness_with_judgement_and_a_dimmed_torch():
    st = new(["darkness", "corridor", "judgement", "scarabs"], ["torch", "waterskin"],
             torch_darkness="darkness")
    play(st, "no item", "use waterskin")  # 6 -> 7 (capped) -> corridor -1
    assert fatigue(st) == 6
    play(st, "use torch")  # the dimmed Torch cancels nothing: judged
    assert fatigue(st) == 5
    st = new(["darkness", "corridor", "judgement", "scarabs"], ["torch", "waterskin"])
    play(st, "no item", "use waterskin", "use torch")  # by default the Torch cancels the loss
    assert fatigue(st) == 6


@pytest.mark.parametrize("darkness", ["strict", "rooms"])
def test_ruling_darkness_keeps_the_amulet_from_cancelling(darkness):
    st = new(["thirst", "darkness", "corridor", "scarabs"], ["amulet"], darkness=darkness)
    play(st, "no item", "no item")
    assert fatigue(st) == 4
    play(st, "use amulet")
    assert v(st)["permanents"] == ["thirst", "darkness"] and fatigue(st) == 3


def test_ruling_rope_counts_as_passed_with_option_counts():
    st = new(["corridor", "spikes", "scarabs"], ["rope"], rope="counts")
    play(st, "use rope")
    assert v(st)["rooms_passed"] == 1 and v(st)["rooms_left"] == 2
    play(st, "no item", "no item")
    assert st.is_over and st.outcome.winners == (0,)
    assert v(st)["known_next"] == ["corridor"]  # still in the pile, never faced again


def test_ruling_the_bridge_item_counts_as_used_for_the_offering():
    st = _offering_run()
    assert v(st)["items_used"] == 3
    play(st, "no item")  # -1 -> 0: lost at once, before the offering could help
    assert st.is_over and "Forgotten Offering" in st.outcome.reason


def test_ruling_the_bridge_item_is_lost_not_used_with_option_lost():
    st = _offering_run(bridge="lost", defeat="end_of_room")
    assert v(st)["items_used"] == 2
    play(st, "no item")
    assert st.is_over and st.outcome.winners == ()


def test_ruling_defeat_at_the_end_of_the_room_lets_the_offering_save_you():
    st = _offering_run(defeat="end_of_room")
    play(st, "no item")
    assert st.is_over and st.outcome.winners == (0,) and fatigue(st) == 1


@pytest.mark.parametrize("defeat,flips", [("instant", 0), ("end_of_room", 1)])
def test_ruling_instant_defeat_stops_the_room_at_once(defeat, flips):
    st = new(["corridor", "spikes", "sand", "guardian", "scarabs"], ["amulet"], seed=4,
             defeat=defeat)
    play(st, "no item", "no item", "no item")  # -2 -2 -1: 2 left, the sand in play
    assert fatigue(st) == 2
    events = play(st, "no item")  # guardian: -1, then -1 for the amulet: 0
    assert st.is_over and st.outcome.winners == () and "Guardian" in st.outcome.reason
    assert len(coins(events)) == flips  # instant: the sand's coin is never flipped


@pytest.mark.parametrize("rule,expected", [("stack", 3), ("replace", 4)])
def test_ruling_spike_pit_under_the_curse_of_thirst(rule, expected):
    st = new(["thirst", "spikes", "scarabs"], ["map"], spikes_thirst=rule)
    play(st, "no item", "no item")
    assert fatigue(st) == expected


@pytest.mark.parametrize("rule,expected", [("torch", 7), ("always", 6)])
def test_ruling_hall_of_judgement_with_the_torch(rule, expected):
    st = new(["judgement", "scarabs"], ["torch"], judgement=rule)
    play(st, "use torch")
    assert fatigue(st) == expected


def test_ruling_torch_at_the_collapsed_bridge_is_swallowed():
    st = new(["sand", "bridge", "scarabs"], ["torch"], seed=3)
    play(st, "no item")
    events = play(st, "use torch")
    assert len(coins(events)) == 1  # the Torch did not exempt the room


def test_ruling_idle_items_may_be_used_just_to_save_the_fatigue():
    st = new(["corridor", "scarabs"], ["amulet", "waterskin"])
    assert moves(st) == ["use amulet", "use waterskin", "no item"]
    play(st, "use amulet")
    assert fatigue(st) == 6


def test_ruling_idle_items_are_refused_with_option_forbidden():
    st = new(["corridor"], ["amulet", "waterskin", "map", "torch"], idle_items="forbidden")
    assert moves(st) == ["use torch", "no item"]
    with pytest.raises(tabletop.IllegalMoveError, match="nothing to act on"):
        st.play("use amulet")
    st = new(["corridor", "thirst", "spikes", "scarabs"], ["amulet", "waterskin", "map"],
             idle_items="forbidden")
    play(st, "no item", "no item")  # 5 then 4; thirst now in play
    assert moves(st) == ["use amulet", "use waterskin", "use map", "no item"]


# --------------------------------------------------------------------------- state


def test_copy_and_save_restore_in_the_middle_of_a_choice():
    st = new(["scarabs", "corridor", "spikes", "guardian", "judgement"], ["map", "torch"])
    play(st, "use map")
    again = tabletop.restore(st.to_json())
    twin = st.copy()
    assert moves(again) == moves(st) == moves(twin)
    for s in (st, again, twin):
        s.play("order spikes guardian corridor")
    assert v(st) == v(again) == v(twin)
    assert room(st) == ["spikes"]


def test_wrong_notation_is_explained():
    st = new(["corridor", "scarabs"], ["torch"])
    with pytest.raises(tabletop.IllegalMoveError):
        st.play("use rope")  # not in hand (not in this game)
    with pytest.raises(tabletop.NotationError):
        st.play("jump")
