"""The ruleset schema as a JSON Schema, generated from the loader's own definitions.

The keys each part of a ruleset allows, and the ones it requires, are asked of the loader itself
(tabletop.rules.spec._Loader): each part is handed a key no ruleset has, and the loader's
error lists
the keys it allows. So the schema follows the loader when a key is added. The shapes of the
values (text in several languages, an expression, a list of effect steps) are written here.

    python -m tabletop.rules.schema > docs/ruleset.schema.json

An editor with a YAML language server then completes and checks rulesets as a designer types
(docs/yaml-reference.md, "Checking as you type").
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable
from typing import Any

from tabletop.errors import RulesetError
from tabletop.lang.expr import CORE
from tabletop.rules.spec import LANGS, _Lines, _Loader

PROBE = "__probe__"

# a tiny ruleset the loader accepts, to ask it about the parts that need a whole file
MINIMAL: dict[str, Any] = {
    "id": "probe", "name": "Probe", "players": {"min": 1, "max": 1},
    "cards": [{"id": "a"}], "zones": {"deck": {"deck": True}},
    "moves": [{"id": "m", "notation": "m", "effects": []}],
    "end": [], "outcomes": {"done": {"winners": "[0]", "reason": "done"}}, "view": {},
}


def _loader(data: dict[str, Any] | None = None) -> _Loader:
    loader = _Loader(data if data is not None else {}, "<schema>", _Lines({}), None, CORE)
    loader.procedure_names = set()
    loader.zone_names = {}
    loader.var_names = {}
    loader.outcome_names = set()
    loader.card_effect_names = set()
    loader.card_rules_raw = {}
    loader.card_effects_raw = {}
    loader.type_symbols = {}
    return loader


def _allowed(call: Callable[[dict[str, Any]], Any]) -> list[str]:
    """The keys the loader allows where ``call`` hands it a mapping."""
    try:
        call({PROBE: 1})
    except RulesetError as e:
        m = re.search(r"\(allowed: ([^)]*)\)", e.reason)
        if m:
            return [k.strip() for k in m.group(1).split(",")]
    raise AssertionError("the loader did not list its keys")  # a change in the loader


def _required(call: Callable[[dict[str, Any]], Any], allowed: list[str]) -> list[str]:
    """The keys the loader requires: hand it nothing, then each key it asks for in turn."""
    data: dict[str, Any] = {}
    out: list[str] = []
    for _ in allowed:
        try:
            call(dict(data))
        except RulesetError as e:
            m = re.match(r"missing required field '([^']+)'", e.reason)
            if not m:
                break
            out.append(m.group(1))
            data[m.group(1)] = MINIMAL.get(m.group(1), "x")
            continue
        break
    return out


def _top(data: dict[str, Any]) -> Any:
    return _loader(data).load()


def loader_keys() -> dict[str, tuple[list[str], list[str]]]:
    """Each part of a ruleset: (the keys the loader allows, the keys it requires)."""
    ld = _loader()
    parts: dict[str, Callable[[dict[str, Any]], Any]] = {
        "ruleset": _top,
        "players": lambda m: _top({**MINIMAL, "players": m}),
        "hooks": lambda m: _top({**MINIMAL, "hooks": m}),
        "zone": lambda m: ld.zones({"z": m}),
        "var": lambda m: ld.vars({"v": m}),
        "option": lambda m: ld.options({"o": m}),
        "move": lambda m: ld.move(m, "moves.0"),
        "arg": lambda m: ld.arg("a", m, "a"),
        "require": lambda m: ld.move({"id": "m", "notation": "m", "effects": [],
                                      "require": [m]}, "m"),
        "end": lambda m: ld.end_rule(m, "end.0"),
        "outcome": lambda m: ld.outcome("o", m, "outcomes.o"),
        "display": lambda m: ld.display(m, "display.0", {}),
        "playing": lambda m: ld.cards([{"suits": ["S"], "ranks": [2], **m}], {}),
        "function": lambda m: ld.declare_functions({"f": m}, set()),
    }
    out = {}
    for name, call in parts.items():
        allowed = _allowed(call)
        out[name] = (allowed, _required(call, allowed) if name != "require" else ["if", "why"])
    out["hooks"] = (out["hooks"][0], [])
    out["playing"] = (out["playing"][0], ["suits", "ranks"])  # the probe itself gives them
    return out


# ---------------------------------------------------------------- value shapes

TEXT = {"$ref": "#/$defs/text"}
EXPR = {"$ref": "#/$defs/expression"}
STEPS = {"$ref": "#/$defs/steps"}
INT = {"type": "integer"}
BOOL = {"type": "boolean"}
STR = {"type": "string"}
# a question's words for one answer: a text, or per language a text or a list of texts
_WORD = {"type": "string", "minLength": 1}
ANSWER_WORDS = {"anyOf": [_WORD, {
    "type": "object", "minProperties": 1, "additionalProperties": False,
    "properties": {lang: {"anyOf": [_WORD, {"type": "array", "minItems": 1, "items": _WORD}]}
                   for lang in LANGS}}]}
# a card's only: option name -> one value, or a list of values; or a list of such (any holds)
_ONLY_ONE = {"type": "object",
             "additionalProperties": {"anyOf": [STR, {"type": "array", "items": STR}]}}
ONLY = {"anyOf": [_ONLY_ONE, {"type": "array", "items": _ONLY_ONE, "minItems": 1}]}
SCALAR = {"type": ["string", "integer", "boolean", "null"]}

# the shape of a key's value, by part and key; a key not listed takes any value
SHAPES: dict[str, dict[str, Any]] = {
    "ruleset": {
        "id": STR, "name": TEXT, "summary": TEXT, "players": {"$ref": "#/$defs/players"},
        "max_moves": INT, "score_bounds": {"type": "array", "items": INT, "minItems": 2,
                                           "maxItems": 2},
        "options": {"type": "object", "additionalProperties": {"$ref": "#/$defs/option"}},
        "card_types": {"type": "object", "additionalProperties": {
            "anyOf": [TEXT, {"type": "object", "properties": {"symbol": STR, "en": STR,
                                                              "fr": STR},
                             "additionalProperties": False}]}},
        "cards": {"type": "array", "items": {"$ref": "#/$defs/card"}, "minItems": 1},
        "zones": {"type": "object", "additionalProperties": {
            "anyOf": [{"$ref": "#/$defs/zone"}, {"type": "null"}]}},
        "vars": {"type": "object", "additionalProperties": {
            "anyOf": [{"$ref": "#/$defs/var"}, SCALAR]}},
        "derived": {"type": "object", "additionalProperties": EXPR},
        "functions": {"type": "object", "additionalProperties": {"$ref": "#/$defs/function"}},
        "setup": STEPS, "moves": {"type": "array", "items": {"$ref": "#/$defs/move"}},
        "procedures": {"type": "object", "additionalProperties": STEPS},
        "hooks": {"$ref": "#/$defs/hooks"},
        "end": {"type": "array", "items": {"$ref": "#/$defs/end"}},
        "outcomes": {"type": "object", "additionalProperties": {"$ref": "#/$defs/outcome"}},
        "view": {"type": "object", "additionalProperties": EXPR},
        "display": {"type": "array", "items": {"$ref": "#/$defs/display"}},
        "secret": BOOL, "first_player": {"enum": ["first", "random"]}, "evaluate": EXPR,
        "rollout_policy": {"enum": ["uniform", "by_move"]},
        "rules": TEXT,
        "solver": {"type": "object", "properties": {
            "win_bound": EXPR, "monotone": {"type": "array", "items": STR},
            "scratch": {"type": "array", "items": STR},
            "unordered": {"type": "array", "items": STR},
            "ignore": {"type": "array", "items": STR}, "relabel": BOOL, "order": EXPR},
            "additionalProperties": False},
        "bot": {"type": "object", "properties": {"estimate": EXPR},
                "additionalProperties": False},
    },
    "players": {"min": {"type": "integer", "minimum": 1}, "max": {"type": "integer",
                                                                   "minimum": 1}},
    "hooks": {},  # every hook is a list of steps (below)
    "zone": {"visibility": {"enum": ["public", "hidden", "owner", "others"]}, "per_seat": BOOL,
             "order": {"enum": ["pile", "row"]}, "deck": BOOL, "label": TEXT},
    "var": {"initial": SCALAR, "min": INT, "max": INT, "per_seat": BOOL,
            "visibility": {"enum": ["cards", "public", "owner", "hidden"]}},
    "option": {"default": SCALAR, "values": {"type": "array", "items": SCALAR},
               "help": TEXT, "retired": BOOL},
    "move": {"id": STR, "notation": TEXT, "args": {"type": "object", "additionalProperties":
                                                  {"$ref": "#/$defs/arg"}},
             "require": {"type": "array", "items": {"$ref": "#/$defs/require"}},
             "effects": STEPS, "phase": {"anyOf": [STR, {"type": "array", "items": STR}]},
             "label": TEXT, "usage": TEXT},
    "arg": {"from": EXPR, "where": EXPR, "why": TEXT, "seat": EXPR, "cards": EXPR,
            "word": {"type": "array", "items": SCALAR}, "min": INT, "max": INT},
    "require": {"if": EXPR, "why": TEXT},
    "end": {"if": EXPR, "outcome": STR},
    "outcome": {"winners": EXPR, "reason": TEXT, "score": EXPR, "label": TEXT},
    "display": {"key": STR, "kind": {"enum": ["bar", "cards", "count", "value", "text",
                                              "seats"]},
                "label": TEXT, "each": TEXT, "optional": BOOL, "lang": {"enum": list(LANGS)},
                "words": {"type": "object", "additionalProperties": TEXT}},
    "playing": {"suits": {"type": "array", "items": {"enum": ["S", "C", "D", "H"]}},
                "ranks": {"type": "array", "items": {"anyOf": [
                    {"type": "integer", "minimum": 2, "maximum": 14},
                    {"enum": ["J", "Q", "K", "A"]}]}},
                "type": STR, "require": {"type": "array",
                                         "items": {"$ref": "#/$defs/require"}},
                "derived": {"type": "object", "additionalProperties": EXPR},
                "effects": {"type": "object", "additionalProperties": STEPS}, "only": ONLY},
    "function": {"args": {"type": "array", "items": STR}, "value": EXPR},
}

# where a move or deal puts its cards: top, bottom, or a position counted from 1 (a number,
# or an expression that gives one)
AT = {"anyOf": [{"enum": ["top", "bottom"]}, {"type": "integer", "minimum": 1},
                {"type": "string", "minLength": 1}]}
# the parameters of the effect steps that hold a list of steps or name a zone
STEP_SHAPES: dict[str, dict[str, Any]] = {
    "for_each": {"do": STEPS, "in": EXPR, "var": STR},
    "move": {"what": EXPR, "to": STR, "at": AT},
    "deal": {"from": STR, "to": STR, "count": EXPR, "fill": EXPR, "at": AT},
    "choose": {"var": STR, "from": EXPR, "seat": EXPR, "notation": TEXT, "prompt": TEXT,
               "optional": BOOL, "pass": TEXT, "of": {"enum": ["values", "seats"]},
               "seats": EXPR, "window": {"enum": ["first", "all"]},
               "words": {"type": "object", "additionalProperties": ANSWER_WORDS}},
    "reveal": {"what": EXPR, "to": EXPR, "log": TEXT, "silent": BOOL},
    "mark": {"card": EXPR, "seats": EXPR,
             "what": {"type": "object", "additionalProperties": EXPR, "minProperties": 1}},
    "flip": {"var": STR},
    "card_effect": {"card": EXPR, "name": STR},
    "end_turn": {"next": EXPR},
}
# the steps whose value is not a mapping of parameters
STEP_VALUES: dict[str, Any] = {
    "log": TEXT, "announce": TEXT, "shuffle": STR, "do": STR, "end": STR, "eliminate": EXPR,
    "rejoin": EXPR,
    "check_end": {"enum": [True, None]},
    "end_turn": {"anyOf": [{"enum": [True, None]}, {"$ref": "#/$defs/step_end_turn"}]},
    "add": {"type": "object", "additionalProperties": EXPR},
    "set": {"type": "object", "additionalProperties": EXPR},
    "let": {"type": "object", "additionalProperties": EXPR},
}


def _object(part: str, keys: tuple[list[str], list[str]], extra: Any = False) -> dict[str, Any]:
    allowed, required = keys
    shapes = SHAPES.get(part, {})
    out: dict[str, Any] = {"type": "object",
                           "properties": {k: shapes.get(k, {}) for k in allowed},
                           "additionalProperties": extra}
    if required:
        out["required"] = required
    return out


def schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of a ruleset file."""
    keys = loader_keys()
    defs: dict[str, Any] = {
        "text": {"anyOf": [{"type": "string", "minLength": 1}, {
            "type": "object", "minProperties": 1, "additionalProperties": False,
            "properties": {lang: {"type": "string", "minLength": 1} for lang in LANGS}}]},
        "expression": {"type": ["string", "integer", "boolean", "null"]},
        "steps": {"anyOf": [{"type": "array", "items": {"$ref": "#/$defs/step"}},
                            {"type": "null"}]},
    }
    for part in ("players", "zone", "var", "option", "move", "arg", "require", "end",
                 "outcome", "display", "function"):
        defs[part] = _object(part, keys[part])
    defs["hooks"] = {"type": "object", "additionalProperties": False,
                     "properties": {h: STEPS for h in keys["hooks"][0]}}
    named = {"type": "object", "required": ["id"], "not": {"required": ["suits"]},
             "properties": {"id": STR, "count": {"type": "integer", "minimum": 0},
                            "value": INT, "name": TEXT, "text": TEXT, "type": STR,
                            "require": {"type": "array", "items": {"$ref": "#/$defs/require"}},
                            "derived": {"type": "object", "additionalProperties": EXPR},
                            "effects": {"type": "object", "additionalProperties": STEPS},
                            "only": ONLY},
             "additionalProperties": {}}  # a card's own attributes (the loader checks them)
    # numbered cards: one named card per number, {numbers: {from: 3, to: 35}, ...}
    numbered = {"type": "object", "required": ["numbers"],
                "not": {"anyOf": [{"required": [k]} for k in ("id", "suits", "ranks", "value",
                                                               "name")]},
                "properties": {
                    "numbers": {"type": "object", "required": ["from", "to"],
                                "additionalProperties": False,
                                "properties": {"from": INT, "to": INT, "prefix": STR}},
                    "count": {"type": "integer", "minimum": 0}, "text": TEXT, "type": STR,
                    "require": {"type": "array", "items": {"$ref": "#/$defs/require"}},
                    "derived": {"type": "object", "additionalProperties": EXPR},
                    "effects": {"type": "object", "additionalProperties": STEPS},
                    "only": ONLY},
                "additionalProperties": {}}
    named["not"] = {"anyOf": [{"required": ["suits"]}, {"required": ["numbers"]}]}
    defs["card"] = {"anyOf": [_object("playing", keys["playing"]), named, numbered]}
    kinds = _loader().STEP_KEYS
    steps: list[dict[str, Any]] = []
    for kind, params in sorted(kinds.items()):
        if kind == "if":
            steps.append({"type": "object", "required": ["if", "then"],
                          "properties": {"if": EXPR, "then": STEPS, "else": STEPS},
                          "additionalProperties": False})
            continue
        if kind in STEP_VALUES:
            value = STEP_VALUES[kind]
        else:
            shapes = STEP_SHAPES.get(kind, {})
            value = {"type": "object", "additionalProperties": False,
                     "properties": {p: shapes.get(p, {}) for p in sorted(params)}}
        steps.append({"type": "object", "required": [kind], "properties": {kind: value},
                      "additionalProperties": False})
    defs["step_end_turn"] = {"type": "object", "required": ["next"],
                             "properties": {"next": EXPR}, "additionalProperties": False}
    defs["step"] = {"anyOf": steps}
    top = _object("ruleset", keys["ruleset"])
    # a ruleset built on another (extends: BASE) takes the keys it leaves out from its base
    top["properties"]["extends"] = STR
    required = top.pop("required", [])
    top["anyOf"] = [{"required": ["extends", "id"]}, {"required": required}]
    return {"$schema": "https://json-schema.org/draft/2020-12/schema",
            "$id": "https://tabletop.invalid/ruleset.schema.json",
            "title": "tabletop ruleset",
            "description": "A card game's rules for the tabletop engine "
                           "(docs/yaml-reference.md). Generated by "
                           "python -m tabletop.rules.schema.",
            **top, "$defs": defs}


def main() -> int:
    sys.stdout.write(json.dumps(schema(), indent=1, ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
