"""index_of(list, x): the position of x in the list, or null (a card only as itself)."""

from __future__ import annotations

from pathlib import Path

from helpers import load_ruleset

RULES = """\
id: indexof
name: {en: Index of, fr: Position}
players: {min: 1, max: 1}
cards: [{suits: [S], ranks: [2, 3, 4]}, {id: joker, count: 2}]
zones: {deck: {deck: true, visibility: hidden}, table: {order: row}}
moves:
  - id: lay
    notation: lay
    effects: [{move: {what: "top(deck)", to: table}}]
end: [{if: "size(deck) == 0", outcome: done}]
outcomes: {done: {winners: "[0]", reason: {en: done, fr: fini}}}
view:
  place: "index_of(table, top(table))"
  last: "index_of(table, last(table))"
  rank: "index_of(['A', 'K', 'Q', '4', '3', '2'], first(table).rank)"
  missing: "index_of([1, 2], 5)"
"""


def test_index_of_finds_positions(tmp_path: Path) -> None:
    st = load_ruleset(tmp_path, RULES).new_game(seed=1, deck=["3S", "joker", "joker", "2S"])
    assert st.view(0) == {"place": None, "last": None, "rank": None, "missing": None}
    st.play("lay")
    st.play("lay")
    st.play("lay")  # the table, in order: 3S, joker, joker
    v = st.view(0)
    assert v["place"] == 0 and v["rank"] == 4 and v["missing"] is None
    assert v["last"] == 2  # the second joker is found as itself, not as the first copy
