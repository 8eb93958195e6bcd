"""``visibility: others``: a per-seat zone every seat sees but its owner (a hand held facing
the table). Its owner's view, moves, prompt and the bots' worlds keep its cards hidden from
it; every other seat sees them; a watcher of bots and the end screen show every hand."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from helpers import load_ruleset
from rich.console import Console

import tabletop
from tabletop.ui.render import render_view

RULES = """\
id: facing
name: {en: Facing hands, fr: Mains tournées}
players: {min: 2, max: 3}
cards: [{suits: [S], ranks: [2, 3, 4, 5, 6, 7, 8, 9]}]
zones:
  deck: {deck: true, visibility: hidden}
  hand: {visibility: others, per_seat: true, order: row, label: {en: hand, fr: main}}
  table: {visibility: public, order: row}
setup:
  - deal: {from: deck, to: hand, count: 2}
  - deal: {from: deck, to: "hand[opp]", count: 2}
moves:
  - id: play
    notation: "play {card}"
    args: {card: {from: hand}}
    effects:
      - move: {what: card, to: table}
      - end_turn: true
end: [{if: "size(table) == 4", outcome: done}]
outcomes: {done: {winners: "[0]", reason: {en: done, fr: fini}}}
view:
  hand: "hand.code"
  theirs: "hand[opp].code"
  table: "table.code"
display:
  - {key: hand, kind: cards, label: {en: Your hand, fr: Votre main}, each: {en: Hand, fr: Main}}
  - {key: table, kind: cards, label: {en: Table, fr: Table}}
"""

DECK = ["2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S"]


def _game(tmp_path: Path) -> tabletop.State:
    return load_ruleset(tmp_path, RULES).new_game(players=2, seed=1, deck=DECK,
                                                  names=["Ana", "Ben"], first=0)


def test_a_seat_sees_every_hand_but_its_own(tmp_path: Path) -> None:
    st = _game(tmp_path)  # Ana holds 2S 3S, Ben 4S 5S
    assert st.view(0)["hand"] == [None, None] and st.view(0)["theirs"] == ["4S", "5S"]
    assert st.view(1)["hand"] == [None, None] and st.view(1)["theirs"] == ["2S", "3S"]
    assert st.view(None)["hand"] == [None, None]  # the shared screen shows nobody's hand
    assert st.view(None)["theirs"] == [None, None]


def test_the_game_is_secret_so_the_hot_seat_table_has_a_curtain(tmp_path: Path) -> None:
    assert load_ruleset(tmp_path, RULES).spec.secret


def test_its_owner_plays_it_by_place_and_never_reads_its_names(tmp_path: Path) -> None:
    st = _game(tmp_path)
    texts = [st.move_text(m, lang) for m in st.legal_moves() for lang in ("en", "fr")]
    assert texts and not any("2S" in x or "3S" in x for x in texts)
    assert sorted(m.text for m in st.legal_moves()) == ["play 1", "play 2"]
    with pytest.raises(tabletop.IllegalMoveError):
        st.play("play 2S")  # its own card typed by name: refused, whether it holds it or not
    st.play("play 2")  # the second card of Ana's hand: 3S, now on the table for all
    assert st.view(0)["table"] == ["3S"] and st.view(0)["hand"] == [None]


def test_the_bots_worlds_redeal_only_the_owners_own_hand(tmp_path: Path) -> None:
    st = _game(tmp_path)
    seen = set()
    for k in range(30):
        world = st.determinize(0, random.Random(k))
        assert world.view(0)["theirs"] == ["4S", "5S"]  # Ben's hand is seen: kept
        seen.add(tuple(world.view(1)["theirs"]))  # Ana's own hand: dealt again
    assert len(seen) > 3


@pytest.mark.parametrize(("lang", "each"), [("en", ": Hand"), ("fr", " : Main")])
def test_a_watched_game_and_the_end_show_every_hand(tmp_path: Path, lang: str,
                                                    each: str) -> None:
    st = _game(tmp_path)
    console = Console(record=True, width=100, no_color=True)
    console.print(render_view(st, None, lang, spectator=True))
    text = console.export_text()
    ana = next(line for line in text.splitlines() if f"Ana{each}" in line)
    ben = next(line for line in text.splitlines() if f"Ben{each}" in line)
    assert "2" in ana and "3" in ana and "?" not in ana
    assert "4" in ben and "5" in ben and "?" not in ben


def test_an_onlooker_sees_what_some_seat_sees_not_the_face_down_deck(tmp_path: Path) -> None:
    text = RULES.replace('  table: "table.code"', '  table: "table.code"\n  deck: "deck.code"')
    st = load_ruleset(tmp_path, text).new_game(players=2, seed=1, deck=DECK, first=0)
    seen = st.onlooker_view(0)
    assert seen["hand"] == ["2S", "3S"] and seen["theirs"] == ["4S", "5S"]
    assert seen["deck"] == [None] * 4


def test_others_needs_per_seat_in_a_sentence(tmp_path: Path) -> None:
    bad = RULES.replace("visibility: others, per_seat: true", "visibility: others")
    with pytest.raises(tabletop.RulesetError, match="visibility others needs per_seat"):
        load_ruleset(tmp_path, bad)
