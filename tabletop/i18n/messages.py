"""What tabletop says about a ruleset's mistakes, in English and in French.

One catalogue in the shape of tabletop/i18n/catalogue.py: each key holds a template per
language, the
values given as keywords (``ruleset_texts("missing_field", name="id")``). A value that itself
reads differently in each language (a word such as "a list", a "did you mean") is given as
``Langs({"en": .., "fr": ..})``.
The English templates give, byte for byte, the sentences the engine has always written; the
French ones address the designer as "vous" and keep names, values and field paths as written.
Checked by tests/test_ruleset_errors_fr.py (both languages, the same placeholders).
"""

from __future__ import annotations

from typing import Any, TypeVar

from tabletop.i18n.catalogue import Catalogue, Langs

_E = TypeVar("_E", bound=Exception)

RULESET_MESSAGES = Catalogue({
    # where a mistake stands: file, line, field (errors.RulesetError)
    "where_unknown": {"en": "<ruleset>", "fr": "<règles>"},
    "where_line": {"en": ", line {line}", "fr": ", ligne {line}"},
    "where_field": {"en": ", field '{field}'", "fr": ", champ '{field}'"},
    "where_what": {"en": "{where}: {what}", "fr": "{where} : {what}"},
    # what a value is, said after "got" (spec._kind)
    "kind_nothing": {"en": "nothing", "fr": "une valeur vide"},
    "kind_mapping": {"en": "a mapping", "fr": "une table (clé: valeur)"},
    "kind_list": {"en": "a list", "fr": "une liste"},
    "kind_text": {"en": "text {v!r}", "fr": "le texte {v!r}"},
    "kind_bool": {"en": "{v}", "fr": "la valeur {v}"},
    "kind_number": {"en": "the number {v}", "fr": "le nombre {v}"},
    "kind_other": {"en": "{name}", "fr": "une valeur de type {name}"},
    "none": {"en": "none", "fr": "aucun"},
    # the shape of the file (spec._Loader)
    "expected_mapping": {"en": "expected a mapping, got {got}",
                         "fr": "il faut ici une table (clé: valeur), pas {got}"},
    "key_not_name": {"en": "the key {key!r} is not a name: YAML reads yes/no/on/off/true/false/"
                           "null and numbers unquoted as values; quote it or choose another "
                           "name",
                     "fr": "la clé {key!r} n'est pas un nom : sans guillemets, YAML lit yes/no/"
                           "on/off/true/false/null et les nombres comme des valeurs ; mettez-la "
                           "entre guillemets ou choisissez un autre nom"},
    "unknown_key": {"en": "unknown key {key!r}{close} (allowed: {allowed})",
                    "fr": "clé inconnue {key!r}{close} (clés permises : {allowed})"},
    "missing_field": {"en": "missing required field {name!r}",
                      "fr": "il manque le champ obligatoire {name!r}"},
    "expected_list": {"en": "expected a list, got {got}", "fr": "il faut ici une liste, pas {got}"},
    "expected_text": {"en": "expected text, got {got}", "fr": "il faut ici du texte, pas {got}"},
    "expected_whole": {"en": "expected a whole number, got {got}",
                       "fr": "il faut ici un nombre entier, pas {got}"},
    "expected_bool": {"en": "expected true or false, got {got}",
                      "fr": "il faut ici true ou false, pas {got}"},
    "lang_one_of": {"en": "a language is one of {langs}",
                    "fr": "la langue doit être l'une de celles-ci : {langs}"},
    "lang_no_text": {"en": "expected text in at least one language (en, fr)",
                     "fr": "donnez ce texte dans au moins une langue (en, fr)"},
    "notation_no_lang": {"en": "expected a notation in at least one language (en, fr)",
                         "fr": "donnez la notation dans au moins une langue (en, fr)"},
    "notation_holes": {"en": "every language's notation holds the same {{holes}}: {words!r}, "
                             "{canonical!r}",
                       "fr": "les notations de toutes les langues doivent contenir les "
                             "mêmes {{arguments}} : {words!r}, {canonical!r}"},
    "notation_word_first": {"en": "a notation starts with a word, not an argument: {words!r}",
                            "fr": "une notation commence par un mot, pas par un argument : "
                                  "{words!r}"},
    "notation_same_last": {"en": "a notation ends with the same argument in every language: "
                                 "{words!r}",
                           "fr": "une notation finit par le même argument dans toutes les "
                                 "langues : {words!r}"},
    "notation_empty": {"en": "a notation needs at least one word",
                       "fr": "une notation a besoin d'au moins un mot"},
    "notation_args": {"en": "the notation's {{holes}} must be exactly the move's args ({args})",
                      "fr": "les {{arguments}} de la notation doivent être exactement les args "
                            "du coup ({args})"},
    "notation_cards_last": {"en": "a cards argument must come last in the notation (it takes "
                                  "every word after it)",
                            "fr": "un argument cards vient en dernier dans la notation (il prend "
                                  "tous les mots qui le suivent)"},
    "notation_choice": {"en": "the notation must hold {{choice}} once",
                        "fr": "la notation doit contenir {{choice}} une fois, et une seule"},
    # the whole file (spec._Loader.load)
    "players_range": {"en": "players must satisfy 1 <= min <= max, got {lo}..{hi}",
                      "fr": "players doit respecter 1 <= min <= max (ici : {lo}..{hi})"},
    "players_limit": {"en": "at most {limit} players (the limit), got {n}",
                      "fr": "{limit} joueurs au plus (la limite), et non {n}"},
    "reserved_name": {"en": "{name!r} is a reserved name",
                      "fr": "{name!r} est un nom réservé ; choisissez-en un autre"},
    "zone_and_var": {"en": "{name!r} is both a zone and a var; rename one",
                     "fr": "{name!r} est à la fois une zone et une variable ; renommez l'une "
                           "des deux"},
    "derived_taken": {"en": "{name!r} is already a zone, a var or a reserved name",
                      "fr": "{name!r} est déjà une zone, une variable ou un nom réservé ; "
                            "choisissez-en un autre"},
    "move_id_twice": {"en": "two moves have the id {id!r}",
                      "fr": "deux coups ont l'id {id!r} ; donnez à chacun le sien"},
    "score_bounds": {"en": "expected [lowest, highest]",
                     "fr": "écrivez [score le plus bas, score le plus haut]"},
    "one_deck": {"en": "exactly one zone must be marked deck: true",
                 "fr": "une zone, et une seule, doit porter deck: true"},
    "no_deck": {"en": "no zone is marked deck: true",
                "fr": "aucune zone ne porte deck: true"},
    "deck_per_seat": {"en": "the deck zone is one shared pile; it cannot be per_seat (deal "
                            "from it in setup instead)",
                      "fr": "la zone deck est une pioche commune ; elle ne peut pas être "
                            "per_seat (distribuez-en plutôt les cartes dans setup)"},
    "phase_no_var": {"en": "a move names a phase, but there is no var 'phase' (declare vars: "
                           "{{phase: {{initial: ...}}}})",
                     "fr": "un coup nomme une phase, mais il n'y a pas de variable 'phase' "
                           "(déclarez vars: {{phase: {{initial: ...}}}})"},
    "phase_per_seat": {"en": "the var phase is the game's phase: it cannot be per_seat",
                       "fr": "la variable phase est la phase de la partie : elle ne peut pas "
                             "être per_seat"},
    "first_player": {"en": "first_player must be first or random, not {v!r}",
                     "fr": "first_player doit valoir first ou random, et non {v!r}"},
    # functions:, rollout_moves:, solver:, evaluate:, derived:
    "function_taken": {"en": "{name!r} is already the name of a function, a zone, a var, a "
                             "derived value or a reserved name; choose another",
                       "fr": "{name!r} est déjà le nom d'une fonction, d'une zone, d'une "
                             "variable, d'une valeur dérivée, ou un nom réservé ; choisissez-en "
                             "un autre"},
    "function_name": {"en": "a function's name is one word of letters, digits and _, not "
                            "{name!r}",
                      "fr": "le nom d'une fonction est un seul mot fait de lettres, de chiffres "
                            "et de _, pas {name!r}"},
    "argument_name": {"en": "{name!r} cannot name an argument",
                      "fr": "{name!r} ne peut pas servir de nom d'argument"},
    "arguments_same": {"en": "two arguments have the same name",
                       "fr": "deux arguments portent le même nom"},
    "rollout_policy": {"en": "rollout_policy must be uniform or by_move, not {v!r}",
                       "fr": "rollout_policy vaut uniform ou by_move, pas {v!r}"},
    "rollout_few": {"en": "{n} moves: give 1 or more", "fr": "{n} coups : il en faut au moins 1"},
    "rollout_evaluate": {"en": "a playout cut short is scored by evaluate: declare evaluate too",
                         "fr": "une partie simulée écourtée est notée par evaluate : déclarez "
                               "aussi evaluate"},
    "solver_not_zone": {"en": "{name!r} is not a zone of the game",
                        "fr": "{name!r} n'est pas une zone du jeu"},
    "solver_not_var": {"en": "{name!r} is not a var of the game (one for the whole table, not "
                             "per seat)",
                       "fr": "{name!r} n'est pas une variable du jeu (une pour toute la table, "
                             "pas une par place)"},
    "solver_not_var_derived": {"en": "{name!r} is not a var of the game (one for the whole "
                                     "table, not per seat) nor a derived value",
                               "fr": "{name!r} n'est ni une variable du jeu (une pour toute la "
                                     "table, pas une par place) ni une valeur dérivée"},
    "solver_not_var_zone": {"en": "{name!r} is not a var of the game (one for the whole table, "
                                  "not per seat) nor a zone",
                            "fr": "{name!r} n'est ni une variable du jeu (une pour toute la "
                                  "table, pas une par place) ni une zone"},
    "derived_loop": {"en": "derived values refer to each other in a loop: {loop}",
                     "fr": "des valeurs dérivées se renvoient l'une à l'autre en boucle : "
                           "{loop}"},
    "evaluate_names": {"en": "{error} (evaluate may use the view's keys: {keys})",
                       "fr": "{error} (evaluate peut utiliser les clés de view : {keys})"},
    # options:
    "option_quoted": {"en": "write option values as quoted text (YAML reads yes/no/on/off/null "
                            "unquoted as {v!r})",
                      "fr": "écrivez les valeurs d'option entre guillemets (sans guillemets, "
                            "YAML lit yes/no/on/off/null comme {v!r})"},
    "option_default": {"en": "default {default!r} is not one of {values}",
                       "fr": "la valeur par défaut {default!r} ne figure pas parmi {values}"},
    # cards:, combos:
    "unknown_card_type": {"en": "unknown card type {type!r}{close} (card_types: {types})",
                          "fr": "type de carte inconnu {type!r}{close} (card_types : {types})"},
    "unknown_suit": {"en": "unknown suit {suit!r} (S, C, D, H)",
                     "fr": "couleur inconnue {suit!r} (S, C, D, H)"},
    "unknown_rank": {"en": "unknown rank {rank!r} (2-10, J, Q, K, A)",
                     "fr": "rang inconnu {rank!r} (2-10, J, Q, K, A)"},
    "card_twice": {"en": "card {code} is listed twice", "fr": "la carte {code} figure deux fois"},
    "card_id_twice": {"en": "card id {code!r} is used twice (ids are typed in any case, so they "
                            "must differ by more than case)",
                      "fr": "l'id de carte {code!r} est utilisé deux fois (un id se tape en "
                            "majuscules comme en minuscules : deux ids doivent différer "
                            "autrement que par la casse)"},
    "card_id_word": {"en": "card id {code!r} must be one word (no spaces)",
                     "fr": "l'id de carte {code!r} doit être un seul mot (sans espace)"},
    "count_negative": {"en": "count cannot be negative, got {n}",
                       "fr": "count ne peut pas être négatif (ici {n})"},
    "cards_limit": {"en": "a game has at most {limit} cards (the limit); with count {count} this "
                          "one would have {total}",
                    "fr": "un jeu a au plus {limit} cartes (la limite) ; avec count {count}, "
                          "celui-ci en aurait {total}"},
    "code_word": {"en": "a card's code must be one word, not {w!r}",
                  "fr": "le code d'une carte est un seul mot, pas {w!r}"},
    "code_taken": {"en": "the code {w!r} is already another card's",
                   "fr": "le code {w!r} est déjà celui d'une autre carte"},
    "engine_attribute": {"en": "{name!r} is set by the engine; name this attribute otherwise",
                         "fr": "{name!r} est fixé par le moteur ; nommez cet attribut autrement"},
    "only_empty": {"en": "only is an empty list; give the options under which the card is in the "
                         "game (cards: material), or a list of such",
                   "fr": "only est une liste vide ; donnez les options sous lesquelles la carte "
                         "est en jeu (cards: material), ou une liste de telles options"},
    "only_option": {"en": "only names the option {name!r}, which this game does not have; its "
                          "options are {known}",
                    "fr": "only nomme l'option {name!r}, que ce jeu n'a pas ; ses options sont "
                          "{known}"},
    "only_value": {"en": "only: option {name} has no value {value!r}; its values are {values}",
                   "fr": "only : l'option {name} n'a pas de valeur {value!r} ; ses valeurs sont "
                         "{values}"},
    "card_attribute": {"en": "a card attribute must be a single value (text, number, "
                             "true/false)",
                       "fr": "un attribut de carte est une seule valeur (texte, nombre, "
                             "true/false)"},
    # numbered cards: {numbers: {from: 3, to: 35}, type: clue}
    "numbers_key": {"en": "an entry of numbered cards gives each card its code and value from "
                          "its number: remove {key!r} (write {{numbers: {{from: 1, to: 8, "
                          "prefix: c}}}} for codes c1...c8)",
                    "fr": "une entrée de cartes numérotées donne à chaque carte son code et sa "
                          "valeur d'après son numéro : retirez {key!r} (écrivez {{numbers: "
                          "{{from: 1, to: 8, prefix: c}}}} pour les codes c1...c8)"},
    "numbers_span": {"en": "numbers goes from a whole number up to another at least as large, "
                           "at most {limit} cards and a prefix of one word: got from {lo} to "
                           "{hi}; write numbers: {{from: 3, to: 35}}",
                     "fr": "numbers va d'un nombre entier à un autre au moins aussi grand, au "
                           "plus {limit} cartes et un préfixe d'un seul mot : ici de {lo} à "
                           "{hi} ; écrivez numbers: {{from: 3, to: 35}}"},
    "no_cards": {"en": "a game needs at least one card",
                 "fr": "un jeu a besoin d'au moins une carte"},
    "combo_id_word": {"en": "combo id {code!r} must be one word (no spaces)",
                      "fr": "l'id de combinaison {code!r} doit être un seul mot (sans espace)"},
    "combo_id_taken": {"en": "the id {code!r} is already a card or a combo (ids are typed in "
                             "any case)",
                       "fr": "l'id {code!r} est déjà une carte ou une combinaison (un id se "
                             "tape en majuscules comme en minuscules)"},
    "combo_two": {"en": "a combo is made of two cards or more",
                  "fr": "une combinaison compte au moins deux cartes"},
    "unknown_card": {"en": "unknown card {code!r}", "fr": "carte inconnue {code!r}"},
    "combo_copies": {"en": "the combo needs {n} {code}, the game has {have}",
                     "fr": "la combinaison demande {n} {code}, or le jeu en compte {have}"},
    "combo_attribute": {"en": "a combo attribute must be a single value (text, number, "
                              "true/false)",
                        "fr": "un attribut de combinaison est une seule valeur (texte, nombre, "
                              "true/false)"},
    # zones:, vars:
    "zone_visibility": {"en": "visibility must be public, hidden, owner or others, not {v!r}",
                        "fr": "visibility doit valoir public, hidden, owner ou others, et non "
                              "{v!r}"},
    "zone_order": {"en": "order must be pile or row, not {v!r}",
                   "fr": "order doit valoir pile ou row, et non {v!r}"},
    "zone_owner": {"en": "visibility {v} needs per_seat: true (a seat owns its own zone)",
                   "fr": "visibility {v} demande per_seat: true (chaque place a sa propre "
                         "zone)"},
    "zone_contents": {"en": "contents must be unknown or known, not {v!r}",
                      "fr": "contents doit valoir unknown ou known, et non {v!r}"},
    "var_initial": {"en": "initial must be a single value",
                    "fr": "initial doit être une seule valeur (texte, nombre, true/false)"},
    "var_visibility": {"en": "visibility must be cards, public, owner or hidden, not {v!r}",
                       "fr": "visibility doit valoir cards, public, owner ou hidden, et non {v!r}"},
    "var_owner": {"en": "visibility owner needs per_seat: true (a seat owns its own value)",
                  "fr": "visibility owner demande per_seat: true (chaque place a sa propre "
                        "valeur)"},
    # effects
    "step_one_kind": {"en": "an effect step has exactly one kind (one of {kinds}), got {got}",
                      "fr": "une étape d'effet doit être d'une seule sorte (parmi {kinds}) ; "
                            "ici : {got}"},
    "unknown_effect": {"en": "unknown effect {kind!r}{close} (known: {kinds})",
                       "fr": "effet inconnu {kind!r}{close} (effets connus : {kinds})"},
    "deal_count_fill": {"en": "deal needs exactly one of count (cards to deal) or fill (deal "
                              "until the zone holds this many)",
                        "fr": "deal demande soit count (les cartes à distribuer), soit fill "
                              "(distribuer jusqu'à ce que la zone en contienne autant), et pas "
                              "les deux"},
    "unknown_procedure": {"en": "unknown procedure {name!r}{close}",
                          "fr": "procédure inconnue {name!r}{close}"},
    "unknown_outcome": {"en": "unknown outcome {name!r}{close}",
                        "fr": "issue inconnue {name!r}{close}"},
    "answer_words": {"en": "expected a text or a list of texts (the first is shown, every one "
                           "is accepted when typed), got {got}",
                     "fr": "il faut ici un texte ou une liste de textes (le premier est "
                           "affiché, chacun est accepté quand on le tape), pas {got}"},
    "answer_word_shared": {"en": "the word {word!r} is given to both {other!r} and {answer!r} "
                                 "in {lang}: a typed word must name one answer",
                           "fr": "le mot {word!r} est donné à la fois à {other!r} et à "
                                 "{answer!r} en {lang} : un mot tapé doit désigner une seule "
                                 "réponse"},
    "choose_of": {"en": "of must be values or seats, not {v!r}",
                  "fr": "of doit valoir values ou seats, et non {v!r}"},
    # a reaction window: choose with seats (spec.step_choose; effects.open_window)
    "window_mode": {"en": "window must be first or all, not {v!r}",
                    "fr": "window doit valoir first ou all, et non {v!r}"},
    "window_needs_mode": {"en": "seats asks several seats: say how their answers count with "
                                "window: first or window: all",
                          "fr": "seats interroge plusieurs places : dites comment comptent "
                                "leurs réponses avec window: first ou window: all"},
    "window_needs_seats": {"en": "window needs seats: the list of the seats asked",
                           "fr": "window demande seats : la liste des places interrogées"},
    "window_seat_and_seats": {"en": "give seat (one seat asked) or seats (a window), not both",
                              "fr": "donnez seat (une place interrogée) ou seats (une "
                                    "fenêtre), pas les deux"},
    "window_first_optional": {"en": "window: first needs optional: true (each seat may pass; "
                                    "the first that does not takes it)",
                              "fr": "window: first demande optional: true (chaque place peut "
                                    "passer ; la première qui ne passe pas l'emporte)"},
    "window_seats": {"en": "seats must give a list of seats (like others(me)), got {got}",
                     "fr": "seats doit donner une liste de places (comme others(me)), et "
                           "non {got}"},
    "no_card_effect": {"en": "no card declares an effect {name!r} (declared: {names})",
                       "fr": "aucune carte ne déclare d'effet {name!r} (effets déclarés : "
                             "{names})"},
    "no_parameters": {"en": "{kind} takes no parameters (write '{kind}: true')",
                      "fr": "{kind} ne prend pas de paramètres (écrivez '{kind}: true')"},
    "unknown_var": {"en": "unknown var {name!r}{close} (vars: {names})",
                    "fr": "variable inconnue {name!r}{close} (vars : {names})"},
    "unknown_zone": {"en": "unknown zone {name!r}{close} (zones: {names})",
                     "fr": "zone inconnue {name!r}{close} (zones : {names})"},
    "zone_ref": {"en": "expected zone or zone[seat], got {text!r}",
                 "fr": "écrivez zone ou zone[place], pas {text!r}"},
    "zone_not_per_seat": {"en": "zone {name!r} is not per seat",
                          "fr": "la zone {name!r} n'est pas une zone par place"},
    "reveal_silent_log": {"en": "a silent reveal writes no line: give it silent or log, not "
                                "both",
                          "fr": "une révélation silencieuse n'écrit aucune ligne : donnez-lui "
                                "silent ou log, pas les deux"},
    "at_value": {"en": "at must be top, bottom or a position counted from 1 (a number or an "
                       "expression), got {got}",
                 "fr": "at doit valoir top, bottom ou une position comptée à partir de 1 (un "
                       "nombre ou une expression), pas {got}"},
    # moves:, display:
    "argument_kind": {"en": "an argument needs exactly one of from (a card), cards (several "
                            "cards), seat, word or combo",
                      "fr": "un argument demande exactement l'un de ces mots : from (une carte), "
                            "cards (plusieurs cartes), seat, word ou combo"},
    "not_view_key": {"en": "{key!r} is not a view key", "fr": "{key!r} n'est pas une clé de view"},
    "display_lang": {"en": "lang must be one of {langs}",
                     "fr": "lang doit être l'une de ces langues : {langs}"},
    "display_kind": {"en": "kind must be bar, cards, count, value, text or seats",
                     "fr": "kind doit valoir bar, cards, count, value, text ou seats"},
    # reading the file (spec.load_spec, limits.read_yaml)
    "file_too_big": {"en": "the file is larger than {limit} bytes (the limit)",
                     "fr": "le fichier dépasse {limit} octets (la limite)"},
    "no_such_file": {"en": "no such file", "fr": "ce fichier n'existe pas"},
    "not_regular_file": {"en": "not a regular file (a folder, a pipe or a device); a ruleset "
                               "is an ordinary YAML file",
                         "fr": "ce n'est pas un fichier ordinaire (un dossier, un tube ou un "
                               "périphérique) ; des règles sont un fichier YAML ordinaire"},
    "cannot_read": {"en": "cannot read the file ({why})",
                    "fr": "impossible de lire le fichier ({why})"},
    "ruleset_too_deep": {"en": "the ruleset is nested too deeply to read",
                         "fr": "les règles sont trop imbriquées pour être lues"},
    "ruleset_memory": {"en": "the ruleset needs more memory than there is to read",
                       "fr": "lire ces règles demande plus de mémoire qu'il n'y en a"},
    "not_yaml": {"en": "not valid YAML: {problem}",
                 "fr": "ce n'est pas du YAML valide : {problem}"},
    "yaml_too_deep": {"en": "the YAML is nested too deeply",
                      "fr": "le YAML est trop imbriqué"},
    "not_a_mapping": {"en": "a ruleset is a YAML mapping (id:, name:, cards: ...)",
                      "fr": "un fichier de règles est une table YAML (id:, name:, cards: ...)"},
    "key_twice": {"en": "the key {key!r} appears twice in this mapping (YAML would keep only "
                        "the last one)",
                  "fr": "la clé {key!r} figure deux fois dans cette table (YAML ne garderait que "
                        "la dernière) ; n'en gardez qu'une"},
    "yaml_depth": {"en": "the YAML is nested more than {limit} levels deep (the limit)",
                   "fr": "le YAML est imbriqué sur plus de {limit} niveaux (la limite)"},
    "alias_values": {"en": "the YAML aliases (*name) expand to more than {limit} values (the "
                           "limit)",
                     "fr": "les alias YAML (*nom) se développent en plus de {limit} valeurs (la "
                           "limite)"},
    "alias_depth": {"en": "the YAML aliases (*name) nest more than {limit} levels deep (the "
                          "limit)",
                    "fr": "les alias YAML (*nom) s'imbriquent sur plus de {limit} niveaux (la "
                          "limite)"},
    "alias_cycle": {"en": "a YAML alias (*name) refers to the value that holds it",
                    "fr": "un alias YAML (*nom) renvoie à la valeur qui le contient"},
    "value_unreadable": {"en": "a value cannot be read ({why})",
                         "fr": "une valeur ne peut pas être lue ({why})"},
    "number_digits": {"en": "a number of more than {digits} digits",
                      "fr": "un nombre de plus de {digits} chiffres"},
    # extends:
    "extends_ref": {"en": "extends takes the id of a ruleset beside this file, or a path to one",
                    "fr": "extends prend l'id d'un fichier de règles à côté de celui-ci, ou son "
                          "chemin"},
    "extends_id": {"en": "a ruleset that extends another needs its own id",
                   "fr": "des règles qui en étendent d'autres ont besoin de leur propre id"},
    "extends_chain": {"en": "more than {limit} rulesets built on one another",
                      "fr": "plus de {limit} fichiers de règles bâtis les uns sur les autres"},
    "extends_loop": {"en": "extends loops back to {name}",
                     "fr": "extends revient en boucle à {name}"},
    "extends_missing": {"en": "no ruleset {ref!r} to extend (looked for {path})",
                        "fr": "aucun fichier de règles {ref!r} à étendre (chemin cherché : "
                              "{path})"},
    # expressions, as they are read (expr._Parser)
    "expr_too_long": {"en": "the expression is longer than {limit} characters (the limit): "
                            "{start!r}...",
                      "fr": "l'expression dépasse {limit} caractères (la limite) : {start!r}..."},
    "expr_character": {"en": "unexpected character {ch!r} at column {col} in {text!r}",
                       "fr": "caractère inattendu {ch!r} en colonne {col} de {text!r}"},
    "expr_long_number": {"en": "the number {digits}... passes {limit} (the limit)",
                         "fr": "le nombre {digits}... dépasse {limit} (la limite)"},
    "expr_parse": {"en": "{what}, found {found} at column {col} in {text!r}",
                   "fr": "{what} en colonne {col} de {text!r} (trouvé : {found})"},
    "expr_the_end": {"en": "the end", "fr": "la fin"},
    "expr_expected": {"en": "expected {value!r}", "fr": "{value!r} est attendu"},
    "expr_expected_end": {"en": "expected the end of the expression",
                          "fr": "la fin de l'expression est attendue"},
    "expr_nested": {"en": "the expression is nested too deeply (more than {limit} levels, the "
                          "limit)",
                    "fr": "l'expression est trop imbriquée (plus de {limit} niveaux, la "
                          "limite)"},
    "expr_attribute": {"en": "expected an attribute name after '.'",
                       "fr": "un nom d'attribut est attendu après '.'"},
    "expr_value": {"en": "expected a value", "fr": "une valeur est attendue"},
    "unknown_function": {"en": "unknown function {name!r} in {text!r}{close} (known: {known})",
                         "fr": "fonction inconnue {name!r} dans {text!r}{close} (fonctions "
                               "connues : {known})"},
    "function_arguments": {"en": "{name}() takes {want} {word}, got {n} in {text!r}",
                           "fr": "{name}() prend {want} {word}, pas {n}, dans {text!r}"},
    "arguments_span": {"en": "{lo} to {hi}", "fr": "de {lo} à {hi}"},
    "unknown_name": {"en": "unknown name {name!r} in {text!r}{close}",
                     "fr": "nom inconnu {name!r} dans {text!r}{close}"},
    "expr_too_deep": {"en": "the expression is nested too deeply: {start!r}...",
                      "fr": "l'expression est trop imbriquée : {start!r}..."},
    "expr_not_text": {"en": "expected an expression (text or number), got {v!r}",
                      "fr": "il faut ici une expression (texte ou nombre), pas {v!r}"},
    "expr_empty": {"en": "empty expression", "fr": "l'expression est vide"},
    # expressions, as they are computed during play
    "work_limit": {"en": "the expressions went through more than {limit} items in one move (the "
                         "limit): a loop in the ruleset?",
                   "fr": "les expressions ont parcouru plus de {limit} éléments en un coup (la "
                         "limite) : une boucle dans les règles ?"},
    "number_limit": {"en": "a number passed {limit} (the limit) in {text!r}",
                     "fr": "un nombre a dépassé {limit} (la limite) dans {text!r}"},
    "expected_number": {"en": "{text!r}: expected a number, got {v!r}",
                        "fr": "{text!r} : il faut un nombre, pas {v!r}"},
    "no_attribute": {"en": "{v!r} has no attribute {name!r}",
                     "fr": "{v!r} n'a pas d'attribut {name!r}"},
    "index_not_number": {"en": "index {i!r} is not a number",
                         "fr": "l'indice {i!r} n'est pas un nombre"},
    "not_indexable": {"en": "{v!r} cannot be indexed",
                      "fr": "{v!r} ne se lit pas par indice"},
    "min_max_types": {"en": "min/max need numbers or texts, got {items!r} (for cards, use e.g. "
                            "max(hand.value))",
                      "fr": "min/max demandent des nombres ou des textes, pas {items!r} (pour "
                            "des cartes, écrivez par exemple max(hand.value))"},
    "highest_types": {"en": "highest/lowest need numbers or texts to compare, got {a!r} and "
                            "{b!r}",
                      "fr": "highest/lowest comparent des nombres ou des textes, pas {a!r} et "
                            "{b!r}"},
    # sort() and range() (issue 30, the small words)
    "sort_types": {"en": "sort needs keys of one kind to compare (numbers, or texts), got "
                         "{items!r} (for cards, sort by an attribute: sort(hand, it.rank))",
                   "fr": "sort compare des clés d'une même sorte (des nombres, ou des textes), "
                         "pas {items!r} (pour des cartes, triez par un attribut : "
                         "sort(hand, it.rank))"},
    "mapping_key": {"en": "a mapping's key must be a single value (a number, a text, a card, "
                          "true/false), not {key}: write {{\"red\": \"R\"}}[w]",
                    "fr": "la clé d'un dictionnaire doit être une valeur simple (un nombre, un "
                          "texte, une carte, vrai/faux), pas {key} : écrivez "
                          "{{\"red\": \"R\"}}[w]"},
    # the outer item named: filter(hand, c -> count(table, it.rank == c.rank) > 0)
    "arrow_name": {"en": "{name!r} cannot name an item in {text!r}: write a new name of your "
                         "own before '->' (not it, not a name of the game): filter(hand, c -> "
                         "count(table, it.rank == c.rank) > 0)",
                   "fr": "{name!r} ne peut pas nommer un élément dans {text!r} : écrivez avant "
                         "'->' un nom à vous (ni it, ni un nom du jeu) : filter(hand, c -> "
                         "count(table, it.rank == c.rank) > 0)"},
    "arrow_place": {"en": "'name ->' names the item of a per-item argument (the second of "
                          "count, filter, map, sum, any, all, distinct, take_while, highest, "
                          "lowest, sort), not an argument of {name}() in {text!r}",
                    "fr": "'nom ->' nomme l'élément d'un argument par élément (le deuxième de "
                          "count, filter, map, sum, any, all, distinct, take_while, highest, "
                          "lowest, sort), pas un argument de {name}() dans {text!r}"},
    "range_limit": {"en": "range({lo}, {hi}) would give more than {limit} numbers (the limit)",
                    "fr": "range({lo}, {hi}) donnerait plus de {limit} nombres (la limite)"},
    "text_limit": {"en": "a text grew past {limit} characters (the limit)",
                   "fr": "un texte a dépassé {limit} caractères (la limite)"},
    "list_limit": {"en": "a list grew past {limit} items (the limit) in {text!r}",
                   "fr": "une liste a dépassé {limit} éléments (la limite) dans {text!r}"},
    "division_zero": {"en": "division by zero in {text!r}",
                      "fr": "division par zéro dans {text!r}"},
    "lists_limit": {"en": "{what} would make more than {limit} lists (the limit)",
                    "fr": "{what} ferait plus de {limit} listes (la limite)"},
    "permutations_of": {"en": "permutations() of {n} items",
                        "fr": "permutations() de {n} éléments"},
    "combinations_of": {"en": "combinations() of {k} among {n} items",
                        "fr": "combinations() de {k} parmi {n} éléments"},
    # the limits met during play (moves.py, listing.py, effects.py, codegen.py)
    "bindings_limit": {"en": "the move {id!r} could be played in more than {limit} ways (the "
                             "limit): narrow its arguments",
                       "fr": "le coup {id!r} pourrait se jouer de plus de {limit} façons (la "
                             "limite) : restreignez ses arguments"},
    "argument_not_card": {"en": "the argument {name!r} must be drawn from cards, got {x!r}",
                          "fr": "l'argument {name!r} doit être choisi parmi des cartes, et "
                                "non {x!r}"},
    "card_sets_limit": {"en": "the argument {name!r} could take {ways} sets of cards ({lo} to "
                              "{hi} of {n}), more than {limit} (the limit): lower its max, or "
                              "narrow its where",
                        "fr": "l'argument {name!r} pourrait prendre {ways} ensembles de cartes "
                              "(de {lo} à {hi} parmi {n}), plus de {limit} (la limite) : baissez "
                              "son max, ou restreignez son where"},
    "for_each_limit": {"en": "for_each would leave more than {limit} blocks waiting to run (the "
                             "limit): {n} items",
                       "fr": "for_each laisserait plus de {limit} blocs en attente (la limite) : "
                             "{n} éléments"},
    "at_position": {"en": "at must give a position counted from 1 (the top of a pile, the left "
                          "of a row), got {got}",
                    "fr": "at doit donner une position comptée à partir de 1 (le dessus d'une "
                          "pile, la gauche d'une rangée), pas {got}"},
    "steps_limit": {"en": "the effects ran more than {limit} steps in one move (the limit): a "
                          "loop in the ruleset (a procedure or hook that calls itself?)",
                    "fr": "les effets ont exécuté plus de {limit} étapes en un coup (la limite) : "
                          "une boucle dans les règles (une procédure ou un hook qui s'appelle "
                          "lui-même ?)"},
    # a ruleset's mistake met during play (base.State._bug)
    "play_mistake": {"en": "{doing}: {detail} (a mistake in the ruleset{undone})",
                     "fr": "{doing} : {detail} (une erreur dans les règles{undone})"},
    "play_undone": {"en": "; the move was not played", "fr": " ; le coup n'a pas été joué"},
    "doing_playing": {"en": "while playing {move!r}", "fr": "en jouant {move!r}"},
    "doing_listing": {"en": "while listing the legal moves", "fr": "en listant les coups permis"},
    "doing_hints": {"en": "while listing the moves' hints",
                    "fr": "en listant les indications des coups"},
    "doing_setup": {"en": "while setting up the game", "fr": "en mettant la partie en place"},
    "doing_reason": {"en": "while writing why the game ended",
                     "fr": "en écrivant pourquoi la partie a pris fin"},
    "doing_view": {"en": "while computing the view", "fr": "en calculant la vue (view)"},
    "doing_bot": {"en": "while listing the answers a bot weighs",
                  "fr": "en listant les réponses qu'un bot envisage"},
    "mark_false": {"en": "a mark says {card}'s {key} is {said!r}, but it is {real!r}: a mark "
                         "that names a card's attribute must say it truly (name a note "
                         "otherwise, e.g. hint_{key})",
                   "fr": "une marque dit que {key} de {card} vaut {said!r}, mais elle vaut "
                         "{real!r} : une marque qui nomme un attribut de la carte doit dire "
                         "vrai (sinon nommez une note, par exemple hint_{key})"},
    "mark_seats": {"en": "mark's seats gave {v!r}, not a seat or a list of seats",
                   "fr": "seats de mark a donné {v!r}, et non une place ou une liste de places"},
    "mark_nothing": {"en": "mark needs at least one name in what (what: {{colour: red}})",
                     "fr": "mark demande au moins un nom dans what (what: {{colour: red}})"},
    "play_endless": {"en": "an expression or effect calls itself without end",
                     "fr": "une expression ou un effet s'appelle lui-même sans fin"},
    "play_memory": {"en": "it needs more memory than there is",
                    "fr": "il faudrait plus de mémoire qu'il n'y en a"},
    # the bots' use of evaluate (bots/__init__.py)
    "evaluate_call": {"en": "evaluate cannot call {name}()",
                      "fr": "evaluate ne peut pas appeler {name}()"},
    "evaluate_number": {"en": "the ruleset's evaluate gave {v!r}, not a number",
                        "fr": "evaluate a donné {v!r} au lieu d'un nombre"},
    # tabletop new (starter.py)
    "starter_name": {"en": "{name!r} cannot name a game: use letters and digits, e.g. tabletop "
                           "new 'My Game'",
                     "fr": "{name!r} ne peut pas servir de nom de jeu : utilisez des lettres "
                           "et des chiffres, par exemple tabletop new 'Mon Jeu'"},
    "starter_exists": {"en": "{path} is already there: choose another name, or move that file",
                       "fr": "{path} existe déjà : choisissez un autre nom, ou déplacez ce "
                             "fichier"},
    # tabletop simulate (simulate.py)
    "simulate_worker_signal": {"en": "its worker was stopped by {signal} each time",
                               "fr": "son processus a été arrêté par {signal} à chaque fois"},
    "simulate_worker_exit": {"en": "its worker ended (exit code {code}) each time",
                             "fr": "son processus s'est terminé (code {code}) à chaque fois"},
    "simulate_answer_seat": {"en": "{move}: whom", "fr": "{move} : qui"},
    "simulate_answer_value": {"en": "{move}: which", "fr": "{move} : lequel"},
    "simulate_memory": {"en": "a game ran out of memory: a mistake in the ruleset",
                        "fr": "une partie a manqué de mémoire : une erreur dans les règles"},
    "simulate_depth": {"en": "a game ran out of nesting depth: a mistake in the ruleset",
                       "fr": "une partie s'est imbriquée trop profondément : une erreur dans "
                             "les règles"},
    # tabletop check (checker.py)
    "check_loaded": {"en": "{path}: loaded - {name}, {summary}",
                     "fr": "{path} : chargé - {name}, {summary}"},
    "check_summary": {"en": "{cards} {card_word}, {moves} {move_word}, {span} {player_word}",
                      "fr": "{cards} {card_word}, {moves} {move_word}, {span} {player_word}"},
    "check_played": {"en": "played {n} random {game_word} in {seconds} s ({span} {player_word}"
                           "{every})",
                     "fr": "{n} {game_word} au hasard en {seconds} s ({span} {player_word}"
                           "{every})"},
    "check_every_option": {"en": ", every option value in turn",
                           "fr": ", chaque valeur d'option à tour de rôle"},
    "check_lengths": {"en": "; {lo} to {hi} moves, {mid} in the middle game",
                      "fr": " ; de {lo} à {hi} coups, {mid} pour la partie médiane"},
    "check_stopped": {"en": "stopped there: the time budget ran out (--seconds to give more)",
                      "fr": "arrêt ici : le temps accordé est écoulé (--seconds pour en donner "
                            "plus)"},
    "check_problem": {"en": "problem: {message}", "fr": "problème : {message}"},
    "check_seed": {"en": "  seed {seed}, {n} {player_word}{options}",
                   "fr": "  graine {seed}, {n} {player_word}{options}"},
    "check_options": {"en": ", options {options}", "fr": ", options {options}"},
    "check_to_see": {"en": "  to see it: {command}", "fr": "  pour le voir : {command}"},
    "check_then": {"en": "  then type these {n} {move_word}: {moves}",
                   "fr": "  puis tapez {n} {move_word} : {moves}"},
    "check_no_problem": {"en": "no problem found", "fr": "aucun problème trouvé"},
    "check_setup": {"en": "the game cannot be set up: {error}",
                    "fr": "la partie ne peut pas être mise en place : {error}"},
    "check_start": {"en": "no move is legal at the start, and the game is not over",
                    "fr": "aucun coup n'est permis au départ, et la partie n'est pas finie"},
    "check_stuck": {"en": "nobody can move after {n} {move_word}, and the game is not over",
                    "fr": "personne ne peut jouer après {n} {move_word}, et la partie n'est pas "
                          "finie"},
    # a leak of hidden information: what a seat is shown changed when the cards it cannot see
    # were dealt again
    "check_leak": {"en": "player {seat} is shown something that depends on cards they may not "
                         "see ({what} changes when those cards are dealt again): a require, a "
                         "where, a hint, a prompt, a log line or a view reads a hidden card",
                   "fr": "le joueur {seat} voit quelque chose qui dépend de cartes qu'il ne doit "
                         "pas voir ({what} change quand on redistribue ces cartes) : un require, "
                         "un where, un hint, un prompt, une ligne du journal ou une vue lit une "
                         "carte cachée"},
    "check_endless": {"en": "a game was not over after {n} moves, and max_moves ({max}) is "
                            "far off: random play may never finish it (check the end rules, "
                            "or lower max_moves)",
                      "fr": "une partie n'était pas finie après {n} coups, et max_moves ({max}) "
                            "est loin : jouée au hasard, elle risque de ne jamais finir "
                            "(revoyez les règles de fin, ou baissez max_moves)"},
    "check_endless_time": {"en": "a game was not over after {n} moves in {seconds} s, half of "
                                 "the time budget, and max_moves is {max}: random play may "
                                 "never finish it (check the end rules, or lower max_moves)",
                           "fr": "une partie n'était pas finie après {n} coups en {seconds} s, "
                                 "la moitié du temps accordé, et max_moves vaut {max} : jouée "
                                 "au hasard, elle risque de ne jamais finir (revoyez les "
                                 "règles de fin, ou baissez max_moves)"},
    "check_limit": {"en": "the game reached max_moves ({n}) without ending: random play never "
                          "finishes it (raise max_moves, or check the end rules)",
                    "fr": "la partie a atteint max_moves ({n}) sans finir : jouée au hasard, "
                          "elle ne se termine jamais (augmentez max_moves, ou revoyez les règles "
                          "de fin)"},
    "check_winners": {"en": "the outcome {name!r} names winners that are not seats: {bad}",
                      "fr": "l'issue {name!r} désigne des gagnants qui ne sont pas des places : "
                            "{bad}"},
    "check_score": {"en": "a score of {score} is outside score_bounds {bounds}",
                    "fr": "un score de {score} sort de score_bounds {bounds}"},
    # how many play a game, after "is played by" / « se joue » (player_span)
    "player_span_one": {"en": "{n} {word}", "fr": "à {n} {word}"},
    "player_span": {"en": "{lo} to {hi} {word}", "fr": "de {lo} à {hi} {word}"},
})

# words counted in the reports of `tabletop check`: (one, several) in each language
_WORDS = {
    "card": {"en": ("card", "cards"), "fr": ("carte", "cartes")},
    "move": {"en": ("move", "moves"), "fr": ("coup", "coups")},
    "player": {"en": ("player", "players"), "fr": ("joueur", "joueurs")},
    "game": {"en": ("game", "games"), "fr": ("partie jouée", "parties jouées")},
    "process": {"en": ("process", "processes"), "fr": ("processus", "processus")},
    "deal": {"en": ("deal undecided", "deals undecided"),
             "fr": ("donne non tranchée", "donnes non tranchées")},
    "argument": {"en": ("argument", "arguments"), "fr": ("argument", "arguments")},
    "finished": {"en": ("finished game", "finished games"),
                 "fr": ("partie finie", "parties finies")},
    "save_removed": {"en": ("save removed", "saves removed"),
                     "fr": ("sauvegarde supprimée", "sauvegardes supprimées")},
}

# PyYAML's usual complaints (its problem text), said in French; others are left as PyYAML
# writes them
_YAML_PROBLEMS_FR = {
    "mapping values are not allowed here": "un « : » est de trop ici (une valeur qui contient "
                                           "« : » s'écrit entre guillemets)",
    "could not find expected ':'": "il manque un « : » (écrivez clé: valeur)",
    "found character '\\t' that cannot start any token": "une tabulation ne peut pas indenter "
                                                          "du YAML ; indentez avec des espaces",
    "found unexpected end of stream": "le fichier s'arrête avant la fin d'une valeur (un "
                                      "guillemet ou un crochet non fermé ?)",
    "found unexpected ':'": "un « : » inattendu",
    "did not find expected ',' or '}'": "il manque une « , » ou une « } » (une accolade non "
                                         "fermée ?)",
    "did not find expected ',' or ']'": "il manque une « , » ou un « ] » (un crochet non "
                                         "fermé ?)",
    "did not find expected key": "une clé est attendue ici (l'indentation est-elle la même "
                                 "que celle des lignes voisines ?)",
    "did not find expected node content": "une valeur est attendue ici",
    "did not find expected '-' indicator": "un « - » est attendu ici (l'élément d'une liste "
                                           "est-il bien indenté ?)",
    "found character that cannot start any token": "un caractère ne peut pas commencer une "
                                                   "valeur ici (une tabulation ? indentez avec "
                                                   "des espaces ; sinon, mettez la valeur entre "
                                                   "guillemets)",
    "mapping values are not allowed in this context": "un « : » est de trop ici (une clé sans "
                                                      "son « : » juste avant ?)",
    "found unknown escape character": "un caractère d'échappement inconnu (\\) dans un texte "
                                      "entre guillemets doubles",
    "expected <block end>, but found": "l'indentation ne suit pas celle des lignes au-dessus",
    "found undefined alias": "un alias (*nom) sans ancre (&nom) qui le définisse",
    "found duplicate anchor; first occurrence": "une ancre (&nom) définie deux fois",
}


def yaml_problem(problem: str) -> Langs:
    """PyYAML's complaint, in French where it is a usual one."""
    fr = _YAML_PROBLEMS_FR.get(problem)
    if fr is None:
        for en, said in _YAML_PROBLEMS_FR.items():
            if problem.startswith(en):
                fr = f"{said} ({problem})"
                break
    return Langs(en=problem, fr=fr or problem)


def os_why(e: OSError | UnicodeDecodeError) -> Langs:
    """Why a file cannot be read or written, in each language (the system's words are
    English: the usual reasons are said in French, the others by their errno name)."""
    import errno

    if isinstance(e, UnicodeDecodeError):
        return Langs(en=f"not UTF-8 text ({e.reason} at byte {e.start})",
                     fr=f"ce n'est pas du texte UTF-8 (octet {e.start} illisible)")
    fr = {errno.ENOENT: "ce fichier n'existe pas", errno.EACCES: "permission refusée",
          errno.EISDIR: "c'est un dossier", errno.ENOTDIR: "un dossier du chemin n'en est pas un",
          errno.ENAMETOOLONG: "le nom est trop long", errno.ELOOP: "trop de liens symboliques",
          errno.EPERM: "opération interdite", errno.EROFS: "le disque est en lecture seule",
          errno.ENOSPC: "le disque est plein"}
    name = errno.errorcode.get(e.errno or 0, "")
    return Langs(en=str(e.strerror or e), fr=fr.get(e.errno or 0)
                 or f"le système refuse ({name or 'erreur inconnue'})")


def player_span(lo: int, hi: int) -> dict[str, str]:
    """How many play a game, after "is played by" / « se joue » in each language: "2 to 4
    players", « de 2 à 4 joueurs », "1 player", « à 1 joueur »."""
    word = counted(hi, "player")
    if lo == hi:
        return said("player_span_one", n=lo, word=word)
    return said("player_span", lo=lo, hi=hi, word=word)


def counted(n: int, word: str) -> Langs:
    """``word`` ("card", "move", "player", "game") as it reads after the number ``n``."""
    return Langs({lang: forms[0] if n == 1 or (lang == "fr" and n == 0) else forms[1]
                  for lang, forms in _WORDS[word].items()})


def number(x: float, lang: str, digits: int | None = None, sign: bool = False) -> str:
    """A number as a table in ``lang`` writes it: ``digits`` after the point (None: a whole
    number as is, else as short as it goes), thousands grouped; in French a decimal comma and
    narrow spaces (1 234,5), in English 1,234.5. ``sign`` writes + before a positive number."""
    plus = "+" if sign else ""
    if digits is None:
        text = f"{x:{plus},}" if isinstance(x, int) or float(x).is_integer() else f"{x:{plus}g}"
        if isinstance(x, float) and x.is_integer():
            text = f"{int(x):{plus},}"
    else:
        text = f"{x:{plus},.{digits}f}"
    if lang == "fr":
        return text.replace(",", "\u202f").replace(".", ",")
    return text


def percent(fraction: float, lang: str, digits: int = 1, sign: bool = False) -> str:
    """A share as a percentage: 37.0% in English, 37,0 % in French (a space before %, not
    broken)."""
    return number(100 * fraction, lang, digits, sign) + ("\u00a0%" if lang == "fr" else "%")


def ruleset_texts(key: str, /, **kw: Any) -> dict[str, str]:
    """A message of the catalogue in every language; a ``Langs`` value is itself per
    language, and an error given as a value is said in each language it has."""
    return RULESET_MESSAGES.texts(key, **kw)


def said(key: str, /, **kw: Any) -> Langs:
    """A message of the catalogue as a value of another one."""
    return RULESET_MESSAGES.said(key, **kw)


def ruleset_error(cls: type[_E], key: str, /, **kw: Any) -> _E:
    """An error (an ExpressionError...) whose message is ``key``, in every language."""
    return RULESET_MESSAGES.error(cls, key, **kw)


def kind_of(v: Any) -> Langs:
    """What a value is, as a message says it after "got"."""
    if v is None:
        return said("kind_nothing")
    if type(v) is dict:
        return said("kind_mapping")
    if type(v) is list:
        return said("kind_list")
    if type(v) is str:
        return said("kind_text", v=v)
    if type(v) is bool:
        return said("kind_bool", v=v)
    if type(v) in (int, float):
        return said("kind_number", v=v)
    return said("kind_other", name=type(v).__name__)


__all__ = ["RULESET_MESSAGES", "counted", "kind_of",
           "ruleset_error", "ruleset_texts", "said", "yaml_problem"]
