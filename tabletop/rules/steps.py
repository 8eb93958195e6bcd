"""The effect steps a ruleset's blocks hold, one class per kind, as the loader makes them
(spec.py) from the checked YAML: each with its compiled parameters, the blocks it holds, the
field it came from (``path``, for error messages) and what it may do to the run of its block
(``flow``):

- ``STRAIGHT``: never pushes a frame, asks a question or ends the game: a block of these
  alone runs to its end in one call (effects.py, codegen.py);
- ``ASKS``: may stop the block for a seat's decision (``choose``);
- ``PUSHES``: may push frames (the blocks it runs: ``if``, ``do``, ``for_each``...);
- ``ENDS``: may end the game (``end``, ``check_end``).
"""

from __future__ import annotations

from typing import Any, ClassVar

import attrs

from tabletop.lang.expr import Compiled

STRAIGHT, ASKS, PUSHES, ENDS = "straight", "asks", "pushes", "ends"

# a zone a step names: its name, and the seat's expression of a zone per seat (``hand[me]``)
ZoneRef = tuple[str, Compiled | None]
# a text in each language, each a template's compiled function
Texts = dict[str, Any]


@attrs.frozen
class Step:
    """One effect step of a block: the field it came from; its kind and flow by its class."""

    kind: ClassVar[str]
    flow: ClassVar[str]
    path: str

    @property
    def blocks(self) -> tuple[Block, ...]:
        """The blocks this step holds (a branch, a loop's body)."""
        return ()


@attrs.frozen
class Block:
    """A list of steps run in order (a move's effects, a procedure, a hook, a branch), with
    the number the frames and the generated code know it by."""

    id: int
    steps: tuple[Step, ...]


@attrs.frozen
class Log(Step):
    """A line of the log, said by the acting seat."""

    kind = "log"
    flow = STRAIGHT
    text: Texts


@attrs.frozen
class Announce(Step):
    """A line of the log said by the game, no player's."""

    kind = "announce"
    flow = STRAIGHT
    text: Texts


@attrs.frozen
class Set(Step):
    """Vars set to values (per seat: at ``seat``, else at ``me``), clamped to their bounds."""

    kind = "set"
    flow = STRAIGHT
    values: dict[str, Compiled]
    seat: Compiled | None


@attrs.frozen
class Add(Step):
    """Numbers added to vars, as ``Set`` sets them."""

    kind = "add"
    flow = STRAIGHT
    values: dict[str, Compiled]
    seat: Compiled | None


@attrs.frozen
class Let(Step):
    """Locals of the frame bound to values."""

    kind = "let"
    flow = STRAIGHT
    values: dict[str, Compiled]


@attrs.frozen
class Move(Step):
    """Cards put into a zone (top or bottom; by default as the zone's order has it; or at
    the position an expression gives, from 1)."""

    kind = "move"
    flow = STRAIGHT
    what: Compiled
    to: ZoneRef
    at: str | Compiled | None


@attrs.frozen
class Deal(Step):
    """The top cards of a zone dealt to another: ``count`` of them, or enough to ``fill``
    it to that many."""

    kind = "deal"
    flow = STRAIGHT
    source: ZoneRef
    to: ZoneRef
    count: Compiled | None
    fill: Compiled | None
    at: str | Compiled | None  # as Move's


@attrs.frozen
class Shuffle(Step):
    kind = "shuffle"
    flow = STRAIGHT
    zone: ZoneRef


@attrs.frozen
class Reveal(Step):
    """Cards shown to seats (``to``), logged as ``log`` says, else as "saw ..."; ``silent``:
    no event at all (the seats know the cards just the same)."""

    kind = "reveal"
    flow = STRAIGHT
    what: Compiled
    to: Compiled
    log: Texts | None
    silent: bool = False


@attrs.frozen
class Mark(Step):
    """Seats told something of cards (``what``: a name and the expression of its value,
    each): every seat when ``seats`` is None."""

    kind = "mark"
    flow = STRAIGHT
    card: Compiled
    seats: Compiled | None
    what: tuple[tuple[str, Compiled], ...]


@attrs.frozen
class Flip(Step):
    """A coin flipped, its side bound to a local."""

    kind = "flip"
    flow = STRAIGHT
    var: str


@attrs.frozen
class Random(Step):
    """A local bound to one item drawn at random from a list, or to ``count`` of them."""

    kind = "random"
    flow = STRAIGHT
    var: str
    source: Compiled
    count: Compiled | None


@attrs.frozen
class Eliminate(Step):
    kind = "eliminate"
    flow = STRAIGHT
    seat: Compiled


@attrs.frozen
class Rejoin(Step):
    """Eliminated seats back in the game."""

    kind = "rejoin"
    flow = STRAIGHT
    seats: Compiled


@attrs.frozen
class If(Step):
    kind = "if"
    flow = PUSHES
    test: Compiled
    then: Block
    other: Block

    @property
    def blocks(self) -> tuple[Block, ...]:
        return (self.then, self.other)


@attrs.frozen
class Do(Step):
    """A procedure run (by its name)."""

    kind = "do"
    flow = PUSHES
    name: str


@attrs.frozen
class ForEach(Step):
    """A block run once per item, each with the item bound to ``var``."""

    kind = "for_each"
    flow = PUSHES
    items: Compiled
    var: str
    body: Block

    @property
    def blocks(self) -> tuple[Block, ...]:
        return (self.body,)


@attrs.frozen
class CardEffect(Step):
    """The effect ``name`` of each given card that declares one, ``this`` the card."""

    kind = "card_effect"
    flow = PUSHES
    card: Compiled
    name: str


@attrs.frozen
class EndTurn(Step):
    """The turn ends: the turn_end hook, the advance (to the seat ``next`` names, else the
    next one), round_end and turn_start."""

    kind = "end_turn"
    flow = PUSHES
    next: Compiled | None


@attrs.frozen
class Advance(Step):
    """The engine's own step that an end of turn pushes (its frame saved with the seat
    ``next`` chose): the turn passed on."""

    kind = "_advance"
    flow = PUSHES


@attrs.frozen
class Choose(Step):
    """A question to a seat: one of ``source`` bound to ``var`` (at once when it is not
    optional and offers none or one)."""

    kind = "choose"
    flow = ASKS
    var: str
    source: Compiled
    seat: Compiled
    notation: tuple[str, ...]
    notations: dict[str, tuple[str, ...]]
    prompt: Texts | None
    optional: bool
    pass_notation: tuple[str, ...]
    passes: dict[str, tuple[str, ...]]
    seats: bool  # the answers are seats (``of: seats``)
    # how answers that are plain texts read in each language (the value stays the key)
    words: dict[str, Any]
    # the answers a bot weighs, over what the seat sees (State.bot_moves)
    bot: Compiled | None


@attrs.frozen
class Window(Choose):
    """A reaction window: the question of a ``choose`` asked of each seat ``among`` gives
    (``seats:``) in play order from the seat after the turn's, each answer kept secret until
    the last seat has answered; then ``var`` is bound at once: for ``window: first`` the
    first answer that was not a pass (``<var>_by`` the seat that gave it), for ``all`` the
    answers by seat (effects.py, ``open_window``, ``close_window``)."""

    kind = "window"
    among: Compiled = attrs.field(kw_only=True)
    window: str = attrs.field(kw_only=True)  # "first" or "all"


@attrs.frozen
class End(Step):
    kind = "end"
    flow = ENDS
    outcome: str


@attrs.frozen
class CheckEnd(Step):
    """The end rules tested now."""

    kind = "check_end"
    flow = ENDS
