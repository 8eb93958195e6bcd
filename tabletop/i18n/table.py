"""The words of the tables and the command line, in the catalogue shape of
tabletop/i18n/catalogue.py.
Card names and texts come from the rulesets; everything the table itself says comes from
here."""

from __future__ import annotations

import locale
import os

from tabletop.i18n.catalogue import LANGS, Catalogue

TABLE_MESSAGES = Catalogue({
    "list_title": {"en": "tabletop games", "fr": "Les jeux de tabletop"},
    "list_players": {"en": "players", "fr": "joueurs"},
    "list_description": {"en": "description", "fr": "description"},
    "list_cannot_load": {"en": "cannot load: {error}", "fr": "illisible : {error}"},
    "turn_of": {"en": "{name} to decide", "fr": "À {name} de décider"},
    "moves": {"en": "Your moves", "fr": "Vos coups"},
    "prompt": {"en": "Move (number or notation; help, rules, save, quit)",
               "fr": "Coup (numéro ou notation ; aide, règles, sauver, quitter)"},
    "empty": {"en": "Type a move: its number (1-{n}) or its notation, e.g. '{example}'.",
              "fr": "Tapez un coup : son numéro (1-{n}) ou sa notation, par ex. « {example} »."},
    "bad_number": {"en": "There is no move {n}; the moves are numbered 1 to {count}.",
                   "fr": "Il n'y a pas de coup {n} ; les coups sont numérotés de 1 à {count}."},
    "hint": {"en": "Hint: {move} (estimated chance to win: {chance}%)",
             "fr": "Indice : {move} (chance de gagner estimée : {chance} %)"},
    "hint_unsure": {"en": "Hint: {move} (the search could not yet tell the chance to win)",
                    "fr": "Indice : {move} (la recherche ne sait pas encore estimer la chance de "
                          "gagner)"},
    "hint_solo": {"en": "Hints are given in solo games only.",
                  "fr": "Les indices ne sont donnés que dans les jeux en solo."},
    "hint_none": {"en": "No hint here: {error}", "fr": "Pas d'indice ici : {error}"},
    "help_title": {"en": "How to play", "fr": "Comment jouer"},
    "help_body": {"en": "Type the number of a move, or its notation as listed. 'rules' shows the "
                        "rules page, 'save' saves the game, 'quit' saves and leaves, 'board' or "
                        "an empty line shows the board again, 'help' shows this.",
                  "fr": "Tapez le numéro d'un coup, ou sa notation telle qu'affichée (les mots "
                        "anglais sont aussi compris). « règles » affiche les règles, « sauver » "
                        "sauvegarde, « quitter » sauvegarde et quitte, « plateau » ou une ligne "
                        "vide réaffiche le plateau, « aide » affiche cette aide."},
    "notation": {"en": "Notation of {game}:", "fr": "Notation de {game} :"},
    "saved": {"en": "Game saved to {path}. Resume with: tabletop play --load {path}",
              "fr": "Partie sauvegardée dans {path}. Pour reprendre : tabletop play --load {path}"},
    "save_failed": {"en": "Could not save the game to {path} ({error}).",
                    "fr": "Impossible de sauvegarder la partie dans {path} ({error})."},
    "save_in_use": {"en": "{path} is in use by another table (a game is saved to one file at a "
                          "time); this game must be saved to another file.",
                    "fr": "{path} est utilisé par une autre table (une partie se sauvegarde dans "
                          "un fichier à la fois) ; cette partie doit être sauvegardée dans un "
                          "autre fichier."},
    "save_not_regular": {"en": "Could not save the game to {path}: it is not a regular file (a "
                               "device or a pipe), and it is never replaced.",
                         "fr": "Impossible de sauvegarder la partie dans {path} : ce n'est pas un "
                               "fichier ordinaire (un périphérique ou un tube), et il n'est "
                               "jamais remplacé."},
    "save_is_folder": {"en": "Could not save the game to {path}: it is a folder.",
                       "fr": "Impossible de sauvegarder la partie dans {path} : c'est un dossier."},
    "bye": {"en": "Leaving the table.", "fr": "Vous quittez la table."},
    "help_card": {"en": "'card NAME' shows a card's whole text (a card you can see now), e.g. "
                        "'card {example}'.",
                  "fr": "« carte NOM » affiche le texte entier d'une carte (une carte que vous "
                        "voyez), par exemple « carte {example} »."},
    "card_which": {"en": "Type 'card' and the name of a card you can see, e.g. 'card {example}'.",
                   "fr": "Tapez « carte » et le nom d'une carte que vous voyez, par exemple « "
                         "carte {example} »."},
    "card_unseen": {"en": "{card!r} is not a card you can see now; type 'card' and the name of "
                          "one on your screen.",
                    "fr": "« {card} » n'est pas une carte que vous voyez ; tapez « carte » et le "
                          "nom d'une carte à l'écran."},
    "card_no_text": {"en": "(no text: it does what its name and value say)",
                     "fr": "(sans texte : elle fait ce que disent son nom et sa valeur)"},
    "bad_number_one": {"en": "There is no move {n}; the only move is 1.",
                       "fr": "Il n'y a pas de coup {n} ; le seul coup est le 1."},
    "back_to_board": {"en": "Press Enter to see the board again (or type your move).",
                      "fr": "Appuyez sur Entrée pour revoir le plateau (ou tapez votre coup)."},
    "since": {"en": "Since your last turn: {events}", "fr": "Depuis votre dernier tour : {events}"},
    "since_none": {"en": "Since your last turn: nothing you may see happened.",
                   "fr": "Depuis votre dernier tour : rien que vous puissiez voir."},
    "learned": {"en": "You just saw: {events}", "fr": "Vous venez de voir : {events}"},
    "learned_ok": {"en": "Press Enter to hide the board before passing on.",
                   "fr": "Appuyez sur Entrée pour cacher le plateau avant de passer la main."},
    "bot_quiet": {"en": "{name} ({bot}) played.", "fr": "{name} ({bot}) a joué."},
    "typed_cut": {"en": "{text}… ({n} characters)", "fr": "{text}… ({n} caractères)"},
    "save_where": {"en": "Type another file to save the game to (Enter: play on unsaved):",
                   "fr": "Tapez un autre fichier où sauvegarder la partie (Entrée : jouer sans "
                         "sauvegarder) :"},
    "save_skipped": {"en": "Playing on without saving; 'quit' will ask before leaving.",
                     "fr": "La partie continue sans sauvegarde ; « quitter » demandera avant de "
                           "partir."},
    "leave_unsaved": {"en": "The game is not saved. Leave anyway? (yes, no, or a file to save to):",
                      "fr": "La partie n'est pas sauvegardée. Partir quand même ? (oui, non, ou "
                            "un fichier où la sauvegarder) :"},
    "curtain": {"en": "Pass to {name} - press Enter", "fr": "Passez à {name} - appuyez sur Entrée"},
    # a reaction window (choose with seats: and window: first) asked of several people at
    # once on the shared screen (ui/terminal.py, Table.ask_window)
    "curtain_window": {"en": "Show the screen to {names} - press Enter",
                       "fr": "Montrez l'écran à {names} - appuyez sur Entrée"},
    "window_question": {"en": "Does anyone take it?", "fr": "Quelqu'un le prend-il ?"},
    "window_ask": {"en": "{q} {names}: type the name of who does (or Enter for nobody).",
                   "fr": "{q} {names} : tapez le nom de qui le fait (ou Entrée pour "
                         "personne)."},
    "window_ask_which": {"en": "{q} {names}: type the name of who does and the answer "
                               "({answers}), or Enter for nobody.",
                         "fr": "{q} {names} : tapez le nom de qui le fait et sa réponse "
                               "({answers}), ou Entrée pour personne."},
    "window_not_named": {"en": "{text!r} names none of {names}: start with one of those names, "
                               "or press Enter for nobody.",
                         "fr": "« {text} » ne nomme personne parmi {names} : commencez par l'un "
                               "de ces noms, ou appuyez sur Entrée pour personne."},
    "window_which": {"en": "{name} answers what? Type {name} then one of: {answers}.",
                     "fr": "Que répond {name} ? Tapez {name} puis l'une de ces réponses : "
                           "{answers}."},
    "window_nobody": {"en": "Nobody takes it.", "fr": "Personne ne le prend."},
    "window_named": {"en": "{name}: {answer}.", "fr": "{name} : {answer}."},
    "curtain_eof": {"en": "No more input; the game is saved.",
                    "fr": "Plus d'entrée ; la partie est sauvegardée."},
    "over": {"en": "Game over", "fr": "Partie terminée"},
    "won": {"en": "{names} won.", "fr": "{names} a gagné."},
    "won_many": {"en": "{names} won.", "fr": "{names} ont gagné."},
    "lost": {"en": "{names} lost.", "fr": "{names} a perdu."},
    "nobody_won": {"en": "Nobody won.", "fr": "Personne n'a gagné."},
    "you_won": {"en": "You won!", "fr": "Vous avez gagné !"},
    "you_lost": {"en": "You lost.", "fr": "Vous avez perdu."},
    "score": {"en": "Score", "fr": "Score"},
    "scores": {"en": "Scores", "fr": "Scores"},
    "reason": {"en": "Why", "fr": "Pourquoi"},
    "replay": {"en": "Replay this game: {command}", "fr": "Rejouer cette partie : {command}"},
    "log": {"en": "Last moves", "fr": "Derniers coups"},
    "bot_moved": {"en": "{name} ({bot}) played: {move}", "fr": "{name} ({bot}) a joué : {move}"},
    "bot_answered": {"en": "{name} ({bot}) answered: {move}",
                     "fr": "{name} ({bot}) a répondu : {move}"},
    "options": {"en": "Options", "fr": "Options"},
    "options_in_play": {"en": "Options of this game (tabletop rules {game} explains them)",
                        "fr": "Options de cette partie (tabletop rules {game} --lang fr les "
                              "explique)"},
    "bot_random": {"en": "random bot", "fr": "robot au hasard"},
    "bot_greedy": {"en": "greedy bot", "fr": "robot glouton"},
    "bot_mcts": {"en": "MCTS bot", "fr": "robot MCTS"},
    "bot_expert": {"en": "expert bot", "fr": "robot expert"},
    "thinking": {"en": "{name} ({bot}) is thinking…", "fr": "{name} ({bot}) réfléchit…"},
    "seat": {"en": "Seat", "fr": "Place"},
    "question": {"en": "{name}, {prompt}", "fr": "{name}, {prompt}"},
    "decide": {"en": "{name}: decide", "fr": "{name} : à vous"},
    "no_rules": {"en": "No rules page is shipped for {game}.",
                 "fr": "Aucune page de règles n'est fournie pour {game}."},
    "no_rules_own": {"en": "A ruleset gives its own with a rules: text, or a Markdown file "
                           "beside it (my-game.md, my-game.fr.md).",
                     "fr": "Un fichier de règles donne la sienne avec un texte rules:, ou un "
                           "fichier Markdown à côté de lui (mon-jeu.md, mon-jeu.fr.md)."},
    "players": {"en": "players", "fr": "joueurs"},
    "game": {"en": "Game", "fr": "Jeu"},
    "description": {"en": "Description", "fr": "Description"},
    "page_in_english": {"en": "",
                        "fr": "Cette page n'existe pas encore en français ; la voici en anglais."},
    "more": {"en": "-- more: Enter for the next page, q to go back to the game --",
             "fr": "-- suite : Entrée pour la page suivante, q pour revenir à la partie --"},
    "ruleset_bug": {"en": "The ruleset has a mistake, so that move cannot be played (it was "
                          "undone): {error}",
                    "fr": "Les règles du jeu ont une erreur, ce coup ne peut pas être joué (il a "
                          "été annulé) : {error}"},
    "stuck": {"en": "Nobody has a legal move, yet the game is not over: the ruleset is stuck. The "
                    "game is saved; check the ruleset with: tabletop check FILE",
              "fr": "Personne n'a de coup permis, mais la partie n'est pas finie : les règles "
                    "sont bloquées. La partie est sauvegardée ; vérifiez-les avec : tabletop "
                    "check FICHIER"},
    # tabletop simulate
    "sim_title": {"en": "{game}: {games} games, {players} {player_word}, seed {seed}",
                  "fr": "{game} : {games} parties, {players} {player_word}, graine {seed}"},
    "sim_setup": {"en": "Options: {options}. Seats: {seats}.",
                  "fr": "Options : {options}. Sièges : {seats}."},
    "sim_playing": {"en": "Playing", "fr": "Parties"},
    "sim_answer": {"en": "answer {var}", "fr": "réponse {var}"},
    "sim_answer_value": {"en": "answer {var}: {value}", "fr": "réponse {var} : {value}"},
    "sim_answer_pass": {"en": "pass {var}", "fr": "passer {var}"},
    "sim_unfinished": {"en": "Games that did not end within {moves} moves or {seconds} s: {n}, "
                             "stopped and left out of the figures below. The first: {first}.",
                       "fr": "Parties non finies en {moves} coups ou {seconds} s : {n}, arrêtées "
                             "et laissées hors des chiffres ci-dessous. La première : {first}."},
    "sim_unfinished_one": {"en": "game {game} (seed {seed}, {moves} moves)",
                           "fr": "partie {game} (graine {seed}, {moves} coups)"},
    "sim_missing": {"en": "Games {first} to {last}{run} were not played: {why}; the figures leave "
                          "them out.",
                    "fr": "Les parties {first} à {last}{run} n'ont pas été jouées : {why} ; les "
                          "chiffres les laissent de côté."},
    "sim_speed": {"en": "{rate} games/s", "fr": "{rate} parties/s"},
    "sim_nothing": {"en": "Stopped before any game was played: nothing to report.",
                    "fr": "Arrêté avant la fin d'une partie : rien à dire."},
    "sim_stopped": {"en": "Stopped after {done} of {total} games: the figures are those of the "
                          "games played.",
                    "fr": "Arrêté après {done} parties sur {total} : les chiffres sont ceux des "
                          "parties jouées."},
    "sim_done": {"en": "{games} games in {seconds} s ({rate} games/s, {where}).",
                 "fr": "{games} parties en {seconds} s ({rate} parties/s, {where})."},
    "sim_on_workers": {"en": "{n} {process_word}", "fr": "{n} {process_word}"},
    "sim_on_cluster": {"en": "cluster {address}", "fr": "grappe {address}"},
    "sim_seed": {"en": "The seed was drawn: --seed {seed} plays the same games again.",
                 "fr": "La graine a été tirée : --seed {seed} rejoue les mêmes parties."},
    "sim_wrote": {"en": "Wrote {path}.", "fr": "Écrit : {path}."},
    "sim_run": {"en": "{option}={value} ({games} games)",
                "fr": "{option}={value} ({games} parties)"},
    "sim_wins": {"en": "Wins, with 95% intervals (a shared win counts for each winner)",
                 "fr": "Victoires, avec intervalles à 95 % (une victoire partagée compte pour "
                       "chaque gagnant)"},
    "sim_seat": {"en": "seat", "fr": "siège"},
    "sim_bot": {"en": "bot", "fr": "robot"},
    "sim_won": {"en": "won", "fr": "gagne"},
    "sim_interval": {"en": "95% interval", "fr": "intervalle 95 %"},
    "sim_place": {"en": "in order", "fr": "ordre"},
    "sim_order_note": {"en": "In order: the seats by their place in the order of play (1st = the "
                             "first to play), whichever seat that was.",
                       "fr": "Ordre : les sièges selon leur place dans l'ordre de jeu (1er = le "
                             "premier à jouer), quel qu'il soit."},
    "sim_draws": {"en": "No winner: {draws} ({draws_ci}). Won by several: {shared} ({shared_ci}).",
                  "fr": "Sans gagnant : {draws} ({draws_ci}). Gagnées à plusieurs : {shared} "
                        "({shared_ci})."},
    "sim_length": {"en": "Game length", "fr": "Durée des parties"},
    "sim_turns": {"en": "turns", "fr": "tours"},
    "sim_moves": {"en": "moves", "fr": "coups"},
    "sim_mean": {"en": "mean", "fr": "moyenne"},
    "sim_median": {"en": "median", "fr": "médiane"},
    "sim_p95": {"en": "95th pct", "fr": "95e cent."},
    "sim_max": {"en": "max", "fr": "max"},
    "sim_min": {"en": "min", "fr": "min"},
    "sim_sd": {"en": "sd", "fr": "éc. type"},
    "sim_scores": {"en": "Scores", "fr": "Scores"},
    "sim_outcomes": {"en": "How games ended", "fr": "Comment les parties ont fini"},
    "sim_outcome": {"en": "outcome", "fr": "fin"},
    "sim_limit": {"en": "move limit reached", "fr": "limite de coups atteinte"},
    "solve_share": {"en": "{game}, {options}: {won} of {decided} deals winnable with perfect "
                          "information",
                    "fr": "{game}, {options} : {won} donnes gagnables sur {decided} en "
                          "connaissant l'ordre des cartes"},
    "solve_interval": {"en": "  {pct}% (95% interval {lo}-{hi}%)",
                       "fr": "  {pct} % (intervalle à 95 % : {lo}-{hi} %)"},
    "solve_undecided_deals": {"en": "  {n} {deals} within {seconds} s each",
                              "fr": "  {n} {deals} en {seconds} s chacune"},
    "solve_median": {"en": "  median time to decide a deal: {median} s",
                     "fr": "  temps médian pour trancher une donne : {median} s"},
    "solve_seed": {"en": "seed {seed}", "fr": "graine {seed}"},
    "solve_deck": {"en": "this deck", "fr": "ce paquet"},
    "solve_undecided": {"en": "{game}, {where}: undecided within {seconds} s (try --seconds)",
                        "fr": "{game}, {where} : non tranchée en {seconds} s (essayez --seconds)"},
    "solve_lost": {"en": "{game}, {where}: cannot be won, whatever you do.",
                   "fr": "{game}, {where} : impossible à gagner, quoi que vous fassiez."},
    "solve_line_scores": {"en": "{game}, {where}: can be won; this line scores {best} (no better "
                                "score was found or ruled out within {seconds} s).",
                          "fr": "{game}, {where} : gagnable ; cette ligne marque {best} (aucun "
                                "meilleur score trouvé ni exclu en {seconds} s)."},
    "solve_best": {"en": "{game}, {where}: can be won; the best score is {best}.",
                   "fr": "{game}, {where} : gagnable ; le meilleur score est {best}."},
    "solve_line": {"en": "A winning line (replay it with tabletop play{replay}):",
                   "fr": "Une ligne gagnante (rejouez-la avec tabletop play{replay}) :"},
    "solve_from_save": {"en": "{game}, from the saved position, playing best from what you see:",
                        "fr": "{game}, depuis la partie sauvegardée, en jouant au mieux avec ce "
                              "que vous voyez :"},
    "solve_to_win": {"en": "{pct}% to win", "fr": "{pct} % de victoire"},
    "solve_wins": {"en": "{game}, {options}: best play wins {pct}% of games",
                   "fr": "{game}, {options} : le meilleur jeu gagne {pct} % des parties"},
    "solve_exact": {"en": "  (exact: every order of the cards and every coin, unseen)",
                    "fr": "  (exact : tous les ordres des cartes et tous les tirages, inconnus)"},
    "solve_solved": {"en": "  solved in {seconds} s, {positions} positions",
                     "fr": "  résolu en {seconds} s, {positions} positions"},
    "solve_cached": {"en": "  read from the cache; solved in {seconds} s, {positions} positions",
                     "fr": "  lu dans le cache ; résolu en {seconds} s, {positions} positions"},
    "solve_resumed": {"en": "  went on from {kept} positions kept by an earlier run",
                      "fr": "  repris de {kept} positions gardées par un calcul précédent"},
    "solve_status": {"en": "solving (at most {seconds} s; Ctrl-C stops)",
                     "fr": "calcul (au plus {seconds} s ; Ctrl-C arrête)"},
    "solve_status_n": {"en": "solving: {n} positions; Ctrl-C stops and keeps the work",
                       "fr": "calcul : {n} positions ; Ctrl-C arrête et garde le travail"},
    "solve_status_kept": {"en": "solving: {n} positions, {kept} from before; Ctrl-C stops and "
                                "keeps them",
                          "fr": "calcul : {n} positions, {kept} reprises ; Ctrl-C arrête et les "
                                "garde"},
    "solve_bar": {"en": "solving", "fr": "calcul"},
    "solve_no_options": {"en": "no options", "fr": "sans option"},
    "solve_not_solo": {"en": "{game} is not a solo game: the solver plays only games of one player",
                       "fr": "{game} n'est pas un jeu solo : le solveur ne joue que les jeux à un "
                             "joueur"},
    "solve_too_hidden": {"en": "{game} hides {n} cards from the player: too many to solve "
                               "exactly; give --seed, --deck or --games",
                         "fr": "{game} cache {n} cartes au joueur : trop pour un calcul exact ; "
                               "donnez --seed, --deck ou --games"},
    "solve_position_timeout": {"en": "this position was not solved within {seconds} s; give more "
                                     "--seconds",
                               "fr": "cette position n'a pas été résolue en {seconds} s ; donnez "
                                     "plus de --seconds"},
    "solve_game_timeout": {"en": "{game} was not solved within {seconds} s: the whole game may "
                                 "need far longer (docs/solve.md); --load answers from a saved "
                                 "position late in a game",
                           "fr": "{game} n'a pas été résolu en {seconds} s : la partie entière "
                                 "peut demander bien plus (docs/solve.md) ; --load répond depuis "
                                 "une partie sauvegardée avancée"},
    "solve_game_kept": {"en": "{game} was not solved within {seconds} s; the {kept} positions "
                              "solved so far are kept in {path} ({size}; delete it to free the "
                              "space), and the same command goes on from them (the whole game may "
                              "need hours: docs/solve.md)",
                        "fr": "{game} n'a pas été résolu en {seconds} s ; les {kept} positions "
                              "déjà résolues sont gardées dans {path} ({size} ; supprimez-le pour "
                              "libérer la place), et la même commande repart de là (la partie "
                              "entière peut demander des heures : docs/solve.md)"},
    "solve_game_stopped": {"en": "stopped; the {kept} positions of {game} solved so far are kept "
                                 "in {path} ({size}; delete it to free the space), and the same "
                                 "command goes on from them",
                           "fr": "arrêté ; les {kept} positions de {game} déjà résolues sont "
                                 "gardées dans {path} ({size} ; supprimez-le pour libérer la "
                                 "place), et la même commande repart de là"},
    "sim_games": {"en": "games", "fr": "parties"},
    "sim_example": {"en": "for example", "fr": "par exemple"},
    "sim_move_kinds": {"en": "Moves: how often, and the win rate of the seats that made them",
                       "fr": "Coups : leur fréquence, et les victoires des sièges qui les ont "
                             "joués"},
    "sim_cards": {"en": "Cards: how often played, and the win rate of the seats that played them",
                  "fr": "Cartes : leur fréquence, et les victoires des sièges qui les ont jouées"},
    "sim_per_game": {"en": "a game", "fr": "par partie"},
    "sim_used_by": {"en": "seats", "fr": "sièges"},
    "sim_won_with": {"en": "won", "fr": "gagne"},
    "sim_won_without": {"en": "won without", "fr": "gagne sans"},
    "sim_compare": {"en": "Differences from {option}={base} ({level}% intervals holding together "
                          "over the {tests} figures)",
                    "fr": "Écarts à {option}={base} (intervalles à {level} % tenant ensemble sur "
                          "les {tests} chiffres)"},
    "sim_figure": {"en": "figure", "fr": "chiffre"},
    "sim_cmp_wins": {"en": "seat {seat} wins", "fr": "siège {seat} gagne"},
    "sim_cmp_draws": {"en": "no winner", "fr": "sans gagnant"},
    "sim_cmp_place": {"en": "{place} to play wins", "fr": "{place} à jouer gagne"},
    "sim_cmp_turns": {"en": "turns (mean)", "fr": "tours (moyenne)"},
    "sim_cmp_moves": {"en": "moves (mean)", "fr": "coups (moyenne)"},
    "sim_cmp_score": {"en": "seat {seat} score (mean)", "fr": "score siège {seat} (moy.)"},
    "sim_base": {"en": "from", "fr": "de"},
    "sim_other": {"en": "to", "fr": "à"},
    "sim_difference": {"en": "change", "fr": "écart"},
    "sim_significant": {"en": "real?", "fr": "réel ?"},
    "sim_yes": {"en": "yes", "fr": "oui"},
    "sim_no": {"en": "no", "fr": "non"},
    "sim_compare_note": {"en": "A change is real (significant) when its interval leaves out 0. "
                               "Win rates change in points of percentage.",
                         "fr": "Un écart est réel (significatif) quand son intervalle exclut 0. "
                               "Les taux de victoire changent en points de pourcentage."},
    "cli_players_range": {"en": "--players {arg}: this game is played by {span}",
                          "fr": "--players {arg} : ce jeu se joue {span}"},
    "cli_players_names": {"en": "--players {arg!r}: give a number or names separated by commas, "
                                "with no empty name, e.g. Ana,Ben",
                          "fr": "--players « {arg} » : donnez un nombre ou des noms séparés par "
                                "des virgules, sans nom vide, par exemple Ana,Ben"},
    "cli_players_printable": {"en": "--players {arg!r}: a name holds only printable characters",
                              "fr": "--players « {arg} » : un nom ne contient que des caractères "
                                    "imprimables"},
    "cli_players_letter": {"en": "--players {arg!r}: a name starts with a letter, not {name!r}",
                           "fr": "--players « {arg} » : un nom commence par une lettre, pas par « "
                                 "{name} »"},
    "cli_players_seat_word": {"en": "--players {arg!r}: {name!r} is how seat {n} is typed; give "
                                    "another name",
                              "fr": "--players « {arg} » : « {name} » est la façon d'écrire la "
                                    "place {n} ; donnez un autre nom"},
    "cli_seat_shape": {"en": "--seat {item!r}: write N=bot:KIND, e.g. --seat 2=bot:random",
                       "fr": "--seat « {item} » : écrivez N=bot:TYPE, par exemple --seat "
                             "2=bot:random"},
    "cli_seat_range": {"en": "--seat {item!r}: seats are numbered 1 to {players} (--players N "
                             "seats more people)",
                       "fr": "--seat « {item} » : les places vont de 1 à {players} (--players N "
                             "installe plus de joueurs)"},
    "cli_seat_twice": {"en": "--seat {item!r}: seat {n} is already given; give each seat once",
                       "fr": "--seat « {item} » : la place {n} est déjà donnée ; donnez chaque "
                             "place une fois"},
    "cli_setting_twice": {"en": "--seat {item!r}: {name} is given twice",
                          "fr": "--seat « {item} » : {name} est donné deux fois"},
    "cli_setting_shape": {"en": "--seat {item!r}: {part!r} should be NAME=NUMBER",
                          "fr": "--seat « {item} » : « {part} » doit s'écrire NOM=NOMBRE"},
    "cli_setting_range": {"en": "--seat {item!r}: {name} must be above 0 and at most {most}",
                          "fr": "--seat « {item} » : {name} doit être au-dessus de 0 et au plus "
                                "{most}"},
    "cli_option_shape": {"en": "--option {item!r}: write NAME=VALUE, e.g. difficulty=hard",
                         "fr": "--option « {item} » : écrivez NOM=VALEUR, par exemple "
                               "difficulty=hard"},
    "cli_option_twice": {"en": "--option {item!r}: the option {name} is already given; give each "
                               "option once",
                         "fr": "--option « {item} » : l'option {name} est déjà donnée ; donnez "
                               "chaque option une fois"},
    "cli_seed": {"en": "--seed {arg!r}: the seed is a whole number from 0 to {most}",
                 "fr": "--seed « {arg} » : la graine est un nombre entier de 0 à {most}"},
    "cli_delay": {"en": "--delay {arg!r}: the delay is a number of seconds from 0 to {most}",
                  "fr": "--delay « {arg} » : la pause est un nombre de secondes de 0 à {most}"},
    "cli_load_alone": {"en": "--load resumes a saved game as it was: give no game, players, "
                             "options or seed with it (only --seat, --watch, --lang, --save)",
                       "fr": "--load reprend une partie sauvegardée telle quelle : ne donnez avec "
                             "elle ni jeu, ni joueurs, ni options, ni graine (seulement --seat, "
                             "--watch, --lang, --save)"},
    "cli_solo_players": {"en": "--solo plays alone: leave out --players (or drop --solo)",
                         "fr": "--solo joue seul : retirez --players (ou retirez --solo)"},
    "cli_no_last_save": {"en": "--load last: no save of a game not finished in {folder} (see: "
                               "tabletop saves)",
                         "fr": "--load dernière : aucune sauvegarde d'une partie en cours dans "
                               "{folder} (voir : tabletop saves)"},
    "cli_yes_clean": {"en": "--yes goes with --clean: tabletop saves --clean --yes",
                      "fr": "--yes va avec --clean : tabletop saves --clean --yes"},
    "cli_saves_no_dir": {"en": "--dir {folder}: there is no such folder",
                         "fr": "--dir {folder} : ce dossier n'existe pas"},
    "saves_none": {"en": "No saved games in {folder}.",
                   "fr": "Aucune partie sauvegardée dans {folder}."},
    "saves_title": {"en": "Saved games in {folder}, the most recent first:",
                    "fr": "Parties sauvegardées dans {folder}, la plus récente d'abord :"},
    "saves_line": {"en": "{game}, {names}: {n} moves, {state}, saved {date}",
                   "fr": "{game}, {names} : {n} coups, {state}, le {date}"},
    "saves_not_save": {"en": "not a save ({why})", "fr": "pas une sauvegarde ({why})"},
    "saves_why_json": {"en": "not JSON", "fr": "pas du JSON"},
    "saves_why_format": {"en": "no 'format: tabletop-save' field",
                         "fr": "pas de champ 'format: tabletop-save'"},
    "saves_in_use": {"en": "being played", "fr": "en train d'être jouée"},
    "saves_finished": {"en": "finished", "fr": "finie"},
    "saves_playing": {"en": "not finished", "fr": "en cours"},
    "saves_hint": {"en": "Resume the most recent: tabletop play --load last. Remove the saves of "
                         "finished games: tabletop saves --clean",
                   "fr": "Reprendre la plus récente : tabletop play --load dernière. Supprimer "
                         "les sauvegardes des parties finies : tabletop saves --clean"},
    "saves_clean_none": {"en": "No save of a finished game in {folder}: nothing to remove.",
                         "fr": "Aucune sauvegarde de partie finie dans {folder} : rien à "
                               "supprimer."},
    "saves_clean_list": {"en": "The saves of {n} {games} in {folder}:",
                         "fr": "Les sauvegardes de {n} {games} dans {folder} :"},
    "saves_clean_ask": {"en": "Remove them? (yes/no)", "fr": "Les supprimer ? (oui/non)"},
    "saves_clean_ask_yes": {"en": "Nothing removed: add --yes to remove them without being asked.",
                            "fr": "Rien n'a été supprimé : ajoutez --yes pour les supprimer sans "
                                  "question."},
    "saves_clean_kept": {"en": "Nothing removed.", "fr": "Rien n'a été supprimé."},
    "saves_cleaned": {"en": "{n} {saves}.", "fr": "{n} {saves}."},
    "cli_cannot_read_save": {"en": "cannot read the saved game {path} ({why})",
                             "fr": "impossible de lire la partie sauvegardée {path} ({why})"},
    "cli_narrow_encoding": {"en": "the output encoding ({encoding}) cannot write every character: "
                                  "suits and accents show as ?; a UTF-8 terminal "
                                  "(PYTHONIOENCODING=utf-8) shows them",
                            "fr": "l'encodage de sortie ({encoding}) ne peut pas écrire tous les "
                                  "caractères : couleurs des cartes et accents s'affichent en ? ; "
                                  "un terminal UTF-8 (PYTHONIOENCODING=utf-8) les affiche"},
    "cli_save_not_text": {"en": "{path} is not a tabletop save (it is not text)",
                          "fr": "{path} n'est pas une sauvegarde de tabletop (ce n'est pas du "
                                "texte)"},
    "cli_which_game_play": {"en": "which game? e.g. tabletop play scoundrel (see: tabletop list)",
                            "fr": "quel jeu ? par exemple tabletop play scoundrel (voir : "
                                  "tabletop list)"},
    "cli_which_game_solve": {"en": "which game? e.g. tabletop solve scoundrel --seed 7",
                             "fr": "quel jeu ? par exemple tabletop solve scoundrel --seed 7"},
    "cli_solve_one_of": {"en": "give one of --seed, --deck, --games or --load",
                         "fr": "donnez un seul de --seed, --deck, --games ou --load"},
    "cli_workers": {"en": "--workers {n}: give 1 to 64", "fr": "--workers {n} : donnez de 1 à 64"},
    "cli_seconds": {"en": "--seconds {n}: give a positive time",
                    "fr": "--seconds {n} : donnez un temps positif"},
    "cli_solve_games": {"en": "--games {n}: give 1 to 1000000",
                        "fr": "--games {n} : donnez de 1 à 1000000"},
    "cli_workers_cluster": {"en": "--workers does not apply with --cluster: the cluster's workers "
                                  "play the games",
                            "fr": "--workers ne s'applique pas avec --cluster : ce sont les "
                                  "machines du cluster qui jouent les parties"},
    "cli_wrote": {"en": "wrote {path}: a whole game that loads and plays. Next:",
                  "fr": "{path} écrit : un jeu complet qui se charge et se joue. Ensuite :"},
    "cli_wrote_check": {"en": "# after each change", "fr": "# après chaque modification"},
    "cli_wrote_words": {"en": "Every word is explained in docs/yaml-reference.md.",
                        "fr": "Chaque mot est expliqué dans docs/yaml-reference.md."},
    "cli_out_of_memory": {"en": "the game ran out of memory: a mistake in the ruleset",
                          "fr": "la partie a manqué de mémoire : une erreur dans le fichier de "
                                "règles"},
    "cli_out_of_depth": {"en": "the game ran out of nesting depth: a mistake in the ruleset",
                         "fr": "la partie a dépassé la profondeur d'imbrication : une erreur dans "
                               "le fichier de règles"},
    "cli_internal": {"en": "internal error ({error}); please report it (TABLETOP_DEBUG=1 shows "
                           "the details)",
                     "fr": "erreur interne ({error}) ; merci de la signaler (TABLETOP_DEBUG=1 "
                           "montre les détails)"},
    "cli_see_help": {"en": "(see: {command} --help)", "fr": "(voir : {command} --help)"},
    "arg_unrecognized": {"en": "unrecognized arguments: {args}",
                         "fr": "arguments inconnus : {args}"},
    "arg_required": {"en": "the following arguments are required: {args}",
                     "fr": "ces arguments sont obligatoires : {args}"},
    "arg_choice": {"en": "argument {arg}: invalid choice: {value} (choose from {choices})",
                   "fr": "argument {arg} : choix invalide : {value} (choisissez parmi {choices})"},
    "arg_one": {"en": "argument {arg}: expected one argument",
                "fr": "argument {arg} : il attend une valeur"},
    "arg_int": {"en": "argument {arg}: invalid int value: {value}",
                "fr": "argument {arg} : nombre entier invalide : {value}"},
    "arg_float": {"en": "argument {arg}: invalid float value: {value}",
                  "fr": "argument {arg} : nombre invalide : {value}"},
    "arg_ambiguous": {"en": "ambiguous option: {option} could match {matches}",
                      "fr": "option ambiguë : {option} peut désigner {matches}"},
    # the web table (tabletop serve): its page and the server's lines
    "your_turn": {"en": "Your decision", "fr": "À vous de décider"},
    "waiting": {"en": "Waiting for {name}", "fr": "En attente de {name}"},
    "play": {"en": "Play", "fr": "Jouer"},
    "type_move": {"en": "or type a move (its notation)", "fr": "ou tapez un coup (sa notation)"},
    "rules": {"en": "Rules", "fr": "Règles"},
    "language": {"en": "Language", "fr": "Langue"},
    "reconnecting": {"en": "Connection lost; reconnecting…",
                     "fr": "Connexion perdue ; reconnexion…"},
    "table_screen": {"en": "Table", "fr": "Table"},
    "seats": {"en": "Seats", "fr": "Places"},
    "seat_here": {"en": "connected", "fr": "connecté·e"},
    "seat_away": {"en": "not connected", "fr": "pas connecté·e"},
    "seat_bot": {"en": "a bot ({bot})", "fr": "un robot ({bot})"},
    "replace_bot": {"en": "Give to a bot", "fr": "Donner à un robot"},
    "replaced": {"en": "{name}'s seat is now played by a bot ({bot}).",
                 "fr": "La place de {name} est maintenant jouée par un robot ({bot})."},
    "not_your_turn": {"en": "It is not your decision now: {name} decides.",
                      "fr": "Ce n'est pas à vous de décider : c'est à {name}."},
    "game_over_no_moves": {"en": "The game is over; no more moves.",
                           "fr": "La partie est finie ; plus aucun coup."},
    "stale": {"en": "The table changed before your move arrived; here it is again.",
              "fr": "La table a changé avant que votre coup n'arrive ; la voici de nouveau."},
    "bad_message": {"en": "That message was not understood; the page sends moves as buttons or "
                          "typed notation.",
                    "fr": "Ce message n'a pas été compris ; la page envoie les coups par ses "
                          "boutons ou leur notation tapée."},
    "too_long": {"en": "That message is too long (at most {most} characters).",
                 "fr": "Ce message est trop long ({most} caractères au plus)."},
    "forbidden": {"en": "This link is not a seat of this table (its secret is missing or wrong). "
                        "Ask the person who started the table for your link.",
                  "fr": "Ce lien n'est pas une place de cette table (son secret manque ou est "
                        "faux). Demandez votre lien à la personne qui a ouvert la table."},
    "bot_seat": {"en": "A bot plays this seat now.", "fr": "Un robot joue cette place maintenant."},
    "take_back": {"en": "Take my seat back", "fr": "Reprendre ma place"},
    "not_away": {"en": "{name} is connected: only a seat that left is given to a bot.",
                 "fr": "{name} est connecté·e : seule une place quittée est donnée à un robot."},
    "serve_seat": {"en": "{name} {url}", "fr": "{name} {url}"},
    "serve_bot_seat": {"en": "{name} {bot}", "fr": "{name} {bot}"},
    "serve_table": {"en": "table {url}", "fr": "table {url}"},
    "serve_listening": {"en": "The table is open on {host}:{port} (only this computer can reach "
                              "it unless --host says otherwise). Ctrl-C saves and stops.",
                        "fr": "La table est ouverte sur {host}:{port} (seul cet ordinateur peut "
                              "l'atteindre, sauf si --host dit autre chose). Ctrl-C sauvegarde et "
                              "arrête."},
    "serve_lan": {"en": "Anyone on your network can reach this table with its links: share each "
                        "seat's link only with its player.",
                  "fr": "Toute personne de votre réseau peut atteindre cette table avec ses liens "
                        ": ne donnez le lien d'une place qu'à son joueur."},
    "serve_saved": {"en": "Game saved to {path}. Resume with: tabletop play --load {path} (or "
                          "tabletop serve --load {path}).",
                    "fr": "Partie sauvegardée dans {path}. Pour la reprendre : tabletop play "
                          "--load {path} (ou tabletop serve --load {path})."},
    "serve_save_failed": {"en": "{reason} The game goes on; it is kept in memory until a save "
                                "works.",
                          "fr": "{reason} La partie continue ; elle est gardée en mémoire jusqu'à "
                                "ce qu'une sauvegarde réussisse."},
    "serve_port_busy": {"en": "Cannot open the table on {host}:{port} ({why}). Choose another "
                              "port with --port, e.g. --port 8001.",
                        "fr": "Impossible d'ouvrir la table sur {host}:{port} ({why}). Choisissez "
                              "un autre port avec --port, par exemple --port 8001."},
    "serve_bad_host": {"en": "Cannot open the table on {host} ({why}): it is not an address of "
                             "this computer. Use --host 127.0.0.1 (this computer only) or --host "
                             "0.0.0.0 (your network too).",
                       "fr": "Impossible d'ouvrir la table sur {host} ({why}) : ce n'est pas une "
                             "adresse de cet ordinateur. Utilisez --host 127.0.0.1 (cet "
                             "ordinateur seul) ou --host 0.0.0.0 (votre réseau aussi)."},
    "serve_needs_web": {"en": "tabletop serve needs the web extra: pip install 'tabletop[web]' "
                              "(from a checkout: pip install -e '.[web]').",
                        "fr": "tabletop serve demande l'extra web : pip install 'tabletop[web]' "
                              "(depuis une copie du dépôt : pip install -e '.[web]')."},
    "serve_no_humans": {"en": "Every seat is a bot: a web table needs at least one player (watch "
                              "bots play with tabletop play --watch).",
                        "fr": "Toutes les places sont des robots : une table web demande au moins "
                              "un joueur (regardez jouer les robots avec tabletop play --watch)."},
    "serve_no_address": {"en": "no such address", "fr": "adresse inconnue"},
    "serve_port": {"en": "The port must be a whole number from 0 (any free port) to 65535, not "
                         "'{arg}'.",
                   "fr": "Le port doit être un nombre entier de 0 (un port libre) à 65535, pas « "
                         "{arg} »."},
    "serve_over": {"en": "The game is over.", "fr": "La partie est finie."},
})


def default_lang() -> str:
    """The language of the environment's locale if we have it, else English."""
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var, "")
        if value:
            code = value.split("_")[0].split(".")[0].lower()
            return code if code in LANGS else "en"
    try:
        code = (locale.getlocale()[0] or "en").split("_")[0].lower()
    except ValueError:
        code = "en"
    return code if code in LANGS else "en"


def t(lang: str, key: str, /, **fields: object) -> str:
    """The table's message ``key`` in ``lang``, filled in."""
    return TABLE_MESSAGES.t(lang, key, **fields)


def in_every_lang(key: str, /, **fields: object) -> dict[str, str]:
    """``key`` in every language, for an error said in the table's language."""
    return TABLE_MESSAGES.texts(key, **fields)


def bot_name(lang: str, kind: str) -> str:
    """A bot's kind as the table says it ("random bot", "robot au hasard")."""
    key = f"bot_{kind}"
    return TABLE_MESSAGES.t(lang, key) if key in TABLE_MESSAGES else kind
