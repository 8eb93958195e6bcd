"""The word ``bot:`` of a question (``choose``): the answers a bot weighs, worked out over what
the seat sees (State.bot_moves); bots other than random choose among them only."""

from __future__ import annotations

import pytest
from helpers import load_ruleset

from tabletop.bots import decide, make_bot
from tabletop.errors import RulesetError

# Two players, one hidden card each. On your turn peek at the other's card or not; then you may
# guess that the other holds the ace (right: you win; wrong: you lose).
GAME = """
id: guess
name: Guess
players: {min: 2, max: 2}
cards:
  - {suits: [S], ranks: [A, 2, 3]}
zones:
  deck: {visibility: hidden, deck: true}
  hand: {visibility: owner, per_seat: true}
setup:
  - for_each: {in: "seats()", var: p, do: [{deal: {from: deck, to: "hand[p]", count: 1}}]}
moves:
  - id: peek
    notation: peek
    effects:
      - reveal:
          what: "hand[opp]"
          to: me
          log: {en: "peeks: {first(hand[opp]).code}", fr: "regarde : {first(hand[opp]).code}"}
      - do: ask
  - id: rest
    notation: rest
    effects: [{do: ask}]
procedures:
  ask:
    - choose:
        var: who
        from: others()
        of: seats
        optional: true
        notation: "ace {choice}"
        bot: HINT
    - if: "who != null"
      then:
        - if: 'first(hand[who]).code == "AS"'
          then: [{end: right}]
          else: [{end: wrong}]
    - end_turn: true
end:
  - if: "turn > 20"
    outcome: none
outcomes:
  right: {winners: "[me]", reason: "right"}
  wrong: {winners: "[opp]", reason: "wrong"}
  none: {winners: "[]", reason: "no guess"}
view:
  mine: "first(hand).code"
"""

ON_EVIDENCE = """'filter(others(), first(hand[it]).code == "AS")'"""


def guess(tmp_path, hint: str = ON_EVIDENCE):  # type: ignore[no-untyped-def]
    return load_ruleset(tmp_path, GAME.replace("HINT", hint), f"guess{abs(hash(hint))}.yaml")


@pytest.mark.parametrize("kind", ["greedy", "mcts"])
def test_a_bot_answers_only_on_what_it_has_seen(tmp_path, kind: str) -> None:
    game = guess(tmp_path)
    st = game.new_game(players=2, deck=["2S", "AS", "3S"], first=0)
    st.play("rest")  # seat 0 has not seen seat 1's ace: its bot may only pass
    assert [m.text for m in st.legal_moves()] == ["ace P2", "pass"]
    assert [m.text for m in st.bot_moves(0)] == ["pass"]
    assert decide(make_bot(kind, seed=1), st, 0).text == "pass"
    st.play("pass")
    st.play("rest")
    st.play("pass")
    st.play("peek")  # now it has
    assert st.log[-1].text_in("en") == "peeks: AS" and st.log[-1].visible_to(1) is False
    assert [m.text for m in st.bot_moves(0)] == ["ace P2"]
    assert decide(make_bot(kind, seed=1), st, 0).text == "ace P2"
    # the random bot weighs every legal move
    assert {decide(make_bot("random", seed=s), st, 0).text for s in range(20)} == {
        "ace P2", "pass"}


def test_the_hint_reads_only_what_the_seat_sees(tmp_path) -> None:
    # the hint asks for the ace wherever it is: a hidden card reads as null, as in a view
    game = guess(tmp_path, """'filter(others(), first(hand[it]).code == "AS" or true)'""")
    st = game.new_game(players=2, deck=["2S", "AS", "3S"], first=0)
    st.play("rest")
    assert [m.text for m in st.bot_moves(0)] == ["ace P2"]  # (the hint's own choice)
    game = guess(tmp_path, """'filter(others(), first(hand[it]) != null)'""")
    st = game.new_game(players=2, deck=["2S", "AS", "3S"], first=0)
    st.play("rest")
    assert [m.text for m in st.bot_moves(0)] == ["pass"]    # seat 1's card is hidden
    assert [m.text for m in st.bot_moves(1)] == [m.text for m in st.legal_moves()]  # not asked


def test_a_bad_hint_is_one_clear_sentence(tmp_path) -> None:
    with pytest.raises(RulesetError, match="unknown name 'nowhere'") as e:
        guess(tmp_path, "nowhere")
    assert "bot" in str(e.value)
    game = guess(tmp_path, "'1 / (players - 2)'")
    st = game.new_game(players=2, deck=["2S", "AS", "3S"], first=0)
    st.play("rest")
    with pytest.raises(RulesetError, match="while listing the answers a bot weighs") as e2:
        st.bot_moves(0)
    assert "field 'procedures.ask.0.bot'" in str(e2.value)
