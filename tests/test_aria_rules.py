"""Scenario tests for Cartes Divinités Aria: Arcane Arena's rules (tested card by card in
test_arcane_arena_rules.py) with the gods' own cards, counts, kinds and combos, written as a
ruleset that extends arcane-arena.yaml. Here: what differs. Source:
seeds/by-game/aria-divinites-wip.txt; rulings in docs/games/aria.md."""

from __future__ import annotations

from collections import Counter

from test_arcane_arena_rules import health, legal, log, new, play, turn, why

import tabletop


def aria(*hands, **kw):
    return new(*hands, gid="aria", **kw)


def test_the_deck_has_aria_cards_counts_and_four_combos():
    spec = tabletop.load("aria").spec
    counts = Counter(c.code for c in spec.cards)
    assert counts == {"gobie": 3, "exile": 3, "ina": 3, "qalil": 1, "enlil": 1, "mirror": 1,
                      "depths": 1, "fish": 1, "mist": 1, "arcana": 1}
    assert list(spec.combos) == ["sea", "windfort", "ruse", "divine"]
    kinds = {c.code: c.type for c in spec.cards}
    assert kinds["fish"] == "attack"  # Main du Poisson is an attack here (support in v2)
    assert spec.cards[0].attr("name_fr") == "Mensonge de Gobie"
    assert tabletop.load("aria").name == "Aria: Cards of the Gods"


def test_gobies_lie_cannot_be_defended_since_nobody_has_an_alliance():
    st = aria(["gobie", "ina"], ["exile", "depths"], pile=["mist"])
    st.play("play gobie at Ben")
    assert st.current_player == 0  # Ben is not asked
    assert health(st) == [9, 8]


def test_option_plain_gobies_lie_is_defended_like_any_attack():
    st = aria(["gobie", "ina"], ["exile", "depths"], pile=["mist"], gobie_lie="plain")
    st.play("play gobie at Ben")
    assert st.current_player == 1
    st.play("defend exile")
    assert health(st) == [9, 9]


def test_hand_of_the_fish_is_an_attack_a_defense_cancels_the_theft():
    # option fish_defense=cancels (the default is damage: a block stops nothing of a theft,
    # tests/test_arcane_family_rulings.py)
    st = aria(["fish", "ina"], ["exile", "depths"], pile=["mist"], fish_defense="cancels")
    st.play("play fish at Ben")
    assert st.current_player == 1
    assert st.prompt() == ("Ana attacks you with Hand of the Fish (steals a card). Defend "
                           "with a card or combo, or take it.")
    st.play("defend exile")
    assert st.view(1)["hand"] == ["depths"] and st.view(0)["hand"] == ["ina"]
    assert health(st) == [9, 9]


def test_hand_of_the_fish_taken_steals_a_card():
    st = aria(["fish", "ina"], ["exile", "depths"], pile=["mist"])
    play(st, "play fish at Ben", "take")
    assert len(st.view(0)["hand"]) == 2 and len(st.view(1)["hand"]) == 1
    assert "Ana steals a card from Ben" in log(st)


def test_option_fish_defense_none_the_theft_is_not_defended():
    st = aria(["fish", "ina"], ["exile", "depths"], pile=["mist"], fish_defense="none")
    st.play("play fish at Ben")
    assert st.current_player == 0 and len(st.view(0)["hand"]) == 2


def test_the_veil_of_mist_keeps_the_fish_away():
    st = aria(["mist", "ina"], ["fish", "gobie"], pile=["arcana"])
    turn(st, "play mist")
    assert "play fish at Ana" not in legal(st) and "play gobie at Ana" not in legal(st)


def test_wrath_of_the_sea_three_damage_and_one_to_yourself():
    st = aria(["qalil", "depths"], ["exile", "ina"], pile=["mist", "arcana"])
    play(st, "combo sea at Ben", "defend exile", "bonus health")
    assert health(st) == [9, 7]  # Ben 3 - 1 blocked; Ana 9 - 1 + 1
    st2 = aria(["qalil", "depths"], ["ina", "ina"], pile=["mist"])
    play(st2, "combo sea at Ben", "take", "bonus draw")
    assert health(st2) == [8, 6]


def test_fortress_of_the_winds_answers_an_attack():
    st = aria(["qalil", "ina"], ["exile", "enlil"], pile=["mist", "arcana"])
    st.play("play qalil at Ben")
    assert legal(st) == ["defend exile", "defend windfort", "take"]
    play(st, "defend windfort", "bonus health")
    assert health(st) == [8, 9]
    assert st.view(0)["effects"] == [[], ["fortress"]]


def test_trick_of_the_fish_sends_the_attack_back_and_steals():
    st = aria(["qalil", "ina"], ["fish", "mirror"], ["ina", "arcana"], pile=["mist", "gobie"])
    st.play("play qalil at Ben")
    st.play("defend ruse")
    assert legal(st) == ["rob Ana", "rob Cleo"]  # from the player of Ben's choice
    play(st, "rob Cleo", "bonus health")
    assert health(st) == [6, 9, 9]  # Qalil's 2 come back to Ana, plus her own 1
    assert st.view(1)["cards_held"] == [1, 1, 1]
    assert st.view(1)["hand"][0] in ("ina", "arcana")


def test_divine_regeneration_heals_three():
    st = aria(["ina", "ina"], ["qalil", "gobie"], pile=["mist", "arcana", "exile"], first=1)
    turn(st, "play qalil at Ana", "take")
    turn(st, "combo divine", "bonus health")
    assert health(st) == [9, 8]


def test_breath_of_enlil_hits_every_opponent():
    st = aria(["enlil", "ina"], ["ina", "arcana"], ["exile", "mist"], pile=["gobie"])
    play(st, "play enlil", "take", "take")
    assert health(st) == [9, 8, 8]


def test_arcane_arenas_combos_are_not_aria_combos():
    st = aria(["gobie", "qalil"], ["ina", "ina"], pile=["mist"])
    assert not any(m.startswith("combo") for m in legal(st))
    assert "flames cannot be chosen for combo" in why(st, "combo flames at Ben")
