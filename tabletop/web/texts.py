"""The web table's own words (the page, the server's lines), in each language of the table.
Everything the terminal also says (whose decision, the moves, the log, the end) comes from the
terminal's catalogue (ui/i18n.py); card names, moves and rules from the ruleset."""

from __future__ import annotations

from ..ruleset_messages import fill

WEB_TEXTS: dict[str, dict[str, str]] = {
    "en": {
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
        "move_bad_number": "There is no move {n}; the moves are numbered 1 to {count}.",
    },
    "fr": {
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
        "move_bad_number": "Il n'y a pas de coup {n} ; les coups sont numérotés de 1 à "
                           "{count}.",
    },
}


def w(lang: str, key: str, **kw: object) -> str:
    """The web table's text for ``key`` in ``lang`` (English when ``lang`` is not one of
    ours), filled in."""
    table = WEB_TEXTS.get(lang, WEB_TEXTS["en"])
    return fill(table[key], lang, kw)


def both(key: str, **kw: object) -> dict[str, str]:
    """``key`` in every language, for an error said in the table's language."""
    return {lang: w(lang, key, **kw) for lang in WEB_TEXTS}
