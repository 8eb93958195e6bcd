"""The rules' reads made cheaper: a loop over a zone's cards reads
each card's attribute without testing its type, ``sum(filter(zone, cond), it.value)`` is one
loop, ``first(zone).value`` reads the card's table, a derived value that reads no seat is
remembered once for every seat, and ``allowed(card)`` once per card while nothing changes.
What a player would notice must not change: the same values for every seat and every viewer
(a hidden card is still nothing in a view), the same scores, the same results, and the work
limit met where it was."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from helpers import load_ruleset

import tabletop
from tabletop.engine.context import ENGINE_FUNCTIONS, Ctx
from tabletop.errors import ExpressionError
from tabletop.lang.expr import Work, _closure, generate_source, tree_of
from tabletop.rules.values import PUBLIC
from tabletop.safety.limits import MAX_WORK

GAMES = [("arcane-arena", 2), ("arcane-duel", 2), ("aria", 2), ("coffre-et-cle", 4),
         ("deck-menteur", 2), ("expedition-rivale", 2), ("push-to-five", 3),
         ("pyramide-escape", 1), ("scoundrel", 1)]


def _value(fn: Any, st: Any, me: int, viewer: Any) -> tuple[Any, ...]:
    """A derived value read by seat ``me`` as ``viewer`` sees the state (no window: computed),
    with the work it counted, or its error."""
    Work.reset()
    try:
        return ("ok", fn(Ctx(st, {"me": me}, viewer)), Work.left)
    except ExpressionError as e:
        return ("error", str(e), Work.left)
    finally:
        Work.reset()


@pytest.mark.parametrize(("gid", "players"), GAMES)
def test_derived_values_read_as_the_interpreter_reads_them(gid: str, players: int) -> None:
    """Every derived value of every shipped game, for every seat and every viewer (the
    engine, each seat, the public), at decisions of seeded random games: the generated code
    gives what the interpreter's closures give, with the same work counted."""
    game = tabletop.load(gid)
    pairs = [(name, fn, _closure(tree, name, ENGINE_FUNCTIONS))
             for name, fn in game.spec.derived.items() if (tree := tree_of(fn)) is not None]
    assert pairs
    viewers: list[Any] = [None, PUBLIC, *range(players)]
    for seed in range(2):
        st = game.new_game(players=players, seed=seed)
        rng = random.Random(seed)
        step = 0
        while not st.is_over and step < 60:
            if step % 3 == 0:
                for _name, fn, slow in pairs:
                    for me in range(players):
                        for viewer in viewers:
                            assert _value(fn, st, me, viewer) == _value(slow, st, me, viewer)
            st.play(rng.choice(st.legal_moves()))
            step += 1


@pytest.mark.parametrize(("gid", "players"), GAMES)
def test_the_same_scores_as_the_interpreter(gid: str, players: int) -> None:
    """The generated outcome gives the winners and scores the interpreter's gives."""
    game = tabletop.load(gid)
    for seed in range(3):
        st = game.new_game(players=players, seed=seed)
        rng = random.Random(seed)
        while not st.is_over:
            st.play(rng.choice(st.legal_moves()))
        o = st.outcome
        winners, scores, _reasons = st._outcome_of(o.name)
        assert (list(o.winners), list(o.scores)) == ([int(w) for w in winners], list(scores))


GEMS = """
id: gem-reads
name: {en: Gem reads, fr: Lectures de gemmes}
summary: {en: "Reads of hidden cards.", fr: "Lectures de cartes cachées."}
players: {min: 2, max: 2}
max_moves: 20
card_types:
  gem: {en: gem, fr: gemme}
  rock: {en: rock, fr: roche}
cards:
  - {id: g1, value: 1, type: gem, name: {en: Pebble, fr: Caillou}}
  - {id: g2, value: 2, type: gem, name: {en: Quartz, fr: Quartz}}
  - {id: r3, value: 3, type: rock, name: {en: Slate, fr: Ardoise}}
  - {id: g4, value: 4, type: gem, name: {en: Jade, fr: Jade}}
  - id: r5
    value: 5
    type: rock
    name: {en: Flint, fr: Silex}
    require:
      - if: 'this.value > 4 and this.type == "rock"'
        why: {en: "a big rock", fr: "une grosse roche"}
  - id: g6
    value: 6
    type: gem
    name: {en: Opal, fr: Opale}
    require:
      - if: "size(hand) > 2"
        why: {en: "keep it for later", fr: "gardez-la pour plus tard"}
zones:
  pile: {visibility: hidden, deck: true, label: {en: pile, fr: pioche}}
  hand: {visibility: owner, per_seat: true, label: {en: hand, fr: main}}
  table: {visibility: public, label: {en: table, fr: table}}
derived:
  gems_in_pile: 'sum(filter(pile, it.type == "gem"), it.value)'
  gems_in_hand: 'sum(filter(hand, it.type == "gem"), it.value)'
  rock_values: 'map(filter(hand, it.type == "rock"), it.value)'
  best_gem: 'max(map(filter(hand, it.type == "gem"), it.value))'
  top_value: "first(pile).value"
  table_top: "first(table).value"
  hidden: 'count(pile, it == null)'
  playable: "filter(hand, allowed(it)).code"
  playable_cards: "filter(hand, allowed(it))"
  playable_gems: 'sum(filter(playable_cards, it.type == "gem"), it.value)'
setup:
  - for_each:
      in: seats()
      var: s
      do:
        - deal: {from: pile, to: "hand[s]", count: 2}
moves:
  - id: play
    label: {en: "play a card", fr: "jouer une carte"}
    notation: "play {card}"
    args:
      card: {from: hand, where: "allowed(it)"}
    effects:
      - move: {what: card, to: table}
      - end_turn: true
  - id: pass
    label: {en: "pass", fr: "passer"}
    notation: "pass"
    require:
      - if: "not any(hand, allowed(it))"
        why: {en: "you can play", fr: "vous pouvez jouer"}
    effects:
      - end_turn: true
end:
  - if: "size(table) >= 3 or turn > 8"
    outcome: done
outcomes:
  done:
    winners: "[]"
    reason: {en: "enough", fr: "assez"}
    score: "gems_in_pile + gems_in_hand + default(table_top, 0)"
score_bounds: [-100, 100]
view:
  pile_gems: gems_in_pile
  hand_gems: gems_in_hand
  rocks: rock_values
  best: best_gem
  top: top_value
  table_top: table_top
  hidden: hidden
  playable: playable
"""


def _gems(tmp_path: Path) -> tabletop.Game:
    return load_ruleset(tmp_path, GEMS)


def test_a_view_still_sees_nothing_of_a_hidden_card(tmp_path: Path) -> None:
    """The loops over a zone read a card's attribute without testing its type: in a view a
    hidden card is still nothing (its value counts for nothing, it is no gem), each seat sees
    its own hand, and the engine (a score) sees every card."""
    game = _gems(tmp_path)
    st = game.new_game(players=2, seed=1, deck=["g1", "r3", "g4", "r5", "g6", "g2"])
    assert st.view(0)["hand_gems"] == 1 and st.view(0)["rocks"] == [3]  # g1 r3
    assert st.view(1)["hand_gems"] == 4 and st.view(1)["rocks"] == [5]  # g4 r5
    assert st.view(0)["best"] == 1 and st.view(1)["best"] == 4
    for seat in (0, 1, None):
        v = st.view(seat)
        assert v["pile_gems"] == 0  # g6 g2 are in the hidden pile
        assert v["top"] is None
        assert v["hidden"] == 2
        assert v["table_top"] is None
    ctx = Ctx(st, {"me": 0})
    assert ctx.lookup("gems_in_pile") == 8  # the engine's own read
    assert ctx.lookup("top_value") == 6


def test_scores_and_views_per_seat_through_a_game(tmp_path: Path) -> None:
    """A derived value that reads no seat (the pile) is remembered once for both seats and
    one that reads ``hand`` once per seat: each seat's view, its moves and its score are
    those of the cards it holds."""
    game = _gems(tmp_path)
    assert "gems_in_pile" in game.seatless_derived and "top_value" in game.seatless_derived
    assert "gems_in_hand" not in game.seatless_derived  # hand: the seat's own
    assert "playable" not in game.seatless_derived  # allowed(it) over the seat's hand
    st = game.new_game(players=2, seed=1, deck=["g6", "g1", "g4", "r5", "r3", "g2"])
    assert st.view(0)["playable"] == ["g1"]  # the Opal wants more than two cards in hand
    assert st.view(1)["playable"] == ["r5", "g4"]  # (each card dealt goes on top)
    assert st.view(0)["hand_gems"] == 7 and st.view(1)["hand_gems"] == 4
    assert [m.text for m in st.legal_moves()] == ["play g1"]
    st.play("play g1")
    assert [m.text for m in st.legal_moves()] == ["play r5", "play g4"]
    st.play("play g4")
    assert [m.text for m in st.legal_moves()] == ["pass"]  # the Opal alone: not playable
    st.play("pass")
    st.play("play r5")
    assert st.is_over and st.outcome is not None
    top = next(c for c in game.spec.cards if c.uid == st.zones["table"][0]).value
    # the pile (r3, g2: 2 in gems) as the engine sees it, the seat's own gems, the table's top
    assert st.outcome.scores == (2 + 6 + top, 2 + 0 + top)


def test_allowed_is_the_same_within_a_view_and_counts_its_work(tmp_path: Path) -> None:
    """In a view, allowed(card) is worked out once per card, seat and viewer while nothing
    changes; a later reading counts again the work the first counted, so the work of a
    view is as it was. The engine's own reads (a listing) work it out each time."""
    game = _gems(tmp_path)
    assert game.allowed_memo
    st = game.new_game(players=2, seed=1, deck=["g6", "g1", "g4", "r5", "r3", "g2"])
    card = next(c for c in game.spec.cards if c.code == "g6")
    memo: dict[Any, Any] = {}
    st._derived_memo = memo
    try:
        Work.reset()
        assert Ctx(st, {"me": 0}).call("allowed", [lambda _c: card]) is False
        assert memo == {}  # the engine's own read: not kept
        Work.reset()
        ctx = Ctx(st, {"me": 0}, 0)
        first = ctx.call("allowed", [lambda _c: card])
        spent = MAX_WORK - Work.left
        again = ctx.call("allowed", [lambda _c: card])
        assert first is again is False  # two cards in hand, not more
        assert spent > 0 and MAX_WORK - Work.left == 2 * spent
        assert list(memo) == [("@allowed", (card.uid, 0), 0)]
        ctx1 = Ctx(st, {"me": 1}, 1)  # another seat: worked out for it
        assert ctx1.call("allowed", [lambda _c: card]) is False
        assert len(memo) == 2
    finally:
        st._derived_memo = None
        Work.reset()
    assert st.view(0)["playable"] == ["g1"] and st.view(1)["playable"] == ["r5", "g4"]


def test_the_engine_code_skips_the_type_test_only_over_a_zone(tmp_path: Path) -> None:
    """Where a loop goes through a zone's cards (or a filter of them), its items are cards
    (or nothing in a view): their attributes are read from their table, with no type test;
    over anything else (a derived list, a local) the type is still tested."""
    game = _gems(tmp_path)
    kinds = game.expr_kinds
    src = generate_source(tree_of(game.spec.derived["gems_in_pile"]), kinds, ENGINE_FUNCTIONS)
    assert "_type(" not in src and "_counted(" in src  # one loop, no type test
    assert src.count(" for ") == 1
    src = generate_source(tree_of(game.spec.derived["top_value"]), kinds, ENGINE_FUNCTIONS)
    assert "_type(" not in src and "_ga(" not in src
    src = generate_source(tree_of(game.spec.derived["playable_gems"]), kinds, ENGINE_FUNCTIONS)
    assert "_type(" in src  # a derived list: anything may be in it
    other = generate_source(tree_of(game.spec.derived["gems_in_pile"]))  # no engine kinds
    assert "_type(" in other and "_counted(" not in other


def test_the_same_where_over_the_same_zone_is_kept_once_in_a_listing() -> None:
    """Scoundrel's fight and fight-bare both take a monster of the room: the phase's lister
    filters the room once for both; the listed moves are the interpreter's (the listing
    tests compare every lister with it) and each card of the room is offered as before."""
    from tabletop.engine.compile.listing import phase_source

    game = tabletop.load("scoundrel")
    source, _ns = phase_source(game, game.spec.moves, True, False)
    shared = [line.strip() for line in source.splitlines()
              if "_it.type == 'monster'" in line]
    assert len(set(shared)) == 1 and shared[0].startswith("_z")  # one variable for both
    st = game.new_game(seed=3, deck=["8S", "3D", "5C", "4H", "2S"])
    assert [m.text for m in st.legal_moves()] == [
        "fight 8S bare", "fight 5C bare", "equip 3D", "drink 4H", "avoid"]
    st.play("equip 3D")
    assert [m.text for m in st.legal_moves()] == [
        "fight 8S", "fight 5C", "fight 8S bare", "fight 5C bare", "drink 4H"]


def test_a_requirement_reading_this_still_has_it(tmp_path: Path) -> None:
    """A card's own conditions that do not read ``this`` are tested without binding it
    (nothing would see it); one that reads it (the Flint: ``this.value > 4``) still has it,
    and the locals are left as they were."""
    game = _gems(tmp_path)
    assert "g6" in game.free_require and "r5" not in game.free_require
    st = game.new_game(players=2, seed=1, deck=["g6", "g1", "g4", "r5", "r3", "g2"])
    flint = next(c for c in game.spec.cards if c.code == "r5")
    loc = {"me": 1, "this": "before"}
    assert Ctx(st, loc).call("allowed", [lambda _c: flint]) is True
    assert loc == {"me": 1, "this": "before"}
    assert [m.text for m in st.legal_moves()] == ["play g1"]
    st.play("play g1")
    assert [m.text for m in st.legal_moves()] == ["play r5", "play g4"]
