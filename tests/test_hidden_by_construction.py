"""Nothing a seat is shown depends on what it may not see: redeal the cards a seat cannot see
(``determinize``) and its view, its log, its moves, their hints and the prompt stay the same,
in every shipped game and every example of the docs; ``tabletop check`` reports a ruleset
whose rules give hidden cards away."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from helpers import load_ruleset

import tabletop
from tabletop.analysis.checker import describe, leak, play_check

EXAMPLES = sorted((Path(__file__).parent.parent / "docs" / "examples").glob("*.yaml"))
GAMES = [*tabletop.games(), *(str(p) for p in EXAMPLES)]


@pytest.mark.parametrize("gid", GAMES, ids=lambda g: Path(g).stem)
def test_redealing_what_a_seat_cannot_see_changes_nothing_it_is_shown(gid: str) -> None:
    game = tabletop.load(gid)
    spec = game.spec
    looked = 0
    for seed, players in ((1, spec.min_players), (2, spec.max_players)):
        st = game.new_game(players=players, seed=seed)
        rng = random.Random(seed)
        while not st.is_over:
            if len(st.history) % 4 == 0:
                for seat in range(players):
                    assert leak(st, seat, rng) is None, (gid, seed, seat, st.history)
                    looked += 1
            st.play(rng.choice(st.legal_moves()))
    assert looked > 0


LEAKY = """\
id: leaky
name: {en: Leaky, fr: Fuyant}
players: {min: 2, max: 2}
cards: [{suits: [S, H], ranks: [2, 3, 4, 5]}]
zones:
  deck: {deck: true, visibility: hidden}
  hand: {visibility: hidden, per_seat: true, order: row}
  table: {visibility: public, order: row}
setup:
  - deal: {from: deck, to: hand, count: 3}
  - deal: {from: deck, to: "hand[opp]", count: 3}
moves:
  - id: play
    notation: "play {card}"
    args: {card: {from: hand, where: "it.suit == 'H'"}}
    effects:
      - move: {what: card, to: table}
      - end_turn: true
  - id: pass
    notation: pass
    effects: [{end_turn: true}]
end: [{if: "size(table) >= 2 or size(deck) == 0", outcome: done}]
outcomes: {done: {winners: "[]", reason: {en: done, fr: fini}}}
view: {table: table}
"""


def test_check_reports_a_where_that_reads_a_hidden_card(tmp_path: Path) -> None:
    # the hand is hidden from its owner, yet only its hearts are offered: which places are
    # listed tells the player where their hearts are
    game = load_ruleset(tmp_path, LEAKY, "leaky.yaml")
    report = play_check(game, games=10, seconds=20)
    leaks = [p for p in report.problems if p.kind == "leak"]
    assert leaks and "moves en changes" in leaks[0].message
    lines = describe("leaky.yaml", game, report, "fr")
    assert any("redistribue" in line for line in lines)
    fair = load_ruleset(tmp_path, LEAKY.replace(''', where: "it.suit == 'H'"''', ""),
                        "fair.yaml")
    assert not [p for p in play_check(fair, games=10, seconds=20).problems if p.kind == "leak"]
