"""The ``shuffle`` step: a zone's cards in a new order drawn from the game's seed, said in
the log; a seat that knew where a card lay in it knows no more."""

from __future__ import annotations

import pytest
from helpers import load_ruleset

import tabletop

RULES = """\
id: shuffles
name: {en: Shuffles, fr: Mélanges}
players: {min: 2, max: 2}
cards:
  - {suits: [C], ranks: [A, 2, 3, 4, 5, 6, 7, 8, 9]}
zones:
  deck: {deck: true, visibility: hidden}
  pile: {visibility: hidden, order: pile}
moves:
  - id: peek
    notation: {en: peek, fr: regarder}
    effects:
      - reveal: {what: "first(deck)", to: me}
  - id: mix
    notation: {en: mix, fr: mélanger}
    effects:
      - shuffle: deck
  - id: mix_empty
    notation: {en: stir, fr: remuer}
    effects:
      - shuffle: pile
end:
  - if: "false"
    outcome: over
outcomes:
  over:
    winners: "[0]"
    reason: {en: "over", fr: "fini"}
view:
  top: "first(deck).code if first(deck) else null"
  deck: size(deck)
"""

ORDER = ["AC", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C"]


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> tabletop.Game:
    return load_ruleset(tmp_path_factory.mktemp("shuffle"), RULES)


def _top_after_mix(game: tabletop.Game, seed: int) -> str:
    st = game.new_game(players=2, seed=seed, deck=ORDER)
    st.play("mix")
    st.play("peek")
    return str(st.log[-1].data["cards"][0])


def test_a_shuffle_is_logged_for_everyone(game: tabletop.Game) -> None:
    st = game.new_game(players=2, seed=1, deck=ORDER)
    events = st.play("mix")
    assert [(e.kind, e.text, e.private_to) for e in events] == [
        ("shuffle", {"en": "shuffled deck", "fr": "deck mélangé"}, None)]
    assert st.view(0)["deck"] == 9


def test_the_new_order_follows_the_seed(game: tabletop.Game) -> None:
    assert _top_after_mix(game, 5) == _top_after_mix(game, 5)
    assert len({_top_after_mix(game, seed) for seed in range(12)}) > 1


def test_a_card_seen_is_no_longer_known_after_a_shuffle(game: tabletop.Game) -> None:
    st = game.new_game(players=2, seed=1, deck=ORDER)
    st.play("peek")
    assert st.view(0)["top"] == "AC"
    st.play("mix")
    assert st.view(0)["top"] is None  # hidden again: where it lies is not known


def test_an_empty_zone_shuffles_to_nothing(game: tabletop.Game) -> None:
    st = game.new_game(players=2, seed=1, deck=ORDER)
    events = st.play("stir")
    assert [e.text["en"] for e in events] == ["shuffled pile"]
