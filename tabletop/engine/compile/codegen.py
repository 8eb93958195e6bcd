"""Effects compiled to Python: each block's steps become generated functions, one per
place the interpreter may enter the block (its start, and just after each step that may push
a frame, ask a question or end the game: a *segment*).

Each kind of step is written by one method of ``_Gen``, ``visit_<kind>(step, ..., where)``,
for each place its code may run (``where``): in place (``set``, ``add``, ``let``, ``log``,
``announce``, ``move``, ``deal``, ``end``, ``check_end``, and ``if``, ``do``, ``end_turn``
over blocks that never ask), at the end of a segment (a step that may push a frame, ask or
end the game), as the interpreter's runner of the step, and in a block's own function
(``flat_function``); the straight kinds write the same code everywhere, the others choose
there the few lines that differ by place. A kind with no such method (``shuffle``,
``reveal``, ``flip``...) is called through its runner (effects.py). A segment runs the
block's steps from its entry in one Python function, then the step that may suspend; if
that step pushed no frame, asked nothing and did not end the game, the segment goes on with
the next one. The frames, their indexes and so the saves are exactly what the step-by-step
interpreter makes (``make_runners``: the runners' code, compiled alone).

The source is built from the checked step tree alone, as expressions are (expr.py): every
value of the ruleset (compiled expressions, runners, numbers) enters the generated namespace
under a name of ours (``_k12``); the only ruleset texts in the source are field paths and var
or local names, and they enter it through ``repr()``. The code runs without builtins (the few
it calls are given by name).

A segment counts its steps against the move's step budget and says which field it is running
(``st._where``, for error messages) as the interpreter does; when the budget left is smaller
than the segment's longest run it declines (returns False) and the interpreter runs those
steps one by one, so the limit trips at the same step with the same message.
"""

from __future__ import annotations

import re as _re
from collections.abc import Callable
from functools import partial
from types import CodeType as _CodeType
from types import FunctionType as _FunctionType
from typing import Any

import attrs

from tabletop.engine.context import Ctx, _cards_of
from tabletop.engine.effects import (
    advance_turn,
    card_blocks,
    chosen_seat,
    deal_cards,
    deal_cards_at,
    frame_ctx,
    mask_line,
    move_cards_at,
    open_window,
    position,
)
from tabletop.engine.effects import make_runners as effects_runners
from tabletop.errors import ExpressionError
from tabletop.i18n.messages import ruleset_error
from tabletop.lang.cards import CardDef
from tabletop.lang.expr import (
    HELPERS,
    STATE_NAMES,
    ExprCompiler,
    Node,
    Work,
    card_attr,
    constant_of,
    display,
    expression_of,
    ident,
    reads,
    seats_in,
    template_parts,
    template_plan,
    texts_renderer,
    tree_of,
)
from tabletop.lang.functions import FunctionTable
from tabletop.rules.spec import GameSpec
from tabletop.rules.steps import (
    ENDS,
    STRAIGHT,
    Add,
    Advance,
    Announce,
    Block,
    CardEffect,
    CheckEnd,
    Choose,
    Deal,
    Do,
    End,
    EndTurn,
    ForEach,
    If,
    Let,
    Log,
    Move,
    Set,
    Step,
    Window,
)
from tabletop.rules.values import (
    EVENT_SETTERS,
    Event,
    Frame,
    Pending,
    make_event,
)
from tabletop.safety.limits import MAX_FRAMES

Segment = Callable[[Any, Frame], bool]
# a block's segments by the step they start at; 0 at its end (no call: the loop pops it)
Segments = dict[int, Segment | int]
Runner = Callable[[Any, Frame], None]

# a flat procedure of more steps than this (its nested ones counted) is called through its
# function at a ``do`` rather than written out in place (no code grows without bound)
_INLINE_MAX = 40
# how deep the frame stack may be for a segment to run a block it pushes at once (below:
# through the interpreter's loop)
_DIRECT_DEPTH = 48
# how many frames the interpreter would have above the stack's own for a block's function
# that may call itself to go on (past it: its frame made, the interpreter goes on from there)
_DEPTH = 64
# where a step's code runs, the ``where`` of a ``visit_`` method: inside a segment or a block's
# function, run through (a step that never asks: ``_Gen.inline``); at the end of a segment (a
# step that may push a frame, ask or end the game: the segment gives True when it suspended,
# else goes on); the interpreter's runner of the step, run in its frame (at the next step);
# in a block's function, where a frame is made only when a question is asked or the budget
# runs low (``_Gen.flat_function``)
IN_PLACE, PAUSE, RUNNER, FUNCTION = "in place", "pause", "runner", "function"
# the most distinct lines a log step keeps the event of (codegen.log), past which it forgets
_LOG_MEMO = 256


def _log_line(st: Any, ctx: Ctx, render: Callable[[Any], dict[str, str]], seat: Any) -> None:
    """A log step's line, when its texts cannot be written out (``_Gen.log``)."""
    texts = render(ctx)
    Work.spend(sum(map(len, texts.values())))
    st._events.append(make_event("log", ctx.me if seat else None, texts, {}, None))


# a hole of a log line that shows a card or one of its attributes by a name: {card},
# {card.name_fr}, {drawn.value}
_CARD_HOLE = _re.compile(r"\s*([A-Za-z_][A-Za-z0-9_]*)(?:\.[A-Za-z_][A-Za-z0-9_]*)?\s*\Z")


def card_hole_names(templates: dict[str, Callable[[Any], str]]) -> tuple[str, ...]:
    """The names a log line's holes show cards by (``{card.name}``: card), in order, once:
    what ``effects.mask_line`` looks at. Empty for a line whose parts are not known."""
    names: dict[str, None] = {}
    for render in templates.values():
        for hole, _part in template_parts(render) or ():
            m = _CARD_HOLE.match(hole) if hole is not None else None
            if m is not None:
                names[m.group(1)] = None
    return tuple(names)


def _put_all(dest: list[int], uids: list[int], top: bool, where: dict[int, str],
             key: str) -> None:
    """Cards taken out of one zone put into ``dest`` (zone ``key``) at once, in their order:
    as the card-by-card loop of ``_move`` leaves them."""
    if top:
        dest[:0] = uids
    else:
        dest.extend(uids)
    for uid in uids:
        where[uid] = key


def _move(st: Any, ctx: Ctx, what: Any, to: Any, key: str | None, top: bool) -> None:
    """A move step, each card taken out of its zone and put on top of the zone (or at its
    end), each zone recorded in the undo journal before it changes; ``key`` is
    the zone's key when it is not per seat."""
    cards = _cards_of(what)
    if key is None:
        key = st.zone_key(to, ctx)
    zones = st.zones
    where = st.where
    dest = zones[key]
    undo = st._undo_zones  # the zones as they were before the move (State.play)
    if undo is not None and key not in undo:
        undo[key] = dest[:]
    if cards:  # the whole of one other zone, in its order (a hand, a pile moved at once):
        src = where[cards[0].uid]  # emptied in one go, as the loop below would leave it
        if src and src != key and len(pile := zones[src]) == len(cards):
            uids = [c.uid for c in cards]
            if uids == pile:
                if undo is not None and src not in undo:
                    undo[src] = pile[:]
                pile.clear()
                _put_all(dest, uids, top, where, key)
                st.learn_moved(src, key, uids)
                return
        elif src and src != key and len(cards) > 2:  # several cards of one other zone, each
            uids = [c.uid for c in cards]  # once: taken out of it, then put in at once, in
            for uid in uids:  # their order (as the loop below leaves them)
                if where[uid] != src:
                    break
            else:
                gone = set(uids)
                if len(gone) == len(uids):
                    if undo is not None and src not in undo:
                        undo[src] = pile[:]
                    pile[:] = [u for u in pile if u not in gone]  # (each there once)
                    _put_all(dest, uids, top, where, key)
                    st.learn_moved(src, key, uids)
                    return
    for c in (reversed(cards) if top else cards):
        uid = c.uid
        src = where[uid]
        if src:
            if undo is not None and src not in undo:
                undo[src] = zones[src][:]
            zones[src].remove(uid)
            st.learn_moved(src, key, (uid,))
        if top:
            dest.insert(0, uid)
        else:
            dest.append(uid)
        where[uid] = key


def _move_zone(st: Any, ctx: Ctx, pile: list[int] | None, src: str, to: Any, key: str | None,
               top: bool) -> None:
    """A move step of a whole zone (``what`` a zone's name, or ``zone[seat]``): as reading
    the zone (its work counted: ``Ctx.cards``) and ``_move`` of its cards, without listing
    them. ``pile`` is the zone's card numbers (None: no such zone, as ``Ctx.zone_at`` gives
    null), ``src`` its key."""
    if pile:
        Work.left -= len(pile)  # Ctx.cards's reading
        if Work.left < 0:
            Work.spend(0)
    if key is None:
        key = st.zone_key(to, ctx)
    zones = st.zones
    dest = zones[key]
    undo = st._undo_zones  # the zones as they were before the move (State.play)
    if undo is not None and key not in undo:
        undo[key] = dest[:]
    if not pile or src == key:  # nothing to move, or a zone moved onto itself (unchanged)
        return
    if undo is not None and src not in undo:
        undo[src] = pile[:]
    uids = pile[:]  # emptied in one go, in its order (as _move's whole-zone path)
    pile.clear()
    _put_all(dest, uids, top, st.where, key)
    st.learn_moved(src, key, uids)


def _pile_size(pile: list[int] | None) -> int:
    """size(zone) of a zone's card numbers (None: no such zone, null): the work of reading
    the zone and of ``size`` of its list (as ``Ctx.zone_size``)."""
    if pile is None:
        return 0
    n = len(pile)
    Work.left -= 2 * n
    if Work.left < 0:
        Work.spend(0)
    return n


def _pile_top(st: Any, pile: list[int] | None) -> Any:
    """top(zone) of a zone's card numbers (None: no such zone, null): its first card, the
    work of reading the zone counted (``top`` counts none)."""
    if not pile:
        return None
    Work.left -= len(pile)
    if Work.left < 0:
        Work.spend(0)
    return st.game.spec.cards[pile[0]]


# a frame's context (``f.ctx``, made once per frame: Ctx(st, loc) with its slots set in
# place, no __init__ call) and locals, as a segment or a step's runner reads them
_FRAME_CONTEXT = ("    ctx = f.ctx", "    loc = f.locals",
                  "    if ctx is None or ctx.state is not st:",
                  "        ctx = f.ctx = _new(_Ctx)", "        ctx.state = st",
                  "        ctx.locals = loc", "        ctx.viewer = None")
# Ctx(st, loc) made with its slots set in place (no __init__ call)
_CONTEXT = ("    ctx = _new(_Ctx)", "    ctx.state = st", "    ctx.locals = loc",
            "    ctx.viewer = None")


def _frame(var: str, block: str, locals_: str, ctx: str, ind: str) -> list[str]:
    """``var = Frame(block, 0, locals_)`` with its context ``ctx``, made without a call of
    Frame's ``__init__`` (a frame's four slots set in place)."""
    return [f"{ind}{var} = _new(_Frame)",
            f"{ind}{var}.block = {block}",
            f"{ind}{var}.index = 0",
            f"{ind}{var}.locals = {locals_}",
            f"{ind}{var}.ctx = {ctx}"]


def _uses(name: str, source: str) -> bool:
    """Whether generated source reads the name (not as an attribute)."""
    return _re.search(rf"(?<![.\w]){name}\b", source) is not None


def _hand_over(block: Block) -> Callable[..., bool]:
    """A block's function that runs none of its steps: its frame made at its first step
    (the locals given), the interpreter runs it from there."""
    def run(st: Any, f: Any, loc: dict[str, Any], ctx: Any, d: int = 0) -> bool:
        st.frames.append(Frame(block, 0, loc))
        return True
    return run


def _too_many_frames(items: list[Any]) -> None:
    """for_each's limit: more frames than the stack may hold."""
    raise ruleset_error(ExpressionError, "for_each_limit", limit=MAX_FRAMES, n=len(items))


_UNREAD = object()  # a derived value the end check has not read yet (``_U``)
_PENDING_FIELDS = tuple(a.name for a in attrs.fields(Pending))  # as a question sets them

_NAMESPACE: dict[str, Any] = {
    **HELPERS,  # the expressions' helpers, for the expressions written out in the segments
    "_CardDef": CardDef,
    "_Ctx": Ctx, "_Frame": Frame, "_log_line": _log_line, "_mask_line": mask_line,
    "_move": _move,
    "_move_zone": _move_zone, "_deal_cards": deal_cards, "_frame_ctx": frame_ctx,
    "_move_cards_at": move_cards_at, "_deal_cards_at": deal_cards_at, "_position": position,
    "_advance_turn": advance_turn, "_chosen_seat": chosen_seat, "_seats_in": seats_in,
    "_pile_size": _pile_size, "_pile_top": _pile_top,
    "_int": int, "_str": str, "_len": len, "_dict": dict, "_reversed": reversed,
    "_cards_of": _cards_of, "_list": list, "_range": range,
    "_too_many_frames": _too_many_frames, "_bool": bool, "_isinstance": isinstance,
    "_BaseException": BaseException, "_W": Work, "_display": display,
    "_new": object.__new__, "_Event": Event, "_Pending": Pending, "_U": _UNREAD,
    "_forget": dict.clear,
    **{f"_ev_{name}": setter for name, setter in zip(
        ("kind", "seat", "text", "data", "private_to"), EVENT_SETTERS, strict=True)},
    "__builtins__": {},  # the generated code needs no builtin but those above
}


# the state's names read in a segment (``st`` is the state), as STATE_NAMES reads them
_STATE_READS = {name: "st." + read.rpartition(".")[2] for name, read in STATE_NAMES.items()}


class _ExprIn(ExprCompiler):
    """expr's code generator for the expressions written into a segment, where ``ctx`` is
    the frame's context: its state ``st``, its locals ``loc``, no viewer (the engine's own
    reads). Inside the argument functions of calls (``_a3(ctx)``) the reads stay expr's."""

    def __init__(self, derived: dict[str, str], table: FunctionTable) -> None:
        super().__init__({}, table)
        self.top = True
        self.derived = derived  # a derived value no local hides -> the name of its reader
        self.loops = 0  # inside a comprehension (where no ``:=`` may go)
        # in the end check: the derived values its window remembers (game.memo_derived) ->
        # the Python variable that holds each once read (``_U`` until then)
        self.hoisted: dict[str, str] | None = None
        # the derived values that read only the state and ``me`` (game.memo_derived, never
        # ``it``): the same for every item of a loop in an expression (nothing there changes
        # the state), so read once per loop in a loop's item argument
        self.still: frozenset[str] = frozenset()
        # a per-seat zone's or var's keys seat by seat ("hand/0", ...): the name of their
        # tuple in the generated namespace, and its length (set by the segments' _Gen)
        self.keys_of: Callable[[str], tuple[str, int]] | None = None

    def keyed(self, name: str, seat: str, fmt: bool = False) -> str:
        """The key of the per-seat zone or var ``name`` at the seat ``seat`` gives, as
        ``f"{name}/{int(seat)}"`` (``fmt``: ``f"{name}/{seat}"``) makes it: a seat of the
        game's its key made at load (no text built, its hash kept), any other value's
        made as before. Outside a comprehension (its ``:=``)."""
        conv = "_fmt({})" if fmt else "_str(_int({}))"
        if self.keys_of is None or self.iterable or self.loops:
            return f"{name + '/'!r} + {conv.format(seat)}"
        keys, n = self.keys_of(name)
        t = f"_t{self.n}"
        self.n += 1
        return (f"({keys}[{t}] if _type({t} := {seat}) is _int and 0 <= {t} < {n} "
                f"else {name + '/'!r} + {conv.format(t)})")

    def no_viewer(self) -> bool:
        return self.top  # the segment's context (its argument functions: expr's own)

    def derived_once(self, name: str) -> str:
        """A derived value that reads no ``it`` (``letter`` in ``all(cards, it.suit ==
        letter)``) read in a loop's item argument: read when first needed (errors, ``and``/
        ``or`` as they were), then from a Python variable for the other items of this loop;
        the work its reading counted is counted again for each later item (``_take``), as
        reading it again would count it (nothing when the state's window remembers it: a
        second reading there counts none), so that the limit is met where it was."""
        h, d = f"_h{self.n}", f"_h{self.n}_"
        self.n += 1
        if self.hoist is not None:  # (always, where it is called)
            self.hoist.append(h)
        return (f"({h} if {h} is not _NO and (not {d} or _take({d})) else "
                f"({d} := _W.left, {h} := {self.derived[name]}(ctx), "
                f"{d} := _again(ctx, {d} - _W.left))[1])")

    def loop(self, items: Node, body: Node, form: str, then: Node | None = None) -> str:
        self.loops += 1
        try:
            return super().loop(items, body, form, then)
        finally:
            self.loops -= 1

    def fn(self, node: Node) -> str:
        top, self.top = self.top, False
        try:
            return super().fn(node)
        finally:
            self.top = top

    def src(self, node: Node) -> str:  # noqa: C901 (one case per read made direct)
        kind = node[0]
        if not self.top:
            return super().src(node)
        once = self.local_once(node)  # a local read once before a loop's items
        if once is not None:
            return once
        if self.hoist is None and not self.loops:  # (outside a loop's parts)
            direct = self.direct_read(node)
            if direct is not None:
                return direct
        if kind == "name_at" and self.kinds.get(node[1]) == "seatvar":  # Ctx.var_at's read
            return f"st.vars.get({self.keyed(ident(node[1]), self.src(node[2]), True)})"
        if kind == "local" and node[1] not in self.pyvars:
            return f"loc.get({ident(node[1])!r})"
        if kind == "name" and node[1] not in self.pyvars:
            name = ident(node[1])
            read = self.kinds.get(name, "")
            if read == "local":
                return f"loc.get({name!r})"
            if read == "state":
                return _STATE_READS[name]
            if read == "var":  # no viewer: Ctx.var gives the value
                return f"st.vars[{name!r}]"
            if name == "me" and not read:  # Ctx.lookup: the local, else Ctx.me
                return "(loc['me'] if 'me' in loc else ctx.me)"
            if not read and name in self.derived:  # Ctx.lookup finds no local: its reader
                if self.hoisted is not None and name in self.hoisted and not self.iterable:
                    # the window gives the same value, no work counted, from its first read
                    # (it reads only the state and ``me``, never ``it``): read once
                    v = self.hoisted[name]
                    return f"({v} if {v} is not _U else ({v} := {self.derived[name]}(ctx)))"
                if self.hoist is not None and not self.iterable and name in self.still:
                    return self.derived_once(name)
                self.escapes += 1  # (a derived value may read ``it``)
                return f"{self.derived[name]}(ctx)"
        if kind == "attr":
            of = node[1]
            if of == ("name", "option") and self.kinds.get("option") == "state":
                return f"st.options.get({ident(node[2])!r})"
            if not self.loops and not (of[0] in ("local", "name") and of[1] in self.pyvars):
                # get_attr written out for a card (its table), called for anything else
                name = ident(node[2])
                v = f"_v{self.n}"
                self.n += 1
                if self.card_or_null(of):  # first(zone): a card or null, no type to test
                    return (f"({card_attr(v, name)} if ({v} := {self.src(of)}) "
                            f"is not None else None)")
                return (f"({card_attr(v, name)} if _type({v} := {self.src(of)}) "
                        f"is _CardDef else _ga({v}, {name!r}))")
            if (of[0] == "name" and self.kinds.get(of[1]) == "local"
                    and of[1] not in self.pyvars):
                return f"_la(loc, {ident(of[1])!r}, {ident(node[2])!r})"
        return super().src(node)


    def zone_pile(self, node: Node) -> str | None:
        """The source of a zone's card numbers for a zone's name (``Ctx.cards``), a
        per-seat zone's name (``Ctx.seat_cards``: the acting seat's) or ``zone[seat]``
        (``Ctx.zone_at``: None where there is no such zone, which reads as null); else None."""
        if node[0] == "name" and node[1] not in self.pyvars:
            kind = self.kinds.get(node[1])
            if kind == "zone":
                return f"st.zones[{ident(node[1])!r}]"
            if kind == "seatzone":
                me = "(st.turn_seat if loc.get('me') is None else _int(loc['me']))"
                return f"st.zones[{self.keyed(ident(node[1]), me)}]"
        if node[0] == "name_at" and self.kinds.get(node[1]) == "seatzone":
            return f"st.zones.get({self.keyed(ident(node[1]), self.src(node[2]), True)})"
        return None

    def direct_read(self, node: Node) -> str | None:
        """A few reads written with the state at hand (``st``), outside a loop's parts: the
        same values, work and errors as expr's code gives them.

        - ``size(seats())``: the seats still in, counted (``_seats_in``, as ``_seat_count``);
        - ``size(Z)`` and ``top(Z)`` of a zone ``Z`` (``hand``, ``deck``, ``pack[p]``): its
          cards counted, or its top card, without listing them (``_pile_size``,
          ``_pile_top``: the work of reading the zone and of ``size``/``top``);
        - ``seat_name(x)`` of a seat of the game: its name, without the call."""
        if node[0] == "core" and node[1] == "size" and len(node[2]) == 1:
            arg = node[2][0]
            if (arg[0] == "call" and arg[1] == "seats" and not arg[2]
                    and self.table.direct("seats", 0)):
                return "_seats_in(st)"
            if arg[0] == "name_at" or (arg[0] == "name"
                                       and self.kinds.get(arg[1]) == "seatzone"):
                pile = self.zone_pile(arg)  # (size(zone) stays Ctx.zone_size)
                if pile is not None:
                    return f"_pile_size({pile})"
            return None
        if (node[0] == "call" and node[1] == "top" and len(node[2]) == 1
                and self.table.direct("top", 1)):
            pile = self.zone_pile(node[2][0])
            if pile is not None:
                return f"_pile_top(st, {pile})"
            return None
        if (node[0] == "call" and node[1] == "seat_name" and len(node[2]) == 1
                and self.table.direct("seat_name", 1) and not self.iterable):
            x, names = f"_t{self.n}", f"_t{self.n + 1}"
            self.n += 2
            return (f"({names}[{x}] if _type({x} := {self.src(node[2][0])}) is _int "
                    f"and 0 <= {x} < _len({names} := st.names) else _f_seat_name(ctx, {x}))")
        return None


class _Gen:
    """The source of one block's segments."""

    def __init__(self, spec: GameSpec, runners: list[tuple[Runner, ...]],
                 sizes: dict[int, int],
                 segments: list[Segments],
                 derived: dict[str, Callable[[Any], Any]] | None = None,
                 flats: dict[int, bool] | None = None,
                 flat_fns: dict[int, Callable[..., bool]] | None = None,
                 advance: Block | None = None,
                 semis: tuple[dict[int, bool], set[int]] | None = None,
                 still: frozenset[str] = frozenset()) -> None:
        self.segments = segments  # every block's, filled in by make_segments
        # the block an end of turn pushes (its one step, ``_advance``): None where no code
        # made here makes its frame
        self.advance = advance
        self.spec = spec
        # some zone hides its cards from some seat: a log line may show one (_mask_line)
        self.spec_hides = any(z.visibility != "public" for z in spec.zones.values())
        self.runners = runners
        self.sizes = sizes
        self.ns: dict[str, Any] = dict(spec.function_table.namespace)  # the functions called
        self.n = 0
        # the expressions written out in place (False: called, when Python cannot compile
        # the block with them written out)
        self.written = True
        self.derived = derived or {}
        self.xgen = _ExprIn({name: self.const(fn) for name, fn in self.derived.items()},
                            spec.function_table)
        self.xgen.still = still & self.derived.keys()
        self.xgen.keys_of = self.seat_keys
        self.keys: dict[str, tuple[str, int]] = {}
        self.names: dict[int, str] = {}  # the blocks' names (``block_name``), by id
        # which blocks are flat (can never ask a question: run without frames), by id
        self.flats: dict[int, bool] = {} if flats is None else flats
        # which blocks run by a function (``semi``), by id, and those of them that may call
        # themselves (through others): filled once per game (``decide_semis``)
        self.semis: dict[int, bool] = {} if semis is None else semis[0]
        self.cyclic: set[int] = set() if semis is None else semis[1]
        # the flat blocks run as functions of their own (``_FLAT[id](st, f, loc, ctx)``)
        self.flat_fns: dict[int, Callable[..., bool]] = {} if flat_fns is None else flat_fns

    def x(self, fn: Any) -> str:
        """The source computing a compiled expression in a segment: its code written out
        from its tree (expr's code generator, with the segment's direct reads), or a call of
        the function when it has no tree (closures, constants) or cannot be written out."""
        e = expression_of(fn)
        if e is not None and e.plain:  # true, false, null or a number (never a bool subclass)
            value = e.constant
            if value is None or type(value) in (bool, int):
                return f"({value!r})"
        tree, kinds, text = (None, None, None) if e is None else (e.tree, e.kinds, e.text)
        if not self.written or tree is None or kinds is None or not isinstance(text, str):
            return f"{self.const(fn)}(ctx)"
        g = self.xgen
        g.kinds, g.engine, g.pyvars, g.top = kinds, True, {}, True
        g.text_name = self.const(text)
        try:
            return f"({g.src(tree)})"
        except (RecursionError, ExpressionError):  # too deep: called as it is
            return f"{self.const(fn)}(ctx)"

    def whole_zone(self, fn: Any) -> tuple[str, str] | None:
        """For an expression that is a zone's name (read as ``Ctx.cards``), the name of a
        per-seat zone (``Ctx.seat_cards``: the acting seat's) or ``zone[seat]``
        (``Ctx.zone_at``), in the engine's own reading: the source of its card numbers
        (``st.zones[key]``, or ``.get`` where no such zone reads as null) and of its key;
        else None."""
        e = expression_of(fn)
        tree, kinds, text = (None, None, None) if e is None else (e.tree, e.kinds, e.text)
        if not self.written or tree is None or kinds is None or not isinstance(text, str):
            return None
        if tree[0] == "name" and kinds.get(tree[1]) == "zone":
            return "st.zones[dk]", repr(tree[1])
        if tree[0] == "name" and kinds.get(tree[1]) == "seatzone":  # as Ctx.seat_cards
            me = "(st.turn_seat if loc.get('me') is None else _int(loc['me']))"
            return "st.zones[dk]", self.xgen.keyed(ident(tree[1]), me)
        if tree[0] == "name_at" and kinds.get(tree[1]) == "seatzone":  # as Ctx.zone_at
            g = self.xgen
            g.kinds, g.engine, g.pyvars, g.top = kinds, True, {}, True
            g.text_name = self.const(text)
            try:
                seat = g.src(tree[2])
            except (RecursionError, ExpressionError):
                return None
            return "st.zones.get(dk)", g.keyed(ident(tree[1]), seat, True)
        return None

    def seat_keys(self, name: str) -> tuple[str, int]:
        """The name of the tuple of a per-seat zone's or var's keys, seat by seat (as many
        as the game may have seats), and its length."""
        if name not in self.keys:
            n = self.spec.max_players
            self.keys[name] = (self.const(tuple(f"{name}/{s}" for s in range(n))), n)
        return self.keys[name]

    def const(self, value: Any) -> str:
        """A name of ours, bound to a value of the ruleset in the generated namespace."""
        name = f"_k{self.n}"
        self.n += 1
        self.ns[name] = value
        return name

    def size(self, block: Block) -> int:
        """The steps a straight block may run at most, written out (an upper bound)."""
        if block.id in self.sizes:
            return self.sizes[block.id]
        total = 0
        for step in block.steps:
            total += 1
            total += self.size_of_step(step)
        self.sizes[block.id] = total
        return total

    def inline(self, step: Step) -> bool:
        """Whether a step runs in place, without a frame: it can never ask a question (no
        ``choose`` reachable from it, through procedures and hooks too), and what it runs is
        bounded (no loop: ``for_each``, ``card_effect``; no procedure that calls itself).
        It may end the game (``end``, ``check_end``) or end the turn (``end_turn``, its
        hooks run in place)."""
        return self.flat_step(step, set())

    def turn_hooks(self) -> list[Block]:
        """The hooks an end of turn runs (turn_end, then round_end and turn_start)."""
        hooks = self.spec.hooks
        return [hooks[h] for h in ("turn_end", "round_end", "turn_start") if h in hooks]

    def flat(self, block: Block, visiting: set[int] | None = None) -> bool:
        """Whether every step of a block runs in place (``inline``); a block met again
        while deciding (a procedure or hook that calls itself) is not flat."""
        return self.holds(block, self.flats, visiting, self.flat_step)

    def flat_step(self, step: Step, visiting: set[int]) -> bool:
        if step.flow in (STRAIGHT, ENDS):
            return True
        if step.kind == "end_turn":
            return all(self.flat(h, visiting) for h in self.turn_hooks())
        inner = self.called(step)
        return bool(inner) and all(self.flat(b, visiting) for b in inner)

    @staticmethod
    def holds(block: Block, known: dict[int, bool], visiting: set[int] | None,
              step_ok: Callable[[Step, set[int]], bool]) -> bool:
        """Whether ``step_ok`` holds of every step of ``block`` (``flat``, ``semi``),
        remembered in ``known``; a block met again while deciding (a procedure or hook that
        calls itself) does not hold. A block found not to hold while an outer one is being
        decided may hold on its own: it is not remembered then, and is decided again."""
        seen = known.get(block.id)
        if seen is not None:
            return seen
        visiting = set() if visiting is None else visiting
        if block.id in visiting:
            return False
        visiting.add(block.id)
        ok = all(step_ok(step, visiting) for step in block.steps)
        visiting.discard(block.id)
        if ok or not visiting:
            known[block.id] = ok
        return ok

    def body(self, block: Block, ind: str, out: list[str]) -> None:
        """A straight block as a body of statements: its own budget count first."""
        lines: list[str] = []
        k = self.steps(block, 0, len(block.steps), ind, lines)
        if k:
            out.append(f"{ind}st._budget -= {k}")
        out.extend(lines)
        if not lines:
            out.append(f"{ind}pass")

    def steps(self, block: Block, start: int, stop: int, ind: str, out: list[str]) -> int:
        """Straight steps ``start:stop`` of a block as statements; the steps they count at
        this level (those of an inlined procedure included, not those of branches)."""
        k = 0
        for j in range(start, stop):
            k += self.step(block, j, ind, out)
        return k

    def step(self, block: Block, j: int, ind: str, out: list[str]) -> int:
        """A step written out in place (its kind's ``visit_`` method; the kinds without one
        called through their runners: shuffle, reveal, flip...): the steps it counts."""
        step = block.steps[j]
        out.append(f"{ind}w = {step.path!r}")
        if not hasattr(self, "visit_" + step.kind):
            out.append(f"{ind}{self.const(self.runners[block.id][j])}(st, f)")
            return 1
        return self.visit(block, j, ind, out, IN_PLACE)

    def visit(self, block: Block, j: int, ind: str, out: list[str], where: str) -> int:
        """Step ``j`` of a block written by its kind's ``visit_`` method for the place it
        runs at (``where``): the steps it counts."""
        step = block.steps[j]
        visit = getattr(self, "visit_" + step.kind.lstrip("_"))
        counted: int = visit(step, block, j, ind, out, where)
        return counted

    def block_name(self, block: Block) -> str:
        """A block's name in the generated namespace, made once (a block's function names
        its own block at each step where it may make its frame)."""
        if block.id not in self.names:
            self.names[block.id] = self.const(block)
        return self.names[block.id]

    def run_block(self, b: Block, ctx: str, block: Block, j: int, ind: str, out: list[str],
                  where: str) -> None:
        """``b`` (an if's branch, a do's procedure) run at step ``j`` of ``block`` with the
        same locals (``ctx``: the source of their context for a frame pushed): in place, its
        steps written out with their own count; at a segment's end, by its function when it
        runs by one (``semi``: its frame made only if it asks or the budget runs low), else
        its frame pushed and its first segment run at once; as the interpreter's runner, its
        frame pushed; in a block's function, by its function: when that made its frame, this
        block's frame, at the next step, goes below the frames it made."""
        if where == IN_PLACE:
            self.body(b, ind, out)
        elif where == RUNNER:
            out += [*_frame("inner", self.const(b), "loc", ctx, ind),
                    f"{ind}st.frames.append(inner)"]
        elif where == PAUSE and self.semi(b):
            out += [f"{ind}if {self.flat_call(b)}(st, f, loc, ctx):",
                    f"{ind}    return True"]
        elif where == PAUSE:
            out += [*_frame("inner", self.const(b), "loc", ctx, ind),
                    *self.enter(b, block, j, ind)]
        else:
            out += [f"{ind}base = _len(st.frames)",
                    f"{ind}w = None",
                    f"{ind}if {self.flat_call(b)}(st, f, loc, ctx, d + 1):",
                    f"{ind}    if st.outcome is None:",
                    *_frame("inner", self.block_name(block), "loc", "None", ind + "        "),
                    f"{ind}        inner.index = {j + 1}",
                    f"{ind}        st.frames.insert(base, inner)",
                    f"{ind}    return True"]

    def visit_if(self, step: If, block: Block, j: int, ind: str, out: list[str],
                 where: str) -> int:
        """The test, then the branch it takes (``run_block``); a branch without steps runs
        nothing."""
        test = self.x(step.test)
        then, other = step.then, step.other
        i2 = ind + "    "
        if then.steps:
            out.append(f"{ind}if {test}:")
            self.run_block(then, "ctx", block, j, i2, out, where)
            if other.steps:
                out.append(f"{ind}else:")
                self.run_block(other, "ctx", block, j, i2, out, where)
        elif other.steps:
            out.append(f"{ind}if not {test}:")
            self.run_block(other, "ctx", block, j, i2, out, where)
        else:
            out.append(f"{ind}{test}")
        return 1

    def visit_do(self, step: Do, block: Block, j: int, ind: str, out: list[str],
                 where: str) -> int:
        """The procedure run as an if's branch (``run_block``); in place, its steps written
        out within this block's count, or called by its function when it is long."""
        proc = self.spec.procedures[step.name]
        if where != IN_PLACE:
            self.run_block(proc, "f.ctx", block, j, ind, out, where)
            return 1
        if self.size(proc) <= _INLINE_MAX:
            return 1 + self.steps(proc, 0, len(proc.steps), ind, out)
        # its function names the field of each of its steps itself
        out.append(f"{ind}st._where = {step.path!r}")
        out.append(f"{ind}w = None")
        out.append(f"{ind}if {self.flat_call(proc)}(st, f, loc, ctx):")  # True: it ended
        out.append(f"{ind}    return True")  # the game
        return 1

    def visit_end(self, step: End, block: Block, j: int, ind: str, out: list[str],
                  where: str) -> int:
        out.append(f"{ind}st._where = {step.path!r}")  # the outcome names its own fields
        out.append(f"{ind}w = None")
        out.append(f"{ind}st._finish({step.outcome!r})")
        out.append(f"{ind}return True")
        return 1

    def visit_check_end(self, step: CheckEnd, block: Block, j: int, ind: str,
                        out: list[str], where: str) -> int:
        out.append(f"{ind}st._where = {step.path!r}")  # (the end rules name their own fields)
        out.append(f"{ind}w = None")
        out.append(f"{ind}st._check_end()")
        out.append(f"{ind}if st.outcome is not None:")
        out.append(f"{ind}    return True")
        return 1

    def visit_end_turn(self, step: EndTurn, block: Block, j: int, ind: str,
                       out: list[str], where: str) -> int:
        """``turn_end`` with ``me`` the seat whose turn ends, then the advance (the step
        ``<end_turn>``: the next seat, or the one ``next`` named when it is a seat still in
        the game, ``chosen_seat``; the turn; the round when the order wraps:
        ``advance_turn``), then ``round_end`` (when a round ended) and ``turn_start``, with
        ``me`` the new seat; each hook its own locals, run by its function.

        In place the hooks never ask: a hook's function gives True when it ended the game.
        At a segment's end (when the hooks run by their functions, ``turn_ok``; else
        through the runner) and in a block's function they may: when one asked (or its
        budget ran low), the frames the interpreter has there are made below the frames it
        made: the frame of the block ending the turn (in a block's function: its own, at the
        next step), the advance's (at its step while ``turn_end`` runs, past it after) with
        the seat whose turn ended and the seat ``next`` named, and ``turn_start``'s, not
        started yet, while ``round_end`` runs; the advance hands over likewise when no step
        of the budget is left for it. As the interpreter's runner: the advance's frame, then
        ``turn_end``'s on top."""
        if where == PAUSE and not self.turn_ok():
            out += self.pause_by_runner(step, block, j)
            return 1
        hooks = self.spec.hooks
        i2 = ind + "    "
        handing = where in (PAUSE, FUNCTION)  # the hooks may ask
        adv = ""  # the advance block's name, where its frame may be made
        if where != IN_PLACE:
            assert self.advance is not None
            adv = self.const(self.advance)
        out.append(f"{ind}nx = None" if step.next is None
                   else f"{ind}nx = _chosen_seat(st, {self.x(step.next)})")
        if where == RUNNER:
            out += [f"{ind}al = {{'me': st.turn_seat}}",
                    f"{ind}if nx is not None:",
                    f"{ind}    al['@next'] = nx",
                    *_frame("inner", adv, "al", "None", ind),
                    f"{ind}st.frames.append(inner)"]
            if "turn_end" in hooks:
                out += [*_frame("inner", self.const(hooks["turn_end"]),
                                "{'me': st.turn_seat}", "None", ind),
                        f"{ind}st.frames.append(inner)"]
            return 1
        own = (self.block_name(block), j + 1) if where == FUNCTION else None
        depth = "d + 1 + " if where == FUNCTION else ""

        def handover(i: str, index: int, start: bool) -> list[str]:
            """The frames below those a hook made (at ``base``), the advance's at
            ``index``, ``turn_start``'s when it has not started."""
            lines = [f"{i}fs = []", *self.own_frame(own, "fs.append", i),
                     f"{i}al = {{'me': tso}}",
                     f"{i}if nx is not None:",
                     f"{i}    al['@next'] = nx",
                     *_frame("inner", adv, "al", "None", i),
                     f"{i}inner.index = {index}",
                     f"{i}fs.append(inner)"]
            if start:
                lines += [*_frame("inner", self.const(hooks["turn_start"]), "{'me': tsn}",
                                  "None", i),
                          f"{i}fs.append(inner)"]
            return [*lines, f"{i}st.frames[base:base] = fs"]

        def call(name: str, me: str, above: int, i: str, index: int, start: bool
                 ) -> list[str]:
            if not handing:
                return [f"{i}if {self.flat_call(hooks[name])}(st, None, {{'me': {me}}}, None):",
                        f"{i}    return True"]
            return [f"{i}base = _len(st.frames)",
                    f"{i}if {self.flat_call(hooks[name])}(st, None, {{'me': {me}}}, None, "
                    f"{depth}{above}):",
                    f"{i}    if st.outcome is None:",
                    *handover(i + "        ", index, start),
                    f"{i}    return True"]
        out.append(f"{ind}w = None")
        if handing:
            out.append(f"{ind}tso = st.turn_seat")
        if "turn_end" in hooks:  # above it: the advance
            out += call("turn_end", "tso" if handing else "st.turn_seat", 1, ind, 0, False)
        if handing:  # the advance's step, by the interpreter
            out += [f"{ind}if st._budget < 1:",
                    f"{i2}base = _len(st.frames)",
                    *handover(i2, 0, False),
                    f"{i2}return True"]
        out += [f"{ind}w = '<end_turn>'",
                f"{ind}st._budget -= 1",
                f"{ind}rw = _advance_turn(st, nx)",
                f"{ind}tsn = st.turn_seat",
                f"{ind}w = None"]
        if "round_end" in hooks:  # above it: the advance, turn_start's frame
            starts = "turn_start" in hooks
            out.append(f"{ind}if rw:")
            out += call("round_end", "tsn", 1 + starts, i2, 1, starts)
        if "turn_start" in hooks:
            out += call("turn_start", "tsn", 1, ind, 1, False)
        return 1

    def visit_advance(self, step: Advance, block: Block, j: int, ind: str, out: list[str],
                      where: str) -> int:
        """The turn passed on (``advance_turn``), then ``turn_start``'s frame, and
        ``round_end``'s on top when a round ended: its runner (at a segment's end too)."""
        if where == PAUSE:
            out += self.pause_by_runner(step, block, j)
            return 1
        hooks = self.spec.hooks
        out.append(f"{ind}rw = _advance_turn(st, loc.get('@next'))")
        if "turn_start" in hooks:
            out += [*_frame("inner", self.const(hooks["turn_start"]), "{'me': st.turn_seat}",
                            "None", ind),
                    f"{ind}st.frames.append(inner)"]
        if "round_end" in hooks:
            out += [f"{ind}if rw:",
                    *_frame("inner", self.const(hooks["round_end"]), "{'me': st.turn_seat}",
                            "None", ind + "    "),
                    f"{ind}    st.frames.append(inner)"]
        return 1

    def visit_choose(self, step: Choose, block: Block, j: int, ind: str, out: list[str],
                     where: str) -> int:
        """The answers offered, as a list; answered at once when the question is not
        optional and offers none or one (then: the steps after it go on), else its question
        asked. At a segment's end the segment then gives True; in a block's function the
        block's frame is made, at the step after it, as the interpreter has it while the
        question waits, and the function gives True (its callers make their frames below
        it)."""
        out += [f"{ind}items = {self.x(step.source)}",
                f"{ind}if items is None:",
                f"{ind}    items = []",
                f"{ind}elif not _isinstance(items, _list):",
                f"{ind}    items = [items]"]
        i = ind
        if not step.optional:  # none or one: answered at once, nobody asked
            out += [f"{ind}if _len(items) < 2:",
                    f"{ind}    loc[{step.var!r}] = items[0] if items else None"]
            if where == FUNCTION:
                out.append(f"{ind}else:")
                i = ind + "    "
            else:
                out.append(f"{ind}    return" if where == RUNNER
                           else f"{ind}    return _s{block.id}_{j + 1}(st, f)")
        out += self.ask_lines(step, i)
        if where == FUNCTION:
            out += [*_frame("inner", self.block_name(block), "loc", "None", i),
                    f"{i}inner.index = {j + 1}",
                    f"{i}st.frames.append(inner)",
                    f"{i}st._where = {step.path!r}",
                    f"{i}return True"]
        elif where == PAUSE:
            out.append(f"{i}return True")
        return 1

    def visit_window(self, step: Window, block: Block, j: int, ind: str, out: list[str],
                     where: str) -> int:
        """A reaction window, run by its runner (effects.open_window) wherever it stands:
        at a segment's end the segment gives True when it asked (or the game ended), else
        goes on (nobody to ask: the window closed at once). A block holding one never runs
        by its function (``semi``), nor in place."""
        out.append(f"{ind}{self.const(open_window(step, self.spec))}(st, f)")
        if where == PAUSE:
            out += [f"{ind}if st.outcome is not None or st.pending is not None:",
                    f"{ind}    return True"]
        return 1

    def visit_for_each(self, step: ForEach, block: Block, j: int, ind: str, out: list[str],
                       where: str) -> int:
        """The items, as a list, their work counted and the frames they would push held to
        their limit; then the body for each in turn with locals of its own (a copy of these,
        as the frames the interpreter pushes, the first item's on top): as the interpreter's
        runner, and at a segment's end when the body does not run by its function, a frame
        per item pushed (at a segment's end, the first run at once); else each body by its
        function (``loop_place``)."""
        body, var = step.body, step.var
        if where == RUNNER or (where == PAUSE and not self.semi(body)):
            out += self.for_each_items(step, ind, "")
            out += [f"{ind}for c in _reversed(items):",
                    f"{ind}    l = _dict(loc)",
                    f"{ind}    l[{var!r}] = c",
                    *_frame("inner", self.const(body), "l", "None", ind + "    "),
                    f"{ind}    st.frames.append(inner)"]
            if where == PAUSE:  # the first item's body runs at once
                out += [f"{ind}inner = st.frames[-1]",
                        f"{ind}if inner is not f:",
                        *self.enter_pushed(block, j, ind + "    ")]
            return 1
        i2, i3, i4 = ind + "    ", ind + "        ", ind + "            "
        own, depth = self.loop_place(block, j, where)
        name = self.const(body)

        def left(i: str, add: str) -> list[str]:  # the items from i on, their frames
            return [f"{i}for c in _reversed(items[i:]):",
                    f"{i}    l = _dict(loc)",
                    f"{i}    l[{var!r}] = c",
                    *_frame("inner", name, "l", "None", i + "    "),
                    f"{i}    {add}(inner)"]
        if self.flat(body):  # it never asks nor runs low: True when the game ended
            call = [f"{i2}if {self.flat_call(body)}(st, None, l, None):",
                    f"{i3}return True"]
        else:  # the frames of the items left (and this block's) below those it made
            call = [f"{i2}base = _len(st.frames)",
                    f"{i2}if {self.flat_call(body)}(st, None, l, None, "
                    f"{depth}_len(items) - i):",
                    f"{i3}if st.outcome is None:",
                    f"{i4}fs = []",
                    *self.own_frame(own, "fs.append", i4),
                    *left(i4, "fs.append"),
                    f"{i4}st.frames[base:base] = fs",
                    f"{i3}return True"]
        out += [*self.for_each_items(step, ind, depth),
                f"{ind}w = None",
                f"{ind}i = 0",
                f"{ind}for c in items:",
                f"{i2}if st._budget < {self.size(body)}:",
                *self.own_frame(own, "st.frames.append", i3),
                *left(i3, "st.frames.append"),
                f"{i3}return True",
                f"{i2}i += 1",
                f"{i2}l = _dict(loc)",
                f"{i2}l[{var!r}] = c",
                *call]
        if where == PAUSE:
            out.append(f"{ind}return _s{block.id}_{j + 1}(st, f)")
        return 1

    def visit_card_effect(self, step: CardEffect, block: Block, j: int, ind: str,
                          out: list[str], where: str) -> int:
        """The effect of that name of each card given that has one, with ``this`` the card,
        as ``for_each`` runs its body (the first card's on top)."""
        by_code = self.card_blocks(step)
        if where == RUNNER or (where == PAUSE
                               and not all(self.semi(b) for b in by_code.values())):
            table = self.const(by_code)
            out += [f"{ind}for c in _reversed(_cards_of({self.x(step.card)})):",
                    f"{ind}    b = {table}.get(c.code)",
                    f"{ind}    if b is not None:",
                    f"{ind}        l = _dict(loc)",
                    f"{ind}        l['this'] = c",
                    *_frame("inner", "b", "l", "None", ind + "        "),
                    f"{ind}        st.frames.append(inner)"]
            if where == PAUSE:  # the first card's effect (on top) runs at once
                out += [f"{ind}inner = st.frames[-1]",
                        f"{ind}if inner is not f:",
                        *self.enter_pushed(block, j, ind + "    ")]
            return 1
        i2, i3 = ind + "    ", ind + "        "
        i4, i5 = i3 + "    ", i3 + "        "
        own, depth = self.loop_place(block, j, where)
        table = self.const(by_code)
        runs = self.const({code: (b.id, self.size(b)) for code, b in by_code.items()})
        for b in by_code.values():
            self.flat_call(b)

        def cards_left(start: str, i: str, add: str) -> list[str]:  # their frames
            return [f"{i}for c in _reversed(cards[{start}:]):",
                    f"{i}    b = {table}.get(c.code)",
                    f"{i}    if b is not None:",
                    f"{i}        l = _dict(loc)",
                    f"{i}        l['this'] = c",
                    *_frame("inner", "b", "l", "None", i + "        "),
                    f"{i}        {add}(inner)"]
        if all(self.flat(b) for b in by_code.values()):  # True when the game ended
            call = [f"{i3}if _FLAT[r[0]](st, None, l, None):",
                    f"{i4}return True"]
        else:  # (the cards left that have the effect: the frames the interpreter has)
            call = [f"{i3}base = _len(st.frames)",
                    f"{i3}if _FLAT[r[0]](st, None, l, None, {depth}(_len([x for x in "
                    f"cards[i + 1:] if x.code in {table}]) if i + 1 < _len(cards) else 0)):",
                    f"{i4}if st.outcome is None:",
                    f"{i5}fs = []",
                    *self.own_frame(own, "fs.append", i5),
                    *cards_left("i + 1", i5, "fs.append"),
                    f"{i5}st.frames[base:base] = fs",
                    f"{i4}return True"]
        # one card (the commonest): its list made here (_cards_of's first case)
        out += [f"{ind}cards = {self.x(step.card)}",
                f"{ind}cards = [cards] if cards.__class__ is _CardDef else _cards_of(cards)",
                f"{ind}w = None",
                f"{ind}i = 0",
                f"{ind}for c in cards:",
                f"{i2}r = {runs}.get(c.code)",
                f"{i2}if r is not None:",
                f"{i3}if st._budget < r[1]:",
                *self.own_frame(own, "st.frames.append", i4),
                *cards_left("i", i4, "st.frames.append"),
                f"{i4}return True",
                f"{i3}l = _dict(loc)",
                f"{i3}l['this'] = c",
                *call,
                f"{i2}i += 1"]
        if where == PAUSE:
            out.append(f"{ind}return _s{block.id}_{j + 1}(st, f)")
        return 1

    def loop_place(self, block: Block, j: int, where: str) -> tuple[tuple[str, int] | None, str]:
        """Where a loop whose bodies run by their functions runs: in a block's function, that
        block's frame (its name and the step after the loop: made when the budget left is
        below what the next body may run, or below the frames a body made, then each item
        left its frame, as the step pushes them) and the frames the interpreter would have
        above those there are (its own and its callers', for for_each's limit); at a
        segment's end none (its frame is on the stack) and none."""
        if where == FUNCTION:
            return (self.block_name(block), j + 1), "d + 1 + "
        return None, ""

    def visit_set(self, step: Set | Add, block: Block, j: int, ind: str,
                  out: list[str],
                  where: str) -> int:
        # Ctx.me written out (the local me, else the seat whose turn it is)
        me = ("(st.turn_seat if loc.get('me') is None else loc['me'])" if step.seat is None
              else self.x(step.seat))
        for name, expr in step.values.items():
            var = self.spec.vars[name]
            key = self.xgen.keyed(name, me) if var.per_seat else repr(name)
            x = self.x(expr)
            if step.kind == "set":
                out.append(f"{ind}v = {x}")
                out.append(f"{ind}key = {key}")
            else:  # (st.vars[key] or 0) + _int(x or 0): a number added as it is
                out.append(f"{ind}key = {key}")
                value = constant_of(expr)
                if type(value) is int:
                    out.append(f"{ind}v = (st.vars[key] or 0) + {value!r}")
                else:
                    out += [f"{ind}b = st.vars[key] or 0",
                            f"{ind}v = {x}",
                            f"{ind}if v.__class__ is not _int:",
                            f"{ind}    v = _int(v or 0)",
                            f"{ind}v = b + v"]
            if var.min is not None or var.max is not None:  # (a number: at once)
                out.append(f"{ind}if v.__class__ is _int or (_isinstance(v, _int) "
                           "and not _isinstance(v, _bool)):")
                if var.max is not None:
                    hi = self.const(var.max)
                    out.append(f"{ind}    if v > {hi}:")
                    out.append(f"{ind}        v = {hi}")
                if var.min is not None:
                    lo = self.const(var.min)
                    out.append(f"{ind}    if v < {lo}:")
                    out.append(f"{ind}        v = {lo}")
            out.append(f"{ind}st.vars[key] = v")
        return 1

    visit_add = visit_set

    def visit_let(self, step: Let, block: Block, j: int, ind: str, out: list[str],
                  where: str) -> int:
        for name, expr in step.values.items():
            out.append(f"{ind}loc[{name!r}] = {self.x(expr)}")
        return 1

    def visit_log(self, step: Log | Announce, block: Block, j: int, ind: str,
                  out: list[str],
                  where: str) -> int:
        by_me = step.kind == "log"
        render = None
        if not self.written or not self.log(step.text, by_me, ind, out):
            render = self.const(texts_renderer(step.text))
            out.append(f"{ind}if not st.quiet:")
            out.append(f"{ind}    _log_line(st, ctx, {render}, {by_me!r})")
        names = card_hole_names(step.text) if self.spec_hides else ()
        if names:  # a card it shows may be one some seat may not see: each seat its line
            render = render or self.const(texts_renderer(step.text))
            out.append(f"{ind}if not st.quiet:")
            out.append(f"{ind}    _mask_line(st, loc, {names!r}, {render})")
        return 1

    visit_announce = visit_log

    def visit_move(self, step: Move, block: Block, j: int, ind: str, out: list[str],
                  where: str) -> int:
        what, to = step.what, step.to
        fixed = None if self.spec.zones[to[0]].per_seat else to[0]
        if step.at is not None and not isinstance(step.at, str):  # at a position
            out.append(f"{ind}c = {self.x(what)}")
            self.position(step, step.at, ind, out, where)
            out.append(f"{ind}_move_cards_at(st, ctx, c, {self.const(to)}, {fixed!r}, pos)")
            return 1
        at = step.at or ("top" if self.spec.zones[to[0]].order == "pile" else "bottom")
        whole = self.whole_zone(what)
        if whole is not None:  # a whole zone: moved without listing its cards
            pile, src = whole  # (dk: the key of the zone moved)
            out.append(f"{ind}dk = {src}")
            out.append(f"{ind}_move_zone(st, ctx, {pile}, dk, {self.const(to)}, "
                       f"{fixed!r}, {at == 'top'!r})")
            return 1
        call = f"_move(st, ctx, c, {self.const(to)}, {fixed!r}, {at == 'top'!r})"
        out.append(f"{ind}c = {self.x(what)}")
        i2 = ind + "    "
        # a list of one card (``used: "[card]"``) moves as that card (_cards_of gives the
        # same one card; moved alone or as a whole zone, it ends in the same place)
        out += [f"{ind}if c.__class__ is _list and _len(c) == 1 "
                "and c[0].__class__ is _CardDef:",
                f"{i2}c = c[0]"]
        # one card (the commonest): _move written out, the zone's key as zone_key makes it
        # (after the card is read)
        out.append(f"{ind}if c.__class__ is _CardDef:")
        if fixed is None:
            seat = ("(st.turn_seat if loc.get('me') is None else _int(loc['me']))"
                    if to[1] is None else self.x(to[1]))
            out.append(f"{i2}dk = {self.xgen.keyed(to[0], seat)}")
        dk = repr(fixed) if fixed is not None else "dk"
        out += [f"{i2}v = c.uid",
                f"{i2}zones = st.zones",
                f"{i2}undo = st._undo_zones",
                f"{i2}dest = zones[{dk}]",
                f"{i2}if undo is not None and {dk} not in undo:",
                f"{i2}    undo[{dk}] = dest[:]",
                f"{i2}key = st.where[v]",
                f"{i2}if key:",
                f"{i2}    if undo is not None and key not in undo:",
                f"{i2}        undo[key] = zones[key][:]",
                f"{i2}    zones[key].remove(v)",
                f"{i2}    st.learn_moved(key, {dk}, (v,))",
                f"{i2}dest.insert(0, v)" if at == "top" else f"{i2}dest.append(v)",
                f"{i2}st.where[v] = {dk}",
                f"{ind}else:",
                f"{i2}{call}"]
        return 1

    def visit_deal(self, step: Deal, block: Block, j: int, ind: str, out: list[str],
                  where: str) -> int:
        """The two zones' keys, then the count (or the fill less the cards there), then
        ``deal_cards`` (effects.py; at a position: the position, then ``deal_cards_at``)."""
        at = step.at
        out.append(f"{ind}sk = {self.zone_key_src(step.source)}")
        out.append(f"{ind}dk = {self.zone_key_src(step.to)}")
        if step.count is not None:
            out.append(f"{ind}n = _int({self.x(step.count)} or 0)")
        else:
            assert step.fill is not None
            out.append(f"{ind}n = _int({self.x(step.fill)} or 0) - _len(st.zones[dk])")
        if at is not None and not isinstance(at, str):
            self.position(step, at, ind, out, where)
            out.append(f"{ind}_deal_cards_at(st, sk, dk, n, pos)")
            return 1
        top = (at or ("top" if self.spec.zones[step.to[0]].order == "pile"
                      else "bottom")) == "top"
        out.append(f"{ind}_deal_cards(st, sk, dk, n, {top!r})")
        return 1

    def position(self, step: Move | Deal, at: Any, ind: str, out: list[str],
                 where: str) -> None:
        """``pos = `` the position a move or deal's ``at`` gives, with its field named while
        it is read and checked (``w`` in place, the state's field in a runner, the step's
        again after), for a mistake there to name it."""
        field = f"{step.path}.{step.kind}.at"
        if where == RUNNER:
            out += [f"{ind}st._where = {field!r}",
                    f"{ind}pos = {self.x(at)}",
                    f"{ind}_position(pos)",
                    f"{ind}st._where = {step.path!r}"]
        else:
            out += [f"{ind}w = {field!r}",
                    f"{ind}pos = {self.x(at)}",
                    f"{ind}_position(pos)",
                    f"{ind}w = {step.path!r}"]

    def zone_key_src(self, ref: tuple[str, Any]) -> str:
        """The key of a zone a step names (as zone_key makes it: a zone per seat at the
        seat its expression gives, else at ``me``)."""
        name, seat = ref
        if not self.spec.zones[name].per_seat:
            return repr(name)
        me = ("(st.turn_seat if loc.get('me') is None else _int(loc['me']))" if seat is None
              else self.x(seat))
        return f"{name + '/'!r} + _str(_int({me}))"

    def flat_call(self, block: Block) -> str:
        """The name of the function that runs a flat block (made once per game):
        ``fn(st, f, loc, ctx)`` runs its steps with the locals ``loc`` (``f`` and ``ctx``
        those of the frame whose locals they are, or None for locals of its own: a hook's)
        and gives True when the game ended."""
        if block.id not in self.flat_fns:
            # while it is made (a block may call itself), and if Python cannot compile it:
            # its frame made at its first step, the interpreter runs it
            self.flat_fns[block.id] = _hand_over(block)
            gen = _Gen(self.spec, self.runners, self.sizes, self.segments,
                       self.derived, self.flats, self.flat_fns, self.advance,
                       (self.semis, self.cyclic))
            gen.written = self.written
            try:
                self.flat_fns[block.id] = gen.flat_function(block)
            except (RecursionError, SyntaxError, MemoryError, ValueError):
                pass
        return f"_FLAT[{block.id}]"

    def flat_function(self, block: Block) -> Callable[..., bool]:
        """A flat (or semi-flat) block's steps as one function (``flat_call``), run where
        the block's frame would be on top of the stack (or called from code that made sure
        enough of the step budget is left): its steps count against the step budget and name
        their field on a mistake, as a segment's; no frame is pushed. Its steps go in
        chunks, each ending with a loop (``for_each``, ``card_effect``), an ``if`` or ``do``
        over such blocks, a ``choose``, an ``end_turn`` whose hooks may ask, or at the end;
        when the budget left is below what a chunk may run, or what a loop's next body may,
        or when a question is actually asked, the block's frame is made then (with the step
        it is at, and each item left its frame above it, as the interpreter would have them)
        and the function gives True: its callers make their frames below, the interpreter's
        loop goes on from there (or the question waits, with the frames it waits with in the
        interpreter), and the limit trips at the same step."""
        ns = self.run(lambda: self.flat_source(block), f"<flat {block.id}>")
        fn: Callable[..., bool] = ns[f"_x{block.id}"]
        return fn

    def run(self, source: Callable[[], str], name: str) -> dict[str, Any]:
        """The generated source compiled and run in a namespace of its own (ours, with the
        generated names): the namespace. When the source is too deep for Python's parser,
        it is made again with the expressions called rather than written out."""
        text = source()
        try:
            code = compile(text, name, "exec")
        except (RecursionError, SyntaxError, MemoryError, ValueError):
            if not self.written:
                raise
            self.written = False  # too deep for Python's parser: the expressions called
            code = compile(source(), name, "exec")
        ns = dict(_NAMESPACE)
        ns.update(self.ns)
        ns["_SEGMENTS"] = self.segments
        ns["_FLAT"] = self.flat_fns
        exec(code, ns)  # noqa: S102 (our generated source, from the checked step tree only)
        return ns

    def flat_source(self, block: Block) -> str:
        """The source of a flat (or semi-flat) block's function (``flat_function``)."""
        steps = block.steps
        self.xgen.defs = []
        lines: list[str] = []
        e = 0
        ind = "        "
        me = self.block_name(block)
        while e < len(steps):
            d = next((i for i in range(e, len(steps)) if not self.inline(steps[i])),
                     len(steps))
            bound = sum(1 + self.size_of_step(x) for x in steps[e:d]) + (d < len(steps))
            chunk: list[str] = []
            k = self.steps(block, e, d, ind, chunk) + (d < len(steps))
            own = _frame("inner", me, "loc", "None", ind + "    ")
            lines += [f"{ind}if st._budget < {bound}:", *own,
                      f"{ind}    inner.index = {e}",
                      f"{ind}    st.frames.append(inner)",
                      f"{ind}    return True",
                      f"{ind}st._budget -= {k}", *chunk]
            if d < len(steps):
                lines.append(f"{ind}w = {steps[d].path!r}")
                self.visit(block, d, ind, lines, FUNCTION)
            e = d + 1
        text = "\n".join(lines)
        uses_f = _re.search(r"(?<![.\w])f\b", text) is not None
        # a frame made only for the runners of its own steps (``_k3(st, f)``): the blocks it
        # calls are given ``f`` as it is (None: they make their own if they need one)
        runs = _re.search(r"\(st, f\)", text) is not None
        # d: the frames the interpreter would have above the stack's own when called (those
        # of the blocks run by their functions that called this one)
        src = [f"def _x{block.id}(st, f, loc, ctx, d=0):"]
        if uses_f or _re.search(r"(?<![.\w])ctx\b", text):
            src += ["    if ctx is None:", *["    " + c for c in _CONTEXT]]
        if runs:  # a frame for the runners of the steps (never pushed)
            src += ["    if f is None:",
                    *_frame("f", me, "loc", "ctx", "        ")]
        if block.id in self.cyclic:  # it may call itself: within Python's recursion
            src += [f"    if d > {_DEPTH}:",
                    *_frame("inner", me, "loc", "None", "        "),
                    "        st.frames.append(inner)",
                    "        return True"]
        src += ["    w = None", "    try:", *(lines or ["        pass"]),
                "    except _BaseException:",
                "        if w is not None:",
                "            st._where = w",
                "        raise",
                "    return False"]
        return "".join(self.xgen.defs) + "\n".join(src) + "\n"

    def card_blocks(self, step: Step) -> dict[str, Block]:
        """A card_effect's blocks by card code (the cards that have that effect)."""
        assert isinstance(step, CardEffect)
        return card_blocks(self.spec, step.name)

    def semi(self, block: Block) -> bool:
        """Whether a block runs by its function (``flat_function``): its steps run in place
        but for ``choose`` (a question asked makes the frames then), loops whose bodies are
        such blocks, ``if`` or ``do`` over such blocks and ``end_turn`` whose
        hooks are such blocks; a procedure or hook may call itself through them (its
        function then hands over to the interpreter past a depth, ``_DEPTH``)."""
        if not self.semis:
            self.decide_semis()
        return self.semis.get(block.id, False)

    def decide_semis(self) -> None:
        """Which blocks are ``semi``: all, but those with a step that is none of the above
        or runs a block that is not, until none is found (so a block that calls itself is
        one when all its steps are); and which of them may call themselves."""
        blocks = self.spec.blocks
        ok = {b.id: True for b in blocks}
        calls: dict[int, list[int]] = {b.id: [] for b in blocks}

        def step_ok(step: Step) -> bool:
            if step.kind == "choose" or self.inline(step):
                return True
            inner = self.runs(step)
            return inner is not None and all(ok.get(x.id, False) for x in inner)
        for b in blocks:
            for step in b.steps:
                if not self.inline(step):
                    calls[b.id] += [x.id for x in self.runs(step) or ()]
        changed = True
        while changed:
            changed = False
            for b in blocks:
                if ok[b.id] and not all(step_ok(step) for step in b.steps):
                    ok[b.id] = False
                    changed = True
        self.semis.update(ok)
        self.semis[-1] = False  # (decided)
        for b in blocks:  # those that reach themselves
            if not ok[b.id]:
                continue
            seen: set[int] = set()
            todo = list(calls[b.id])
            while todo:
                x = todo.pop()
                if x == b.id:
                    self.cyclic.add(b.id)
                    break
                if x not in seen and ok.get(x, False):
                    seen.add(x)
                    todo += calls[x]

    def runs(self, step: Step) -> list[Block] | None:
        """The blocks a step that is not run in place runs by their functions, when it may
        be run by code (a loop, ``if``, ``do``, ``end_turn``); None for any other."""
        if isinstance(step, ForEach):
            return [step.body]
        if step.kind == "card_effect":
            return list(self.card_blocks(step).values())
        if step.kind == "end_turn":
            return self.turn_hooks() if self.advance is not None else None
        return self.called(step) or None

    def turn_ok(self) -> bool:
        """Whether an end of turn at a segment's end runs by code (``visit_end_turn``): its
        hooks run by their functions."""
        return self.advance is not None and all(self.semi(h) for h in self.turn_hooks())

    def called(self, step: Step) -> list[Block]:
        """The blocks an ``if`` or a ``do`` runs (others: none)."""
        if isinstance(step, If):
            return [step.then, step.other]
        if isinstance(step, Do):
            return [self.spec.procedures[step.name]]
        return []

    @staticmethod
    def own_frame(own: tuple[str, int] | None, at: str, i: str) -> list[str]:
        """The frame of the block holding a loop (if it has none yet: ``own``, as
        ``loop_place`` gives it), put on the stack (``at``: at the index of the list ``fs`` was made
        for)."""
        if own is None:
            return []
        return [*_frame("inner", own[0], "loc", "None", i),
                f"{i}inner.index = {own[1]}",
                f"{i}{at}(inner)"]

    def ask_lines(self, step: Choose, ind: str) -> list[str]:
        """A question's prompt in each language, then the decision it waits for (as the
        runner of ``choose`` makes them)."""
        prompt = ", ".join(f"{lang!r}: {self.message(t)}"
                           for lang, t in (step.prompt or {}).items())
        # Pending(seat, var, items, ...) made without a call of its __init__ (its slots set
        # in place, in the order of its fields)
        fields = [("seat", f"_int({self.x(step.seat)})"), ("var", repr(step.var)),
                  ("options", "items"),
                  *((name, self.const(getattr(step, name)))
                    for name in ("notation", "pass_notation", "optional")),
                  ("prompt", "prompt"),
                  *((name, self.const(getattr(step, name)))
                    for name in ("seats", "notations", "passes", "words"))]
        if tuple(name for name, _ in fields) != _PENDING_FIELDS:  # (a field added there)
            return [f"{ind}prompt = {{{prompt}}}", f"{ind}st.pending = _Pending("
                    f"{', '.join(value for _, value in fields)})"]
        return [f"{ind}prompt = {{{prompt}}}",
                f"{ind}pnd = _new(_Pending)",
                *(f"{ind}pnd.{name} = {value}" for name, value in fields),
                f"{ind}st.pending = pnd"]

    def log(self, templates: dict[str, Callable[[Any], str]], by_me: bool, ind: str,
            out: list[str]) -> bool:
        """A log line written out, as ``_log_line`` with ``texts_renderer`` make it: each
        hole evaluated once, in the order the languages first write it, and shown as
        ``display`` shows it; each language's text joined from its plain parts (quoted) and
        the holes; the texts' characters counted as work; the event made. False when a
        message is not one compiled by ``compile_template`` (its parts unknown).

        The event of a line is a frozen value decided by its holes' texts (and the seat for
        ``log``): one event per distinct line, kept in a table of this step's (at most
        _LOG_MEMO lines, then emptied), with its texts' length counted as work each time."""
        fns: list[Any] = []
        index: dict[str, int] = {}
        plans: list[tuple[str, list[str | int]]] = []
        for lang, render in templates.items():
            parts = template_parts(render)
            if parts is None:
                return False
            plans.append((lang, template_plan(parts, index, fns, keep_empty=False)))
        i2 = ind + "    "
        out.append(f"{ind}if not st.quiet:")
        attrs_of = self.log_holes(fns, i2, out)
        items: list[str] = []  # each language's text: quoted, or its name (t0, t1...)
        size = 0  # the fixed texts' length
        sizes: list[str] = []  # the others'
        made: list[str] = []  # the others' sources, made when the line is new
        for j, (lang, plan) in enumerate(plans):
            if all(isinstance(x, str) for x in plan):
                text = "".join(str(x) for x in plan)
                items.append(f"{lang!r}: {text!r}")
                size += len(text)
                continue
            pieces = [f"h{x}" if isinstance(x, int) else repr(x) for x in plan]
            made.append(f"t{j} = {' + '.join(pieces)}")
            items.append(f"{lang!r}: t{j}")
            sizes.append(f"_len(t{j})")
        texts = "{" + ", ".join(items) + "}"
        me = ([f"{i2}m = loc.get('me')",  # ctx.me (its locals are loc)
               f"{i2}if m.__class__ is not _int:",
               f"{i2}    m = st.turn_seat if m is None else _int(m)"] if by_me else [])
        if not fns:
            out += self.log_fixed(plans, texts, size, by_me, me, i2)
        else:
            total = " + ".join([*sizes, *([str(size)] if size else [])]) or "0"
            out += self.log_keyed(len(fns), attrs_of, made, texts, total, by_me, me, i2)
        return True

    def log_holes(self, fns: list[Any], ind: str, out: list[str]) -> dict[int, str]:
        """A log line's holes ``h0``, ``h1``... read, each as display shows it, and the
        attribute of those holes that read one of a var or a local (``{item.name}``,
        ``{item.name_fr}``), by hole: such a hole holds that card in the line's key when it
        is one (its attributes never change), the attribute read and shown only when the
        line is new."""
        objects: dict[str, str] = {}
        attrs_of: dict[int, str] = {}
        for i, fn in enumerate(fns):
            read = self.attr_object(fn)
            if read is not None:  # ``item.name``: the card itself in the line's key
                src, name = read
                v = objects.get(src)
                if v is None:  # (a var or a local: read once, no work counted, no error)
                    v = objects[src] = f"_v{self.xgen.n}"
                    self.xgen.n += 1
                    out.append(f"{ind}{v} = {src}")
                attrs_of[i] = name
                out += [f"{ind}if {v}.__class__ is _CardDef:",
                        f"{ind}    h{i} = {v}",
                        f"{ind}else:",
                        f"{ind}    h{i} = {self.x(fn)}",
                        f"{ind}    c = h{i}.__class__",
                        f"{ind}    if c is not _str:",
                        f"{ind}        h{i} = (_str(h{i}) if c is _int else _str(h{i}.code) "
                        f"if c is _CardDef else _display(h{i}))"]
                continue
            out.append(f"{ind}h{i} = {self.x(fn)}")
            # as display shows it: a text as it is, anything but a number or a card (its
            # code, shown as the number is when the line is new) by display
            out.append(f"{ind}c = h{i}.__class__")
            out.append(f"{ind}if c is not _str and c is not _int and c is not _CardDef:")
            out.append(f"{ind}    h{i} = _display(h{i})")
        return attrs_of

    @staticmethod
    def new_event(seat: str, texts: str, ind: str) -> list[str]:
        """``e``: a log event (values.make_event, written out)."""
        return [f"{ind}e = _new(_Event)",
                f"{ind}_ev_kind(e, 'log')",
                f"{ind}_ev_seat(e, {seat})",
                f"{ind}_ev_text(e, {texts})",
                f"{ind}_ev_data(e, {{}})",
                f"{ind}_ev_private_to(e, None)"]

    def log_fixed(self, plans: list[tuple[str, list[str | int]]], texts: str, size: int,
                  by_me: bool, me: list[str], ind: str) -> list[str]:
        """A line of fixed texts: its size known, its event made once (per seat)."""
        out = [f"{ind}_W.left -= {size}", f"{ind}if _W.left < 0:", f"{ind}    _W.spend(0)"
               ] if size else []
        out += me
        if not by_me:
            event = self.const(make_event("log", None, {lang: "".join(map(str, plan))
                                                        for lang, plan in plans}, {}, None))
            return [*out, f"{ind}st._events.append({event})"]
        memo = self.const({})
        return [*out,
                f"{ind}e = {memo}.get(m)",
                f"{ind}if e is None:",
                f"{ind}    if _len({memo}) >= {_LOG_MEMO}:",
                f"{ind}        _forget({memo})",
                *self.new_event("m", texts, ind + "    "),
                f"{ind}    {memo}[m] = e",
                f"{ind}st._events.append(e)"]

    def log_keyed(self, holes: int, attrs_of: dict[int, str], made: list[str], texts: str,
                  total: str, by_me: bool, me: list[str], ind: str) -> list[str]:
        """A line with holes: its key the holes as they read (a number and the text of its
        digits, a card and another of its code, read alike), its texts made when the line
        is new (``made``, of length ``total``)."""
        memo = self.const({})
        key = "h0" if holes == 1 else "(" + ", ".join(f"h{i}" for i in range(holes)) + ")"
        i3 = ind + "    "
        out = [f"{ind}key = {key}",
               f"{ind}r = {memo}.get(key)",
               f"{ind}if r is None:",
               *[line for i in range(holes) for line in self.hole_text(i, attrs_of, i3)],
               *[i3 + line for line in made],
               f"{i3}if _len({memo}) >= {_LOG_MEMO}:",
               f"{i3}    _forget({memo})"]
        if by_me:  # its length, its texts, its event by seat
            out.append(f"{i3}r = {memo}[key] = ({total}, {texts}, {{}})")
        else:  # its length, its event
            out += [*self.new_event("None", texts, i3),
                    f"{i3}r = {memo}[key] = ({total}, e)"]
        out += [f"{ind}_W.left -= r[0]", f"{ind}if _W.left < 0:", f"{ind}    _W.spend(0)", *me]
        if not by_me:
            return [*out, f"{ind}st._events.append(r[1])"]
        return [*out,
                f"{ind}e = r[2].get(m)",
                f"{ind}if e is None:",
                *self.new_event("m", "r[1]", ind + "    "),
                f"{ind}    r[2][m] = e",
                f"{ind}st._events.append(e)"]

    def attr_object(self, fn: Any) -> tuple[str, str] | None:
        """For a hole ``x.name`` where ``x`` is a var or a local (read without work or
        error): the source reading ``x`` and the attribute's name; else None."""
        e = expression_of(fn)
        tree, kinds, text = (None, None, None) if e is None else (e.tree, e.kinds, e.text)
        if (not self.written or tree is None or kinds is None or not isinstance(text, str)
                or tree[0] != "attr"):
            return None
        of = tree[1]
        plain = of[0] == "local" or (of[0] == "name" and kinds.get(of[1]) in ("local", "var"))
        if not plain or of == ("name", "option"):
            return None
        g = self.xgen
        g.kinds, g.engine, g.pyvars, g.top = kinds, True, {}, True
        g.text_name = self.const(text)
        try:
            return f"({g.src(of)})", ident(tree[2])
        except (RecursionError, ExpressionError):
            return None

    @staticmethod
    def hole_text(i: int, attrs_of: dict[int, str], ind: str) -> list[str]:
        """A log line's hole ``h{i}`` made a text when the line is new: a card's attribute
        (``attrs_of``) read and shown as display shows it, a number or a card shown."""
        h = f"h{i}"
        if i in attrs_of:
            return [f"{ind}if {h}.__class__ is _CardDef:",
                    f"{ind}    {h} = {card_attr(h, attrs_of[i])}",
                    f"{ind}    c = {h}.__class__",
                    f"{ind}    if c is not _str:",
                    f"{ind}        {h} = (_str({h}) if c is _int else _str({h}.code) "
                    f"if c is _CardDef else _display({h}))"]
        return [f"{ind}{h} = {h} if {h}.__class__ is _str else _str({h}.code) "
                f"if {h}.__class__ is _CardDef else _str({h})"]

    def runners_source(self, written: list[tuple[Block, int]]) -> str:
        """The source of the runners of the steps ``written`` (by block and index), each as
        its kind's ``visit_`` method writes it for the runner: ``_r{block}_{j}(st, f)`` runs
        step ``j`` in the frame ``f`` (the interpreter counted it and named its field)."""
        self.xgen.defs = []
        src: list[str] = []
        for block, j in written:
            lines: list[str] = []
            self.visit(block, j, "    ", lines, RUNNER)
            text = "\n".join(lines)
            src += [f"def _r{block.id}_{j}(st, f):",
                    *(["    ctx = _frame_ctx(st, f)"] if _uses("ctx", text) else []),
                    *(["    loc = f.locals"] if _uses("loc", text) else []), *lines]
        return "".join(self.xgen.defs) + "\n".join(src) + "\n"

    def block(self, block: Block) -> Segments:
        """The segments of a block, by the step index they start at."""
        made: list[int] = []

        def source() -> str:
            entries, text = self.source(block)
            made[:] = entries
            return text
        ns = self.run(source, f"<effects {block.id}>")
        # a frame at its block's end (a caller's frame left below a question, found again
        # after the answer) is popped by the interpreter's loop itself, without a call: its
        # segment, which only pops it, is listed as 0 (that of an empty block as it is: a
        # frame pushed for it runs its "first" segment at once)
        end = len(block.steps)
        return {e: ns[f"_s{block.id}_{e}"] if e != end or not end else 0 for e in made}

    def source(self, block: Block) -> tuple[list[int], str]:
        """The entries of a block's segments and their Python source."""
        steps = block.steps
        n = len(steps)
        entries = [0] + [i + 1 for i, s in enumerate(steps) if not self.inline(s)]
        entries = sorted(set(entries))
        src: list[str] = []
        self.xgen.defs = []  # the argument functions of the expressions written out
        b = block.id
        for e in entries:
            j = next((i for i in range(e, n) if not self.inline(steps[i])), n)
            bound = sum(1 + self.size_of_step(s) for s in steps[e:j]) + (j < n)
            lines: list[str] = []
            k = self.steps(block, e, j, "        ", lines)
            src.append(f"def _s{b}_{e}(st, f):")
            if bound:
                src.append(f"    if st._budget < {bound}:")
                src.append("        return False")
            if lines or j < n:
                src.extend(_FRAME_CONTEXT)
            if lines:
                src.append("    w = None")
                src.append("    try:")
                src.append(f"        st._budget -= {k + (j < n)}")
                src.extend(lines)
                src.append("    except _BaseException:")
                src.append("        if w is not None:")
                src.append("            st._where = w")
                src.append("        raise")
            elif j < n:
                src.append("    st._budget -= 1")
            if j < n:
                step = steps[j]
                src.append(f"    f.index = {j + 1}")
                src.append(f"    st._where = {step.path!r}")
                self.visit(block, j, "    ", src, PAUSE)  # True when it suspended
                src.append(f"    return _s{b}_{j + 1}(st, f)")
            else:
                src.append("    st.frames.pop()")
                src.append("    return True")
        # going on with the block's last segment, that only pops the frame (on top there):
        # the pop written in place of its call
        last = f"return _s{b}_{n}(st, f)"
        lines = []
        for line in src:
            if line.strip() == last:
                ind = line[:len(line) - len(line.lstrip())]
                lines += [f"{ind}st.frames.pop()", f"{ind}return True"]
            else:
                lines.append(line)
        return entries, "".join(self.xgen.defs) + "\n".join(lines) + "\n"

    def pause_by_runner(self, step: Step, block: Block, j: int) -> list[str]:
        """A step at a segment's end run by its runner (an end of turn whose hooks do not run
        by their functions, the advance): the frame it pushed run at once."""
        return [f"    {self.const(self.runners[block.id][j])}(st, f)",
                "    if st.outcome is not None or st.pending is not None:",
                "        return True",
                "    inner = st.frames[-1]",
                "    if inner is not f:",  # the frame it pushed runs at once
                *self.enter_pushed(block, j, "        ")]

    def for_each_items(self, step: ForEach, ind: str, depth: str) -> list[str]:
        """``items``: what a ``for_each`` runs its body for, as a list, its work counted and
        the frames it would push held to their limit (``depth``: as ``loop_place`` gives it)."""
        return [f"{ind}items = {self.x(step.items)} or []",
                f"{ind}if not _isinstance(items, _list):",
                f"{ind}    items = [items]",
                f"{ind}_W.left -= _len(items)",  # Work.spend, written out
                f"{ind}if _W.left < 0:",
                f"{ind}    _W.spend(0)",
                f"{ind}if _len(st.frames) + {depth}_len(items) > {MAX_FRAMES}:",
                f"{ind}    _too_many_frames(items)"]

    def message(self, render: Callable[[Any], str]) -> str:
        """A message in one language (a question's prompt) written out as ``render`` makes
        it: its plain parts quoted, each hole evaluated in order and shown by ``display``; a
        message without holes is its text. Called as it is when it is not one compiled by
        ``compile_template``."""
        parts = template_parts(render)
        if parts is None:
            return f"{self.const(render)}(ctx)"
        if all(hole is None or isinstance(part, str) for hole, part in parts):
            return repr("".join(str(part) for _hole, part in parts))
        pieces = []
        for hole, part in parts:
            if hole is None or isinstance(part, str):
                pieces.append(repr(str(part)))
            else:  # a text shown as it is, without display's call
                t = f"_t{self.xgen.n}"
                self.xgen.n += 1
                pieces.append(f"({t} if ({t} := {self.x(part)}).__class__ is _str "
                              f"else _display({t}))")
        return "(" + " + ".join(pieces) + ")"  # each piece a text: display gives one

    def enter(self, inner: Block, block: Block, j: int, ind: str) -> list[str]:
        """Push the frame ``inner`` and run its block's first segment at once, as the
        interpreter's loop would next (while the stack is not deep: a procedure that calls
        itself stays within Python's recursion); if that block ran to its end, go on with
        this one, else return to the loop."""
        return [f"{ind}st.frames.append(inner)",
                f"{ind}if _len(st.frames) < {_DIRECT_DEPTH}:",
                f"{ind}    g = _SEGMENTS[{inner.id}].get(0)",
                f"{ind}    if (g and g(st, inner) and st.outcome is None",
                f"{ind}            and st.pending is None and st.frames[-1] is f):",
                f"{ind}        return _s{block.id}_{j + 1}(st, f)",
                f"{ind}return True"]

    def enter_pushed(self, block: Block, j: int, ind: str) -> list[str]:
        """Run the first segment of the frame ``inner`` a step pushed (the last pushed is on
        top), as the interpreter's loop would next (while the stack is not deep); if that
        leaves this frame on top, go on with this block, else return to the loop."""
        return [f"{ind}if _len(st.frames) < {_DIRECT_DEPTH}:",
                f"{ind}    g = _SEGMENTS[inner.block.id].get(inner.index)",
                f"{ind}    if (g and g(st, inner) and st.outcome is None",
                f"{ind}            and st.pending is None and st.frames[-1] is f):",
                f"{ind}        return _s{block.id}_{j + 1}(st, f)",
                f"{ind}return True"]

    def size_of_step(self, step: Step) -> int:
        """The steps a straight step runs inside it at most (its branches, its procedure)."""
        if isinstance(step, If):
            return self.size(step.then) + self.size(step.other)
        if isinstance(step, Do):
            return self.size(self.spec.procedures[step.name])
        if step.kind == "end_turn":  # the advance, and the hooks it runs
            return 1 + sum(self.size(h) for h in self.turn_hooks())
        return 0




def _advance_block(blocks: tuple[Block, ...]) -> Block | None:
    """The block an end of turn pushes (its one step, the advance), among ``blocks``."""
    return next((b for b in blocks if b.steps and isinstance(b.steps[0], Advance)), None)


def make_runners(blocks: tuple[Block, ...], spec: GameSpec,
                 derived: dict[str, Callable[[Any], Any]] | None = None,
                 still: frozenset[str] = frozenset()
                 ) -> list[tuple[Runner, ...]]:
    """Every step's runner, by block (effects.make_runners): a step whose kind has a
    ``visit_`` method runs the code it writes for the runner (its expressions called); the
    others their runners of effects.py. ``derived``,
    ``still``: as for ``make_segments``.

    The generated runners are compiled when the first of them is called (most games never
    run a step by step, and compiling them is a large part of a game's load): until then each
    is a function of the same namespace whose first call compiles them all and gives each
    its own code, so that the functions held (by the interpreter, the segments' calls) run
    it from then on, without a call in between."""
    steps = [(block, j) for block in blocks for j, s in enumerate(block.steps)
             if hasattr(_Gen, "visit_" + s.kind.lstrip("_"))]
    ns: dict[str, Any] = {"__builtins__": {}}
    written = {(block.id, j): _first_call(ns, f"_r{block.id}_{j}") for block, j in steps}

    def compiled() -> None:
        gen = _Gen(spec, [], {}, [], derived, advance=_advance_block(blocks), still=still)
        gen.written = False  # (the expressions called: the interpreter's path is the rare one)
        made = gen.run(partial(gen.runners_source, steps), "<steps>")
        for fn in written.values():
            fn.__code__ = made[fn.__name__].__code__
            fn.__defaults__ = None
        ns.update(made)  # (the same names, bound to the same values)
    ns["_compiled"] = compiled
    return effects_runners(blocks, spec, written)


# the code of a generated runner before its first call (make_runners): all compiled, then it
# runs its own
_FIRST_CALL = next(c for c in compile(
    "def _r(st, f, _name=None):\n    _compiled()\n    return _ns[_name](st, f)\n",
    "<first call>", "exec").co_consts if isinstance(c, _CodeType))


def _first_call(ns: dict[str, Any], name: str) -> Runner:
    ns["_ns"] = ns
    fn: Runner = _FunctionType(_FIRST_CALL, ns, name, (name,))
    return fn


def make_segments(blocks: tuple[Block, ...], spec: GameSpec,
                  runners: list[tuple[Runner, ...]],
                  derived: dict[str, Callable[[Any], Any]] | None = None,
                  still: frozenset[str] = frozenset()) -> list[Segments]:
    """For each block (by its id), its segments by the step index they start at; a block
    whose code Python cannot compile (nested past its parser's limits) has none and runs step
    by step. ``derived``: the readers of the derived values no local may hide (read at once
    by the expressions written out); ``still``: those of them that read only the state and
    ``me`` (game.memo_derived), read once per loop in an expression."""
    sizes: dict[int, int] = {}
    flats: dict[int, bool] = {}
    flat_fns: dict[int, Callable[..., bool]] = {}
    out: list[Segments] = []
    advance = _advance_block(blocks)
    semis: tuple[dict[int, bool], set[int]] = ({}, set())
    for block in blocks:
        gen = _Gen(spec, runners, sizes, out, derived, flats, flat_fns, advance,
                   semis, still)
        try:
            out.append(gen.block(block))
        except (RecursionError, SyntaxError, MemoryError, ValueError):
            out.append({})
    return out


def end_rules(spec: GameSpec) -> tuple[tuple[str, Callable[[Any], Any], str], ...]:
    """The end rules as (field path, test, outcome), the paths made once."""
    return tuple((f"end.{i}", r.test, r.outcome) for i, r in enumerate(spec.end))


def make_end_check(game: Any) -> Callable[[Any], None] | None:
    """The end rules as one generated function of the state (``_check_end`` runs it): each
    rule's test written out, its field path set before it (for error messages), and the
    first that holds finishes the game with its outcome. None when Python cannot compile it
    (the rules are then tested one by one)."""
    gen, source = end_check_source(game)
    try:
        code = compile(source, "<end>", "exec")
    except (RecursionError, SyntaxError, MemoryError, ValueError):
        return None
    ns = dict(_NAMESPACE)
    ns.update(gen.ns)
    exec(code, ns)  # noqa: S102 (our generated source, from the checked trees only)
    check: Callable[[Any], None] = ns["_end"]
    return check


def end_check_source(game: Any) -> tuple[_Gen, str]:
    """The source of a game's end check (and the generator holding its namespace)."""
    gen = _Gen(game.spec, game.runners, {}, game.segments,
               derived_readers(game))
    # the check runs in a window that remembers these derived values (``_check_end``: an end
    # rule reads a derived value) and nothing changes until an outcome is set: each is read
    # once into a variable, as the phase listers do
    xgen = gen.xgen
    xgen.hoisted = {}
    for name in sorted(xgen.derived):
        if name in game.memo_derived:
            xgen.hoisted[name] = f"_v{xgen.n}"
            xgen.n += 1
    lines = ["def _end(st):",
             "    loc = {'me': st.turn_seat}",
             *_CONTEXT]
    body: list[str] = []
    for path, test, outcome in game.end_rules:
        body += [f"    st._where = {path!r}",
                 f"    if {gen.x(test)}:",
                 f"        st._finish({outcome!r})",
                 "        return"]
    used = [v for v in xgen.hoisted.values() if f"{v} := " in "".join(body)]
    if body and not any("ctx" in line or "loc" in line for line in body):
        del lines[1:]  # rules that read only vars (``fatigue <= 0``): no context to make
    if used:
        lines.append("    " + " = ".join(used) + " = _U")
    return gen, "".join(gen.xgen.defs) + "\n".join(lines + body) + "\n"


# an outcome made ready: its winners and scores, its reasons, whether the reasons are written
# only when first read (lazy_reason), and the reasons when they are plain texts (else None)
OutcomeCode = tuple[Callable[[Any, bool], tuple[Any, list[int], dict[str, str] | None]],
                    Callable[[Any], dict[str, str]], bool, dict[str, str] | None]


def make_outcomes(game: Any) -> dict[str, OutcomeCode]:
    """Each outcome as generated functions of the state (``_finish_as`` runs them), as
    ``_outcome_of`` evaluates them: ``_outcome(st, later)`` gives the winners, then each
    seat's score with ``me`` that seat, then (unless ``later``) the reason in each language
    (each language's holes evaluated and shown as its own message does); ``_reasons(st)``
    gives the reason alone (read later, ``lazy_reason``). An outcome Python cannot compile
    is left out (evaluated as before)."""
    out: dict[str, OutcomeCode] = {}
    for name in game.spec.outcomes:
        gen, source = outcome_source(game, name)
        try:
            code = compile(source, f"<outcome {name}>", "exec")
        except (RecursionError, SyntaxError, MemoryError, ValueError):
            continue
        ns = dict(_NAMESPACE)
        ns.update(gen.ns)
        exec(code, ns)  # noqa: S102 (our generated source, from the checked trees only)
        o = game.spec.outcomes[name]
        out[name] = (ns["_outcome"], ns["_reasons"], lazy_reason(game, o), plain_reason(o))
    return out


def plain_reason(o: Any) -> dict[str, str] | None:
    """An outcome's reason in each language when its texts have no hole to evaluate."""
    out = {}
    for lang, render in o.reason.items():
        parts = template_parts(render)
        if parts is None or any(hole is not None and not isinstance(part, str)
                                for hole, part in parts):
            return None
        out[lang] = "".join(str(part) for _hole, part in parts)
    return out


def lazy_reason(game: Any, o: Any) -> bool:
    """Whether an outcome's reason is written when first read rather than when the game
    ends: when a hole of its text (or a derived value it reads that the winners and scores
    did not read already) goes through a list or calls a function the game's table of
    functions does not call light. A text of light holes costs less than putting it off
    (about a microsecond)."""
    derived = game.spec.derived
    done: set[str] = set()  # the derived values the winners and scores read (memoised)
    stack = [fn for fn in (o.winners, o.score) if fn is not None]
    while stack:
        r = reads(stack.pop())
        if r is not None:
            for n in r[0] & derived.keys() - done:
                done.add(n)
                stack.append(derived[n])
    seen: set[str] = set(done)
    trees: list[Any] = []
    for render in o.reason.values():
        parts = template_parts(render)
        if parts is None:  # not one of ours
            return True
        trees += [tree_of(part) for hole, part in parts
                  if hole is not None and not isinstance(part, str)]
    while trees:
        x = trees.pop()
        if x is None:  # an expression without its tree: as heavy as any
            return True
        if isinstance(x, tuple) and x and isinstance(x[0], str):
            kind = x[0]
            if kind in ("core", "call") and not game.spec.function_table.light(x[1]):
                return True
            if kind in ("name", "name_at") and x[1] in derived and x[1] not in seen:
                seen.add(x[1])
                trees.append(tree_of(derived[x[1]]))
            trees.extend(x[1:])
        elif isinstance(x, list | tuple):
            trees.extend(x)
    return False


def outcome_source(game: Any, name: str) -> tuple[_Gen, str]:
    """The source of one outcome's functions ``_outcome`` and ``_reasons`` (and the generator
    holding their namespace)."""
    o = game.spec.outcomes[name]
    gen = _Gen(game.spec, game.runners, {}, game.segments,
               derived_readers(game))
    lines = ["def _outcome(st, later):",
             "    loc = {'me': st.turn_seat}",
             *_CONTEXT,
             f"    winners = {gen.x(o.winners)}",
             "    if winners is None:",
             "        winners = []",
             "    elif not _isinstance(winners, _list):",
             "        winners = [winners]",
             "    scores = []",
             "    for c in _range(st.players):"]
    if o.score is None:
        lines.append("        scores.append(1 if c in winners else 0)")
    else:
        lines += ["        loc['me'] = c",
                  f"        scores.append(_int({gen.x(o.score)} or 0))"]
    items = []
    for lang, render in o.reason.items():
        parts = template_parts(render)
        if parts is None:  # not one of ours: called as it is
            items.append(f"{lang!r}: {gen.const(render)}(ctx)")
            continue
        pieces = [repr(str(part)) if hole is None or isinstance(part, str)
                  else f"_display({gen.x(part)})" for hole, part in parts]
        items.append(f"{lang!r}: " + (f"''.join(({''.join(x + ', ' for x in pieces)}))"
                                      if pieces else "''"))
    reasons = f"{{{', '.join(items)}}}"
    lines += ["    if later:",
              "        return winners, scores, None",
              "    loc['me'] = st.turn_seat",
              f"    return winners, scores, {reasons}",
              "def _reasons(st):",
              "    loc = {'me': st.turn_seat}",
              *_CONTEXT,
              f"    return {reasons}"]
    return gen, "".join(gen.xgen.defs) + "\n".join(lines) + "\n"


def derived_readers(game: Any) -> dict[str, Callable[[Any], Any]]:
    """The readers of a game's derived values that no local may hide (as listing.py reads
    them): ``Ctx.lookup`` of such a name finds no local and calls its reader."""
    return {n: game.readers[n] for n, k in game.names.items()
            if k == "derived" and n not in game.local_names}


def flat_source(game: Any, block: Block) -> str:
    """The generated source of the function that runs a block without frames until a
    question is asked (for tests); empty when the block is not such a block."""
    gen = _Gen(game.spec, game.runners, {}, game.segments,
               derived_readers(game), None, None, game.advance_block,
               still=frozenset(game.memo_derived))
    if not gen.semi(block):
        return ""
    return gen.flat_source(block)


def segments_source(game: Any, block: Block) -> str:
    """The generated source of a block's segments in a loaded game (for tests)."""
    gen = _Gen(game.spec, game.runners, {}, game.segments,
               derived_readers(game), None, None, game.advance_block,
               still=frozenset(game.memo_derived))
    return gen.source(block)[1]
