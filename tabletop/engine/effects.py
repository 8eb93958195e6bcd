"""The effect interpreter: a move's effects run as a stack of frames (block, step index,
locals) so a ``choose`` can suspend them half-way and a later move resume them. The blocks
run by their generated code (codegen.py, segments) while the step budget allows; else, and
for a frame a save left mid-block, step by step, each step by its runner: made once per
game, by its kind's ``visit_`` method of ``_Runners`` here, or the generated code of the
kinds codegen writes out (codegen.make_runners). Also the end of the game (end rules,
outcomes), and what generated code and runners share: ``deal_cards``, ``advance_turn``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from tabletop.engine.base import StateBase, shuffle
from tabletop.engine.context import Ctx, _cards_of
from tabletop.errors import ExpressionError, RulesetError
from tabletop.i18n.catalogue import text_of
from tabletop.i18n.messages import kind_of, ruleset_error
from tabletop.lang.cards import CardDef
from tabletop.lang.expr import Compiled, Work
from tabletop.rules import steps
from tabletop.rules.spec import GameSpec
from tabletop.rules.steps import Block, Step
from tabletop.rules.values import (
    CHOICE,
    ENGINE_MESSAGES,
    PUBLIC,
    RULESET_BUGS,
    STEP_BUDGET,
    WINDOW,
    Event,
    Frame,
    Move,
    Outcome,
    Pending,
    end_texts,
    make_event,
    make_outcome,
    message_texts,
)

_new = object.__new__


class Effects(StateBase):
    """The part of State that runs effects."""

    def _apply(self, m: Move) -> list[Event]:
        events: list[Event] = []
        self._events = events
        self._masks = self._forgot_in_move = None
        self._legal = None
        p = self.pending  # the seat to decide: current_player (the game is not over)
        first = None
        if m.move_id == CHOICE:
            assert p is not None
            seat = p.seat
            self.pending = None
            loc = self.frames[-1].locals
            if WINDOW in loc:  # an answer to a reaction window: kept secret until its last
                if answer_window(self, p, loc, m.args[0][1]):
                    self.history.append(m.text)
                    self.turn_log.append((seat, m.move_id, self.turn, self.round))
                    if len(self.history) >= self.spec.max_moves:
                        self._finish_limit()
                        self.log.extend(events)
                    return events
            else:
                loc[p.var] = m.args[0][1]
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
        if self._masks is not None:
            settle_masks(self, events)
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
        texts = _said("move_limit", limit=self.spec.max_moves)
        self.outcome = Outcome((), tuple(0 for _ in range(self.players)), texts["en"], "limit",
                               texts)

    def run_setup(self) -> None:
        """Run the ruleset's setup steps and the first turn's start."""
        hooks = self.spec.hooks
        self.frames = []
        if "turn_start" in hooks:
            self.frames.append(Frame(hooks["turn_start"], 0, {"me": self.turn_seat}))
        self.frames.append(Frame(self.spec.setup, 0, {"me": self.turn_seat}))
        self._events = []
        self._masks = self._forgot_in_move = None
        Work.reset()
        try:
            self._run()
            if self.outcome is None and self.pending is None:
                self._check_end()
            if self._masks is not None:
                settle_masks(self, self._events)
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


# ---------------------------------------------------------------- effect steps


def frame_ctx(st: Effects, f: Frame) -> Ctx:
    """The expression context of a frame's steps (made once per frame)."""
    ctx: Ctx | None = f.ctx
    if ctx is None or ctx.state is not st:
        ctx = f.ctx = Ctx(st, f.locals)
    return ctx


def _take_top(st: Effects, src: str, dst: str, n: int) -> tuple[list[int], list[int]]:
    """The top ``n`` cards of zone ``src`` (fewer when it holds fewer) taken out of it for a
    deal into ``dst``, both zones recorded in the undo journal first (when any is taken):
    the cards taken, and ``dst``'s list."""
    zones = st.zones
    pile = zones[src]
    dest = zones[dst]
    k = min(n, len(pile))
    if k <= 0:
        return [], dest
    undo = st._undo_zones  # the zones as they were before the move (base.py, _snapshot)
    if undo is not None:
        if src not in undo:
            undo[src] = pile[:]
        if dst not in undo:
            undo[dst] = dest[:]
    taken = pile[:k]
    del pile[:k]
    return taken, dest


def deal_cards(st: Effects, src: str, dst: str, n: int, top: bool) -> None:
    """The top ``n`` cards of zone ``src`` (fewer when it holds fewer) put into ``dst`` one
    after the other (on its top or at its end), each recorded in the undo journal: taken at
    once when the zones differ."""
    zones = st.zones
    where = st.where
    undo = st._undo_zones  # the zones as they were before the move (base.py, _snapshot)
    if src != dst:
        taken, dest = _take_top(st, src, dst, n)
        if not taken:
            return
        if top:
            dest[:0] = taken[::-1]
        else:
            dest.extend(taken)
        for uid in taken:
            where[uid] = dst
        st.learn_moved(src, dst, taken)
        return
    while n > 0 and zones[src]:  # a zone dealt to itself: each card taken, put back
        n -= 1
        uid = zones[src][0]
        s = where[uid]
        if s:
            if undo is not None and s not in undo:
                undo[s] = zones[s][:]
            zones[s].remove(uid)
        dest = zones[dst]
        if undo is not None and dst not in undo:
            undo[dst] = dest[:]
        if top:
            dest.insert(0, uid)
        else:
            dest.append(uid)
        where[uid] = dst


def position(at: Any) -> int:
    """The index in a zone of a position a move or deal's ``at`` gives, counted from 1 (the
    top of a pile, the left of a row): a whole number from 1, else the ruleset's mistake
    (the step's ``at`` named: the code that calls this said it is there)."""
    if at.__class__ is not int or at < 1:  # (not a bool either)
        raise ruleset_error(ExpressionError, "at_position", got=kind_of(at))
    result: int = at - 1
    return result


def move_cards_at(st: Effects, ctx: Ctx, what: Any, to: Any, key: str | None, at: Any
                  ) -> None:
    """A move step whose ``at`` is a position: the cards taken out of their zones, then put
    into the zone in their order, the first at that position (at its end when the zone
    holds fewer cards), each zone recorded in the undo journal before it changes; ``key``
    is the zone's key when it is not per seat."""
    i = position(at)
    cards = _cards_of(what)
    if key is None:
        key = st.zone_key(to, ctx)
    zones = st.zones
    where = st.where
    undo = st._undo_zones  # the zones as they were before the move (State.play)
    dest = zones[key]
    if undo is not None and key not in undo:
        undo[key] = dest[:]
    uids = list(dict.fromkeys([c.uid for c in cards]))  # (a card listed twice moves once)
    for uid in uids:
        src = where[uid]
        if src:
            if undo is not None and src not in undo:
                undo[src] = zones[src][:]
            zones[src].remove(uid)
            st.learn_moved(src, key, (uid,))
    i = min(i, len(dest))
    dest[i:i] = uids
    for uid in uids:
        where[uid] = key


def deal_cards_at(st: Effects, src: str, dst: str, n: int, at: Any) -> None:
    """A deal whose ``at`` is a position: the top ``n`` cards of zone ``src`` (fewer when it
    holds fewer) put into ``dst`` in the order they were taken, the first at that position
    (at its end when the zone holds fewer cards; a zone dealt to itself: once they are
    taken out), each zone recorded in the undo journal."""
    i = position(at)
    where = st.where
    taken, dest = _take_top(st, src, dst, n)
    if not taken:
        return
    i = min(i, len(dest))
    dest[i:i] = taken
    for uid in taken:
        where[uid] = dst
    st.learn_moved(src, dst, taken)


def _masked(v: Any, blind: frozenset[int], stand_in: CardDef) -> Any:
    """``v`` with each card of ``blind`` (card numbers) replaced by ``stand_in``."""
    if isinstance(v, CardDef):
        return stand_in if v.uid in blind else v
    if isinstance(v, list | tuple):
        return [_masked(x, blind, stand_in) for x in v]
    return v


def _stand_in(game: Any) -> CardDef:
    """The card a masked log line shows in place of a card its reader may not see: every
    attribute "?", its name "a hidden card" in each language (made once per game)."""
    c: CardDef | None = game.hidden_stand_in
    if c is None:
        words = ENGINE_MESSAGES.texts("hidden_card")
        c = CardDef(-1, "?", "card", None, None, None, None, dict(words), {}, {})
        table: dict[str, Any] = dict.fromkeys(game.card_attr_names, "?")
        table.update({"code": "?", "uid": -1, "name": words["en"], "text": ""})
        table.update({f"name_{lang}": w for lang, w in words.items()})
        object.__setattr__(c, "attr_table", table)
        game.hidden_stand_in = c
    return c


def mask_line(st: Any, loc: dict[str, Any], names: tuple[str, ...],
               render: Callable[[Any], dict[str, str]]) -> None:
    """The log line just made may show by one of ``names`` a card some seat cannot see: kept
    to be settled when the move is over (``settle_masks``), with what the line showed.
    Nothing is kept (the commonest) when each card lies where every seat sees it."""
    seen = st.game.seen_by_all
    players = st.players
    where = st.where
    for n in names:
        v = loc[n] if n in loc else Ctx(st, loc).lookup(n)
        for c in ((v,) if v.__class__ is CardDef else v if isinstance(v, list | tuple)
                  else ()):
            if c.__class__ is not CardDef:
                continue
            key = where[c.uid]
            every = seen.get((players, key))
            if every is None:
                every = seen[(players, key)] = all(st.visible(key, s) for s in range(players))
            if not every:
                break
        else:
            continue
        break
    else:
        return
    held = {n: loc[n] if n in loc else Ctx(st, loc).lookup(n) for n in names}
    cards = [c for v in held.values() for c in _cards_of(v)]
    sees = st.sees
    blind = [{c.uid for c in cards if not sees(s, c)} for s in range(players)]
    if any(blind) and st._forgot_in_move:  # seen during the move, before the line
        for s, b in enumerate(blind):
            if b:
                b -= st.seen_in_move(s)
    if any(blind):
        masks = st._masks
        if masks is None:
            masks = st._masks = []
        masks.append((st._events[-1], blind, dict(loc), held, render))


def settle_masks(st: Any, events: list[Event]) -> None:
    """The move is over: each log line kept by ``mask_line`` is told to each seat as it may
    see it. A card a seat saw come where it sees it during the move (played face up, even if
    it is shuffled away before the move is over: ``learn_moved``), or sees now, shows; any
    other is shown as a hidden card ("?"): the line becomes one
    line per group of seats that see the same of its cards. The shared screen (the public)
    sees only the lines of no hidden card."""
    masks, st._masks = st._masks, None
    sees = st.sees
    defs = st.spec.cards
    moved: dict[int, set[int]] = {}
    for e, blind_then, loc, held, render in masks:
        groups: dict[frozenset[int], list[int]] = {}
        for s, then in enumerate(blind_then):
            if then and s not in moved:
                moved[s] = st.seen_in_move(s)
            saw = moved.get(s, ())
            blind = frozenset([u for u in then if not sees(s, defs[u]) and u not in saw])
            groups.setdefault(blind, []).append(s)
        if len(groups) == 1 and frozenset() in groups:
            continue
        stand_in = _stand_in(st.game)
        told = []
        for blind, seats in groups.items():
            if not blind:
                texts = e.text
            else:
                seen = dict(loc)
                seen.update({n: _masked(v, blind, stand_in) for n, v in held.items()})
                texts = render(Ctx(st, seen))
            told.append(make_event(e.kind, e.seat, texts, e.data, tuple(seats)))
        for i in range(len(events) - 1, -1, -1):
            if events[i] is e:
                events[i:i + 1] = told
                break


def chosen_seat(st: Effects, seat: Any) -> int | None:
    """The seat an ``end_turn``'s ``next`` names, when it is a seat still in the game."""
    if isinstance(seat, int) and 0 <= seat < st.players and seat not in st.out:
        return seat
    return None


def advance_turn(st: Effects, chosen: Any) -> bool:
    """The turn passed on to the next seat, or to ``chosen``: True when a round ended, as
    it does when the order wraps past the first seat; a turn given to a chosen seat starts
    one only when it goes back in the order, so an extra turn for the same seat stays in its
    round."""
    old = st.turn_seat
    new = st.next_seat(old) if chosen is None else int(chosen)
    st.turn_seat = new
    st.turn += 1
    n, first = st.players, st.first_seat
    pos_new, pos_old = (new - first) % n, (old - first) % n
    if pos_new < pos_old or (pos_new == pos_old and chosen is None):
        st.round += 1
        return True
    return False


Runner = Callable[[Effects, Frame], None]


def make_runner(step: Step, spec: GameSpec) -> Runner:
    """The function that runs one step in a frame, its parameters looked up once."""
    made: Runner = getattr(_Runners, "visit_" + step.kind.lstrip("_"))(step, spec)
    return made


class _Runners:
    """One function per kind of step, that makes the step's runner."""

    @staticmethod
    def visit_shuffle(step: steps.Shuffle, spec: GameSpec) -> Runner:
        zone = step.zone
        fixed = None if spec.zones[zone[0]].per_seat else zone[0]
        said: dict[str, Event] = {}  # the event of each zone shuffled (a frozen value)

        def run_shuffle(st: Effects, f: Frame) -> None:
            key = fixed or st.zone_key(zone, frame_ctx(st, f))
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
                    if not st.quiet:  # what it knew, for this move's log lines
                        forgot = st._forgot_in_move
                        if forgot is None:
                            forgot = st._forgot_in_move = {}
                        forgot.setdefault(s, set()).update(k & ids)
                    k -= ids
            if st.marks:  # nor what it was told of one
                ids = set(pile)
                st.marks = {key: m for key, m in st.marks.items() if key[1] not in ids}
            e = said.get(key)
            if e is None:
                e = said[key] = make_event("shuffle", None, _said("shuffled", zone=key),
                                           {"zone": key}, None)
            st._events.append(e)
        return run_shuffle

    @staticmethod
    def visit_reveal(step: steps.Reveal, spec: GameSpec) -> Runner:
        what, to, line = step.what, step.to, step.log
        if step.silent:
            return _silent_reveal(what, to)
        # the event of one card revealed, by the card and the seats told (a card dealt face
        # down and shown to its owner: a setup's commonest step)
        seen: dict[tuple[int, tuple[int, ...]], Event] = {}

        def run_reveal(st: Effects, f: Frame) -> None:
            ctx = frame_ctx(st, f)
            cards = _cards_of(what(ctx))
            v = to(ctx)
            uids = [c.uid for c in cards]
            to_seats = tuple([int(s) for s in v]) if isinstance(v, list) else (int(v),)
            for s in to_seats:
                st._keep_known(s).update(uids)
            # the line is the seeing seat's own ("Chloé: saw Key"): a reveal to one seat is
            # logged as that seat's, a reveal to several as nobody's in particular
            who = to_seats[0] if len(to_seats) == 1 else None
            if line:
                texts = {lang: t(ctx) for lang, t in line.items()}
                Work.spend(sum(map(len, texts.values())))
                st._emit("reveal", who, texts, {"cards": [c.code for c in cards]}, to_seats)
                return
            if len(cards) == 1:  # one card: its event made once per seats told (frozen)
                c = cards[0]
                e = seen.get((c.uid, to_seats))
                if e is None:
                    e = seen[(c.uid, to_seats)] = make_event(
                        "reveal", who, _saw(lambda lang: text_of(c.name, lang)),
                        {"cards": [c.code]}, to_seats)
                st._events.append(e)
                return
            st._emit("reveal", who,
                     _saw(lambda lang: ", ".join([text_of(c.name, lang) for c in cards])),
                     {"cards": [c.code for c in cards]}, to_seats)
        return run_reveal

    @staticmethod
    def visit_mark(step: steps.Mark, spec: GameSpec) -> Runner:
        """Seats told something of cards: each name of ``what`` and its value kept for each
        seat told (for every seat under PUBLIC), over what they were told before; a name
        that is an attribute of the game's cards is a fact, checked true (determinize deals
        only worlds that agree with it), any other a note."""
        card, seats, what = step.card, step.seats, step.what
        facts = {k for k, _v in what if any(k in c.attr_table for c in spec.cards)}

        def run_mark(st: Effects, f: Frame) -> None:
            ctx = frame_ctx(st, f)
            cards = _cards_of(card(ctx))
            if seats is None:
                told: list[int] = [PUBLIC]
            else:
                v = seats(ctx)
                told = v if isinstance(v, list) else [v]
                if not all(s.__class__ is int and 0 <= s < st.players for s in told):
                    raise ruleset_error(ExpressionError, "mark_seats", v=v)
            values = {k: x(ctx) for k, x in what}
            for c in cards:
                for k in facts:
                    if c.attr(k) != values[k]:
                        raise ruleset_error(ExpressionError, "mark_false", card=c.code, key=k,
                                            said=values[k], real=c.attr(k))
            if not cards:
                return
            marks = dict(st.marks)  # a new dict, new mappings: the old ones kept as they are
            for s in told:
                for c in cards:
                    old = marks.get((s, c.uid))
                    marks[(s, c.uid)] = {**old, **values} if old else dict(values)
            st.marks = marks
        return run_mark

    @staticmethod
    def visit_flip(step: steps.Flip, spec: GameSpec) -> Runner:
        var = step.var

        def run_flip(st: Effects, f: Frame) -> None:
            side = "heads" if st.rng.random() < 0.5 else "tails"
            f.locals[var] = side
            st._events.append(_COIN_EVENTS[side])  # (a frozen value: the same for every flip)
        return run_flip

    @staticmethod
    def visit_random(step: steps.Random, spec: GameSpec) -> Runner:
        """A local bound to one item of a list drawn at random (null when empty), or with
        count to a list of that many different items (fewer if the list is shorter), in
        drawn order."""
        var, source, count = step.var, step.source, step.count

        def run_random(st: Effects, f: Frame) -> None:
            ctx = frame_ctx(st, f)
            items = source(ctx)
            items = ([] if items is None else list(items) if isinstance(items, list | tuple)
                     else [items])
            if count is None:
                f.locals[var] = items[st.rng.randrange(len(items))] if items else None
                return
            n = max(0, min(len(items), int(count(ctx) or 0)))
            f.locals[var] = st.rng.sample(items, n)
        return run_random

    @staticmethod
    def visit_eliminate(step: steps.Eliminate, spec: GameSpec) -> Runner:
        which = step.seat

        def run_eliminate(st: Effects, f: Frame) -> None:
            seat = int(which(frame_ctx(st, f)))
            st.out.add(seat)
            # the table's line, of no player: the seat that is out is named in it, not
            # credited with it ("Ben: Ben is out")
            st._emit("eliminated", None, _said("eliminated", name=st.seat_name(seat)),
                     {"seat": seat})
        return run_eliminate

    @staticmethod
    def visit_window(step: steps.Window, spec: GameSpec) -> Runner:
        return open_window(step, spec)

    @staticmethod
    def visit_rejoin(step: steps.Rejoin, spec: GameSpec) -> Runner:
        """Eliminated seats come back into the game (a new round of a match); logs nothing."""
        seats = step.seats

        def run_rejoin(st: Effects, f: Frame) -> None:
            v = seats(frame_ctx(st, f))
            for seat in (v if isinstance(v, list) else [v]):
                if isinstance(seat, int) and not isinstance(seat, bool):
                    st.out.discard(seat)
        return run_rejoin


# ---------------------------------------------------------------- reaction windows


def open_window(step: steps.Window, spec: GameSpec) -> Runner:
    """The runner of a reaction window (a ``choose`` with ``seats:``): its answers and
    prompt worked out once, as the window opens (the same for every seat asked); the seats
    asked in play order from the seat after the turn's (each once, none that is out), the
    first of them asked. Nobody to ask, or a question that is not optional with one answer
    or none: the window closes at once."""
    source, among, optional, var = step.source, step.among, step.optional, step.var
    prompt, path = step.prompt or {}, step.path
    seats_path = f"{path}.choose.seats"

    def run_window(st: Effects, f: Frame) -> None:
        ctx = frame_ctx(st, f)
        items = source(ctx)
        items = [] if items is None else items if isinstance(items, list) else [items]
        st._where = seats_path
        asked = window_seats(st, among(ctx))
        st._where = path
        if not asked or (not optional and len(items) < 2):
            close_window(st, step, f.locals, asked,
                         [items[0] if items else None] * len(asked))
            return
        f.locals[WINDOW] = [asked, []]
        st.pending = Pending(asked[0], var, list(items), step.notation, step.pass_notation,
                             optional, {lang: t(ctx) for lang, t in prompt.items()},
                             step.seats, step.notations, step.passes, step.words)
    return run_window


def window_seats(st: Effects, v: Any) -> list[int]:
    """The seats a window asks, from its ``seats`` value: in play order from the seat after
    the turn's, each once, those still in the game."""
    items = [] if v is None else v if isinstance(v, list) else [v]
    n, turn, out = st.players, st.turn_seat, st.out
    for x in items:
        if not isinstance(x, int) or isinstance(x, bool) or not 0 <= x < n:
            raise ruleset_error(ExpressionError, "window_seats", got=kind_of(x))
    return sorted({x for x in items if x not in out}, key=lambda x: (x - turn - 1) % n)


def answer_window(st: Effects, p: Pending, loc: dict[str, Any], answer: Any) -> bool:
    """A seat's answer to an open window, kept in its frame: True when the next seat is asked
    now (the same question, nothing else changed), False when that was the last answer and
    the window closed (its var bound: the effects go on)."""
    asked, answers = loc[WINDOW]
    answers = [*answers, answer]
    if len(answers) < len(asked):
        loc[WINDOW] = [asked, answers]  # (a new value: copies and undos hold the old one)
        q = _new(Pending)
        for name in _PENDING_SLOTS:
            setattr(q, name, getattr(p, name))
        q.seat = asked[len(answers)]
        st.pending = q
        return True
    f = st.frames[-1]
    step = f.block.steps[f.index - 1]
    assert isinstance(step, steps.Window)
    close_window(st, step, loc, asked, answers)
    return False


def close_window(st: Effects, step: steps.Window, loc: dict[str, Any], asked: list[int],
                 answers: list[Any]) -> None:
    """The window's answers bound at once: for ``first``, ``var`` the first answer in play
    order that is not a pass and ``<var>_by`` its seat (both null when every seat passed);
    for ``all``, ``var`` a list of the answers by seat number (null for a seat not asked, or
    that passed)."""
    loc.pop(WINDOW, None)
    var = step.var
    if step.window == "first":
        taken = next(((s, a) for s, a in zip(asked, answers, strict=True) if a is not None),
                     (None, None))
        loc[var + "_by"], loc[var] = taken
        return
    by: list[Any] = [None] * st.players
    for s, a in zip(asked, answers, strict=True):
        by[s] = a
    loc[var] = by


_PENDING_SLOTS = tuple(a.name for a in attrs.fields(Pending))


def _silent_reveal(what: Compiled, to: Compiled) -> Runner:
    """A reveal with ``silent: true``: the seats told know the cards (their views show
    them) as after any reveal, but no event is made, so no log, table or --json output
    has a line of it (nor an event without a line)."""

    def run_silent_reveal(st: Effects, f: Frame) -> None:
        ctx = frame_ctx(st, f)
        uids = [c.uid for c in _cards_of(what(ctx))]
        v = to(ctx)
        for s in (v if isinstance(v, list) else (v,)):
            st._keep_known(int(s)).update(uids)
    return run_silent_reveal


def card_blocks(spec: GameSpec, name: str) -> dict[str, Block]:
    """The blocks of a card effect by the code of each card that declares it."""
    return {code: block for code, effects in spec.card_effects.items()
            if (block := effects.get(name)) is not None and block.steps}


# the catalogue's texts of the steps' events, their holes left to fill (as they are: no
# French elision in a card's or seat's name)
_TEXTS = {key: message_texts(key, **{hole: "{" + hole + "}" for hole in holes})
          for key, holes in (("saw", ("names",)), ("shuffled", ("zone",)),
                             ("eliminated", ("name",)), ("move_limit", ("limit",)))}


def _said(key: str, **holes: Any) -> dict[str, str]:
    """A step's event text in each language, its holes filled."""
    return {lang: template.format(**holes) for lang, template in _TEXTS[key].items()}


def _saw(names: Callable[[str], str]) -> dict[str, str]:
    """"saw ..." in each language, ``names`` the names of the cards seen in that language."""
    return {lang: template.format(names=names(lang)) for lang, template in _TEXTS["saw"].items()}


# the event of each side of a coin flipped
_COIN_EVENTS = {side: make_event("chance", None, message_texts(f"coin_{side}"),
                                 {"coin": side}, None)
                for side in ("heads", "tails")}


# ---------------------------------------------------------------- steps made ready to run


def _too_many_steps(st: Effects, path: str) -> RulesetError:
    return RulesetError.of("steps_limit", file=st.spec.source, line=st.spec.line_of(path),
                           field=path, limit=STEP_BUDGET)


def make_runners(blocks: tuple[Block, ...], spec: GameSpec,
                 written: dict[tuple[int, int], Runner]) -> list[tuple[Runner, ...]]:
    """For each block (by its id), a function per step that runs it: ``written`` by (block
    id, step index), the generated code of the steps written out (codegen.make_runners),
    else its kind's runner."""
    out: list[tuple[Runner, ...]] = []
    for i, block in enumerate(blocks):
        if block.id != i:
            raise ValueError(f"block {block.id} is listed at {i}")  # pragma: no cover
        out.append(tuple(written.get((block.id, j)) or make_runner(step, spec)
                         for j, step in enumerate(block.steps)))
    return out
