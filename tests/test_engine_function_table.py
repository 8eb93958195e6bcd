"""The table of functions (tabletop/lang/functions.py) is what the loader checks a call against,
what the compilers write its calls from, and what the game reads a function's purity from."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from tabletop import RulesetError
from tabletop.engine.context import ENGINE_FUNCTIONS
from tabletop.engine.game import Game
from tabletop.lang.functions import Function
from tabletop.rules.spec import load_spec_text

RULES = """\
id: table
name: {en: Table, fr: Table}
players: {min: 1, max: 1}
cards: [{suits: [S], ranks: [2, 3, 4]}]
zones:
  deck: {deck: true, visibility: hidden}
  hand: {order: row}
derived:
  twice: "CALL"
setup:
  - deal: {from: deck, to: hand, count: 2}
moves:
  - id: drop
    notation: "drop {card}"
    args: {card: {from: hand, where: "twice > 0"}}
    effects: [{move: {what: card, to: deck}}]
end: [{if: "size(hand) == 0", outcome: done}]
outcomes: {done: {winners: "[0]", reason: {en: done, fr: fini}}}
view:
  doubled: twice
"""

CALLS: list[Any] = []


def _double(ctx: Any, x: Any) -> int:
    CALLS.append(x)
    return 2 * int(x)


def _table(pure: bool = True, direct: bool = True) -> Any:
    def call(ctx: Any, args: Sequence[Any]) -> int:  # (Ctx.call's: given its arguments)
        return 3 * int(args[0](ctx))

    return ENGINE_FUNCTIONS.extended([Function("double", 1, 1, call, pure=pure,
                                               direct=_double if direct else None)])


def test_a_function_of_the_table_is_called_with_its_arity() -> None:
    spec = load_spec_text(RULES.replace("CALL", "double(size(hand))"), table=_table())
    game = Game(spec)
    CALLS.clear()
    st = game.new_game(seed=1)
    assert st.view(0)["doubled"] == 4
    assert len(st.legal_moves()) == 2  # its where calls it too
    assert CALLS and all(x == 2 for x in CALLS)  # its direct form, given the argument's value
    assert "twice" in game.memo_derived  # a pure function's value is remembered


def test_a_function_without_a_direct_form_is_given_its_arguments_by_the_context() -> None:
    game = Game(load_spec_text(RULES.replace("CALL", "double(size(hand))"),
                               table=_table(direct=False)))
    CALLS.clear()
    assert game.new_game(seed=1).view(0)["doubled"] == 6  # the table's ``call``
    assert not CALLS


def test_a_function_the_table_says_impure_is_not_remembered() -> None:
    game = Game(load_spec_text(RULES.replace("CALL", "double(size(hand))"),
                               table=_table(pure=False)))
    assert "twice" not in game.memo_derived


def test_another_arity_is_refused_as_a_designer_reads_it() -> None:
    with pytest.raises(RulesetError) as e:
        load_spec_text(RULES.replace("CALL", "double(1, 2)"), "table.yaml", table=_table())
    assert "double() takes 1 argument, got 2 in 'double(1, 2)'" in str(e.value)
    assert e.value.field == "derived.twice"


def test_a_function_out_of_the_table_is_unknown() -> None:
    with pytest.raises(RulesetError) as e:
        load_spec_text(RULES.replace("CALL", "double(1)"), "table.yaml", table=ENGINE_FUNCTIONS)
    assert "unknown function 'double'" in str(e.value)


def test_a_ruleset_function_may_not_take_a_name_of_the_table() -> None:
    text = RULES.replace("CALL", "1") + "functions:\n  double: {args: [x], value: \"x\"}\n"
    with pytest.raises(RulesetError) as e:
        load_spec_text(text, "table.yaml", table=_table())
    assert e.value.field == "functions.double"
    # the engine's table has no double(): taken as the ruleset's own
    load_spec_text(text, "table.yaml", table=ENGINE_FUNCTIONS)
