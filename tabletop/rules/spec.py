"""A game's static definition: YAML in, a frozen, checked GameSpec out.

Loading reads the file once with PyYAML's SafeLoader (data only), within the limits of
tabletop.safety.limits, and keeps the line of every field, so that a mistake is reported with
its file, line and field before any game starts.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import yaml

from tabletop.errors import ExpressionError, RulesetError
from tabletop.i18n.messages import kind_of, os_why, ruleset_texts, said, yaml_problem
from tabletop.lang.cards import CardDef, ComboDef
from tabletop.lang.expr import (
    STATE_NAMES,
    Compiled,
    close_to,
    compile_expr,
    compile_template,
    constant_of,
    tokenize,
)
from tabletop.lang.functions import FunctionTable
from tabletop.rules import steps
from tabletop.rules.steps import Block, Step
from tabletop.safety.files import FileReadError, read_text, resolved
from tabletop.safety.limits import MAX_CARDS, MAX_FILE_BYTES, MAX_PLAYERS, LimitError, read_yaml

LANGS = ("en", "fr")

# playing cards' ranks in the languages where their letters differ (valet, dame, roi), and
# the suits' symbols, as a table in that language shows them (D♠)
RANK_WORDS: dict[str, dict[str, str]] = {"fr": {"J": "V", "Q": "D", "K": "R"}}
SUIT_SYMBOL = {"S": "♠", "C": "♣", "D": "♦", "H": "♥"}

# Names every expression may use besides the ruleset's own vars, zones and args.
RESERVED_NAMES = {"me", "opp", "current", "players", "option", "turn", "round", "it", "this"}

# top-level keys whose entries a ruleset that extends another adds or replaces one by one
MERGED_KEYS = ("options", "card_types", "zones", "vars", "derived", "procedures", "hooks",
               "outcomes", "view")
MAX_EXTENDS = 8  # a chain of rulesets built on one another

_SUIT_ORDER = "SCDH"
_RANK_CODES = {11: "J", 12: "Q", 13: "K", 14: "A"}
_RANK_VALUES = {"J": 11, "Q": 12, "K": 13, "A": 14}


@attrs.frozen
class ZoneSpec:
    name: str
    visibility: str  # public | hidden | owner
    per_seat: bool
    order: str  # pile (top first, new cards on top) | row (new cards at the end)
    deck: bool
    label: dict[str, str]
    # known: everyone knows which cards the zone holds, only not their order (a shuffled
    # pile of known cards); determinize then only reorders them, inside the zone
    contents: str = "unknown"


@attrs.frozen
class VarSpec:
    name: str
    initial: Any
    min: int | None
    max: int | None
    per_seat: bool
    visibility: str  # cards (a card in it shows as where it lies) | public | owner | hidden


@attrs.frozen
class OptionSpec:
    name: str
    default: str
    values: tuple[str, ...]
    help: dict[str, str]
    # kept so that saves made before the option was replaced replay as they were played:
    # not offered (no list of options names it), still read and accepted
    retired: bool = False


@attrs.frozen
class ArgSpec:
    name: str
    kind: str  # card | cards | seat | word | combo
    domain: Compiled
    where: Compiled | None
    why: dict[str, Callable[[Any], str]]
    min: int
    max: int


@attrs.frozen
class Requirement:
    test: Compiled
    why: dict[str, Callable[[Any], str]]


@attrs.frozen
class MoveSpec:
    id: str
    template: tuple[str, ...]
    args: tuple[ArgSpec, ...]
    require: tuple[Requirement, ...]
    effects: Block
    phases: frozenset[str] | None
    label: dict[str, str]
    # the notation in another language (notation: {en: ..., fr: ...}), typed and shown there
    notations: dict[str, tuple[str, ...]] = attrs.field(factory=dict)
    # notes shown beside the move when listed, where their condition holds (hint: [{if, text}])
    hints: tuple[Requirement, ...] = ()
    # how the move is typed, said when its first word comes with the wrong words (usage: text)
    usage: dict[str, str] | None = None


@attrs.frozen
class EndRule:
    test: Compiled
    outcome: str


@attrs.frozen
class OutcomeSpec:
    name: str
    winners: Compiled
    reason: dict[str, Callable[[Any], str]]
    score: Compiled | None
    # how reports name this way of ending ("Key found"); its id when the ruleset gives none
    label: dict[str, str] = attrs.field(factory=dict)


@attrs.frozen
class GameSpec:
    """A checked, frozen game definition."""

    id: str
    source: str
    name: dict[str, str]
    summary: dict[str, str]
    min_players: int
    max_players: int
    max_moves: int
    score_bounds: tuple[int, int] | None
    options: dict[str, OptionSpec]
    card_types: dict[str, dict[str, str]]
    cards: tuple[CardDef, ...]
    zones: dict[str, ZoneSpec]
    vars: dict[str, VarSpec]
    derived: dict[str, Compiled]
    setup: Block
    moves: tuple[MoveSpec, ...]
    procedures: dict[str, Block]
    hooks: dict[str, Block]
    end: tuple[EndRule, ...]
    outcomes: dict[str, OutcomeSpec]
    view: dict[str, Compiled]
    display: tuple[dict[str, Any], ...]
    blocks: tuple[Block, ...]
    secret: bool
    first_player: str
    evaluate: Compiled | None
    raw: dict[str, Any]
    # card code -> effect name -> block: a card's own effects, run by the card_effect step
    card_effects: dict[str, dict[str, Block]] = attrs.field(factory=dict)
    # card code -> the card's own conditions (require: [{if, why}]), read by allowed()/unmet()
    card_require: dict[str, tuple[Requirement, ...]] = attrs.field(factory=dict)
    # card code -> name -> expression (a card's derived: {bonus: ...}), read by calc()
    card_derived: dict[str, dict[str, Compiled]] = attrs.field(factory=dict)
    # where a text shown to players lacks one of the languages (LANGS)
    untranslated: tuple[str, ...] = ()
    # field path -> line in the file, so that errors met during play name the line too
    lines: dict[str, int] = attrs.field(factory=dict, repr=False)
    # the ruleset's own rules page (Markdown), in each language it gives (the key rules:)
    rules: dict[str, str] = attrs.field(factory=dict, repr=False)
    # the ruleset's own functions (functions:): name -> (argument names, compiled value)
    functions: dict[str, tuple[tuple[str, ...], Compiled]] = attrs.field(factory=dict,
                                                                         repr=False)
    # the functions its expressions were compiled with (the compilers of its moves and steps
    # write their calls from it)
    function_table: FunctionTable = attrs.field(kw_only=True, eq=False, repr=False)

    def line_of(self, path: str) -> int | None:
        """The line of a field path in the ruleset file (of its nearest parent), if known."""
        while path:
            if path in self.lines:
                return self.lines[path]
            path = path.rpartition(".")[0]
        return None
    # combo id -> combo (combos: a named set of cards played together)
    combos: dict[str, ComboDef] = attrs.field(factory=dict)
    # the mcts bot's playouts stop after this many moves, scored by evaluate (None: play out)
    rollout_moves: int | None = None
    # how the search bots' playouts pick a move: "uniform" (any legal move alike) or "by_move"
    # (a move id alike, then one of its moves: rollout_policy)
    rollout_policy: str = "uniform"
    # what the solver (tabletop/analysis/solve.py) may assume: win_bound (compiled),
    # monotone (var names)
    solver: dict[str, Any] | None = None
    # what the expert bot may use (bot:): estimate (compiled, over the state)
    bot: dict[str, Any] | None = None

    @property
    def deck_zone(self) -> str:
        for z in self.zones.values():
            if z.deck:
                return z.name
        raise RulesetError.of("no_deck", file=self.source, field="zones")

    def card_by_code(self, code: str) -> list[CardDef]:
        """All instances of the card with this code (several for duplicates)."""
        return [c for c in self.cards if c.code == code]


# ------------------------------------------------------------------ loading


def _seat_list(v: Any) -> bool:
    """Whether a value written in the ruleset may be a window's seats: a seat number or a
    list of them (null: nobody)."""
    items = v if isinstance(v, list) else [v]
    return all(isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in items)


def local_names(d: dict[str, Any]) -> set[str]:
    """Every name a move argument or an effect binds, anywhere in the file."""
    names: set[str] = set()

    def walk(v: Any) -> None:
        if isinstance(v, dict):
            for k, x in v.items():
                if k == "args" and isinstance(x, dict):
                    names.update(str(a) for a in x)
                if (k in ("choose", "flip", "for_each", "let", "random")
                        and isinstance(x, dict)):
                    if isinstance(x.get("var"), str):
                        names.add(x["var"])
                        if k == "choose" and x.get("window") == "first":
                            names.add(x["var"] + "_by")  # the seat that took the window
                    if k == "let":
                        names.update(str(a) for a in x)
                walk(x)
        elif isinstance(v, list):
            for x in v:
                walk(x)

    walk(d.get("moves"))
    walk(d.get("procedures"))
    walk(d.get("hooks"))
    walk(d.get("setup"))
    walk([c.get("effects") for c in d.get("cards") or [] if isinstance(c, dict)])
    return names


class _Lines:
    """Maps a field path ("moves.2.effects.0") to the line where it stands."""

    def __init__(self, lines: dict[str, int]) -> None:
        self.lines = lines

    def line(self, path: str) -> int | None:
        while path:
            if path in self.lines:
                return self.lines[path]
            path = path.rpartition(".")[0]
        return self.lines.get("")


class _Loader:
    def __init__(self, data: dict[str, Any], source: str, lines: _Lines,
                 origins: dict[str, tuple[str, _Lines]] | None,
                 table: FunctionTable) -> None:
        self.data = data
        self.source = source
        self.lines = lines
        # fields taken from the ruleset this one extends: path -> (that file, its lines)
        self.origins = origins or {}
        self.blocks: list[Block] = []
        self.untranslated: list[str] = []
        self.names: set[str] = set(RESERVED_NAMES)
        # the functions expressions may call: the table's, and the ruleset's own (functions:)
        # by their (min, max) arguments
        self.table = table
        self.functions: dict[str, tuple[int, int]] = {}
        self.kinds: dict[str, str] = {}
        self.user_functions: dict[str, tuple[tuple[str, ...], Compiled]] = {}

    # -- errors and type checks
    def fail(self, path: str, message: str | dict[str, str], /, **kw: Any) -> RulesetError:
        """The mistake at ``path``: ``message`` is a key of i18n.messages' catalogue (its
        values as keywords), or the texts of an error already said in each language."""
        texts = ruleset_texts(message, **kw) if isinstance(message, str) else message
        parts = path.split(".")
        origin = self.origins.get(".".join(parts[:2])) or self.origins.get(parts[0])
        if origin is not None:
            return RulesetError(texts["en"], file=origin[0], line=origin[1].line(path),
                                field=path, reasons=texts)
        return RulesetError(texts["en"], file=self.source, line=self.lines.line(path),
                            field=path, reasons=texts)

    def mapping(self, v: Any, path: str, allowed: set[str] | None = None,
                required: tuple[str, ...] = ()) -> dict[str, Any]:
        if not isinstance(v, dict):
            raise self.fail(path, "expected_mapping", got=kind_of(v))
        for k in v:
            if not isinstance(k, str):
                raise self.fail(path, "key_not_name", key=k)
        if allowed is not None:
            for k in v:
                if k not in allowed:
                    raise self.fail(f"{path}.{k}" if path else str(k), "unknown_key", key=k,
                                    close=close_to(k, allowed), allowed=', '.join(sorted(allowed)))
        for k in required:
            if k not in v:
                raise self.fail(path, "missing_field", name=k)
        return v

    def listing(self, v: Any, path: str) -> list[Any]:
        if not isinstance(v, list):
            raise self.fail(path, "expected_list", got=kind_of(v))
        return v

    def string(self, v: Any, path: str) -> str:
        if not isinstance(v, str) or not v:
            raise self.fail(path, "expected_text", got=kind_of(v))
        return v

    def notation(self, v: Any, path: str) -> tuple[tuple[str, ...], dict[str, tuple[str, ...]]]:
        """A notation, the same in every language (text) or per language ({en: .., fr: ..}):
        the canonical one (English, else the first given; saves and logs use it) and the
        others that differ. Every language's notation holds the same {holes}."""
        if not isinstance(v, dict):
            return tuple(self.string(v, path).split()), {}
        texts: dict[str, tuple[str, ...]] = {}
        for lang, x in self.mapping(v, path).items():
            if lang not in LANGS:
                raise self.fail(f"{path}.{lang}", "lang_one_of", langs=', '.join(LANGS))
            texts[lang] = tuple(self.string(x, f"{path}.{lang}").split())
        if not texts:
            raise self.fail(path, "notation_no_lang")
        canonical = texts.get("en") or next(iter(texts.values()))

        def holes(words: tuple[str, ...]) -> list[str]:
            return sorted(w for w in words if w.startswith("{") and w.endswith("}"))
        for lang, words in texts.items():
            if holes(words) != holes(canonical):
                raise self.fail(f"{path}.{lang}", "notation_holes", words=' '.join(words),
                                canonical=' '.join(canonical))
            if not words or words[0].startswith("{"):
                raise self.fail(f"{path}.{lang}", "notation_word_first", words=' '.join(words))
            if canonical[-1].startswith("{") and words[-1] != canonical[-1]:
                raise self.fail(f"{path}.{lang}", "notation_same_last", words=' '.join(words))
        return canonical, {lang: w for lang, w in texts.items() if w != canonical}

    def integer(self, v: Any, path: str) -> int:
        if not isinstance(v, int) or isinstance(v, bool):
            raise self.fail(path, "expected_whole", got=kind_of(v))
        return v

    def boolean(self, v: Any, path: str) -> bool:
        if not isinstance(v, bool):
            raise self.fail(path, "expected_bool", got=kind_of(v))
        return v

    def lang(self, v: Any, path: str) -> dict[str, str]:
        """A text shown to players, in one language (plain text: English) or several."""
        if isinstance(v, str):
            self.untranslated.append(path)
            return {"en": v}
        m = self.mapping(v, path, set(LANGS))
        if not m:
            raise self.fail(path, "lang_no_text")
        if set(m) != set(LANGS):
            self.untranslated.append(path)
        return {k: self.string(x, f"{path}.{k}") for k, x in m.items()}

    def answer_words(self, v: Any, path: str) -> dict[str, dict[str, tuple[str, ...]]]:
        """A question's ``words``: how each answer that is a plain text reads in each language,
        one text or a list of them ({clubs: {en: [clubs, club], fr: [trèfles, trèfle]}}): the
        first is shown, every one is accepted when typed (accents optional). A word two
        answers share in one language is refused: the typed word would name either."""
        from tabletop.rules.values import fold_accents
        out: dict[str, dict[str, tuple[str, ...]]] = {}
        owner: dict[tuple[str, str], str] = {}
        for k, w in self.mapping(v, path).items():
            at = f"{path}.{k}"
            given = w if isinstance(w, dict) else {"en": w}
            if not isinstance(w, dict):
                self.untranslated.append(at)
            elif set(self.mapping(w, at, set(LANGS))) != set(LANGS):
                self.untranslated.append(at)
            if not given:
                raise self.fail(at, "lang_no_text")
            out[k] = {}
            for lang, x in given.items():
                here = f"{at}.{lang}" if isinstance(w, dict) else at
                texts = x if isinstance(x, list) else [x]
                bad = [t for t in texts if not isinstance(t, str) or not t.strip()]
                if bad or not texts:
                    raise self.fail(here, "answer_words", got=kind_of(bad[0] if bad else x))
                for t in texts:
                    folded = fold_accents(" ".join(t.lower().split()))
                    other = owner.setdefault((lang, folded), k)
                    if other != k:
                        raise self.fail(here, "answer_word_shared", word=t, answer=k,
                                        other=other, lang=lang)
                out[k][lang] = tuple(texts)
        return out

    def expr(self, v: Any, path: str) -> Compiled:
        try:
            return compile_expr(v, self.names, self.functions, self.kinds, self.table)
        except ExpressionError as e:
            raise self.fail(path, _texts(e)) from None

    def template(self, v: Any, path: str) -> dict[str, Callable[[Any], str]]:
        texts = self.lang(v, path)
        out: dict[str, Callable[[Any], str]] = {}
        for lang, t in texts.items():
            try:
                out[lang] = compile_template(t, self.names, self.functions, self.kinds,
                                             self.table)
            except ExpressionError as e:
                raise self.fail(f"{path}.{lang}" if isinstance(v, dict) else path,
                                _texts(e)) from None
        return out

    # -- the whole file
    def load(self) -> GameSpec:
        d = self.mapping(self.data, "", {
            "id", "name", "summary", "players", "max_moves", "score_bounds", "options",
            "card_types", "cards", "zones", "vars", "derived", "setup", "moves", "procedures",
            "hooks", "end", "outcomes", "view", "display", "secret", "first_player",
            "evaluate", "rules", "functions", "combos", "rollout_moves", "rollout_policy",
            "solver", "bot",
        }, required=("id", "name", "players", "cards", "zones", "moves", "end", "outcomes",
                     "view"))
        gid = self.string(d["id"], "id")
        pmin, pmax = self.player_span(d["players"])
        options = self.options(d.get("options", {}))
        self.option_specs = options  # read by a card's `only`
        card_types = self.card_types(d.get("card_types", {}))
        cards = self.cards(d["cards"], card_types)
        combos = self.combos(d.get("combos", []), cards)
        zones = self.zones(d["zones"])
        vars_ = self.vars(d.get("vars", {}))
        derived_raw = self.derived_names(d, zones, vars_)
        derived = self.values(d, zones, vars_, derived_raw)
        procs_raw = self.mapping(d.get("procedures", {}), "procedures")
        self.procedure_names = set(procs_raw)
        self.zone_names = zones
        self.var_names = vars_
        self.outcome_names = set(self.mapping(d["outcomes"], "outcomes"))
        procedures = {k: self.block(v, f"procedures.{k}") for k, v in procs_raw.items()}
        card_effects = {code: {name: self.block(steps, f"{p}.effects.{name}")
                               for name, steps in effs.items()}
                        for code, (p, effs) in self.card_effects_raw.items()}
        card_require, card_derived = self.card_rules()
        hooks_raw = self.mapping(d.get("hooks", {}), "hooks",
                                 {"turn_start", "turn_end", "round_end"})
        hooks = {k: self.block(v, f"hooks.{k}") for k, v in hooks_raw.items()}
        setup = self.block(d.get("setup", []), "setup")
        moves = self.moves(d["moves"])
        end = tuple(self.end_rule(e, f"end.{i}")
                    for i, e in enumerate(self.listing(d["end"], "end")))
        outcomes = {k: self.outcome(k, v, f"outcomes.{k}") for k, v in d["outcomes"].items()}
        view = {k: self.expr(v, f"view.{k}")
                for k, v in self.mapping(d["view"], "view").items()}
        display = tuple(self.display(x, f"display.{i}", view)
                        for i, x in enumerate(self.listing(d.get("display", []), "display")))
        score_bounds = self.score_bounds(d.get("score_bounds"))
        self.check_zones(zones, vars_, moves)
        return GameSpec(
            id=gid, source=self.source, name=self.lang(d["name"], "name"),
            summary=self.lang(d.get("summary", gid), "summary"),
            min_players=pmin, max_players=pmax,
            max_moves=self.integer(d.get("max_moves", 1000), "max_moves"),
            score_bounds=score_bounds, options=options, card_types=card_types, cards=cards,
            zones=zones, vars=vars_, derived=derived, setup=setup, moves=moves,
            procedures=procedures, hooks=hooks, end=end, outcomes=outcomes, view=view,
            display=display, blocks=tuple(self.blocks),
            secret=self.boolean(d.get("secret", any(z.visibility != "public" and z.per_seat
                                                    for z in zones.values())
                                      or any(v.per_seat and v.visibility == "owner"
                                             for v in vars_.values())
                                      # a reaction window: answers kept until it closes
                                      or any(isinstance(s, steps.Window)
                                             for b in self.blocks for s in b.steps)),
                                 "secret"),
            first_player=self.first_player(d.get("first_player", "first")),
            evaluate=self.evaluation(d.get("evaluate"), view),
            raw=d, card_effects=card_effects, card_require=card_require,
            card_derived=card_derived, untranslated=tuple(self.untranslated),
            combos=combos, rollout_moves=self.rollout_moves(d),
            rollout_policy=self.rollout_policy(d),
            solver=self.solver_words(d.get("solver"), vars_, derived),
            bot=self.bot_words(d.get("bot")),
            function_table=self.table,
        )

    def player_span(self, v: Any) -> tuple[int, int]:
        """``players: {min, max}``: the fewest and the most seats."""
        players = self.mapping(v, "players", {"min", "max"}, ("min", "max"))
        pmin = self.integer(players["min"], "players.min")
        pmax = self.integer(players["max"], "players.max")
        if not 1 <= pmin <= pmax:
            raise self.fail("players", "players_range", lo=pmin, hi=pmax)
        if pmax > MAX_PLAYERS:
            raise self.fail("players.max", "players_limit", limit=MAX_PLAYERS, n=pmax)
        return pmin, pmax

    def card_types(self, v: Any) -> dict[str, dict[str, str]]:
        """``card_types``: each type's name in each language (and its symbol, kept aside for
        the cards' ``.symbol``)."""
        self.type_symbols: dict[str, str] = {}
        card_types = {}
        for k, t in self.mapping(v, "card_types").items():
            if isinstance(t, dict) and "symbol" in t:  # {en, fr, symbol}: cards get .symbol
                self.type_symbols[k] = self.string(t["symbol"], f"card_types.{k}.symbol")
                t = {x: y for x, y in t.items() if x != "symbol"}
            card_types[k] = self.lang(t, f"card_types.{k}")
        return card_types

    def derived_names(self, d: dict[str, Any], zones: dict[str, ZoneSpec],
                      vars_: dict[str, VarSpec]) -> dict[str, Any]:
        """The derived values as written, their names checked against the zones' and vars'
        (and the reserved ones); every name an expression may read known after."""
        for name in list(zones) + list(vars_):
            if name in RESERVED_NAMES:
                raise self.fail(f"zones.{name}" if name in zones else f"vars.{name}",
                                "reserved_name", name=name)
        for name in set(zones) & set(vars_):
            raise self.fail(f"vars.{name}", "zone_and_var", name=name)
        derived_raw = self.mapping(d.get("derived", {}), "derived")
        for name in derived_raw:
            if name in zones or name in vars_ or name in RESERVED_NAMES:
                raise self.fail(f"derived.{name}", "derived_taken", name=name)
        self.names |= set(zones) | set(vars_) | set(derived_raw) | self.local_names(d)
        return derived_raw

    def values(self, d: dict[str, Any], zones: dict[str, ZoneSpec], vars_: dict[str, VarSpec],
               derived_raw: dict[str, Any]) -> dict[str, Compiled]:
        """The ruleset's own functions declared, what each name is (``kinds``), then the
        derived values and the functions' values compiled."""
        functions_raw = self.declare_functions(d.get("functions", {}), set(zones) | set(vars_)
                                               | set(derived_raw))
        params = {a for ps, _value in functions_raw.values() for a in ps}
        self.kinds = self.name_kinds(d, zones, vars_, derived_raw, params)
        derived = {k: self.expr(v, f"derived.{k}") for k, v in derived_raw.items()}
        self.check_derived_cycles(derived_raw)
        for fname, (ps, body) in functions_raw.items():
            self.user_functions[fname] = (ps, self.expr(body, f"functions.{fname}.value"))
        return derived

    def name_kinds(self, d: dict[str, Any], zones: dict[str, ZoneSpec],
                   vars_: dict[str, VarSpec], derived_raw: dict[str, Any],
                   params: set[str]) -> dict[str, str]:
        """What each zone or var name is, for the code generated from expressions (expr.py);
        a name some local may also bind (an argument, a let, a function's parameter...) is
        left to Ctx.lookup."""
        bound = self.local_names(d) | RESERVED_NAMES | params
        kinds = {z: "seatzone" if zones[z].per_seat else "zone" for z in zones if z not in bound}
        kinds.update({v: "seatvar" if vars_[v].per_seat else "var" for v in vars_
                      if v not in bound})
        # a name that is only ever a local (an argument, a let, a function's parameter...):
        # read from the locals alone, as Ctx.lookup would (no reader has that name)
        kinds.update({n: "local" for n in self.names - set(zones) - set(vars_)
                      - set(derived_raw) - RESERVED_NAMES | {"this"}})
        # the state's own names (option, players, turn...) where no local may bind them
        may_bind = self.local_names(d) | params
        kinds.update({n: "state" for n in STATE_NAMES if n not in may_bind})
        return kinds

    def moves(self, v: Any) -> tuple[MoveSpec, ...]:
        moves = tuple(self.move(m, f"moves.{i}") for i, m in enumerate(self.listing(v, "moves")))
        seen: set[str] = set()
        for i, m in enumerate(moves):
            if m.id in seen:
                raise self.fail(f"moves.{i}.id", "move_id_twice", id=m.id)
            seen.add(m.id)
        return moves

    def score_bounds(self, bounds: Any) -> tuple[int, int] | None:
        if bounds is None:
            return None
        b = self.listing(bounds, "score_bounds")
        if len(b) != 2:
            raise self.fail("score_bounds", "score_bounds")
        return (self.integer(b[0], "score_bounds.0"), self.integer(b[1], "score_bounds.1"))

    def check_zones(self, zones: dict[str, ZoneSpec], vars_: dict[str, VarSpec],
                    moves: tuple[MoveSpec, ...]) -> None:
        """One deck, shared; a var ``phase`` shared, where moves name phases."""
        if sum(1 for z in zones.values() if z.deck) != 1:
            raise self.fail("zones", "one_deck")
        for z in zones.values():
            if z.deck and z.per_seat:
                raise self.fail(f"zones.{z.name}.deck", "deck_per_seat")
        if any(m.phases is not None for m in moves) and "phase" not in vars_:
            raise self.fail("moves", "phase_no_var")
        if "phase" in vars_ and vars_["phase"].per_seat:
            raise self.fail("vars.phase", "phase_per_seat")

    def declare_functions(self, v: Any, taken: set[str]) -> dict[str, tuple[tuple[str, ...], Any]]:
        """The ruleset's own functions ({name: {args: [a, b], value: expression}}): their names
        and argument counts are known before any expression is compiled, so that every
        expression (their own values included) may call them."""
        out: dict[str, tuple[tuple[str, ...], Any]] = {}
        for name, f in self.mapping(v, "functions").items():
            p = f"functions.{name}"
            f = self.mapping(f, p, {"args", "value"}, ("value",))
            if name in self.functions or name in self.table or name in taken \
                    or name in RESERVED_NAMES:
                raise self.fail(p, "function_taken", name=name)
            if not name.isidentifier():
                raise self.fail(p, "function_name", name=name)
            params = tuple(self.string(a, f"{p}.args") for a in
                           self.listing(f.get("args", []), f"{p}.args"))
            for a in params:
                if not a.isidentifier() or a in RESERVED_NAMES:
                    raise self.fail(f"{p}.args", "argument_name", name=a)
            if len(set(params)) != len(params):
                raise self.fail(f"{p}.args", "arguments_same")
            self.names |= set(params)
            out[name] = (params, f["value"])
            self.functions[name] = (len(params), len(params))
        return out

    def rollout_moves(self, d: dict[str, Any]) -> int | None:
        """``rollout_moves``: a whole number of 1 or more, and only beside ``evaluate``."""
        if d.get("rollout_moves") is None:
            return None
        n = self.integer(d["rollout_moves"], "rollout_moves")
        if n < 1:
            raise self.fail("rollout_moves", "rollout_few", n=n)
        if d.get("evaluate") is None:
            raise self.fail("rollout_moves", "rollout_evaluate")
        return n

    def rollout_policy(self, d: dict[str, Any]) -> str:
        """``rollout_policy``: uniform (the default) or by_move."""
        v = d.get("rollout_policy")
        if v is None:
            return "uniform"
        if v not in ("uniform", "by_move"):
            raise self.fail("rollout_policy", "rollout_policy", v=v)
        return str(v)

    def solver_words(self, v: Any, vars_: dict[str, Any],
                     derived: dict[str, Any] | None = None) -> dict[str, Any] | None:
        """``solver:``: what the solver may assume. ``win_bound``: an expression over the state,
        an upper bound on the score of any win still reachable (null: no win is); ``monotone``:
        vars (global numbers) or derived values (numbers) of which more is never worse for
        seat 0; ``scratch``: vars always set before they are read again (left out of the
        solver's key); ``unordered``: zones whose order never matters (sorted in the key);
        ``ignore``: vars and zones left out of the key, because nothing reads them or a
        ``monotone`` derived value holds all that matters of them; ``order``: an expression
        over the state, how promising a position looks (of moves of equal bound, the solver
        tries those whose positions have the highest first)."""
        if v is None:
            return None
        derived = derived or {}
        d = self.mapping(v, "solver", {"win_bound", "monotone", "scratch", "unordered",
                                       "ignore", "relabel", "order"})
        out: dict[str, Any] = {}
        if "relabel" in d:  # the moves act on no card they reveal (tabletop/analysis/solve.py)
            out["relabel"] = self.boolean(d["relabel"], "solver.relabel")
        if d.get("win_bound") is not None:
            out["win_bound"] = self.expr(d["win_bound"], "solver.win_bound")
        if d.get("order") is not None:  # of moves of equal bound, the higher first
            out["order"] = self.expr(d["order"], "solver.order")
        for word in ("monotone", "scratch", "unordered", "ignore"):
            names = []
            for i, n in enumerate(self.listing(d.get(word, []), f"solver.{word}")):
                n = self.string(n, f"solver.{word}.{i}")
                var = n in vars_ and not vars_[n].per_seat
                if word == "unordered":
                    if n not in self.zone_names:
                        raise self.fail(f"solver.{word}.{i}", "solver_not_zone", name=n)
                elif word == "monotone" and n in derived:
                    pass
                elif word == "ignore" and n in self.zone_names:
                    pass
                elif not var:
                    what = {"monotone": "solver_not_var_derived",
                            "ignore": "solver_not_var_zone"}.get(word, "solver_not_var")
                    raise self.fail(f"solver.{word}.{i}", what, name=n)
                names.append(n)
            out[word] = tuple(names)
        return out

    def bot_words(self, v: Any) -> dict[str, Any] | None:
        """``bot:``: what the expert bot may use. ``estimate``: an expression over the state
        (every name of the ruleset, and ``me``), how well the game looks like ending for the
        seat ``me``; the bot computes it on worlds dealt from the seat's view."""
        if v is None:
            return None
        d = self.mapping(v, "bot", {"estimate"})
        out: dict[str, Any] = {}
        if d.get("estimate") is not None:
            out["estimate"] = self.expr(d["estimate"], "bot.estimate")
        return out

    def check_derived_cycles(self, derived: dict[str, Any]) -> None:
        """A derived value may use others, but never itself through a chain."""
        def used(text: str) -> set[str]:  # names, not attributes (option.x, card.x)
            toks = tokenize(text)
            return {t[1] for i, t in enumerate(toks) if t[0] == "name" and t[1] in derived
                    and not (i and toks[i - 1][1] == ".")}

        uses = {k: used(str(v)) for k, v in derived.items()}
        done: set[str] = set()

        def visit(name: str, chain: list[str]) -> None:
            if name in chain:
                loop = " -> ".join([*chain[chain.index(name):], name])
                raise self.fail(f"derived.{name}", "derived_loop", loop=loop)
            if name in done:
                return
            for other in uses[name]:
                visit(other, [*chain, name])
            done.add(name)

        for k in derived:
            visit(k, [])

    def evaluation(self, v: Any, view: dict[str, Compiled]) -> Compiled | None:
        """The greedy bot's evaluation: an expression over the view's keys (higher is better
        for the seat whose view it is)."""
        if v is None:
            return None
        try:
            return compile_expr(v, set(view) | {"me", "players"}, {})
        except ExpressionError as e:
            raise self.fail("evaluate", "evaluate_names", error=e,
                            keys=', '.join(view)) from None

    def first_player(self, v: Any) -> str:
        if v not in ("first", "random"):
            raise self.fail("first_player", "first_player", v=v)
        return str(v)

    def local_names(self, d: dict[str, Any]) -> set[str]:
        """Every name a move argument or an effect binds, anywhere in the file."""
        return local_names(d)

    def options(self, v: Any) -> dict[str, OptionSpec]:
        out = {}
        for name, o in self.mapping(v, "options").items():
            p = f"options.{name}"
            o = self.mapping(o, p, {"default", "values", "help", "retired"},
                             ("default", "values"))
            raw_values = self.listing(o["values"], f"{p}.values")
            for x in [*raw_values, o["default"]]:
                if isinstance(x, bool) or x is None:
                    raise self.fail(f"{p}.values", "option_quoted", v=x)
            values = tuple(str(x) for x in raw_values)
            default = str(o["default"])
            if default not in values:
                raise self.fail(f"{p}.default", "option_default", default=default, values=values)
            out[name] = OptionSpec(name, default, values,
                                   self.lang(o.get("help", name), f"{p}.help"),
                                   self.boolean(o.get("retired", False), f"{p}.retired"))
        return out

    def card_rules(self) -> tuple[dict[str, tuple[Requirement, ...]],
                                  dict[str, dict[str, Compiled]]]:
        """Each card's own conditions (require) and named expressions (derived), compiled once
        every name is known; ``this`` is the card."""
        require: dict[str, tuple[Requirement, ...]] = {}
        derived: dict[str, dict[str, Compiled]] = {}
        for code, (p, c) in self.card_rules_raw.items():
            if "require" in c:
                reqs = []
                for i, r in enumerate(self.listing(c["require"], f"{p}.require")):
                    rp = f"{p}.require.{i}"
                    r = self.mapping(r, rp, {"if", "why"}, ("if", "why"))
                    reqs.append(Requirement(self.expr(r["if"], f"{rp}.if"),
                                            self.template(r["why"], f"{rp}.why")))
                require[code] = tuple(reqs)
            if "derived" in c:
                derived[code] = {str(k): self.expr(x, f"{p}.derived.{k}") for k, x in
                                 self.mapping(c["derived"], f"{p}.derived").items()}
        return require, derived

    def cards(self, v: Any, card_types: dict[str, dict[str, str]]) -> tuple[CardDef, ...]:
        self.card_rules_raw: dict[str, tuple[str, dict[str, Any]]] = {}
        self.card_effects_raw: dict[str, tuple[str, dict[str, Any]]] = {}
        self.card_effect_names: set[str] = set()
        out: list[CardDef] = []
        codes: set[str] = set()
        upper: set[str] = set()  # the codes in upper case: ids are typed in any case
        for p, c in self.numbered_cards(self.listing(v, "cards")):
            ctype = c.get("type")
            if ctype is not None:
                self.string(ctype, f"{p}.type")
                if card_types and ctype not in card_types:
                    raise self.fail(f"{p}.type", "unknown_card_type", type=ctype,
                                    close=close_to(ctype, card_types),
                                    types=', '.join(card_types))
            if "suits" in c:
                self.mapping(c, p, {"suits", "ranks", "type", "require", "derived", "effects",
                                    "only"}, ("suits", "ranks"))
                only = self.card_only(c.get("only"), f"{p}.only")
                if "effects" in c:  # each card of the entry gets the entry's effects
                    effs = self.mapping(c["effects"], f"{p}.effects")
                    for ename, steps in effs.items():
                        self.string(ename, f"{p}.effects")
                        self.listing(steps, f"{p}.effects.{ename}")
                    self.card_effect_names.update(effs)
                for suit in self.listing(c["suits"], f"{p}.suits"):
                    if not isinstance(suit, str) or len(suit) != 1 or suit not in _SUIT_ORDER:
                        raise self.fail(f"{p}.suits", "unknown_suit", suit=suit)
                    for r in self.listing(c["ranks"], f"{p}.ranks"):
                        value = _RANK_VALUES.get(str(r)) or (
                            r if isinstance(r, int) else int(r) if str(r).isdecimal() else None)
                        if value is None or not 2 <= value <= 14:
                            raise self.fail(f"{p}.ranks", "unknown_rank", rank=r)
                        rank = _RANK_CODES.get(value, str(value))
                        code = f"{rank}{suit}"
                        if code in codes:
                            raise self.fail(p, "card_twice", code=code)
                        codes.add(code)
                        upper.add(code.upper())
                        if "effects" in c:
                            self.card_effects_raw[code] = (p, c["effects"])
                        if "require" in c or "derived" in c:
                            self.card_rules_raw[code] = (p, c)
                        out.append(CardDef(len(out), code, "playing", ctype, value, suit, rank,
                                           {"en": code}, {}, {}, only=only))
                continue
            self.mapping(c, p, None, ("id",))
            code = self.string(c["id"], f"{p}.id")
            if code.upper() in upper:
                raise self.fail(f"{p}.id", "card_id_twice", code=code)
            if any(ch.isspace() for ch in code):
                raise self.fail(f"{p}.id", "card_id_word", code=code)
            codes.add(code)
            upper.add(code.upper())
            count = self.integer(c.get("count", 1), f"{p}.count")
            if count < 0:
                raise self.fail(f"{p}.count", "count_negative", n=count)
            if len(out) + count > MAX_CARDS:
                raise self.fail(f"{p}.count", "cards_limit", limit=MAX_CARDS, count=count,
                                total=len(out) + count)
            value = c.get("value")
            if value is not None:
                self.integer(value, f"{p}.value")
            name = self.lang(c.get("name", code), f"{p}.name")
            text = self.lang(c["text"], f"{p}.text") if "text" in c else {}
            if "effects" in c:  # named effect blocks, compiled once every name is known
                effs = self.mapping(c["effects"], f"{p}.effects")
                for ename, steps in effs.items():
                    self.string(ename, f"{p}.effects")
                    self.listing(steps, f"{p}.effects.{ename}")
                self.card_effects_raw[code] = (p, effs)
                self.card_effect_names.update(effs)
            if "require" in c or "derived" in c:  # compiled by card_rules() later
                self.card_rules_raw[code] = (p, c)
            extra = {k: x for k, x in c.items()
                     if k not in ("id", "count", "value", "name", "text", "type", "effects",
                                  "require", "derived", "codes", "only")}
            only = self.card_only(c.get("only"), f"{p}.only")
            words: dict[str, str] = {}
            for lang, w in self.mapping(c.get("codes", {}), f"{p}.codes").items():
                wp = f"{p}.codes.{lang}"
                if lang not in LANGS:
                    raise self.fail(wp, "lang_one_of", langs=', '.join(LANGS))
                w = self.string(w, wp)
                if not w or any(ch.isspace() for ch in w):
                    raise self.fail(wp, "code_word", w=w)
                if w != code and w.upper() in upper:
                    raise self.fail(wp, "code_taken", w=w)
                words[lang] = w
            for w in words.values():
                codes.add(w)
                upper.add(w.upper())
            for k in ("suit", "rank", "code", "kind", "uid"):
                if k in extra:
                    raise self.fail(f"{p}.{k}", "engine_attribute", name=k)
            if ctype in self.type_symbols and "symbol" not in extra:
                extra["symbol"] = self.type_symbols[ctype]
            for k, x in extra.items():
                if isinstance(x, dict | list):
                    raise self.fail(f"{p}.{k}", "card_attribute")
            for _ in range(count):
                out.append(CardDef(len(out), code, "named", ctype, value, None, None, name, text,
                                   extra, words, only))
        if not out:
            raise self.fail("cards", "no_cards")
        return tuple(out)

    def numbered_cards(self, entries: list[Any]) -> list[tuple[str, dict[str, Any]]]:
        """The ``cards`` entries, each (path, mapping), an entry of numbered cards
        (``numbers: {from: 3, to: 35}``, ``prefix`` before each number) given as one named
        card per number: its code the prefix and the number, its value the number, the
        entry's other keys (attributes, count, type, the card's own rules) on each."""
        out: list[tuple[str, dict[str, Any]]] = []
        for i, c in enumerate(entries):
            p = f"cards.{i}"
            c = self.mapping(c, p)
            if "numbers" not in c:
                out.append((p, c))
                continue
            for k in ("id", "suits", "ranks", "value", "name"):
                if k in c:
                    raise self.fail(f"{p}.{k}", "numbers_key", key=k)
            span = self.mapping(c["numbers"], f"{p}.numbers", {"from", "to", "prefix"},
                                ("from", "to"))
            lo = self.integer(span["from"], f"{p}.numbers.from")
            hi = self.integer(span["to"], f"{p}.numbers.to")
            prefix = self.string(span["prefix"], f"{p}.numbers.prefix") \
                if "prefix" in span else ""
            if hi < lo or hi - lo + 1 > MAX_CARDS or any(ch.isspace() for ch in prefix):
                raise self.fail(f"{p}.numbers", "numbers_span", lo=lo, hi=hi, limit=MAX_CARDS)
            rest = {k: x for k, x in c.items() if k != "numbers"}
            for n in range(lo, hi + 1):
                out.append((p, {**rest, "id": f"{prefix}{n}", "value": n}))
        return out

    def card_only(self, v: Any, path: str) -> tuple[dict[str, tuple[str, ...]], ...]:
        """A card's ``only``: the options under which it is in the game, each with the values
        it allows (one value, or a list); a list of such mappings: in the game under any."""
        if v is None:
            return ()
        if isinstance(v, list):
            if not v:
                raise self.fail(path, "only_empty")
            return tuple(self.card_only_one(x, f"{path}.{i}") for i, x in enumerate(v, 1))
        return (self.card_only_one(v, path),)

    def card_only_one(self, v: Any, path: str) -> dict[str, tuple[str, ...]]:
        out: dict[str, tuple[str, ...]] = {}
        for name, values in self.mapping(v, path).items():
            o = self.option_specs.get(name)
            if o is None:
                raise self.fail(f"{path}.{name}", "only_option", name=name,
                                known=", ".join(self.option_specs) or "-")
            given = values if isinstance(values, list) else [values]
            for x in given:
                if str(x) not in o.values:
                    raise self.fail(f"{path}.{name}", "only_value", name=name, value=x,
                                    values=", ".join(o.values))
            out[str(name)] = tuple(str(x) for x in given)
        return out

    def combos(self, v: Any, cards: tuple[CardDef, ...]) -> dict[str, ComboDef]:
        """Named sets of cards played together: id, cards (codes, repeats allowed), name,
        text and single-value attributes."""
        copies: dict[str, int] = {}
        for card in cards:
            copies[card.code] = copies.get(card.code, 0) + 1
        taken = {code.upper() for code in copies}
        out: dict[str, ComboDef] = {}
        for i, raw in enumerate(self.listing(v, "combos")):
            p = f"combos.{i}"
            c = self.mapping(raw, p, None, ("id", "cards"))
            code = self.string(c["id"], f"{p}.id")
            if any(ch.isspace() for ch in code):
                raise self.fail(f"{p}.id", "combo_id_word", code=code)
            if code.upper() in taken:
                raise self.fail(f"{p}.id", "combo_id_taken", code=code)
            taken.add(code.upper())
            need = [self.string(x, f"{p}.cards") for x in self.listing(c["cards"], f"{p}.cards")]
            if len(need) < 2:
                raise self.fail(f"{p}.cards", "combo_two")
            for x in set(need):
                if x not in copies:
                    raise self.fail(f"{p}.cards", "unknown_card", code=x)
                if need.count(x) > copies[x]:
                    raise self.fail(f"{p}.cards", "combo_copies", n=need.count(x), code=x,
                                    have=copies[x])
            extra = {k: x for k, x in c.items() if k not in ("id", "cards", "name", "text")}
            for k, x in extra.items():
                if k in ("code", "kind"):
                    raise self.fail(f"{p}.{k}", "engine_attribute", name=k)
                if isinstance(x, dict | list):
                    raise self.fail(f"{p}.{k}", "combo_attribute")
            out[code] = ComboDef(code, tuple(need), self.lang(c.get("name", code), f"{p}.name"),
                                 self.lang(c["text"], f"{p}.text") if "text" in c else {},
                                 extra)
        return out

    def zones(self, v: Any) -> dict[str, ZoneSpec]:
        out = {}
        for name, z in self.mapping(v, "zones").items():
            p = f"zones.{name}"
            z = self.mapping(z or {}, p, {"visibility", "per_seat", "order", "deck", "label",
                                          "contents"})
            vis = z.get("visibility", "public")
            if vis not in ("public", "hidden", "owner", "others"):
                raise self.fail(f"{p}.visibility", "zone_visibility", v=vis)
            order = z.get("order", "pile")
            if order not in ("pile", "row"):
                raise self.fail(f"{p}.order", "zone_order", v=order)
            per_seat = self.boolean(z.get("per_seat", False), f"{p}.per_seat")
            if vis in ("owner", "others") and not per_seat:
                raise self.fail(f"{p}.visibility", "zone_owner", v=vis)
            contents = z.get("contents", "unknown")
            if contents not in ("unknown", "known"):
                raise self.fail(f"{p}.contents", "zone_contents", v=contents)
            out[name] = ZoneSpec(name, vis, per_seat, order,
                                 self.boolean(z.get("deck", False), f"{p}.deck"),
                                 self.lang(z.get("label", name), f"{p}.label"), contents)
        return out

    def vars(self, v: Any) -> dict[str, VarSpec]:
        out = {}
        for name, x in self.mapping(v, "vars").items():
            p = f"vars.{name}"
            x = self.mapping(x if isinstance(x, dict) else {"initial": x}, p,
                             {"initial", "min", "max", "per_seat", "visibility"})
            lo = x.get("min")
            hi = x.get("max")
            if lo is not None:
                self.integer(lo, f"{p}.min")
            if hi is not None:
                self.integer(hi, f"{p}.max")
            initial = x.get("initial")
            if isinstance(initial, dict | list):
                raise self.fail(f"{p}.initial", "var_initial")
            # cards (the default): a card held in the var shows as it does where it lies
            vis = x.get("visibility", "cards")
            if vis not in ("cards", "public", "owner", "hidden"):
                raise self.fail(f"{p}.visibility", "var_visibility", v=vis)
            if vis == "owner" and not x.get("per_seat"):
                raise self.fail(f"{p}.visibility", "var_owner")
            out[name] = VarSpec(name, initial, lo, hi,
                                self.boolean(x.get("per_seat", False), f"{p}.per_seat"), vis)
        return out

    # -- effects
    STEP_KEYS: dict[str, set[str]] = {
        "log": set(),
        "add": set(),
        "set": set(),
        "move": {"what", "to", "at"},
        "deal": {"from", "to", "count", "fill", "at"},
        "shuffle": set(),
        "if": {"if", "then", "else"},
        "do": set(),
        "end": set(),
        "choose": {"var", "from", "seat", "notation", "prompt", "optional", "pass", "of",
                   "words", "bot", "seats", "window"},
        "reveal": {"what", "to", "log", "silent"},
        "mark": {"card", "seats", "what"},
        "flip": {"var"},
        "for_each": {"in", "var", "do"},
        "end_turn": {"next"},
        "eliminate": set(),
        "check_end": set(),
        "let": set(),
        "card_effect": {"card", "name"},
        "announce": set(),
        "random": {"var", "from", "count"},
        "rejoin": set(),
    }

    def block(self, v: Any, path: str) -> Block:
        steps = tuple(self.step(s, f"{path}.{i}")
                      for i, s in enumerate(self.listing(v if v is not None else [], path)))
        b = Block(len(self.blocks), steps)
        self.blocks.append(b)
        return b

    def step(self, v: Any, path: str) -> Step:
        s = self.mapping(v, path)
        if "if" in s:
            self.mapping(s, path, {"if", "then", "else"}, ("if", "then"))
            return steps.If(path, self.expr(s["if"], f"{path}.if"),
                            self.block(s["then"], f"{path}.then"),
                            self.block(s.get("else", []), f"{path}.else"))
        if len(s) != 1:
            raise self.fail(path, "step_one_kind", kinds=', '.join(sorted(self.STEP_KEYS)),
                            got=sorted(s))
        kind, arg = next(iter(s.items()))
        if kind not in self.STEP_KEYS:
            raise self.fail(path, "unknown_effect", kind=kind,
                            close=close_to(kind, self.STEP_KEYS),
                            kinds=', '.join(sorted(self.STEP_KEYS)))
        made: Step = getattr(self, f"step_{kind}")(arg, path, f"{path}.{kind}")
        return made

    def step_log(self, arg: Any, path: str, p: str) -> Step:
        return steps.Log(path, self.template(arg, p))

    def step_announce(self, arg: Any, path: str, p: str) -> Step:
        return steps.Announce(path, self.template(arg, p))

    def var_values(self, kind: str, arg: Any, p: str
                   ) -> tuple[dict[str, Compiled], Compiled | None]:
        """The vars (or locals) a set, add or let gives values, and the seat of the vars
        per seat (``var: ..., value: ..., seat: ...``)."""
        m = self.mapping(arg, p)
        if kind != "let" and "var" in m:
            self.mapping(m, p, {"var", "value", "seat"}, ("var", "value"))
            return ({self.var_name(m["var"], f"{p}.var"): self.expr(m["value"], f"{p}.value")},
                    self.expr(m["seat"], f"{p}.seat") if "seat" in m else None)
        return {(k if kind == "let" else self.var_name(k, f"{p}.{k}")):
                self.expr(x, f"{p}.{k}") for k, x in m.items()}, None

    def step_set(self, arg: Any, path: str, p: str) -> Step:
        return steps.Set(path, *self.var_values("set", arg, p))

    def step_add(self, arg: Any, path: str, p: str) -> Step:
        return steps.Add(path, *self.var_values("add", arg, p))

    def step_let(self, arg: Any, path: str, p: str) -> Step:
        return steps.Let(path, self.var_values("let", arg, p)[0])

    def step_move(self, arg: Any, path: str, p: str) -> Step:
        m = self.mapping(arg, p, self.STEP_KEYS["move"], ("what", "to"))
        return steps.Move(path, self.expr(m["what"], f"{p}.what"),
                          self.zone_ref(m["to"], f"{p}.to"), self.at(m.get("at"), f"{p}.at"))

    def step_deal(self, arg: Any, path: str, p: str) -> Step:
        m = self.mapping(arg, p, self.STEP_KEYS["deal"], ("from", "to"))
        if ("count" in m) == ("fill" in m):
            raise self.fail(p, "deal_count_fill")
        return steps.Deal(path, self.zone_ref(m["from"], f"{p}.from"),
                          self.zone_ref(m["to"], f"{p}.to"),
                          self.expr(m["count"], f"{p}.count") if "count" in m else None,
                          self.expr(m["fill"], f"{p}.fill") if "fill" in m else None,
                          self.at(m.get("at"), f"{p}.at"))

    def step_shuffle(self, arg: Any, path: str, p: str) -> Step:
        return steps.Shuffle(path, self.zone_ref(arg, p))

    def step_do(self, arg: Any, path: str, p: str) -> Step:
        name = self.string(arg, p)
        if name not in self.procedure_names:
            raise self.fail(p, "unknown_procedure", name=name,
                            close=close_to(name, self.procedure_names))
        return steps.Do(path, name)

    def step_end(self, arg: Any, path: str, p: str) -> Step:
        name = self.string(arg, p)
        if name not in self.outcome_names:
            raise self.fail(p, "unknown_outcome", name=name,
                            close=close_to(name, self.outcome_names))
        return steps.End(path, name)

    def step_choose(self, arg: Any, path: str, p: str) -> Step:
        m = self.mapping(arg, p, self.STEP_KEYS["choose"], ("var", "from", "notation"))
        var = self.string(m["var"], f"{p}.var")
        source = self.expr(m["from"], f"{p}.from")
        seat = self.expr(m.get("seat", "me"), f"{p}.seat")
        notation, notations = self.notation(m["notation"], f"{p}.notation")
        if notation.count("{choice}") != 1:
            raise self.fail(f"{p}.notation", "notation_choice")
        prompt = self.template(m["prompt"], f"{p}.prompt") if "prompt" in m else None
        optional = self.boolean(m.get("optional", False), f"{p}.optional")
        pass_notation, passes = self.notation(m.get("pass", {"en": "pass", "fr": "passer"}),
                                              f"{p}.pass")
        of = m.get("of", "values")
        if of not in ("values", "seats"):
            raise self.fail(f"{p}.of", "choose_of", v=of)
        made = (path, var, source, seat, notation, notations, prompt, optional,
                pass_notation, passes, of == "seats",
                self.answer_words(m.get("words", {}), f"{p}.words"),
                self.expr(m["bot"], f"{p}.bot") if "bot" in m else None)
        if "seats" not in m and "window" not in m:
            return steps.Choose(*made)
        # a reaction window: the question asked of each of several seats in turn
        if "seat" in m and "seats" in m:
            raise self.fail(f"{p}.seats", "window_seat_and_seats")
        if "seats" not in m:
            raise self.fail(f"{p}.window", "window_needs_seats")
        if "window" not in m:
            raise self.fail(f"{p}.seats", "window_needs_mode")
        mode = m["window"]
        if mode not in ("first", "all"):
            raise self.fail(f"{p}.window", "window_mode", v=mode)
        if mode == "first" and not optional:
            raise self.fail(f"{p}.optional" if "optional" in m else f"{p}.window",
                            "window_first_optional")
        among = self.expr(m["seats"], f"{p}.seats")
        fixed = constant_of(among) if isinstance(m["seats"], str) else m["seats"]
        if fixed is not None and not _seat_list(fixed):  # (a value known now, not seats)
            raise self.fail(f"{p}.seats", "window_seats", got=kind_of(fixed))
        return steps.Window(*made, among=among, window=mode)

    def step_reveal(self, arg: Any, path: str, p: str) -> Step:
        m = self.mapping(arg, p, self.STEP_KEYS["reveal"], ("what",))
        silent = self.boolean(m.get("silent", False), f"{p}.silent")
        if silent and "log" in m:
            raise self.fail(f"{p}.log", "reveal_silent_log")
        return steps.Reveal(path, self.expr(m["what"], f"{p}.what"),
                            self.expr(m.get("to", "me"), f"{p}.to"),
                            self.template(m["log"], f"{p}.log") if "log" in m else None,
                            silent)

    def step_mark(self, arg: Any, path: str, p: str) -> Step:
        m = self.mapping(arg, p, self.STEP_KEYS["mark"], ("card", "what"))
        what = self.mapping(m["what"], f"{p}.what")
        if not what:
            raise self.fail(f"{p}.what", "mark_nothing")
        return steps.Mark(path, self.expr(m["card"], f"{p}.card"),
                          self.expr(m["seats"], f"{p}.seats") if "seats" in m else None,
                          tuple((self.string(k, f"{p}.what"), self.expr(v, f"{p}.what.{k}"))
                                for k, v in what.items()))

    def step_flip(self, arg: Any, path: str, p: str) -> Step:
        m = self.mapping(arg, p, self.STEP_KEYS["flip"], ("var",))
        return steps.Flip(path, self.string(m["var"], f"{p}.var"))

    def step_for_each(self, arg: Any, path: str, p: str) -> Step:
        m = self.mapping(arg, p, self.STEP_KEYS["for_each"], ("in", "var", "do"))
        items = self.expr(m["in"], f"{p}.in")
        var = self.string(m["var"], f"{p}.var")
        return steps.ForEach(path, items, var, self.block(m["do"], f"{p}.do"))

    def step_eliminate(self, arg: Any, path: str, p: str) -> Step:
        return steps.Eliminate(path, self.expr(arg, p))

    def step_rejoin(self, arg: Any, path: str, p: str) -> Step:
        return steps.Rejoin(path, self.expr(arg, p))

    def step_random(self, arg: Any, path: str, p: str) -> Step:
        m = self.mapping(arg, p, self.STEP_KEYS["random"], ("var", "from"))
        return steps.Random(path, self.string(m["var"], f"{p}.var"),
                            self.expr(m["from"], f"{p}.from"),
                            self.expr(m["count"], f"{p}.count") if "count" in m else None)

    def step_card_effect(self, arg: Any, path: str, p: str) -> Step:
        m = self.mapping(arg, p, self.STEP_KEYS["card_effect"], ("card", "name"))
        card = self.expr(m["card"], f"{p}.card")
        name = self.string(m["name"], f"{p}.name")
        if name not in self.card_effect_names:
            raise self.fail(f"{p}.name", "no_card_effect", name=name,
                            names=', '.join(sorted(self.card_effect_names)) or said("none"))
        return steps.CardEffect(path, card, name)

    def step_end_turn(self, arg: Any, path: str, p: str) -> Step:
        if isinstance(arg, dict):
            # end_turn: {next: seat}: that seat plays next; the same seat again is an extra
            # turn, which stays in the same round
            m = self.mapping(arg, p, self.STEP_KEYS["end_turn"], ("next",))
            return steps.EndTurn(path, self.expr(m["next"], f"{p}.next"))
        self.no_parameters("end_turn", arg, p)
        return steps.EndTurn(path, None)

    def step_check_end(self, arg: Any, path: str, p: str) -> Step:
        self.no_parameters("check_end", arg, p)
        return steps.CheckEnd(path)

    def no_parameters(self, kind: str, arg: Any, p: str) -> None:
        if arg not in (True, None):
            raise self.fail(p, "no_parameters", kind=kind)

    def var_name(self, name: Any, path: str) -> str:
        text = self.string(name, path)
        if text not in self.var_names:
            raise self.fail(path, "unknown_var", name=text, close=close_to(text, self.var_names),
                            names=', '.join(self.var_names))
        return text

    def zone_ref(self, v: Any, path: str) -> tuple[str, Compiled | None]:
        text = self.string(v, path).strip()
        name, _, rest = text.partition("[")
        name = name.strip()
        if name not in self.zone_names:
            raise self.fail(path, "unknown_zone", name=name, close=close_to(name, self.zone_names),
                            names=', '.join(self.zone_names))
        if rest:
            if not rest.endswith("]"):
                raise self.fail(path, "zone_ref", text=text)
            if not self.zone_names[name].per_seat:
                raise self.fail(path, "zone_not_per_seat", name=name)
            return name, self.expr(rest[:-1], path)
        return name, None

    def at(self, v: Any, path: str) -> str | Compiled | None:
        """Where a move or deal puts its cards: ``top``, ``bottom`` (a word), or an
        expression of the position counted from 1 (the top of a pile, the left of a row),
        checked when the step runs (a plain number at once)."""
        if v is None:
            return None
        if v in ("top", "bottom"):
            return str(v)
        if isinstance(v, bool) or not isinstance(v, int | str) or (
                isinstance(v, int) and v < 1):
            raise self.fail(path, "at_value", got=kind_of(v))
        return self.expr(v, path)

    def move(self, v: Any, path: str) -> MoveSpec:
        m = self.mapping(v, path, {"id", "notation", "args", "require", "effects", "phase",
                                   "label", "hint", "usage"}, ("id", "notation", "effects"))
        mid = self.string(m["id"], f"{path}.id")
        template, notations = self.notation(m["notation"], f"{path}.notation")
        if not template:
            raise self.fail(f"{path}.notation", "notation_empty")
        if template[0].startswith("{"):
            raise self.fail(f"{path}.notation", "notation_word_first", words=' '.join(template))
        args = []
        for name, a in self.mapping(m.get("args", {}), f"{path}.args").items():
            args.append(self.arg(name, a, f"{path}.args.{name}"))
        holes = [t[1:-1] for t in template if t.startswith("{") and t.endswith("}")]
        if sorted(holes) != sorted(a.name for a in args):
            raise self.fail(f"{path}.notation", "notation_args",
                            args=', '.join(a.name for a in args) or said("none"))
        for a in args:
            if a.kind == "cards" and template[-1] != "{" + a.name + "}":
                raise self.fail(f"{path}.notation", "notation_cards_last")
        reqs = []
        for i, r in enumerate(self.listing(m.get("require", []), f"{path}.require")):
            rp = f"{path}.require.{i}"
            r = self.mapping(r, rp, {"if", "why"}, ("if", "why"))
            reqs.append(Requirement(self.expr(r["if"], f"{rp}.if"),
                                    self.template(r["why"], f"{rp}.why")))
        phase = m.get("phase")
        phases = None
        if phase is not None:
            phases = frozenset([phase] if isinstance(phase, str) else
                               [self.string(x, f"{path}.phase") for x in
                                self.listing(phase, f"{path}.phase")])
        hints = []
        raw_hints = m.get("hint", [])
        for i, h in enumerate(self.listing([raw_hints] if isinstance(raw_hints, dict)
                                           else raw_hints, f"{path}.hint")):
            hp = f"{path}.hint.{i}"
            h = self.mapping(h, hp, {"if", "text"}, ("if", "text"))
            hints.append(Requirement(self.expr(h["if"], f"{hp}.if"),
                                     self.template(h["text"], f"{hp}.text")))
        return MoveSpec(mid, template, tuple(args), tuple(reqs),
                        self.block(m["effects"], f"{path}.effects"), phases,
                        self.lang(m.get("label", mid), f"{path}.label"), notations,
                        tuple(hints),
                        self.lang(m["usage"], f"{path}.usage") if "usage" in m else None)

    def arg(self, name: str, a: Any, path: str) -> ArgSpec:
        a = self.mapping(a, path, {"from", "where", "why", "seat", "cards", "word", "min", "max",
                                   "combo"})
        kinds = [k for k in ("from", "seat", "cards", "word", "combo") if k in a]
        if len(kinds) != 1:
            raise self.fail(path, "argument_kind")
        kind = {"from": "card", "seat": "seat", "cards": "cards", "word": "word",
                "combo": "combo"}[kinds[0]]
        if kind == "combo":  # the combos these cards can form
            self.expr(a["combo"], f"{path}.combo")
            domain = self.expr(f"combos(({a['combo']}))", f"{path}.combo")
        else:
            domain = self.expr({"seat": "seats()", "word": "[]"}.get(kind, a[kinds[0]]),
                               f"{path}.{kinds[0]}")
        where = a.get("where")
        if kind == "seat":
            where = a["seat"] if where is None else f"({a['seat']}) and ({where})"
        if kind == "word":
            words = self.listing(a["word"], f"{path}.word")
            domain = self.expr("[" + ", ".join(repr(str(w)) for w in words) + "]", path)
        return ArgSpec(name, kind, domain,
                       self.expr(where, f"{path}.where") if where is not None else None,
                       self.template(a["why"], f"{path}.why") if "why" in a else {},
                       self.integer(a.get("min", 1), f"{path}.min"),
                       self.integer(a.get("max", 99), f"{path}.max"))

    def end_rule(self, v: Any, path: str) -> EndRule:
        e = self.mapping(v, path, {"if", "outcome"}, ("if", "outcome"))
        name = self.string(e["outcome"], f"{path}.outcome")
        if name not in self.outcome_names:
            raise self.fail(f"{path}.outcome", "unknown_outcome", name=name,
                            close=close_to(name, self.outcome_names))
        return EndRule(self.expr(e["if"], f"{path}.if"), name)

    def outcome(self, name: str, v: Any, path: str) -> OutcomeSpec:
        o = self.mapping(v, path, {"winners", "reason", "score", "label"},
                         ("winners", "reason"))
        return OutcomeSpec(name, self.expr(o["winners"], f"{path}.winners"),
                           self.template(o["reason"], f"{path}.reason"),
                           self.expr(o["score"], f"{path}.score") if "score" in o else None,
                           self.lang(o["label"], f"{path}.label") if "label" in o else {})

    def display(self, v: Any, path: str, view: dict[str, Compiled]) -> dict[str, Any]:
        d = self.mapping(v, path, {"key", "kind", "label", "max", "optional", "lang", "words",
                                   "spare", "each"}, ("key", "kind"))
        if "optional" in d:  # optional: the row is left out while the value is null
            self.boolean(d["optional"], f"{path}.optional")
        if "spare" in d:  # spare: the row is left out when the screen is short
            self.boolean(d["spare"], f"{path}.spare")
        if not isinstance(d["key"], str) or d["key"] not in view:
            raise self.fail(f"{path}.key", "not_view_key", key=d['key'])
        if "lang" in d and d["lang"] not in LANGS:  # shown only in that language's table
            raise self.fail(f"{path}.lang", "display_lang", langs=', '.join(LANGS))
        if d["kind"] not in ("bar", "cards", "count", "value", "text", "seats"):
            raise self.fail(f"{path}.kind", "display_kind")
        out = dict(d)
        out["label"] = self.lang(d.get("label", d["key"]), f"{path}.label")
        # each: the title of the row shown once for each seat (a watched game, the end screen):
        # "Ana: Hand" where the label says "Your hand"
        if "each" in d:
            out["each"] = self.lang(d["each"], f"{path}.each")
        # words: how plain values read in each language ({lay: {en: laid, fr: a posé}})
        out["words"] = {str(k): self.lang(w, f"{path}.words.{k}") for k, w in
                        self.mapping(d.get("words", {}), f"{path}.words").items()}
        return out


def _texts(e: Exception) -> dict[str, str]:
    """An error's message in each language it has, English at least."""
    return {"en": str(e), **(getattr(e, "texts", None) or {})}


def load_spec(path: str | Path, table: FunctionTable) -> GameSpec:
    """Read and check a ruleset file, its expressions compiled with the functions of
    ``table`` (the engine's is context.ENGINE_FUNCTIONS: the loader is handed it, as the
    compilers are, by whoever plays the game).

    :raises RulesetError: the file is missing, is not YAML, or breaks the ruleset schema.
    """
    p = Path(path)
    try:
        text = read_text(p, MAX_FILE_BYTES)
    except FileNotFoundError:
        raise RulesetError.of("no_such_file", file=str(p)) from None
    except FileReadError as e:
        raise _unreadable(e) from None
    except (OSError, UnicodeDecodeError) as e:
        raise RulesetError.of("cannot_read", file=str(p), why=os_why(e)) from None
    return load_spec_text(text, str(p), table=table)


def _unreadable(e: FileReadError) -> RulesetError:
    """A ruleset file refused before it is read: not a regular file, or over the limit."""
    if e.limit is None:
        return RulesetError.of("not_regular_file", file=e.path)
    return RulesetError.of("file_too_big", file=e.path, limit=e.limit)


def load_spec_text(text: str, source: str = "<ruleset>", *,
                   table: FunctionTable) -> GameSpec:
    """Check a ruleset given as YAML text (its expressions compiled as ``load_spec`` says).

    :raises RulesetError: the text is not YAML or breaks the ruleset schema.
    """
    data, line_map = _read_yaml(text, source)
    lines = _Lines(line_map)
    data, origins = _with_base(data, source, lines, [source])
    loader = _Loader(data, source, lines, origins, table)
    try:
        spec = loader.load()
    except RecursionError:
        raise RulesetError.of("ruleset_too_deep", file=source) from None
    except MemoryError:
        raise RulesetError.of("ruleset_memory", file=source) from None
    rules = loader.lang(data["rules"], "rules") if "rules" in data else {}
    return attrs.evolve(spec, lines=line_map, rules=rules,
                        untranslated=tuple(loader.untranslated),
                        functions=loader.user_functions)


def _read_yaml(text: str, source: str) -> tuple[dict[str, Any], dict[str, int]]:
    """The YAML mapping of a ruleset and the line of each field path, within the limits."""
    try:
        data, lines = read_yaml(text)
    except LimitError as e:
        raise RulesetError(str(e), file=source, line=e.line, reasons=e.texts) from None
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        line = mark.line + 1 if mark is not None else None
        problem = getattr(e, "problem", None) or str(e)
        raise RulesetError.of("not_yaml", file=source, line=line,
                              problem=yaml_problem(problem)) from None
    except RecursionError:
        raise RulesetError.of("yaml_too_deep", file=source) from None
    if not isinstance(data, dict):
        raise RulesetError.of("not_a_mapping", file=source)
    return data, lines


def _with_base(data: dict[str, Any], source: str, lines: _Lines, chain: list[str]
               ) -> tuple[dict[str, Any], dict[str, tuple[str, _Lines]]]:
    """A ruleset with ``extends: BASE`` merged over its base: each top-level key it gives
    replaces the base's, except the entries of MERGED_KEYS, added or replaced one by one.
    Returns the merged data and, for each top-level key and merged entry, its file."""
    if "extends" not in data:
        return data, {}
    def fail(key: str, /, **kw: Any) -> RulesetError:
        return RulesetError.of(key, file=source, line=lines.line("extends"), field="extends",
                               **kw)

    ref = data["extends"]
    if not isinstance(ref, str) or not ref.strip():
        raise fail("extends_ref")
    if "id" not in data:
        raise fail("extends_id")
    if len(chain) > MAX_EXTENDS:
        raise fail("extends_chain", limit=MAX_EXTENDS)
    here = Path(source).parent
    ref = ref.strip()
    path = here / (ref if ref.endswith((".yaml", ".yml")) else f"{ref}.yaml")
    key = str(resolved(path))
    if key in chain or resolved(path) == resolved(Path(source)):
        raise fail("extends_loop", name=path.name)
    try:
        text = read_text(path, MAX_FILE_BYTES)
    except FileReadError as e:
        raise _unreadable(e) from None
    except (OSError, UnicodeDecodeError):
        raise fail("extends_missing", ref=ref, path=path) from None
    base_data, base_map = _read_yaml(text, str(path))
    base_lines = _Lines(base_map)
    base, base_origins = _with_base(base_data, str(path), base_lines, [*chain, key])
    origins: dict[str, tuple[str, _Lines]] = {}
    for k, v in base.items():
        origins[k] = base_origins.get(k, (str(path), base_lines))
        if k in MERGED_KEYS and isinstance(v, dict):
            for sub in v:
                origins[f"{k}.{sub}"] = base_origins.get(f"{k}.{sub}", origins[k])
    merged = dict(base)
    for k, v in data.items():
        if k == "extends":
            continue
        if k in MERGED_KEYS and isinstance(v, dict) and isinstance(base.get(k), dict):
            merged[k] = {**base[k], **v}
            for sub in v:
                origins[f"{k}.{sub}"] = (source, lines)
        else:
            merged[k] = v
            origins = {o: x for o, x in origins.items() if o.split(".")[0] != k}
            origins[k] = (source, lines)
    return merged, origins
