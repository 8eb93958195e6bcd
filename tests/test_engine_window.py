"""Reaction windows: a ``choose`` asked of several seats in play order (``seats:``), each
answer kept secret until the last; ``window: first`` gives the first seat that took it,
``window: all`` every answer by seat (docs/yaml-reference.md, "Reaction windows")."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from helpers import interpreter_only, load_ruleset

import tabletop
from tabletop import RulesetError
from tabletop.testing import random_game

BLUFF = Path(__file__).parent / "rulesets" / "bluff.yaml"


@pytest.fixture(scope="module")
def bluff() -> tabletop.Game:
    return tabletop.load(BLUFF)


def lines(st: tabletop.State, seat: int | None = None) -> list[str]:
    return [e.text["en"] for e in st.log if e.kind == "log" and e.visible_to(seat)]


def shown_to(st: tabletop.State, seat: int) -> tuple[object, ...]:
    """Everything ``seat`` is shown while it is asked."""
    return (st.current_player, st.view(seat), [m.text for m in st.legal_moves()],
            [m.text for m in st.bot_moves(seat)], st.prompt("en"), st.prompt("fr"),
            [e.to_dict() for e in st.log if e.visible_to(seat)], st.window,
            st.move_text(st.legal_moves()[0], "fr"))


def test_the_first_seat_in_play_order_that_takes_it_wins(bluff: tabletop.Game) -> None:
    st = bluff.new_game(seed=3, players=4)
    assert st.current_player == 0
    st.play("claim")
    w = st.window
    assert w is not None and (w.mode, w.seats, w.at) == ("first", (1, 2, 3), 0)
    st.play("believe")
    assert st.current_player == 2
    st.play("challenge")
    assert st.current_player == 3
    n = len(st.log)
    assert lines(st) == []  # nothing said while the window is open
    st.play("challenge")  # a later seat took it too: the earlier one counts
    assert st.window is None
    assert "challenged by P3" in lines(st)[-1]
    assert len(st.log) > n
    # from the seat after the turn's, wrapping: seat 2 plays, seats 3, 0, 1 are asked
    st2 = bluff.new_game(seed=3, players=4)
    for m in ("take", "take"):
        st2.play(m)
    st2.play("claim")
    assert st2.window is not None and st2.window.seats == (3, 0, 1)
    for m in ("believe", "challenge", "challenge"):
        st2.play(m)
    assert "challenged by P1" in lines(st2)[-1]


def test_nobody_takes_it(bluff: tabletop.Game) -> None:
    st = bluff.new_game(seed=3, players=3)
    st.play("claim")
    st.play("believe")
    assert st.window is not None
    st.play("believe")
    assert st.window is None and st.current_player == 1
    assert lines(st)[-1] == "takes 2 coins, unchallenged"
    assert st.view(0)["coins"] == [2, 0, 0]


def test_the_interpreter_closes_it_alike(bluff: tabletop.Game) -> None:
    slow = interpreter_only(bluff)
    for seed in range(8):
        a = random_game(bluff, seed=seed, players=3)
        st = slow.new_game(seed=seed, players=3)
        for text in a.history:
            st.play(text)
        assert [e.to_dict() for e in st.log] == [e.to_dict() for e in a.log]
        assert st.to_json() == a.to_json()


VOTE = """
id: vote
name: {en: Vote, fr: Vote}
players: {min: 2, max: 4}
cards:
  - {id: token, name: {en: Token, fr: Jeton}}
zones:
  box: {visibility: public, deck: true}
vars:
  ballot: null
  rounds: {initial: 0}
moves:
  - id: call
    notation: call
    effects:
      - choose:
          var: votes
          from: '["yes", "no"]'
          seats: seats()
          window: all
          notation: "vote {choice}"
          prompt: {en: "Yes or no?", fr: "Oui ou non ?"}
      - set: {ballot: votes}
      - add: {rounds: 1}
      - let: {ayes: "size(filter(seats(), votes[it] == 'yes'))"}
      - log: {en: "{ayes} said yes", fr: "{ayes} oui"}
      - end_turn: true
end:
  - if: "rounds >= 3"
    outcome: done
outcomes:
  done: {winners: "[]", reason: {en: done, fr: fini}}
view:
  ballot: ballot
"""


def test_all_gives_every_answer_by_seat(tmp_path: Path) -> None:
    game = load_ruleset(tmp_path, VOTE)
    st = game.new_game(seed=1, players=3)
    st.play("call")
    assert st.window is not None and st.window.seats == (1, 2, 0)
    assert st.current_player == 1
    st.play("vote yes")
    assert st.view(None)["ballot"] is None  # nothing known before the window closes
    st.play("vote no")
    st.play("vote yes")
    assert st.view(None)["ballot"] == ["yes", "yes", "no"]
    assert lines(st)[-1] == "2 said yes"
    # eliminated seats and seats not named are not asked: null for them
    st.play("call")  # seat 1's turn
    assert st.window.seats == (2, 0, 1)


def test_a_later_seat_cannot_tell_what_an_earlier_seat_answered(bluff: tabletop.Game) -> None:
    shown = []
    for first in ("challenge", "believe"):
        st = bluff.new_game(seed=5, players=4)
        st.play("claim")
        before = shown_to(st, 2)
        st.play(first)
        shown.append((shown_to(st, 2), shown_to(st, 3), st.view(None), before))
        assert before[1:2] == shown_to(st, 2)[1:2]
        assert [m.text for m in st.legal_moves()] == ["challenge", "believe"]
    assert shown[0] == shown[1]


def test_save_and_restore_in_the_middle_of_a_window(bluff: tabletop.Game) -> None:
    st = bluff.new_game(seed=3, players=4)
    st.play("claim")
    st.play("believe")
    st.play("challenge")
    back = tabletop.restore(st.to_json())
    assert back.window == st.window and back.current_player == 3
    assert back.to_json() == st.to_json()
    st.play("believe")
    back.play("believe")
    assert lines(back) == lines(st) and "challenged by P3" in lines(st)[-1]


def test_a_move_that_fails_undoes_the_window(tmp_path: Path) -> None:
    game = load_ruleset(tmp_path, VOTE.replace("- set: {ballot: votes}",
                                               "- set: {ballot: 'votes[0] + 1'}"))
    st = game.new_game(seed=1, players=2)
    st.play("call")
    st.play("vote yes")
    saved = st.to_json()
    with pytest.raises(RulesetError):
        st.play("vote no")
    assert st.to_json() == saved and st.window is not None and st.current_player == 0
    with pytest.raises(tabletop.IllegalMoveError):
        st.play("vote maybe")
    assert st.to_json() == saved


def test_determinize_does_not_carry_the_other_seats_answers(bluff: tabletop.Game) -> None:
    st = bluff.new_game(seed=3, players=3)
    st.play("claim")
    st.play("challenge")  # seat 1 challenged; seat 2 is asked
    said = set()
    for k in range(40):
        world = st.determinize(2, random.Random(k))
        assert world.window == st.window and world.current_player == 2
        world.play("believe")
        said.add(world.view(2)["coins"][0] == 2)  # 2 coins: unchallenged
    assert said == {True, False}  # seat 1's answer drawn anew in the worlds
    # a seat's own answer is kept in its worlds
    st.play("believe")
    assert st.window is None
    st2 = bluff.new_game(seed=3, players=4)
    st2.play("claim")
    st2.play("challenge")
    st2.play("believe")
    for k in range(10):
        world = st2.determinize(1, random.Random(k))
        world.play("believe")
        assert world.view(1)["coins"][0] != 2  # challenged


def test_bots_play_games_with_windows(bluff: tabletop.Game) -> None:
    from tabletop.bots import decide, make_bot

    for name in ("random", "greedy", "mcts"):
        st = bluff.new_game(seed=2, players=3)
        bots = [make_bot(name, seed=s) for s in range(3)]
        while not st.is_over and len(st.history) < 40:
            seat = st.current_player
            assert seat is not None
            st.play(decide(bots[seat], st, seat))


BAD = """
id: bad
name: {en: Bad, fr: Mauvais}
players: {min: 2, max: 3}
cards:
  - {id: token, name: {en: Token, fr: Jeton}}
zones:
  box: {visibility: public, deck: true}
moves:
  - id: go
    notation: go
    effects:
      - choose: {var: x, from: '["a"]', notation: "{choice}", optional: true, PARAMS}
      - end_turn: true
end: []
outcomes: {}
view: {}
"""


@pytest.mark.parametrize(("params", "field", "en", "fr"), [
    ("seats: others(me), window: maybe", ".window", "window must be first or all",
     "window doit valoir first ou all"),
    ("seat: me, seats: others(me), window: first", ".seats", "not both", "pas les deux"),
    ("seats: others(me)", ".seats", "window: first or window: all", "window: first ou"),
    ("window: first", ".window", "window needs seats", "window demande seats"),
    ("seats: true, window: all", ".seats", "seats must give a list of seats",
     "seats doit donner une liste de places"),
])
def test_a_window_written_wrong_is_one_sentence(tmp_path: Path, params: str, field: str,
                                                 en: str, fr: str) -> None:
    with pytest.raises(RulesetError) as info:
        load_ruleset(tmp_path, BAD.replace("PARAMS", params))
    e = info.value
    assert e.field is not None and e.field.endswith(field), e.field
    assert en in str(e) and fr in e.in_lang("fr")


def test_first_needs_optional(tmp_path: Path) -> None:
    with pytest.raises(RulesetError) as info:
        load_ruleset(tmp_path, BAD.replace(", optional: true, PARAMS",
                                           ", seats: others(me), window: first"))
    assert "optional: true" in str(info.value) and info.value.field.endswith(".window")
    assert "window: first demande optional: true" in info.value.in_lang("fr")


def test_seats_that_are_not_seats_fail_naming_the_field(tmp_path: Path) -> None:
    game = load_ruleset(tmp_path, BAD.replace("PARAMS", "seats: '[\"a\"]', window: first"))
    st = game.new_game(seed=1, players=2)
    with pytest.raises(RulesetError) as info:
        st.play("go")
    assert info.value.field.endswith(".choose.seats")
    assert "seats must give a list of seats" in str(info.value)
    assert st.current_player == 0 and st.history == []


def test_the_reference_shows_this_game_and_its_snippet_plays(tmp_path: Path) -> None:
    from reference_examples import example

    assert example("Reaction windows", 1) == BLUFF.read_text(encoding="utf-8")
    snippet = example("Reaction windows", 0)
    indented = "".join("      " + line + "\n" for line in snippet.splitlines())
    text = SNIPPET.replace("      STEPS\n", indented)
    game = load_ruleset(tmp_path, text)
    st = game.new_game(seed=1, players=3)
    for m in ("go", "believe", "challenge"):
        st.play(m)
    assert lines(st) == ["P3 challenges"]


SNIPPET = """
id: snippet
name: {en: Snippet, fr: Extrait}
players: {min: 2, max: 4}
cards:
  - {id: token, name: {en: Token, fr: Jeton}}
zones:
  box: {visibility: public, deck: true}
moves:
  - id: go
    notation: go
    effects:
      STEPS
      - end_turn: true
end: []
outcomes: {}
view: {}
"""
