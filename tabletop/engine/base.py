"""What one game in progress holds (``StateBase``): the zones, the vars, whose turn it is, the
pending decision, the RNG, the history and the logs, with the small helpers every part uses
(seats, visibility, copies, undo). The parts of ``State`` build on it: moves.py (listing and
reading moves), effects.py (the effect interpreter), views.py (views and determinisation) and
saves.py (the save format)."""

from __future__ import annotations

import operator
import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import attrs

from tabletop.errors import ExpressionError, RulesetError
from tabletop.i18n.catalogue import text_of
from tabletop.i18n.messages import ruleset_texts, said
from tabletop.lang.cards import CardDef
from tabletop.rules.spec import GameSpec
from tabletop.rules.values import (
    BOX,
    ONLOOKER,
    WINDOW,
    Event,
    Frame,
    Move,
    OpenWindow,
    Outcome,
    Pending,
    arg_error,
)

if TYPE_CHECKING:
    from tabletop.engine.game import Game

_S = TypeVar("_S", bound="StateBase")
_T = TypeVar("_T")
# what the engine may be doing when it meets a ruleset's mistake (State._bug)
_Random = random.Random
_copy_list = list.copy
_pending_fields = operator.attrgetter(*(a.name for a in attrs.fields(Pending)))


def _copy_pending(p: Pending) -> Pending:
    """``attrs.evolve(p)``: a new Pending with the same fields (made by its own __init__,
    without evolve's lookups by name, a fourth of its cost)."""
    return Pending(*_pending_fields(p))


def shuffle(rng: random.Random, x: list[Any]) -> None:
    """``rng.shuffle(x)``: the same draws in the same order, so the same order of ``x``, with
    ``Random._randbelow`` written out (a call less per card); a generator of another class
    shuffles as it does itself."""
    if type(rng) is not _Random:
        rng.shuffle(x)
        return
    getrandbits = rng.getrandbits
    plan = _SHUFFLE_PLANS.get(len(x))
    if plan is None:
        plan = _shuffle_plan(len(x))
    for i, n, k in plan:
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]


# by length of the list: each place from the last down, with the number of places it draws
# among and the bits it draws (``Random._randbelow``'s), worked out once
_SHUFFLE_PLANS: dict[int, tuple[tuple[int, int, int], ...]] = {}


def _shuffle_plan(size: int) -> tuple[tuple[int, int, int], ...]:
    plan = tuple((i, i + 1, (i + 1).bit_length()) for i in range(size - 1, 0, -1))
    if size <= 1024 and len(_SHUFFLE_PLANS) < 256:  # (a game shuffles few lengths)
        _SHUFFLE_PLANS[size] = plan
    return plan



class SeedLater:
    """A generator to be made later: ``random.Random(seed)``. A state holds one as its
    ``_rng`` marked shared (``_rng_shared``), so the ``rng`` property makes the generator
    when the game first draws from it, and a copy shares it until then, as it shares a
    generator. A determinised world gets one (``Views.determinize``): most of the search
    bots' playouts never draw, and seeding a generator costs more than the rest of a copy."""

    __slots__ = ("seed",)

    def __init__(self, seed: int) -> None:
        self.seed = seed


class StateBase:
    """The data of one game and the helpers every part of State uses."""

    def __init__(self, game: Any) -> None:
        self.game: Game = game
        self.spec: GameSpec = game.spec
        self.players = 0
        self.names: list[str] = []
        # what the table around the game wants kept with it (bots in seats...): JSON, saved
        self.meta: dict[str, Any] = {}
        self.options: dict[str, str] = {}
        self.seed: int | None = None
        self.deck: list[str] | None = None
        self.forced_first: int | None = None  # new_game(first=...), so replay can pass it
        # set by new_game or a save (not seeded from the system here: the caller seeds it)
        self._rng: random.Random | SeedLater = random.Random.__new__(random.Random)
        self._rng_shared = False  # copy-on-write: shared with a copy until one of them draws
        self.zones: dict[str, list[int]] = {}
        self.where: list[str] = []
        self.vars: dict[str, Any] = {}
        self.known: list[set[int]] = []
        # what seats were told of cards (the mark step), by (seat, card number); (PUBLIC,
        # card) for what every seat was told. A mapping is never changed in place, nor is the
        # dict: a mark makes new ones (so a copy and an undo keep the old one as it is)
        self.marks: dict[tuple[int, int], dict[str, Any]] = {}
        self.out: set[int] = set()
        self.turn_seat = 0
        self.first_seat = 0
        self.turn = 1
        self.round = 1
        self.pending: Pending | None = None
        self.frames: list[Frame] = []
        self.history: list[str] = []
        self.turn_log: list[tuple[int, str, int, int]] = []
        self.log: list[Event] = []
        self.outcome: Outcome | None = None
        self._events: list[Event] = []
        # the log lines of this move that may show a card some seat cannot see, settled when
        # it is over (codegen.settle_masks); None when there is none
        self._masks: list[Any] | None = None
        # the cards each seat knew and forgot in a shuffle during this move (not quiet):
        # seen_in_move reads it
        self._forgot_in_move: dict[int, set[int]] | None = None
        self._where = ""  # the ruleset field being evaluated, for error messages
        self._budget = 0  # effect steps this move may still run (effects.py)
        self._legal: list[Move] | None = None
        # while play() runs a move: each zone's cards and each seat's known cards as they
        # were before the move first changed them, put back if the move fails (State.play)
        self._undo_zones: dict[str, list[int]] | None = None
        self._undo_known: dict[int, set[int]] | None = None
        # derived values already computed, by (name, me, viewer), while nothing changes (a
        # listing of moves, a view, the end check); None the rest of the time (context.py)
        self._derived_memo: dict[tuple[str, Any, Any], Any] | None = None
        # quiet: log steps write nothing (search bots' simulations; never saved)
        self.quiet = False

    # ------------------------------------------------------------ public API

    @property
    def is_over(self) -> bool:
        """True once the game has ended."""
        return self.outcome is not None

    @property
    def current_player(self) -> int | None:
        """The seat that must decide now (a reaction by another seat included), None at the end."""
        if self.outcome is not None:
            return None
        if self.pending is not None:
            return self.pending.seat
        return self.turn_seat

    @property
    def window(self) -> OpenWindow | None:
        """The reaction window the game waits on (a ``choose`` with ``seats:``): its kind,
        the seats it asks in play order and the place of the seat asked now; None when the
        question waiting (if any) is asked of one seat. It never tells what was answered."""
        if self.pending is None or not self.frames:
            return None
        f = self.frames[-1]
        w = f.locals.get(WINDOW)
        if w is None:
            return None
        return OpenWindow(getattr(f.block.steps[f.index - 1], "window", "first"),
                          tuple(w[0]), len(w[1]))

    @property
    def move_count(self) -> int:
        return len(self.history)

    def _bug(self, e: BaseException, doing: str, where: str,
             move: str | None = None) -> RulesetError:
        """A ruleset's mistake met during play, as one sentence naming the field. ``doing``
        is what the engine was doing: a ``doing_...`` key of the catalogue
        (i18n/messages.py); ``move``: the text of the move being played (``doing_playing``,
        the move then undone)."""
        if isinstance(e, RulesetError):  # already one sentence naming its field
            return e
        detail: Any = e if isinstance(e, ExpressionError) else f"{type(e).__name__}: {e}"
        if isinstance(e, RecursionError):
            detail = said("play_endless")
        if isinstance(e, MemoryError):
            detail = said("play_memory")
        undone = said("play_undone") if doing == "doing_playing" else ""
        said_doing = said(doing, move=move) if move is not None else said(doing)
        texts = ruleset_texts("play_mistake", doing=said_doing, detail=detail, undone=undone)
        return RulesetError(texts["en"], file=self.spec.source, line=self.spec.line_of(where),
                            field=where, reasons=texts)

    def _keep_known(self, seat: int) -> set[int]:
        """The cards ``seat`` knows, about to change: kept as they were for an undo first."""
        known = self.known[seat]
        undo = self._undo_known
        if undo is not None and seat not in undo:
            undo[seat] = set(known)
        return known

    @staticmethod
    def _keep_frames(frames: list[Frame]) -> Any:
        """The frames of a game waiting on a question, kept for an undo (``State.play``)."""
        tables: dict[int, dict[str, Any]] = {}
        for f in frames:
            tables[id(f.locals)] = f.locals
        return (frames[:], [f.index for f in frames], [(t, t.copy()) for t in tables.values()])

    def read_still(self, read: Callable[..., _T], *args: Any) -> _T:
        """For bots and solvers: ``read(memo, *args)``, a reading of this state that changes
        nothing (a solver's bound, a bot's estimate), with each derived value computed once
        for it: ``memo`` is the dict of derived values by (name, me, viewer), open until
        ``read`` returns, which ``read`` may fill ahead with values it knows."""
        saved = self._derived_memo
        memo: dict[tuple[str, Any, Any], Any] = {}
        self._derived_memo = memo
        try:
            return read(memo, *args)
        finally:
            self._derived_memo = saved

    def _end_move(self) -> None:
        """The move is over (played or undone): its changes are no longer kept."""
        self._undo_zones = self._undo_known = None

    def _rollback(self, snap: tuple[Any, ...]) -> None:
        (undo_zones, self.vars, undo_known, self.out, self.turn_seat, self.turn,
         self.round, self.pending, kept, n_history, n_turns, n_log, self.outcome,
         self.marks) = snap
        zones = self.zones
        where = self.where  # where each card lies, put back from the zones kept: a card the
        for key in undo_zones:  # move took somewhere left a zone that was kept
            for uid in zones[key]:
                where[uid] = ""
        for key, ids in undo_zones.items():
            zones[key] = ids
            for uid in ids:
                where[uid] = key
        for seat, known in undo_known.items():
            self.known[seat] = known
        self._end_move()
        if kept is None:
            self.frames = []
        else:
            frames, indexes, tables = kept
            for f, i in zip(frames, indexes, strict=True):
                f.index = i
            for t, saved in tables:
                t.clear()
                t.update(saved)
            self.frames = frames
        del self.history[n_history:]
        del self.turn_log[n_turns:]
        del self.log[n_log:]
        self._legal = None

    def copy(self: _S, rng: bool = True) -> _S:
        """An independent copy (same RNG state: the copy plays on exactly as the original).

        ``rng=False`` leaves the copy a fresh, unseeded generator: for callers that reseed it.
        """
        s = type(self).__new__(type(self))
        s.game = self.game
        s.spec = self.spec
        s.players = self.players
        s.names = self.names
        s.meta = self.meta
        s.options = self.options
        s.seed = self.seed
        s.deck = self.deck
        s.forced_first = self.forced_first
        if rng:  # share the generator; whichever draws first takes its own copy
            s._rng = self._rng
            s._rng_shared = self._rng_shared = True
        else:  # not seeded: the caller sets its own (a seeding here would be thrown away)
            s._rng = random.Random.__new__(random.Random)
            s._rng_shared = False
        zones = self.zones
        s.zones = dict(zip(zones, map(_copy_list, zones.values()), strict=False))
        s.where = self.where[:]
        s.vars = dict(self.vars)
        s.known = [set(k) for k in self.known]
        s.marks = self.marks  # (never changed in place)
        s.out = set(self.out)
        s.turn_seat = self.turn_seat
        s.first_seat = self.first_seat
        s.turn = self.turn
        s.round = self.round
        s.pending = _copy_pending(self.pending) if self.pending else None
        s.frames = self._copy_frames(self.frames)
        s.history = self.history[:]
        s.turn_log = self.turn_log[:]
        s.log = self.log[:]
        s.outcome = self.outcome
        s._events = []
        s._masks = None
        s._forgot_in_move = None
        s._where = ""
        s._budget = 0
        s._legal = self._legal
        s._undo_zones = s._undo_known = None
        s._derived_memo = None
        s.quiet = self.quiet
        return s

    @property
    def rng(self) -> random.Random:
        """The game's only source of chance (seeded; saved with the game)."""
        if self._rng_shared:
            held = self._rng
            if isinstance(held, SeedLater):  # made now, from its seed (see SeedLater)
                own = random.Random(held.seed)
            else:
                own = random.Random.__new__(random.Random)  # not seeded from the system:
                own.setstate(held.getstate())               # its whole state is set here
            self._rng = own
            self._rng_shared = False
            return own
        return self._rng  # type: ignore[return-value]  # (a SeedLater only while shared)

    @rng.setter
    def rng(self, value: random.Random) -> None:
        self._rng = value
        self._rng_shared = False
    def seat_name(self, seat: int | None) -> str:
        """A seat's name ("nobody" for None; P3 for a seat the game does not have)."""
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)):
            raise arg_error("seat_name", "seat", "seat_or_none", seat)
        if seat is None:
            return "nobody"
        if 0 <= seat < len(self.names):
            return self.names[seat]
        return f"P{seat + 1}"

    def prompt(self, lang: str = "en") -> str | None:
        """The question a pending decision asks, if it has a prompt."""
        if not isinstance(lang, str):
            raise arg_error("prompt", "lang", "lang", lang)
        if self.pending is not None and self.pending.prompt:
            return text_of(self.pending.prompt, lang)
        return None

    # ------------------------------------------------------------ turn order

    def next_seat(self, seat: int) -> int:
        n = self.players
        if not self.out:  # nobody out (the common case): the next seat, as the loop gives it
            return (seat + 1) % n
        for k in range(1, n + 1):
            s = (seat + k) % n
            if s not in self.out:
                return s
        return seat

    def previous_seat(self, seat: int) -> int:
        n = self.players
        if not self.out:  # nobody out: the seat before, as the loop gives it
            return (seat - 1) % n
        for k in range(1, n + 1):
            s = (seat - k) % n
            if s not in self.out:
                return s
        return seat

    def learn_moved(self, src: str, dst: str, uids: Any) -> None:
        """Cards ``uids`` moved from zone ``src`` to zone ``dst``: a seat that saw them
        where they were and does not see them where they go keeps knowing them (what you
        gave away face down, what went back under the pile), until they are shuffled.
        A seat that knew them already knows them still."""
        if src == dst:
            return
        key = (self.players, src, dst)
        seats = self.game.learners.get(key)
        if seats is None:
            seats = self.game.learners[key] = tuple(
                s for s in range(self.players)
                if src and self.visible(src, s) and not self.visible(dst, s))
        for s in seats:
            self._keep_known(s).update(uids)

    def seen_in_move(self, seat: int) -> set[int]:
        """The cards ``seat`` saw during this move and forgot in a shuffle before it was over
        (a card played face up to the discard, then shuffled into the pile): knowledge
        follows the card everywhere else (``learn_moved``)."""
        return (self._forgot_in_move or {}).get(seat, set())

    def sees(self, seat: int, card: CardDef) -> bool:
        """May ``seat`` see which card ``card`` is: it lies in a zone the seat may see, or the
        seat knows it (a reveal). The one test of it: views, move texts, hints, the ruleset's
        ``knows()``."""
        uid = card.uid
        return uid in self.known[seat] or self.visible(self.where[uid], seat)

    def hidden_word(self, card: CardDef) -> str:
        """A card its seat may not see, as a move's text names it: its place in its zone,
        from 1 (the top of a pile, the left of a row)."""
        uid = card.uid
        return str(self.zones[self.where[uid]].index(uid) + 1)

    def visible(self, key: str, seat: int) -> bool:
        """May ``seat`` see the cards of zone ``key`` (a zone name, or name/seat)?"""
        name, _, owner = key.partition("/")
        if name == BOX:
            return False
        vis = self.spec.zones[name].visibility
        if vis == "public":
            return True
        if vis == "owner":
            return owner == str(seat) or seat == ONLOOKER
        if vis == "others":  # every seat but its owner (the public is nobody at the table)
            return seat >= 0 and owner != str(seat) or seat == ONLOOKER
        return False
    def _copy_frames(self, frames: list[Frame]) -> list[Frame]:
        tables: dict[int, dict[str, Any]] = {}
        out = []
        for f in frames:
            t = tables.get(id(f.locals))
            if t is None:
                t = tables[id(f.locals)] = dict(f.locals)
            out.append(Frame(f.block, f.index, t))
        return out

