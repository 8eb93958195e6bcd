"""A loop's parts that do not depend on ``it`` (``count(deck, it.rank == max(map(deck,
it.rank)))``: the max) are read once per loop in the engine's generated code, when first
needed, and give what reading them for every item gave: the same values, the same errors at
the same item, the same work counted (issue 15)."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.errors import ExpressionError
from tabletop.expr import Work, _closure, compile_expr, generate_source, parse_expr
from tabletop.limits import MAX_WORK

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
