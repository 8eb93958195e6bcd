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


_OUTCOME_SETS = tuple(getattr(Outcome, name).__set__
                      for name in ("winners", "scores", "reason", "name", "reasons"))


def make_outcome(winners: tuple[int, ...], scores: tuple[int, ...], reason: str, name: str,
                 reasons: dict[str, str]) -> Outcome:
    """``Outcome(winners, scores, reason, name, reasons)``, the same frozen value, made
    without the generated ``__init__`` (as make_event)."""
    o = _new(Outcome)
    w, s, r, n, rs = _OUTCOME_SETS
    w(o, winners)
    s(o, scores)
    r(o, reason)
    n(o, name)
    rs(o, reasons)
    return o


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
    "player_count": {"en": "{game} is played by {span} player(s), not {n}",
                     "fr": "{game} se joue {span} joueur(s), pas {n}"},
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
    "deck_copies": {"en": "{code} is listed {n} times; {game} has {copies} of it",
                    "fr": "{code} figure {n} fois ; {game} en a {copies}"},
    "no_bot": {"en": "no bot {kind!r}; the bots are: {bots}",
               "fr": "pas de bot « {kind} » ; les bots sont : {bots}"},
    "bot_settings": {"en": "bot {kind} does not take the settings {settings}",
                     "fr": "le bot {kind} ne prend pas les réglages {settings}"},
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
    "needs_plot": {"en": "--plot needs matplotlib: pip install 'tabletop[plot]'",
                   "fr": "--plot a besoin de matplotlib : pip install 'tabletop[plot]'"},
    "needs_cluster": {"en": "--cluster needs Dask: pip install 'tabletop[cluster]'",
                      "fr": "--cluster a besoin de Dask : pip install 'tabletop[cluster]'"},
    "no_scheduler": {"en": "cannot reach a Dask scheduler at {address} ({why})",
                     "fr": "aucun ordonnanceur Dask joignable à {address} ({why})"},
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
    "save_edited": {"en": "the saved position is not what its moves give ({diff}); was the "
                          "file edited?",
                    "fr": "la position sauvegardée n'est pas celle que donnent ses coups "
                          "({diff}) ; le fichier a-t-il été modifié ?"},
    "save_not_game": {"en": "the save cannot be a game of {game}: {why}",
                      "fr": "la sauvegarde ne peut pas être une partie de {game} : {why}"},
    "save_holds": {"en": "the save holds {name!r}, which {game} does not have",
                   "fr": "la sauvegarde contient « {name} », que {game} n'a pas"},
    "save_var": {"en": "the save's {name} is {value!r}, not a value {game} gives it",
                 "fr": "dans la sauvegarde, {name} vaut {value!r}, une valeur que {game} ne "
                       "lui donne pas"},
    "save_not_fit": {"en": "the save does not fit this version of {game}: {why}",
                     "fr": "la sauvegarde ne convient pas à cette version de {game} : {why}"},
    "save_seed": {"en": "the save's seed is {seed!r}, not a whole number",
                  "fr": "la graine de la sauvegarde est {seed!r}, pas un nombre entier"},
    "save_names": {"en": "the save's player names are not a list of names",
                   "fr": "les noms des joueurs de la sauvegarde ne sont pas une liste de noms"},
    "save_options": {"en": "the save's options are not a list of NAME: VALUE",
                     "fr": "les options de la sauvegarde ne sont pas une liste NOM: VALEUR"},
    "save_deck": {"en": "the save's deck is not a list of cards",
                  "fr": "le paquet de la sauvegarde n'est pas une liste de cartes"},
    "save_moves": {"en": "the save's moves are not a list of moves",
                   "fr": "les coups de la sauvegarde ne sont pas une liste de coups"},
    "save_first": {"en": "the save's first seat is {first!r}, not a seat",
                   "fr": "la première place de la sauvegarde est {first!r}, pas une place"},
    "save_move": {"en": "move {i} of the save ({text!r}) cannot be played: {why}",
                  "fr": "le coup {i} de la sauvegarde (« {text} ») ne peut pas être joué : "
                        "{why}"},
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
           "make_event", "make_outcome", "message_error", "message_texts"]
