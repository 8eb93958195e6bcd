"""The plain values of a game in play: moves, events, outcomes, pending decisions, the effect
interpreter's frames, and the engine's constants and messages. No other module of the engine
is imported here but the errors and the words, so every part can use these (the spec's
Block is named for the type checker alone)."""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

import attrs

from tabletop.errors import ArgumentError, ExpressionError
from tabletop.i18n.catalogue import Catalogue, Langs, text_of

if TYPE_CHECKING:
    from tabletop.rules.steps import Block

SAVE_FORMAT = "tabletop-save"
SAVE_VERSION = 1
CHOICE = "@choice"
# What a mistake in a ruleset raises when an expression or a step meets values it cannot use.
RULESET_BUGS = (ExpressionError, TypeError, KeyError, IndexError, AttributeError,
                ZeroDivisionError, RecursionError, OverflowError, MemoryError, ValueError)
STEP_BUDGET = 100_000  # effect steps one move may run: more means a loop in the ruleset

PUBLIC = -1  # the viewer of view(None): anyone at the table, who knows no hidden card
# the viewer of onlooker_view: a watcher of bots, or of a game over, who sees what any seat sees
ONLOOKER = -2
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
        text = self.text
        if text.__class__ is not dict and isinstance(text, EndTexts):
            text = text.plain()  # (json's encoder would read the dict's storage, not yet filled)
        return {"kind": self.kind, "seat": self.seat, "text": text, "data": self.data,
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


_MOVE_SETS = tuple(getattr(Move, name).__set__ for name in ("move_id", "args", "text"))


def make_move(move_id: str, args: tuple[tuple[str, Any], ...], text: str) -> Move:
    """``Move(move_id, args, text)``, the same frozen value, made without the generated
    ``__init__``'s frozen-attribute dance (a question's answers are made at each asking)."""
    m = _new(Move)
    k, a, t = _MOVE_SETS
    k(m, move_id)
    a(m, args)
    t(m, text)
    return m


class Outcome:
    """How a game ended: the winning seats, every seat's score and the reason.

    A frozen value, equal to another of the same winners, scores, reason and name. Its
    reason may be written when first read (``make_outcome(..., write)``): the texts are for
    people, and bots and simulations playing thousands of games never read them."""

    __slots__ = ("winners", "scores", "name", "_reason", "_reasons", "_write")

    winners: tuple[int, ...]
    scores: tuple[int, ...]
    name: str
    _reason: str
    _reasons: dict[str, str]
    _write: Callable[[], dict[str, str]] | None

    def __init__(self, winners: tuple[int, ...], scores: tuple[int, ...], reason: str,
                 name: str = "", reasons: dict[str, str] | None = None) -> None:
        _set = object.__setattr__
        _set(self, "winners", winners)
        _set(self, "scores", scores)
        _set(self, "name", name)
        _set(self, "_reason", reason)
        _set(self, "_reasons", {} if reasons is None else reasons)
        _set(self, "_write", None)

    def _written(self) -> None:
        """Write the reason now (a lazy outcome's first read)."""
        write = self._write
        if write is not None:
            reasons = write()  # raises (again at each read) if the ruleset's text fails
            object.__setattr__(self, "_reasons", reasons)
            object.__setattr__(self, "_reason", text_of(reasons, "en"))
            object.__setattr__(self, "_write", None)

    @property
    def reason(self) -> str:
        """Why the game ended, in English (else any language the ruleset gives)."""
        if self._write is not None:
            self._written()
        return self._reason

    @property
    def reasons(self) -> dict[str, str]:
        """Why the game ended, in each language."""
        if self._write is not None:
            self._written()
        return self._reasons

    def reason_in(self, lang: str) -> str:
        return self.reasons.get(lang) or self.reason

    def __setattr__(self, name: str, value: Any) -> None:
        raise attrs.exceptions.FrozenInstanceError()

    def __delattr__(self, name: str) -> None:
        raise attrs.exceptions.FrozenInstanceError()

    def _key(self) -> tuple[Any, ...]:
        return (self.winners, self.scores, self.reason, self.name)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._key() == other._key()

    def __ne__(self, other: object) -> bool:
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    def __hash__(self) -> int:
        return hash((Outcome, *self._key()))

    def __repr__(self) -> str:
        return (f"Outcome(winners={self.winners!r}, scores={self.scores!r}, "
                f"reason={self.reason!r}, name={self.name!r}, reasons={self.reasons!r})")

    def __reduce__(self) -> tuple[Any, ...]:  # (pickle, copy) the reason written
        return (Outcome, (self.winners, self.scores, self.reason, self.name, self.reasons))


_OUTCOME_SETS = tuple(getattr(Outcome, name).__set__
                      for name in ("winners", "scores", "name", "_reason", "_reasons", "_write"))


def make_outcome(winners: tuple[int, ...], scores: tuple[int, ...], reason: str, name: str,
                 reasons: dict[str, str], write: Callable[[], dict[str, str]] | None = None
                 ) -> Outcome:
    """``Outcome(winners, scores, reason, name, reasons)``, the same frozen value, made
    without a call of its ``__init__`` (as make_event); with ``write``, an outcome whose
    reasons ``write()`` gives when first read (then kept), ``reason`` and ``reasons``
    unused."""
    o = _new(Outcome)
    w, s, n, r, rs, wr = _OUTCOME_SETS
    w(o, winners)
    s(o, scores)
    n(o, name)
    r(o, reason)
    rs(o, reasons)
    wr(o, write)
    return o


class EndTexts(dict):  # type: ignore[type-arg]
    """The text of a game's end event when its outcome's reason is written lazily: a dict of
    the reasons, filled in from the outcome the first time anything reads it (every reading
    method of dict is here; ``Event.to_dict`` gives a plain dict, as json's encoder reads a
    dict's storage directly). Pickled and copied as the plain dict."""

    __slots__ = ("_outcome",)

    _outcome: Outcome | None

    def __init__(self, outcome: Outcome) -> None:
        super().__init__()
        self._outcome = outcome

    def _fill(self) -> None:
        o = self._outcome
        if o is not None:
            reasons = o.reasons  # raises if the ruleset's text fails (nothing kept)
            dict.update(self, reasons)
            self._outcome = None

    def plain(self) -> dict[str, str]:
        self._fill()
        return dict(dict.items(self))

    def __getitem__(self, k: str) -> str:
        self._fill()
        v: str = dict.__getitem__(self, k)
        return v

    def get(self, k: str, default: Any = None) -> Any:
        self._fill()
        return dict.get(self, k, default)

    def __contains__(self, k: object) -> bool:
        self._fill()
        return dict.__contains__(self, k)

    def __iter__(self) -> Iterator[str]:
        self._fill()
        return dict.__iter__(self)

    def __len__(self) -> int:
        self._fill()
        return dict.__len__(self)

    def keys(self) -> Any:
        self._fill()
        return dict.keys(self)

    def values(self) -> Any:
        self._fill()
        return dict.values(self)

    def items(self) -> Any:
        self._fill()
        return dict.items(self)

    def copy(self) -> dict[str, str]:
        return self.plain()

    def __eq__(self, other: object) -> bool:
        self._fill()
        if isinstance(other, EndTexts):
            other._fill()
        return dict.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    __hash__ = None

    def __repr__(self) -> str:
        return repr(self.plain())

    def __or__(self, other: Any) -> Any:
        return self.plain() | other

    def __ror__(self, other: Any) -> Any:
        return other | self.plain()

    def __reduce__(self) -> tuple[Any, ...]:
        return (dict, (self.plain(),))

    def __reversed__(self) -> Iterator[str]:
        self._fill()
        return dict.__reversed__(self)

    def __setitem__(self, k: str, v: str) -> None:
        self._fill()
        dict.__setitem__(self, k, v)

    def __delitem__(self, k: str) -> None:
        self._fill()
        dict.__delitem__(self, k)

    def pop(self, *args: Any) -> Any:
        self._fill()
        return dict.pop(self, *args)

    def popitem(self) -> tuple[str, str]:
        self._fill()
        return dict.popitem(self)

    def setdefault(self, *args: Any) -> Any:
        self._fill()
        return dict.setdefault(self, *args)

    def update(self, *args: Any, **kw: Any) -> None:
        self._fill()
        dict.update(self, *args, **kw)

    def clear(self) -> None:
        self._outcome = None
        dict.clear(self)


_new_dict = dict.__new__
_set_end_outcome = vars(EndTexts)["_outcome"].__set__


def end_texts(outcome: Outcome) -> EndTexts:
    """``EndTexts(outcome)``, made without a call of its ``__init__``."""
    t = _new_dict(EndTexts)
    _set_end_outcome(t, outcome)
    return t


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
    # how answers that are plain texts read in each language: {value: {lang: words}}, the
    # first word shown, every one accepted when typed
    words: dict[str, dict[str, tuple[str, ...]]] = attrs.field(factory=dict)


# the local of a frame holding an open reaction window (a ``choose`` with ``seats:``):
# [the seats asked, in play order; the answers given so far, in that order], a value
# replaced at each answer, never changed in place (copies share it)
WINDOW = "@window"


@attrs.frozen
class OpenWindow:
    """A reaction window waiting for its answers (``State.window``): its kind (``first`` or
    ``all``), the seats it asks in play order, and the place in them of the seat asked now.
    Nothing in it tells what the seats before answered."""

    mode: str
    seats: tuple[int, ...]
    at: int


# what the engine answers its callers (in the shape of tabletop/i18n/catalogue.py)
ENGINE_MESSAGES = Catalogue({
    "not_an_answer": {
        "en": "{text!r} is not an answer to the question now; the choices are: {listing}",
        "fr": "« {text} » ne répond pas à la question ; les choix sont : {listing}"},
    "answer_not_allowed": {
        "en": "{text!r} answers the question with a value it does not allow now; the allowed "
              "answers are: {listing}",
        "fr": "« {text} » répond à la question avec une valeur qui n'est pas permise "
              "maintenant ; les réponses permises sont : {listing}"},
    "not_legal": {"en": "{text!r} is not legal now: {why}",
                  "fr": "« {text} » n'est pas permis maintenant : {why}"},
    "not_a_card": {"en": "{word!r} is not a card of {game} (cards are written like {sample})",
                   "fr": "« {word} » n'est pas une carte de {game} (les cartes s'écrivent "
                         "comme {sample})"},
    "not_a_player": {"en": "{word!r} is not a player here (the players are {names}; p1, p2... "
                           "work too)",
                     "fr": "« {word} » n'est pas un joueur de la partie (les joueurs sont "
                           "{names} ; p1, p2... marchent aussi)"},
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
    # a card typed by its code where the mover's cards are hidden from it: the same sentence
    # whether the card is there or not (hidden information by construction)
    "hidden_card": {"en": "a hidden card", "fr": "une carte cachée"},
    "by_place": {"en": "you cannot see those cards: name one by its place, as the legal moves "
                       "do ({listing})",
                 "fr": "vous ne voyez pas ces cartes : désignez-en une par sa place, comme les "
                       "coups permis ({listing})"},
    "no_place": {"en": "no legal move takes the card at place {place} (legal now: {listing})",
                 "fr": "aucun coup permis ne prend la carte à la place {place} (permis "
                       "maintenant : {listing})"},
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
    # said to a player at the command line (registry, game, bots, simulate)
    "unknown_game": {"en": "no game {game!r}{close}; `tabletop list` shows the games (or give "
                           "the path of a .yaml ruleset)",
                     "fr": "pas de jeu « {game} »{close} ; `tabletop list` montre les jeux (ou "
                           "donnez le chemin d'un fichier de règles .yaml)"},
    "unknown_game_id": {"en": "no game {game!r}; the games are: {games}",
                        "fr": "pas de jeu « {game} » ; les jeux sont : {games}"},
    "no_ruleset_file": {"en": "no ruleset file at {path}; the shipped games are: {games}",
                        "fr": "pas de fichier de règles à {path} ; les jeux fournis sont : "
                              "{games}"},
    "no_games_dir": {"en": "no folder {path}: --games-dir names a folder of .yaml rulesets",
                     "fr": "pas de dossier {path} : --games-dir désigne un dossier de fichiers "
                           "de règles .yaml"},
    "no_option": {"en": "{game} has no option {name!r}{close}; its options are {known}",
                  "fr": "{game} n'a pas d'option « {name} »{close} ; ses options sont {known}"},
    "no_options": {"en": "{game} has no option {name!r}{close}; it has no options",
                   "fr": "{game} n'a pas d'option « {name} »{close} ; ce jeu n'a pas "
                         "d'options"},
    "option_value": {"en": "option {name} cannot be {value!r}; choose one of {values}",
                     "fr": "l'option {name} ne peut pas valoir « {value} » ; choisissez parmi "
                           "{values}"},
    "player_count": {"en": "{game} is played by {span}, not {n}",
                     "fr": "{game} se joue {span}, pas {n}"},
    "names_count": {"en": "{n} names for {players} players",
                    "fr": "{n} noms pour {players} joueurs"},
    "name_word": {"en": "a player's name is one word (it is typed in moves): {name!r}",
                  "fr": "le nom d'un joueur est un seul mot (il s'écrit dans les coups) : "
                        "« {name} »"},
    "same_name": {"en": "two players have the same name; give each seat its own",
                  "fr": "deux joueurs ont le même nom ; donnez à chaque place le sien"},
    "deck_list": {"en": "deck must be a list of card codes, top first, e.g. ['7D', 'KS']",
                  "fr": "le paquet est une liste de codes de cartes, du dessus vers le "
                        "dessous, par exemple ['7D', 'KS']"},
    "deck_entry": {"en": "deck entries are card codes (text), got {raw!r}",
                   "fr": "le paquet contient des codes de cartes (du texte), pas {raw!r}"},
    "deck_card": {"en": "{raw!r} is not a card of {game}",
                  "fr": "« {raw} » n'est pas une carte de {game}"},
    "deck_option": {"en": "{code} is not in {game} with option {name}={value} (it is only in "
                          "with {name}={allowed}): leave it out of the deck, or play with "
                          "{name}={allowed}",
                    "fr": "{code} n'est pas dans {game} avec l'option {name}={value} (seulement "
                          "avec {name}={allowed}) : retirez-la du paquet, ou jouez avec "
                          "{name}={allowed}"},
    "deck_copies": {"en": "{code} is listed {n} times; {game} has {copies} of it",
                    "fr": "{code} figure {n} fois ; {game} en a {copies}"},
    "no_bot": {"en": "no bot {kind!r}; the bots are: {bots}",
               "fr": "pas de robot « {kind} » ; les robots sont : {bots}"},
    "bot_settings": {"en": "bot {kind} does not take the settings {settings}",
                     "fr": "le robot {kind} ne prend pas les réglages {settings}"},
    "compare_shape": {"en": "--compare {text!r}: write OPTION=A,B, e.g. --compare "
                            "difficulty=easy,hard",
                      "fr": "--compare « {text} » : écrivez OPTION=A,B, par exemple --compare "
                            "difficulty=easy,hard"},
    "compare_option": {"en": "--compare {text!r}: {game} has no option {name!r}; its options "
                             "are {known}",
                       "fr": "--compare « {text} » : {game} n'a pas d'option « {name} » ; ses "
                             "options sont {known}"},
    "compare_no_options": {"en": "--compare {text!r}: {game} has no option {name!r}; it has no "
                                 "options",
                           "fr": "--compare « {text} » : {game} n'a pas d'option « {name} » ; "
                                 "ce jeu n'a pas d'options"},
    "compare_given": {"en": "--compare {text!r}: {name} is also given with --option; give it "
                            "in one place",
                      "fr": "--compare « {text} » : {name} est aussi donnée avec --option ; "
                            "donnez-la à un seul endroit"},
    "compare_value": {"en": "--compare {text!r}: {name} cannot be {value!r}; choose among "
                            "{values}",
                      "fr": "--compare « {text} » : {name} ne peut pas valoir « {value} » ; "
                            "choisissez parmi {values}"},
    "compare_twice": {"en": "--compare {text!r}: {value} is given twice",
                      "fr": "--compare « {text} » : {value} est donnée deux fois"},
    "compare_few": {"en": "--compare {text!r}: give two values or more, separated by commas, "
                          "e.g. {example}",
                    "fr": "--compare « {text} » : donnez deux valeurs ou plus, séparées par des "
                          "virgules, par exemple {example}"},
    "out_folder": {"en": "{flag} {text}: that is a folder; give a file name",
                   "fr": "{flag} {text} : c'est un dossier ; donnez un nom de fichier"},
    "out_no_folder": {"en": "{flag} {text}: there is no folder {folder}",
                      "fr": "{flag} {text} : le dossier {folder} n'existe pas"},
    "out_permission": {"en": "{flag} {text}: that file cannot be written (no permission)",
                       "fr": "{flag} {text} : ce fichier ne peut pas être écrit (permission "
                             "refusée)"},
    "out_cannot_write": {"en": "{flag} {path}: cannot write it ({why})",
                         "fr": "{flag} {path} : impossible de l'écrire ({why})"},
    "needs_plot": {"en": "--plot needs matplotlib: {command}",
                   "fr": "--plot a besoin de matplotlib : {command}"},
    "needs_cluster": {"en": "--cluster needs Dask: {command}",
                      "fr": "--cluster a besoin de Dask : {command}"},
    "no_scheduler": {"en": "cannot reach a Dask scheduler at {address} ({why})",
                     "fr": "aucun ordonnanceur Dask joignable à {address} ({why})"},
    "no_scheduler_silent": {"en": "no Dask scheduler answered at {address} within {seconds} s "
                                  "(a scheduler listens on port 8786; 8787 is its dashboard)",
                            "fr": "aucun ordonnanceur Dask n'a répondu à {address} en "
                                  "{seconds} s (un ordonnanceur écoute sur le port 8786 ; le "
                                  "8787 est son tableau de bord)"},
    "no_scheduler_speech": {"en": "{address} does not answer as a Dask scheduler does ({why}); "
                                  "give the scheduler's address, e.g. tcp://HOST:8786",
                            "fr": "{address} ne répond pas comme un ordonnanceur Dask ({why}) ; "
                                  "donnez l'adresse de l'ordonnanceur, par exemple "
                                  "tcp://HÔTE:8786"},
    "whole_number": {"en": "{flag} {text!r}: give a whole number from {lo} to {hi}",
                     "fr": "{flag} « {text} » : donnez un nombre entier de {lo} à {hi}"},
    "save_damaged": {"en": "the save data is damaged or from another version ({why})",
                     "fr": "les données de la sauvegarde sont abîmées ou d'une autre version "
                           "({why})"},
    "save_not_json": {"en": "not a tabletop save (not JSON: {why})",
                      "fr": "ce n'est pas une sauvegarde de tabletop (pas du JSON : {why})"},
    "save_no_format": {"en": "not a tabletop save (no 'format: tabletop-save' field)",
                       "fr": "ce n'est pas une sauvegarde de tabletop (pas de champ "
                             "'format: tabletop-save')"},
    "save_no_game": {"en": "not a tabletop save (its 'game' field is not a game id)",
                     "fr": "ce n'est pas une sauvegarde de tabletop (son champ 'game' n'est pas "
                           "un jeu)"},
    "save_game_missing": {"en": "the save is of a game that is not here: {why}",
                          "fr": "la sauvegarde est celle d'un jeu absent d'ici : {why}"},
    "save_game_mismatch": {"en": "the save is of {game!r}, but {source} is {other!r}",
                           "fr": "la sauvegarde est une partie de « {game} », mais {source} est "
                                 "« {other} »"},
    "save_foreign": {"en": "the save cannot be a game of {game}: it has no option {names}",
                     "fr": "la sauvegarde ne peut pas être une partie de {game} : ce jeu n'a "
                           "pas d'option {names}"},
    "save_option_unknown": {
        "en": "the save's option {name!r}{close} is not an option of {game} (its options: "
              "{known}); the file was edited, or saved by a version of the game that had it, "
              "and its position cannot be checked",
        "fr": "l'option « {name} » de la sauvegarde{close} n'est pas une option de {game} (ses "
              "options : {known}) ; le fichier a été modifié, ou sauvegardé par une version du "
              "jeu qui l'avait, et sa position ne peut pas être vérifiée"},
    "save_older": {
        "en": "the save has no value for the option(s) {names} of {game}, and at their "
              "defaults its moves do not give the position saved ({diff}); was the file "
              "edited?",
        "fr": "la sauvegarde n'a pas de valeur pour les options {names} de {game}, et à leurs "
              "valeurs par défaut ses coups ne donnent pas la position sauvegardée ({diff}) ; "
              "le fichier a-t-il été modifié ?"},
    "save_edited": {"en": "the saved position is not what its moves give ({diff}); was the "
                          "file edited?",
                    "fr": "la position sauvegardée n'est pas celle que donnent ses coups "
                          "({diff}) ; le fichier a-t-il été modifié ?"},
    "save_not_game": {"en": "the save cannot be a game of {game}: {why}",
                      "fr": "la sauvegarde ne peut pas être une partie de {game} : {why}"},
    "save_seed": {"en": "the save's seed is {seed}, not a whole number from 0 to {most}",
                  "fr": "la graine de la sauvegarde est {seed}, pas un nombre entier de 0 à "
                        "{most}"},
    "save_names": {"en": "the save's player names are not a list of names",
                   "fr": "les noms des joueurs de la sauvegarde ne sont pas une liste de noms"},
    "save_options": {"en": "the save's options are not a list of NAME: VALUE",
                     "fr": "les options de la sauvegarde ne sont pas une liste NOM: VALEUR"},
    "save_deck": {"en": "the save's deck is not a list of cards",
                  "fr": "le paquet de la sauvegarde n'est pas une liste de cartes"},
    "save_moves": {"en": "the save's moves are not a list of moves",
                   "fr": "les coups de la sauvegarde ne sont pas une liste de coups"},
    "save_first": {"en": "the save's first seat is {first}, not a seat",
                   "fr": "la première place de la sauvegarde est {first}, pas une place"},
    "save_move": {"en": "move {i} of the save ({text!r}) cannot be played: {why}",
                  "fr": "le coup {i} de la sauvegarde (« {text} ») ne peut pas être joué : "
                        "{why}"},
    # the API's arguments (Game.new_game, State.play, State.view, tabletop.restore...)
    "arg_type": {"en": "{call}(): {name} must be {wanted}, not {got}",
                 "fr": "{call}() : {name} doit être {wanted}, pas {got}"},
    "arg_seat": {"en": "{call}(): {name} {seat} is not a seat of this game (seats 0 to {last}"
                       "{none})",
                 "fr": "{call}() : {name} {seat} n'est pas une place de cette partie (places "
                       "0 à {last}{none})"},
    "arg_seat_none": {"en": ", or None for what anyone may see",
                      "fr": ", ou None pour ce que tous voient"},
    "arg_seed": {"en": "{call}(): seed {seed} is not a whole number from 0 to {most} (the same "
                       "seed deals the same game)",
                 "fr": "{call}() : la graine {seed} n'est pas un nombre entier de 0 à {most} "
                       "(la même graine donne la même donne)"},
    # what an argument of the API must be (arg_error: want_ and its kind)
    "want_seat": {"en": "a seat number (from 0)", "fr": "un numéro de place (à partir de 0)"},
    "want_seat_or_none": {"en": "a seat number (from 0) or None",
                          "fr": "un numéro de place (à partir de 0) ou None"},
    "want_text": {"en": "text (str)", "fr": "du texte (str)"},
    "want_lang": {"en": "a language code such as 'en' or 'fr'",
                  "fr": "un code de langue comme 'en' ou 'fr'"},
    "want_move": {"en": "a Move of legal_moves() or its text",
                  "fr": "un Move de legal_moves() ou son texte"},
    "want_legal": {"en": "a Move of legal_moves()", "fr": "un Move de legal_moves()"},
    "want_rng": {"en": "a random.Random", "fr": "un random.Random"},
    "want_options": {"en": "a dict of NAME: VALUE", "fr": "un dict NOM: VALEUR"},
    "want_names": {"en": "a list of names (one word each)",
                   "fr": "une liste de noms (un mot chacun)"},
    "want_save": {"en": "the text of a save (str)", "fr": "le texte d'une sauvegarde (str)"},
    # why a text is not JSON (json_why)
    "json_not_text": {"en": "it is not text", "fr": "ce n'est pas du texte"},
    "json_where": {"en": "{why}", "fr": "{why} : ligne {line}, colonne {column}"},
    # the events of effect steps (effects.py)
    "coin_heads": {"en": "coin: heads", "fr": "pièce : face"},
    "coin_tails": {"en": "coin: tails", "fr": "pièce : pile"},
    "saw": {"en": "saw {names}", "fr": "a vu {names}"},
    "shuffled": {"en": "shuffled {zone}", "fr": "{zone} mélangé"},
    "eliminated": {"en": "{name} is out", "fr": "{name} quitte la partie"},
    "move_limit": {"en": "the game reached its limit of {limit} moves",
                   "fr": "la partie a atteint sa limite de {limit} coups"},
})


def fold_accents(word: str) -> str:
    """A word without its accents: French words are typed with or without them."""
    if word.isascii():
        return word
    return "".join(ch for ch in unicodedata.normalize("NFD", word)
                   if not unicodedata.combining(ch))


def phrase_words(text: str) -> tuple[str, ...]:
    """A name or a typed text word by word as they are compared: lower case, accents and the
    apostrophe's shapes optional."""
    return tuple(fold_accents(w.lower().replace("\u2019", "'")) for w in text.split())


# what Python's json module says of a text it cannot read, in French (the start of its message)
_JSON_FR = (("Expecting value", "une valeur est attendue"),
            ("Extra data", "du texte en trop après la fin"),
            ("Unterminated string", "une chaîne n'est pas fermée"),
            ("Expecting property name enclosed in double quotes",
             "un nom de champ entre guillemets droits est attendu"),
            ("Expecting ',' delimiter", "une virgule est attendue"),
            ("Expecting ':' delimiter", "un deux-points est attendu"),
            ("Invalid control character", "un caractère de contrôle est interdit ici"),
            ("Invalid \\escape", "une séquence d'échappement est invalide"),
            ("Invalid \\uXXXX escape", "une séquence \\uXXXX est invalide"))


def json_why(e: Exception) -> Langs:
    """Why a text is not JSON, in each language: ``Expecting value: line 1 column 1 (char 0)``
    and « une valeur est attendue : ligne 1, colonne 1 »."""
    if not isinstance(e, json.JSONDecodeError):
        return ENGINE_MESSAGES.said("json_not_text")
    fr = next((said for start, said in _JSON_FR if e.msg.startswith(start)),
              "le texte ne se lit pas")
    return ENGINE_MESSAGES.said("json_where", why=Langs(en=str(e), fr=fr), line=e.lineno,
                                column=e.colno)


def message_texts(key: str, **kw: Any) -> dict[str, str]:
    """A message in every language; dict arguments are themselves per language."""
    return ENGINE_MESSAGES.texts(key, **kw)


def message_error(cls: type[Exception], key: str, **kw: Any) -> Exception:
    return ENGINE_MESSAGES.error(cls, key, **kw)


def arg_error(call: str, name: str, wanted: str, value: object) -> Exception:
    """An ArgumentError: argument ``name`` of ``call`` is not ``wanted`` (the catalogue's
    ``want_`` entries: seat, text, lang, move...)."""
    return message_error(ArgumentError, "arg_type", call=call, name=name,
                         wanted=message_texts(f"want_{wanted}"), got=type(value).__name__)


def check_seat(seat: object, players: int, call: str, none: bool = False) -> None:
    """``seat`` is a seat of a game of ``players`` (or None when ``none``).

    :raises ArgumentError: it is not.
    """
    if seat is None and none:
        return
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise arg_error(call, "seat", "seat_or_none" if none else "seat", seat)
    if not 0 <= seat < players:
        raise message_error(ArgumentError, "arg_seat", call=call, name="seat",
                            seat=seat if seat.bit_length() < 64 else "?", last=players - 1,
                            none=ENGINE_MESSAGES.said("arg_seat_none") if none else "")


class Frame:
    """One block of effects being run: the block, the next step, the locals (shared with the
    frames of its if-branches); ``ctx`` is the expression context over them, made once."""

    __slots__ = ("block", "index", "locals", "ctx")

    def __init__(self, block: Block, index: int, locals_: dict[str, Any]) -> None:
        self.block = block
        self.index = index
        self.locals = locals_
        self.ctx: Any = None


__all__ = ["BOX", "CHOICE", "ONLOOKER", "PUBLIC", "RULESET_BUGS", "SAVE_FORMAT",
           "SAVE_VERSION", "STEP_BUDGET", "WINDOW", "EndTexts", "Event", "Frame", "Move",
           "OpenWindow", "Outcome", "Pending", "arg_error", "check_seat", "end_texts",
           "fold_accents", "make_event", "make_move", "make_outcome", "message_error",
           "message_texts"]
