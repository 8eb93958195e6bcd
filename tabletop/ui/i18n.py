"""The terminal's own words, one catalogue per language. Card names and texts come from the
rulesets; everything the table itself says comes from here."""

from __future__ import annotations

import locale
import os

CATALOGUE: dict[str, dict[str, str]] = {
    "en": {
        "turn_of": "{name} to decide",
        "moves": "Your moves",
        "prompt": "Move (number or notation; help, rules, save, quit)",
        "empty": "Type a move: its number (1-{n}) or its notation, e.g. '{example}'.",
        "bad_number": "There is no move {n}; the moves are numbered 1 to {count}.",
        "help_title": "How to play",
        "help_body": ("Type the number of a move, or its notation as listed. "
                      "'rules' shows the rules page, 'save' saves the game, 'quit' saves and "
                      "leaves, 'help' shows this."),
        "notation": "Notation of {game}",
        "saved": "Game saved to {path}. Resume with: tabletop play --load {path}",
        "save_failed": "Could not save the game to {path} ({error}).",
        "bye": "Leaving the table.",
        "curtain": "Pass to {name} - press Enter",
        "curtain_eof": "No more input; the game is saved.",
        "over": "Game over",
        "won": "{names} won.",
        "won_many": "{names} won.",
        "nobody_won": "Nobody won.",
        "you_won": "You won!",
        "you_lost": "You lost.",
        "score": "Score",
        "scores": "Scores",
        "reason": "Why",
        "replay": "Replay this game: {command}",
        "log": "Last moves",
        "bot_moved": "{name} ({bot}) played: {move}",
        "seat": "Seat",
        "question": "{name}, {prompt}",
        "decide": "{name}: decide",
        "no_rules": "No rules page is shipped for {game}.",
        "players": "players",
        "game": "Game",
        "description": "Description",
        "rules_in_english": "",
        "ruleset_bug": "The ruleset has a mistake, so that move cannot be played (it was "
                       "undone): {error}",
        "stuck": ("Nobody has a legal move, yet the game is not over: the ruleset is stuck. "
                  "The game is saved; check the ruleset with: tabletop check FILE"),
    },
    "fr": {
        "turn_of": "À {name} de décider",
        "moves": "Vos coups",
        "prompt": "Coup (numéro ou notation ; help, rules, save, quit)",
        "empty": "Tapez un coup : son numéro (1-{n}) ou sa notation, par ex. « {example} ».",
        "bad_number": "Il n'y a pas de coup {n} ; les coups sont numérotés de 1 à {count}.",
        "help_title": "Comment jouer",
        "help_body": ("Tapez le numéro d'un coup, ou sa notation telle qu'affichée. "
                      "« rules » affiche les règles, « save » sauvegarde, « quit » sauvegarde "
                      "et quitte, « help » affiche cette aide."),
        "notation": "Notation de {game}",
        "saved": "Partie sauvegardée dans {path}. Pour reprendre : tabletop play --load {path}",
        "save_failed": "Impossible de sauvegarder la partie dans {path} ({error}).",
        "bye": "Vous quittez la table.",
        "curtain": "Passez à {name} - appuyez sur Entrée",
        "curtain_eof": "Plus d'entrée ; la partie est sauvegardée.",
        "over": "Partie terminée",
        "won": "{names} a gagné.",
        "won_many": "{names} ont gagné.",
        "nobody_won": "Personne n'a gagné.",
        "you_won": "Vous avez gagné !",
        "you_lost": "Vous avez perdu.",
        "score": "Score",
        "scores": "Scores",
        "reason": "Pourquoi",
        "replay": "Rejouer cette partie : {command}",
        "log": "Derniers coups",
        "bot_moved": "{name} ({bot}) a joué : {move}",
        "seat": "Place",
        "question": "{name}, {prompt}",
        "decide": "{name} : à vous",
        "no_rules": "Aucune page de règles n'est fournie pour {game}.",
        "players": "joueurs",
        "game": "Jeu",
        "description": "Description",
        "rules_in_english": "Les pages de règles n'existent qu'en anglais pour l'instant.",
        "ruleset_bug": "Les règles du jeu ont une erreur, ce coup ne peut pas être joué (il "
                       "a été annulé) : {error}",
        "stuck": ("Personne n'a de coup permis, mais la partie n'est pas finie : les règles "
                  "sont bloquées. La partie est sauvegardée ; vérifiez-les avec : "
                  "tabletop check FICHIER"),
    },
}

LANGS = tuple(CATALOGUE)


def default_lang() -> str:
    """The language of the environment's locale if we have it, else English."""
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var, "")
        if value:
            code = value.split("_")[0].split(".")[0].lower()
            return code if code in CATALOGUE else "en"
    try:
        code = (locale.getlocale()[0] or "en").split("_")[0].lower()
    except ValueError:
        code = "en"
    return code if code in CATALOGUE else "en"


def t(lang: str, key: str, **kw: object) -> str:
    """The catalogue text for ``key`` in ``lang``, filled in."""
    table = CATALOGUE.get(lang, CATALOGUE["en"])
    return table[key].format(**kw)
