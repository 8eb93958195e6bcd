"""The move's life around the expressions made cheaper: the game's
shuffle, a new game made from a prepared start, log lines, the end check and the undo
snapshot. Each must leave the game exactly as it was: the same cards in the same order, the
same events in every language, the same saves."""

from __future__ import annotations

import json
import random
from pathlib import Path

import attrs
import pytest
from helpers import load_ruleset

import tabletop
from tabletop import RulesetError
from tabletop.engine.base import shuffle
from tabletop.engine.game import Game
from tabletop.rules.values import make_event


class _Draws(random.Random):
    """A generator of another class: shuffled by its own method."""

    def shuffle(self, x: list[int]) -> None:  # type: ignore[override]
        x.reverse()


@pytest.mark.parametrize("size", [0, 1, 2, 3, 5, 17, 44, 52, 130])
def test_shuffle_draws_as_random_does(size: int) -> None:
    for seed in range(40):
        a, b = random.Random(seed), random.Random(seed)
        x, y = list(range(size)), list(range(size))
        a.shuffle(x)
        shuffle(b, y)
        assert x == y
        assert a.getstate() == b.getstate()  # the same draws: what follows is the same too


def test_shuffle_leaves_another_generator_its_own_method() -> None:
    x = [1, 2, 3]
    shuffle(_Draws(1), x)
    assert x == [3, 2, 1]


def test_new_games_start_alike_whatever_came_before() -> None:
    """A new game is made from a start prepared once per number of players: games made one
    after another, for other player counts and with a stacked deck in between, are the same
    as a game made first, and share no zone or table of vars."""
    game = tabletop.load("push-to-five")
    first = game.new_game(players=3, seed=11).to_json()
    game.new_game(players=2, seed=4).play("flip")
    game.new_game(players=3, seed=5, deck=["+5", "x2"])
    again = game.new_game(players=3, seed=11)
    assert again.to_json() == first
    assert list(again.zones) == ["facedown", "flipped", "_box"]
    assert list(again.vars)[:6] == ["phase", "turn_pts", "shield", "turn_cards", "passes",
                                    "playoff"]
    other = game.new_game(players=3, seed=11)
    assert other.vars is not again.vars
    assert all(other.zones[k] is not again.zones[k] for k in again.zones)
    again.play("flip")
    assert game.new_game(players=3, seed=11).to_json() == first


def test_a_stacked_deck_leaves_the_rest_in_the_box() -> None:
    game = tabletop.load("scoundrel")
    st = game.new_game(seed=1, deck=["7D", "2C", "10H", "AS"])
    cards = game.spec.cards
    assert [cards[i].code for i in st.zones["room"]] == ["7D", "2C", "10H", "AS"]
    assert st.zones["dungeon"] == [] and st.log == []  # no shuffle when the deck is stacked
    assert len(st.zones["_box"]) == len(cards) - 4
    assert all(st.where[i] == "_box" for i in st.zones["_box"])
    assert all(st.where[i] == "room" for i in st.zones["room"])
    shuffled = game.new_game(seed=1)
    assert [e.text for e in shuffled.log][0] == {"en": "shuffled dungeon",
                                                 "fr": "dungeon mélangé"}


LOUD = """\
id: loud
name: {en: Loud, fr: Bruyant}
players: {min: 1, max: 1}
cards: [{id: c1, name: {en: "A long name for a card", fr: "Un long nom de carte"}},
        {id: c2, name: {en: "Another long card name", fr: "Encore un long nom"}}]
zones:
  pile: {deck: true, visibility: hidden}
  table: {visibility: public, order: row}
vars: {n: {initial: 0}}
procedures:
  shout:
    - add: {n: 1}
    - log: {en: "{n}: {pile} and 'again' \\\\ {n}, a line long enough to fill the work budget \\
                 before the steps run out", fr: "{n} : {pile}"}
    - if: "n < 90000"
      then:
        - do: shout
moves:
  - id: shout
    notation: shout
    effects:
      - do: shout
  - id: say
    notation: say
    effects:
      - log: {en: "{n} {'x' if n == 0 else null} {[n, null, true]}", fr: "plain"}
      - announce: {en: "nobody's {size(pile)}", fr: "personne"}
end: [{if: "n < 0", outcome: done}]
outcomes: {done: {winners: "[0]", reason: {en: done, fr: fini}}}
view: {n: n}
"""


def _interpreted(game: tabletop.Game) -> tabletop.Game:
    """The same game run by the step-by-step interpreter only (no generated code)."""
    g = Game(game.spec, game.source_ref)
    g.segments = [{} for _ in g.segments]
    return g


def test_log_lines_read_as_the_interpreter_writes_them(tmp_path: Path) -> None:
    game = load_ruleset(tmp_path, LOUD)
    for g in (game, _interpreted(game)):
        st = g.new_game(seed=1, deck=["c1", "c2"])
        events = st.play("say")
        assert [(e.kind, e.seat, e.text, e.data, e.private_to) for e in events] == [
            ("log", 0, {"en": "0 x 0, none, yes", "fr": "plain"}, {}, None),
            ("log", None, {"en": "nobody's 2", "fr": "personne"}, {}, None)]
        assert events[0] == make_event("log", 0, {"en": "0 x 0, none, yes", "fr": "plain"},
                                       {}, None)


def test_a_ruleset_that_logs_without_end_stops_at_the_work_limit(tmp_path: Path) -> None:
    """Each line's characters count as work, in the generated code as in the interpreter:
    a ruleset that logs without end stops at the same line, with the same sentence naming
    the log step, and the move is undone."""
    game = load_ruleset(tmp_path, LOUD)
    seen = []
    for g in (game, _interpreted(game)):
        st = g.new_game(seed=1, deck=["c1", "c2"])
        with pytest.raises(RulesetError, match="more than 2000000 items") as info:
            st.play("shout")
        assert info.value.field == "procedures.shout.1"
        assert st.vars["n"] == 0 and st.history == [] and st.log == []
        seen.append(str(info.value))
        st.quiet = True  # no line written: the step budget is what stops it then
        with pytest.raises(RulesetError, match="more than 100000 steps"):
            st.play("shout")
    assert seen[0] == seen[1]


def _saved(st: tabletop.State) -> dict[str, object]:
    """A state as saved, but its random generator: a failed move's draws stay drawn (as
    before the snapshot kept zones lazily)."""
    data = json.loads(st.to_json())
    del data["state"]["rng"]
    return data


@pytest.mark.parametrize("game_id", tabletop.games())
def test_a_move_that_fails_half_way_leaves_no_trace(game_id: str,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """A move is undone whatever step it fails at: the zones and the seats' knowledge, which
    the snapshot keeps only as each step first changes them, come back as they were, with
    everything else. The failure is forced by a work budget too small for the move."""
    game = tabletop.load(game_id)
    players = game.spec.min_players
    rng = random.Random(5)
    work = tabletop.lang.expr.Work
    failed = 0
    for seed in range(3):
        st = game.new_game(players=players, seed=seed)
        while not st.is_over and st.move_count < 60:
            legal = st.legal_moves()
            m = rng.choice(legal)
            before = (_saved(st), st.where[:], [set(k) for k in st.known],
                      [e.to_dict() for e in st.log], st.zones)
            for budget in (1, 8, 30, 90, 300):
                trial = st.copy()
                trial.legal_moves()
                monkeypatch.setattr(type(work), "reset",
                                    lambda self, b=budget: setattr(self, "left", b))
                try:
                    trial.play(m)
                except RulesetError as e:
                    assert "more than" in str(e)
                    failed += 1
                    assert (_saved(trial), trial.where, trial.known,
                            [e.to_dict() for e in trial.log]) == before[:4]
                    assert trial._undo_zones is None and trial._undo_known is None
                finally:
                    monkeypatch.undo()
            st.play(m)
            assert st.zones is before[4]  # kept: played, not rebuilt
    assert failed > 0


def test_a_copy_waiting_on_a_question_has_its_own_equal_question() -> None:
    game = tabletop.load("arcane-duel")
    rng = random.Random(2)
    st = game.new_game(players=2, seed=2)
    while st.pending is None:
        st.play(rng.choice(st.legal_moves()))
    c = st.copy()
    assert c.pending == st.pending and c.pending is not st.pending
    assert attrs.asdict(c.pending, recurse=False) == attrs.asdict(st.pending, recurse=False)
    before = (st.to_json(), [m.text for m in st.legal_moves()])
    c.play(c.legal_moves()[0])  # the copy answers: the original still waits, unchanged
    assert (st.to_json(), [m.text for m in st.legal_moves()]) == before
    unseeded = st.copy(rng=False)
    unseeded.rng = random.Random(7)  # as its callers do
    assert unseeded.rng.random() == random.Random(7).random()


ASKS = """\
id: asks
name: {en: Asks, fr: Questions}
players: {min: 1, max: 1}
cards: [{id: c1, count: 2}, {id: c2}]
zones:
  pile: {deck: true, visibility: public}
  taken: {visibility: public}
vars: {got: {initial: null}}
moves:
  - id: one
    notation: one
    effects:
      - choose: {from: '["a b", "c"]', var: x, notation: "say {choice}", seat: me}
      - set: {got: x}
  - id: two
    notation: two
    effects:
      - choose: {from: '["b", "d"]', var: x, notation: "say a {choice}", seat: me}
      - set: {got: x}
  - id: card
    notation: card
    effects:
      - choose: {from: pile, var: x, notation: "take {choice}", seat: me}
      - set: {got: x}
      - move: {what: x, to: taken}
end: [{if: "false", outcome: done}]
outcomes: {done: {winners: "[0]", reason: {en: done, fr: fini}}}
view: {taken: "size(taken)"}
"""


def test_answers_that_read_alike_keep_their_own_value(tmp_path: Path) -> None:
    """The answers of a question are made once per text and value, kept by the game: two
    questions whose answers read alike ("say a b") still answer their own value, and two
    copies of a card their own copy."""
    game = load_ruleset(tmp_path, ASKS)
    st = game.new_game(seed=1, deck=["c1", "c2"])
    for first, answer, value in (("one", "say a b", "a b"), ("two", "say a b", "b"),
                                 ("one", "say a b", "a b")):
        st.play(first)
        assert [m.text for m in st.legal_moves()][0] == answer
        st.play(answer)
        assert st.vars["got"] == value
    st = game.new_game(seed=1, deck=["c1", "c1", "c2"])
    taken = []
    for _ in range(2):  # the same text, "take c1", for each copy in turn
        st.play("card")
        assert [m.text for m in st.legal_moves()] == ["take c1", "take c2"]
        st.play("take c1")
        taken.append(st.vars["got"].uid)
    assert taken == [c.uid for c in game.spec.cards if c.code == "c1"]
    assert st.vars["got"] is game.spec.cards[taken[1]]
