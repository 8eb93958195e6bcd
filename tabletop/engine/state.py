"""The running game: state, legal moves, play, views, outcome, save and restore.

A State owns every changing thing of one game: the zones (ordered lists of card numbers,
index 0 being the top of a pile), the vars, whose turn it is, the pending decision (a choice
asked of any seat, a reaction included), the seeded random generator, the history and the log.
Effects from the ruleset run in a small interpreter with an explicit stack of frames, so a
choice can suspend them half-way and a later move resumes them; the stack is plain data and
is saved with the rest.
"""

from __future__ import annotations

from tabletop.engine.context import Ctx
from tabletop.engine.effects import Effects
from tabletop.engine.moves import MoveListing
from tabletop.engine.saves import Saving
from tabletop.engine.views import Views
from tabletop.errors import GameOverError, RulesetError, WrongSeatError
from tabletop.lang.expr import Work
from tabletop.rules.values import (
    BOX,
    CHOICE,
    PUBLIC,
    RULESET_BUGS,
    SAVE_FORMAT,
    SAVE_VERSION,
    STEP_BUDGET,
    Event,
    Move,
    Outcome,
    Pending,
    arg_error,
    check_seat,
    fold_accents,
)
from tabletop.safety.limits import MAX_WORK


class State(MoveListing, Effects, Views, Saving):
    """One game in progress. Use Game.new_game() or tabletop.restore() to get one.

    Its parts: base.py (the data and small helpers), moves.py (legal moves, notation),
    effects.py (the effect interpreter), views.py (views, determinisation), saves.py (the save
    format)."""

    def play(self, move: Move | str, seat: int | None = None) -> list[Event]:
        """Play a move (a Move or its notation) and return the events it caused.

        :raises GameOverError: the game has ended.
        :raises WrongSeatError: ``seat`` is given and is not the seat to decide now.
        :raises NotationError: the text does not parse as a move of this game.
        :raises IllegalMoveError: the move parses but is not legal now; the message says why.
        """
        if self.outcome is not None:
            raise GameOverError(f"the game is over ({self.outcome.reason}); no more moves")
        if seat is not None and (seat.__class__ is not int or seat != self.current_player):
            check_seat(seat, self.players, "play")
            raise WrongSeatError(
                f"it is {self.seat_name(self.current_player)}'s decision, "
                f"not {self.seat_name(seat)}'s")
        legal = self._legal  # _check_move, written out for a move taken from the listing
        if legal is not None and move.__class__ is Move:
            for m in legal:
                if m is move:
                    break
            else:
                m = self._check_move(move)
        elif isinstance(move, str):
            m = self.parse_move(move)
        elif isinstance(move, Move):
            m = self._check_move(move)
        else:
            raise arg_error("play", "move", "move", move)
        # what a move may change, to put back if the ruleset fails half-way. The frames of a
        # game waiting on a question are kept as they are, with their step and the contents
        # of their locals, and put back in place. The zones and the seats' knowledge are not
        # copied: the steps that change them keep each one as it was before its first change
        # (_undo_zones, _undo_known, until the move is over), and where each card lies is put
        # back from the zones kept.
        frames = self.frames
        if frames:
            kept = self._keep_frames(frames)
        else:
            kept = None
        undo_zones: dict[str, list[int]] = {}
        undo_known: dict[int, set[int]] = {}
        self._undo_zones, self._undo_known = undo_zones, undo_known
        snapshot = (undo_zones, self.vars.copy(), undo_known,
                    set(self.out), self.turn_seat, self.turn,
                    self.round, self.pending, kept, len(self.history),
                    len(self.turn_log), len(self.log), self.outcome, self.marks)
        Work.reset()
        try:
            return self._apply(m)
        except (RulesetError, *RULESET_BUGS) as e:
            self._rollback(snapshot)
            if isinstance(e, RulesetError):
                raise
            raise self._bug(e, "doing_playing", self._where, m.text) from None
        finally:  # the move is over (played or undone): its changes no longer kept
            self._undo_zones = self._undo_known = None

    def play_listed(self, m: Move) -> None:
        """For bots and solvers: ``play(m)`` for a move ``m`` of the listing ``legal_moves()``
        just gave, on a world that is thrown away if a move fails (a search's simulations).
        The game after it is the same, and so is the error naming the field if the ruleset
        fails half-way; but the move is not checked, nothing is kept to undo it (the world is
        left as the failure left it) and no events are given back."""
        Work.left = MAX_WORK  # Work.reset(), written out
        try:
            self._apply(m)
        except RULESET_BUGS as e:
            if isinstance(e, RulesetError):
                raise
            raise self._bug(e, "doing_playing", self._where, m.text) from None



__all__ = ["BOX", "CHOICE", "PUBLIC", "RULESET_BUGS", "SAVE_FORMAT", "SAVE_VERSION",
           "STEP_BUDGET", "Ctx", "Event", "Move", "Outcome", "Pending", "State", "fold_accents"]
