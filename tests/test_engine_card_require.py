"""A card's own conditions and named expressions: cards: [{require: [{if, why}],
derived: {name: expr}}], read by allowed(card), unmet(card[, lang]) and calc(card, name), with
``this`` bound to the card. Also card_types' symbol, seat_name() and join()."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import load_ruleset

import tabletop

RULESET = """
id: card-require-test
name: {en: Card require test, fr: Test des conditions de cartes}
players: {min: 2, max: 2}
card_types:
  big: {en: Big, fr: Grand, symbol: "B"}
  small: {en: Small, fr: Petit}
cards:
  - id: free
    type: small
    value: 1
  - id: second
    type: small
    value: 2
    require:
      - if: "size(table) >= 1"
        why:
          en: "{this.code} needs {1 - size(table)} more card on the table"
          fr: "il manque {1 - size(table)} carte"
  - id: rich
    type: big
    value: 9
    symbol: "R"
    require:
      - if: "score >= 3"
        why: {en: "score {score} < 3", fr: "score {score} < 3"}
      - if: "size(table) >= 2"
        why: {en: "fewer than 2 on the table", fr: "moins de 2 sur la table"}
    derived:
      bonus: "this.value + size(table)"
zones:
  pile: {visibility: hidden, deck: true}
  hand: {visibility: owner, per_seat: true, order: row}
  table: {visibility: public, order: row}
vars:
  score: 0
setup:
  - deal: {from: pile, to: "hand[0]", count: 3}
moves:
  - id: play
    notation: "play {card}"
    args:
      card: {from: hand, where: "allowed(it)", why: {en: "no: {join(unmet(it), ' / ')}"}}
    effects:
      - move: {what: card, to: table}
      - add: {score: card.value}
  - id: stop
    notation: stop
    effects:
      - end: done
end: []
outcomes:
  done:
    winners: "[0]"
    reason: "{seat_name(0)} stops with {sum(table, default(calc(it, 'bonus'), 0))}"
view:
  can: "map(hand, join([it.code, '=', allowed(it)]))"
  why_fr: "map(hand, unmet(it, 'fr'))"
  bonus: "map(table, calc(it, 'bonus'))"
  symbols: "map(hand, it.symbol)"
display:
  - {key: can, kind: text, lang: en}
  - {key: why_fr, kind: text, lang: fr}
"""


@pytest.fixture()
def game(tmp_path: Path) -> tabletop.Game:
    return load_ruleset(tmp_path, RULESET, "card-require-test.yaml")


def test_allowed_and_unmet_read_the_cards_own_conditions(game: tabletop.Game) -> None:
    st = game.new_game(players=2, seed=1, deck=["free", "second", "rich"], names=["Ana", "Ben"])
    assert {str(m) for m in st.legal_moves()} == {"play free", "stop"}
    v = st.view(0)
    assert v["can"] == ["free=yes", "second=no", "rich=no"]
    assert v["why_fr"] == [[], ["il manque 1 carte"], ["score 0 < 3", "moins de 2 sur la table"]]
    with pytest.raises(tabletop.IllegalMoveError, match="second needs 1 more card"):
        st.play("play second")
    with pytest.raises(tabletop.IllegalMoveError, match="no: score 0 < 3 / fewer than 2"):
        st.play("play rich")
    st.play("play free")
    st.play("play second")
    assert st.view(0)["why_fr"] == [[]] and st.view(0)["can"] == ["rich=yes"]
    assert st.view(1)["can"] == [], "another seat's hidden cards are not judged"


def test_calc_reads_a_cards_named_expression_with_this(game: tabletop.Game) -> None:
    st = game.new_game(players=2, seed=1, deck=["rich", "free", "second"])
    st.play("play free")
    st.play("play second")
    assert st.view(0)["bonus"] == [None, None], "cards without it give null"
    st.play("play rich")
    assert st.view(0)["bonus"] == [None, None, 9 + 3]
    st.play("stop")
    assert st.outcome is not None and st.outcome.reason == "P1 stops with 12"


def test_type_symbol_is_a_card_attribute(game: tabletop.Game) -> None:
    st = game.new_game(players=2, seed=1, deck=["free", "rich"])
    assert st.view(0)["symbols"] == [None, "R"], "a card's own symbol wins over its type's"
    assert game.spec.card_types["big"] == {"en": "Big", "fr": "Grand"}


def test_display_lang_is_checked(tmp_path: Path) -> None:
    with pytest.raises(tabletop.RulesetError, match="lang must be one of en, fr"):
        load_ruleset(tmp_path, RULESET.replace("lang: fr}", "lang: de}"))


def test_card_require_is_checked_at_load(tmp_path: Path) -> None:
    with pytest.raises(tabletop.RulesetError, match=r"cards\.2\.require\.0\.if.*unknown name"):
        load_ruleset(tmp_path, RULESET.replace('if: "score >= 3"', 'if: "scor >= 3"'))
    with pytest.raises(tabletop.RulesetError, match=r"cards\.2\.derived\.bonus"):
        load_ruleset(tmp_path, RULESET.replace('bonus: "this.value', 'bonus: "thus.value'))


def test_join_makes_one_text() -> None:
    from tabletop.lang.expr import compile_expr

    class Ctx:
        locals: dict[str, object] = {}

    assert compile_expr('join(["a", 1, true, null])')(Ctx()) == "a1yesnone"
    assert compile_expr('join([1, 2, 3], ", ")')(Ctx()) == "1, 2, 3"
    assert compile_expr('join([])')(Ctx()) == ""
