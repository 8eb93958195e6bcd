"""What the bots read of a view: ``evaluate`` reads a seat's view one key at a time
(``State.lazy_view``), and must see exactly what the seat's whole view shows, with the same
one-sentence error when a view key is a ruleset mistake."""

from __future__ import annotations

import random

import pytest
from helpers import load_ruleset

import tabletop
from tabletop.errors import RulesetError


@pytest.mark.parametrize("gid", tabletop.games())
def test_each_key_read_alone_is_the_whole_views_value(gid: str) -> None:
    game = tabletop.load(gid)
    for seed in range(3):
        players = game.spec.max_players if seed == 2 else game.spec.min_players
        st = game.new_game(players=min(players, 4), seed=seed)
        rng = random.Random(seed)
        for _ in range(40):
            if st.is_over:
                break
            for seat in range(st.players):
                whole = st.view(seat)
                lazy = st.lazy_view(seat)
                for key in reversed(list(whole)):  # in another order than the view's
                    assert lazy.get(key) == whole[key], (gid, seat, key)
                assert lazy.get("no such key") is None
            st.play(rng.choice(st.legal_moves()))


GAME = """
id: race
name: Race
players: {min: 2, max: 2}
cards:
  - {suits: [S], ranks: [2, 3, 4, 5, 6, 7]}
zones:
  pile: {visibility: hidden, deck: true}
  hand: {visibility: owner, per_seat: true}
vars:
  points: {initial: 0, per_seat: true}
setup:
  - deal: {from: pile, to: hand, count: 2}
moves:
  - id: score
    notation: "score {card}"
    args: {card: {from: "hand[me]"}}
    effects:
      - add: {points: card.value}
      - move: {what: card, to: pile}
      - end_turn: true
end:
  - if: "max(points) >= 8"
    outcome: done
outcomes:
  done: {winners: "[0] if points[0] >= 8 else [1]", score: "points[me]", reason: "8 points"}
view:
  points: points
  ratio: "points[me] / (points[1 - me] - points[1 - me])"
evaluate: "points[me]"
"""


def test_a_key_read_alone_meets_only_its_own_mistake_named_in_one_sentence(tmp_path) -> None:
    game = load_ruleset(tmp_path, GAME)
    st = game.new_game(players=2, seed=3)
    lazy = st.lazy_view(0)
    assert lazy.get("points") == 0  # the key evaluate reads is worked out alone
    with pytest.raises(RulesetError, match=r"view\.ratio.*division by zero") as e:
        lazy.get("ratio")
    assert "\n" not in str(e.value).strip()
    with pytest.raises(RulesetError, match=r"view\.ratio"):
        st.view(0)  # as the whole view says it
