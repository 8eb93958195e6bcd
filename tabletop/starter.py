"""`tabletop new "My Game"`: a small, complete, commented ruleset to start a game from."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

from .errors import TabletopError
from .ruleset_messages import ruleset_error

STARTER = """\
# {name}: a starting point made by `tabletop new`. It is a whole game that loads and plays:
# change it one step at a time, and run `tabletop check {file}` after each change.
# Every word is explained in the YAML reference (docs/yaml-reference.md).

id: {id}                        # one word; the file is best named {file}
name: {{en: "{name}", fr: "{name}"}}
summary: {{en: "Play your cards; the highest total wins.",
          fr: "Jouez vos cartes ; le plus gros total gagne."}}
players: {{min: 2, max: 4}}
max_moves: 100                  # a safety net: a game never lasts longer than this

options:                        # chosen before the game: --option hand=short
  hand:
    default: long
    values: [short, long]
    help: {{en: "cards in each hand: short 3, long 5", fr: "cartes par main : short 3, long 5"}}

cards:                          # 2 to 6 of each suit: codes 2S ... 6H, value 2 to 6
  - {{suits: [S, H, D, C], ranks: [2, 3, 4, 5, 6]}}

zones:
  deck: {{deck: true, visibility: hidden, label: {{en: deck, fr: pioche}}}}   # shuffled first
  hand:                         # only its owner sees a hand
    {{visibility: owner, per_seat: true, order: row, label: {{en: hand, fr: main}}}}
  table: {{visibility: public, order: row, label: {{en: table, fr: table}}}}   # seen by all

vars:
  score: {{initial: 0, per_seat: true}}

setup:                          # deal each seat its hand
  - for_each:
      in: "seats()"
      var: s
      do: [{{deal: {{from: deck, to: "hand[s]", count: "3 if option.hand == 'short' else 5"}}}}]
  - announce: {{en: "each player gets a hand", fr: "chaque joueur reçoit une main"}}

moves:
  - id: play
    notation: "play {{card}}"      # typed as: play 4H (or play 4♥)
    label: {{en: play a card, fr: jouer une carte}}
    args:
      card: {{from: hand}}
    effects:
      - move: {{what: card, to: table}}
      - add: {{score: card.value}}
      - log: {{en: "played {{symbol(card)}}: {{score}} points",
               fr: "a joué {{symbol(card)}} : {{score}} points"}}
      - end_turn: true

end:                            # checked after every move
  - if: "all(seats(), size(hand[it]) == 0)"
    outcome: done

outcomes:
  done:
    label: {{en: "highest total", fr: "plus gros total"}}   # how reports name this ending
    winners: "filter(seats(), score[it] == max(map(seats(), score[it])))"
    reason: {{en: "the highest total wins", fr: "le plus gros total gagne"}}
    score: score

view:                           # what each seat sees: its own hand, the table, the scores
  hand: hand.code
  table: table.code
  scores: "map(seats(), score[it])"

display:                        # how the terminal lays out the view
  - {{key: scores, kind: seats, label: {{en: Points, fr: Points}}}}
  - {{key: table, kind: cards, label: {{en: Table, fr: Table}}}}
  - {{key: hand, kind: cards, label: {{en: Your hand, fr: Votre main}},
     each: {{en: Hand, fr: Main}}}}      # each: its title when every hand is shown

rules:                          # the page `tabletop rules {file}` shows
  en: |
    # {name}
    Each player gets a hand. In turn, play one card onto the table: its value is added to your
    score. When every hand is empty, the highest score wins.
  fr: |
    # {name}
    Chaque joueur reçoit une main. À votre tour, posez une carte sur la table : sa valeur
    s'ajoute à votre score. Quand toutes les mains sont vides, le plus gros score gagne.
"""


class StarterError(TabletopError):
    """The starting file cannot be written (a bad name, or a file already there)."""


def game_id(name: str) -> str:
    """The id of a game from its name: "My Game" -> "my-game"."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    slug = re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-")
    return slug


def write_starter(name: str, folder: str | Path = ".") -> Path:
    """Write ``<id>.yaml`` in ``folder``: a small, complete ruleset named ``name``.

    :raises StarterError: the name gives no id, or the file is already there.
    """
    name = " ".join(name.split())
    gid = game_id(name)
    if not gid or '"' in name or "\\" in name:
        raise ruleset_error(StarterError, "starter_name", name=name)
    path = Path(folder).expanduser() / f"{gid}.yaml"
    if path.exists():
        raise ruleset_error(StarterError, "starter_exists", path=path)
    text = STARTER.format(name=name, id=gid, file=path.name)
    from .registry import docs_dir  # late: the registry loads games, the starter writes one
    schema = docs_dir() / "ruleset.schema.json"
    if schema.is_file():  # an editor with a YAML language server completes and checks keys
        text = f"# yaml-language-server: $schema={schema.resolve().as_uri()}\n" + text
    path.write_text(text, encoding="utf-8")
    return path
