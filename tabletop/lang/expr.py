"""A small expression language for rulesets: parsed here, never handed to Python's eval.

Grammar (lowest precedence first)::

    expr    := or ['if' or 'else' expr]
    or      := and ('or' and)*
    and     := not ('and' not)*
    not     := 'not' not | compare
    compare := sum [('=='|'!='|'<'|'<='|'>'|'>='|'in'|'not in') sum]
    sum     := product (('+'|'-') product)*
    product := unary (('*'|'/'|'%') unary)*          # '/' is floor division
    unary   := '-' unary | postfix
    postfix := primary ('.' NAME | '[' expr ']')*
    primary := NUMBER | STRING | true | false | null | NAME | NAME '(' args ')'
             | '(' expr ')' | '[' args ']'

Values are ints, bools, strings, None, lists and the objects the engine hands in
(cards, per-seat tables). Attribute access on None gives None, on a list maps over it.
``+`` adds numbers or joins two lists; ``number(x)`` reads a whole number from text.
Functions receive their arguments unevaluated, so ``count(hand, it.type == "attack")``
evaluates its second argument once per element with ``it`` bound to that element.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Sequence
from typing import Any, Protocol

import attrs

from tabletop.errors import ExpressionError
from tabletop.i18n.catalogue import Langs
from tabletop.i18n.messages import counted, ruleset_error, said
from tabletop.lang.cards import CardDef
from tabletop.lang.functions import Function, FunctionTable
from tabletop.safety.limits import (
    MAX_EXPR_CHARS,
    MAX_EXPR_DEPTH,
    MAX_LIST,
    MAX_NUMBER,
    MAX_TEXT,
    MAX_WORK,
)

Value = Any
Compiled = Callable[["Context"], Value]


class Context(Protocol):
    """What an expression needs from its surroundings."""

    locals: dict[str, Value]

    def lookup(self, name: str) -> Value:
        """The value of a name that is not a local."""

    def lookup_at(self, name: str, index: Value) -> Value:
        """``name[index]``: a seat's own var or zone, or an item of a list."""

    def call(self, name: str, args: Sequence[Compiled]) -> Value:
        """Call an engine function that is not one of the core functions below."""


_TOKEN = re.compile(
    r"""\s*(?:
        (?P<num>\d+)
      | (?P<str>"[^"]*"|'[^']*')
      | (?P<op>==|!=|<=|>=|->|[-+*/%<>()\[\],.{}:])
      | (?P<name>[A-Za-z_][A-Za-z0-9_]*)
    )""",
    re.VERBOSE,
)

_KEYWORDS = {"and", "or", "not", "in", "if", "else", "true", "false", "null"}


class _Work:
    """What expressions may still go through in one move, listing or view (items of lists,
    characters of texts): the engine resets it with ``reset()`` before each; passing
    MAX_WORK is an ExpressionError, so a ruleset's loop ends in seconds, not hours. One
    object, ``Work`` (an instance: writing its ``left`` is cheaper than a class attribute's,
    and the hot paths write it for every list they read)."""

    __slots__ = ("left",)

    def __init__(self) -> None:
        self.left = MAX_WORK

    def reset(self) -> None:
        self.left = MAX_WORK

    def spend(self, n: int) -> None:
        self.left -= n
        if self.left < 0:
            self.left = MAX_WORK
            raise ruleset_error(ExpressionError, "work_limit", limit=MAX_WORK)


Work = _Work()


def did_you_mean(word: object, choices: object, lang: str = "en") -> str:
    """`` (did you mean 'x'?)`` when a known name is close to a mistyped one, else ``""``
    (in French with ``lang="fr"``)."""
    names = [str(c) for c in choices] if isinstance(choices, set | list | tuple | dict) else []
    close = difflib.get_close_matches(str(word), names, n=1, cutoff=0.7)
    if not close:
        return ""
    if lang == "fr":
        return f" (vouliez-vous dire « {close[0]} » ?)"
    return f" (did you mean {close[0]!r}?)"


def close_to(word: object, choices: object) -> Langs:
    """``did_you_mean`` in each language."""
    return Langs(en=did_you_mean(word, choices), fr=did_you_mean(word, choices, "fr"))


def _bounded(v: int, text: str) -> int:
    if -MAX_NUMBER <= v <= MAX_NUMBER:
        return v
    raise ruleset_error(ExpressionError, "number_limit", limit=MAX_NUMBER, text=text)


def tokenize(text: str) -> list[tuple[str, str, int]]:
    tokens: list[tuple[str, str, int]] = []
    pos = 0
    text = text.rstrip()
    if len(text) > MAX_EXPR_CHARS:
        raise ruleset_error(ExpressionError, "expr_too_long", limit=MAX_EXPR_CHARS,
                            start=text[:40])
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if m is None or m.end() == pos:
            raise ruleset_error(ExpressionError, "expr_character", ch=text[pos:].strip()[:1],
                                col=pos + 1, text=text)
        group = m.lastgroup or ""
        value = m.group(group)
        if group == "num" and len(value) > 15:
            raise ruleset_error(ExpressionError, "expr_long_number", digits=value[:20],
                                limit=MAX_NUMBER)
        kind = "kw" if group == "name" and value in _KEYWORDS else group
        tokens.append((kind, value, m.start(group)))
        pos = m.end()
    tokens.append(("end", "", len(text)))
    return tokens


def _spent(b: Value) -> bool:
    if isinstance(b, list | tuple | str):
        Work.spend(len(b))
    return True


def _cmp(op: str) -> Callable[[Value, Value], bool]:
    def safe(fn: Callable[[Value, Value], bool]) -> Callable[[Value, Value], bool]:
        def inner(a: Value, b: Value) -> bool:
            if a is None or b is None:
                return False
            return fn(a, b)

        return inner

    table: dict[str, Callable[[Value, Value], bool]] = {
        "==": lambda a, b: a == b,
        "!=": lambda a, b: a != b,
        "<": safe(lambda a, b: a < b),
        "<=": safe(lambda a, b: a <= b),
        ">": safe(lambda a, b: a > b),
        ">=": safe(lambda a, b: a >= b),
        # a long list is counted as work (short ones cost less than counting them)
        "in": lambda a, b: b is not None and (len(b) < 256 or _spent(b)) and a in b,
        "not in": lambda a, b: b is None or ((len(b) < 256 or _spent(b)) and a not in b),
    }
    return table[op]


def _num(v: Value, text: str) -> int:
    if v is None:
        return 0
    if isinstance(v, bool):
        return int(v)
    if isinstance(v, int):
        return v
    raise ruleset_error(ExpressionError, "expected_number", text=text, v=v)


def get_attr(v: Value, name: str) -> Value:
    """Attribute access as expressions see it: None-safe, mapped over lists."""
    table = getattr(v, "attr_table", None)  # cards: a precomputed table
    if table is not None:
        return table.get(name)
    if v is None:
        return None
    if isinstance(v, list | tuple):  # a card's from its table, without the call
        return [t.get(name) if (t := getattr(x, "attr_table", None)) is not None
                else get_attr(x, name) for x in v]
    if isinstance(v, dict):
        return v.get(name)
    attr = getattr(v, "attr", None)
    if attr is None:
        raise ruleset_error(ExpressionError, "no_attribute", v=v, name=name)
    return attr(name)


def _name_it(loc: dict[str, Value], name: str, item: Value, body: Compiled,
             ctx: Context) -> Value:
    """``name -> body`` for one item: the item under its name while the body is read."""
    loc[name] = item
    return body(ctx)


def _mapping(pairs: list[tuple[Value, Value]]) -> dict[Value, Value]:
    """A mapping literal's value: its pairs, a later key replacing an earlier one."""
    out: dict[Value, Value] = {}
    for k, v in pairs:
        try:
            out[k] = v
        except TypeError:
            raise ruleset_error(ExpressionError, "mapping_key", key=display(k)) from None
    return out


def _index(v: Value, i: Value) -> Value:
    if v is None:
        return None
    getter = getattr(v, "at", None)
    if getter is not None:
        return getter(i)
    if isinstance(v, dict):
        try:
            return v.get(i)
        except TypeError:  # a list as key: in no mapping (its keys are single values)
            return None
    if isinstance(v, list | tuple | str):
        if not isinstance(i, int) or isinstance(i, bool):
            raise ruleset_error(ExpressionError, "index_not_number", i=i)
        if -len(v) <= i < len(v):
            return v[i]
        return None
    raise ruleset_error(ExpressionError, "not_indexable", v=v)


# ---- core functions: args arrive compiled; ``it`` is bound for per-element arguments ----

CoreFn = Callable[[Any, Sequence[Compiled]], Value]


def _each(ctx: Context, items: Value, fn: Compiled) -> list[Value]:
    saved = ctx.locals.get("it")
    out = []
    for x in items or ():
        ctx.locals["it"] = x
        out.append(fn(ctx))
    ctx.locals["it"] = saved
    return out


def _items(ctx: Context, args: Sequence[Compiled]) -> list[Value]:
    v = args[0](ctx)
    if v is None:
        return []
    if not isinstance(v, list | tuple):
        return [v]
    Work.left -= len(v)  # Work.spend, inlined: this is the hot path of every list function
    if Work.left < 0:
        Work.spend(0)
    return list(v)


def _size(ctx: Context, args: Sequence[Compiled]) -> int:
    return len(_items(ctx, args))


def _count(ctx: Context, args: Sequence[Compiled]) -> int:
    items = _items(ctx, args)
    if len(args) == 1:
        return len(items)
    return sum(1 for r in _each(ctx, items, args[1]) if r)


def _filter(ctx: Context, args: Sequence[Compiled]) -> list[Value]:
    items = _items(ctx, args)
    return [x for x, r in zip(items, _each(ctx, items, args[1]), strict=True) if r]


def _map(ctx: Context, args: Sequence[Compiled]) -> list[Value]:
    return _each(ctx, _items(ctx, args), args[1])


def _sum(ctx: Context, args: Sequence[Compiled]) -> int:
    items = _items(ctx, args)
    if len(args) > 1:
        items = _each(ctx, items, args[1])
    return sum(_num(x, "sum") for x in items)


def _any(ctx: Context, args: Sequence[Compiled]) -> bool:
    items = _items(ctx, args)
    if len(args) == 1:
        return any(items)
    return any(_each(ctx, items, args[1]))


def _all(ctx: Context, args: Sequence[Compiled]) -> bool:
    items = _items(ctx, args)
    if len(args) == 1:
        return all(items)
    return all(_each(ctx, items, args[1]))


def _extreme(pick: Callable[..., Value]) -> CoreFn:
    def fn(ctx: Context, args: Sequence[Compiled]) -> Value:
        if len(args) == 1:
            items = [x for x in _items(ctx, args) if x is not None]
        else:
            items = [x for x in (a(ctx) for a in args) if x is not None]
        try:
            return pick(items) if items else None
        except TypeError:
            raise ruleset_error(ExpressionError, "min_max_types", items=items) from None

    return fn


def _distinct(ctx: Context, args: Sequence[Compiled]) -> int:
    items = _items(ctx, args)
    if len(args) > 1:
        items = _each(ctx, items, args[1])
    return len({x for x in items if x is not None})


def _take_while(ctx: Context, args: Sequence[Compiled]) -> list[Value]:
    """The leading items for which the condition holds (stops at the first that fails)."""
    items = _items(ctx, args)
    out = []
    for x, r in zip(items, _each(ctx, items, args[1]), strict=True):
        if not r:
            break
        out.append(x)
    return out


def _first(ctx: Context, args: Sequence[Compiled]) -> Value:
    items = _items(ctx, args)
    return items[0] if items else None


def _last(ctx: Context, args: Sequence[Compiled]) -> Value:
    items = _items(ctx, args)
    return items[-1] if items else None


def _abs(ctx: Context, args: Sequence[Compiled]) -> int:
    return abs(_num(args[0](ctx), "abs"))


def _default(ctx: Context, args: Sequence[Compiled]) -> Value:
    v = args[0](ctx)
    return args[1](ctx) if v is None else v


def _number(ctx: Context, args: Sequence[Compiled]) -> Value:
    """A whole number from a number, a true/false or a text such as an option value "5";
    None for anything else (so ``number(option.rounds)`` compares with numbers)."""
    v = args[0](ctx)
    if isinstance(v, int):
        return int(v)
    if isinstance(v, str):
        t = v.strip()
        if t.lstrip("+-").isdecimal() and len(t) <= 16:
            return int(t)
    return None


_TEXT_NUMBERS: dict[str, int | None] = {}  # number() of the texts met, remembered


def _number_of(v: Value) -> Value:
    """number(x) of the generated code: as ``_number``, a text's reading remembered."""
    if type(v) is str:
        if v in _TEXT_NUMBERS:
            return _TEXT_NUMBERS[v]
        t = v.strip()
        n = int(t) if t.lstrip("+-").isdecimal() and len(t) <= 16 else None
        if len(_TEXT_NUMBERS) >= 4096:
            _TEXT_NUMBERS.clear()
        _TEXT_NUMBERS[v] = n
        return n
    if isinstance(v, int):
        return int(v)
    if isinstance(v, str):  # a subclass of str
        t = v.strip()
        if t.lstrip("+-").isdecimal() and len(t) <= 16:
            return int(t)
    return None


def _join(ctx: Context, args: Sequence[Compiled]) -> str:
    """The items as one text, each as a message shows it, with a separator (default none):
    ``join([card.code, ": ", card.value])``."""
    sep = display(args[1](ctx)) if len(args) > 1 else ""
    return _text(sep.join(display(x) for x in _items(ctx, args)))


def _plural(ctx: Context, args: Sequence[Compiled]) -> str:
    """The word for a number: ``plural(n, "card", "cards")`` is ``card`` for 1 (and -1),
    else ``cards``; a fourth word is said for 0 where a language wants its own (French
    ``plural(n, "carte", "cartes", "carte")``)."""
    n = args[0](ctx)
    if len(args) > 3 and n == 0:
        return display(args[3](ctx))
    return display(args[1](ctx) if n in (1, -1) else args[2](ctx))


def _text(t: str) -> str:
    """A text built during play, within MAX_TEXT characters."""
    Work.spend(len(t))
    if len(t) > MAX_TEXT:
        raise ruleset_error(ExpressionError, "text_limit", limit=MAX_TEXT)
    return t


def _plus(a: Value, b: Value, text: str) -> Value:
    """``+``: two lists join into a new list (``seen + [card.code]``); else numbers add."""
    if isinstance(a, list | tuple) and isinstance(b, list | tuple):
        n = len(a) + len(b)
        Work.spend(n)
        if n > MAX_LIST:
            raise ruleset_error(ExpressionError, "list_limit", limit=MAX_LIST, text=text)
        return [*a, *b]
    v = _num(a, text) + _num(b, text)
    if -MAX_NUMBER <= v <= MAX_NUMBER:
        return v
    return _bounded(v, text)


def _index_of(ctx: Context, args: Sequence[Compiled]) -> Value:
    """The position (from 0) of the first item equal to the value, or null: a card is the same
    card (not another copy), text and numbers compare by value."""
    items = _items(ctx, args)
    v = args[1](ctx)
    for i, x in enumerate(items):
        if x is v or (not hasattr(x, "attr_table") and x == v):
            return i
    return None


def _by(pick: Callable[[int, int], bool]) -> CoreFn:
    """highest/lowest(items, key): the first item whose key (``it`` bound) is the highest or
    lowest; items whose key is null are left out; null when none is left."""
    def fn(ctx: Context, args: Sequence[Compiled]) -> Value:
        items = _items(ctx, args)
        return _best_of(pick, list(zip(items, _each(ctx, items, args[1]), strict=True)))

    return fn


_SYMBOLS = {"S": "♠", "C": "♣", "D": "♦", "H": "♥"}


def _symbol(ctx: Context, args: Sequence[Compiled]) -> Value:
    """A suit letter (S C D H) or a playing card's code (10H) with the suit as its symbol
    (♥, 10♥); a card gives its code so; other values as they are; lists item by item."""
    def one(v: Value) -> Value:
        code = getattr(v, "code", None) if hasattr(v, "attr_table") else v
        if isinstance(code, str) and code and code[-1] in _SYMBOLS and (
                len(code) == 1 or code[:-1] in _RANKS):
            return code[:-1] + _SYMBOLS[code[-1]]
        return code

    v = args[0](ctx)
    return [one(x) for x in v] if isinstance(v, list | tuple) else one(v)


def _sort(ctx: Context, args: Sequence[Compiled]) -> list[Value]:
    """The items in increasing order, of themselves or of the key (``it`` each item); ties
    keep their order, items whose key is null go last; a third argument true: decreasing."""
    items = _items(ctx, args)
    keys = _each(ctx, items, args[1]) if len(args) > 1 else items
    down = bool(args[2](ctx)) if len(args) > 2 else False
    known = [(k, x) for k, x in zip(keys, items, strict=True) if k is not None]
    nulls = [x for k, x in zip(keys, items, strict=True) if k is None]
    try:
        known.sort(key=lambda kx: kx[0], reverse=down)
    except TypeError:
        raise ruleset_error(ExpressionError, "sort_types",
                            items=[display(k) for k, _x in known][:6]) from None
    return [x for _k, x in known] + nulls


def _range(ctx: Context, args: Sequence[Compiled]) -> list[int]:
    """The whole numbers from the first to the second, both included (none if the second is
    smaller; null where either is null)."""
    lo, hi = args[0](ctx), args[1](ctx)
    if lo is None or hi is None:
        return []
    a, b = _num(lo, "range"), _num(hi, "range")
    n = max(0, b - a + 1)
    if n > MAX_LIST:
        raise ruleset_error(ExpressionError, "range_limit", lo=a, hi=b, limit=MAX_LIST)
    Work.left -= n
    if Work.left < 0:
        Work.spend(0)
    return list(range(a, b + 1))


_RANKS = {"2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"}


_HEAVY_CORE = {"count", "filter", "map", "sum", "any", "all", "distinct", "take_while",
               "highest", "lowest", "join", "min", "max", "index_of", "sort",
               "range"}  # (through a list)


def _core(name: str, fn: CoreFn, lo: int, hi: int) -> Function:
    return Function(name, lo, hi, fn, core=True,
                    cost="heavy" if name in _HEAVY_CORE else "light")


# the language's own functions: every table of functions extends this one
CORE = FunctionTable([
    _core("size", _size, 1, 1),
    _core("count", _count, 1, 2),
    _core("filter", _filter, 2, 2),
    _core("map", _map, 2, 2),
    _core("sum", _sum, 1, 2),
    _core("any", _any, 1, 2),
    _core("all", _all, 1, 2),
    _core("min", _extreme(min), 1, 9),
    _core("max", _extreme(max), 1, 9),
    _core("distinct", _distinct, 1, 2),
    _core("take_while", _take_while, 2, 2),
    _core("first", _first, 1, 1),
    _core("last", _last, 1, 1),
    _core("abs", _abs, 1, 1),
    _core("default", _default, 2, 2),
    _core("number", _number, 1, 1),
    _core("join", _join, 1, 2),
    _core("index_of", _index_of, 2, 2),
    _core("highest", _by(lambda a, b: a > b), 2, 2),
    _core("lowest", _by(lambda a, b: a < b), 2, 2),
    _core("symbol", _symbol, 1, 1),
    _core("plural", _plural, 3, 4),
    _core("sort", _sort, 1, 3),
    _core("range", _range, 2, 2),
])


# ---- the parser: text -> a checked expression tree ----
#
# A node is a tuple whose first item is its kind:
#   ("num", int) ("str", str) ("const", True|False|None) ("list", [node])
#   ("local", name)  ("name", name)  ("name_at", name, node)
#   ("attr", node, name)  ("index", node, node)  ("core", name, [node])  ("call", name, [node])
#   ("not", node)  ("and", [node])  ("or", [node])  ("cmp", op, node, node)
#   ("sum", node, [(plus, node)])  ("prod", node, [(op, node)])  ("neg", node)
#   ("if", then, test, else)  ("dict", [(key node, value node)])
#   ("named", name, node) (a per-item argument ``name -> node``)  ("it_of", name) (its reading)
# Every name in it has been checked against the ruleset's names (or is a bound local such as
# ``it``), every function against the known functions, and every literal is a Python int,
# str, bool or None: the code generator below builds source from this tree alone.

Node = tuple[Any, ...]


class _Parser:
    def __init__(self, text: str, names: set[str] | None, functions: dict[str, tuple[int, int]],
                 table: FunctionTable):
        self.text = text
        self.tokens = tokenize(text)
        self.i = 0
        self.names = names
        self.functions = functions  # the ruleset's own: name -> (min, max) arguments
        self.table = table
        self.bound: list[str] = ["it"]
        self.arrows: list[str] = []  # the names of the items of the loops around (``c -> ...``)
        self.depth = 0

    def peek(self) -> tuple[str, str, int]:
        return self.tokens[self.i]

    def next(self) -> tuple[str, str, int]:
        tok = self.tokens[self.i]
        self.i += 1
        return tok

    def error(self, what: str, **kw: Any) -> ExpressionError:
        """The text does not parse here: ``what`` (a key of i18n.messages' catalogue) was
        expected."""
        kind, value, pos = self.peek()
        found = said("expr_the_end") if kind == "end" else repr(value)
        return ruleset_error(ExpressionError, "expr_parse", what=said(what, **kw), found=found,
                             col=pos + 1, text=self.text)

    def expect(self, value: str) -> None:
        if self.peek()[1] != value or self.peek()[0] not in ("op", "kw"):
            raise self.error("expr_expected", value=value)
        self.next()

    def at(self, value: str) -> bool:
        kind, v, _ = self.peek()
        return kind in ("op", "kw") and v == value

    def parse(self) -> Node:
        node = self.expr()
        if self.peek()[0] != "end":
            raise self.error("expr_expected_end")
        return node

    def deeper(self) -> None:
        """One more level of nesting (brackets, calls, if-else, not, minus signs)."""
        self.depth += 1
        if self.depth > MAX_EXPR_DEPTH:
            raise self.error("expr_nested", limit=MAX_EXPR_DEPTH)

    def expr(self) -> Node:
        self.deeper()
        a = self.or_()
        if self.at("if"):
            self.next()
            c = self.or_()
            self.expect("else")
            b = self.expr()
            self.depth -= 1
            return ("if", a, c, b)
        self.depth -= 1
        return a

    def or_(self) -> Node:
        a = self.and_()
        rest = []
        while self.at("or"):
            self.next()
            rest.append(self.and_())
        return ("or", [a, *rest]) if rest else a

    def and_(self) -> Node:
        a = self.not_()
        rest = []
        while self.at("and"):
            self.next()
            rest.append(self.not_())
        return ("and", [a, *rest]) if rest else a

    def not_(self) -> Node:
        if self.at("not"):
            self.next()
            self.deeper()
            a = self.not_()
            self.depth -= 1
            return ("not", a)
        return self.compare()

    def compare(self) -> Node:
        a = self.sum_()
        kind, v, _ = self.peek()
        op = None
        if kind == "op" and v in ("==", "!=", "<", "<=", ">", ">="):
            op = v
            self.next()
        elif self.at("in"):
            op = "in"
            self.next()
        elif self.at("not") and self.tokens[self.i + 1][1] == "in":
            op = "not in"
            self.i += 2
        if op is None:
            return a
        return ("cmp", op, a, self.sum_())

    def sum_(self) -> Node:
        a = self.product()
        rest: list[tuple[bool, Node]] = []
        while self.at("+") or self.at("-"):
            op = self.next()[1]
            rest.append((op == "+", self.product()))
        return ("sum", a, rest) if rest else a

    def product(self) -> Node:
        a = self.unary()
        rest: list[tuple[str, Node]] = []
        while self.at("*") or self.at("/") or self.at("%"):
            op = self.next()[1]
            rest.append((op, self.unary()))
        return ("prod", a, rest) if rest else a

    def unary(self) -> Node:
        if self.at("-"):
            self.next()
            self.deeper()
            a = self.unary()
            self.depth -= 1
            return ("neg", a)
        return self.postfix()

    def postfix(self) -> Node:
        a = self.primary()
        while True:
            if self.at("."):
                self.next()
                kind, name, _ = self.next()
                if kind != "name":
                    self.i -= 1
                    raise self.error("expr_attribute")
                a = ("attr", a, name)
            elif self.at("["):
                self.next()
                idx = self.expr()
                self.expect("]")
                a = ("index", a, idx)
            else:
                return a

    def args(self, close: str) -> list[Node]:
        out: list[Node] = []
        if self.at(close):
            self.next()
            return out
        while True:
            out.append(self.named() if self.tokens[self.i + 1][1] == "->" else self.expr())
            if self.at(","):
                self.next()
                continue
            self.expect(close)
            return out

    def pairs(self) -> list[tuple[Node, Node]]:
        """A mapping's ``key: value`` pairs up to its closing brace (the brace read first)."""
        out: list[tuple[Node, Node]] = []
        if self.at("}"):
            self.next()
            return out
        while True:
            key = self.expr()
            self.expect(":")
            out.append((key, self.expr()))
            if self.at(","):
                self.next()
                continue
            self.expect("}")
            return out

    def named(self) -> Node:
        """``c -> expr``: a per-item argument with its item named ``c`` as well as ``it`` (so
        that an inner loop's ``it`` does not hide it)."""
        kind, name, _ = self.peek()
        if kind != "name" or name == "it" or name in self.bound or name in self.arrows or (
                self.names is not None and name in self.names):
            raise ruleset_error(ExpressionError, "arrow_name", name=name, text=self.text)
        self.i += 2
        self.arrows.append(name)
        try:
            return ("named", name, self.expr())
        finally:
            self.arrows.pop()

    def primary(self) -> Node:
        kind, value, _ = self.peek()
        if kind == "num":
            self.next()
            return ("num", int(value))
        if kind == "str":
            self.next()
            return ("str", value[1:-1])
        if kind == "kw" and value in ("true", "false", "null"):
            self.next()
            return ("const", {"true": True, "false": False, "null": None}[value])
        if self.at("("):
            self.next()
            a = self.expr()
            self.expect(")")
            return a
        if self.at("["):
            self.next()
            return ("list", self.args("]"))
        if self.at("{"):
            self.next()
            return ("dict", self.pairs())
        if kind == "name":
            self.next()
            if self.at("("):
                self.next()
                args = self.args(")")
                return self.call(value, args)
            if self.at("[") and value not in self.bound:
                self.check_name(value)
                self.next()
                idx = self.expr()
                self.expect("]")
                return ("name_at", value, idx)
            return self.name(value)
        raise self.error("expr_value")

    def call(self, name: str, args: list[Node]) -> Node:
        f = self.table.get(name)
        if f is not None:
            lo, hi = f.lo, f.hi
            kind = "core" if f.core else "call"
        elif name in self.functions:
            lo, hi = self.functions[name]
            kind = "call"
        else:
            known = self.table.names() | set(self.functions)
            raise ruleset_error(ExpressionError, "unknown_function", name=name, text=self.text,
                                close=close_to(name, known), known=", ".join(sorted(known)))
        if not lo <= len(args) <= hi:
            want = str(lo) if lo == hi else said("arguments_span", lo=lo, hi=hi)
            raise ruleset_error(ExpressionError, "function_arguments", name=name, want=want,
                                n=len(args), text=self.text, word=counted(hi, "argument"))
        if any(a[0] == "named" for i, a in enumerate(args) if i != 1) or (
                len(args) > 1 and args[1][0] == "named"
                and (kind != "core" or name not in _BINDS_IT)):
            raise ruleset_error(ExpressionError, "arrow_place", name=name, text=self.text)
        return (kind, name, args)

    def check_name(self, name: str) -> None:
        if self.names is not None and name not in self.names:
            raise ruleset_error(ExpressionError, "unknown_name", name=name, text=self.text,
                                close=close_to(name, self.names | {*self.bound}))

    def name(self, name: str) -> Node:
        if name in self.arrows:
            return ("it_of", name)
        if name in self.bound:
            return ("local", name)
        self.check_name(name)
        return ("name", name)


# ---- closures: the tree as nested Python functions (used where generated code cannot go) ----


def _closure(node: Node, text: str,  # noqa: C901 (one case per kind of node)
             table: FunctionTable = CORE) -> Compiled:
    """The tree as nested Python functions."""
    kind = node[0]
    if kind in ("num", "str", "const"):
        const = node[1]
        return lambda ctx: const
    if kind == "list":
        items = [_closure(x, text, table) for x in node[1]]
        return lambda ctx: [f(ctx) for f in items]
    if kind == "dict":
        pairs = [(_closure(k, text, table), _closure(v, text, table)) for k, v in node[1]]
        return lambda ctx: _mapping([(k(ctx), v(ctx)) for k, v in pairs])
    if kind == "local":
        local = node[1]
        return lambda ctx: ctx.locals.get(local)
    if kind == "it_of":
        named = node[1]
        return lambda ctx: ctx.locals.get(named)
    if kind == "named":
        named, body = node[1], _closure(node[2], text, table)
        return lambda ctx: _name_it(ctx.locals, named, ctx.locals.get("it"), body, ctx)
    if kind == "name":
        name = node[1]
        return lambda ctx: ctx.lookup(name)
    if kind == "name_at":
        at_name, idx = node[1], _closure(node[2], text, table)
        return lambda ctx: ctx.lookup_at(at_name, idx(ctx))
    if kind == "attr":
        x, attr = _closure(node[1], text, table), node[2]
        return lambda ctx: get_attr(x(ctx), attr)
    if kind == "index":
        x, i = _closure(node[1], text, table), _closure(node[2], text, table)
        return lambda ctx: _index(x(ctx), i(ctx))
    if kind == "core":
        core = table[node[1]].call
        args = [_closure(x, text, table) for x in node[2]]
        return lambda ctx: core(ctx, args)
    if kind == "call":
        fname = node[1]
        cargs = [_closure(x, text, table) for x in node[2]]
        return lambda ctx: ctx.call(fname, cargs)
    if kind == "not":
        a = _closure(node[1], text, table)
        return lambda ctx: not a(ctx)
    if kind in ("and", "or"):
        return _chain([_closure(x, text, table) for x in node[1]], kind == "or")
    if kind == "cmp":
        f, a, b = _cmp(node[1]), _closure(node[2], text, table), _closure(node[3], text, table)
        return lambda ctx: f(a(ctx), b(ctx))
    if kind == "sum":
        return _total_of(_closure(node[1], text, table),
                         [(plus, _closure(x, text, table)) for plus, x in node[2]], text)
    if kind == "prod":
        return _product_of(_closure(node[1], text, table),
                           [(op, _closure(x, text, table)) for op, x in node[2]], text)
    if kind == "neg":
        na = _closure(node[1], text, table)
        return lambda ctx: -_num(na(ctx), text)
    if kind == "if":
        ta, tc, tb = (_closure(x, text, table) for x in node[1:])
        return lambda ctx: ta(ctx) if tc(ctx) else tb(ctx)
    raise ExpressionError(f"cannot compile {kind!r}")  # pragma: no cover


def _chain(terms: list[Compiled], want: bool) -> Compiled:
    """``and`` (``want`` false) or ``or`` (true): the first term that is ``want``, else the
    last."""
    def chain(ctx: Context) -> Value:  # flat: a thousand terms need no deep stack
        v = None
        for t in terms:
            v = t(ctx)
            if bool(v) is want:
                return v
        return v

    return chain


def _total_of(first: Compiled, rest: list[tuple[bool, Compiled]], text: str) -> Compiled:
    def total(ctx: Context) -> Value:
        v = first(ctx)
        for plus, b in rest:
            v = _plus(v, b(ctx), text) if plus else _minus(v, b(ctx), text)
        return v

    return total


def _product_of(pa: Compiled, factors: list[tuple[str, Compiled]], text: str) -> Compiled:
    def product(ctx: Context) -> int:
        p = _num(pa(ctx), text)
        for op, y in factors:
            p = _OPS[op](p, y(ctx), text)
        return p

    return product


def _minus(a: Value, b: Value, text: str) -> int:
    return _bounded(_num(a, text) - _num(b, text), text)


def _times(a: Value, b: Value, text: str) -> int:
    return _bounded(_num(a, text) * _num(b, text), text)


def _divide(a: Value, b: Value, text: str) -> int:
    p, q = _num(a, text), _num(b, text)
    if q == 0:
        raise ruleset_error(ExpressionError, "division_zero", text=text)
    return p // q


def _modulo(a: Value, b: Value, text: str) -> int:
    p, q = _num(a, text), _num(b, text)
    if q == 0:
        raise ruleset_error(ExpressionError, "division_zero", text=text)
    return p % q


_OPS: dict[str, Callable[[Value, Value, str], int]] = {"*": _times, "/": _divide, "%": _modulo}


# ---- code generation: the tree as Python source, compiled once ----
#
# Like a template engine, a checked expression is turned into the source of one Python
# function and compiled once, at load. The source is built from the tree alone: names (already
# checked against the ruleset, and identifiers by the tokenizer) and literals enter it only
# through repr(), which always gives a Python literal; every operation is a call to one of the
# helpers in HELPERS (None-safe comparisons, bounded arithmetic, the work counter). Nothing of
# the ruleset's raw text reaches the source; if the source cannot be compiled (an expression
# nested deeper than Python's own parser allows) the closures above are used instead.


def _lt(a: Value, b: Value) -> bool:
    return a is not None and b is not None and a < b


def _le(a: Value, b: Value) -> bool:
    return a is not None and b is not None and a <= b


def _gt(a: Value, b: Value) -> bool:
    return a is not None and b is not None and a > b


def _ge(a: Value, b: Value) -> bool:
    return a is not None and b is not None and a >= b


def _in(a: Value, b: Value) -> bool:
    return b is not None and (len(b) < 256 or _spent(b)) and a in b


def _not_in(a: Value, b: Value) -> bool:
    return b is None or ((len(b) < 256 or _spent(b)) and a not in b)


def _size_of(v: Value) -> int:
    """size(x): as ``_size`` does, without building the list again."""
    if v is None:
        return 0
    if not isinstance(v, list | tuple):
        return 1
    Work.left -= len(v)
    if Work.left < 0:
        Work.spend(0)
    return len(v)


# ---- the core functions written out as comprehensions ----
#
# ``sum(filter(dungeon, it.type == "monster"), it.value)`` becomes, in the generated source,
# ``_total(_keep_it(L, G, [_i1.value for _i1 in _items_of(...) ...]))``: one Python loop per
# function, ``it`` a Python variable. What the interpreter's core functions do (``_items``,
# ``_each``) is kept exactly: the list read counted as work the same, every item's argument
# evaluated (no short cut: the same errors, the same work), None and single values read as
# ``_items`` reads them, and ``it`` in the locals put back as ``_each`` leaves it. Where an
# item's argument might read ``it`` other than directly (through a derived value, an engine
# or ruleset function, a function's argument evaluated later), ``it`` is also written into
# the locals for each item, as ``_each`` does.


def _items_of(v: Value) -> Value:
    """The items a core function goes through, as ``_items`` reads them (not copied)."""
    if type(v) is list or isinstance(v, list | tuple):
        Work.left -= len(v)
        if Work.left < 0:
            Work.spend(0)
        return v
    return () if v is None else (v,)


def _la(loc: dict[str, Value], local: str, name: str) -> Value:
    """``local.name`` of a name only ever a local: as ``get_attr(loc.get(local), name)``."""
    v = loc.get(local)
    table = getattr(v, "attr_table", None)
    if table is not None:
        return table.get(name)
    return get_attr(v, name)


def _counted(items: list[Value]) -> list[Value]:
    """The items of a filter, counted as work as ``_items_of`` counts a list
    (``ExprCompiler.fused``: the loop over them written into the filter's)."""
    Work.left -= len(items)
    if Work.left < 0:
        Work.spend(0)
    return items


def _keep_it(loc: dict[str, Value], saved: Value, v: Value) -> Value:
    """``it`` in the locals as ``_each`` leaves it (the value it had before); gives ``v``."""
    loc["it"] = saved
    return v


def _total(items: Value) -> int:
    """sum(): as ``_sum`` adds the items (each read as ``_num(x, "sum")``)."""
    t = 0
    for x in items:
        t += x if type(x) is int else _num(x, "sum")
    return t


def _pick(fn: Callable[..., Value], values: Value) -> Value:
    """min()/max() of the values that are not None (as ``_extreme``)."""
    items = [x for x in values if x is not None]
    try:
        return fn(items) if items else None
    except TypeError:
        raise ruleset_error(ExpressionError, "min_max_types", items=items) from None


def _distinct_of(items: Value) -> int:
    return len({x for x in items if x is not None})


def _take_of(pairs: list[tuple[Value, Value]]) -> list[Value]:
    """take_while(): the leading items (paired with their conditions) while they hold."""
    out = []
    for x, r in pairs:
        if not r:
            break
        out.append(x)
    return out


def _best_of(pick: Callable[[Value, Value], bool], pairs: list[tuple[Value, Value]]) -> Value:
    """highest()/lowest() of items paired with their keys (as ``_by``)."""
    best, best_key = None, None
    for x, k in pairs:
        if k is None:
            continue
        try:
            if best_key is None or pick(k, best_key):
                best, best_key = x, k
        except TypeError:
            raise ruleset_error(ExpressionError, "highest_types", a=best_key, b=k) from None
    return best


def _first_of(items: Value) -> Value:
    return items[0] if items else None


def _last_of(items: Value) -> Value:
    return items[-1] if items else None


def _abs_of(v: Value) -> int:
    return abs(_num(v, "abs"))


def _default_of(v: Value, other: Value) -> Value:
    """default(x, literal): the literal when x is None."""
    return other if v is None else v


def _index_in(items: Value, v: Value) -> Value:
    """index_of(): as ``_index_of``, the items already read."""
    for i, x in enumerate(items):
        if x is v or (not hasattr(x, "attr_table") and x == v):
            return i
    return None


def _join_of(sep: Value, items: Value) -> str:
    """join(): the separator (read first, as ``_join``) and the items (each as ``display``
    shows it: a text or a number without its call)."""
    s: str = sep if type(sep) is str else display(sep)
    t = s.join([x if (c := type(x)) is str else str(x) if c is int else display(x)
                for x in items])
    Work.left -= len(t)  # _text, written out
    if Work.left < 0:
        Work.spend(0)
    if len(t) > MAX_TEXT:
        raise ruleset_error(ExpressionError, "text_limit", limit=MAX_TEXT)
    return t


class _NotYet:
    """The value of a loop's part that does not depend on ``it`` before its first reading."""

    __slots__ = ()

    def __repr__(self) -> str:  # pragma: no cover (never shown)
        return "<not read yet>"


_NOT_YET = _NotYet()


def _take(n: int) -> bool:
    """The work a loop's part read once counted, counted again for another item (as reading
    it again would: the same limit met at the same item); true."""
    Work.left -= n
    if Work.left < 0:
        Work.spend(0)
    return True


def _again(ctx: Any, n: int) -> int:
    """The work a derived value read once in a loop counts again for each later item: what
    its reading counted (``n``), or none while the state's window remembers it (a second
    reading there counts none)."""
    return n if ctx.state._derived_memo is None else 0


def seats_in(st: Any) -> int:
    """size(seats()) of a state: the seats still in, counted without listing them (the same
    number, the same work counted as ``_size_of`` of the list). Generated code with the state
    at hand calls it (codegen.py); ``_seat_count`` with the engine's context."""
    players: int = st.players
    out = st.out
    n = players - sum(1 for s in out if s in range(players)) if out else players
    Work.left -= n
    if Work.left < 0:
        Work.spend(0)
    return n


def _seat_count(ctx: Any) -> int:
    """size(seats()) in the engine's context (``seats_in`` of its state)."""
    return seats_in(ctx.state)


def _higher(a: Value, b: Value) -> bool:
    return bool(a > b)


def _lower(a: Value, b: Value) -> bool:
    return bool(a < b)


HELPERS: dict[str, Any] = {
    "_ga": get_attr, "_ix": _index, "_plus": _plus, "_minus": _minus, "_times": _times,
    "_divide": _divide, "_modulo": _modulo, "_num": _num, "_lt": _lt, "_le": _le, "_gt": _gt,
    "_ge": _ge, "_in": _in, "_not_in": _not_in, "_size_of": _size_of, "_number_of": _number_of,
    "_items_of": _items_of, "_keep_it": _keep_it, "_la": _la, "_total": _total, "_pick": _pick,
    "_counted": _counted, "_mapping": _mapping,
    "_distinct_of": _distinct_of, "_take_of": _take_of, "_best_of": _best_of,
    "_first_of": _first_of, "_last_of": _last_of, "_abs_of": _abs_of,
    "_default_of": _default_of, "_index_in": _index_in, "_join_of": _join_of,
    "_higher": _higher, "_lower": _lower, "_min": min, "_max": max, "_any": any, "_all": all,
    "_len": len, "_type": type, "_dset": dict.__setitem__, "_NO": _NOT_YET,
    "_W": Work, "_take": _take, "_int": int, "_fmt": format,
    "_seat_count": _seat_count, "_again": _again,
    "__builtins__": {},  # the generated code needs no builtin: give it none
}
# the names of the core functions' code when written out (``_core_x`` otherwise)
_INLINE_CORE = {"count", "filter", "map", "sum", "any", "all", "min", "max", "distinct",
                "take_while", "first", "last", "abs", "index_of", "join", "highest",
                "lowest"}
# how a written-out core function ends: of its items (or of its argument's values)
_ONE_ARG = {"sum": "_total({})", "any": "_any({})", "all": "_all({})",
            "min": "_pick(_min, {})", "max": "_pick(_max, {})", "distinct": "_distinct_of({})",
            "first": "_first_of({})", "last": "_last_of({})", "map": "{}",
            "take_while": "_take_of({})", "highest": "_best_of(_higher, {})",
            "lowest": "_best_of(_lower, {})"}
# the names of the state read directly where no local may bind them (as Ctx.lookup reads them
# through make_readers)
STATE_NAMES = {"option": "ctx.state.options", "players": "ctx.state.players",
               "current": "ctx.state.turn_seat", "turn": "ctx.state.turn",
               "round": "ctx.state.round"}
# names whose reading never evaluates a ruleset expression (so never reads ``it``)
_PLAIN_NAMES = {"me", "opp", "current", "players", "option", "turn", "round", "this"}
_CMP_SOURCE = {"<": "_lt", "<=": "_le", ">": "_gt", ">=": "_ge", "in": "_in",
               "not in": "_not_in"}
_ARITH_SOURCE = {"*": "_times", "/": "_divide", "%": "_modulo"}
_ORDER = {"<", "<=", ">", ">="}  # the comparisons of numbers (null on either side: false)


# the names read the same for every item of a loop (never ``it``, never a ruleset expression)
_STILL_KINDS = {"zone", "seatzone", "var", "seatvar", "state", "local"}
_STILL_NAMES = {"me", "opp", "current", "players", "option", "turn", "round"}
# a local's reading written out (expr's own, or codegen's and listing's ``loc``)
_LOCAL_GET = re.compile(r"(ctx\.locals|loc)\.get\('[A-Za-z_][A-Za-z0-9_]*'\)\Z")
# the kinds of parts of a loop's item argument read once per loop when they do not depend on
# ``it`` (a read of a name or an attribute costs about what the check would)
_HOISTED = {"core", "call", "index", "sum", "prod"}


def _still(node: Node, kinds: dict[str, str], table: FunctionTable,  # noqa: C901
           bound: bool = False) -> bool:
    """Whether ``node``, written out by the engine's generator, gives the same value (and the
    same error) for every item of the loop around it: it reads no ``it`` but the one an inner
    loop of its own binds (``bound``), and evaluates no ruleset expression (a derived value, a
    ruleset's function, a card's requirements, a core function called with its arguments as
    functions), which might read ``it`` from the locals."""
    kind = node[0]
    if kind in ("num", "str", "const"):
        return True
    if kind in ("local", "name"):
        if node[1] == "it":
            return bound
        return kind == "local" or kinds.get(node[1]) in _STILL_KINDS or node[1] in _STILL_NAMES
    if kind == "list":
        return all(_still(x, kinds, table, bound) for x in node[1])
    if kind == "dict":
        return all(_still(x, kinds, table, bound) for pair in node[1] for x in pair)
    if kind in ("attr", "not", "neg"):
        return _still(node[1], kinds, table, bound)
    if kind == "index":
        return _still(node[1], kinds, table, bound) and _still(node[2], kinds, table, bound)
    if kind == "name_at":
        return (kinds.get(node[1]) in ("seatvar", "seatzone")
                and _still(node[2], kinds, table, bound))
    if kind in ("and", "or"):
        return all(_still(x, kinds, table, bound) for x in node[1])
    if kind == "cmp":
        return _still(node[2], kinds, table, bound) and _still(node[3], kinds, table, bound)
    if kind in ("sum", "prod"):
        return _still(node[1], kinds, table, bound) and all(_still(x, kinds, table, bound)
                                                     for _op, x in node[2])
    if kind == "if":
        return all(_still(x, kinds, table, bound) for x in node[1:4])
    if kind == "core":
        name, args = node[1], node[2]
        if name == "default":
            return args[1][0] in ("num", "str", "const") and _still(args[0], kinds, table, bound)
        if name not in _INLINE_CORE and name not in ("size", "number"):
            return False  # called with its arguments as functions
        if len(args) == 2 and name not in ("min", "max", "join", "index_of"):
            return _still(args[0], kinds, table, bound) and _still(args[1], kinds, table, True)
        return all(_still(x, kinds, table, bound) for x in args)
    if kind == "call":
        name, args = node[1], node[2]
        if not table.direct(name, len(args)) or not table[name].pure:
            return False
        return all(_still(x, kinds, table, bound) for x in args)
    return False


class ExprCompiler:
    """Python source for one expression tree: one function ``_e(ctx)``, with the argument
    functions of its calls (evaluated lazily, ``it`` bound) defined beside it. ``kinds``
    (the loader's) names the zones and vars no local hides, read directly from the engine's
    context (None: any context, every name read through ``lookup``); ``table`` is the
    functions the tree calls. codegen.py and listing.py extend it where their generated code
    has the state at hand."""

    def __init__(self, kinds: dict[str, str] | None = None,
                 table: FunctionTable = CORE) -> None:
        self.table = table
        self.defs: list[str] = []
        self.n = 0
        self.kinds = kinds or {}
        self.engine = kinds is not None  # the engine's Ctx (context.py) is the context
        self.pyvars: dict[str, str] = {}  # local name -> the Python variable holding it
        # reads that may evaluate a ruleset expression (a derived value, a function, an
        # argument function): one of them in an item's argument may read ``it`` from the
        # locals, which are then written for each item
        self.escapes = 0
        # the name under which the expression's text is in the namespace (error messages of
        # arithmetic); listing.py's module holds several, each under its own
        self.text_name = "_T"
        # inside the items' expression of a comprehension, where Python refuses ``:=``
        self.iterable = 0
        self.items = 0  # inside a comprehension's items (a ``:=`` there binds a cell)
        # in a loop's item argument (not in its items, nor a function of its own): the
        # Python variables of its parts that do not depend on ``it``, each read when first
        # needed (``_NO`` until then) and kept for the other items; None elsewhere
        self.hoist: list[str] | None = None
        # the Python variables of loops over a zone's cards (or a filter of them): each item
        # is a card, or null where a view hides it (``Ctx.cards``), never anything else
        self.cardish: set[str] = set()

    def no_viewer(self) -> bool:
        """Whether ``ctx`` here is known to be the engine's own (no viewer: a zone's cards are
        all cards, none hidden). expr's own functions also serve views: no."""
        return False

    def cards_only(self, node: Node) -> bool:
        """Whether ``node``, read in the engine's context, gives the cards of a zone (a
        list of cards, or null items where a view hides them), a filter of them, or null."""
        kind = node[0]
        if kind == "name":
            return node[1] not in self.pyvars and self.kinds.get(node[1]) in ("zone",
                                                                              "seatzone")
        if kind == "name_at":
            return self.kinds.get(node[1]) == "seatzone"
        if kind == "core" and node[1] == "filter" and len(node[2]) == 2:
            return self.cards_only(node[2][0])
        return False

    def card_or_null(self, node: Node) -> bool:
        """Whether ``node`` is ``first(zone)`` or ``last(zone)``, written as ``ctx.zone_end``:
        a card, or null (an empty zone, or a card a view hides), never anything else."""
        return (self.engine and node[0] == "core" and node[1] in ("first", "last")
                and len(node[2]) == 1 and node[2][0][0] == "name"
                and self.kinds.get(node[2][0][1]) == "zone")

    def fn(self, node: Node) -> str:
        """Define a function of ctx computing ``node``; return its name."""
        name = f"_a{self.n}"
        self.n += 1
        self.escapes += 1  # called with ``it`` read from the locals
        saved, self.pyvars = self.pyvars, {}
        iterable, self.iterable = self.iterable, 0  # a function of its own
        items, self.items = self.items, 0
        hoist, self.hoist = self.hoist, None
        try:
            body = self.src(node)
        finally:
            self.pyvars = saved
            self.iterable = iterable
            self.items = items
            self.hoist = hoist
        self.defs.append(f"def {name}(ctx):\n    return {body}\n")
        return name

    def args(self, nodes: list[Node]) -> str:
        """A tuple of functions, one per argument, defined once (not at each call)."""
        name = f"_t{self.n}"
        self.n += 1
        fns = [self.fn(x) for x in nodes]
        self.defs.append(f"{name} = ({''.join(f + ', ' for f in fns)})\n")
        return name

    def loop(self, items: Node, body: Node, form: str, then: Node | None = None) -> str:
        """A list comprehension over the items of ``items`` with ``it`` bound to each, as
        ``_each`` evaluates ``body`` for each: ``form`` says what it keeps, ``values`` (the
        body's), ``items`` (those whose body holds), ``pairs`` (item, body). With ``then``
        (form ``items``): the value of ``then`` for each item kept, as a second loop over the
        kept items would give it (``fused``)."""
        self.iterable += 1
        try:
            source = f"_items_of({self.src(items)})"
        finally:
            self.iterable -= 1
        x = f"_i{self.n}"
        self.n += 1
        saved, before = self.pyvars.get("it"), self.escapes
        self.pyvars["it"] = x
        if self.engine and self.cards_only(items):  # a card each (or null in a view)
            self.cardish.add(x)
        # the parts read once per loop (Python refuses ``:=`` in the items of another)
        hoist, self.hoist = self.hoist, ([] if self.engine and not self.iterable else None)
        self.items += 1
        try:
            b = self.src(body)
            t = None if then is None else self.src(then)
        finally:
            self.items -= 1
            if saved is None:
                del self.pyvars["it"]
            else:
                self.pyvars["it"] = saved
            hoisted, self.hoist = self.hoist, hoist
        bind = f" if not _dset(ctx.locals, 'it', {x})" if self.escapes != before else ""
        loop = f"for {x} in {source}{bind}"
        made = {"values": f"[{b} {loop}]", "items": f"[{x} {loop} if {b}]",
                "pairs": f"[({x}, {b}) {loop}]"}[form]
        if t is not None:  # the kept items counted as the second loop's reading counts them
            made = f"_counted([{t} {loop} if {b}])"
        if hoisted:  # each loop starts with its parts unread (a local read at once)
            made = f"({''.join(h + ' := _NO, ' if ' ' not in h else h + ', ' for h in hoisted)}" \
                   f"{made})[-1]"
        return f"_keep_it(ctx.locals, ctx.locals.get('it'), {made})"

    def core(self, name: str, args: list[Node]) -> str | None:
        """A core function written out (a comprehension over its items), or None."""
        if name == "default" and args[1][0] in ("num", "str", "const"):
            return f"_default_of({self.src(args[0])}, {self.src(args[1])})"
        if name not in _INLINE_CORE:
            return None
        if name in ("min", "max") and len(args) > 1:
            return f"_pick(_{name}, [{''.join(self.src(a) + ', ' for a in args)}])"
        if name in ("count", "abs") and len(args) == 1:
            return f"{'_size_of' if name == 'count' else '_abs_of'}({self.src(args[0])})"
        if name == "join":
            sep = self.src(args[1]) if len(args) > 1 else "''"
            return f"_join_of({sep}, _items_of({self.src(args[0])}))"
        if name == "index_of":
            return f"_index_in(_items_of({self.src(args[0])}), {self.src(args[1])})"
        if name in ("first", "last") and args[0][0] == "name" \
                and self.kinds.get(args[0][1]) == "zone":  # its card, the zone not listed
            return f"ctx.zone_end({ident(args[0][1])!r}, {0 if name == 'first' else -1})"
        if len(args) == 1:
            return _ONE_ARG[name].format(f"_items_of({self.src(args[0])})")
        items, body = args
        if self.fused(name, items, body):  # sum(filter(zone, cond), it.value): one loop
            return _ONE_ARG[name].format(self.loop(items[2][0], items[2][1], "items", body))
        if name == "count":
            return f"_len({self.loop(items, body, 'items')})"
        if name == "filter":
            return self.loop(items, body, "items")
        form = "pairs" if name in ("take_while", "highest", "lowest") else "values"
        return _ONE_ARG[name].format(self.loop(items, body, form))

    def fused(self, name: str, items: Node, body: Node) -> bool:
        """Whether ``name(filter(x, cond), it.attr)`` (``name`` keeping the values: sum, map,
        min, max), ``x`` a zone's cards, is written as one loop: ``[it.attr for it in x if
        cond]``. Each kept card's attribute is read right after its condition rather than in
        a second loop; reading it can neither fail nor count work, so the same conditions
        are evaluated in the same order, the same work is counted (the kept items once more,
        as the second loop's reading counted them) and the same errors are met."""
        return (self.engine and name in ("sum", "map", "min", "max")
                and items[0] == "core" and items[1] == "filter" and len(items[2]) == 2
                and self.cards_only(items[2][0])
                and body[0] == "attr" and body[1] == ("local", "it"))

    def local_once(self, node: Node) -> str | None:
        """In a loop's item argument, a local other than ``it`` read as a dict's ``get`` (no
        error, no work, nothing else read): read before the loop's items into a Python
        variable, whose name this gives; None for anything else."""
        kind = node[0]
        if (self.hoist is None or kind not in ("local", "name") or self.iterable
                or node[1] == "it" or node[1] in self.pyvars
                or (kind == "name" and self.kinds.get(node[1]) != "local")):
            return None
        hoist, self.hoist = self.hoist, None
        try:
            code = self.src(node)
        finally:
            self.hoist = hoist
        if not _LOCAL_GET.match(code):
            return None
        h = f"_h{self.n}"
        self.n += 1
        hoist.append(f"{h} := {code}")
        return h

    def src(self, node: Node) -> str:
        """The source computing ``node`` (one method per kind of node, ``_src_<kind>``)."""
        kind = node[0]
        if (self.hoist is not None and kind in _HOISTED and not self.iterable
                and _still(node, self.kinds, self.table)):
            return self.read_once(node, self.hoist)
        once = self.local_once(node)
        if once is not None:
            return once
        write: Callable[[Node], str] | None = getattr(self, f"_src_{kind}", None)
        if write is None:  # pragma: no cover (the parser makes no other kind)
            raise ExpressionError(f"cannot compile {kind!r}")
        return write(node)

    def read_once(self, node: Node, hoist: list[str]) -> str:
        """A part that is the same for every item of the loop around it: read when first
        needed (errors, ``and``/``or`` as they were), then from a Python variable for the other
        items of this loop; its work counted again for each item (``_d``: what its reading
        counted), so that the limit is met where it was."""
        h, d = f"_h{self.n}", f"_h{self.n}_"
        self.n += 1
        self.hoist = None
        try:
            code = self.src(node)
        finally:
            self.hoist = hoist
        hoist.append(h)
        return (f"({h} if {h} is not _NO and (not {d} or _take({d})) else "
                f"({d} := _W.left, {h} := {code}, {d} := {d} - _W.left)[1])")

    def _src_num(self, node: Node) -> str:
        return repr(int(node[1]))

    def _src_str(self, node: Node) -> str:
        return repr(str(node[1]))

    def _src_const(self, node: Node) -> str:
        return {True: "True", False: "False", None: "None"}[node[1]]

    def _src_list(self, node: Node) -> str:
        return "[" + "".join(self.src(x) + ", " for x in node[1]) + "]"

    def _src_it_of(self, node: Node) -> str:
        if node[1] in self.pyvars:
            return self.pyvars[node[1]]
        return f"ctx.locals.get({ident(node[1])!r})"

    def _src_named(self, node: Node) -> str:
        """``c -> body``: the item (the loop's Python variable, else the local ``it``) named
        in the locals too, for the body's parts compiled as functions of their own."""
        name = ident(node[1])
        item = self.pyvars.get("it", "ctx.locals.get('it')")
        saved, hoist, self.hoist = self.pyvars.get(name), self.hoist, None
        self.pyvars[name] = item
        try:
            body = self.src(node[2])
        finally:
            self.hoist = hoist
            if saved is None:
                del self.pyvars[name]
            else:
                self.pyvars[name] = saved
        return f"(_dset(ctx.locals, {name!r}, {item}), {body})[1]"

    def _src_dict(self, node: Node) -> str:
        return "_mapping([" + "".join(f"({self.src(k)}, {self.src(v)}), "
                                      for k, v in node[1]) + "])"

    def _src_local(self, node: Node) -> str:
        if node[1] in self.pyvars:
            return self.pyvars[node[1]]
        return f"ctx.locals.get({ident(node[1])!r})"

    def _src_name(self, node: Node) -> str:
        name = ident(node[1])
        read = self.kinds.get(name, "")
        if read == "local":  # only ever a local: as Ctx.lookup reads it
            return f"ctx.locals.get({name!r})"
        if read == "state":
            return STATE_NAMES[name]
        if name == "me" and self.engine:  # Ctx.lookup: the local, else Ctx.me
            return "(ctx.locals['me'] if 'me' in ctx.locals else ctx.me)"
        if read == "var":  # as Ctx.var, without its call for the engine's own reads
            return f"(ctx.state.vars[{name!r}] if ctx.viewer is None else ctx.var({name!r}))"
        read = _READS.get(read, "lookup")  # a zone or var: read direct
        if read == "lookup" and name not in _PLAIN_NAMES:
            self.escapes += 1  # a derived value, or a local named so
        return f"ctx.{read}({name!r})"

    def _src_name_at(self, node: Node) -> str:
        seat_kind = self.kinds.get(node[1])
        if seat_kind in ("seatvar", "seatzone"):  # as Ctx.lookup_at reads them
            if seat_kind == "seatvar" and self.no_viewer():  # Ctx.var_at's engine read
                key = ident(node[1]) + "/"  # (its key as the f-string there makes it)
                return f"ctx.state.vars.get({key!r} + _fmt({self.src(node[2])}))"
            at = "var_at" if seat_kind == "seatvar" else "zone_at"
            return f"ctx.{at}({ident(node[1])!r}, {self.src(node[2])})"
        self.escapes += 1
        return f"ctx.lookup_at({ident(node[1])!r}, {self.src(node[2])})"

    def _src_attr(self, node: Node) -> str:
        name = ident(node[2])
        if node[1][0] == "local" and node[1][1] in self.pyvars:  # a card's: from its table
            x = self.pyvars[node[1][1]]
            if x in self.cardish:  # a card, or null in a view: no type to test
                if self.no_viewer():
                    return card_attr(x, name)
                return f"({card_attr(x, name)} if {x} is not None else None)"
            return f"({card_attr(x, name)} if _type({x}) is _CardDef " \
                   f"else _ga({x}, {name!r}))"
        if node[1] == ("name", "option") and self.kinds.get("option") == "state":
            return f"ctx.state.options.get({name!r})"  # an option's value, or None
        if not self.iterable and self.card_or_null(node[1]):  # its table, no type test
            t = f"_t{self.n}"
            self.n += 1
            return (f"({card_attr(t, name)} if ({t} := {self.src(node[1])}) "
                    f"is not None else None)")
        if node[1][0] == "name" and self.kinds.get(node[1][1]) == "local" \
                and node[1][1] not in self.pyvars:  # a local's: one call
            return f"_la(ctx.locals, {ident(node[1][1])!r}, {name!r})"
        return f"_ga({self.src(node[1])}, {name!r})"

    def _src_index(self, node: Node) -> str:
        return f"_ix({self.src(node[1])}, {self.src(node[2])})"

    def _src_core(self, node: Node) -> str:
        name = ident(node[1])
        if name == "size":
            arg = node[2][0]
            if arg[0] == "name" and self.kinds.get(arg[1]) in ("zone", "seatzone"):
                read = "zone_size" if self.kinds[arg[1]] == "zone" else "seat_zone_size"
                return f"ctx.{read}({ident(arg[1])!r})"  # counted, not listed
            if (self.engine and arg[0] == "call" and arg[1] == "seats" and not arg[2]
                    and self.table.direct("seats", 0)):  # the seats still in: counted
                return "_seat_count(ctx)"
            return f"_size_of({self.src(arg)})"
        if name == "number":
            return f"_number_of({self.src(node[2][0])})"
        written = self.core(name, node[2])
        if written is not None:
            return written
        return f"_core_{name}(ctx, {self.args(node[2])})"

    def _src_call(self, node: Node) -> str:
        name = ident(node[1])
        if not self.engine:
            self.escapes += 1
            return f"ctx.call({name!r}, {self.args(node[2])})"
        if self.table.direct(name, len(node[2])):
            # its arguments' values, in order, as Ctx.call evaluates them
            if not self.table[name].pure:
                self.escapes += 1
            return f"_f_{name}(ctx{''.join(', ' + self.src(a) for a in node[2])})"
        self.escapes += 1
        if self.table.engine(name):
            return f"ctx.call({name!r}, {self.args(node[2])})"
        # a ruleset's own function: its arguments' values, then its value (Ctx.own)
        return f"ctx.own({name!r}{''.join(', ' + self.src(a) for a in node[2])})"

    def _src_not(self, node: Node) -> str:
        return f"(not {self.src(node[1])})"

    def _src_and(self, node: Node) -> str:
        return "(" + f" {node[0]} ".join(self.src(x) for x in node[1]) + ")"

    _src_or = _src_and

    def _src_cmp(self, node: Node) -> str:
        a, b = self.src(node[2]), self.src(node[3])
        if node[1] in ("==", "!="):
            return f"({a} {node[1]} {b})"
        if node[1] in _ORDER and not self.iterable and (node[2][0] == "num"
                                                       or node[3][0] == "num"):
            # against a number: as _lt/_le/_gt/_ge, without their call (the other side
            # read once, after the number as written, its null false)
            t = f"_t{self.n}"
            self.n += 1
            if node[3][0] == "num":
                return f"(({t} := {a}) is not None and {t} {node[1]} {b})"
            return f"(({t} := {b}) is not None and {a} {node[1]} {t})"
        if node[1] in _ORDER and not self.iterable and not self.items and len(b) <= 120:
            # two values (``passed >= total``): as _lt/_le/_gt/_ge, without the call;
            # both sides read once, in order, whatever the first (null false)
            t, u = f"_t{self.n}", f"_t{self.n + 1}"
            self.n += 2
            return (f"((({u} := {b}) is not None and {t} {node[1]} {u}) "
                    f"if ({t} := {a}) is not None else ({b} is None and False))")
        return f"{_CMP_SOURCE[node[1]]}({a}, {b})"

    def _src_sum(self, node: Node) -> str:
        v = self.src(node[1])
        for plus, x in node[2]:
            v = self.added(v, plus, x)
        return v

    def added(self, v: str, plus: bool, x: Node) -> str:
        """``v + x`` (or ``v - x``), ``v`` already written."""
        t = self.text_name
        op, helper = ("+", "_plus") if plus else ("-", "_minus")
        if self.iterable or self.items:
            return f"{helper}({v}, {self.src(x)}, {t})"
        if x[0] == "num":
            # a number added to or taken from a number (``rooms + 1``): without the call
            # of _plus/_minus; any other value (a list, null, a flag) or a result past the
            # limit goes through it, from the value read once
            a, r = f"_t{self.n}", f"_t{self.n + 1}"
            self.n += 2
            b = self.src(x)
            return (f"({r} if _type({a} := {v}) is _int and {-MAX_NUMBER} <= ({r} := {a} "
                    f"{op} {b}) <= {MAX_NUMBER} else {helper}({a}, {b}, {t}))")
        # two values (``hp + gain``): both read, in order (``&``), whatever the first
        a, b, r = f"_t{self.n}", f"_t{self.n + 1}", f"_t{self.n + 2}"
        self.n += 3
        return (f"({r} if (_type({a} := {v}) is _int) & (_type({b} := {self.src(x)}) "
                f"is _int) and {-MAX_NUMBER} <= ({r} := {a} {op} {b}) <= {MAX_NUMBER} "
                f"else {helper}({a}, {b}, {t}))")

    def _src_prod(self, node: Node) -> str:
        v = self.number(self.src(node[1]))
        for op, x in node[2]:
            v = f"{_ARITH_SOURCE[op]}({v}, {self.src(x)}, {self.text_name})"
        return v

    def _src_neg(self, node: Node) -> str:
        return f"(-{self.number(self.src(node[1]))})"

    def _src_if(self, node: Node) -> str:
        return f"({self.src(node[1])} if {self.src(node[2])} else {self.src(node[3])})"

    def number(self, x: str) -> str:
        """``_num(x, text)``: a number as it is, without the call (not in a comprehension,
        where Python refuses ``:=`` or makes its variable a cell); anything else through
        ``_num``, read once."""
        if self.iterable or self.items:
            return f"_num({x}, {self.text_name})"
        a = f"_t{self.n}"
        self.n += 1
        return f"({a} if _type({a} := {x}) is _int else _num({a}, {self.text_name}))"


# a card's attributes that are its own slots too (CardDef: the same values as its table's,
# which copies them): read so from a value known to be a card, without the table's ``get``
CARD_SLOTS = frozenset({"value", "type", "suit", "rank", "code", "kind", "uid"})


def card_attr(x: str, name: str) -> str:
    """The source reading attribute ``name`` of the Python variable ``x``, known to hold a
    card (a CardDef): its slot for one of CARD_SLOTS, else its table's entry."""
    if name in CARD_SLOTS:
        return f"{x}.{name}"
    return f"{x}.attr_table.get({name!r})"


# how the engine's context reads a name it knows the kind of (Ctx in context.py)
_READS = {"zone": "cards", "seatzone": "seat_cards", "var": "var", "seatvar": "seat_var"}

_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")


def ident(name: object) -> str:
    """A name as the tokenizer reads it (the tree holds no other); anything else is refused."""
    if not isinstance(name, str) or not _IDENT.match(name):
        raise ExpressionError(f"not a name: {name!r}")
    return name


def generate_source(node: Node, kinds: dict[str, str] | None = None,
                    table: FunctionTable = CORE) -> str:
    """The Python source of a function ``_e(ctx)`` computing the expression tree ``node``;
    ``kinds`` tells which names are zones or vars that no local hides (read directly)."""
    gen = ExprCompiler(kinds, table)
    body = gen.src(node)
    return "".join(gen.defs) + f"def _e(ctx):\n    return {body}\n"


@attrs.frozen(eq=False)
class Expression:
    """A compiled expression: its function of a context, and what it was compiled from, for
    the compilers that write its code again elsewhere (codegen.py, listing.py) and for the
    engine's reading of what it reads (``reads``)."""

    fn: Compiled
    tree: Node | None = None  # None for a plain YAML value
    # the ``kinds`` of an engine expression (None: compiled for any context)
    kinds: dict[str, str] | None = None
    # its text, as its generated code names it in error messages (None where no code was
    # generated: a plain value, or a tree Python cannot compile, run as closures)
    text: str | None = None
    plain: bool = False  # written as a plain YAML value (true, false, null, a number)
    constant: Value = None  # that value


def _made(e: Expression) -> Compiled:
    """The function of a compiled expression, which knows its expression (``expression_of``)."""
    holder: Any = e.fn
    holder.expression = e
    return e.fn


def expression_of(fn: object) -> Expression | None:
    """The expression a function was compiled from by ``compile_expr``; None for another."""
    e = getattr(fn, "expression", None)
    return e if isinstance(e, Expression) else None


def tree_of(fn: object) -> Node | None:
    """The checked tree a function was compiled from; None for a plain value or another."""
    e = expression_of(fn)
    return None if e is None else e.tree


def constant_of(fn: object) -> Value:
    """The value of an expression written as a plain YAML value; None for any other."""
    e = expression_of(fn)
    return e.constant if e is not None else None


def _generate(node: Node, text: str, kinds: dict[str, str] | None,
              table: FunctionTable) -> Expression:
    """The tree compiled to Python code (the closures when Python cannot compile it)."""
    try:
        source = generate_source(node, kinds, table)
        code = compile(source, "<expression>", "exec")
    except (RecursionError, SyntaxError, MemoryError, ValueError):
        return Expression(_closure(node, text, table), node, kinds)
    namespace: dict[str, Any] = dict(HELPERS)
    namespace["_CardDef"] = CardDef
    namespace.update(table.namespace)
    namespace["_T"] = text  # the expression's text, for error messages only
    exec(code, namespace)  # noqa: S102 (our generated source, from the checked tree only)
    return Expression(namespace["_e"], node, kinds, text)


def reads(fn: Compiled) -> tuple[frozenset[str], frozenset[str]] | None:
    """What a compiled expression reads: the names (locals included) and the functions other
    than the core ones it calls; None when it was not compiled from a tree."""
    e = expression_of(fn)
    tree = None if e is None else e.tree
    if tree is None:
        return None
    names: set[str] = set()
    calls: set[str] = set()
    stack: list[tuple[Any, bool]] = [(tree, False)]  # (part, ``it`` bound by a function)
    while stack:
        x, bound = stack.pop()
        if isinstance(x, tuple) and x and isinstance(x[0], str):
            kind = x[0]
            if kind in ("local", "name", "name_at") and not (bound and x[1] == "it"):
                names.add(x[1])
            elif kind == "call":
                calls.add(x[1])
            if kind == "core" and x[1] in _BINDS_IT:  # ``it`` is each item in args after the
                stack.append((x[2][0], bound))        # first: bound there, not the caller's
                stack.extend((a, True) for a in x[2][1:])
                continue
            stack.extend((y, bound) for y in x[1:])
        elif isinstance(x, list | tuple):
            stack.extend((y, bound) for y in x)
    return frozenset(names), frozenset(calls)


# the core functions that evaluate their arguments after the first with ``it`` bound (_each)
_BINDS_IT = {"count", "filter", "map", "sum", "any", "all", "distinct", "take_while",
             "highest", "lowest", "sort"}


def parse_expr(text: str, names: set[str] | None = None,
               functions: dict[str, tuple[int, int]] | None = None,
               table: FunctionTable = CORE) -> Node:
    """The checked tree of an expression.

    :raises ExpressionError: the text does not parse, or uses an unknown name or function.
    """
    try:
        return _Parser(text, names, functions or {}, table).parse()
    except RecursionError:
        raise ruleset_error(ExpressionError, "expr_too_deep", start=text[:60]) from None


def compile_expr(
    text: object,
    names: set[str] | None = None,
    functions: dict[str, tuple[int, int]] | None = None,
    kinds: dict[str, str] | None = None,
    table: FunctionTable = CORE,
) -> Compiled:
    """Parse an expression into a function of a Context.

    ``names`` (if given) are the only names it may use besides ``it``; ``functions`` maps
    the ruleset's own functions to their (min, max) argument counts; ``table`` holds the
    other functions it may call (the core ones, and the engine's for the engine's
    expressions); ``kinds`` (the loader's) names the zones and vars no local hides, which
    the engine's Ctx reads directly.

    :raises ExpressionError: the text does not parse, or uses an unknown name or function.
    """
    if isinstance(text, bool) or text is None or isinstance(text, int):
        const = text
        return _made(Expression(lambda ctx: const, plain=True, constant=const))
    if not isinstance(text, str):
        raise ruleset_error(ExpressionError, "expr_not_text", v=text)
    if not text.strip():
        raise ruleset_error(ExpressionError, "expr_empty")
    tree = parse_expr(text, names, functions, table)
    return _made(_generate(tree, text, kinds, table))


_TEMPLATE = re.compile(r"\{([^{}]+)\}")


def compile_template(
    text: str,
    names: set[str] | None = None,
    functions: dict[str, tuple[int, int]] | None = None,
    kinds: dict[str, str] | None = None,
    table: FunctionTable = CORE,
) -> Callable[[Context], str]:
    """Compile a message with ``{expression}`` holes into a function of a Context (which
    knows its parts: ``template_parts``).

    :raises ExpressionError: a hole does not parse.
    """
    parts: list[str | Compiled] = []
    holes: list[str | None] = []  # the text of each hole, None for the plain parts
    pos = 0
    for m in _TEMPLATE.finditer(text):
        parts.append(text[pos:m.start()])
        parts.append(compile_expr(m.group(1), names, functions, kinds, table))
        holes += [None, m.group(1).strip()]
        pos = m.end()
    parts.append(text[pos:])
    holes.append(None)

    def render(ctx: Context) -> str:
        out = []
        for p in parts:
            if isinstance(p, str):
                out.append(p)
            else:
                v = p(ctx)
                out.append(display(v))
        return "".join(out)

    holder: Any = render
    holder.template_parts = list(zip(holes, parts, strict=True))
    return render


def template_plan(parts: list[tuple[str | None, str | Compiled]], index: dict[str, int],
                  fns: list[Any], keep_empty: bool = True) -> list[str | int]:
    """A message's text in one language as a plan: its plain parts (texts) and its holes (the
    number of the hole's function in ``fns``; a hole written alike in several languages gets
    one number, ``index`` by its source); empty plain parts left out unless ``keep_empty``."""
    plan: list[str | int] = []
    for hole, part in parts:
        if hole is None or isinstance(part, str):
            if keep_empty or str(part):
                plan.append(str(part))
            continue
        if hole not in index:
            index[hole] = len(fns)
            fns.append(part)
        plan.append(index[hole])
    return plan


def texts_renderer(templates: dict[str, Callable[[Any], str]]
                   ) -> Callable[[Any], dict[str, str]]:
    """One function giving a message in every language, ``{lang: template(ctx)}``, that
    evaluates a hole written alike in several languages once (the state does not change
    between the languages of one message)."""
    fns: list[Compiled] = []
    index: dict[str, int] = {}
    plans: list[tuple[str, list[str | int]]] = []
    for lang, render in templates.items():
        parts = template_parts(render)
        if parts is None:  # not one of ours: as it is
            return lambda ctx: {lang: r(ctx) for lang, r in templates.items()}
        plans.append((lang, template_plan(parts, index, fns)))

    # generated like the expressions: the holes, each once, then each language's text joined
    # from its plain parts (repr'd) and the holes' values
    lines = ["def _r(ctx):"]
    lines += [f"    _h{i} = _display(_f{i}(ctx))" for i in range(len(fns))]
    items = []
    for lang, plan in plans:
        pieces = [f"_h{p}" if isinstance(p, int) else repr(p) for p in plan if p != ""]
        items.append(f"{lang!r}: " + (" + ".join(pieces) if pieces else "''"))
    lines.append("    return {" + ", ".join(items) + "}")
    namespace: dict[str, Any] = {"_display": display, "__builtins__": {}}
    namespace.update({f"_f{i}": f for i, f in enumerate(fns)})
    exec(compile("\n".join(lines) + "\n", "<message>", "exec"), namespace)  # noqa: S102
    render_all: Callable[[Any], dict[str, str]] = namespace["_r"]
    return render_all


def template_parts(render: Callable[[Any], str]
                   ) -> list[tuple[str | None, str | Compiled]] | None:
    """A message compiled by ``compile_template`` as its parts: (None, plain text) and (the
    hole's text, its compiled expression); None for a function that is not one of ours (for
    generated code that writes a message out, codegen.py)."""
    parts: list[tuple[str | None, str | Compiled]] | None = getattr(render, "template_parts",
                                                                      None)
    return parts


def display(v: Value) -> str:
    """How a value reads inside a message."""
    if type(v) is str:
        return v
    if type(v) is int:  # as str(v) below, without looking for a label
        return str(v)
    if v is None:
        return "none"
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, list | tuple):
        return ", ".join(display(x) for x in v)
    label = getattr(v, "label", None)
    if callable(label):
        return str(label())
    return str(v)
