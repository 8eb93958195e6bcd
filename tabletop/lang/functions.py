"""The functions an expression may call, as one table: each function's name, how many
arguments it takes, what it reads, what it costs and its implementation.

The table belongs to whoever compiles expressions: the loader checks calls against it, the
expression compiler (expr.ExprCompiler) writes calls from it, the generated code finds the
implementations in its namespace (``_core_<name>``, ``_f_<name>``), and the engine reads
from it which functions are pure or light. The language's core functions (``count``,
``filter``...) form expr.CORE; the engine's table (context.ENGINE_FUNCTIONS) extends it
with the functions that read a game's state (``top``, ``seats``, ``allowed``...).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from types import MappingProxyType
from typing import Any, Literal

import attrs

Cost = Literal["light", "heavy"]


@attrs.frozen
class Function:
    """One function of the expressions.

    ``call`` is the function given the context and its arguments unevaluated (compiled
    expressions, ``it`` bound by the function where it binds it). ``direct``, where the
    function evaluates each argument once, in order, before anything else, is the same
    function given the arguments' values: generated code calls it so.
    """

    name: str
    lo: int  # the fewest arguments
    hi: int  # the most arguments
    call: Callable[..., Any]
    # a core function of the language (written out by the compiler where it can), not the
    # engine's (which reads a game's state)
    core: bool = False
    direct: Callable[..., Any] | None = None
    # the direct form serves only a call without arguments (``others(x)`` reads x again for
    # each seat, ``others()`` reads nothing)
    direct_bare: bool = False
    # it reads only the state and its arguments: it runs no ruleset expression (a card's
    # own ``require`` or derived value), which might read ``it`` or any name
    pure: bool = True
    # it reads the acting seat (``me``) besides its arguments
    reads_seat: bool = False
    # light: a few reads of the state; heavy: it goes through a list or runs expressions
    cost: Cost = "light"


class FunctionTable:
    """The functions expressions may call, by name (``environment.filters`` in Jinja2 is the
    model): handed to the loader and the compilers, which read nothing else about them."""

    __slots__ = ("_by_name", "namespace")

    def __init__(self, functions: Iterable[Function]) -> None:
        self._by_name: dict[str, Function] = {f.name: f for f in functions}
        namespace: dict[str, Callable[..., Any]] = {}
        for f in self._by_name.values():
            if f.core:
                namespace[f"_core_{f.name}"] = f.call
            if f.direct is not None:
                namespace[f"_f_{f.name}"] = f.direct
        # the implementations as generated code names them (read-only: every generated
        # namespace copies it)
        self.namespace: Mapping[str, Callable[..., Any]] = MappingProxyType(namespace)

    def extended(self, functions: Iterable[Function]) -> FunctionTable:
        """This table with more functions (one of the same name replaced)."""
        return FunctionTable([*self._by_name.values(), *functions])

    def get(self, name: str) -> Function | None:
        return self._by_name.get(name)

    def __getitem__(self, name: str) -> Function:
        return self._by_name[name]

    def __contains__(self, name: object) -> bool:
        return name in self._by_name

    def __iter__(self) -> Iterator[Function]:
        return iter(self._by_name.values())

    def names(self) -> set[str]:
        return set(self._by_name)

    def direct(self, name: str, n_args: int) -> bool:
        """Whether a call of ``name`` with ``n_args`` arguments calls its direct form."""
        f = self._by_name.get(name)
        return f is not None and f.direct is not None and not (n_args and f.direct_bare)

    def engine(self, name: str) -> bool:
        """Whether ``name`` is one of the engine's functions (not core, not a ruleset's)."""
        f = self._by_name.get(name)
        return f is not None and not f.core

    def pure(self, seatless: bool = False) -> frozenset[str]:
        """The engine's functions that run no ruleset expression (and, ``seatless``, that
        read no seat's own name either)."""
        return frozenset(f.name for f in self._by_name.values() if not f.core and f.pure
                         and not (seatless and f.reads_seat))

    def light(self, name: str) -> bool:
        f = self._by_name.get(name)
        return f is not None and f.cost == "light"
