"""The ruleset word ``bot:`` (estimate), read by bot:expert."""

from __future__ import annotations

import pytest
from helpers import load_ruleset

from tabletop.bots import decide, make_bot
from tabletop.errors import RulesetError

# Take one of the two cards of the row (dealt from a hidden pile); a rock costs its value in
# energy, a gem (hearts) gives 4. The estimate: the energy at the end if nothing went wrong,
# less 5 when the energy is low (one rock more could end the game).
GAME = """
id: gems
name: Gems
players: {min: 1, max: 1}
cards:
  - {suits: [S], ranks: [2, 3, 4, 5], type: rock}
  - {suits: [H], ranks: [2, 3], type: gem}
zones:
  pile: {visibility: hidden, deck: true}
  row: {visibility: public, order: row}
  done: {visibility: public}
vars:
  energy: {initial: 6}
setup:
  - deal: {from: pile, to: row, count: 2}
moves:
  - id: take
    notation: "take {card}"
    args: {card: {from: row}}
    effects:
      - add: {energy: '4 if card.type == "gem" else -card.value'}
      - move: {what: card, to: done}
      - deal: {from: pile, to: row, count: 1}
end:
  - if: "energy < 0"
    outcome: lost
  - if: "size(pile) == 0 and size(row) == 0"
    outcome: won
outcomes:
  won: {winners: "[0]", score: energy, reason: "every card taken"}
  lost: {winners: "[]", score: "-1", reason: "no energy left"}
view:
  energy: energy
  row: row.code
bot:
  estimate: >-
    energy + sum(filter(pile + row, it.type == "gem"), 4)
    - sum(filter(pile + row, it.type == "rock"), it.value) - (5 if energy < 3 else 0)
"""


def test_the_estimate_loads_and_guides_the_expert(tmp_path) -> None:
    game = load_ruleset(tmp_path, GAME)
    assert game.spec.bot is not None and "estimate" in game.spec.bot
    st = game.new_game(deck=["5S", "2H", "2S", "3S", "4S", "3H"])
    bot = make_bot("expert", seed=1, exact=0)
    # both moves end with the same energy if all goes well, but taking the rock first leaves
    # 1 energy: the estimate's fine for low energy makes the expert take the gem
    assert decide(bot, st, 0).text == "take 2H"
    while not st.is_over:
        st.play(decide(bot, st, 0))
    assert st.outcome is not None


@pytest.mark.parametrize(("word", "said"), [
    ("  estimate: 'energy + nowhere'", "unknown name 'nowhere'"),
    ("  guess: energy", "guess"),
])
def test_a_bad_bot_word_is_one_clear_sentence(tmp_path, word: str, said: str) -> None:
    text = GAME.split("bot:\n")[0] + "bot:\n" + word + "\n"
    with pytest.raises(RulesetError, match=said) as e:
        load_ruleset(tmp_path, text)
    assert "bot" in str(e.value)


def test_an_estimate_that_is_not_a_number_is_said(tmp_path) -> None:
    text = GAME.split("bot:\n")[0] + "bot:\n  estimate: row\n"
    game = load_ruleset(tmp_path, text)
    st = game.new_game(deck=["5S", "2H", "2S", "3S", "4S", "3H"])
    with pytest.raises(Exception, match="bot.estimate gave"):
        decide(make_bot("expert", seed=1, exact=0), st, 0)
