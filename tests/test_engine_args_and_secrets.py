"""Move arguments see the ones before them; owner vars stay secret; a ruleset mistake met during
play names its field."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import load_ruleset

import tabletop

RULESET = """\
id: pairs
name: {en: Pairs, fr: Paires}
players: {min: 2, max: 2}
cards:
  - {id: c1, value: 1}
  - {id: c2, value: 2}
  - {id: c3, value: 3}
zones:
  pile: {deck: true, visibility: hidden}
  row: {visibility: public, order: row}
vars:
  secret: {initial: 0, per_seat: true, visibility: owner}
  ratio: {initial: 0}
setup:
  - deal: {from: pile, to: row, count: 3}
  - set: {var: secret, value: "7", seat: "1"}
moves:
  - id: pair
    label: {en: pair two cards, fr: apparier deux cartes}
    notation: "pair {low} {high}"
    args:
      low: {from: row}
      high:
        from: row
        where: "it.value > low.value"
        why: {en: "{it} is not above {low}", fr: "{it} n'est pas au-dessus de {low}"}
    effects:
      - move: {what: "[low, high]", to: pile}
  - id: divide
    label: {en: divide, fr: diviser}
    notation: divide
    effects:
      - set: {ratio: "10 / (size(row) - 3)"}
end:
  - if: "size(row) < 3"
    outcome: done
outcomes:
  done: {winners: "[0]", reason: {en: done, fr: fini}}
view:
  secrets: "map(seats(), secret[it])"
  mine: secret
"""


@pytest.fixture()
def game(tmp_path: Path) -> tabletop.Game:
    return load_ruleset(tmp_path, RULESET, "pairs.yaml")


def test_an_argument_domain_sees_the_arguments_before_it(game: tabletop.Game) -> None:
    st = game.new_game(players=2, seed=1, deck=["c1", "c2", "c3"])
    pairs = {m.text for m in st.legal_moves() if m.text.startswith("pair")}
    assert pairs == {"pair c1 c2", "pair c1 c3", "pair c2 c3"}
    with pytest.raises(tabletop.IllegalMoveError, match="c1 is not above c3"):
        st.play("pair c3 c1")


def test_an_owner_var_is_seen_only_by_its_seat(game: tabletop.Game) -> None:
    st = game.new_game(players=2, seed=1, deck=["c1", "c2", "c3"])
    assert st.view(1)["mine"] == 7 and st.view(1)["secrets"] == [None, 7]
    assert st.view(0)["mine"] == 0 and st.view(0)["secrets"] == [0, None]


def test_a_mistake_found_during_play_names_the_field(game: tabletop.Game) -> None:
    st = game.new_game(players=2, seed=1, deck=["c1", "c2", "c3"])
    with pytest.raises(tabletop.RulesetError) as info:
        st.play("divide")
    assert info.value.field == "moves.1.effects.0"
    assert "division by zero" in str(info.value) and "pairs.yaml" in str(info.value)


def test_card_ids_must_differ_by_more_than_case(tmp_path: Path) -> None:
    with pytest.raises(tabletop.RulesetError, match="more than case"):
        load_ruleset(tmp_path, RULESET.replace("{id: c3, value: 3}", "{id: C1, value: 3}"))


PEEK = """\
id: peek
name: {en: Peek, fr: Coup d'oeil}
players: {min: 2, max: 2}
cards:
  - {id: c1, value: 1}
  - {id: c2, value: 2}
zones:
  pile: {deck: true, visibility: hidden}
moves:
  - id: peek
    label: {en: look at the top card, fr: regarder la carte du dessus}
    notation: peek
    effects:
      - reveal: {what: "top(pile)", to: me}
      - end_turn: true
end: []
outcomes:
  done: {winners: "[]", reason: {en: never, fr: jamais}}
view:
  pile: pile.code
"""


def test_a_revealed_card_is_seen_by_its_seat_only(tmp_path: Path) -> None:
    game = load_ruleset(tmp_path, PEEK, "peek.yaml")
    st = game.new_game(players=2, seed=1, deck=["c2", "c1"], first=1)
    events = st.play("peek")
    assert st.view(1)["pile"] == ["c2", None]
    assert st.view(0)["pile"] == [None, None]
    assert st.view(None)["pile"] == [None, None], "the public view knows no seat's secret"
    assert [e.private_to for e in events if e.kind == "reveal"] == [(1,)]
