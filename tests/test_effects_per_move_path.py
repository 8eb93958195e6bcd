"""The per-move path written out: a question's prompt written
into the generated code (no renderer called), one card moved to a per-seat zone written out,
the closing pop of a block written in place of its call, ``seats()`` read without a lambda,
and a question's answers listed from a plan kept per notation. Each plays as the step-by-step
interpreter does, with the same texts, frames and undo."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from helpers import interpreter_only, load_ruleset
from test_effects_as_interpreted import _check_source

import tabletop
from tabletop import RulesetError
from tabletop.engine.compile.codegen import segments_source
from tabletop.engine.context import ENGINE_FUNCTIONS, Ctx, _seat_list
from tabletop.engine.moves import _choice_plan

RULES = """\
id: compiled-move
name: {en: Compiled move, fr: Coup compilé}
players: {min: 2, max: 3}
cards: [{id: c1, value: 1, name: one}, {id: c2, value: 2, name: two},
        {id: c3, value: 0, name: zero}, {id: c4, value: 4, name: four}]
zones:
  pile: {deck: true, visibility: public}  # (cards are played from it by name)
  hand: {visibility: owner, per_seat: true, order: row}
  stack: {visibility: public, per_seat: true, order: pile}
vars: {score: {initial: 0}, given: {initial: null}}
procedures:
  ask:
    - choose:
        from: hand
        var: pick
        seat: me
        optional: true
        notation: {en: "give {choice}", fr: "donner {choice}"}
        pass: {en: keep, fr: garder}
        prompt:
          en: "Score {score}: give {top(hand).name} or another card to {seat_name(opp)}"
          fr: "Score {score} : donnez {top(hand).code} ou une autre carte à {seat_name(opp)}"
    - if: "pick != null"
      then:
        - move: {what: pick, to: "hand[next_seat(me)]"}
        - set: {given: pick}
  plain:
    - choose:
        from: '["a", "b"]'
        var: word
        seat: me
        notation: "say {choice}"
        prompt: {en: "Say a word", fr: "Dites un mot"}
    - add: {score: 1}
moves:
  - id: draw
    notation: draw
    require: [{if: "size(pile) > 0", why: {en: empty, fr: vide}}]
    effects:
      - move: {what: "top(pile)", to: hand}
      - move: {what: "top(hand)", to: stack}
      - move: {what: "top(stack)", to: hand}
      - if: "size(hand) > 1"
        then:
          - do: ask
  - id: talk
    notation: talk
    effects:
      - do: plain
  - id: end
    notation: end
    require: [{if: "size(pile) == 0", why: {en: not yet, fr: pas encore}}]
    effects:
      - end_turn: true
  - id: bad
    notation: bad
    require: [{if: "size(hand) > 0", why: {en: no card, fr: aucune carte}}]
    effects:
      - move: {what: "top(hand)", to: "stack[next_seat(me)]"}
      - add: {score: "10 / (score - score)"}
end: [{if: "score >= 3", outcome: done}]
outcomes: {done: {winners: "[0]", reason: {en: done, fr: fini}, score: score}}
view: {score: score, hand: hand, stack: stack}
"""


def _game(tmp_path: Path) -> tabletop.Game:
    return load_ruleset(tmp_path, RULES)


def test_the_generated_code_holds_only_our_names(tmp_path: Path) -> None:
    g = _game(tmp_path)
    for block in g.all_blocks:
        _check_source(segments_source(g, block))


def test_a_prompt_is_written_out_and_reads_as_the_interpreter_says_it(tmp_path: Path) -> None:
    g = _game(tmp_path)
    text = "".join(segments_source(g, b) for b in g.all_blocks)
    assert "'Say a word'" in text and "'Dites un mot'" in text  # no renderer for plain text
    assert "_display(" in text  # the holes of the other prompt, written out
    for game in (g, interpreter_only(g)):
        st = game.new_game(players=2, seed=1, deck=["c1", "c2", "c3", "c4"])
        st.play("draw")
        st.play("keep") if st.pending else None
        st.play("draw")
        assert st.prompt("en") == "Score 0: give two or another card to P2"
        assert st.prompt("fr") == "Score 0 : donnez c2 ou une autre carte à P2"
        st.play("give c1")
        assert st.view(1)["hand"] == ["c1"]
        st.play("talk")
        assert (st.prompt("en"), st.prompt("fr")) == ("Say a word", "Dites un mot")


def test_a_card_moved_to_a_seat_zone_goes_there_and_comes_back_on_undo(tmp_path: Path) -> None:
    g = _game(tmp_path)
    source = "".join(segments_source(g, b) for b in g.all_blocks)
    # written out, the key of a seat's zone taken from a table made at load (a seat of the
    # game) or made as zone_key makes it (any other value)
    assert "dk = (_k" in source and "else 'hand/' + _str(_int(" in source \
        and "else 'stack/' + _str(_int(" in source
    st = g.new_game(players=2, seed=1, deck=["c1", "c2", "c3", "c4"])
    st.play("draw")  # pile -> hand[0] -> stack[0] -> hand[0], each written out
    assert st.zones["hand/0"] == [0] and st.zones["stack/0"] == [] and st.where[0] == "hand/0"
    before = (dict((k, list(v)) for k, v in st.zones.items()), list(st.where), st.view(0))
    with pytest.raises(RulesetError, match="division by zero") as info:
        st.play("bad")  # the card went to the next seat's stack, then the ruleset failed
    assert info.value.field == "moves.3.effects.1" and "was not played" in str(info.value)
    assert (st.zones, st.where, st.view(0)) == before


def test_a_block_that_ends_with_a_procedure_pops_in_place(tmp_path: Path) -> None:
    g = _game(tmp_path)
    for block in g.all_blocks:
        source = segments_source(g, block)
        assert f"return _s{block.id}_{len(block.steps)}(st, f)" not in source
    # the frames waiting on a question, and after it, as the interpreter leaves them
    for seed in range(6):
        a = g.new_game(players=3, seed=seed)
        b = interpreter_only(g).new_game(players=3, seed=seed)
        rng = random.Random(seed)
        while not a.is_over:
            legal = [m for m in a.legal_moves() if m.text != "bad"]
            assert [m.text for m in legal] == [m.text for m in b.legal_moves()
                                               if m.text != "bad"]
            m = rng.choice(legal)
            assert [e.to_dict() for e in a.play(m.text)] == [e.to_dict()
                                                             for e in b.play(m.text)]
            assert [(f.block.id, f.index) for f in a.frames] == [
                (f.block.id, f.index) for f in b.frames]
            assert (a.prompt("en"), a.prompt("fr")) == (b.prompt("en"), b.prompt("fr"))
            assert a.view(0) == b.view(0)


def test_seats_are_the_seats_still_in(tmp_path: Path) -> None:
    st = _game(tmp_path).new_game(players=3, seed=1)
    ctx = Ctx(st, {})
    assert ENGINE_FUNCTIONS["seats"].direct is _seat_list  # called at once by generated code
    assert _seat_list(ctx) == [0, 1, 2]
    st.out = {1}
    assert _seat_list(ctx) == [0, 2]
    first = _seat_list(ctx)
    first.append(9)  # a new list each time: nothing kept changes
    assert _seat_list(ctx) == [0, 2]


def test_the_answers_of_a_question_are_listed_from_its_notations_plan(tmp_path: Path) -> None:
    assert _choice_plan(("give", "{choice}")) == ("give ", "")
    assert _choice_plan(("{choice}",)) == ("", "")
    assert _choice_plan(("a", "{choice}", "b", "c")) == ("a ", " b c")
    assert _choice_plan(("{choice}", "{choice}")) is None
    assert _choice_plan(("{choice}", "to", "{seat}")) is None
    st = _game(tmp_path).new_game(players=2, seed=1, deck=["c1", "c2", "c3", "c4"])
    st.play("draw")
    st.play("draw")
    first = st.legal_moves()
    assert [m.text for m in first] == ["give c2", "give c1", "keep"]
    copy = st.copy()
    again = copy.legal_moves()  # listed anew on the copy: the same moves, the pass kept
    assert again == first and again[-1] is first[-1]
    assert again[-1].args == (("choice", None),)
    st.play("keep")
    assert st.pending is None and st.view(0)["hand"] == ["c2", "c1"]


COMPARISONS = [
    "x > 2", "x > 3", "x >= 3", "x < 5", "x <= 2", "2 < x", "3 <= x", "9 > x", "0 >= x",
    "z > 0", "0 < z", "z <= 0", "x > y", "s > 1", "1 < s",
    "count(l, it > 1)", "filter(filter(l, it >= 2), it < 3)", "any(filter(l, it > 0), it > 2)",
    "map(filter(l, it > size(filter(l, it < 2))), it > 1)", "size(l) > 2 and x < 9",
]


@pytest.mark.parametrize("text", COMPARISONS)
def test_a_comparison_with_a_number_is_written_out_and_agrees(text: str) -> None:
    """``a < 3`` is written without the call of ``_lt`` (a null on either side is false, the
    other side read once), even inside a comprehension; Python's refusal of ``:=`` in the
    items of a comprehension is respected (the code is generated, not the closures)."""
    from test_expressions_generated import Ctx as BareCtx

    from tabletop.errors import ExpressionError
    from tabletop.lang.expr import _closure, compile_expr, generate_source, parse_expr

    tree = parse_expr(text, None, {})
    source = generate_source(tree)
    if text != "x > y":  # (no number: the helper, as before)
        assert ":=" in source
    # every comparison against a number, none in the items of a comprehension (there Python
    # refuses ``:=``: the helper, as before)
    if not text.startswith(("x > y", "map(", "filter(filter", "any(filter")):
        assert not re.search(r"_(lt|le|gt|ge)\(", source), source
    compile(source, "<test>", "exec")  # Python takes it as it is
    fn = compile_expr(text, None, {})
    assert fn.__code__.co_filename == "<expression>"  # generated, not the closures
    values = {"x": 3, "y": 4, "z": None, "l": [1, 2, 3], "s": "a"}
    results = []
    for f in (fn, _closure(tree, text)):
        ctx = BareCtx(values)
        try:
            results.append(("ok", f(ctx), ctx.looked))
        except (ExpressionError, TypeError) as e:
            results.append(("error", type(e).__name__, ctx.looked))
    assert results[0] == results[1]


END_RULES = """\
id: compiled-end
name: {en: Compiled end, fr: Fin compilée}
players: {min: 1, max: 1}
cards: [{id: c1, value: 1}, {id: c2, value: 2}, {id: c3, value: 3}]
zones:
  pile: {deck: true, visibility: public}  # (cards are played from it by name)
  table: {visibility: public, order: row}
vars: {score: {initial: 0}}
derived:
  laid: "size(table)"
  total: "sum(table.value)"
moves:
  - id: lay
    notation: "lay {card}"
    args: {card: {from: pile}}
    effects:
      - move: {what: card, to: table}
      - add: {score: "card.value"}
end:
  - {if: "laid == 3 and total > 5", outcome: high}
  - {if: "laid == 3 and count(table, it.value == max(map(table, it.value))) == 1", outcome: low}
  - {if: "laid == 2 and total == 5", outcome: early}
outcomes:
  high: {winners: "[0]", reason: {en: high, fr: haut}, score: score}
  low: {winners: "[]", reason: {en: low, fr: bas}, score: score}
  early: {winners: "[0]", reason: {en: early, fr: tôt}, score: score}
view: {score: score}
"""


def test_the_end_check_reads_each_remembered_derived_value_once(tmp_path: Path) -> None:
    """The end rules that read a derived value run in a window that remembers it: the
    generated check reads each once into a variable, and ends games as the interpreter does."""
    from tabletop.engine.compile.codegen import end_check_source

    g = load_ruleset(tmp_path, END_RULES)
    assert g.end_memo and {"laid", "total"} <= g.memo_derived
    source = end_check_source(g)[1]
    _check_source(source)
    # laid and total, each read through its reader only where still unread
    assert "    _v0 = _v1 = _U\n" in source and " := _k" in source
    assert not re.findall(r"(?<!:= )_k\d+\(ctx\)", source), source
    for deck in (["c1", "c2", "c3"], ["c2", "c3", "c1"], ["c3", "c1", "c2"]):
        ends = []
        for game in (g, interpreter_only(g)):
            st = game.new_game(seed=1, deck=deck)
            while not st.is_over:
                st.play(st.legal_moves()[0])
            assert st.outcome is not None
            ends.append((st.outcome.name, st.history, st.outcome.scores))
        assert ends[0] == ends[1]
    st = g.new_game(seed=1, deck=["c2", "c3", "c1"])
    st.play("lay c2")
    st.play("lay c3")
    assert st.outcome is not None and st.outcome.name == "early"


def test_combos_are_remembered_by_the_cards_and_agree_with_their_codes() -> None:
    """``combos(cards)`` is remembered by the cards themselves (in their order) across moves,
    and by their codes and counts: the same combos either way, whatever the order."""
    from tabletop.engine.context import _combos

    g = tabletop.load("arcane-arena")
    st = g.new_game(players=2, seed=1)
    ctx = Ctx(st, {})
    by_code: dict[str, list] = {}
    for c in g.spec.cards:
        by_code.setdefault(c.code, []).append(c)
    fire, boom, heal = by_code["fireball"][0], by_code["explosion"][0], by_code["heal"]
    g.combos_memo.clear()
    assert [c.code for c in _combos(ctx, [fire, boom])] == ["flames"]
    assert [c.code for c in _combos(ctx, [boom, fire])] == ["flames"]  # another order
    assert (fire, boom) in g.combos_memo and (boom, fire) in g.combos_memo
    assert [c.code for c in _combos(ctx, [heal[0]])] == []
    assert [c.code for c in _combos(ctx, [heal[0], heal[1]])] == ["regen"]  # two of one code
    assert [c.code for c in _combos(ctx, [heal[0], [fire], boom, None])] == []  # no key: codes
    kept = _combos(ctx, [fire, boom])
    kept.append("x")  # a new list each time: the one remembered does not change
    assert [c.code for c in _combos(ctx, [fire, boom])] == ["flames"]
