"""take_while(list, condition): the leading items for which the condition holds. A hidden
pile seen by a seat reads as its known cards and nulls, so take_while(pile, it != null) is
"the cards I know at the top of the pile"."""

from __future__ import annotations

from pathlib import Path

from helpers import load_ruleset

import tabletop

RULESET = """
id: take-while-test
name: {en: Take while test}
players: {min: 1, max: 1}
cards:
  - {id: a, value: 1}
  - {id: b, value: 2}
  - {id: c, value: 9}
  - {id: d, value: 3}
zones:
  pile: {visibility: hidden, deck: true}
moves:
  - id: peek
    notation: "peek"
    effects:
      - reveal: {what: "top(pile, 2)"}
  - id: peek_last
    notation: "last"
    effects:
      - reveal: {what: "last(pile)"}
end:
  - if: "false"
    outcome: done
outcomes:
  done: {winners: "[]", reason: done}
view:
  small: "take_while(pile, it.value < 5).code"
  known: "take_while(pile, it != null).code"
  none: "take_while(pile, false)"
  numbers: "take_while([1, 2, 9, 3], it < 5)"
  all: "take_while([1, 2], true)"
"""


def _game(tmp_path: Path) -> tabletop.Game:
    return load_ruleset(tmp_path, RULESET, "take-while-test.yaml")


def test_take_while_stops_at_the_first_failure(tmp_path: Path) -> None:
    st = _game(tmp_path).new_game(deck=["a", "b", "c", "d"])
    view = st.view(None)
    assert view["numbers"] == [1, 2]  # 9 stops the run although 3 would pass
    assert view["all"] == [1, 2] and view["none"] == []
    assert view["known"] == [] and view["small"] == []  # nobody sees the hidden pile


def test_take_while_reads_the_known_top_of_a_hidden_pile(tmp_path: Path) -> None:
    st = _game(tmp_path).new_game(deck=["a", "b", "c", "d"])
    st.play("last")
    assert st.view(0)["known"] == []  # the known bottom card is not at the top
    st.play("peek")
    assert st.view(0)["known"] == ["a", "b"]
    assert st.view(0)["small"] == ["a", "b"]
