"""The terminal's own words, one catalogue per language. Card names and texts come from the
rulesets; everything the table itself says comes from here."""

from __future__ import annotations

import locale
import os

from ..ruleset_messages import fill

CATALOGUE: dict[str, dict[str, str]] = {
    "en": {
        "list_title": "tabletop games",
        "list_players": "players",
        "list_description": "description",
        "list_cannot_load": "cannot load: {error}",
        "turn_of": "{name} to decide",
        "moves": "Your moves",
        "prompt": "Move (number or notation; help, rules, save, quit)",
        "empty": "Type a move: its number (1-{n}) or its notation, e.g. '{example}'.",
        "bad_number": "There is no move {n}; the moves are numbered 1 to {count}.",
        "hint": "Hint: {move} (estimated chance to win: {chance}%)",
        "hint_unsure": "Hint: {move} (the search could not yet tell the chance to win)",
        "hint_solo": "Hints are given in solo games only.",
        "hint_none": "No hint here: {error}",
        "help_title": "How to play",
        "help_body": ("Type the number of a move, or its notation as listed. "
                      "'rules' shows the rules page, 'save' saves the game, 'quit' saves and "
                      "leaves, 'board' or an empty line shows the board again, 'help' shows "
                      "this."),
        "notation": "Notation of {game}:",
        "saved": "Game saved to {path}. Resume with: tabletop play --load {path}",
        "save_failed": "Could not save the game to {path} ({error}).",
        "save_in_use": "{path} is in use by another table (a game is saved to one file at a "
                       "time); this game must be saved to another file.",
        "save_not_regular": "Could not save the game to {path}: it is not a regular file (a "
                            "device or a pipe), and it is never replaced.",
        "save_is_folder": "Could not save the game to {path}: it is a folder.",
        "bye": "Leaving the table.",
        "help_card": "'card NAME' shows a card's whole text (a card you can see now), e.g. "
                     "'card {example}'.",
        "card_which": "Type 'card' and the name of a card you can see, e.g. 'card {example}'.",
        "card_unseen": "{card!r} is not a card you can see now; type 'card' and the name of "
                       "one on your screen.",
        "card_no_text": "(no text: it does what its name and value say)",
        "bad_number_one": "There is no move {n}; the only move is 1.",
        "back_to_board": "Press Enter to see the board again (or type your move).",
        "since": "Since your last turn: {events}",
        "since_none": "Since your last turn: nothing you may see happened.",
        "learned": "You just saw: {events}",
        "learned_ok": "Press Enter to hide the board before passing on.",
        "bot_quiet": "{name} ({bot}) played.",
        "typed_cut": "{text}… ({n} characters)",
        "save_where": "Type another file to save the game to (Enter: play on unsaved):",
        "save_skipped": "Playing on without saving; 'quit' will ask before leaving.",
        "leave_unsaved": "The game is not saved. Leave anyway? (yes, no, or a file to save "
                         "to):",
        "curtain": "Pass to {name} - press Enter",
        "curtain_eof": "No more input; the game is saved.",
        "over": "Game over",
        "won": "{names} won.",
        "won_many": "{names} won.",
        "lost": "{names} lost.",
        "nobody_won": "Nobody won.",
        "you_won": "You won!",
        "you_lost": "You lost.",
        "score": "Score",
        "scores": "Scores",
        "reason": "Why",
        "replay": "Replay this game: {command}",
        "log": "Last moves",
        "bot_moved": "{name} ({bot}) played: {move}",
        "options": "Options",
        "options_in_play": "Options of this game (tabletop rules {game} explains them)",
        "bot_random": "random bot",
        "bot_greedy": "greedy bot",
        "bot_mcts": "MCTS bot",
        "bot_expert": "expert bot",
        "thinking": "{name} ({bot}) is thinking…",
        "seat": "Seat",
        "question": "{name}, {prompt}",
        "decide": "{name}: decide",
        "no_rules": "No rules page is shipped for {game}.",
        "players": "players",
        "game": "Game",
        "description": "Description",
        "page_in_english": "",
        "more": "-- more: Enter for the next page, q to go back to the game --",
        "ruleset_bug": "The ruleset has a mistake, so that move cannot be played (it was "
                       "undone): {error}",
        "stuck": ("Nobody has a legal move, yet the game is not over: the ruleset is stuck. "
                  "The game is saved; check the ruleset with: tabletop check FILE"),
        # tabletop simulate
        "sim_title": "{game}: {games} games, {players} {player_word}, seed {seed}",
        "sim_setup": "Options: {options}. Seats: {seats}.",
        "sim_playing": "Playing",
        "sim_answer": "answer {var}",
        "sim_unfinished": "Games that did not end within {moves} moves or {seconds} s: {n}, "
                          "stopped and left out of the figures below. The first: {first}.",
        "sim_unfinished_one": "game {game} (seed {seed}, {moves} moves)",
        "sim_missing": "Games {first} to {last}{run} were not played: {why}; the figures "
                       "leave them out.",
        "sim_speed": "{rate} games/s",
        "sim_nothing": "Stopped before any game was played: nothing to report.",
        "sim_stopped": "Stopped after {done} of {total} games: the figures are those of the "
                       "games played.",
        "sim_done": "{games} games in {seconds} s ({rate} games/s, {where}).",
        "sim_on_workers": "{n} {process_word}",
        "sim_on_cluster": "cluster {address}",
        "sim_seed": "The seed was drawn: --seed {seed} plays the same games again.",
        "sim_wrote": "Wrote {path}.",
        "sim_run": "{option}={value} ({games} games)",
        "sim_wins": "Wins, with 95% intervals (a shared win counts for each winner)",
        "sim_seat": "seat",
        "sim_bot": "bot",
        "sim_won": "won",
        "sim_interval": "95% interval",
        "sim_place": "in order",
        "sim_order_note": "In order: the seats by their place in the order of play (1st = the "
                          "first to play), whichever seat that was.",
        "sim_draws": "No winner: {draws} ({draws_ci}). Won by several: {shared} ({shared_ci}).",
        "sim_length": "Game length",
        "sim_turns": "turns",
        "sim_moves": "moves",
        "sim_mean": "mean",
        "sim_median": "median",
        "sim_p95": "95th pct",
        "sim_max": "max",
        "sim_min": "min",
        "sim_sd": "sd",
        "sim_scores": "Scores",
        "sim_outcomes": "How games ended",
        "sim_outcome": "outcome",
        "sim_limit": "move limit reached",
        "solve_share": "{game}, {options}: {won} of {decided} deals winnable with perfect "
                       "information",
        "solve_interval": "  {pct}% (95% interval {lo}-{hi}%)",
        "solve_undecided_deals": "  {n} {deals} within {seconds} s each",
        "solve_median": "  median time to decide a deal: {median} s",
        "solve_seed": "seed {seed}",
        "solve_deck": "this deck",
        "solve_undecided": "{game}, {where}: undecided within {seconds} s (try --seconds)",
        "solve_lost": "{game}, {where}: cannot be won, whatever you do.",
        "solve_line_scores": "{game}, {where}: can be won; this line scores {best} (no better "
                             "score was found or ruled out within {seconds} s).",
        "solve_best": "{game}, {where}: can be won; the best score is {best}.",
        "solve_line": "A winning line (replay it with tabletop play{replay}):",
        "solve_from_save": "{game}, from the saved position, playing best from what you see:",
        "solve_to_win": "{pct}% to win",
        "solve_wins": "{game}, {options}: best play wins {pct}% of games",
        "solve_exact": "  (exact: every order of the cards and every coin, unseen)",
        "solve_solved": "  solved in {seconds} s, {positions} positions",
        "solve_cached": "  read from the cache; solved in {seconds} s, {positions} positions",
        "solve_resumed": "  went on from {kept} positions kept by an earlier run",
        "solve_status": "solving (at most {seconds} s; Ctrl-C stops)",
        "solve_status_n": "solving: {n} positions; Ctrl-C stops and keeps the work",
        "solve_status_kept": "solving: {n} positions, {kept} from before; Ctrl-C stops and "
                             "keeps them",
        "solve_bar": "solving",
        "solve_no_options": "no options",
        "solve_not_solo": "{game} is not a solo game: the solver plays only games of one player",
        "solve_too_hidden": "{game} hides {n} cards from the player: too many to solve exactly; "
                            "give --seed, --deck or --games",
        "solve_position_timeout": "this position was not solved within {seconds} s; give more "
                                  "--seconds",
        "solve_game_timeout": "{game} was not solved within {seconds} s: the whole game may need "
                              "far longer (docs/solve.md); --load answers from a saved "
                              "position late in a game",
        "solve_game_kept": "{game} was not solved within {seconds} s; the {kept} positions "
                           "solved so far are kept in {path} ({size}; delete it to free the "
                           "space), and the same command goes on from them (the whole game "
                           "may need hours: docs/solve.md)",
        "solve_game_stopped": "stopped; the {kept} positions of {game} solved so far are kept "
                              "in {path} ({size}; delete it to free the space), and the same "
                              "command goes on from them",
        "sim_games": "games",
        "sim_example": "for example",
        "sim_move_kinds": "Moves: how often, and the win rate of the seats that made them",
        "sim_cards": "Cards: how often played, and the win rate of the seats that played them",
        "sim_per_game": "a game",
        "sim_used_by": "seats",
        "sim_won_with": "won",
        "sim_won_without": "won without",
        "sim_compare": "Differences from {option}={base} ({level}% intervals holding together "
                       "over the {tests} figures)",
        "sim_figure": "figure",
        "sim_cmp_wins": "seat {seat} wins",
        "sim_cmp_draws": "no winner",
        "sim_cmp_place": "{place} to play wins",
        "sim_cmp_turns": "turns (mean)",
        "sim_cmp_moves": "moves (mean)",
        "sim_cmp_score": "seat {seat} score (mean)",
        "sim_base": "from",
        "sim_other": "to",
        "sim_difference": "change",
        "sim_significant": "real?",
        "sim_yes": "yes",
        "sim_no": "no",
        "sim_compare_note": "A change is real (significant) when its interval leaves out 0. "
                            "Win rates change in points of percentage.",
        "cli_players_range": "--players {arg}: this game is played by {span}",
        "cli_players_names": "--players {arg!r}: give a number or names separated by commas, "
                             "with no empty name, e.g. Ana,Ben",
        "cli_players_printable": "--players {arg!r}: a name holds only printable characters",
        "cli_players_letter": "--players {arg!r}: a name starts with a letter, not {name!r}",
        "cli_players_seat_word": "--players {arg!r}: {name!r} is how seat {n} is typed; give "
                                 "another name",
        "cli_seat_shape": "--seat {item!r}: write N=bot:KIND, e.g. --seat 2=bot:random",
        "cli_seat_range": "--seat {item!r}: seats are numbered 1 to {players} (--players N "
                          "seats more people)",
        "cli_seat_twice": "--seat {item!r}: seat {n} is already given; give each seat once",
        "cli_setting_twice": "--seat {item!r}: {name} is given twice",
        "cli_setting_shape": "--seat {item!r}: {part!r} should be NAME=NUMBER",
        "cli_setting_range": "--seat {item!r}: {name} must be above 0 and at most {most}",
        "cli_option_shape": "--option {item!r}: write NAME=VALUE, e.g. difficulty=hard",
        "cli_option_twice": "--option {item!r}: the option {name} is already given; give each "
                            "option once",
        "cli_seed": "--seed {arg!r}: the seed is a whole number from 0 to {most}",
        "cli_delay": "--delay {arg!r}: the delay is a number of seconds from 0 to {most}",
        "cli_load_alone": "--load resumes a saved game as it was: give no game, players, "
                          "options or seed with it (only --seat, --watch, --lang, --save)",
        "cli_solo_players": "--solo plays alone: leave out --players (or drop --solo)",
        "cli_no_last_save": "--load last: no save of a game not finished in {folder} (see: "
                            "tabletop saves)",
        "cli_yes_clean": "--yes goes with --clean: tabletop saves --clean --yes",
        "cli_saves_no_dir": "--dir {folder}: there is no such folder",
        "saves_none": "No saved games in {folder}.",
        "saves_title": "Saved games in {folder}, the most recent first:",
        "saves_line": "{game}, {names}: {n} moves, {state}, saved {date}",
        "saves_not_save": "not a save ({why})",
        "saves_why_json": "not JSON",
        "saves_why_format": "no 'format: tabletop-save' field",
        "saves_in_use": "being played",
        "saves_finished": "finished",
        "saves_playing": "not finished",
        "saves_hint": "Resume the most recent: tabletop play --load last. Remove the saves of "
                      "finished games: tabletop saves --clean",
        "saves_clean_none": "No save of a finished game in {folder}: nothing to remove.",
        "saves_clean_list": "The saves of {n} {games} in {folder}:",
        "saves_clean_ask": "Remove them? (yes/no)",
        "saves_clean_ask_yes": "Nothing removed: add --yes to remove them without being asked.",
        "saves_clean_kept": "Nothing removed.",
        "saves_cleaned": "{n} {saves}.",
        "cli_cannot_read_save": "cannot read the saved game {path} ({why})",
        "cli_narrow_encoding": "the output encoding ({encoding}) cannot write every "
                               "character: suits and accents show as ?; a UTF-8 terminal "
                               "(PYTHONIOENCODING=utf-8) shows them",
        "cli_save_not_text": "{path} is not a tabletop save (it is not text)",
        "cli_which_game_play": "which game? e.g. tabletop play scoundrel (see: tabletop list)",
        "cli_which_game_solve": "which game? e.g. tabletop solve scoundrel --seed 7",
        "cli_solve_one_of": "give one of --seed, --deck, --games or --load",
        "cli_workers": "--workers {n}: give 1 to 64",
        "cli_seconds": "--seconds {n}: give a positive time",
        "cli_solve_games": "--games {n}: give 1 to 1000000",
        "cli_workers_cluster": "--workers does not apply with --cluster: the cluster's workers "
                               "play the games",
        "cli_wrote": "wrote {path}: a whole game that loads and plays. Next:",
        "cli_wrote_check": "# after each change",
        "cli_wrote_words": "Every word is explained in docs/yaml-reference.md.",
        "cli_out_of_memory": "the game ran out of memory: a mistake in the ruleset",
        "cli_out_of_depth": "the game ran out of nesting depth: a mistake in the ruleset",
        "cli_internal": "internal error ({error}); please report it (TABLETOP_DEBUG=1 shows the "
                        "details)",
        "cli_see_help": "(see: {command} --help)",
        "arg_unrecognized": "unrecognized arguments: {args}",
        "arg_required": "the following arguments are required: {args}",
        "arg_choice": "argument {arg}: invalid choice: {value} (choose from {choices})",
        "arg_one": "argument {arg}: expected one argument",
        "arg_int": "argument {arg}: invalid int value: {value}",
        "arg_float": "argument {arg}: invalid float value: {value}",
        "arg_ambiguous": "ambiguous option: {option} could match {matches}",
        # the web table (tabletop serve): its page and the server's lines
        "your_turn": "Your decision",
        "waiting": "Waiting for {name}",
        "play": "Play",
        "type_move": "or type a move (its notation)",
        "rules": "Rules",
        "language": "Language",
        "reconnecting": "Connection lost; reconnecting…",
        "table_screen": "Table",
        "seats": "Seats",
        "seat_here": "connected",
        "seat_away": "not connected",
        "seat_bot": "a bot ({bot})",
        "replace_bot": "Give to a bot",
        "replaced": "{name}'s seat is now played by a bot ({bot}).",
        "not_your_turn": "It is not your decision now: {name} decides.",
        "game_over_no_moves": "The game is over; no more moves.",
        "stale": "The table changed before your move arrived; here it is again.",
        "bad_message": "That message was not understood; the page sends moves as buttons "
                       "or typed notation.",
        "too_long": "That message is too long (at most {most} characters).",
        "forbidden": "This link is not a seat of this table (its secret is missing or "
                     "wrong). Ask the person who started the table for your link.",
        "bot_seat": "A bot plays this seat now.",
        "take_back": "Take my seat back",
        "not_away": "{name} is connected: only a seat that left is given to a bot.",
        "serve_seat": "{name} {url}",
        "serve_bot_seat": "{name} {bot}",
        "serve_table": "table {url}",
        "serve_listening": "The table is open on {host}:{port} (only this computer can "
                           "reach it unless --host says otherwise). Ctrl-C saves and stops.",
        "serve_lan": "Anyone on your network can reach this table with its links: share "
                     "each seat's link only with its player.",
        "serve_saved": "Game saved to {path}. Resume with: tabletop play --load {path} (or "
                       "tabletop serve --load {path}).",
        "serve_save_failed": "{reason} The game goes on; it is kept in memory until a save "
                             "works.",
        "serve_port_busy": "Cannot open the table on {host}:{port} ({why}). Choose another "
                           "port with --port, e.g. --port 8001.",
        "serve_bad_host": "Cannot open the table on {host} ({why}): it is not an address of "
                          "this computer. Use --host 127.0.0.1 (this computer only) or --host "
                          "0.0.0.0 (your network too).",
        "serve_needs_web": "tabletop serve needs the web extra: pip install 'tabletop[web]' "
                           "(from a checkout: pip install -e '.[web]').",
        "serve_no_humans": "Every seat is a bot: a web table needs at least one player "
                           "(watch bots play with tabletop play --watch).",
        "serve_port": ("The port must be a whole number from 0 (any free port) to 65535, "
                       "not '{arg}'."),
        "serve_over": "The game is over.",
    },
    "fr": {
        "list_title": "Les jeux de tabletop",
        "list_players": "joueurs",
        "list_description": "description",
        "list_cannot_load": "illisible : {error}",
        "turn_of": "À {name} de décider",
        "moves": "Vos coups",
        "prompt": "Coup (numéro ou notation ; aide, règles, sauver, quitter)",
        "empty": "Tapez un coup : son numéro (1-{n}) ou sa notation, par ex. « {example} ».",
        "bad_number": "Il n'y a pas de coup {n} ; les coups sont numérotés de 1 à {count}.",
        "hint": "Indice : {move} (chance de gagner estimée : {chance} %)",
        "hint_unsure": "Indice : {move} (la recherche ne sait pas encore estimer la chance "
                       "de gagner)",
        "hint_solo": "Les indices ne sont donnés que dans les jeux en solo.",
        "hint_none": "Pas d'indice ici : {error}",
        "help_title": "Comment jouer",
        "help_body": ("Tapez le numéro d'un coup, ou sa notation telle qu'affichée (les mots "
                      "anglais sont aussi compris). « règles » affiche les règles, « sauver » "
                      "sauvegarde, « quitter » sauvegarde et quitte, « plateau » ou une ligne "
                      "vide réaffiche le plateau, « aide » affiche cette aide."),
        "notation": "Notation de {game} :",
        "saved": "Partie sauvegardée dans {path}. Pour reprendre : tabletop play --load {path}",
        "save_failed": "Impossible de sauvegarder la partie dans {path} ({error}).",
        "save_in_use": "{path} est utilisé par une autre table (une partie se sauvegarde dans "
                       "un fichier à la fois) ; cette partie doit être sauvegardée dans un "
                       "autre fichier.",
        "save_not_regular": "Impossible de sauvegarder la partie dans {path} : ce n'est pas un "
                            "fichier ordinaire (un périphérique ou un tube), et il n'est jamais "
                            "remplacé.",
        "save_is_folder": "Impossible de sauvegarder la partie dans {path} : c'est un dossier.",
        "bye": "Vous quittez la table.",
        "help_card": "« carte NOM » affiche le texte entier d'une carte (une carte que vous "
                     "voyez), par exemple « carte {example} ».",
        "card_which": "Tapez « carte » et le nom d'une carte que vous voyez, par exemple "
                      "« carte {example} ».",
        "card_unseen": "« {card} » n'est pas une carte que vous voyez ; tapez « carte » et le "
                       "nom d'une carte à l'écran.",
        "card_no_text": "(sans texte : elle fait ce que disent son nom et sa valeur)",
        "bad_number_one": "Il n'y a pas de coup {n} ; le seul coup est le 1.",
        "back_to_board": "Appuyez sur Entrée pour revoir le plateau (ou tapez votre coup).",
        "since": "Depuis votre dernier tour : {events}",
        "since_none": "Depuis votre dernier tour : rien que vous puissiez voir.",
        "learned": "Vous venez de voir : {events}",
        "learned_ok": "Appuyez sur Entrée pour cacher le plateau avant de passer la main.",
        "bot_quiet": "{name} ({bot}) a joué.",
        "typed_cut": "{text}… ({n} caractères)",
        "save_where": "Tapez un autre fichier où sauvegarder la partie (Entrée : jouer sans "
                      "sauvegarder) :",
        "save_skipped": "La partie continue sans sauvegarde ; « quitter » demandera avant "
                        "de partir.",
        "leave_unsaved": "La partie n'est pas sauvegardée. Partir quand même ? (oui, non, ou "
                         "un fichier où la sauvegarder) :",
        "curtain": "Passez à {name} - appuyez sur Entrée",
        "curtain_eof": "Plus d'entrée ; la partie est sauvegardée.",
        "over": "Partie terminée",
        "won": "{names} a gagné.",
        "won_many": "{names} ont gagné.",
        "lost": "{names} a perdu.",
        "nobody_won": "Personne n'a gagné.",
        "you_won": "Vous avez gagné !",
        "you_lost": "Vous avez perdu.",
        "score": "Score",
        "scores": "Scores",
        "reason": "Pourquoi",
        "replay": "Rejouer cette partie : {command}",
        "log": "Derniers coups",
        "bot_moved": "{name} ({bot}) a joué : {move}",
        "options": "Options",
        "options_in_play": "Options de cette partie (tabletop rules {game} --lang fr les "
                           "explique)",
        "bot_random": "robot au hasard",
        "bot_greedy": "robot glouton",
        "bot_mcts": "robot MCTS",
        "bot_expert": "robot expert",
        "thinking": "{name} ({bot}) réfléchit…",
        "seat": "Place",
        "question": "{name}, {prompt}",
        "decide": "{name} : à vous",
        "no_rules": "Aucune page de règles n'est fournie pour {game}.",
        "players": "joueurs",
        "game": "Jeu",
        "description": "Description",
        "page_in_english": "Cette page n'existe pas encore en français ; la voici en anglais.",
        "more": "-- suite : Entrée pour la page suivante, q pour revenir à la partie --",
        "ruleset_bug": "Les règles du jeu ont une erreur, ce coup ne peut pas être joué (il "
                       "a été annulé) : {error}",
        "stuck": ("Personne n'a de coup permis, mais la partie n'est pas finie : les règles "
                  "sont bloquées. La partie est sauvegardée ; vérifiez-les avec : "
                  "tabletop check FICHIER"),
        # tabletop simulate
        "sim_title": "{game} : {games} parties, {players} {player_word}, graine {seed}",
        "sim_setup": "Options : {options}. Sièges : {seats}.",
        "sim_playing": "Parties",
        "sim_answer": "réponse {var}",
        "sim_unfinished": "Parties non finies en {moves} coups ou {seconds} s : {n}, "
                          "arrêtées et laissées hors des chiffres ci-dessous. La première : "
                          "{first}.",
        "sim_unfinished_one": "partie {game} (graine {seed}, {moves} coups)",
        "sim_missing": "Les parties {first} à {last}{run} n'ont pas été jouées : {why} ; "
                       "les chiffres les laissent de côté.",
        "sim_speed": "{rate} parties/s",
        "sim_nothing": "Arrêté avant la fin d'une partie : rien à dire.",
        "sim_stopped": "Arrêté après {done} parties sur {total} : les chiffres sont ceux des "
                       "parties jouées.",
        "sim_done": "{games} parties en {seconds} s ({rate} parties/s, {where}).",
        "sim_on_workers": "{n} {process_word}",
        "sim_on_cluster": "grappe {address}",
        "sim_seed": "La graine a été tirée : --seed {seed} rejoue les mêmes parties.",
        "sim_wrote": "Écrit : {path}.",
        "sim_run": "{option}={value} ({games} parties)",
        "sim_wins": "Victoires, avec intervalles à 95 % (une victoire partagée compte pour "
                    "chaque gagnant)",
        "sim_seat": "siège",
        "sim_bot": "robot",
        "sim_won": "gagne",
        "sim_interval": "intervalle 95 %",
        "sim_place": "ordre",
        "sim_order_note": "Ordre : les sièges selon leur place dans l'ordre de jeu (1er = le "
                          "premier à jouer), quel qu'il soit.",
        "sim_draws": "Sans gagnant : {draws} ({draws_ci}). Gagnées à plusieurs : {shared} "
                     "({shared_ci}).",
        "sim_length": "Durée des parties",
        "sim_turns": "tours",
        "sim_moves": "coups",
        "sim_mean": "moyenne",
        "sim_median": "médiane",
        "sim_p95": "95e cent.",
        "sim_max": "max",
        "sim_min": "min",
        "sim_sd": "éc. type",
        "sim_scores": "Scores",
        "sim_outcomes": "Comment les parties ont fini",
        "sim_outcome": "fin",
        "sim_limit": "limite de coups atteinte",
        "solve_share": "{game}, {options} : {won} donnes gagnables sur {decided} en connaissant "
                       "l'ordre des cartes",
        "solve_interval": "  {pct} % (intervalle à 95 % : {lo}-{hi} %)",
        "solve_undecided_deals": "  {n} {deals} en {seconds} s chacune",
        "solve_median": "  temps médian pour trancher une donne : {median} s",
        "solve_seed": "graine {seed}",
        "solve_deck": "ce paquet",
        "solve_undecided": "{game}, {where} : non tranchée en {seconds} s (essayez --seconds)",
        "solve_lost": "{game}, {where} : impossible à gagner, quoi que vous fassiez.",
        "solve_line_scores": "{game}, {where} : gagnable ; cette ligne marque {best} (aucun "
                             "meilleur score trouvé ni exclu en {seconds} s).",
        "solve_best": "{game}, {where} : gagnable ; le meilleur score est {best}.",
        "solve_line": "Une ligne gagnante (rejouez-la avec tabletop play{replay}) :",
        "solve_from_save": "{game}, depuis la partie sauvegardée, en jouant au mieux avec ce que "
                           "vous voyez :",
        "solve_to_win": "{pct} % de victoire",
        "solve_wins": "{game}, {options} : le meilleur jeu gagne {pct} % des parties",
        "solve_exact": "  (exact : tous les ordres des cartes et tous les tirages, inconnus)",
        "solve_solved": "  résolu en {seconds} s, {positions} positions",
        "solve_cached": "  lu dans le cache ; résolu en {seconds} s, {positions} positions",
        "solve_resumed": "  repris de {kept} positions gardées par un calcul précédent",
        "solve_status": "calcul (au plus {seconds} s ; Ctrl-C arrête)",
        "solve_status_n": "calcul : {n} positions ; Ctrl-C arrête et garde le travail",
        "solve_status_kept": "calcul : {n} positions, {kept} reprises ; Ctrl-C arrête et les "
                             "garde",
        "solve_bar": "calcul",
        "solve_no_options": "sans option",
        "solve_not_solo": "{game} n'est pas un jeu solo : le solveur ne joue que les jeux à un "
                          "joueur",
        "solve_too_hidden": "{game} cache {n} cartes au joueur : trop pour un calcul exact ; "
                            "donnez --seed, --deck ou --games",
        "solve_position_timeout": "cette position n'a pas été résolue en {seconds} s ; donnez "
                                  "plus de --seconds",
        "solve_game_timeout": "{game} n'a pas été résolu en {seconds} s : la partie entière peut "
                              "demander bien plus (docs/solve.md) ; --load répond depuis une "
                              "partie sauvegardée avancée",
        "solve_game_kept": "{game} n'a pas été résolu en {seconds} s ; les {kept} positions "
                           "déjà résolues sont gardées dans {path} ({size} ; supprimez-le "
                           "pour libérer la place), et la même commande repart de là (la "
                           "partie entière peut demander des heures : docs/solve.md)",
        "solve_game_stopped": "arrêté ; les {kept} positions de {game} déjà résolues sont "
                              "gardées dans {path} ({size} ; supprimez-le pour libérer la "
                              "place), et la même commande repart de là",
        "sim_games": "parties",
        "sim_example": "par exemple",
        "sim_move_kinds": "Coups : leur fréquence, et les victoires des sièges qui les ont joués",
        "sim_cards": "Cartes : leur fréquence, et les victoires des sièges qui les ont jouées",
        "sim_per_game": "par partie",
        "sim_used_by": "sièges",
        "sim_won_with": "gagne",
        "sim_won_without": "gagne sans",
        "sim_compare": "Écarts à {option}={base} (intervalles à {level} % tenant ensemble sur "
                       "les {tests} chiffres)",
        "sim_figure": "chiffre",
        "sim_cmp_wins": "siège {seat} gagne",
        "sim_cmp_draws": "sans gagnant",
        "sim_cmp_place": "{place} à jouer gagne",
        "sim_cmp_turns": "tours (moyenne)",
        "sim_cmp_moves": "coups (moyenne)",
        "sim_cmp_score": "score siège {seat} (moy.)",
        "sim_base": "de",
        "sim_other": "à",
        "sim_difference": "écart",
        "sim_significant": "réel ?",
        "sim_yes": "oui",
        "sim_no": "non",
        "sim_compare_note": "Un écart est réel (significatif) quand son intervalle exclut 0. "
                            "Les taux de victoire changent en points de pourcentage.",
        "cli_players_range": "--players {arg} : ce jeu se joue {span}",
        "cli_players_names": "--players « {arg} » : donnez un nombre ou des noms séparés par "
                             "des virgules, sans nom vide, par exemple Ana,Ben",
        "cli_players_printable": "--players « {arg} » : un nom ne contient que des caractères "
                                 "imprimables",
        "cli_players_letter": "--players « {arg} » : un nom commence par une lettre, pas par "
                              "« {name} »",
        "cli_players_seat_word": "--players « {arg} » : « {name} » est la façon d'écrire la "
                                 "place {n} ; donnez un autre nom",
        "cli_seat_shape": "--seat « {item} » : écrivez N=bot:TYPE, par exemple --seat "
                          "2=bot:random",
        "cli_seat_range": "--seat « {item} » : les places vont de 1 à {players} (--players N "
                          "installe plus de joueurs)",
        "cli_seat_twice": "--seat « {item} » : la place {n} est déjà donnée ; donnez chaque "
                          "place une fois",
        "cli_setting_twice": "--seat « {item} » : {name} est donné deux fois",
        "cli_setting_shape": "--seat « {item} » : « {part} » doit s'écrire NOM=NOMBRE",
        "cli_setting_range": "--seat « {item} » : {name} doit être au-dessus de 0 et au plus "
                             "{most}",
        "cli_option_shape": "--option « {item} » : écrivez NOM=VALEUR, par exemple "
                            "difficulty=hard",
        "cli_option_twice": "--option « {item} » : l'option {name} est déjà donnée ; donnez "
                            "chaque option une fois",
        "cli_seed": "--seed « {arg} » : la graine est un nombre entier de 0 à {most}",
        "cli_delay": "--delay « {arg} » : la pause est un nombre de secondes de 0 à {most}",
        "cli_load_alone": "--load reprend une partie sauvegardée telle quelle : ne donnez avec "
                          "elle ni jeu, ni joueurs, ni options, ni graine (seulement --seat, "
                          "--watch, --lang, --save)",
        "cli_solo_players": "--solo joue seul : retirez --players (ou retirez --solo)",
        "cli_no_last_save": "--load dernière : aucune sauvegarde d'une partie en cours dans "
                            "{folder} (voir : tabletop saves)",
        "cli_yes_clean": "--yes va avec --clean : tabletop saves --clean --yes",
        "cli_saves_no_dir": "--dir {folder} : ce dossier n'existe pas",
        "saves_none": "Aucune partie sauvegardée dans {folder}.",
        "saves_title": "Parties sauvegardées dans {folder}, la plus récente d'abord :",
        "saves_line": "{game}, {names} : {n} coups, {state}, le {date}",
        "saves_not_save": "pas une sauvegarde ({why})",
        "saves_why_json": "pas du JSON",
        "saves_why_format": "pas de champ 'format: tabletop-save'",
        "saves_in_use": "en train d'être jouée",
        "saves_finished": "finie",
        "saves_playing": "en cours",
        "saves_hint": "Reprendre la plus récente : tabletop play --load dernière. Supprimer les "
                      "sauvegardes des parties finies : tabletop saves --clean",
        "saves_clean_none": "Aucune sauvegarde de partie finie dans {folder} : rien à "
                            "supprimer.",
        "saves_clean_list": "Les sauvegardes de {n} {games} dans {folder} :",
        "saves_clean_ask": "Les supprimer ? (oui/non)",
        "saves_clean_ask_yes": "Rien n'a été supprimé : ajoutez --yes pour les supprimer sans "
                               "question.",
        "saves_clean_kept": "Rien n'a été supprimé.",
        "saves_cleaned": "{n} {saves}.",
        "cli_cannot_read_save": "impossible de lire la partie sauvegardée {path} ({why})",
        "cli_narrow_encoding": "l'encodage de sortie ({encoding}) ne peut pas écrire tous "
                               "les caractères : couleurs des cartes et accents s'affichent "
                               "en ? ; un terminal UTF-8 (PYTHONIOENCODING=utf-8) les "
                               "affiche",
        "cli_save_not_text": "{path} n'est pas une sauvegarde de tabletop (ce n'est pas du "
                             "texte)",
        "cli_which_game_play": "quel jeu ? par exemple tabletop play scoundrel (voir : tabletop "
                               "list)",
        "cli_which_game_solve": "quel jeu ? par exemple tabletop solve scoundrel --seed 7",
        "cli_solve_one_of": "donnez un seul de --seed, --deck, --games ou --load",
        "cli_workers": "--workers {n} : donnez de 1 à 64",
        "cli_seconds": "--seconds {n} : donnez un temps positif",
        "cli_solve_games": "--games {n} : donnez de 1 à 1000000",
        "cli_workers_cluster": "--workers ne s'applique pas avec --cluster : ce sont les "
                               "machines du cluster qui jouent les parties",
        "cli_wrote": "{path} écrit : un jeu complet qui se charge et se joue. Ensuite :",
        "cli_wrote_check": "# après chaque modification",
        "cli_wrote_words": "Chaque mot est expliqué dans docs/yaml-reference.md.",
        "cli_out_of_memory": "la partie a manqué de mémoire : une erreur dans le fichier de "
                             "règles",
        "cli_out_of_depth": "la partie a dépassé la profondeur d'imbrication : une erreur dans "
                            "le fichier de règles",
        "cli_internal": "erreur interne ({error}) ; merci de la signaler (TABLETOP_DEBUG=1 "
                        "montre les détails)",
        "cli_see_help": "(voir : {command} --help)",
        "arg_unrecognized": "arguments inconnus : {args}",
        "arg_required": "ces arguments sont obligatoires : {args}",
        "arg_choice": "argument {arg} : choix invalide : {value} (choisissez parmi {choices})",
        "arg_one": "argument {arg} : il attend une valeur",
        "arg_int": "argument {arg} : nombre entier invalide : {value}",
        "arg_float": "argument {arg} : nombre invalide : {value}",
        "arg_ambiguous": "option ambiguë : {option} peut désigner {matches}",
        # the web table (tabletop serve): its page and the server's lines
        "your_turn": "À vous de décider",
        "waiting": "En attente de {name}",
        "play": "Jouer",
        "type_move": "ou tapez un coup (sa notation)",
        "rules": "Règles",
        "language": "Langue",
        "reconnecting": "Connexion perdue ; reconnexion…",
        "table_screen": "Table",
        "seats": "Places",
        "seat_here": "connecté·e",
        "seat_away": "pas connecté·e",
        "seat_bot": "un robot ({bot})",
        "replace_bot": "Donner à un robot",
        "replaced": "La place de {name} est maintenant jouée par un robot ({bot}).",
        "not_your_turn": "Ce n'est pas à vous de décider : c'est à {name}.",
        "game_over_no_moves": "La partie est finie ; plus aucun coup.",
        "stale": "La table a changé avant que votre coup n'arrive ; la voici de nouveau.",
        "bad_message": "Ce message n'a pas été compris ; la page envoie les coups par ses "
                       "boutons ou leur notation tapée.",
        "too_long": "Ce message est trop long ({most} caractères au plus).",
        "forbidden": "Ce lien n'est pas une place de cette table (son secret manque ou est "
                     "faux). Demandez votre lien à la personne qui a ouvert la table.",
        "bot_seat": "Un robot joue cette place maintenant.",
        "take_back": "Reprendre ma place",
        "not_away": "{name} est connecté·e : seule une place quittée est donnée à un robot.",
        "serve_seat": "{name} {url}",
        "serve_bot_seat": "{name} {bot}",
        "serve_table": "table {url}",
        "serve_listening": "La table est ouverte sur {host}:{port} (seul cet ordinateur peut "
                           "l'atteindre, sauf si --host dit autre chose). Ctrl-C sauvegarde "
                           "et arrête.",
        "serve_lan": "Toute personne de votre réseau peut atteindre cette table avec ses "
                     "liens : ne donnez le lien d'une place qu'à son joueur.",
        "serve_saved": "Partie sauvegardée dans {path}. Pour la reprendre : tabletop play "
                       "--load {path} (ou tabletop serve --load {path}).",
        "serve_save_failed": "{reason} La partie continue ; elle est gardée en mémoire "
                             "jusqu'à ce qu'une sauvegarde réussisse.",
        "serve_port_busy": "Impossible d'ouvrir la table sur {host}:{port} ({why}). Choisissez "
                           "un autre port avec --port, par exemple --port 8001.",
        "serve_bad_host": "Impossible d'ouvrir la table sur {host} ({why}) : ce n'est pas une "
                          "adresse de cet ordinateur. Utilisez --host 127.0.0.1 (cet ordinateur "
                          "seul) ou --host 0.0.0.0 (votre réseau aussi).",
        "serve_needs_web": "tabletop serve demande l'extra web : pip install 'tabletop[web]' "
                           "(depuis une copie du dépôt : pip install -e '.[web]').",
        "serve_no_humans": "Toutes les places sont des robots : une table web demande au moins "
                           "un joueur (regardez jouer les robots avec tabletop play --watch).",
        "serve_port": ("Le port doit être un nombre entier de 0 (un port libre) à 65535, "
                       "pas « {arg} »."),
        "serve_over": "La partie est finie.",
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
    return fill(table[key], lang, kw)


def in_every_lang(key: str, **kw: object) -> dict[str, str]:
    """``key`` in every language of the catalogue, for an error said in the table's language."""
    return {lang: t(lang, key, **kw) for lang in CATALOGUE}


def bot_name(lang: str, kind: str) -> str:
    """A bot's kind as the table says it ("random bot", "robot au hasard")."""
    table = CATALOGUE.get(lang, CATALOGUE["en"])
    return table.get(f"bot_{kind}", kind)
