"""`tabletop new "My Game"`: a small, complete, commented ruleset to start a game from."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

from tabletop.errors import TabletopError
from tabletop.i18n.messages import ruleset_error

STARTER = """\
{c_head}

id: {id}                        {c0}
name: {{en: "{name}", fr: "{name}"}}
summary: {{en: "Play your cards; the highest total wins.",
          fr: "Jouez vos cartes ; le plus gros total gagne."}}
players: {{min: 2, max: 4}}
max_moves: 100                  {c1}

options:                        {c2}
  hand:
    default: long
    values: [short, long]
    help: {{en: "cards in each hand: short 3, long 5", fr: "cartes par main : short 3, long 5"}}

cards:                          {c3}
  - {{suits: [S, H, D, C], ranks: [2, 3, 4, 5, 6]}}

zones:
  deck: {{deck: true, visibility: hidden, label: {{en: deck, fr: pioche}}}}   {c4}
  hand:                         {c5}
    {{visibility: owner, per_seat: true, order: row, label: {{en: hand, fr: main}}}}
  table: {{visibility: public, order: row, label: {{en: table, fr: table}}}}   {c6}

vars:
  score: {{initial: 0, per_seat: true}}

setup:                          {c7}
  - for_each:
      in: "seats()"
      var: s
      do: [{{deal: {{from: deck, to: "hand[s]", count: "3 if option.hand == 'short' else 5"}}}}]
  - announce: {{en: "each player gets a hand", fr: "chaque joueur reçoit une main"}}

moves:
  - id: play
    notation: {{en: "play {{card}}", fr: "jouer {{card}}"}}  {c8}
    label: {{en: play a card, fr: jouer une carte}}
    args:
      card: {{from: hand}}
    effects:
      - move: {{what: card, to: table}}
      - add: {{score: card.value}}
      - log: {{en: "played {{symbol(card)}}: {{score}} points",
               fr: "a joué {{symbol(card)}} : {{score}} points"}}
      - end_turn: true

end:                            {c9}
  - if: "all(seats(), size(hand[it]) == 0)"
    outcome: done

outcomes:
  done:
    label: {{en: "highest total", fr: "plus gros total"}}   {c10}
    winners: "filter(seats(), score[it] == max(map(seats(), score[it])))"
    reason: {{en: "the highest total wins", fr: "le plus gros total gagne"}}
    score: score

view:                           {c11}
  hand: hand.code
  table: table.code
  scores: "map(seats(), score[it])"

display:                        {c12}
  - {{key: scores, kind: seats, label: {{en: Points, fr: Points}}}}
  - {{key: table, kind: cards, label: {{en: Table, fr: Table}}}}
  - {{key: hand, kind: cards, label: {{en: Your hand, fr: Votre main}},
     each: {{en: Hand, fr: Main}}}}      {c13}

rules:                          {c14}
  en: |
    # {name}
    Each player gets a hand. In turn, play one card onto the table: its value is added to your
    score. When every hand is empty, the highest score wins.
  fr: |
    # {name}
    Chaque joueur reçoit une main. À votre tour, posez une carte sur la table : sa valeur
    s'ajoute à votre score. Quand toutes les mains sont vides, le plus gros score gagne.
"""



# the starter's comments in each language (the YAML itself is the same)
COMMENTS: dict[str, dict[str, str]] = {
    'en': {
        "c_head": ("# {name}: a starting point made by `tabletop new`. It is a whole game "
                   "that loads and plays:\n# change it one step at a time, and run "
                   "`tabletop check {file}` after each change.\n# Every word is explained in "
                   "the YAML reference (docs/yaml-reference.md)."),
        'c0': '# one word; the file is best named {file}',
        'c1': '# a safety net: a game never lasts longer than this',
        'c2': '# chosen before the game: --option hand=short',
        'c3': '# 2 to 6 of each suit: codes 2S ... 6H, value 2 to 6',
        'c4': '# shuffled first',
        'c5': '# only its owner sees a hand',
        'c6': '# seen by all',
        'c7': '# deal each seat its hand',
        'c8': '# typed as: play 4H (or play 4♥)',
        'c9': '# checked after every move',
        'c10': '# how reports name this ending',
        'c11': '# what each seat sees: its own hand, the table, the scores',
        'c12': '# how the terminal lays out the view',
        'c13': '# each: its title when every hand is shown',
        'c14': '# the page `tabletop rules {file}` shows',
    },
    'fr': {
        "c_head": ("# {name} : un point de départ écrit par `tabletop new`. C'est un jeu "
                   "complet, qui se\n# charge et se joue : changez-le pas à pas, et lancez "
                   "`tabletop check {file}` après\n# chaque changement. Chaque mot est expliqué "
                   "dans la référence YAML\n# (docs/yaml-reference.md)."),
        'c0': "# un seul mot ; le fichier s'appelle au mieux {file}",
        'c1': '# un filet : une partie ne dure jamais plus longtemps',
        'c2': '# choisies avant la partie : --option hand=short',
        'c3': '# de 2 à 6 dans chaque couleur : codes 2S ... 6H, valeur 2 à 6',
        'c4': "# mélangée d'abord",
        'c5': '# seul son propriétaire voit une main',
        'c6': '# vue de tous',
        'c7': '# distribuer sa main à chaque place',
        'c8': '# se tape : jouer 4H (ou jouer 4♥, ou play 4H)',
        'c9': '# vérifié après chaque coup',
        'c10': '# le nom de cette fin dans les rapports',
        'c11': '# ce que voit chaque place : sa main, la table, les scores',
        'c12': '# comment le terminal dispose la vue',
        'c13': '# each : son titre quand toutes les mains sont montrées',
        'c14': '# la page que montre `tabletop rules {file}`',
    },
}


class StarterError(TabletopError):
    """The starting file cannot be written (a bad name, or a file already there)."""


def game_id(name: str) -> str:
    """The id of a game from its name: "My Game" -> "my-game"."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    slug = re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-")
    return slug


def starter_text(name: str, gid: str, file: str, lang: str = "en") -> str:
    """The starter ruleset's text for a game ``name`` (id ``gid``) in the file ``file``, its
    comments in ``lang``."""
    words = {k: c.format(name=name, file=file)
             for k, c in COMMENTS.get(lang, COMMENTS["en"]).items()}
    return STARTER.format(name=name, id=gid, file=file, **words)


def write_starter(name: str, folder: str | Path = ".", lang: str = "en") -> Path:
    """Write ``<id>.yaml`` in ``folder``: a small, complete ruleset named ``name``, its
    comments in ``lang``.

    :raises StarterError: the name gives no id, or the file is already there.
    """
    name = " ".join(name.split())
    gid = game_id(name)
    if not gid or '"' in name or "\\" in name:
        raise ruleset_error(StarterError, "starter_name", name=name)
    path = Path(folder).expanduser() / f"{gid}.yaml"
    if path.exists():
        raise ruleset_error(StarterError, "starter_exists", path=path)
    text = starter_text(name, gid, path.name, lang)
    from tabletop.registry import docs_dir  # late: the registry loads games, the starter writes one
    schema = docs_dir() / "ruleset.schema.json"
    if schema.is_file():  # an editor with a YAML language server completes and checks keys
        text = f"# yaml-language-server: $schema={schema.resolve().as_uri()}\n" + text
    path.write_text(text, encoding="utf-8")
    return path
