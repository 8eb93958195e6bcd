"""The help of the `tabletop` command (``tabletop --help``, ``tabletop play --help``), in the
catalogue shape of tabletop/i18n/catalogue.py: a key for each help text and each argument's name
(``meta_``)."""

from __future__ import annotations

from tabletop.i18n.catalogue import Catalogue

HELP_MESSAGES = Catalogue({
    "help_examples": {"en": "examples:", "fr": "exemples :"},
    "help_lang": {"en": "the language of the table: en or fr (default: the locale's)",
                  "fr": "la langue de la table : en ou fr (par défaut : celle du système)"},
    "help_game": {"en": "a game id (see: tabletop list), or the path of a .yaml ruleset",
                  "fr": "un jeu (voir : tabletop list), ou le chemin d'un fichier de règles .yaml"},
    "help_option": {"en": "a game option, e.g. difficulty=hard (see: tabletop rules GAME)",
                    "fr": "une option du jeu, par exemple difficulty=hard (voir : tabletop rules "
                          "JEU)"},
    "help_players": {"en": "a number of players, or their names: Ana,Ben,Chloe",
                     "fr": "un nombre de joueurs, ou leurs noms : Ana,Ben,Chloé"},
    "help_cmd_list": {"en": "the games, with players and a one-line description",
                      "fr": "les jeux, avec leurs joueurs et une description d'une ligne"},
    "help_cmd_rules": {"en": "a game's rules page (rules, options, notation, rulings)",
                       "fr": "la page des règles d'un jeu (règles, options, notation, arbitrages)"},
    "help_cmd_check": {"en": "check a ruleset file and play random games with it; exit status 0 "
                             "when nothing is wrong, 1 otherwise",
                       "fr": "vérifier un fichier de règles et jouer des parties au hasard avec "
                             "lui ; code de sortie 0 si rien ne cloche, 1 sinon"},
    "help_cmd_new": {"en": "write a small, complete, commented ruleset to start your own game from",
                     "fr": "écrire un petit fichier de règles complet et commenté, pour partir de "
                           "lui"},
    "help_cmd_saves": {"en": "the saved games: game, players, moves, finished or not, date; "
                             "--clean removes the saves of finished games",
                       "fr": "les parties sauvegardées : jeu, joueurs, coups, finie ou non, date "
                             "; --clean supprime les sauvegardes des parties finies"},
    "help_cmd_solve": {"en": "solve a solo game: can this deal be won (--seed, --deck, --games), "
                             "or the best play and its chance (no seed)",
                       "fr": "résoudre un jeu solo : cette donne peut-elle être gagnée (--seed, "
                             "--deck, --games), ou le meilleur jeu et sa chance (sans graine)"},
    "help_cmd_simulate": {"en": "play many games with bots: who wins from which seat, how long "
                                "games last, which moves and cards matter (see docs/simulate.md)",
                          "fr": "jouer de nombreuses parties entre robots : qui gagne de quelle "
                                "place, combien durent les parties, quels coups et quelles cartes "
                                "comptent (voir docs/simulate.md)"},
    "help_usage": {"en": "usage: ", "fr": "utilisation : "},
    "help_description": {"en": "Play small card games by their rules, in the terminal.",
                         "fr": "Jouer de petits jeux de cartes selon leurs règles, dans le "
                               "terminal."},
    "help_version": {"en": "show the version and exit", "fr": "afficher la version et quitter"},
    "help_meta_command": {"en": "COMMAND", "fr": "COMMANDE"},
    "help_commands": {"en": "commands", "fr": "commandes"},
    "help_meta_game": {"en": "game", "fr": "jeu"},
    "help_rules_lang": {"en": "the page's language (default: locale); the English page when there "
                              "is none in that language",
                        "fr": "la langue de la page (par défaut : celle du système) ; la page "
                              "anglaise quand il n'y en a pas dans cette langue"},
    "help_rules_designer": {"en": "the designer's page: view keys, the reasoning behind each "
                                  "ruling, measured figures",
                            "fr": "la page du concepteur (en anglais) : clés de la vue, raisons "
                                  "de chaque arbitrage, chiffres mesurés"},
    "help_meta_path": {"en": "path", "fr": "fichier"},
    "help_check_path": {"en": "a .yaml ruleset", "fr": "un fichier de règles .yaml"},
    "help_check_games": {"en": "random games to play (default 300)",
                         "fr": "parties au hasard à jouer (300 par défaut)"},
    "help_check_seconds": {"en": "time budget for the games (default 20)",
                           "fr": "temps accordé aux parties (20 par défaut)"},
    "help_check_lang": {"en": "the language of the report and of the ruleset's mistakes: en or fr "
                              "(default: the locale's)",
                        "fr": "la langue du rapport et des erreurs du fichier de règles : en ou "
                              "fr (par défaut : celle du système)"},
    "help_meta_name": {"en": "name", "fr": "nom"},
    "help_new_name": {"en": "the game's name, e.g. \"My Game\" (writes my-game.yaml)",
                      "fr": "le nom du jeu, par exemple \"Mon Jeu\" (écrit mon-jeu.yaml)"},
    "help_new_dir": {"en": "the folder to write it in (default: here)",
                     "fr": "le dossier où l'écrire (par défaut : ici)"},
    "help_cmd_play": {"en": "play a game in the terminal",
                      "fr": "jouer une partie dans le terminal"},
    "help_meta_seed": {"en": "SEED", "fr": "GRAINE"},
    "help_seed": {"en": "the seed (a whole number): the same seed deals the same game",
                  "fr": "la graine (un nombre entier) : la même graine donne la même donne"},
    "help_meta_option": {"en": "NAME=VALUE", "fr": "NOM=VALEUR"},
    "help_meta_players": {"en": "PLAYERS", "fr": "JOUEURS"},
    "help_play_solo": {"en": "play alone (one seat)", "fr": "jouer seul (une place)"},
    "help_meta_seat": {"en": "N=bot:KIND", "fr": "N=bot:TYPE"},
    "help_seat": {"en": "give seat N (from 1) to a bot: random, greedy, mcts or expert",
                  "fr": "donner la place N (à partir de 1) à un robot : random, greedy, mcts ou "
                        "expert"},
    "help_play_watch": {"en": "watch bots play (seats not given with --seat get random bots)",
                        "fr": "regarder jouer les robots (les places sans --seat ont des robots "
                              "au hasard)"},
    "help_meta_seconds": {"en": "SECONDS", "fr": "SECONDES"},
    "help_play_delay": {"en": "pause after each bot move (0 to {most}; default {watch} with "
                              "--watch, else 0)",
                        "fr": "pause après chaque coup d'un robot (de 0 à {most} ; {watch} par "
                              "défaut avec --watch, sinon 0)"},
    "help_play_hints": {"en": "in a solo game, show the expert's move and its chance to win at "
                              "each prompt (or type hint)",
                        "fr": "en solo, montrer à chaque tour le coup de l'expert et sa chance de "
                              "gagner (ou tapez indice)"},
    "help_meta_file": {"en": "FILE", "fr": "FICHIER"},
    "help_play_load": {"en": "resume a saved game; 'last': the most recent save of a game not "
                             "finished (see: tabletop saves)",
                       "fr": "reprendre une partie sauvegardée ; « dernière » (ou last) : la "
                             "sauvegarde la plus récente d'une partie en cours (voir : tabletop "
                             "saves)"},
    "help_play_save": {"en": "where to save the game (default: $TABLETOP_SAVE_DIR or "
                             "~/.local/share/tabletop/saves, as GAME-DATE-TIME.json, or "
                             "GAME-SEED.json with --seed)",
                       "fr": "où sauvegarder la partie (par défaut : $TABLETOP_SAVE_DIR ou "
                             "~/.local/share/tabletop/saves, sous le nom JEU-DATE-HEURE.json, ou "
                             "JEU-GRAINE.json avec --seed)"},
    "help_cmd_serve": {"en": "serve a game to the players' browsers: a link per seat, one for the "
                             "table screen",
                       "fr": "servir une partie aux navigateurs des joueurs : un lien par place, "
                             "un pour l'écran de la table"},
    "help_serve_host": {"en": "the address to listen on (default 127.0.0.1: this computer only; "
                              "0.0.0.0: your network too, see docs/web-table.md)",
                        "fr": "l'adresse d'écoute (par défaut 127.0.0.1 : cet ordinateur seul ; "
                              "0.0.0.0 : votre réseau aussi, voir docs/web-table.md)"},
    "help_serve_port": {"en": "the port to listen on (default 8000; 0: any free port)",
                        "fr": "le port d'écoute (par défaut 8000 ; 0 : un port libre)"},
    "help_serve_no_qr": {"en": "print the links without their QR codes",
                         "fr": "écrire les liens sans leurs codes QR"},
    "help_serve_load": {"en": "resume a saved game (a save of play or serve; 'last': the most "
                              "recent not finished)",
                        "fr": "reprendre une partie sauvegardée (de play ou serve ; « dernière » "
                              ": la plus récente en cours)"},
    "help_serve_save": {"en": "where to save the game (default: as play does)",
                        "fr": "où sauvegarder la partie (par défaut : comme play)"},
    "help_meta_dir": {"en": "DIR", "fr": "DOSSIER"},
    "help_saves_dir": {"en": "the folder of the saves (default: $TABLETOP_SAVE_DIR or "
                             "~/.local/share/tabletop/saves)",
                       "fr": "le dossier des sauvegardes (par défaut : $TABLETOP_SAVE_DIR ou "
                             "~/.local/share/tabletop/saves)"},
    "help_saves_clean": {"en": "remove the saves of finished games (lists them and asks first)",
                         "fr": "supprimer les sauvegardes des parties finies (les liste et "
                               "demande d'abord)"},
    "help_saves_yes": {"en": "with --clean: remove without asking",
                       "fr": "avec --clean : supprimer sans demander"},
    "help_solve_game": {"en": "a solo game's id, or the path of a .yaml ruleset",
                        "fr": "un jeu solo, ou le chemin d'un fichier de règles .yaml"},
    "help_solve_seed": {"en": "solve this deal, knowing the order of every card",
                        "fr": "résoudre cette donne, en connaissant l'ordre des cartes"},
    "help_solve_deck": {"en": "solve this stacked deck (codes, top first, separated by commas or "
                              "spaces), knowing its order",
                        "fr": "résoudre ce paquet (codes, du dessus vers le dessous, séparés par "
                              "des virgules ou des espaces), en connaissant son ordre"},
    "help_solve_games": {"en": "solve the deals of seeds 0 to N-1 and give the share winnable",
                         "fr": "résoudre les donnes des graines 0 à N-1 et donner la part "
                               "gagnable"},
    "help_solve_option": {"en": "a game option, e.g. binding=inclusive",
                          "fr": "une option du jeu, par exemple binding=inclusive"},
    "help_solve_load": {"en": "the best move from a saved game, from what the player sees",
                        "fr": "le meilleur coup d'une partie sauvegardée, d'après ce que voit le "
                              "joueur"},
    "help_solve_seconds": {"en": "time budget for one deal (default 60)",
                           "fr": "temps accordé à une donne (60 par défaut)"},
    "help_solve_workers": {"en": "solve deals in N processes (with --games)",
                           "fr": "résoudre les donnes dans N processus (avec --games)"},
    "help_solve_json": {"en": "print the result as JSON", "fr": "écrire le résultat en JSON"},
    "help_simulate_games": {"en": "games to play (default 1000)",
                            "fr": "parties à jouer (1000 par défaut)"},
    "help_simulate_seat": {"en": "the bot of seat N (from 1): random (the default), greedy or "
                                 "mcts, with settings, e.g. 1=bot:mcts:iterations=50",
                           "fr": "le robot de la place N (à partir de 1) : random (par défaut), "
                                 "greedy ou mcts, avec ses réglages, par exemple "
                                 "1=bot:mcts:iterations=50"},
    "help_simulate_option": {"en": "a game option, e.g. difficulty=hard",
                             "fr": "une option du jeu, par exemple difficulty=hard"},
    "help_meta_compare": {"en": "NAME=A,B", "fr": "NOM=A,B"},
    "help_simulate_compare": {"en": "play the same seeds under each value of an option and show "
                                    "the differences",
                              "fr": "jouer les mêmes graines sous chaque valeur d'une option et "
                                    "montrer les écarts"},
    "help_simulate_seed": {"en": "the master seed (default: drawn, and shown)",
                           "fr": "la graine maîtresse (par défaut : tirée, et affichée)"},
    "help_simulate_workers": {"en": "processes to play on (default 1)",
                              "fr": "processus où jouer (1 par défaut)"},
    "help_meta_address": {"en": "ADDRESS", "fr": "ADRESSE"},
    "help_simulate_cluster": {"en": "a Dask scheduler to play on, e.g. tcp://10.0.0.5:8786 (needs "
                                    "tabletop[cluster])",
                              "fr": "un ordonnanceur Dask où jouer, par exemple "
                                    "tcp://10.0.0.5:8786 (demande tabletop[cluster])"},
    "help_simulate_json": {"en": "write the figures as JSON", "fr": "écrire les chiffres en JSON"},
    "help_simulate_csv": {"en": "write the figures as CSV", "fr": "écrire les chiffres en CSV"},
    "help_simulate_plot": {"en": "draw the figures in a PNG (needs tabletop[plot])",
                           "fr": "dessiner les chiffres dans un PNG (demande tabletop[plot])"},
    "help_games_dir": {"en": "a folder of your own .yaml games, played by their file name (also: "
                             "$TABLETOP_GAMES_DIR)",
                       "fr": "un dossier de vos propres jeux .yaml, joués par leur nom de fichier "
                             "(aussi : $TABLETOP_GAMES_DIR)"},
    "help_positionals": {"en": "positional arguments", "fr": "arguments"},
    "help_optionals": {"en": "options", "fr": "options"},
    "help_help": {"en": "show this help and exit", "fr": "afficher cette aide et quitter"},
})
