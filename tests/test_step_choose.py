"""The ``choose`` step: a question put to a seat, its prompt in each language, its answers
the legal moves until one is played; answered at once, with nobody asked, when it offers
one answer or none; a pass offered when it is optional."""

from __future__ import annotations

import pytest
from helpers import load_ruleset

import tabletop

RULES = """\
id: chooses
name: {en: Chooses, fr: Choix}
players: {min: 2, max: 2}
cards:
  - {id: token, name: {en: Token, fr: Jeton}}
zones:
  box: {deck: true, visibility: public}
vars:
  picked: {initial: 0}
  asked: {initial: 0}
moves:
  - id: pick
    notation: {en: pick, fr: choisir}
    effects:
      - choose: {var: n, from: "[1, 2, 3]", notation: {en: "take {choice}", fr: "prendre {choice}"},
                 prompt: {en: "{seat_name(me)}, how many?", fr: "{seat_name(me)}, combien ?"}}
      - set: {picked: n}
      - log: {en: "took {n}", fr: "a pris {n}"}
  - id: only
    notation: {en: only, fr: seul}
    effects:
      - choose: {var: n, from: "[7]", notation: "take {choice}"}
      - set: {picked: n}
  - id: maybe
    notation: {en: maybe, fr: peut-être}
    effects:
      - choose: {var: n, from: "[5]", notation: "take {choice}", optional: true,
                 pass: {en: "no thanks", fr: "non merci"}}
      - set: {picked: "n if n else -1"}
  - id: ask
    notation: {en: ask, fr: demander}
    effects:
      - choose: {var: who, from: "seats()", of: seats, seat: "1 - me",
                 notation: {en: "name {choice}", fr: "nommer {choice}"}}
      - set: {asked: "who + 10"}
end:
  - if: "false"
    outcome: over
outcomes:
  over:
    winners: "[0]"
    reason: {en: "over", fr: "fini"}
view:
  picked: picked
  asked: asked
"""


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> tabletop.Game:
    return load_ruleset(tmp_path_factory.mktemp("choose"), RULES)


def test_a_question_waits_with_its_prompt_and_answers(game: tabletop.Game) -> None:
    st = game.new_game(players=2, seed=1, names=["Ana", "Ben"])
    assert st.play("pick") == []
    assert st.prompt("en") == "Ana, how many?"
    assert st.prompt("fr") == "Ana, combien ?"
    assert [m.text for m in st.legal_moves()] == ["take 1", "take 2", "take 3"]
    assert st.current_player == 0
    events = st.play("take 2")
    assert st.view(0)["picked"] == 2
    assert [e.text for e in events] == [{"en": "took 2", "fr": "a pris 2"}]
    assert st.prompt("en") is None
    assert "pick" in [m.text for m in st.legal_moves()]


def test_a_single_answer_is_taken_without_asking(game: tabletop.Game) -> None:
    st = game.new_game(players=2, seed=1)
    st.play("only")
    assert st.view(0)["picked"] == 7
    assert "take 7" not in [m.text for m in st.legal_moves()]


def test_an_optional_question_offers_its_pass(game: tabletop.Game) -> None:
    st = game.new_game(players=2, seed=1)
    st.play("maybe")
    assert [m.text for m in st.legal_moves()] == ["take 5", "no thanks"]
    st.play("no thanks")
    assert st.view(0)["picked"] == -1


def test_a_question_to_another_seat_waits_for_that_seat(game: tabletop.Game) -> None:
    st = game.new_game(players=2, seed=1, names=["Ana", "Ben"])
    st.play("ask")
    assert st.current_player == 1
    st.play("name Ana")
    assert st.view(1)["asked"] == 10
