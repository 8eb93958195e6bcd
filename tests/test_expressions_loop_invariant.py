"""Loop-invariant work read once. A loop's parts that do not depend on ``it``
(``count(deck, it.rank == max(map(deck, it.rank)))``: the max) are read once per loop in the
engine's generated code, when first needed, and give what reading them for every item gave:
the same values, the same errors at the same item, the same work counted. A derived value that
reads only the state and ``me`` (``letter`` in Deck menteur's ``all(cards, it.suit == letter
or it.wild)``), read in a loop's item argument in the generated code, is read when first
needed and kept for the other items of that loop, its work counted again for each item;
``size(seats())`` counts the seats still in without listing them. What a player or an author
would notice stays as it was: the same values, the same work counted (the limit met where it
was), a value changed inside a ``for_each`` body read fresh, and a mistake met in such a loop
names its field and undoes the move."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from helpers import interpreter_only, load_ruleset

import tabletop
from tabletop import RulesetError
from tabletop.engine.compile.codegen import end_check_source, segments_source
from tabletop.errors import ExpressionError
from tabletop.lang.expr import (
    Work,
    _closure,
    _seat_count,
    compile_expr,
    generate_source,
    parse_expr,
)
from tabletop.safety.limits import MAX_WORK

RULES = """\
id: loopinv
name: {en: Loops, fr: Boucles}
players: {min: 2, max: 3}
cards:
  - {suits: [H, S], ranks: [A, 2, 3, 4, 5, 6]}
zones:
  deck: {deck: true, visibility: hidden}
  hand: {per_seat: true, visibility: owner, order: row}
  pile: {visibility: public, order: pile}
vars:
  suit: {initial: "H"}
  n: {initial: 0}
  m: {initial: 0}
  tally: {initial: 0}
  word: {initial: "x"}
derived:
  want: '"H" if suit == "H" else "S"'
  heavy: "count(deck, true) + count(deck, true)"
  h3: "count(deck, count(deck, count(deck, true) > 0) > 0)"
  huge: "count(deck, count(deck, count(deck, count(deck, h3 > 0) > 0) > 0) > 0)"
  bad: "word + 1"
setup:
  - for_each: {in: seats(), var: p, do: [{deal: {from: deck, to: "hand[p]", count: 3}}]}
moves:
  - id: look
    notation: {en: look, fr: voir}
    effects:
      - set: {n: "count(deck, it.suit == want)"}
      - set: {m: "count(hand, it.suit == want or it.rank == \\"A\\")"}
      - add: {m: "count(deck, heavy > 0 and it.suit == \\"H\\")"}
      - set: {tally: "tally + (1 if all(hand, it.suit == want or heavy < 0) else 0)"}
      - end_turn: true
  - id: flip
    notation: {en: flip, fr: tourner}
    effects:
      - for_each:
          in: hand
          var: c
          do:
            - set: {suit: '"S" if suit == "H" else "H"'}
            - add: {tally: "count(deck, it.suit == want)"}
      - move: {what: "first(hand)", to: pile}
      - end_turn: true
  - id: quit
    notation: {en: quit, fr: quitter}
    effects:
      - eliminate: me
      - end_turn: true
  - id: oops
    notation: {en: oops, fr: oups}
    effects:
      - move: {what: hand, to: pile}
      - set: {n: "count(deck, it.suit == bad)"}
  - id: flood
    notation: {en: flood, fr: inonder}
    effects:
      - move: {what: hand, to: pile}
      - set: {n: "count(deck, huge > 0) + count(deck, huge > 0)"}
end:
  - if: "size(seats()) == 1"
    outcome: over
  - if: "size(deck) < 6"
    outcome: over
outcomes:
  over:
    winners: "seats()"
    reason: {en: "over", fr: "fini"}
view:
  hand: hand.code
  n: n
  m: m
  tally: tally
"""


def _seen(st: Any) -> Any:
    return (sorted((k, list(v)) for k, v in st.zones.items()), sorted(st.vars.items(), key=repr),
            sorted(st.out), st.turn_seat, st.history[:], [e.to_dict() for e in st.log],
            st.outcome)


def test_the_derived_value_is_read_once_per_loop(tmp_path: Path) -> None:
    game = load_ruleset(tmp_path, RULES)
    source = "".join(segments_source(game, b) for b in game.all_blocks)
    # each loop reading a derived value: read once, its work counted again for each item
    loops = [line for line in source.splitlines() if "for _i" in line]
    assert len(loops) == 7 and all("_take(" in line for line in loops)
    assert "_dset(" not in source  # the items no longer written into the locals for it
    assert "_seats_in(st)" in end_check_source(game)[1]  # the seats counted, not listed
    menteur = tabletop.load("deck-menteur")
    accuse = "".join(segments_source(menteur, b) for b in menteur.all_blocks)
    assert "_dset(" not in accuse.split("loc['honest'] = ", 1)[1].split("\n", 1)[0]


@pytest.mark.parametrize("seed", range(10))
def test_the_moves_play_as_the_interpreter_plays_them(tmp_path: Path, seed: int) -> None:
    """Values, events, vars and the work counted (``Work.left`` after each move) as the
    step-by-step interpreter gives them, with 2 and 3 players, seats eliminated."""
    game = load_ruleset(tmp_path, RULES)
    slow = interpreter_only(game)
    players = 2 + seed % 2
    a = game.new_game(players=players, seed=seed)
    b = slow.new_game(players=players, seed=seed)
    rng = random.Random(seed)
    assert _seen(a) == _seen(b)
    while not a.is_over:
        legal = [m.text for m in a.legal_moves()]
        assert legal == [m.text for m in b.legal_moves()]
        text = rng.choice([t for t in legal if t not in ("oops", "flood")])
        played = [e.to_dict() for e in b.play(text)]
        left = Work.left  # the work the interpreter counted for the move
        assert [e.to_dict() for e in a.play(text)] == played
        assert Work.left == left
        assert _seen(a) == _seen(b)
        for seat in range(players):
            assert a.view(seat) == b.view(seat)


def test_a_value_changed_in_a_loop_body_is_read_fresh(tmp_path: Path) -> None:
    game = load_ruleset(tmp_path, RULES)
    deck = ["AH", "2H", "3S", "4H", "5S", "6S", "AS", "2S", "3H", "4S", "5H", "6H"]
    st = game.new_game(players=2, seed=1, deck=deck)
    # seat 0 holds AH 2H 3S, seat 1 4H 5S 6S; the deck keeps AS 2S 3H 4S 5H 6H
    st.play("flip")  # suit S, H, S for the three cards: 3 spades, 3 hearts, 3 spades
    assert st.vars["suit"] == "S" and st.vars["tally"] == 3 + 3 + 3
    st.play("flip")  # seat 1: H, S, H: 3 + 3 + 3 again, the suit back to hearts
    assert st.vars["suit"] == "H" and st.vars["tally"] == 18
    st.play("look")  # want is H now: 3 hearts in the deck, none of seat 0's two left
    assert st.vars["n"] == 3


def test_a_mistake_in_the_loop_names_its_field_and_undoes_the_move(tmp_path: Path) -> None:
    game = load_ruleset(tmp_path, RULES)
    st = game.new_game(players=2, seed=3)
    before = _seen(st)
    with pytest.raises(RulesetError) as e:
        st.play("oops")
    assert e.value.field == "moves.3.effects.1"
    assert "the move was not played" in str(e.value)
    assert _seen(st) == before
    slow = interpreter_only(game).new_game(players=2, seed=3)
    with pytest.raises(RulesetError) as e2:
        slow.play("oops")
    assert str(e2.value) == str(e.value)


def test_the_work_limit_is_met_as_before(tmp_path: Path) -> None:
    """``huge`` goes through about 280,000 items each time it is read (six cards in the
    deck): read once per loop, its work is still counted for each of the deck's items, and
    the limit stops the move in the second loop as the interpreter's reading of it for every
    item does."""
    game = load_ruleset(tmp_path, RULES)
    st = game.new_game(players=2, seed=0)
    before = _seen(st)
    with pytest.raises(RulesetError) as e:
        st.play("flood")
    assert str(MAX_WORK) in str(e.value) and e.value.field == "moves.4.effects.1"
    assert _seen(st) == before
    slow = interpreter_only(game).new_game(players=2, seed=0)
    with pytest.raises(RulesetError) as e2:
        slow.play("flood")
    assert str(e2.value) == str(e.value)


def test_the_seats_counted_as_the_list_counts_them() -> None:
    st = tabletop.load("deck-menteur").new_game(players=4, seed=0)
    ctx = type("C", (), {"state": st})()
    for out in (set(), {1}, {0, 3}, {2, 7}, {-1, 1, "x"}, {0, 1, 2, 3}):
        st.out = set(out)
        Work.reset()
        listed = len([s for s in range(st.players) if s not in st.out])
        assert _seat_count(ctx) == listed
        assert Work.left == MAX_WORK - listed


VALUES: dict[str, Any] = {"x": 3, "zero": 0, "l": [1, 2, 3], "w": [5, 6],
                          "ll": [[1, 2], [3], [4, 5, 6]], "big": list(range(1500))}
KINDS = {name: "local" for name in VALUES}  # read from the locals, as the engine's reads are


class Ctx:
    """A bare context: the names are locals (the generated code reads them there), and the
    closures look them up."""

    def __init__(self) -> None:
        self.locals: dict[str, Any] = dict(VALUES)
        self.locals["it"] = "outer"

    def lookup(self, name: str) -> Any:
        return self.locals.get(name)

    def lookup_at(self, name: str, index: Any) -> Any:
        v = self.locals.get(name)
        if isinstance(v, list) and isinstance(index, int) and -len(v) <= index < len(v):
            return v[index]
        return None

    def call(self, name: str, args: Any) -> Any:
        return len([a(self) for a in args])

    def own(self, name: str, *args: Any) -> Any:
        return len(args)


HOISTED = [
    "count(l, it == max(l))",
    "filter(l, it > 5 and 1 / zero == 1)",  # never needed: never read (no error)
    "filter(l, it > 2 and 1 / zero == 1)",  # needed at the third item: the same error
    "filter(l, it < 2 or 1 / zero == 1)",  # needed at the second item
    "map(ll, count(l, it == size(ll)))",  # an inner loop's, inside an outer loop
    "sum(l, it * sum(w))",
    "filter(w, it in map(l, it + x))",  # a part holding a loop of its own
    "map(l, [it, w[1], size(filter(ll, size(it) > 1))])",
    "count(l, count(big, it > 0) > it)",
    "filter(l, size(w) > it)",
]


def run(fn: Any) -> tuple[Any, ...]:
    ctx = Ctx()
    Work.reset()
    try:
        return ("ok", fn(ctx), ctx.locals, Work.left)
    except ExpressionError as e:
        return ("error", str(e), Work.left)
    finally:
        Work.reset()


@pytest.mark.parametrize("text", HOISTED)
def test_a_part_read_once_gives_what_each_reading_gave(text: str) -> None:
    tree = parse_expr(text)
    assert "_NO" in generate_source(tree, KINDS)  # read once per loop
    assert "_NO" not in generate_source(tree)  # (not for contexts other than the engine's)
    assert run(compile_expr(text, kinds=KINDS)) == run(_closure(tree, text))


def test_a_local_is_read_before_the_items() -> None:
    """A local other than ``it`` is one Python variable in the loop (read before its items:
    a dict's ``get``, which neither fails nor counts work)."""
    text = "filter(l, it != x and it in w)"
    source = generate_source(parse_expr(text), KINDS)
    assert source.count("ctx.locals.get('x')") == 1 and ":= ctx.locals.get('x')," in source
    assert run(compile_expr(text, kinds=KINDS)) == run(_closure(parse_expr(text), text))


def test_the_part_is_not_read_when_not_needed() -> None:
    fn = compile_expr("filter(l, it > 5 and 1 / zero == 1)", kinds=KINDS)
    assert run(fn)[:2] == ("ok", [])
    fn = compile_expr("filter(l, it > 2 and 1 / zero == 1)", kinds=KINDS)
    said = run(fn)
    assert said[0] == "error" and "division by zero" in said[1]


def test_the_work_limit_is_met_as_when_each_item_read_it() -> None:
    """Read once, the inner count would count 1,500 items; counted again for each item, the
    limit stops the expression as it did."""
    text = "count(big, count(big, true) > 0)"
    assert len(VALUES["big"]) ** 2 > MAX_WORK
    assert "_NO" in generate_source(parse_expr(text), KINDS)
    said = run(compile_expr(text, kinds=KINDS))
    assert said[0] == "error" and "the limit" in said[1]
    assert said == run(_closure(parse_expr(text), text))


def test_parts_that_read_it_or_run_ruleset_expressions_are_read_for_each_item() -> None:
    for text in ["count(l, it == it + 1)", "count(l, own(x) > it)", "map(l, w[it])"]:
        tree = parse_expr(text, None, {"own": (1, 1)})
        assert "_NO" not in generate_source(tree, KINDS), text
        fn = compile_expr(text, None, {"own": (1, 1)}, KINDS)
        assert run(fn) == run(_closure(tree, text))
