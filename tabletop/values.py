"""The plain values of a game in play: moves, events, outcomes, pending decisions, the effect
interpreter's frames, and the engine's constants and messages. No other module of the engine
is imported here but the spec and the errors, so every part can use these."""

from __future__ import annotations

import unicodedata
from typing import Any

import attrs

from .errors import ExpressionError
from .spec import Block, text_of

SAVE_FORMAT = "tabletop-save"
SAVE_VERSION = 1
CHOICE = "@choice"
# What a mistake in a ruleset raises when an expression or a step meets values it cannot use.
RULESET_BUGS = (ExpressionError, TypeError, KeyError, IndexError, AttributeError,
                ZeroDivisionError, RecursionError, OverflowError, MemoryError, ValueError)
STEP_BUDGET = 100_000  # effect steps one move may run: more means a loop in the ruleset

PUBLIC = -1  # the viewer of view(None): anyone at the table, who knows no hidden card
BOX = "_box"  # cards left out of the game (a stacked deck that lists only some cards)



@attrs.frozen(slots=True)
class Move:
    """A move: the ruleset's move id, its bound arguments and its notation text."""

    move_id: str
    args: tuple[tuple[str, Any], ...]
    text: str

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Move({self.text!r})"


@attrs.frozen(slots=True)
class Event:
    """Something that happened: a kind, the seat that caused it, its text in each language.

    ``private_to`` is None for a public event, else the seats that may see it.
    """

    kind: str
    seat: int | None
    text: dict[str, str]
    data: dict[str, Any] = attrs.field(factory=dict)
    private_to: tuple[int, ...] | None = None

    def text_in(self, lang: str) -> str:
        return text_of(self.text, lang)

    def visible_to(self, seat: int | None) -> bool:
        return self.private_to is None or (seat is not None and seat in self.private_to)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "seat": self.seat, "text": self.text, "data": self.data,
                "private_to": list(self.private_to) if self.private_to is not None else None}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Event:
        p = d.get("private_to")
        return cls(d["kind"], d["seat"], d["text"], d.get("data", {}),
                   tuple(p) if p is not None else None)


_new = object.__new__
_EVENT_SETS = tuple(getattr(Event, name).__set__
                    for name in ("kind", "seat", "text", "data", "private_to"))
EVENT_SETTERS = _EVENT_SETS  # each field's own setter, in order (for generated code)


def make_event(kind: str, seat: int | None, text: dict[str, str], data: dict[str, Any],
               private_to: tuple[int, ...] | None) -> Event:
    """``Event(kind, seat, text, data, private_to)``, the same frozen value, made without the
    generated ``__init__``'s frozen-attribute dance (the engine makes one per log line)."""
    e = _new(Event)
    k, s, t, d, p = _EVENT_SETS
    k(e, kind)
    s(e, seat)
    t(e, text)
    d(e, data)
    p(e, private_to)
    return e


@attrs.frozen(slots=True)
class Outcome:
    """How a game ended: the winning seats, every seat's score and the reason."""

    winners: tuple[int, ...]
    scores: tuple[int, ...]
    reason: str
    name: str = ""
    reasons: dict[str, str] = attrs.field(factory=dict, eq=False)

    def reason_in(self, lang: str) -> str:
        return self.reasons.get(lang) or self.reason


@attrs.define(slots=True)
class Pending:
    """A decision the effects are waiting for."""

    seat: int
    var: str
    options: list[Any]
    notation: tuple[str, ...]
    pass_notation: tuple[str, ...]
    optional: bool
    prompt: dict[str, str]
    seats: bool = False  # the options are seats: shown and typed as the players' names
    # the notation and pass in other languages, where the ruleset gives them
    notations: dict[str, tuple[str, ...]] = attrs.field(factory=dict)
    passes: dict[str, tuple[str, ...]] = attrs.field(factory=dict)
    # how answers that are plain texts read in each language: {value: {lang: word}}
    words: dict[str, dict[str, str]] = attrs.field(factory=dict)


_MESSAGES: dict[str, dict[str, str]] = {
    "not_an_answer": {
        "en": "{text!r} is not an answer to the question now; the choices are: {listing}",
        "fr": "« {text} » ne répond pas à la question ; les choix sont : {listing}"},
    "not_legal": {"en": "{text!r} is not legal now: {why}",
                  "fr": "« {text} » n'est pas permis maintenant : {why}"},
    "not_a_card": {"en": "{word!r} is not a card of {game} (cards are written like {sample})",
                   "fr": "« {word} » n'est pas une carte de {game} (les cartes s'écrivent "
                         "comme {sample})"},
    "bad_shape": {"en": "{text!r} is incomplete or too long: write {shapes} (legal now: "
                        "{listing})",
                  "fr": "« {text} » est incomplet ou trop long : écrivez {shapes} (permis "
                        "maintenant : {listing})"},
    "bad_usage": {"en": "{text!r} is not how {word} is typed: {usage} (legal now: {listing})",
                  "fr": "« {text} » est mal formé : {usage} (permis maintenant : {listing})"},
    "not_a_move": {"en": "{text!r} is not a move of {game}; moves start with {words} (legal "
                         "now: {listing})",
                   "fr": "« {text} » n'est pas un coup de {game} ; les coups commencent par "
                         "{words} (permis maintenant : {listing})"},
    "not_asked": {"en": "{text!r} answers a question that is not asked now (legal now: "
                        "{listing})",
                  "fr": "« {text} » répond à une question qui n'est pas posée maintenant "
                        "(permis maintenant : {listing})"},
    # the phase's name is the ruleset's own word (often English): the sentence does not show it
    "wrong_phase": {"en": "{move} is played in another phase of the game",
                    "fr": "{move} se joue dans une autre phase de la partie"},
    "not_in_zone": {"en": "{card} is not in the {zone}",
                    "fr": "{card} n'est pas là où ce coup prend ses cartes ({zone})"},
    "not_available": {"en": "{card} is not available for this move",
                      "fr": "{card} n'est pas disponible pour ce coup"},
    "card_count": {"en": "choose {lo} to {hi} cards", "fr": "choisissez de {lo} à {hi} cartes"},
    "combo_missing": {"en": "the combo {value} needs {cards}, which you do not all have",
                      "fr": "la combinaison {value} demande {cards}, que vous n'avez pas "
                            "toutes"},
    "cannot_choose": {"en": "{value} cannot be chosen for {arg}",
                      "fr": "{value} ne peut pas être choisi pour {arg}"},
    "cannot_use": {"en": "{value} cannot be used for {move}",
                   "fr": "{value} ne peut pas servir pour {move}"},
    "not_listed": {"en": "it is not one of the legal moves now",
                   "fr": "ce n'est pas un des coups permis maintenant"},
}


def fold_accents(word: str) -> str:
    """A word without its accents: French words are typed with or without them."""
    if word.isascii():
        return word
    return "".join(ch for ch in unicodedata.normalize("NFD", word)
                   if not unicodedata.combining(ch))


def message_texts(key: str, **kw: Any) -> dict[str, str]:
    """A message in every language; dict arguments are themselves per language."""
    out = {}
    for lang, template in _MESSAGES[key].items():
        values = {k: (text_of(v, lang) if isinstance(v, dict) else v) for k, v in kw.items()}
        out[lang] = template.format(**values)
    return out


def message_error(cls: type[Exception], key: str, **kw: Any) -> Exception:
    texts = message_texts(key, **kw)
    return cls(texts["en"], texts=texts)  # type: ignore[call-arg]


class Frame:
    """One block of effects being run: the block, the next step, the locals (shared with the
    frames of its if-branches); ``ctx`` is the expression context over them, made once."""

    __slots__ = ("block", "index", "locals", "ctx")

    def __init__(self, block: Block, index: int, locals_: dict[str, Any]) -> None:
        self.block = block
        self.index = index
        self.locals = locals_
        self.ctx: Any = None


__all__ = ["BOX", "CHOICE", "PUBLIC", "RULESET_BUGS", "SAVE_FORMAT", "SAVE_VERSION",
           "STEP_BUDGET", "Event", "Frame", "Move", "Outcome", "Pending", "fold_accents",
           "make_event", "message_error", "message_texts"]
