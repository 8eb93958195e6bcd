"""The effect interpreter: a move's effects run as a stack of frames (block, step index,
locals) so a ``choose`` can suspend them half-way and a later move resume them. Each step is
made ready to run once per game (``make_runners``: the commonest kinds with their parameters
looked up then, the others through ``_STEPS``). Also the end of the game (end rules,
outcomes)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from .base import StateBase, shuffle
from .context import Ctx, _cards_of
from .errors import ExpressionError, RulesetError
from .expr import Compiled, Work, texts_renderer
from .i18n import text_of
from .limits import MAX_FRAMES
from .ruleset_messages import ruleset_error
from .spec import Block, GameSpec, Step
from .values import (
    CHOICE,
    RULESET_BUGS,
    STEP_BUDGET,
    Event,
    Frame,
    Move,
    Outcome,
    Pending,
    end_texts,
    make_event,
    make_outcome,
)

_new = object.__new__


class Effects(StateBase):
    """The part of State that runs effects."""

    def _apply(self, m: Move) -> list[Event]:
        events: list[Event] = []
        self._events = events
        self._legal = None
        p = self.pending  # the seat to decide: current_player (the game is not over)
        first = None
        if m.move_id == CHOICE:
            assert p is not None
            seat = p.seat
            self.pending = None
            self.frames[-1].locals[p.var] = m.args[0][1]
        else:
            seat = self.turn_seat if p is None else p.seat
            locals_ = {"me": seat}
            locals_.update(m.args)
            f = _new(Frame)  # Frame(the move's effects, 0, locals_), its slots set in place
            f.block = self.game.move_by_id[m.move_id].effects
            f.index = 0
            f.locals = locals_
            f.ctx = None
            self.frames = [f]
            first = f
        history = self.history
        history.append(m.text)
        self.turn_log.append((seat, m.move_id, self.turn, self.round))
        if first is None:
            self._run()
        else:  # _run's first round written out: the move's first segment called at once
            self._budget = STEP_BUDGET
            frames = self.frames
            segment = self.game.segments[first.block.id].get(0)  # (never 0: a block's end)
            if segment and segment(self, first):  # type: ignore[operator]
                if self.outcome is not None:
                    frames.clear()
                    self.pending = None
                elif self.pending is None and frames:
                    self._run(self._budget)  # (the frames it left, the budget as it left it)
            else:  # no code, or it declined: step by step from there
                self._run(self._budget)
        if self.outcome is None:
            if self.pending is None and self.game.end_rules:
                game = self.game
                if game.end_memo:
                    self._check_end()
                else:  # no window to open: the end rules' tests at once (_check_end)
                    game.end_check(self)
            if len(history) >= self.spec.max_moves and self.outcome is None:
                self._finish_limit()
        if events:
            self.log.extend(events)
        return events

    def _finish_limit(self) -> None:
        """The game reached its move limit: the ruleset's ``limit`` outcome, else a draw."""
        self.frames = []
        self.pending = None
        if "limit" in self.spec.outcomes:
            self._finish("limit")
            return
        reason = f"the game reached its limit of {self.spec.max_moves} moves"
        self.outcome = Outcome((), tuple(0 for _ in range(self.players)), reason, "limit",
                               {"en": reason, "fr": f"la partie a atteint sa limite de "
                                f"{self.spec.max_moves} coups"})

    def run_setup(self) -> None:
        """Run the ruleset's setup steps and the first turn's start."""
        hooks = self.spec.hooks
        self.frames = []
        if "turn_start" in hooks:
            self.frames.append(Frame(hooks["turn_start"], 0, {"me": self.turn_seat}))
        self.frames.append(Frame(self.spec.setup, 0, {"me": self.turn_seat}))
        self._events = []
        Work.reset()
        try:
            self._run()
            if self.outcome is None and self.pending is None:
                self._check_end()
        except RULESET_BUGS as e:
            raise self._bug(e, "doing_setup", self._where) from None
        self.log.extend(self._events)
        self._legal = None

    def _run(self, budget: int = STEP_BUDGET) -> None:
        frames = self.frames
        self._budget = budget
        runners = self.game.runners
        segments = self.game.segments
        while frames:
            f = frames[-1]
            block = f.block
            segment = segments[block.id].get(f.index)
            if segment:  # the block's code, compiled
                if segment(self, f):  # type: ignore[operator]  # (0 is falsy: a function)
                    if self.outcome is not None:
                        frames.clear()
                        self.pending = None
                        return
                    if self.pending is not None:
                        return
                    continue
            elif segment is not None:  # (0) the frame is at its block's end
                frames.pop()
                continue
            # one step at a time (the step budget is nearly spent, or no code for this entry)
            steps = block.steps
            i = f.index
            if i >= len(steps):
                frames.pop()
                continue
            step = steps[i]
            f.index = i + 1
            self._where = step.path
            self._budget -= 1
            if self._budget < 0:
                raise _too_many_steps(self, step.path)
            runners[block.id][i](self, f)
            if self.outcome is not None:
                frames.clear()
                self.pending = None
                return
            if self.pending is not None:
                return

    def _check_end(self) -> None:
        game = self.game
        if not game.end_memo:  # no end rule reads a derived value: no window to open
            game.end_check(self)  # the rules' tests (generated code, codegen.py)
            return
        saved, self._derived_memo = self._derived_memo, {}  # nothing changes until the end
        try:
            game.end_check(self)
        finally:
            self._derived_memo = saved

    def _check_end_rules(self) -> None:
        """The end rules tested one by one: the first that holds ends the game."""
        ctx = Ctx(self, {"me": self.turn_seat})
        for path, test, outcome in self.game.end_rules:
            self._where = path
            if test(ctx):
                self._finish(outcome)
                return

    def _finish(self, name: str) -> None:
        saved = self._derived_memo
        if saved is None:  # nothing changes until the outcome is set: derived values once
            self._derived_memo = {}
        try:
            self._finish_as(name)
        finally:
            self._derived_memo = saved

    def _finish_as(self, name: str) -> None:
        self._where = f"outcomes.{name}"
        made = self.game.outcomes.get(name)  # generated (codegen.py), as below
        if made is None:
            winners, scores, reasons = self._outcome_of(name)
            outcome = make_outcome(tuple([int(w) for w in winners]), tuple(scores),
                                   text_of(reasons, "en"), name, reasons)
            text: dict[str, str] = dict(reasons)
        else:
            values, write, lazy, plain = made
            winners, scores, written = values(self, lazy or plain is not None)
            if lazy:  # written when first read: people read them, bots never do
                outcome = make_outcome(tuple([int(w) for w in winners]), tuple(scores), "",
                                       name, {}, self._reasons_later(name, write))
                text = end_texts(outcome)
            else:
                if written is None:  # plain texts, made at load
                    assert plain is not None
                    written = plain.copy()
                outcome = make_outcome(tuple([int(w) for w in winners]), tuple(scores),
                                       text_of(written, "en"), name, written)
                text = dict(written)
        self.outcome = outcome
        self._events.append(make_event("end", None, text, {"outcome": name}, None))

    def _reasons_later(self, name: str, write: Callable[[Any], dict[str, str]]
                       ) -> Callable[[], dict[str, str]]:
        """The reasons of the outcome ``name`` as a function to call when they are first read.
        It reads the game as it ended, which nothing changes after (no move is played on a
        game over; copies and determinised worlds change their own zones): through a second
        object sharing the state's contents (not the state itself, whose outcome would hold
        it in a cycle), with the derived values the outcome already computed. A mistake of
        the ruleset met then is one sentence naming the field; the game stays over, its
        winners and scores as they were."""
        shadow = _new(type(self))
        shadow.__dict__ = seen = self.__dict__.copy()
        seen["log"], seen["_events"], seen["frames"], seen["pending"] = [], [], [], None
        memo = self._derived_memo  # the window _finish opened (nothing changed since)
        path = f"outcomes.{name}.reason"

        def written() -> dict[str, str]:
            left = Work.left  # a budget of its own, the reader's left as it was
            Work.reset()
            shadow._derived_memo = {} if memo is None else memo
            try:
                return write(shadow)
            except RULESET_BUGS as e:
                raise shadow._bug(e, "doing_reason", path) from None
            finally:
                shadow._derived_memo = None
                Work.left = left
        return written

    def _outcome_of(self, name: str) -> tuple[Any, list[int], dict[str, str]]:
        """An outcome's winners, every seat's score and its reason in each language."""
        o = self.spec.outcomes[name]
        ctx = Ctx(self, {"me": self.turn_seat})
        winners = o.winners(ctx)
        if winners is None:
            winners = []
        elif not isinstance(winners, list):
            winners = [winners]
        scores = []
        for s in range(self.players):
            if o.score is None:
                scores.append(1 if s in winners else 0)
            else:
                ctx.locals["me"] = s
                scores.append(int(o.score(ctx) or 0))
        ctx.locals["me"] = self.turn_seat
        reasons = {lang: f(ctx) for lang, f in o.reason.items()}
        return winners, scores, reasons

    def _emit(self, kind: str, seat: int | None, text: dict[str, str],
              data: dict[str, Any] | None = None, private_to: tuple[int, ...] | None = None
              ) -> None:
        self._events.append(make_event(kind, seat, text, data or {}, private_to))

    # ------------------------------------------------------------ card movement

    def zone_key(self, ref: tuple[str, Compiled | None], ctx: Ctx) -> str:
        name, seat_expr = ref
        z = self.spec.zones[name]
        if not z.per_seat:
            return name
        seat = ctx.me if seat_expr is None else seat_expr(ctx)
        return f"{name}/{int(seat)}"

    def put(self, uid: int, key: str, at: str | None) -> None:
        """Move one card to zone ``key`` (top or bottom; default by the zone's order)."""
        src = self.where[uid]
        undo = self._undo_zones  # the zones as they were before the move (State.play)
        if src:
            if undo is not None and src not in undo:
                undo[src] = self.zones[src][:]
            self.zones[src].remove(uid)
        dest = self.zones[key]
        if undo is not None and key not in undo:
            undo[key] = dest[:]
        zone = self.spec.zones[key.partition("/")[0]]
        if at is None:
            at = "top" if zone.order == "pile" else "bottom"
        if at == "top":
            dest.insert(0, uid)
        else:
            dest.append(uid)
        self.where[uid] = key


# ---------------------------------------------------------------- effect steps


def _ctx(st: Effects, f: Frame) -> Ctx:
    """The expression context of a frame's steps (made once per frame)."""
    ctx: Ctx | None = f.ctx
    if ctx is None or ctx.state is not st:
        ctx = f.ctx = Ctx(st, f.locals)
    return ctx

def _var_key(st: Effects, name: str, seat_expr: Compiled | None, ctx: Ctx) -> str:
    if st.spec.vars[name].per_seat:
        seat = ctx.me if seat_expr is None else seat_expr(ctx)
        return f"{name}/{int(seat)}"
    return name


def _clamp(st: Effects, name: str, v: Any) -> Any:
    spec = st.spec.vars[name]
    if isinstance(v, int) and not isinstance(v, bool):
        if spec.max is not None and v > spec.max:
            v = spec.max
        if spec.min is not None and v < spec.min:
            v = spec.min
    return v


def _step_set(step: Step, st: Effects, f: Frame) -> None:
    ctx = _ctx(st, f)
    for name, expr in step.params["values"].items():
        st.vars[_var_key(st, name, step.params["seat"], ctx)] = _clamp(st, name, expr(ctx))


def _step_add(step: Step, st: Effects, f: Frame) -> None:
    ctx = _ctx(st, f)
    for name, expr in step.params["values"].items():
        key = _var_key(st, name, step.params["seat"], ctx)
        st.vars[key] = _clamp(st, name, (st.vars[key] or 0) + int(expr(ctx) or 0))


def _step_let(step: Step, st: Effects, f: Frame) -> None:
    ctx = _ctx(st, f)
    for name, expr in step.params["values"].items():
        f.locals[name] = expr(ctx)


def _step_move(step: Step, st: Effects, f: Frame) -> None:
    ctx = _ctx(st, f)
    cards = _cards_of(step.params["what"](ctx))
    key = st.zone_key(step.params["to"], ctx)
    at = step.params["at"]
    zone = st.spec.zones[step.params["to"][0]]
    top = (at or ("top" if zone.order == "pile" else "bottom")) == "top"
    for c in (reversed(cards) if top else cards):
        st.put(c.uid, key, at)


def _step_deal(step: Step, st: Effects, f: Frame) -> None:
    ctx = _ctx(st, f)
    src = st.zone_key(step.params["from"], ctx)
    dst = st.zone_key(step.params["to"], ctx)
    if step.params["count"] is not None:
        n = int(step.params["count"](ctx) or 0)
    else:
        n = int(step.params["fill"](ctx) or 0) - len(st.zones[dst])
    at = step.params["at"]
    for _ in range(max(0, n)):
        pile = st.zones[src]
        if not pile:
            break
        st.put(pile[0], dst, at)


def _step_shuffle(step: Step, st: Effects, f: Frame) -> None:
    ctx = _ctx(st, f)
    key = st.zone_key(step.params["zone"], ctx)
    pile = st.zones[key]
    undo = st._undo_zones
    if undo is not None and key not in undo:
        undo[key] = pile[:]
    shuffle(st.rng, pile)
    ids = set(pile)
    for s, k in enumerate(st.known):
        if not k.isdisjoint(ids):
            st._keep_known(s)
            k -= ids
    st._emit("shuffle", None, {"en": f"shuffled {key}", "fr": f"{key} mélangé"},
             {"zone": key})


def _step_if(step: Step, st: Effects, f: Frame) -> None:
    ctx = _ctx(st, f)
    branch = step.blocks["then"] if step.params["test"](ctx) else step.blocks["else"]
    if branch.steps:
        st.frames.append(Frame(branch, 0, f.locals))


def _step_do(step: Step, st: Effects, f: Frame) -> None:
    st.frames.append(Frame(st.spec.procedures[step.params["name"]], 0, f.locals))


def _step_end(step: Step, st: Effects, f: Frame) -> None:
    st._finish(step.params["outcome"])


def _step_check_end(step: Step, st: Effects, f: Frame) -> None:
    st._check_end()


def _step_choose(step: Step, st: Effects, f: Frame) -> None:
    ctx = _ctx(st, f)
    p = step.params
    options = p["from"](ctx)
    if options is None:
        options = []
    elif not isinstance(options, list):
        options = [options]
    if not options and not p["optional"]:
        f.locals[p["var"]] = None
        return
    if len(options) == 1 and not p["optional"]:
        f.locals[p["var"]] = options[0]
        return
    prompt = {lang: t(ctx) for lang, t in p["prompt"].items()} if p["prompt"] else {}
    st.pending = Pending(int(p["seat"](ctx)), p["var"], options, p["notation"], p["pass"],
                         p["optional"], prompt, p["seats"], p["notations"], p["passes"],
                         p["words"])


def _step_reveal(step: Step, st: Effects, f: Frame) -> None:
    ctx = _ctx(st, f)
    cards = _cards_of(step.params["what"](ctx))
    to = step.params["to"](ctx)
    seats = to if isinstance(to, list) else [to]
    for s in seats:
        st._keep_known(int(s)).update(c.uid for c in cards)
    def names(lang: str) -> str:
        return ", ".join(text_of(c.name, lang) for c in cards)

    # the line is the seeing seat's own ("Chloé: saw Key"): a reveal to one seat is logged as
    # that seat's, a reveal to several as nobody's in particular
    to_seats = tuple(int(s) for s in seats)
    who = to_seats[0] if len(to_seats) == 1 else None
    line = step.params["log"]
    st._emit("reveal", who, _reveal_texts(ctx, line) if line else
             {"en": f"saw {names('en')}", "fr": f"a vu {names('fr')}"},
             {"cards": [c.code for c in cards]}, to_seats)


def _reveal_texts(ctx: Ctx, line: dict[str, Compiled]) -> dict[str, str]:
    """A reveal's own line (its ``log``), in every language, counted as work."""
    texts = {lang: t(ctx) for lang, t in line.items()}
    Work.spend(sum(map(len, texts.values())))
    return texts


def _step_flip(step: Step, st: Effects, f: Frame) -> None:
    side = "heads" if st.rng.random() < 0.5 else "tails"
    f.locals[step.params["var"]] = side
    st._events.append(_COIN_EVENTS[side])  # (a frozen value: the same for every flip)


# the event of each side of a coin flipped
_COIN_EVENTS = {side: make_event("chance", None, {"en": f"coin: {side}", "fr": f"pièce : {fr}"},
                                 {"coin": side}, None)
                for side, fr in (("heads", "face"), ("tails", "pile"))}


def _step_for_each(step: Step, st: Effects, f: Frame) -> None:
    ctx = _ctx(st, f)
    items = step.params["in"](ctx) or []
    if not isinstance(items, list):
        items = [items]
    body = step.blocks["do"]
    Work.spend(len(items))
    if len(st.frames) + len(items) > MAX_FRAMES:
        raise ruleset_error(ExpressionError, "for_each_limit", limit=MAX_FRAMES, n=len(items))
    for x in reversed(items):
        loc = dict(f.locals)
        loc[step.params["var"]] = x
        st.frames.append(Frame(body, 0, loc))


def _step_card_effect(step: Step, st: Effects, f: Frame) -> None:
    """Run the named effect of each given card that declares one, in order, with ``this``
    bound to the card (cards without that effect are skipped)."""
    ctx = _ctx(st, f)
    table = st.spec.card_effects
    name = step.params["name"]
    for c in reversed(_cards_of(step.params["card"](ctx))):
        block = table.get(c.code, {}).get(name)
        if block is not None and block.steps:
            loc = dict(f.locals)
            loc["this"] = c
            st.frames.append(Frame(block, 0, loc))


def _step_rejoin(step: Step, st: Effects, f: Frame) -> None:
    """Eliminated seats come back into the game (a new round of a match); logs nothing."""
    v = step.params["seats"](_ctx(st, f))
    for seat in (v if isinstance(v, list) else [v]):
        if isinstance(seat, int) and not isinstance(seat, bool):
            st.out.discard(seat)


def _step_random(step: Step, st: Effects, f: Frame) -> None:
    """Bind a local to one item of a list drawn at random (null when empty), or with count
    to a list of that many different items (fewer if the list is shorter), in drawn order."""
    ctx = _ctx(st, f)
    items = step.params["from"](ctx)
    items = [] if items is None else list(items) if isinstance(items, list | tuple) else [items]
    count = step.params["count"]
    if count is None:
        f.locals[step.params["var"]] = items[st.rng.randrange(len(items))] if items else None
        return
    n = max(0, min(len(items), int(count(ctx) or 0)))
    f.locals[step.params["var"]] = st.rng.sample(items, n)


def _step_eliminate(step: Step, st: Effects, f: Frame) -> None:
    ctx = _ctx(st, f)
    seat = int(step.params["seat"](ctx))
    st.out.add(seat)
    name = st.seat_name(seat)
    st._emit("eliminated", seat, {"en": f"{name} is out", "fr": f"{name} quitte la partie"})


def _step_end_turn(step: Step, st: Effects, f: Frame) -> None:
    loc: dict[str, Any] = {"me": st.turn_seat}
    nxt = step.params.get("next")
    if nxt is not None:  # end_turn: {next: seat}; kept in the advance frame (saved with it)
        seat = nxt(_ctx(st, f))
        if isinstance(seat, int) and 0 <= seat < st.players and seat not in st.out:
            loc["@next"] = seat
    st.frames.append(Frame(st.game.advance_block, 0, loc))
    hooks = st.spec.hooks
    if "turn_end" in hooks:
        st.frames.append(Frame(hooks["turn_end"], 0, {"me": st.turn_seat}))


def _step_advance(step: Step, st: Effects, f: Frame) -> None:
    old = st.turn_seat
    chosen = f.locals.get("@next")
    new = st.next_seat(old) if chosen is None else int(chosen)
    st.turn_seat = new
    st.turn += 1
    hooks = st.spec.hooks
    if "turn_start" in hooks:
        st.frames.append(Frame(hooks["turn_start"], 0, {"me": new}))
    n = st.players
    pos_new, pos_old = (new - st.first_seat) % n, (old - st.first_seat) % n
    # a new round when the order wraps past the first seat; a turn given to a chosen seat
    # (end_turn: {next: ...}) starts one only when it goes back in the order, so an extra
    # turn for the same seat stays in its round
    if pos_new < pos_old or (pos_new == pos_old and chosen is None):
        st.round += 1
        if "round_end" in hooks:
            st.frames.append(Frame(hooks["round_end"], 0, {"me": new}))


_STEPS: dict[str, Callable[[Step, Effects, Frame], None]] = {
    "set": _step_set,
    "add": _step_add,
    "let": _step_let,
    "move": _step_move,
    "deal": _step_deal,
    "shuffle": _step_shuffle,
    "if": _step_if,
    "do": _step_do,
    "end": _step_end,
    "check_end": _step_check_end,
    "choose": _step_choose,
    "reveal": _step_reveal,
    "flip": _step_flip,
    "for_each": _step_for_each,
    "card_effect": _step_card_effect,
    "eliminate": _step_eliminate,
    "rejoin": _step_rejoin,
    "random": _step_random,
    "end_turn": _step_end_turn,
    "_advance": _step_advance,
}


# ---------------------------------------------------------------- steps made ready to run

Runner = Callable[[Effects, Frame], None]


def _too_many_steps(st: Effects, path: str) -> RulesetError:
    return RulesetError.of("steps_limit", file=st.spec.source, line=st.spec.line_of(path),
                           field=path, limit=STEP_BUDGET)


# Steps that never push a frame, ask a question or end the game: a block made of these alone
# (and of if and do over such blocks) is "straight": it runs to its end in one call, without a
# frame of its own, exactly as the frame would have run it.
_STRAIGHT = {"set", "add", "let", "log", "announce", "move", "deal", "shuffle", "reveal", "flip",
             "random", "rejoin", "eliminate"}
Plan = tuple[tuple[str, Runner], ...]


def make_runners(blocks: tuple[Block, ...], spec: GameSpec
                 ) -> tuple[list[tuple[Runner, ...]], list[Plan | None]]:
    """For each block (by its id), a function per step that runs it: the commonest steps
    with their parameters looked up once, the others through ``_STEPS``; an ``if`` whose
    branches are straight, or a ``do`` of a straight procedure, runs them in place. And for
    each block, its steps as one plan when it is straight (else None)."""
    plans: dict[int, Plan | None] = {}

    def plan(block: Block, visiting: set[int]) -> Plan | None:
        if block.id in plans:
            return plans[block.id]
        if block.id in visiting:
            return None
        visiting.add(block.id)
        out: list[tuple[str, Runner]] = []
        for step in block.steps:
            r = runner(step, visiting)
            if r is None or step.kind not in _STRAIGHT | {"if", "do"}:
                break
            out.append((step.path, r))
        visiting.discard(block.id)
        plans[block.id] = tuple(out) if len(out) == len(block.steps) else None
        return plans[block.id]

    def runner(step: Step, visiting: set[int]) -> Runner | None:
        """The step's runner; None for an if or do that cannot run in place."""
        if step.kind == "if":
            then = plan(step.blocks["then"], visiting)
            other = plan(step.blocks["else"], visiting)
            if then is not None and other is not None:
                return _inline_if(step.params["test"], then, other)
            return None
        if step.kind == "do":
            body = plan(spec.procedures[step.params["name"]], visiting)
            return None if body is None else _inline(body)
        return _runner(step, spec)

    out: list[tuple[Runner, ...]] = []
    for i, block in enumerate(blocks):
        if block.id != i:
            raise ValueError(f"block {block.id} is listed at {i}")  # pragma: no cover
        out.append(tuple(runner(step, set()) or _runner(step, spec) for step in block.steps))
    return out, [plan(block, set()) for block in blocks]


def _inline(body: Plan) -> Runner:
    def run_in_place(st: Effects, f: Frame) -> None:  # the steps as _run would, one by one
        for path, r in body:
            st._where = path
            st._budget -= 1
            if st._budget < 0:
                raise _too_many_steps(st, path)
            r(st, f)
    return run_in_place


def _inline_if(test: Compiled, then: Plan, other: Plan) -> Runner:
    def run_if_in_place(st: Effects, f: Frame) -> None:
        for path, r in (then if test(_ctx(st, f)) else other):
            st._where = path
            st._budget -= 1
            if st._budget < 0:
                raise _too_many_steps(st, path)
            r(st, f)
    return run_if_in_place


def _runner(step: Step, spec: GameSpec) -> Runner:  # noqa: C901 (one case per kind of step)
    p = step.params
    kind = step.kind
    if kind == "if":
        test, then, other = p["test"], step.blocks["then"], step.blocks["else"]

        def run_if(st: Effects, f: Frame) -> None:
            ctx = _ctx(st, f)
            branch = then if test(ctx) else other
            if branch.steps:
                inner = Frame(branch, 0, f.locals)
                inner.ctx = ctx  # the same locals: the same context
                st.frames.append(inner)
        return run_if
    if kind == "do":
        procedure = spec.procedures[p["name"]]

        def run_do(st: Effects, f: Frame) -> None:
            inner = Frame(procedure, 0, f.locals)
            inner.ctx = f.ctx
            st.frames.append(inner)
        return run_do
    if kind == "let":
        lets = tuple(p["values"].items())

        def run_let(st: Effects, f: Frame) -> None:
            ctx = _ctx(st, f)
            for name, expr in lets:
                f.locals[name] = expr(ctx)
        return run_let
    if kind in ("set", "add"):
        seat = p["seat"]
        items = tuple((name, expr, spec.vars[name].per_seat, spec.vars[name].min,
                       spec.vars[name].max) for name, expr in p["values"].items())
        adding = kind == "add"

        def run_set(st: Effects, f: Frame) -> None:  # as _step_set and _step_add
            ctx = _ctx(st, f)
            values = st.vars
            for name, expr, per_seat, lo, hi in items:
                if adding:
                    key = (f"{name}/{int(ctx.me if seat is None else seat(ctx))}" if per_seat
                           else name)
                    v = (values[key] or 0) + int(expr(ctx) or 0)
                else:
                    v = expr(ctx)
                    key = (f"{name}/{int(ctx.me if seat is None else seat(ctx))}" if per_seat
                           else name)
                if isinstance(v, int) and not isinstance(v, bool):
                    if hi is not None and v > hi:
                        v = hi
                    if lo is not None and v < lo:
                        v = lo
                values[key] = v
        return run_set
    if kind in ("log", "announce"):  # a log line, said by the seat (log) or the game
        render = texts_renderer(p["text"])
        by_me = kind == "log"

        def run_log(st: Effects, f: Frame) -> None:
            if st.quiet:
                return
            ctx = _ctx(st, f)
            texts = render(ctx)
            Work.spend(sum(map(len, texts.values())))
            st._events.append(make_event("log", ctx.me if by_me else None, texts, {}, None))
        return run_log
    if kind == "card_effect":  # as _step_card_effect, the blocks found at load by code
        name, card = p["name"], p["card"]
        by_code = {code: block for code, effects in spec.card_effects.items()
                   if (block := effects.get(name)) is not None and block.steps}

        def run_card_effect(st: Effects, f: Frame) -> None:
            cards = _cards_of(card(_ctx(st, f)))
            for c in reversed(cards):
                block = by_code.get(c.code)
                if block is not None:
                    loc = dict(f.locals)
                    loc["this"] = c
                    st.frames.append(Frame(block, 0, loc))
        return run_card_effect
    if kind == "deal":  # as _step_deal, each card put as put does
        frm, to, count, fill = p["from"], p["to"], p["count"], p["fill"]
        src_fixed = None if spec.zones[frm[0]].per_seat else frm[0]
        dst_fixed = None if spec.zones[to[0]].per_seat else to[0]
        deal_at = p["at"] or ("top" if spec.zones[to[0]].order == "pile" else "bottom")
        deal_top = deal_at == "top"

        def run_deal(st: Effects, f: Frame) -> None:
            ctx = _ctx(st, f)
            src = src_fixed or st.zone_key(frm, ctx)
            dst = dst_fixed or st.zone_key(to, ctx)
            zones = st.zones
            if count is not None:
                n = int(count(ctx) or 0)
            else:
                n = int(fill(ctx) or 0) - len(zones[dst])
            where = st.where
            undo = st._undo_zones
            pile = zones[src]
            k = min(n, len(pile))
            if k > 0 and src != dst:  # the top k cards at once (as the loop below)
                dest = zones[dst]
                if undo is not None:
                    if src not in undo:
                        undo[src] = pile[:]
                    if dst not in undo:
                        undo[dst] = dest[:]
                taken = pile[:k]
                del pile[:k]
                if deal_top:
                    dest[:0] = taken[::-1]
                else:
                    dest.extend(taken)
                for uid in taken:
                    where[uid] = dst
                return
            for _ in range(n):
                pile = zones[src]
                if not pile:
                    break
                uid = pile[0]
                s = where[uid]
                if s:
                    if undo is not None and s not in undo:
                        undo[s] = zones[s][:]
                    zones[s].remove(uid)
                dest = zones[dst]
                if undo is not None and dst not in undo:
                    undo[dst] = dest[:]
                if deal_top:
                    dest.insert(0, uid)
                else:
                    dest.append(uid)
                where[uid] = dst
        return run_deal
    if kind == "reveal" and p["log"]:  # a line of its own: as _step_reveal
        return partial(_step_reveal, step)
    if kind == "reveal":  # as _step_reveal, without its closures (a card dealt face down
        what, to = p["what"], p["to"]  # and shown to its owner: a setup's commonest step)

        # the event of one card revealed, by the card and the seats told
        seen: dict[tuple[int, tuple[int, ...]], Event] = {}

        def run_reveal(st: Effects, f: Frame) -> None:
            ctx = _ctx(st, f)
            cards = _cards_of(what(ctx))
            v = to(ctx)
            uids = [c.uid for c in cards]
            to_seats = tuple([int(s) for s in v]) if isinstance(v, list) else (int(v),)
            for s in to_seats:
                st._keep_known(s).update(uids)
            if len(cards) == 1:  # (the commonest: one card, its event made once per seats
                c = cards[0]     # told: a frozen value)
                e = seen.get((c.uid, to_seats))
                if e is None:
                    e = seen[(c.uid, to_seats)] = make_event(
                        "reveal", to_seats[0] if len(to_seats) == 1 else None,
                        {"en": f"saw {text_of(c.name, 'en')}",
                         "fr": f"a vu {text_of(c.name, 'fr')}"}, {"cards": [c.code]}, to_seats)
                st._events.append(e)
                return
            en = ", ".join([text_of(c.name, "en") for c in cards])
            fr = ", ".join([text_of(c.name, "fr") for c in cards])
            st._events.append(make_event(
                "reveal", to_seats[0] if len(to_seats) == 1 else None,
                {"en": f"saw {en}", "fr": f"a vu {fr}"}, {"cards": [c.code for c in cards]},
                to_seats))
        return run_reveal
    if kind == "shuffle":  # as _step_shuffle, the key of a zone not per seat found at load
        zone = p["zone"]
        fixed = None if spec.zones[zone[0]].per_seat else zone[0]

        def run_shuffle(st: Effects, f: Frame) -> None:
            ctx = _ctx(st, f)
            key = fixed or st.zone_key(zone, ctx)
            pile = st.zones[key]
            undo = st._undo_zones
            if undo is not None and key not in undo:
                undo[key] = pile[:]
            shuffle(st.rng, pile)
            ids = None
            for s, k in enumerate(st.known):  # no seat knows where a shuffled card lies
                if k and not k.isdisjoint(pile):
                    if ids is None:
                        ids = set(pile)
                    st._keep_known(s)
                    k -= ids
            st._events.append(make_event("shuffle", None, {"en": f"shuffled {key}",
                                                           "fr": f"{key} mélangé"},
                                         {"zone": key}, None))
        return run_shuffle
    if kind == "move":  # as _step_move
        what, to, at = p["what"], p["to"], p["at"]
        at = at or ("top" if spec.zones[to[0]].order == "pile" else "bottom")
        top = at == "top"

        def run_move(st: Effects, f: Frame) -> None:
            ctx = _ctx(st, f)
            cards = _cards_of(what(ctx))
            key = st.zone_key(to, ctx)
            for c in (reversed(cards) if top else cards):
                st.put(c.uid, key, at)
        return run_move
    if kind == "end_turn" and step.params.get("next") is None:  # as _step_end_turn
        advance_block: Block | None = None
        turn_end = spec.hooks.get("turn_end")

        def run_end_turn(st: Effects, f: Frame) -> None:
            nonlocal advance_block
            if advance_block is None:  # the game's own (made after its runners)
                advance_block = st.game.advance_block
            frames = st.frames
            frames.append(_frame(advance_block, {"me": st.turn_seat}))
            if turn_end is not None:
                frames.append(_frame(turn_end, {"me": st.turn_seat}))
        return run_end_turn
    if kind == "_advance":  # as _step_advance
        turn_start, round_end = spec.hooks.get("turn_start"), spec.hooks.get("round_end")

        def run_advance(st: Effects, f: Frame) -> None:
            old = st.turn_seat
            chosen = f.locals.get("@next")
            new = st.next_seat(old) if chosen is None else int(chosen)
            st.turn_seat = new
            st.turn += 1
            if turn_start is not None:
                st.frames.append(_frame(turn_start, {"me": new}))
            n, first = st.players, st.first_seat
            pos_new, pos_old = (new - first) % n, (old - first) % n
            if pos_new < pos_old or (pos_new == pos_old and chosen is None):
                st.round += 1
                if round_end is not None:
                    st.frames.append(_frame(round_end, {"me": new}))
        return run_advance
    return partial(_STEPS[kind], step)  # the step's function with its step bound


def _frame(block: Block, locals_: dict[str, Any]) -> Frame:
    """``Frame(block, 0, locals_)``, its slots set in place (no ``__init__`` call)."""
    f = _new(Frame)
    f.block = block
    f.index = 0
    f.locals = locals_
    f.ctx = None
    return f
