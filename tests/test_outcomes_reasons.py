"""The end of a game: an outcome's reason that goes through lists or
calls heavy functions is written when first read (``Outcome.reason``/``reasons``, the end
event's text), since people read it and bots never do; what is read is what the game would
have written at its end, and a ruleset's mistake in it is one sentence naming its field."""

from __future__ import annotations

import copy
import json
import pickle
import random
from pathlib import Path
from typing import Any

import pytest
from helpers import load_ruleset

import tabletop
from tabletop import RulesetError
from tabletop.analysis.checker import play_check
from tabletop.engine.compile.codegen import lazy_reason, plain_reason
from tabletop.engine.game import Game
from tabletop.rules.values import EndTexts, Event, Outcome, make_outcome

RULES = """\
id: ends
name: {en: Ends, fr: Fins}
players: {min: 2, max: 2}
cards: [{id: c1, value: 1}, {id: c2, value: 2}, {id: c3, value: 3}, {id: c4, value: 4}]
zones:
  pile: {deck: true, visibility: hidden}
  hand: {per_seat: true, visibility: owner}
derived:
  total: "sum(hand, it.value)"
  best: "max(map(seats(), sum(hand[it], it.value)))"
  tally: "join(map(seats(), join([seat_name(it), ' ', sum(hand[it], it.value)])), ', ')"
moves:
  - id: take
    notation: take
    effects:
      - deal: {from: pile, to: hand, count: 1}
      - end_turn: true
end:
  - {if: "size(pile) == 0 and option.broken == \\"no\\"", outcome: most}
  - {if: "size(pile) == 0", outcome: broken}
options:
  broken: {values: ["no", "yes"], default: "no"}
outcomes:
  most:
    winners: "filter(seats(), sum(hand[it], it.value) == best)"
    score: total
    reason: {en: "totals: {tally}", fr: "totaux : {tally}"}
  broken:
    winners: "[0]"
    reason: {en: "broken {size(pile) / size(pile)}{tally}", fr: "cassé {tally}"}
view: {hand: hand.code}
"""


def _played(g: Game, seed: int = 1, **options: str) -> Any:
    st = g.new_game(players=2, seed=seed, options=options)
    while not st.is_over:
        st.play("take")
    return st


def _counting(g: Game, name: str) -> list[int]:
    """Count the calls of an outcome's reason function (generated code, made lazy)."""
    values, write, lazy, plain = g.outcomes[name]
    calls = [0]

    def counted(st: Any) -> dict[str, str]:
        calls[0] += 1
        return write(st)
    g.outcomes[name] = (values, counted, lazy, plain)
    return calls


def test_a_heavy_reason_is_written_once_when_first_read(tmp_path: Path) -> None:
    g = load_ruleset(tmp_path, RULES)
    calls = _counting(g, "most")
    st = _played(g)
    o = st.outcome
    assert o is not None and o.name == "most" and calls == [0]  # not written at the end
    hands = {s: sum(g.spec.cards[u].attr("value") for u in st.zones[f"hand/{s}"])
             for s in range(2)}
    assert o.scores == (hands[0], hands[1]) and o.winners == tuple(
        s for s in range(2) if hands[s] == max(hands.values()))
    assert st.log[-1].kind == "end" and calls == [0]
    assert o.reason == f"totals: P1 {hands[0]}, P2 {hands[1]}" and calls == [1]
    assert o.reasons == {"en": o.reason, "fr": f"totaux : P1 {hands[0]}, P2 {hands[1]}"}
    assert st.log[-1].text == o.reasons and st.log[-1].text_in("fr") == o.reasons["fr"]
    assert calls == [1]  # once, however often and wherever it is read


def test_the_end_event_reads_first_and_writes_the_outcome_too(tmp_path: Path) -> None:
    g = load_ruleset(tmp_path, RULES)
    calls = _counting(g, "most")
    st = _played(g)
    end = st.log[-1]
    assert isinstance(end.text, EndTexts) and calls == [0]
    assert end.text_in("en").startswith("totals: P1 ") and calls == [1]
    assert st.outcome is not None and st.outcome.reason == end.text["en"] and calls == [1]


def test_what_is_read_later_is_what_the_end_would_have_written(tmp_path: Path) -> None:
    """The reason read after copies, determinised worlds and views of the finished game is
    the text of the game as it ended; the same as the interpreter's, written at once."""
    g = load_ruleset(tmp_path, RULES)
    for seed in range(6):
        st = _played(g, seed)
        later = st.copy()
        for seat in range(2):
            world = st.determinize(seat, random.Random(seed))
            assert world.outcome is st.outcome
            st.view(seat)
        o = st.outcome
        assert o is not None
        _winners, _scores, reasons = st._outcome_of("most")
        assert later.outcome is not None and later.outcome.reasons == reasons == o.reasons


@pytest.mark.parametrize("game_id", ["coffre-et-cle", "expedition-rivale", "arcane-duel"])
def test_shipped_reasons_read_later_are_the_interpreters(game_id: str) -> None:
    g = tabletop.load(game_id)
    assert all(lazy for _v, _w, lazy, _p in g.outcomes.values())
    rng = random.Random(5)
    for seed in range(4):
        st = g.new_game(players=g.spec.min_players, seed=seed)
        while not st.is_over:
            st.play(rng.choice(st.legal_moves()))
        o = st.outcome
        assert o is not None and o._write is not None  # not written yet
        copied = st.copy()  # as a bot or a tool would, before anything reads it
        assert copied.outcome is not None
        assert o.reasons == st._outcome_of(o.name)[2] == copied.outcome.reasons


def test_light_and_plain_reasons_are_written_at_the_end() -> None:
    """A text of light holes costs less than putting it off; a plain text is made once, at
    load (each outcome its own dict)."""
    scoundrel = tabletop.load("scoundrel")
    assert plain_reason(scoundrel.spec.outcomes["won"]) == {
        "en": "the dungeon is cleared", "fr": "le donjon est vidé"}
    pyramide = tabletop.load("pyramide-escape")
    assert not lazy_reason(pyramide, pyramide.spec.outcomes["won"])
    assert plain_reason(pyramide.spec.outcomes["won"]) is None
    for g in (scoundrel, pyramide):
        st = g.new_game(seed=3)
        rng = random.Random(3)
        while not st.is_over:
            st.play(rng.choice(st.legal_moves()))
        assert st.outcome is not None and st.outcome._write is None
        assert type(st.log[-1].text) is dict and st.log[-1].text == st.outcome.reasons
        assert st.log[-1].text is not st.outcome.reasons
    a, b = (scoundrel.new_game(seed=s) for s in (1, 2))
    for st in (a, b):
        st._finish("won")
    assert a.outcome is not None and b.outcome is not None
    assert a.outcome.reasons == b.outcome.reasons and a.outcome.reasons is not b.outcome.reasons


def test_a_lazy_end_event_is_an_event_like_any_other(tmp_path: Path) -> None:
    """Saved, compared, copied, pickled, dumped to JSON: the end event's text is the plain
    dict of the reasons (json's encoder reads a dict's storage, so to_dict gives a plain
    one)."""
    g = load_ruleset(tmp_path, RULES)
    st = _played(g)
    end = st.log[-1]
    d = end.to_dict()
    assert type(d["text"]) is dict and d["text"]["en"].startswith("totals: ")
    assert json.loads(json.dumps(d)) == d
    assert Event.from_dict(d) == end and end == Event.from_dict(d)
    fresh = _played(g)
    assert fresh.log[-1] == Event.from_dict(d)  # equal before either was read
    assert fresh.log[-1].text == d["text"] and d["text"] == _played(g).log[-1].text
    assert dict(_played(g).log[-1].text) == d["text"]
    assert pickle.loads(pickle.dumps(_played(g).log[-1])) == end
    assert copy.deepcopy(_played(g).log[-1]).text == d["text"]
    assert repr(_played(g).log[-1].text) == repr(d["text"])
    restored = tabletop.restore(_played(g).to_json())
    assert restored.outcome == st.outcome and restored.log[-1] == end


def test_an_outcome_is_still_a_frozen_value() -> None:
    o = Outcome((0,), (3, 1), "done", "won", {"en": "done", "fr": "fini"})
    later = make_outcome((0,), (3, 1), "", "won", {}, lambda: {"en": "done", "fr": "fini"})
    assert o == later and hash(o) == hash(later) and later.reason_in("fr") == "fini"
    assert o != Outcome((0,), (3, 1), "other", "won")
    assert repr(o) == ("Outcome(winners=(0,), scores=(3, 1), reason='done', name='won', "
                       "reasons={'en': 'done', 'fr': 'fini'})")
    with pytest.raises(AttributeError):
        o.name = "x"  # type: ignore[misc]
    lazy = make_outcome((1,), (0, 2), "", "won", {}, lambda: {"en": "a", "fr": "b"})
    assert pickle.loads(pickle.dumps(lazy)) == lazy and copy.copy(lazy).reasons["fr"] == "b"
    assert Outcome((), (0,), "r").reasons == {} and Outcome((), (0,), "r").name == ""


def test_a_mistake_in_a_reason_read_later_is_one_sentence_naming_its_field(
        tmp_path: Path) -> None:
    """The game is over (its winners and scores stand: nothing is undone once the end is
    played); reading why it ended raises one sentence with the file, line and field, each
    time it is read; `tabletop check` reports it as a problem of the end."""
    g = load_ruleset(tmp_path, RULES)
    st = _played(g, broken="yes")
    o = st.outcome
    assert o is not None and o.name == "broken" and o.winners == (0,)
    for read in (lambda: o.reason, lambda: o.reasons, lambda: st.log[-1].text_in("en"),
                 lambda: st.log[-1].to_dict(), st.to_json):
        with pytest.raises(RulesetError) as e:
            read()
        assert e.value.field == "outcomes.broken.reason" and e.value.line is not None
        assert "while writing why the game ended: division by zero" in str(e.value)
        assert "(a mistake in the ruleset)" in str(e.value) and "\n" not in str(e.value)
        assert "ruleset.yaml" in str(e.value)
    report = play_check(g, games=4, seconds=20)
    assert [p.kind for p in report.problems] == ["end"]
    assert "outcomes.broken.reason" in report.problems[0].message
