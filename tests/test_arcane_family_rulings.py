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
    assert st.move_text(st.parse_move(f"play {card} at Ben"), "fr") == f"jouer {card} sur Ben"
    for typed in (f"play {card} at Ben", f"play {card} Ben", f"jouer {card} sur Ben",
                  f"jouer {card} Ben"):
        assert st.parse_move(typed).text == f"play {card} at Ben"


def test_a_filler_word_is_left_out_only_when_one_move_reads_so():
    # Arcane Duel's Chain Reaction: `combo chain Ben Cleo` is `combo chain at Ben and Cleo`.
    st = new("arcane-duel", ["lightning", "fireball"], ["shield", "mana"], ["veil", "mind"])
    assert st.parse_move("combo chain Ben Cleo").text == "combo chain at Ben and Cleo"
    with pytest.raises(tabletop.NotationError):
        st.parse_move("combo Ben chain")
