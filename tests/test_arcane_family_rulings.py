"""The Arcane family's shared rulings (Arcane Duel, Arcane Arena, Aria), on stacked decks.

Each test quotes the source sentence it rules on (seeds/by-game/arcane-duel-v1.txt,
arcane-arena-v2.txt, aria-divinites-wip.txt); the readings are the Rulings of
docs/games/arcane-duel.md, arcane-arena.md and aria.md. A stacked deck deals 2 cards to each
seat in seat order, the rest is the pile, top first; cards not listed stay out of the game.
"""

from __future__ import annotations

import functools

import pytest

import tabletop

NAMES = ["Ana", "Ben", "Cleo", "Dan", "Eve"]


@functools.cache
def game(gid: str) -> tabletop.Game:
    return tabletop.load(gid)


def new(gid, *hands, pile=(), first=0, **options) -> tabletop.State:
    deck = [c for h in hands for c in h] + list(pile)
    return game(gid).new_game(players=len(hands), seed=0, first=first, options=options,
                              deck=deck, names=NAMES[:len(hands)])


def legal(st):
    return [m.text for m in st.legal_moves()]


def health(st):
    return st.view(None)["health"]


def log(st):
    return [e.text_in("en") for e in st.log
            if e.kind in ("log", "eliminated") and e.private_to is None]


# ------------------------------------------------------------------ 1. Lightning's turn order

@pytest.mark.parametrize(("gid", "hands"), [
    ("arcane-arena", (["fireball", "fireball"], ["fireball", "mana"], ["lightning", "heal"],
                      ["heal", "heal"])),
    ("aria", (["gobie", "gobie"], ["gobie", "arcana"], ["enlil", "ina"], ["ina", "ina"]))])
def test_lightning_asks_its_targets_in_turn_order_from_the_casters_left(gid, hands):
    # Ruling 4 (Arena), "1 dégât à tous les adversaires": each opponent defends separately,
    # in turn order from the caster's left. P3 (Cleo) casts at 4: Dan, then Ana, then Ben.
    st = new(gid, *hands, first=2)
    bolt = hands[2][0]
    st.play(f"play {bolt}")
    asked = []
    while legal(st)[-1] == "take":
        asked.append(NAMES[st.current_player])
        st.play("take")
    assert asked == ["Dan", "Ana", "Ben"]


def test_arcane_duel_lightning_keeps_its_turn_order():
    # "(4) Éclair - Inflige 1 point de dégâts à tous les joueurs": asked from the caster's left.
    st = new("arcane-duel", ["healing", "mana"], ["veil", "mind"], ["lightning", "absorption"],
             ["shield", "barrier"], first=2)
    st.play("play lightning")
    asked = []
    while st.current_player != 2:
        asked.append(NAMES[st.current_player])
        st.play(legal(st)[-1])  # no defense
    assert asked == ["Dan", "Ana", "Ben"]


# ------------------------------------------------------------------ 6. one notation

@pytest.mark.parametrize(("gid", "hands"), [
    ("arcane-duel", (["fireball", "healing"], ["shield", "mana"])),
    ("arcane-arena", (["fireball", "heal"], ["shield", "mana"])),
    ("aria", (["gobie", "ina"], ["exile", "arcana"]))])
def test_one_notation_across_the_arcane_family(gid, hands):
    # Issue 34, point 7: `play fireball at Ben` in all three games, and the word between the
    # card and the player may be left out when typing, in English and in French.
    card = hands[0][0]
    st = new(gid, *hands)
    assert f"play {card} at Ben" in legal(st)
    shown = st.move_text(st.parse_move(f"play {card} at Ben"), "fr")  # (its French name)
    name = shown.removeprefix("jouer ").removesuffix(" sur Ben")
    assert shown == f"jouer {name} sur Ben" and name != card
    for typed in (f"play {card} at Ben", f"play {card} Ben", f"jouer {card} sur Ben",
                  f"jouer {card} Ben", shown, f"jouer {name} Ben", f"jouer {name.lower()} Ben"):
        assert st.parse_move(typed).text == f"play {card} at Ben", typed


def test_a_filler_word_is_left_out_only_when_one_move_reads_so():
    # Arcane Duel's Chain Reaction: `combo chain Ben Cleo` is `combo chain at Ben and Cleo`.
    st = new("arcane-duel", ["lightning", "fireball"], ["shield", "mana"], ["veil", "mind"])
    assert st.parse_move("combo chain Ben Cleo").text == "combo chain at Ben and Cleo"
    with pytest.raises(tabletop.NotationError):
        st.parse_move("combo Ben chain")


# ------------------------------------------------------------------ 3. nothing to do, not offered

def test_arena_desecration_is_not_offered_on_an_empty_discard():
    # « Profanation ... Récupérez la carte de votre choix dans la défausse »: with an empty
    # discard it would take nothing (and still earn « Récompense de combo »): not offered.
    st = new("arcane-arena", ["shadows", "mana"], ["shield", "heal"], pile=["fireball"])
    assert "combo profane" not in legal(st)
    assert "would do nothing" in str(pytest.raises(tabletop.TabletopError, st.play,
                                                   "combo profane").value)


def test_arena_mystic_regeneration_and_healing_are_not_offered_at_full_health():
    # « Régénération mystique ... Récupérez 3 points de vie », at 9 of 9: nothing to gain.
    st = new("arcane-arena", ["heal", "heal"], ["shield", "mana"], pile=["fireball"])
    assert "combo regen" not in legal(st) and "play heal" not in legal(st)
    assert legal(st) == ["draw"]


def test_arena_regeneration_is_offered_once_hurt():
    st = new("arcane-arena", ["heal", "heal"], ["fireball", "mana"], pile=["fireball", "veil"],
             first=1)
    st.play("play fireball at Ana")
    st.play("take")
    st.play("keep")
    assert "combo regen" in legal(st) and "play heal" in legal(st)


def test_aria_divine_regeneration_is_not_offered_at_full_health():
    st = new("aria", ["ina", "ina"], ["exile", "arcana"], pile=["gobie"])
    assert legal(st) == ["draw"]


def test_arena_mana_focus_is_not_offered_when_nothing_can_be_drawn():
    # Mana Focus « Piochez 1 carte » with an empty pile and a discard too small to rebuild
    # one (« retirez 2 cartes au hasard de la défausse »): it would draw nothing.
    st = new("arcane-arena", ["mana", "veil"], ["shield", "heal"])
    assert "play mana" not in legal(st) and "play veil" in legal(st)


def test_duel_healing_and_vital_regain_are_not_offered_at_full_health():
    # « Lumière de guérison - Vous rend 1 point de vie », « Regain vital ... Restaurez 3 points
    # de vie »: at full health they give nothing, as Absorption on an empty discard.
    st = new("arcane-duel", ["healing", "absorption"], ["shield", "mana"], pile=["fireball"])
    assert "play healing" not in legal(st) and "combo regain" not in legal(st)
    assert "play absorption" not in legal(st)
    assert "full health" in str(pytest.raises(tabletop.TabletopError, st.play,
                                              "play healing").value)


def test_duel_a_theft_or_mind_control_at_an_empty_hand_is_not_offered():
    # « Main des ombres - Subir 1 dégât et voler une carte », « Contrôle de l'esprit -
    # L'adversaire à se défausser d'une carte »: at a player with no card they take nothing.
    st = new("arcane-duel", ["shadows", "mind"], ["fireball", "explosion"], pile=["veil"],
             first=1)
    st.play("combo burst at Ana")
    st.play("no defense")
    assert "play shadows at Ben" not in legal(st) and "play mind at Ben" not in legal(st)


def test_duel_a_defense_that_would_change_nothing_is_not_offered():
    # « Bouclier - Bloque 1 point de dégâts » against a theft (no damage): it blocks nothing,
    # so it is not offered; the Mirror's split of 1 damage sends nothing back either.
    st = new("arcane-duel", ["shadows", "fireball"], ["shield", "mirror"], pile=["veil"])
    st.play("play shadows at Ben")
    assert legal(st) == ["no defense"]
    st = new("arcane-duel", ["fireball", "healing"], ["shield", "mirror"], pile=["veil"])
    st.play("play fireball at Ben")
    assert legal(st) == ["defend shield", "no defense"]


def keep(st):
    """Answer the end-of-turn question (replace or discard phase) by keeping the hand."""
    if not st.is_over and legal(st)[-1:] == ["keep"]:
        st.play("keep")


# ------------------------------------------------------------------ 4. readings changed

@pytest.mark.parametrize(("options", "ana"), [({}, 8), ({"electric_self": "hit"}, 7)])
def test_duel_electric_veil_never_hurts_its_own_owner(options, ana):
    # « Voile électrique ... Infligez 2 dégâts à tout adversaire qui vous attaque à son tour
    # et 1 dégât à son voisin de droite »: said to the Veil's caster, so the neighbour is never
    # the caster; at 2 players nobody takes the 1 (option electric_self=hit: the owner does).
    st = new("arcane-duel", ["lightning", "mirror"], ["fireball", "healing"], pile=["veil"],
             **options)
    st.play("combo electric")
    st.play("play fireball at Ana")
    assert health(st) == [ana, 7]


def test_duel_electric_veil_skips_its_owner_to_the_next_player():
    # 3 players: Cleo attacks Ana; Cleo's right neighbour is Ana, the Veil's owner: Ben takes 1.
    st = new("arcane-duel", ["lightning", "mirror"], ["veil", "mind"], ["fireball", "healing"],
             pile=["thorns"])
    st.play("combo electric")
    st.play("play veil")
    keep(st)
    st.play("play fireball at Ana")
    assert health(st) == [8, 8, 7]
    assert any("deals 2 damage to Cleo (7 health) and 1 to Ben (8 health)" in t for t in log(st))


def test_duel_taking_no_action_may_keep_your_hand():
    # « Si le joueur n'a pas pioché, il peut jouer ... » and « Pas d'action : Si un joueur ne
    # souhaite pas jouer de carte d'attaque ou de soutien, il peut choisir de se défausser »:
    # both say "may"; with Shield, Barrier and Thorns in hand you may also just pass.
    st = new("arcane-duel", ["shield", "barrier"], ["veil", "mind"], pile=["thorns", "healing"])
    st.play("draw")
    keep(st)
    st.play("play veil")
    keep(st)
    assert "pass" in legal(st)
    st.play("pass")
    keep(st)
    assert st.view(0)["hand"] == ["shield", "barrier", "thorns"]
    assert log(st)[-1] == "takes no action and keeps their hand"
    st = new("arcane-duel", ["shield", "barrier"], ["veil", "mind"], no_action="discard")
    assert "pass" not in legal(st)


@pytest.mark.parametrize(("options", "offered", "stolen"), [
    ({}, ["take"], True), ({"fish_defense": "cancels"}, ["defend exile", "defend depths", "take"],
                           False)])
def test_aria_shields_block_damage_not_the_fish_theft(options, offered, stolen):
    # « Bouclier de l'Exilé : Bloque 1 dégât », « Protection des Profondeurs : Bloque 2
    # dégâts »; « Main du Poisson : Volez une carte » deals no damage: a block stops nothing of
    # the theft, as Arcane Duel's Shield against the Hand of Shadows, so they are not offered
    # (option fish_defense=cancels: any defense cancels the theft).
    st = new("aria", ["fish", "gobie"], ["exile", "depths"], pile=["mist"], **options)
    st.play("play fish at Ben")
    assert legal(st) == offered
    st.play(offered[0])
    assert st.view(None)["cards_held"] == ([2, 1] if stolen else [1, 1])


@pytest.mark.parametrize(("options", "ben"), [({}, 8), ({"defenses": "both"}, 9)])
def test_arena_one_defensive_effect_per_attack(options, ben):
    # « Un seul effet défensif peut être utilisé par attaque »: Ben, under the Supreme
    # Counter-spell's ward (« réduit les dégâts reçus de 1 jusqu'à votre tour »), blocks an
    # Explosion with a Shield: the Shield is his one defense, so the ward does not also apply
    # (option defenses=both: 2 - 1 - 1 = 0).
    st = new("arcane-arena", ["explosion", "heal"], ["mirror", "veil"], ["fireball", "heal"],
             pile=["shield", "mana"], first=2, **options)
    st.play("play fireball at Ben")
    st.play("defend counter")
    st.play("bonus draw")
    keep(st)
    st.play("play explosion at Ben")
    st.play("defend shield")
    assert health(st)[1] == ben


def test_two_greedy_bots_finish_an_arcane_duel_with_the_plain_pass():
    # With the plain pass, greedy judged an attack (card spent, damage not landed yet: the
    # target's question waits) below a pass, and two greedy bots passed to the move limit.
    from tabletop.bots import decide, make_bot
    st = game("arcane-duel").new_game(players=2, seed=1)
    bots = [make_bot("greedy", seed=1), make_bot("greedy", seed=2)]
    for _ in range(3000):
        if st.is_over:
            break
        seat = st.current_player
        st.play(decide(bots[seat], st, seat))
    assert st.is_over and st.outcome.winners
