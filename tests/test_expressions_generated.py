"""Expressions are compiled to Python source built from the checked tree alone:
hostile texts either fail to load with a clear sentence or compile to code that reads only
what the engine hands it; the generated code and the closures agree."""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Any

import pytest

import tabletop
from tabletop.engine.context import ENGINE_FUNCTIONS
from tabletop.errors import ExpressionError
from tabletop.lang.expr import (
    CARD_SLOTS,
    CORE,
    HELPERS,
    _closure,
    compile_expr,
    generate_source,
    parse_expr,
)


class Ctx:
    """A bare context: names come from a dict, never from Python."""

    def __init__(self, values: dict[str, Any] | None = None) -> None:
        self.values = values or {}
        self.locals: dict[str, Any] = {}
        self.looked: list[str] = []

    def lookup(self, name: str) -> Any:
        self.looked.append(name)
        return self.values.get(name)

    def lookup_at(self, name: str, index: Any) -> Any:
        v = self.lookup(name)
        if isinstance(v, list) and isinstance(index, int) and -len(v) <= index < len(v):
            return v[index]
        return None

    def call(self, name: str, args: Any) -> Any:
        return ("called", name, [a(self) for a in args])


# names the generated source may hold: ctx, our helpers, the core functions, its own functions
_ALLOWED = {"ctx", "_T", "_CardDef", *(HELPERS.keys() - {"__builtins__"}),
            *CORE.namespace}
_OWN = re.compile(r"_[aeti]\d*\Z")  # _i3: the item of a comprehension (a core function's)
_CTX_ATTRS = {"locals", "get", "lookup", "lookup_at", "call", "cards", "seat_cards", "var",
              "seat_var", "zone_size", "seat_zone_size", "attr_table"}

HOSTILE = [
    "__import__('os').system('echo pwned')",
    "open('/etc/passwd')",
    "eval(\"1\")",
    "exec('import os')",
    "sys.modules",
    "os.system",
    "it.__class__.__bases__",
    "it.__globals__",
    "x.__dict__['y']",
    "lambda",
    "import",
    "ctx.state",
    "_ga",
    "__builtins__",
    "'\\'); import os; (\\''",
    '"\\" + __import__(\'os\') + \\""',
    "'a\\\\' + \"b'c\"",
    "\"line\nbreak\"",
    "'x' if \"')) or __import__('os') or (('\" else 'y'",
    "[\"}\", '{', \"{{}}\"]",
    "'\\x00' + '\\u0041'",
    "99999999999999999999999",
    "1e400",
    "0x10",
    "10 ** 15",
    "a; b",
    "a = 1",
    "`id`",
    "a.b(1)",
    "size(x) + size(y)) or (z",
    "f'{x}'",
    "count(hand, it.__class__ == 1)",
]


@pytest.mark.parametrize("text", HOSTILE)
def test_hostile_texts_fail_to_load_or_run_no_code(text: str) -> None:
    """With names unchecked (the most open case), a hostile text either does not parse (one
    sentence) or compiles to source whose only names are ours: the ruleset's words reach it
    only as string constants."""
    try:
        tree = parse_expr(text, None, {})
    except ExpressionError as e:
        assert str(e) and "\n" not in str(e).split(" in ")[0]
        with pytest.raises(ExpressionError):
            compile_expr(text, None, {})
        return
    source = generate_source(tree)
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Name):
            assert node.id in _ALLOWED or _OWN.match(node.id), (node.id, source)
        elif isinstance(node, ast.Attribute):
            assert node.attr in _CTX_ATTRS, (node.attr, source)
            assert isinstance(node.value, ast.Name | ast.Attribute)
        elif isinstance(node, ast.Call):
            assert isinstance(node.func, ast.Name | ast.Attribute)
        assert not isinstance(node, ast.Import | ast.ImportFrom | ast.Lambda | ast.Global)
    fn = compile_expr(text, None, {})
    ctx = Ctx()
    try:
        fn(ctx)
    except ExpressionError:
        pass
    assert fn.__globals__["__builtins__"] == {}


def test_string_literals_keep_their_exact_text() -> None:
    for text, want in [('"line\nbreak"', "line\nbreak"),
                       ("'\\x00'", "\\x00"), ("\"it's\"", "it's"), ("'say \"hi\"'", 'say "hi"'),
                       ("'__import__(\"os\")'", '__import__("os")')]:
        assert compile_expr(text, None, {})(Ctx()) == want
    # '+' of two texts is not allowed (numbers or lists): a clear error, not Python's
    with pytest.raises(ExpressionError):
        compile_expr("'a\\\\' + \"b'c\"", None, {})(Ctx())


def test_names_are_checked_before_any_code_is_made() -> None:
    for text in ("__import__('os')", "sys", "os.path", "it.x + secret", "open"):
        with pytest.raises(ExpressionError, match="unknown (name|function)"):
            compile_expr(text, {"hand", "score"}, {})


def test_dunder_and_python_words_are_only_looked_up_in_the_game() -> None:
    ctx = Ctx({"sys": 3, "lambda": [1, 2], "os": {"system": "not a function"}})
    assert compile_expr("sys + 1", None, {})(ctx) == 4
    assert compile_expr("size(lambda)", None, {})(ctx) == 2
    assert compile_expr("os.system", None, {})(ctx) == "not a function"
    ctx.locals["it"] = {"a": 1}
    assert compile_expr("it.__class__", None, {})(ctx) is None
    assert compile_expr("it.__dict__", None, {})(ctx) is None
    assert ctx.looked == ["sys", "lambda", "os"]


def test_huge_numbers_keep_their_limit() -> None:
    with pytest.raises(ExpressionError, match="passes"):
        compile_expr("9999999999999999", None, {})
    with pytest.raises(ExpressionError, match="limit"):
        compile_expr("999999999999999 * 999999999999999", None, {})(Ctx())
    with pytest.raises(ExpressionError, match="limit"):
        compile_expr("x + 1", None, {})(Ctx({"x": 10**15}))


def test_too_deep_for_python_falls_back_to_closures() -> None:
    """Python's parser refuses some nestings that our limits allow (a long chain of '.' or
    of '+'): those expressions run as closures, with the same results."""
    chain = "a" + ".b" * 400
    assert compile_expr(chain, None, {})(Ctx({"a": {"b": None}})) is None
    total = "+".join(["1"] * 2000)
    assert compile_expr(total, None, {})(Ctx()) == 2000
    assert compile_expr(" - ".join(["x"] * 1500), None, {})(Ctx({"x": 1})) == -1498


SAMPLES = [
    "1 + 2 * 3 - 4 / 2 % 3", "-x + 3", "not x", "x and y", "x or y or z", "x and y and z",
    "x == 1", "x != 1", "x < y", "x <= y", "x > null", "x >= y", "1 in l", "5 not in l",
    "'a' if x > 1 else 'b'", "l[0]", "l[-1]", "l[9]", "d.k", "l.k", "size(l)", "size(x)",
    "size(null)", "count(l, it > 1)", "filter(l, it != 2)", "map(l, it * 2)", "sum(l)",
    "sum(l, it * it)", "any(l, it > 2)", "all(l, it > 0)", "min(l)", "max(x, y, 7)",
    "distinct(l)", "first(l)", "last(l)", "abs(-4)", "default(null, 3)", "number('12')",
    "join(l, '-')", "index_of(l, 2)", "highest(l, it)", "lowest(l, -it)", "symbol('10H')",
    "take_while(l, it < 3)", "[x, y, [1, 2]]", "l + [4]", "d['k']", "w[1]", "own(x, 2)",
    "x / 0", "x % 0", "'a' + 1", "z.k.m", "(x + y) * (x - y)", "not not x", "- - x",
    "x if y else z if x else 9", "true and false or null",
]


@pytest.mark.parametrize("text", SAMPLES)
def test_generated_code_and_closures_agree(text: str) -> None:
    values = {"x": 3, "y": 4, "z": None, "l": [1, 2, 3], "d": {"k": "v"}, "w": [5, 6]}
    tree = parse_expr(text, None, {"own": (0, 3)})
    results = []
    for fn in (compile_expr(text, None, {"own": (0, 3)}), _closure(tree, text)):
        try:
            results.append(("ok", fn(Ctx(values))))
        except ExpressionError as e:
            results.append(("error", str(e)))
    assert results[0] == results[1]


def test_work_limit_still_stops_a_runaway_expression() -> None:
    from tabletop.lang.expr import Work
    from tabletop.safety.limits import MAX_WORK

    Work.reset()
    with pytest.raises(ExpressionError, match="items"):
        for _ in range(MAX_WORK // 1000 + 2):
            compile_expr("size(l)", None, {})(Ctx({"l": list(range(1000))}))
    Work.reset()


def test_shipped_games_compile_every_expression() -> None:
    """Every expression of every shipped game is generated code (none fell back)."""
    for gid in tabletop.games():
        spec = tabletop.load(gid).spec
        for m in spec.moves:
            for r in m.require:
                assert r.test.__code__.co_filename == "<expression>", (gid, m.id)
        for fn in spec.derived.values():
            assert fn.__code__.co_filename == "<expression>", gid



HIDING = """\
id: hiding
name: {en: Hiding, fr: Cache}
players: {min: 1, max: 1}
cards: [{suits: [S], ranks: [2, 3, 4]}]
zones:
  deck: {deck: true, visibility: hidden}
  hand: {order: row}
  pile: {}
vars: {pick: {initial: 0}, total: {initial: 0}}
setup:
  - deal: {from: deck, to: hand, count: 3}
moves:
  - id: take
    notation: "take {pick}"
    args: {pick: {word: ["1", "2"]}}
    require: [{if: 'pick != "2" and size(hand) > 0', why: {en: "no", fr: "non"}}]
    effects:
      - let: {pile: "hand"}
      - set: {total: "total + number(pick) + size(pile)"}
      - move: {what: "first(hand)", to: pile}
end: [{if: "size(hand) == 0", outcome: done}]
outcomes: {done: {winners: "[0]", reason: {en: done, fr: fini}}}
view:
  total: total
  pile: size(pile)
"""


def test_a_local_named_like_a_zone_or_var_still_hides_it(tmp_path: Path) -> None:
    """Generated code reads a zone or var directly only where no local can bind its name: a
    move argument named like a var, a let named like a zone, are read as locals, as before."""
    from helpers import load_ruleset

    g = load_ruleset(tmp_path, HIDING)
    st = g.new_game(seed=1, deck=["2S", "3S", "4S"])
    assert [m.text for m in st.legal_moves()] == ["take 1"]  # the argument, not the var 0
    st.play("take 1")
    assert st.view(0) == {"total": 1 + 3, "pile": 1}  # let pile = hand (3 cards), not zone
    st.play("take 1")
    assert st.view(0) == {"total": 4 + 1 + 2, "pile": 2}


# ---- the core functions written out as comprehensions ----

LOOPS = [
    "count(ll, any(it, it > 1))", "sum(ll, sum(it))", "filter(ll, size(it) > 1)",
    "map(ll, first(it))", "map(ll, last(it))", "highest(ll, size(it))", "lowest(ll, -size(it))",
    "take_while(ll, size(it) > 1)", "distinct(l, it % 2)", "distinct(ll, size(it))",
    "max(l)", "min(l)", "min(null)", "max(x, z, y)", "sum(null)", "sum(3)", "count(5, it)",
    "count(l)", "filter(l, own(it))", "map(l, own(it, x))", "any(l, own(it))",
    "all(ll, all(it, it > 0))", "index_of(l, 3)", "index_of(ll, [3])", "join(l)",
    "join(ll, '; ')", "join(map(l, it * 2), ', ')", "default(z, 3)", "default(z, x)",
    "default(x, 'a')", "abs(z)", "abs(-x)", "sum(l, 'a')", "max([1, 'a'])",
    "highest(['a', 1], it)", "take_while(l, it.k)", "map(d, it)", "filter(w, it > x)",
    "map(ll, map(it, it + size(ll)))", "sum(filter(l, it > 1), it * 10)",
    "count(l, it == first(filter(l, it > 1)))", "map(l, [it, own(it)])",
    "filter(l, it in map(w, it - 4))", "sum(map(ll, it), 1)", "map(l, it.k.m)",
]


@pytest.mark.parametrize("text", LOOPS)
def test_written_out_core_functions_agree_with_the_closures(text: str) -> None:
    """The comprehensions give what the closures give (values, errors, work counted) and
    leave ``it`` in the locals as the closures do."""
    from tabletop.lang.expr import Work

    values = {"x": 3, "y": 4, "z": None, "l": [1, 2, 3], "d": {"k": "v"}, "w": [5, 6],
              "ll": [[1, 2], [3], [4, 5, 6]]}
    tree = parse_expr(text, None, {"own": (1, 2)})
    results = []
    for fn in (compile_expr(text, None, {"own": (1, 2)}), _closure(tree, text)):
        ctx = Ctx(values)
        ctx.locals["it"] = "outer"
        Work.reset()
        try:
            results.append(("ok", fn(ctx), ctx.locals, Work.left))
        except ExpressionError as e:
            results.append(("error", str(e), Work.left))
    Work.reset()
    assert results[0] == results[1]


def test_written_out_core_functions_hold_only_our_names() -> None:
    for text in LOOPS:
        source = generate_source(parse_expr(text, None, {"own": (1, 2)}))
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Name):
                assert node.id in _ALLOWED or _OWN.match(node.id), (node.id, source)
            elif isinstance(node, ast.Attribute):
                assert node.attr in _CTX_ATTRS, (node.attr, source)


# the engine's names: what generated code for a loaded ruleset may hold besides the above
_ENGINE = {n for n in ENGINE_FUNCTIONS.namespace if n.startswith("_f_")}
# (and a card's own slots, read from a value known to be a card: a fixed set of ours)
_ENGINE_ATTRS = {"state", "vars", "viewer", "own", *CARD_SLOTS}

HOSTILE_RULESET = """\
id: hostile
name: {en: Hostile, fr: Hostile}
players: {min: 1, max: 1}
cards: [{suits: [S], ranks: [2, 3, 4, 5]}]
zones:
  deck: {deck: true, visibility: hidden}
  hand: {order: row}
  pile: {}
vars: {total: {initial: 0}, __class__: {initial: 1}}
derived:
  __globals__: "sum(filter(hand, it.__dict__ == null), it.value)"
functions:
  __import__: {args: [os], value: "os + __class__"}
setup:
  - deal: {from: deck, to: hand, count: 4}
moves:
  - id: take
    notation: "take {__builtins__}"
    args: {__builtins__: {from: hand, where: "__import__(it.value) > __globals__ - 99"}}
    effects:
      - let: {sys: "map(hand, it.code)"}
      - set:
          total: "__import__(size(sys)) + count(sys, it != \\"');import os#\\"
                  and it != seat_name(me))"
      - move: {what: __builtins__, to: pile}
end: [{if: "size(hand) == 0", outcome: done}]
outcomes: {done: {winners: "[0]", reason: {en: done, fr: fini}}}
view:
  total: total
"""


def test_hostile_names_reach_the_engine_code_only_as_constants(tmp_path: Path) -> None:
    """A ruleset naming its vars, derived values, functions and locals like Python's own
    words: the code generated for it (engine reads, engine and ruleset functions called by
    value) holds them only as string constants, and the game plays."""
    from helpers import load_ruleset

    from tabletop.lang.expr import tree_of

    g = load_ruleset(tmp_path, HOSTILE_RULESET)
    fns = [*g.spec.derived.values(), *(body for _p, body in g.spec.functions.values())]
    fns += [a.where for m in g.spec.moves for a in m.args if a.where is not None]
    for fn in fns:
        tree = tree_of(fn)
        assert tree is not None
        source = generate_source(tree, {"hand": "zone", "pile": "zone", "total": "var",
                                        "__class__": "var", "os": "local", "sys": "local"},
                                 ENGINE_FUNCTIONS)
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Name):
                assert node.id in _ALLOWED | _ENGINE or _OWN.match(node.id), (node.id, source)
            elif isinstance(node, ast.Attribute):
                assert node.attr in _CTX_ATTRS | _ENGINE_ATTRS, (node.attr, source)
    st = g.new_game(seed=1, deck=["2S", "3S", "4S", "5S"])
    assert [m.text for m in st.legal_moves()] == ["take 2S", "take 3S", "take 4S", "take 5S"]
    st.play("take 3S")
    assert st.view(0)["total"] == 4 + 1 + 4


DYNAMIC = """\
id: dynamic
name: {en: Dynamic, fr: Dynamique}
players: {min: 1, max: 1}
cards: [{suits: [S], ranks: [2, 3, 4, 5, 6]}]
zones:
  deck: {deck: true, visibility: hidden}
  hand: {order: row}
  pile: {}
vars: {total: {initial: 0}, count: {initial: 0}}
derived:
  its_value: "it.value"
  big_ones: "filter(hand, its_value > 3)"
functions:
  above: {args: [n], value: "it.value > n"}
setup:
  - deal: {from: deck, to: hand, count: 4}
moves:
  - id: take
    notation: "take {card}"
    args: {card: {from: hand, where: "its_value > 2 and above(3)"}}
    effects:
      - set: {total: "sum(filter(hand, above(2)), its_value) + size(big_ones)"}
      - set: {count: "count(hand, any(hand, it.value > 4) and its_value < 4)"}
      - move: {what: card, to: pile}
end: [{if: "size(hand) == 0 or size(pile) == 2", outcome: done}]
outcomes: {done: {winners: "[0]", reason: {en: done, fr: fini}}}
view:
  total: total
  count: count
  under: first(deck)
  top: first(pile)
  bottom: last(pile)
  size: size(pile)
"""


def test_it_read_through_a_derived_value_or_a_function_is_each_item(tmp_path: Path) -> None:
    """``it`` is each item also for what reads it from the locals rather than directly (a
    derived value, a ruleset's function): the written-out loops bind it there too."""
    from helpers import load_ruleset

    g = load_ruleset(tmp_path, DYNAMIC)
    st = g.new_game(seed=1, deck=["2S", "3S", "4S", "5S", "6S"])
    assert [m.text for m in st.legal_moves()] == ["take 4S", "take 5S"]
    assert st.view(0)["top"] is None
    st.play("take 4S")
    # values above 2: 3 + 4 + 5; above 3: 4 and 5; below 4 (any 5 in hand): 2 and 3
    view = st.view(0)
    assert (view["total"], view["count"], view["size"]) == (12 + 2, 2, 1)
    assert view["under"] is None  # first(deck): a hidden card shows as none
    assert view["top"] == view["bottom"] == "4S"
    st.play("take 5S")  # onto the pile's top
    assert (st.view(0)["top"], st.view(0)["bottom"]) == ("5S", "4S")


HOSTILE_END = HOSTILE_RULESET.replace(
    'end: [{if: "size(hand) == 0", outcome: done}]\n'
    'outcomes: {done: {winners: "[0]", reason: {en: done, fr: fini}}}\n',
    'end:\n'
    '  - {if: "__globals__ + __class__ < 0 or __import__(1) == 99", outcome: __dict__}\n'
    '  - {if: "size(hand) == 0", outcome: done}\n'
    'outcomes:\n'
    '  done: {winners: "[0]", score: "__globals__ + __class__ + total",\n'
    '         reason: {en: "done \\"\'\'\'{__globals__}", fr: "fini {__import__(2)} \\\\n"}}\n'
    '  __dict__: {winners: "[]", reason: {en: "{first(pile).__class__}", fr: lost}}\n')


def test_hostile_names_reach_the_effects_end_and_outcomes_only_as_constants(
        tmp_path: Path) -> None:
    """The expressions written into the effects' code, the end check and the outcomes
    (codegen.py) hold a ruleset's words only as constants, and the game plays and ends."""
    from helpers import load_ruleset

    from tabletop.engine.compile.codegen import (
        _NAMESPACE,
        end_check_source,
        outcome_source,
        segments_source,
    )

    g = load_ruleset(tmp_path, HOSTILE_END)
    sources = [segments_source(g, b) for b in g.all_blocks]
    sources += [end_check_source(g)[1], *(outcome_source(g, n)[1] for n in g.spec.outcomes)]
    own = re.compile(r"(st|f|ctx|loc|w|v|key|inner|g|m|e|c|b|l|items|winners|scores"
                     r"|zones|undo|dest|prompt|dk|sk|n|k|pile|taken|pnd|ms"
                     r"|h\d+|t\d+|_[aitvksh]\d+(_\d+)?_?|_SEGMENTS|_end|_outcome|_reasons|later)\Z")
    attrs = _CTX_ATTRS | _ENGINE_ATTRS | {
        "_budget", "ctx", "locals", "quiet", "index", "_where", "frames", "append", "pop",
        "outcome", "pending", "get", "me", "_finish", "__class__", "left", "spend",
        "turn_seat", "_events", "block", "id", "code", "attr_table", "players", "join",
        "zone_end", "uid", "zones", "_undo_zones", "where", "remove", "insert", "extend",
        "learn_moved", "seat", "var", "options", "notation", "pass_notation", "optional",
        "prompt", "seats",
        "notations", "passes", "words",  # a question's Pending, its slots set in place
        *CARD_SLOTS}  # a card's own slots, read from a value known to be a card (ours)
    for source in sources:
        assert "__import__(" not in source.replace("'__import__'", "")
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Name):
                assert (own.match(node.id) or node.id in _NAMESPACE
                        or node.id in ENGINE_FUNCTIONS.namespace), (node.id, source)
            elif isinstance(node, ast.Attribute):
                # ``__class__`` is our own check of a hole's type (``h0.__class__``)
                assert node.attr in attrs, (node.attr, source)
    assert all(g.segments) and g.end_check.__name__ == "_end" and set(g.outcomes) == {
        "done", "__dict__"}
    st = g.new_game(seed=1, deck=["2S", "3S", "4S", "5S"])
    for _ in range(4):
        st.play(st.legal_moves()[0])
    assert st.outcome is not None and st.outcome.name == "done"
    assert st.outcome.reasons == {"en": "done \"'''0", "fr": "fini 3 \\n"}
    assert st.outcome.scores == (0 + 1 + st.view(0)["total"],)
