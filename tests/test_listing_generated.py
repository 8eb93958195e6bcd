"""The legal moves are listed by code generated at load, one function per move
(tabletop/engine/compile/listing.py): it lists exactly what the interpreter lists (the same
moves, in the
same order, the same work counted), its source holds only our own names (the ruleset's words reach
it as string constants), and a ruleset's mistake met while listing still names its field."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest
from helpers import load_ruleset

import tabletop
from tabletop.engine.compile.listing import (
    _BASE,
    _reads_no_argument,
    lister_source,
    make_phase_lister,
    phase_source,
)
from tabletop.engine.context import ENGINE_FUNCTIONS, Ctx
from tabletop.errors import RulesetError
from tabletop.lang.expr import CARD_SLOTS, CORE, HELPERS, Work
from tabletop.rules.values import CHOICE, Move

GAMES = ["scoundrel", "arcane-duel", "arcane-arena", "aria", "coffre-et-cle", "deck-menteur",
         "expedition-rivale", "push-to-five", "pyramide-escape"]


def _both(st: tabletop.State) -> tuple[list[Move], list[Move], int, int]:
    """The free moves listed by the generated code and by the interpreter, and the work
    each counted."""
    out = []
    for which in (st._free_moves, st._free_moves_interpreted):
        Work.reset()
        st._derived_memo = {}
        try:
            moves = which()
        finally:
            st._derived_memo = None
        out.append((moves, Work.left))
    (a, wa), (b, wb) = out
    return a, b, wa, wb


@pytest.mark.parametrize("game_id", GAMES)
def test_generated_listing_agrees_with_the_interpreter(game_id: str) -> None:
    game = tabletop.load(game_id)
    checked = 0
    for seed in range(12):
        for players in sorted({game.spec.min_players, game.spec.max_players}):
            st = game.new_game(players=players, seed=seed)
            rng = random.Random(seed)
            while not st.is_over:
                if st.pending is None:
                    a, b, wa, wb = _both(st)
                    assert a == b and [m.text for m in a] == [m.text for m in b]
                    assert wa == wb  # the same expressions evaluated
                    checked += 1
                else:  # the answers, as the general notation renders them
                    p = st.pending
                    texts = [st._render(p.notation, {"choice": v}, seats=p.seats)
                             for v in p.options]
                    want = [Move(CHOICE, (("choice", v),), t)
                            for i, (v, t) in enumerate(zip(p.options, texts, strict=True))
                            if t not in texts[:i]]
                    if p.optional:
                        want.append(Move(CHOICE, (("choice", None),), " ".join(p.pass_notation)))
                    assert st._pending_moves() == want
                st.play(rng.choice(st.legal_moves()))
    assert checked > 50


# names the generated listing may hold besides the expressions' own (_a1, _t0...)
_ALLOWED = {"st", "me", "out", "seen", "loc", "ctx", "_all", "_text", "_saved", "_kept", "_m",
            "_cards", "_it", "_y", "_once", "_w", *(HELPERS.keys() - {"__builtins__"}),
            *CORE.namespace, *ENGINE_FUNCTIONS.namespace, *_BASE}
# the context's own reads (Ctx's methods), and the few attributes the listers use
_ATTRS = {*(n for n in vars(Ctx) if not n.startswith("__")), "locals", "get", "append", "add",
          "code", "attr_table", "_token", "sees", "hidden_word", "seat_name", "clear", "left",
          "spend", "uid", "text",
          "vars", "options", "players",
          *CARD_SLOTS}  # a card's own slots, read from a value known to be a card (ours)


def _check_source(source: str) -> None:
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Name):
            ok = node.id in _ALLOWED or node.id[:2] in ("_a", "_t", "_k", "_x", "_d", "_i", "_z",
                                                        "_c", "_v")
            assert ok and node.id[2:].isdigit() or node.id in _ALLOWED, (node.id, source)
        elif isinstance(node, ast.Attribute):
            assert node.attr in _ATTRS, (node.attr, source)
        elif isinstance(node, ast.Call):
            assert isinstance(node.func, ast.Name | ast.Attribute)
        assert not isinstance(node, ast.Import | ast.ImportFrom | ast.Lambda | ast.Global)


def _phases(game: tabletop.Game) -> list[list]:
    """The moves of each phase of a game (all of them when no move names a phase)."""
    names = sorted({p for ms in game.spec.moves for p in (ms.phases or ())})
    return [[ms for ms in game.spec.moves if ms.phases is None or p in ms.phases]
            for p in names] or [list(game.spec.moves)]


@pytest.mark.parametrize("game_id", GAMES)
def test_generated_listing_holds_only_our_names(game_id: str) -> None:
    game = tabletop.load(game_id)
    for ms in game.spec.moves:
        made = lister_source(game, ms)
        if made is not None:
            _check_source(made[0])
    for moves in _phases(game):  # one lister per phase, in each of its forms
        for hoist in (True, False):
            for keep in (True, False):
                _check_source(phase_source(game, moves, hoist, keep)[0])


@pytest.mark.parametrize("game_id", ["scoundrel", "arcane-duel", "coffre-et-cle",
                                     "expedition-rivale", "pyramide-escape"])
def test_each_form_of_a_phase_lister_agrees_with_the_interpreter(game_id: str) -> None:
    """A phase's lister with and without derived values in Python variables, with and without
    the arguments in the locals: the interpreter's moves and work, at every free decision."""
    game = tabletop.load(game_id)
    forms = []
    for moves in _phases(game):
        for hoist in (True, False):
            for keep in (True, False):
                source, values = phase_source(game, moves, hoist, keep)
                ns = dict(_BASE)
                ns.update(game.spec.function_table.namespace)
                ns.update({k: v for k, v in values.items() if k not in ("_calls_ctx", "_body")})
                try:
                    exec(compile(source, "<test>", "exec"), ns)  # noqa: S102
                except SyntaxError:  # (a derived value read where Python refuses :=)
                    assert hoist
                    continue
                forms.append(({ms.id for ms in moves}, ns["_lister"]))
    checked = 0
    for seed in range(6):
        st = game.new_game(players=game.spec.min_players, seed=seed)
        rng = random.Random(seed)
        while not st.is_over:
            if st.pending is None:
                phase = st.vars.get("phase")
                want = [m for m in st._free_moves_interpreted()]
                Work.reset()
                st._derived_memo = {}
                try:
                    st._free_moves_interpreted()
                finally:
                    st._derived_memo = None
                work = Work.left
                ids = {ms.id for ms in game.spec.moves
                       if ms.phases is None or phase in ms.phases}
                for moves, lister in forms:
                    if moves != ids:
                        continue
                    out: list[Move] = []
                    Work.reset()
                    st._derived_memo = {}
                    try:
                        lister(st, st.turn_seat, Ctx(st, {}), out, set())
                    finally:
                        st._derived_memo = None
                    assert out == want and Work.left == work
                    checked += 1
            st.play(rng.choice(st.legal_moves()))
    assert checked > 20


def test_a_phase_lister_writes_the_arguments_when_something_may_read_them() -> None:
    """Without the arguments in the locals only when no code may read them there: a ruleset
    function, a derived value that is not remembered or a name looked up reads the locals."""
    assert _reads_no_argument("def f(ctx):\n    return ctx.cards('x')\n", set())
    assert _reads_no_argument("def f(ctx, loc):\n    loc['it'] = loc.get('it')\n", set())
    for source in ("ctx.own('f', 1)", "_k3(ctx)", "ctx.lookup('card')", "ctx.locals.get('card')",
                   "_la(ctx.locals, 'card', 'value')", "_f_allowed(ctx, 1)", "g(loc)"):
        assert not _reads_no_argument(f"def f(ctx, loc):\n    return {source}\n", set())
    assert _reads_no_argument("def f(ctx):\n    return _k3(ctx)\n", {"_k3"})


LOCALS_READ = """id: locals-read
name: {en: Locals, fr: Locaux}
players: {min: 1, max: 1}
cards: [{suits: [S], ranks: [2, 3, 4, 5]}]
zones:
  deck: {deck: true}
  hand: {}
setup:
  - deal: {from: deck, to: hand, count: 3}
functions:
  big: {args: [x], value: "x.value > 2"}
derived:
  chosen: "card.value"
  smalls: "filter(hand, it.value < 5)"
moves:
  - id: play
    notation: "play {card}"
    args:
      card: {from: hand}
    require: [{if: 'chosen > 2', why: {en: "small", fr: "petite"}}]
    effects: []
  - id: keep
    notation: "keep {card}"
    args:
      card: {from: hand}
    require: [{if: 'big(card)', why: {en: "small", fr: "petite"}}]
    effects: []
  - id: count
    notation: "count"
    require: [{if: 'count(smalls, it.value > 2) > 0', why: {en: "none", fr: "aucune"}}]
    effects: []
end: [{if: "size(hand) == 0", outcome: done}]
outcomes: {done: {winners: "[0]", reason: {en: done, fr: fini}}}
view: {}
"""


def test_a_derived_value_reading_an_argument_sees_each_binding(tmp_path: Path) -> None:
    """A derived value that reads a move's argument from the locals (so not remembered)
    sees each binding in turn in a phase's lister, as in the interpreter."""
    game = load_ruleset(tmp_path, LOCALS_READ)
    st = game.new_game(seed=1, deck=["2S", "4S", "5S", "3S"])
    texts = [m.text for m in st.legal_moves()]
    assert sorted(texts) == ["count", "keep 4S", "keep 5S", "play 4S", "play 5S"]
    assert st._free_moves_interpreted() == st.legal_moves()
    # a remembered derived value read where Python refuses an assignment (the items of a
    # comprehension): that phase's lister reads it through its reader, as a move's own does
    with pytest.raises(SyntaxError):
        compile(phase_source(game, [game.spec.moves[2]])[0], "<test>", "exec")
    lister = make_phase_lister(game, list(game.spec.moves))
    out: list[Move] = []
    lister(st, 0, Ctx(st, {}), out, set())
    assert [m.text for m in out] == texts


HOSTILE = """\
id: hostile-listing
name: {en: Hostile, fr: Hostile}
players: {min: 2, max: 2}
cards: [{suits: [S], ranks: [2, 3, 4]}]
zones:
  deck: {deck: true, visibility: hidden}
  hand: {per_seat: true, visibility: owner}
vars: {__class__: {initial: 0}}
setup:
  - deal: {from: deck, to: hand, count: 1}
moves:
  - id: "x'); import os; ('"
    notation: 'say\\ {__import__} " {card} \'\' \\n'
    args:
      __import__: {word: ["'); os.system('x') #", "__builtins__", "\\\\"]}
      card: {from: hand, where: 'it.__class__ == it.__class__ and __import__ != "eval"'}
    require: [{if: '__class__ == 0 or size(hand) > 0', why: {en: "no", fr: "non"}}]
    effects:
      - end_turn: true
end: [{if: "size(hand) == 0", outcome: done}]
outcomes: {done: {winners: "[0]", reason: {en: done, fr: fini}}}
view: {}
"""


def test_hostile_words_reach_the_listing_only_as_constants(tmp_path: Path) -> None:
    game = load_ruleset(tmp_path, HOSTILE)
    ms = game.spec.moves[0]
    made = lister_source(game, ms)
    assert made is not None
    _check_source(made[0])
    for hoist in (True, False):
        for keep in (True, False):
            _check_source(phase_source(game, [ms], hoist, keep)[0])
    st = game.new_game(players=2, seed=1, deck=["2S", "3S", "4S"])
    texts = [m.text for m in st.legal_moves()]
    assert texts == [m.text for m in st._free_moves_interpreted()]
    assert len(texts) == 3 and all(t.startswith("say\\ ") and t.endswith("\" 2S ' \\n")
                                   for t in texts)
    assert texts[0] == "say\\ '); os.system('x') # \" 2S ' \\n"


TOO_MANY = """\
id: too-many
name: {en: Too many, fr: Trop}
players: {min: 1, max: 1}
cards: [{suits: [S], ranks: [2, 3]}]
zones:
  deck: {deck: true}
moves:
  - id: pick
    notation: "pick {a} {b}"
    args:
      a: {word: [WORDS]}
      b: {word: [WORDS], where: 'size(deck) > 0'}
    effects: []
end: [{if: "size(deck) == 0", outcome: done}]
outcomes: {done: {winners: "[0]", reason: {en: done, fr: fini}}}
view: {}
""".replace("WORDS", ", ".join(f'"{i}"' for i in range(150)))


def test_too_many_bindings_still_name_the_move(tmp_path: Path) -> None:
    game = load_ruleset(tmp_path, TOO_MANY)
    st = game.new_game(seed=1)
    with pytest.raises(RulesetError) as e:
        st.legal_moves()
    assert "could be played in more than 20000 ways" in str(e.value)
    assert e.value.field == "moves.0" and e.value.line is not None


BAD_WHERE = """\
id: bad-where
name: {en: Bad, fr: Mauvais}
players: {min: 1, max: 1}
cards: [{suits: [S], ranks: [2, 3]}]
zones:
  deck: {deck: true}
  hand: {}
setup:
  - deal: {from: deck, to: hand, count: 2}
moves:
  - id: play
    notation: "play {card}"
    args:
      card: {from: hand, where: 'it.value + "x" > 0'}
    effects: []
end: [{if: "size(hand) == 0", outcome: done}]
outcomes: {done: {winners: "[0]", reason: {en: done, fr: fini}}}
view: {}
"""


def test_a_mistake_met_while_listing_names_its_field(tmp_path: Path) -> None:
    game = load_ruleset(tmp_path, BAD_WHERE)
    st = game.new_game(seed=1)
    with pytest.raises(RulesetError) as e:
        st.legal_moves()
    assert "while listing the legal moves" in str(e.value)
    assert "it.value + \"x\" > 0" in str(e.value)  # the expression's own text
    assert e.value.field == "moves"


ASKING = """\
id: asking
name: {en: Asking, fr: Question}
players: {min: 1, max: 1}
cards: [{id: c1, value: 1}, {id: c2, value: 2}, {id: c3, value: 3}]
zones:
  pile: {deck: true, visibility: hidden}
  table: {visibility: public, order: row}
vars: {score: {initial: 0}}
procedures:
  ask:
    - let: {before: "score"}
    - choose: {var: n, from: "[0, 1, 2]", notation: "pick {choice}"}
    - let: {before: "before + 100"}
    - move: {what: "top(pile)", to: table}
    - add: {score: "before + 10 / n"}
moves:
  - id: go
    notation: go
    effects:
      - let: {step: 1}
      - if: "step == 1"
        then: [{do: ask}]
end: [{if: "size(table) == 3", outcome: done}]
outcomes: {done: {winners: "[0]", reason: {en: done, fr: fini}, score: score}}
view: {table: table.code, score: score}
"""


def test_a_failing_answer_puts_the_waiting_frames_back(tmp_path: Path) -> None:
    """An answer whose effects fail is undone: the game waits on the same question, its
    frames at the same step with the same locals, and a good answer then plays as if the bad
    one had never been typed."""
    game = load_ruleset(tmp_path, ASKING)
    st = game.new_game(seed=1, deck=["c1", "c2", "c3"])
    st.play("go")
    assert [m.text for m in st.legal_moves()] == ["pick 0", "pick 1", "pick 2"]
    before = st.to_json()
    frames = [(f.block.id, f.index, dict(f.locals)) for f in st.frames]
    with pytest.raises(RulesetError, match="was not played"):
        st.play("pick 0")  # 10 / 0 after a let and a move
    assert [(f.block.id, f.index, dict(f.locals)) for f in st.frames] == frames
    assert st.to_json() == before and st.view(0) == {"table": [], "score": 0}
    st.play("pick 2")
    assert st.view(0) == {"table": ["c1"], "score": 105}
    again = game.new_game(seed=1, deck=["c1", "c2", "c3"])
    again.play("go")
    again.play("pick 2")
    assert again.to_json() == st.to_json()


OPTION_ARG = """\
id: optarg
name: {en: Opt, fr: Opt}
players: {min: 1, max: 1}
options: {mode: {default: a, values: [a, b]}}
cards: [{suits: [S], ranks: [2, 3]}]
zones:
  deck: {deck: true}
vars: {n: {initial: 0}}
moves:
  - id: pick
    notation: "pick {option}"
    args: {option: {word: ["x", "y"], where: 'size(deck) > 0'}}
    require: [{if: 'option == "y"', why: {en: "no", fr: "non"}}]
    effects: [{add: {n: 1}}]
  - id: check
    notation: check
    require:
      - if: 'option.mode == "a" and players == 1 and join(["play", "ers"]) == "players"'
        why: {en: "no", fr: "non"}
    effects: [{add: {n: 1}}]
end: [{if: "n == 2", outcome: done}]
outcomes: {done: {winners: "[0]", reason: {en: done, fr: fini}}}
view: {}
"""


def test_an_argument_named_option_is_read_as_the_argument(tmp_path: Path) -> None:
    """The listers read the options and the player count from the state directly, except
    where a local may bind the name: an argument called option is that argument."""
    game = load_ruleset(tmp_path, OPTION_ARG)
    st = game.new_game(seed=1)
    assert [m.text for m in st.legal_moves()] == ["pick y", "check"]
    assert st._free_moves_interpreted() == st.legal_moves()


def test_phases_with_the_same_moves_share_one_lister() -> None:
    """A phase lister is made once per set of moves: phase values that allow the same moves
    (values no move names) share it, and a listing in such a phase works."""
    game = tabletop.load("coffre-et-cle")
    none = game.listers_of_phase("nowhere")
    assert game.listers_of_phase(7) == none == game.listers_of_phase(8)
    assert game.listers_of_phase("play") != none
    assert game.phase_fns[()] is none[0]  # (every move of coffre-et-cle names its phases)
    st = game.new_game(players=4, seed=1)
    out: list[Move] = []
    none[0](st, 0, Ctx(st, {}), out, set())
    assert out == []
