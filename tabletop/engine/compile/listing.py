"""The legal moves of a game, listed by generated code: at load, one Python function
per move of the ruleset, built from its checked tree alone (the domain of each argument, its
``where``, the requirements and the notation in one loop), as expressions are (expr.py).

``make_listers(game)`` gives, per move id, a function ``lister(state, me, ctx, out, seen)``
(``ctx`` a context over locals of the listing's own, which it empties first) that appends
the move's legal bindings to ``out`` exactly as the interpreted listing
(``MoveListing._list_move``) does: the same moves in the same order, the same expressions
evaluated in the same order (so the same work counted and the same errors raised). A move the
generator does not handle (an argument of several cards) lists through the interpreter.

What reaches the source: names we choose (``_x0``, ``_it``, ``_k3``...), the expression trees'
code as ``expr.ExprCompiler`` writes it, and the ruleset's words (move ids, argument names, notation
words) only through ``repr()``. Any compiled function whose tree is unknown is called as it is.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from tabletop.engine.context import Ctx
from tabletop.errors import ExpressionError, RulesetError
from tabletop.i18n.messages import ruleset_error
from tabletop.lang.cards import CardDef, ComboDef
from tabletop.lang.expr import (
    HELPERS,
    STATE_NAMES,
    Compiled,
    ExprCompiler,
    Node,
    Work,
    card_attr,
    ident,
    reads,
    tree_of,
)
from tabletop.lang.functions import FunctionTable
from tabletop.rules.spec import RESERVED_NAMES, ArgSpec, MoveSpec
from tabletop.rules.values import RULESET_BUGS, Move
from tabletop.safety.limits import MAX_BINDINGS, MAX_WORK

if TYPE_CHECKING:
    from tabletop.engine.base import StateBase
    from tabletop.engine.game import Game

Lister = Callable[["StateBase", int, Ctx, list[Move], set[str]], None]

# the argument kinds whose values are cards or combos (an attribute is read from their table)
_TABLED = ("card", "combo")


class _ListGen(ExprCompiler):
    """expr's code generator, for several expressions in one module: each expression's text
    under its own name (``_T3``), and the locals the listing holds in Python variables read
    from them (outside the argument functions of calls, which read ``ctx.locals``)."""

    def __init__(self, kinds: dict[str, str], seat_keys: Callable[[str], str],
                 table: FunctionTable) -> None:
        super().__init__(kinds, table)
        self.pyvars: dict[str, str] = {}  # local name -> the Python variable holding it
        self.tabled: set[str] = set()  # Python variables known to hold a card or a combo
        self.carded: set[str] = set()  # of those, the ones known to hold a card
        self.seat_keys = seat_keys  # a per-seat name -> its keys by seat ("hand/0", ...)
        self.top = True  # in the lister itself (``st`` is there), not an argument function
        self.state_names: set[str] = set()  # option, players: when no local can bind them
        self.derived: dict[str, str] = {}  # a derived value no local hides -> its reader
        # in a phase's lister: the derived values remembered while listing (game.memo_derived)
        # -> the Python variable that holds each once read (``_U`` until then)
        self.hoisted: dict[str, str] | None = None

    def no_viewer(self) -> bool:
        return self.top  # the listing's context (its argument functions: expr's own)

    def fn(self, node: Node) -> str:
        saved, self.pyvars, top, self.top = self.pyvars, {}, self.top, False
        try:
            return super().fn(node)
        finally:
            self.pyvars, self.top = saved, top

    def src(self, node: Node) -> str:
        kind = node[0]
        # a local, or a name a local hides (Ctx.lookup reads the locals first): the listing
        # keeps ``loc`` and its Python variables alike
        if kind in ("local", "name") and node[1] in self.pyvars:
            return self.pyvars[node[1]]
        if kind == "name" and node[1] in self.derived:  # its reader (Ctx.lookup's), at once
            if self.top and self.hoisted is not None and node[1] in self.hoisted:
                # remembered by the listing's window from its first read (the same value, no
                # work counted again): read once, then from a Python variable; it reads only
                # the state and ``me`` (game.memo_derived), never ``it``
                v = self.hoisted[node[1]]
                return f"({v} if {v} is not _U else ({v} := {self.derived[node[1]]}(ctx)))"
            self.escapes += 1  # (a derived value may read ``it``)
            return f"{self.derived[node[1]]}(ctx)"
        if kind == "name" and self.top and node[1] in self.state_names:
            return "st.options" if node[1] == "option" else "st.players"  # as make_readers
        if (kind == "attr" and self.top and node[1] == ("name", "option")
                and "option" in self.state_names):  # an option's value (a text) or None
            return f"st.options.get({ident(node[2])!r})"
        if kind == "name" and self.top:  # a var read as Ctx.var reads it for no viewer
            read = self.kinds.get(ident(node[1]))
            me = self.pyvars.get("me")
            if read == "var":
                return f"st.vars[{node[1]!r}]"
            if read == "seatvar" and me is not None:
                return f"st.vars[{self.seat_keys(node[1])}[{me}]]"
            if read == "seatzone" and me is not None:  # Ctx.seat_cards, the key made at load
                return f"ctx.cards({self.seat_keys(node[1])}[{me}])"
        if (kind == "attr" and node[1][0] in ("local", "name") and node[1][1] in self.pyvars
                and self.pyvars[node[1][1]] in self.tabled):
            x = self.pyvars[node[1][1]]
            if x in self.carded:  # a card: one of its slots, or its table's entry
                return card_attr(x, ident(node[2]))
            return f"{x}.attr_table.get({ident(node[2])!r})"
        return super().src(node)


class _Module:
    """The source of one move's lister and the values its namespace holds."""

    def __init__(self, kinds: dict[str, str], seats: int, table: FunctionTable) -> None:
        self.gen = _ListGen(kinds, self.seat_keys, table)
        self.ns: dict[str, Any] = {}
        self.n = 0
        self.seats = seats
        self.keys: dict[str, str] = {}
        # in a phase's lister (``phase_source``): the domains several moves read alike (a
        # zone, ``combos(hand)``, ``seats()``), by their source -> the Python variable that
        # keeps the first reading; None in one move's lister
        self.shared: dict[str, str] | None = None
        self.keep_locals = True  # write the arguments into the locals (False: none reads them)
        self.calls_ctx: set[str] = set()  # names in the namespace that may be given ``ctx``

    def seat_keys(self, name: str) -> str:
        """The name of the tuple of a per-seat zone's or var's keys, seat by seat."""
        if name not in self.keys:
            self.keys[name] = self.value(tuple(f"{name}/{s}" for s in range(self.seats)))
        return self.keys[name]

    def value(self, v: Any) -> str:
        """A name in the namespace holding ``v`` (a function, a class, a constant object)."""
        name = f"_k{self.n}"
        self.n += 1
        self.ns[name] = v
        return name

    def expr(self, fn: Compiled, pyvars: dict[str, str], tabled: set[str],
             carded: set[str] | frozenset[str] = frozenset()) -> str:
        """Source computing a compiled expression, inlined from its tree when it has one."""
        tree = tree_of(fn)
        text = getattr(fn, "__globals__", {}).get("_T")
        if tree is None or not isinstance(text, str):
            self.gen.escapes += 1  # it may read anything
            return f"{self.value(fn)}(ctx)"
        gen = self.gen
        gen.text_name = self.value(text)
        gen.pyvars, gen.tabled, gen.carded = dict(pyvars), set(tabled), set(carded) & tabled
        try:
            return gen.src(tree)
        except (RecursionError, ExpressionError):  # too deep: called as it is
            gen.escapes += 1
            return f"{self.value(fn)}(ctx)"
        finally:
            gen.pyvars, gen.tabled, gen.carded = {}, set(), set()


def _plain_where(source: str) -> bool:
    """Whether a where's code (over ``_it``) calls nothing and reads nothing but ``_it``,
    the state (``st``), ``me`` and its own temporaries: it counts no work and gives the same
    for the same item while the listing changes nothing."""
    for node in ast.walk(ast.parse(source, mode="eval")):
        if isinstance(node, ast.Call) and _table_get(node):
            continue  # a card's table or an option read: a dict's ``get`` of a constant
        if isinstance(node, ast.Call | ast.Lambda | ast.Await | ast.Yield):
            return False
        if isinstance(node, ast.Name) and not (node.id in ("_it", "st", "me") or (
                node.id[:2] == "_t" and node.id[2:].isdigit())):
            return False
    return True


def _table_get(node: ast.Call) -> bool:
    """``x.attr_table.get('name')`` or ``st.options.get('name')``."""
    f = node.func
    return (isinstance(f, ast.Attribute) and f.attr == "get" and len(node.args) == 1
            and not node.keywords and isinstance(node.args[0], ast.Constant)
            and isinstance(f.value, ast.Attribute)
            and (f.value.attr == "attr_table" or (
                f.value.attr == "options" and isinstance(f.value.value, ast.Name)
                and f.value.value.id == "st")))


def _words(a: ArgSpec) -> list[str] | None:
    """The words of a word argument (its domain, a list of texts), None if not so."""
    tree = tree_of(a.domain)
    if tree is None or tree[0] != "list" or any(x[0] != "str" for x in tree[1]):
        return None
    return [str(x[1]) for x in tree[1]]


def _fold_words(a: ArgSpec) -> tuple[tuple[str, ...], int] | None:
    """For a word argument whose ``where`` reads nothing but the word (no name, no engine
    function): the words it keeps, and the work it counts in going through them; else None."""
    if a.kind != "word" or a.where is None:
        return None
    words = _words(a)
    r = reads(a.where)
    if words is None or r is None or r[0] - {"it"} or r[1]:
        return None
    saved = Work.left
    Work.reset()
    try:
        ctx = Ctx(None, {})  # type: ignore[arg-type]  # nothing but ``it`` is read
        kept = []
        for w in words:
            ctx.locals["it"] = w
            if a.where(ctx):
                kept.append(w)
        return tuple(kept), MAX_WORK - Work.left
    except (*RULESET_BUGS, RulesetError):  # a mistake: met again when the move is listed
        return None
    finally:
        Work.left = saved


class _Unread:
    """What a phase's lister holds for a shared reading not made yet."""

    __slots__ = ()


_UNREAD = _Unread()


def _not_card(name: str, x: Any) -> None:
    raise ruleset_error(ExpressionError, "argument_not_card", name=name, x=x)


def _seen_by_mover(game: Game, a: ArgSpec) -> bool:
    """Whether every card of a card argument's domain lies where its mover sees it, by the
    zone's visibility alone: the domain names a public zone, or the mover's own zone of
    ``visibility: owner``."""
    tree = tree_of(a.domain)
    if tree is None or tree[0] != "name":
        return False
    z = game.spec.zones.get(tree[1])
    if z is None:
        return False
    return z.visibility == "public" or (z.per_seat and z.visibility == "owner")


def _lister_source(game: Game, ms: MoveSpec, mod: _Module) -> str:
    """The source of ``_lister(st, me, ctx, out, seen)`` for one move (no argument of several
    cards), as MoveListing._list_move lists it."""
    lines = ["def _lister(st, me, ctx, out, seen):"]  # ctx: over the listing's own locals
    lines += _lister_body(game, ms, mod, "return")
    return "".join(mod.gen.defs) + "\n".join(lines) + "\n"


def _shareable(tree: Any, kinds: dict[str, str], derived: dict[str, str]) -> bool:
    """Whether a domain reads only the state and ``me`` and counts the same work each time it
    is read while nothing changes: zones, vars, options, ``combos()``, ``seats()`` of those."""
    if not isinstance(tree, tuple) or not tree:
        return False
    kind = tree[0]
    if kind == "name":
        return tree[1] == "me" or (tree[1] not in derived and kinds.get(tree[1]) in (
            "zone", "seatzone", "var", "seatvar", "state"))
    if kind == "call":
        return tree[1] in ("combos", "seats", "all_seats") and all(
            _shareable(x, kinds, derived) for x in tree[2])
    return kind in ("num", "str", "const")


def _lister_body(game: Game, ms: MoveSpec, mod: _Module, ret: str) -> list[str]:
    """The lines (indented once) listing one move; ``ret`` ends them early (``return`` in a
    move's own lister, ``break`` in a phase's, where each move is in a loop run once)."""
    return _MoveLines(game, ms, mod, ret).lines()


class _MoveLines:
    """The lines listing one move (``_lister_body``): its requirements that read no
    argument, each argument's domain, then each binding's requirements and its move."""

    def __init__(self, game: Game, ms: MoveSpec, mod: _Module, ret: str) -> None:
        self.game, self.ms, self.mod, self.ret = game, ms, mod, ret
        self.first, self.rest = game.require_plan[ms.id]
        self.args = args = ms.args
        if not args:
            self.first, self.rest = (), ms.require
        self.var = {a.name: f"_x{i}" for i, a in enumerate(args)}
        self.tabled = {self.var[a.name] for a in args if a.kind in _TABLED}
        # (a card argument's domain: cards only)
        self.carded = {self.var[a.name] for a in args if a.kind == "card"}
        self.pyvars = {"me": "me"}
        self.keep = mod.keep_locals
        self.card_args = {a.name for a in args if a.kind == "card"}
        # the card arguments whose cards the mover may not see (a domain other than a zone
        # it sees by its visibility): each card shown by its code only if the mover sees it,
        # else by its place (State.sees, hidden_word), so no listing names a hidden card
        self.masked = {a.name for a in args if a.kind == "card" and not _seen_by_mover(game, a)}
        self.word_args = {a.name for a in args if a.kind == "word" and _words(a) is not None}
        self.holes = game.notation_holes[ms.id]
        self.text = ""
        self.move_args = "(" + "".join(f"({a.name!r}, {self.var[a.name]}), "
                                       for a in args) + ")"

    def lines(self) -> list[str]:
        lines = self.start()
        self.text = self.notation()
        args = self.args
        if not args:
            return lines + self.emit("    ")
        if len(args) == 1:
            a = args[0]
            lines += self.domain(0, a, "    ")
            lines.append(f"    for {self.var[a.name]} in _d0:")
            lines += [f"        loc[{a.name!r}] = {self.var[a.name]}"] * self.keep
            self.pyvars[a.name] = self.var[a.name]
            return lines + self.emit("        ")
        return lines + self.bindings()

    def start(self) -> list[str]:
        """The locals made ready, then the requirements that read no argument."""
        mod, ret = self.mod, self.ret
        if mod.shared is None:  # one move's lister
            lines = ["    loc = ctx.locals", "    loc.clear()", "    loc['me'] = me"]
        else:  # in a phase's: the locals as the move's own lister leaves them, when some read
            lines = ["    loc.clear()", "    loc['me'] = me"] if self.keep else []
        if not self.first:
            return lines
        slow = mod.value(self.game.slow_lister(self.ms))
        mod.calls_ctx.add(slow)
        lines.append("    try:")
        for r in self.first:
            lines.append(f"        if not ({mod.expr(r.test, self.pyvars, set())}):")
            lines.append(f"            {ret}")
        lines.append(f"    except {mod.value(RULESET_BUGS)}:")  # in the written order, as
        if ret == "return":                                  # the interpreter does
            lines.append(f"        return {slow}(st, me, ctx, out, seen)")
        else:
            lines.append(f"        {slow}(st, me, ctx, out, seen)")
            lines.append(f"        {ret}")
        return lines

    def bindings(self) -> list[str]:
        """Every binding first (as _bindings), then the requirements of each."""
        args, var, keep = self.args, self.var, self.keep
        lines = ["    _all = []"]
        indent = "    "
        for i, a in enumerate(args):
            lines += self.domain(i, a, indent)
            lines.append(f"{indent}for {var[a.name]} in _d{i}:")
            indent += "    "
            if i < len(args) - 1:
                lines += [f"{indent}loc[{a.name!r}] = {var[a.name]}"] * keep
                self.pyvars[a.name] = var[a.name]
        tup = "(" + "".join(f"{var[a.name]}, " for a in args) + ")"
        lines += [f"{indent}_all.append({tup})",
                  f"{indent}if _len(_all) > {MAX_BINDINGS!r}:",
                  f"{indent}    {self.mod.value(self.game.too_many(self.ms))}()"]
        lines.append(f"    for {''.join(var[a.name] + ', ' for a in args)}in _all:")
        for a in args:
            lines += [f"        loc[{a.name!r}] = {var[a.name]}"] * keep
            self.pyvars[a.name] = var[a.name]
        return lines + self.emit("        ")

    def domain(self, i: int, a: ArgSpec, indent: str) -> list[str]:
        """Lines leaving in ``_d{i}`` the values of argument ``a`` (as _domain)."""
        mod = self.mod
        d = f"_d{i}"
        folded = _fold_words(a)
        if folded is not None:  # words kept by a where that reads only them: kept at load
            kept, spent = folded
            return [f"{indent}loc['it'] = loc.get('it')"] * self.keep + [
                    f"{indent}{d} = {mod.value(kept)}"] + ([
                    f"{indent}_Work.left -= {spent!r}",  # the work the where would count
                    f"{indent}if _Work.left < 0:",
                    f"{indent}    _Work.spend(0)"] if spent else [])
        before = mod.gen.escapes
        src = mod.expr(a.domain, self.pyvars, set())
        out = [f"{indent}{d} = {src}"]
        v: str | None = None  # the Python variable of a domain read once, if it is
        tree = tree_of(a.domain)
        zone = (tree is not None and tree[0] == "name" and tree[1] not in self.pyvars
                and mod.gen.kinds.get(tree[1]) in ("zone", "seatzone"))
        if (mod.shared is not None and mod.gen.escapes == before and tree is not None
                and _shareable(tree, mod.gen.kinds, mod.gen.derived)):
            v = mod.shared.setdefault(src, f"_z{len(mod.shared)}")
            out = self.shared_domain(d, v, src, zone, indent)
        if not zone:  # a zone's cards, as the engine reads them, are a list of cards
            out += [f"{indent}if {d} is None:",
                    f"{indent}    {d} = []",
                    f"{indent}elif not _isinstance({d}, _list):",
                    f"{indent}    {d} = [{d}]"]
        if a.kind == "card" and not zone:
            out += [f"{indent}_cards = []",  # no None; every other one a card
                    f"{indent}for _y in {d}:",
                    f"{indent}    if _y is not None:",
                    f"{indent}        if _type(_y) is not _CardDef and not _isinstance(_y, "
                    "_CardDef):",
                    f"{indent}            _not_card({a.name!r}, _y)",
                    f"{indent}        _cards.append(_y)",
                    f"{indent}{d} = _cards"]
        if a.where is not None:
            out += self.where(d, v, a, a.where, indent)
        return out

    @staticmethod
    def shared_domain(d: str, v: str, src: str, zone: bool, indent: str) -> list[str]:
        """A domain read again while the listing changes nothing: the first reading (in
        ``v``), and the work it counted counted again (a zone's cards: one per card, as
        Ctx.cards counts)."""
        if zone:
            again = [f"{indent}    _Work.left -= _len({v})"]
            first_read = [f"{indent}    {v} = {src}"]
        else:  # and the work its reading counted, in ``_c*``
            counted = "_c" + v[2:]
            again = [f"{indent}    _Work.left -= {counted}"]
            first_read = [f"{indent}    _w = _Work.left",
                          f"{indent}    {v} = {src}",
                          f"{indent}    {counted} = _w - _Work.left"]
        return [f"{indent}if {v} is _U:"] + first_read + [f"{indent}else:"] + again + [
                f"{indent}    if _Work.left < 0:",
                f"{indent}        _Work.spend(0)",
                f"{indent}{d} = {v}"]

    def where(self, d: str, v: str | None, a: ArgSpec, test: Compiled,
              indent: str) -> list[str]:
        """The items of domain ``d`` kept by the argument's ``where`` (``test``)."""
        mod, pyvars, keep = self.mod, self.pyvars, self.keep
        it_tabled = {"_it"} if a.kind in _TABLED else set()
        before = mod.gen.escapes
        mod.gen.items += 1  # (the items of a comprehension, below)
        try:
            where = mod.expr(test, {**pyvars, "it": "_it"},
                             self.tabled & set(pyvars.values()) | it_tabled,
                             (self.carded & set(pyvars.values()))
                             | ({"_it"} if a.kind == "card" else set()))
        finally:
            mod.gen.items -= 1
        if mod.gen.escapes == before:  # nothing but the code above reads ``it``: the
            filt = [f"{indent}{d} = [_it for _it in {d} if {where}]"]  # locals as it
            if v is not None and mod.shared is not None and _plain_where(where):  # leaves
                # the same where over the same domain (fight, fight bare: the monsters
                # of the room): kept once, as the domain is (it counts no work)
                f = mod.shared.setdefault(f"{v} if {where}", f"_z{len(mod.shared)}")
                filt = [f"{indent}if {f} is _U:",
                        f"{indent}    {f} = [_it for _it in {d} if {where}]",
                        f"{indent}{d} = {f}"]
            return filt + [f"{indent}loc['it'] = loc.get('it')"] * keep  # them
        return [f"{indent}_saved = loc.get('it')",
                f"{indent}_kept = []",
                f"{indent}for _it in {d}:",
                f"{indent}    loc['it'] = _it",
                f"{indent}    if {where}:",
                f"{indent}        _kept.append(_it)",
                f"{indent}loc['it'] = _saved",
                f"{indent}{d} = _kept"]

    def word(self, hole: str) -> str:
        x = self.var[hole]
        if hole in self.masked:  # a card the mover may not see: by its place
            return f"({x}.code if st.sees(me, {x}) else st.hidden_word({x}))"
        if hole in self.card_args:  # a card (checked above), shown by its code
            return f"{x}.code"
        if hole in self.word_args:  # one of the words the ruleset lists, shown as it is
            return x
        # a card by its code, a seat (a whole number, no bool) by its name, as _token shows
        # them, without its call for these
        t = f"_t{self.mod.gen.n}"
        self.mod.gen.n += 1
        return (f"({x}.code if ({t} := _type({x})) is _CardDef and st.sees(me, {x}) "
                f"else st.seat_name({x}) if {t} is _int else st._token({x}, who=me))")

    def notation(self) -> str:
        """The source of a binding's move text."""
        holes = self.holes
        if all(h is None for h, _w in holes):
            return repr(" ".join(w for _h, w in holes))
        # the words between the holes joined at load: "play " + card + " at " + who
        segs: list[tuple[bool, str]] = []  # (is code, text)
        for i, (h, w) in enumerate(holes):
            here = (False, w) if h is None else (True, self.word(h))
            for seg in ([(False, " ")] if i else []) + [here]:
                if not seg[0] and segs and not segs[-1][0]:
                    segs[-1] = (False, segs[-1][1] + seg[1])
                else:
                    segs.append(seg)
        return " + ".join(code if is_code else repr(code) for is_code, code in segs)

    def emit(self, indent: str) -> list[str]:
        """The requirements of one binding, then its move (as _free_moves)."""
        args, mod, text = self.args, self.mod, self.text
        out: list[str] = []
        for r in self.rest:
            out += [f"{indent}if not ({mod.expr(r.test, self.pyvars, self.tabled, self.carded)}):",
                    f"{indent}    {'continue' if args else self.ret}"]
        if not args:
            move = mod.value(Move(self.ms.id, (), " ".join(w for _h, w in self.holes)))
            return out + [f"{indent}if {text} not in seen:",
                          f"{indent}    seen.add({text})",
                          f"{indent}    out.append({move})"]
        if len(args) == 1 and ((args[0].name in self.card_args
                                and args[0].name not in self.masked)
                               or args[0].name in self.word_args):
            return out + self.emit_one(indent)
        return out + self.emit_many(indent)

    def emit_one(self, indent: str) -> list[str]:
        """The move of one card or word: the same for the same card or word, made once,
        kept by the game."""
        a, ms_id, text = self.args[0], self.ms.id, self.text
        x = self.var[a.name]
        key = f"{x}.uid" if a.name in self.card_args else x
        made = self.mod.value({})
        return [f"{indent}_m = {made}.get({key})",
                f"{indent}if _m is None:",
                f"{indent}    _m = {made}[{key}] = _Move({ms_id!r}, {self.move_args}, {text})",
                f"{indent}if _m.text not in seen:",
                f"{indent}    seen.add(_m.text)",
                f"{indent}    out.append(_m)"]

    def emit_many(self, indent: str) -> list[str]:
        """The move of a binding: the same for the same text and arguments (a card by its
        number), made once, kept by the game (at most 4096 kept per move; an argument that
        is no key, a list, is made each time)."""
        ms_id, move_args, var = self.ms.id, self.move_args, self.var
        made = self.mod.value({})
        key = "(_text, " + "".join((f"{var[a.name]}.uid, " if a.name in self.card_args
                                    else f"{var[a.name]}, ") for a in self.args) + ")"
        return [f"{indent}_text = {self.text}",
                f"{indent}if _text not in seen:",
                f"{indent}    seen.add(_text)",
                f"{indent}    try:",
                f"{indent}        _m = {made}[{key}]",
                f"{indent}    except _KeyError:",
                f"{indent}        if _len({made}) >= 4096:",
                f"{indent}            {made}.clear()",
                f"{indent}        _m = {made}[{key}] = _Move({ms_id!r}, {move_args}, _text)",
                f"{indent}    except _TypeError:",
                f"{indent}        _m = _Move({ms_id!r}, {move_args}, _text)",
                f"{indent}    out.append(_m)"]


def _module(game: Game) -> _Module:
    only_local = (game.local_names - set(game.names) - RESERVED_NAMES) | {"this"}
    state = {n: "state" for n in STATE_NAMES if n not in game.local_names}
    mod = _Module({**game.expr_kinds, **dict.fromkeys(only_local, "local"), **state},
                  game.spec.max_players, game.spec.function_table)
    mod.gen.state_names = {n for n in ("option", "players") if n not in game.local_names}
    mod.gen.derived = {n: mod.value(game.readers[n]) for n, k in game.names.items()
                       if k == "derived" and n not in game.local_names}
    return mod


def lister_source(game: Game, ms: MoveSpec) -> tuple[str, dict[str, Any]] | None:
    """The generated source of a move's lister and its namespace's own values; None for a
    move the generator leaves to the interpreter (an argument of several cards)."""
    if any(a.kind == "cards" for a in ms.args):
        return None
    mod = _module(game)
    return _lister_source(game, ms, mod), mod.ns


# what a phase's lister may read of ``ctx`` when it writes no argument into the locals: the
# context's reads of the state (``me`` at most from the locals)
_CTX_READS = {"cards", "zone_size", "zone_end", "var", "var_at", "zone_at", "seat_zone_size",
              "seat_cards", "seat_var", "state", "viewer", "me"}


def _pure_calls(table: FunctionTable) -> set[str]:
    """The engine functions generated code calls that read no local but ``me``, as it names
    them."""
    return {f"_f_{name}" for name in table.pure() if table.direct(name, 0)}


def _reads_no_argument(source: str, calls_ctx: set[str]) -> bool:
    """Whether generated code reads no local but ``me`` and ``it`` (so the moves' arguments
    need not be written into the locals): ``ctx`` only read by the methods above or given to
    ``calls_ctx`` (the pure engine functions, derived values of the state and ``me``, the
    interpreter's listing), the locals only for ``it`` and ``me``."""
    parents: dict[int, ast.AST] = {}
    tree = ast.parse(source)
    for node in ast.walk(tree):
        for child in ast.iter_child_nodes(node):
            parents[id(child)] = node
    for node in ast.walk(tree):
        if not isinstance(node, ast.Name) or node.id not in ("ctx", "loc"):
            continue
        up = parents.get(id(node))
        if isinstance(up, ast.Call) and up.args and up.args[0] is node:
            if not (isinstance(up.func, ast.Name) and up.func.id in calls_ctx):
                return False
            continue
        if isinstance(up, ast.Call) and node.id == "ctx" and isinstance(up.func, ast.Name) \
                and up.func.id in calls_ctx:  # the interpreter's listing (its own context)
            continue
        if not isinstance(up, ast.Attribute):
            if node.id == "loc" and isinstance(up, ast.Subscript) \
                    and isinstance(up.slice, ast.Constant) and up.slice.value in ("it", "me"):
                continue
            return False
        if node.id == "ctx" and up.attr in _CTX_READS:
            continue
        if node.id == "loc" or up.attr == "locals":  # ctx.locals or loc: for it and me only
            use = parents.get(id(up)) if node.id == "ctx" else up
            if node.id == "ctx" and isinstance(use, ast.Call) and isinstance(use.func, ast.Name) \
                    and use.func.id in ("_keep_it", "_dset"):
                continue
            if isinstance(use, ast.Attribute) and use.attr == "get":
                call = parents.get(id(use))
                if isinstance(call, ast.Call) and call.args and isinstance(
                        call.args[0], ast.Constant) and call.args[0].value in ("it", "me"):
                    continue
            if isinstance(use, ast.Subscript) and isinstance(use.slice, ast.Constant) \
                    and use.slice.value in ("it", "me"):
                continue
            if isinstance(use, ast.Compare) and isinstance(use.left, ast.Constant) \
                    and use.left.value in ("it", "me"):
                continue
        return False
    return True


def phase_source(game: Game, moves: Sequence[MoveSpec], hoist: bool = True,
                 keep_locals: bool = True) -> tuple[str, dict[str, Any]]:
    """The source of ``_lister(st, me, ctx, out, seen)`` listing the given moves (those of one
    phase) in their order, each as its own lister would, in one function: a zone, ``combos``
    or ``seats()`` several moves take their arguments from is read once (its work counted at
    each reading), a derived value the listing remembers is read once, and the
    moves' arguments are written into the locals only when something may read them there."""
    mod = _module(game)
    mod.shared = {}
    mod.keep_locals = keep_locals
    if hoist:
        mod.gen.hoisted = {}
        for n, reader in list(mod.gen.derived.items()):
            if n in game.memo_derived:
                mod.gen.hoisted[n] = f"_v{len(mod.gen.hoisted)}"
                mod.calls_ctx.add(reader)
    lines: list[str] = []
    for ms in moves:
        if any(a.kind == "cards" for a in ms.args):  # left to the interpreter
            slow = mod.value(game.slow_lister(ms))
            mod.calls_ctx.add(slow)
            lines.append(f"    {slow}(st, me, ctx, out, seen)")
            continue
        body = _lister_body(game, ms, mod, "break")
        if any(line.strip() == "break" for line in body):  # ended early: in a loop run once
            lines.append("    for _once in _ONCE:")
            lines += ["    " + line for line in body]
            lines.append("        break")
        else:
            lines += body
    head = ["def _lister(st, me, ctx, out, seen):",
            "    loc = ctx.locals"]
    if not keep_locals:
        head += ["    loc.clear()", "    loc['me'] = me"]
    # (only those the lister reads: a game with many derived values reads few of them here)
    written = "\n".join(lines)
    names = [*mod.shared.values(), *(v for v in (mod.gen.hoisted or {}).values()
                                     if f"{v} := " in written)]
    if names:
        head.append("    " + " = ".join(names) + " = _U")
    source = "".join(mod.gen.defs) + "\n".join(head + lines) + "\n"
    check = "".join(mod.gen.defs) + "\n".join([head[0], *lines, "    pass"]) + "\n"
    return source, {**mod.ns, "_calls_ctx": frozenset(mod.calls_ctx), "_body": check}


_BASE: dict[str, Any] = {
    **HELPERS,
    "_Move": Move, "_CardDef": CardDef, "_ComboDef": ComboDef, "_not_card": _not_card,
    "_isinstance": isinstance, "_type": type, "_list": list, "_len": len, "_Work": Work,
    "_int": int,
    "_U": _UNREAD, "_ONCE": (None,), "_KeyError": KeyError, "_TypeError": TypeError,
}


def make_phase_lister(game: Game, moves: Sequence[MoveSpec]) -> Lister:
    """One lister for the moves of a phase (``phase_source``): without the arguments in the
    locals when nothing reads them there; with them, or without remembering derived values in
    Python variables (an assignment where Python refuses it), or one lister per move (the
    source refused), otherwise."""
    for hoist, keep in ((True, False), (True, True), (False, False), (False, True)):
        source, values = phase_source(game, moves, hoist, keep)
        calls_ctx, body = values.pop("_calls_ctx"), values.pop("_body")
        if not keep and not _reads_no_argument(
                body, calls_ctx | _pure_calls(game.spec.function_table)):
            continue
        try:
            code = compile(source, "<moves of a phase>", "exec")
        except (RecursionError, SyntaxError, MemoryError, ValueError):
            continue
        ns = dict(_BASE)
        ns.update(game.spec.function_table.namespace)
        ns.update(values)
        exec(code, ns)  # noqa: S102 (our generated source, from the checked trees only)
        lister: Lister = ns["_lister"]
        return lister
    listers = [game.listers[ms.id] for ms in moves]

    def each(st: StateBase, me: int, ctx: Ctx, out: list[Move], seen: set[str]) -> None:
        for lister in listers:
            lister(st, me, ctx, out, seen)
    return each


def make_listers(game: Game) -> dict[str, Lister]:
    """One lister per move of the game (generated, or the interpreter's for the others)."""
    out: dict[str, Lister] = {}
    for ms in game.spec.moves:
        made = lister_source(game, ms)
        if made is None:
            out[ms.id] = game.slow_lister(ms)
            continue
        source, values = made
        try:
            code = compile(source, f"<moves {ms.id}>", "exec")
        except (RecursionError, SyntaxError, MemoryError, ValueError):
            out[ms.id] = game.slow_lister(ms)
            continue
        ns = dict(_BASE)
        ns.update(game.spec.function_table.namespace)
        ns.update(values)
        exec(code, ns)  # noqa: S102 (our generated source, from the checked trees only)
        out[ms.id] = ns["_lister"]
    return out


__all__ = ["Lister", "lister_source", "make_listers", "make_phase_lister", "phase_source"]
