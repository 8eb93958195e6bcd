"""Frames only when a question is really asked: a block that *can* ask (a
``choose`` in it, in a branch, a procedure, a loop's body, a card's effect or a hook an end of
turn runs), and a procedure or hook that calls itself, runs as generated Python code without
frames; only when a question is actually asked (or the step budget runs low, or the calls go
deep) are the frames the interpreter would have at that point made, and the interpreter goes on
from there. What a player or an author would notice stays as it was: the same events, views,
questions and frames after every move as the step-by-step interpreter; a save made while a
question waits (by main, before this change) loads and plays on identically; a mistake inside
such a block names its own field and undoes the move; the step limit stops a runaway at the
same step with the same sentence, and the limit on waiting blocks counts the frames not made."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from helpers import Counting, frames_as_saved, interpreter_only, load_ruleset, play_alike
from test_effects_as_interpreted import _check_source

import tabletop
from tabletop import RulesetError
from tabletop.engine.compile.codegen import flat_source, segments_source
from tabletop.registry import restore
from tabletop.testing import replay

_ONES = "[" + ", ".join(["1"] * 14) + "]"

RULES = """\
id: asking
name: {en: Asking, fr: Questions}
players: {min: 2, max: 3}
cards:
  - {id: c1, value: 1, effects: {use: [{add: {score: 1}}, {log: {en: "one", fr: "un"}}]}}
  - id: c2
    value: 2
    effects:
      use:
        - choose: {from: '["a", "y"]', var: got, seat: me, notation: "take {choice}",
                   prompt: {en: "Take a or y", fr: "Prenez a ou y"}}
        - set: {pick: got}
  - {id: c0, value: 0}
  - id: c3  # a mistake: third on the table after the answer a
    value: 3
    effects:
      use: [{add: {score: '10 / (this.value - size(table)) if pick == "a" else 1'}}]
  - {id: c4, value: 4}
  - {id: c5, value: 5}
zones:
  pile: {deck: true, visibility: public}  # (cards are played from it by name)
  table: {visibility: public, order: row}
vars:
  score: {initial: 0}
  pick: {initial: null}
  ends: {initial: 0}
  starts: {initial: 0}
  rounds: {initial: 0}
  skip: {initial: null}
  asker: {initial: null}
  spin: {initial: false}
  v256: {initial: null}
  v512: {initial: null}
  v1024: {initial: null}
  v4096: {initial: null}
  inner: {initial: null}
  outer: {initial: null}
procedures:
  resolve:
    - let: {n: card.value}
    - if: "n == 0"
      then:
        - choose: {from: '["a", "b"]', var: answer, seat: me, notation: "say {choice}",
                   prompt: {en: "Say a or b", fr: "Dites a ou b"}}
        - set: {pick: answer}
    - choose: {from: "filter(table, it.value == 9)", var: nine, seat: me,
               notation: "nine {choice}"}
    - for_each:
        in: "[1, 2, 3]"
        var: k
        do:
          - if: "k == 2 and n == 4"
            then:
              - choose: {from: "[10, 20]", var: kk, seat: me, notation: "add {choice}",
                         prompt: {en: "Add 10 or 20", fr: "Ajoutez 10 ou 20"}}
              - add: {score: kk}
          - add: {score: k}
    - card_effect: {name: use, card: table}
    - if: "n == 5"
      then:
        - set: {skip: "next_seat(me)", asker: "next_seat(next_seat(me))"}
    - log: {en: "resolved {score}", fr: "résolu {score}"}
  countdown:  # calls itself, as deep as the score
    - if: "score > 0"
      then:
        - add: {score: -1}
        - do: countdown
      else:
        - choose: {from: '["p", "q"]', var: last, seat: me, notation: "end {choice}",
                   optional: true, pass: {en: skip, fr: passer},
                   prompt: {en: "End with p or q", fr: "Finissez par p ou q"}}
        - set: {pick: last}
  forever:  # calls itself without end
    - add: {score: 0}
    - if: "score >= 0"
      then:
        - do: forever
    - choose: {from: '["m", "n"]', var: never, seat: me, notation: "never {choice}"}
  edging:
    - for_each:
        in: outer
        var: o
        do:
          - if: "o == 2"
            then:
              - choose: {from: '["s", "t"]', var: nope, seat: me, notation: "nope {choice}"}
          - for_each:
              in: inner
              var: i
              do:
                - add: {score: 0}
moves:
  - id: play
    notation: "play {card}"
    args: {card: {from: pile}}
    effects:
      - move: {what: card, to: table}
      - do: resolve
      - if: "score > 60"
        then:
          - end: high
      - end_turn: true
  - id: count
    notation: count
    effects:
      - do: countdown
      - end_turn: true
  - id: forever
    notation: forever
    effects:
      - do: forever
  - id: spin
    notation: spin
    effects:
      - set: {spin: true}
      - end_turn: true
  - id: grow
    notation: grow
    effects:
      - set: {v256: "[1, 1, 1, 1, 1, 1, 1, 1]"}
      - set: {v256: "v256 + v256"}
      - set: {v256: "v256 + v256"}
      - set: {v256: "v256 + v256"}
      - set: {v256: "v256 + v256"}
      - set: {v256: "v256 + v256"}
      - set: {v512: "v256 + v256"}
      - set: {v1024: "v512 + v512"}
      - set: {v4096: "v1024 + v1024 + v1024 + v1024"}
      - set: {inner: "v4096 + v1024 + v512 + v256 + ONES"}
  - id: under
    notation: edge under
    effects:
      - set: {outer: v4096}
      - do: edging
  - id: over
    notation: edge over
    effects:
      - set: {outer: "v4096 + [1]"}
      - do: edging
hooks:
  turn_end:
    - add: {ends: 1}
  turn_start:
    - add: {starts: 1}
    - if: "spin or me == skip"
      then:
        - set: {skip: null}
        - end_turn: true
    - if: "me == asker"
      then:
        - set: {asker: null}
        - choose: {from: '["up", "down"]', var: way, seat: me, notation: "go {choice}",
                   prompt: {en: "Up or down", fr: "En haut ou en bas"}}
        - log: {en: "goes {way}", fr: "va {way}"}
  round_end:
    - add: {rounds: 1}
    - if: "rounds == 3 and not spin"
      then:
        - choose: {from: '["red", "blue"]', var: colour, seat: 0, notation: "colour {choice}",
                   prompt: {en: "Red or blue", fr: "Rouge ou bleu"}}
        - log: {en: "colour {colour}", fr: "couleur {colour}"}
    - if: "rounds >= 6 and not spin"
      then:
        - end: late
end: []
outcomes:
  high: {winners: "[0]", reason: {en: "high score", fr: "gros score"}, score: score}
  late: {winners: "[1]", reason: {en: "six rounds", fr: "six manches"}, score: score}
view: {table: table.code, score: score, pick: pick, ends: ends, starts: starts,
       rounds: rounds}
""".replace("ONES", _ONES)


def _state(st: Any) -> Any:
    return (st.view(0), st.view(1), dict(st.vars), st.turn_seat, st.turn, st.round,
            frames_as_saved(st), st.outcome, st.prompt("en"), st.prompt("fr"),
            None if st.pending is None else st.pending.seat)


# the runaways and the long loops: tested below
_SLOW = ("forever", "spin", "grow", "edge under", "edge over")


@pytest.mark.parametrize("players", [2, 3])
def test_every_move_is_the_interpreters(tmp_path: Path, players: int) -> None:
    g = load_ruleset(tmp_path, RULES)
    slow = interpreter_only(g)
    asked = 0
    for seed in range(16):
        a = g.new_game(players=players, seed=seed)
        b = slow.new_game(players=players, seed=seed)
        rng = random.Random(seed)
        for _ in range(200):
            if a.is_over:
                break
            legal = [m.text for m in a.legal_moves() if m.text not in _SLOW]
            assert legal == [m.text for m in b.legal_moves() if m.text not in _SLOW]
            text = rng.choice(legal)
            play_alike(a, b, text)
            assert _state(a) == _state(b)
            asked += a.pending is not None
        assert a.outcome == b.outcome and a.outcome is not None
        assert replay(a).view(0) == a.view(0)
    assert asked > 50


@pytest.mark.usefixtures("count_frames")
def test_frames_are_made_only_when_a_question_is_asked(tmp_path: Path) -> None:
    g = load_ruleset(tmp_path, RULES)
    slow = interpreter_only(g)
    deck = ["c1", "c4", "c0", "c2", "c3", "c5"]
    st = g.new_game(players=2, seed=1, deck=deck)
    Counting.pushed = 0
    events = st.play("play c1")  # branches, a choose of no item, a loop, the card's effect
    assert Counting.pushed == 0 and st.pending is None
    assert [e.text["en"] for e in events] == ["one", "resolved 7"]
    assert (st.view(0)["ends"], st.view(0)["starts"], st.current_player) == (1, 2, 1)
    # the second item of the loop asks: the frames the interpreter has while it waits
    st.play("play c4")
    assert st.prompt("en") == "Add 10 or 20" and st.prompt("fr") == "Ajoutez 10 ou 20"
    assert Counting.pushed == 4  # made at once, when asked (the move's own aside)
    other = slow.new_game(players=2, seed=1, deck=deck)
    other.play("play c1")
    other.play("play c4")
    assert frames_as_saved(st) == frames_as_saved(other)
    resolve = g.spec.procedures["resolve"]
    loop = resolve.steps[3].body
    assert [(f.block.id, f.index) for f in st.frames] == [
        (g.spec.moves[0].effects.id, 2), (resolve.id, 4), (loop.id, 0),
        (loop.id, 1), (loop.steps[0].then.id, 1)]
    Counting.pushed = 0
    events = st.play("add 20")
    assert Counting.pushed == 0 and not st.frames
    assert [e.text["en"] for e in events] == ["one", "resolved 34"]
    assert st.view(0)["score"] == 34 and st.current_player == 0


def test_every_question_waits_with_the_interpreters_frames_and_resumes_from_a_save(
        tmp_path: Path) -> None:
    """Questions asked in a branch, a loop's body, a card's effect (cards left after it),
    turn_start and round_end (run by an end of turn), and below a procedure calling itself:
    saved while each waits, loaded, and answered alike."""
    g = load_ruleset(tmp_path, RULES)
    slow = interpreter_only(g)
    prompts = set()
    for seed in range(6):
        a = g.new_game(players=3, seed=seed)
        b = slow.new_game(players=3, seed=seed)
        rng = random.Random(seed)
        while not a.is_over:
            text = rng.choice([m.text for m in a.legal_moves() if m.text not in _SLOW])
            again = None
            if a.pending is not None:
                prompts.add(a.prompt("en"))
                again = restore(a.to_json())  # saved while the question waits, then loaded
                assert frames_as_saved(again) == frames_as_saved(a) == frames_as_saved(b)
                assert again.prompt("fr") == a.prompt("fr")
            try:
                events = [e.to_dict() for e in a.play(text)]
            except RulesetError as e:  # (c3's mistake: the move undone, in all three)
                with pytest.raises(RulesetError) as info:
                    b.play(text)
                assert (e.field, str(e)) == (info.value.field, str(info.value))
                if again is not None:
                    with pytest.raises(RulesetError):
                        again.play(text)
                continue
            assert events == [e.to_dict() for e in b.play(text)]
            if again is not None:
                assert [e.to_dict() for e in again.play(text)] == events
                assert _state(again) == _state(a)
            assert _state(a) == _state(b)
    assert prompts == {"Say a or b", "Add 10 or 20", "Take a or y", "Up or down",
                       "Red or blue", "End with p or q"}


def test_a_procedure_that_calls_itself_asks_below_its_frames(tmp_path: Path) -> None:
    """countdown calls itself once per point of score (71 frames deep in the
    interpreter): the function hands over past 64 frames not made, and the question at the
    bottom waits with all the frames the interpreter has."""
    g = load_ruleset(tmp_path, RULES)
    slow = interpreter_only(g)
    deck = ["c1", "c4", "c0", "c2", "c3", "c5"]
    states = []
    for game in (g, slow):
        st = game.new_game(players=2, seed=3, deck=deck)
        st.play("play c1")
        st.play("play c4")
        st.play("add 20")
        assert st.view(0)["score"] == 34
        st.play("count")  # 34 levels: the move's frame, two a level, the last two
        assert st.prompt("en") == "End with p or q" and len(st.frames) == 71
        states.append((_state(st), restore(st.to_json()).to_json()))
        st.play("end q")
        assert st.view(0)["pick"] == "q" and st.current_player == 1 and not st.frames
        states.append(_state(st))
    assert states[:2] == states[2:]


@pytest.mark.parametrize("move", ["forever", "spin"])
def test_a_runaway_that_calls_itself_stops_at_the_same_step_with_the_same_sentence(
        tmp_path: Path, move: str) -> None:
    """A procedure calling itself without end, and a turn start that ends every turn (its
    end of turn runs turn_start again): the step limit trips at the same step, the same
    sentence, and the move is undone."""
    g = load_ruleset(tmp_path, RULES)
    seen = []
    for game in (g, interpreter_only(g)):
        st = game.new_game(players=3, seed=1)
        before = (_state(st), list(st.history))
        with pytest.raises(RulesetError, match="more than 100000 steps") as info:
            st.play(move)
        assert (_state(st), st.history) == before
        seen.append((info.value.field, str(info.value)))
    assert seen[0] == seen[1]


def test_a_mistake_in_a_loop_that_can_ask_names_its_field_and_undoes_the_move(
        tmp_path: Path) -> None:
    g = load_ruleset(tmp_path, RULES)
    st = g.new_game(players=2, seed=1, deck=["c1", "c0", "c3", "c2", "c4", "c5"])
    st.play("play c1")
    st.play("play c0")
    st.play("say a")
    before = (_state(st), list(st.history), len(st.log))
    with pytest.raises(RulesetError, match="division by zero") as info:
        st.play("play c3")  # third on the table: c3's effect divides by 3 - 3
    assert info.value.field == "cards.3.effects.use.0"
    assert "was not played" in str(info.value)
    assert (_state(st), st.history, len(st.log)) == before


def test_a_mistake_after_a_question_in_a_card_effect_names_its_field(tmp_path: Path) -> None:
    g = load_ruleset(tmp_path, RULES)
    st = g.new_game(players=2, seed=1, deck=["c1", "c2", "c3", "c0", "c4", "c5"])
    st.play("play c1")
    st.play("play c2")
    st.play("take y")
    st.play("play c3")  # c2's effect asks first, c3's frame waits below
    assert st.prompt("en") == "Take a or y"
    before = (_state(st), list(st.history), len(st.log))
    with pytest.raises(RulesetError, match="division by zero") as info:
        st.play("take a")  # then c3's effect divides by 3 - 3
    assert info.value.field == "cards.3.effects.use.0"
    assert (_state(st), st.history, len(st.log)) == before
    assert st.prompt("en") == "Take a or y"  # the question still waits


@pytest.mark.parametrize(("move", "limit"), [("edge over", "blocks waiting"),
                                              ("edge under", "steps")])
def test_the_limit_on_waiting_blocks_counts_the_items_left_of_a_loop_that_can_ask(
        tmp_path: Path, move: str, limit: str) -> None:
    """A loop whose body can ask, with a loop inside: at the first item the interpreter has
    the move's frame, the procedure's, the 4,095 (or 4,096) items left, the body's frame,
    and 5,902 more to push: 10,000 blocks waiting (within the limit: the step limit trips
    later) or 10,001 (over it). The body run by its function counts the frames not made."""
    g = load_ruleset(tmp_path, RULES)
    seen = []
    for game in (g, interpreter_only(g)):
        st = game.new_game(players=2, seed=1)
        st.play("grow")
        assert len(st.vars["v4096"]) == 4096 and len(st.vars["inner"]) == 5902
        with pytest.raises(RulesetError, match=limit) as info:
            st.play(move)
        seen.append((info.value.field, str(info.value)))
    assert seen[0] == seen[1]


def test_the_generated_code_holds_only_our_names(tmp_path: Path) -> None:
    g = load_ruleset(tmp_path, RULES)
    made = 0
    for block in g.all_blocks:
        _check_source(segments_source(g, block))
        source = flat_source(g, block)
        if source:
            made += 1
            _check_source(source)
    assert made >= 12
    for game_id in tabletop.games():
        game = tabletop.load(game_id)
        for block in game.all_blocks:
            _check_source(flat_source(game, block))
