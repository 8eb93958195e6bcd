"""announce: log lines that belong to no player."""

from __future__ import annotations

from pathlib import Path

from helpers import load_ruleset

RULES = """\
id: announce
name: {en: Announce, fr: Annonce}
players: {min: 2, max: 2}
cards: [{suits: [S], ranks: [2, 3, 4]}]
zones: {deck: {deck: true, visibility: hidden}, discard: {}}
setup:
  - move: {what: "top(deck)", to: discard}
  - announce: {en: "the discard pile starts with {symbol(top(discard))}",
               fr: "la défausse commence par {symbol(top(discard))}"}
moves:
  - id: draw
    notation: draw
    effects:
      - move: {what: "top(deck)", to: discard}
      - log: {en: "drew", fr: "a pioché"}
      - end_turn: true
end: [{if: "size(deck) == 0", outcome: done}]
outcomes: {done: {winners: "[0]", reason: {en: done, fr: fini}}}
view: {discard: discard.code}
"""


def test_an_announce_line_belongs_to_no_player(tmp_path: Path) -> None:
    st = load_ruleset(tmp_path, RULES).new_game(players=2, seed=1, deck=["3S", "2S", "4S"])
    line = st.log[-1]
    assert line.seat is None and line.kind == "log"
    assert line.text == {"en": "the discard pile starts with 3♠",
                         "fr": "la défausse commence par 3♠"}
    st.play("draw")
    assert st.log[-1].seat == 0  # a log line is the acting seat's
