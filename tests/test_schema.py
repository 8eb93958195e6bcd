"""The ruleset schema, a JSON Schema generated from the loader's own definitions
(python -m tabletop.rules.schema > docs/ruleset.schema.json): up to date, it validates every shipped
ruleset and every example, and rejects the broken corpus' type errors.

The validator below covers the part of JSON Schema the generated schema uses (the project takes
no dependency for it); editors use their own."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from tabletop import registry
from tabletop.cli.starter import starter_text
from tabletop.rules.schema import schema

ROOT = Path(__file__).parent.parent
SCHEMA_FILE = ROOT / "docs" / "ruleset.schema.json"
TYPES = {"object": dict, "array": list, "string": str, "null": type(None)}


def errors(value: Any, s: dict[str, Any], root: dict[str, Any], path: str = "") -> list[str]:
    """What is wrong with ``value`` under the schema ``s`` (empty when it is valid)."""
    if "$ref" in s:
        return errors(value, root["$defs"][s["$ref"].rsplit("/", 1)[1]], root, path)
    out: list[str] = []
    if "type" in s:
        kinds = s["type"] if isinstance(s["type"], list) else [s["type"]]
        ok = any((k == "integer" and isinstance(value, int) and not isinstance(value, bool))
                 or (k == "boolean" and isinstance(value, bool))
                 or (k in TYPES and isinstance(value, TYPES[k])) for k in kinds)
        if not ok:
            return [f"{path}: {value!r} is not {s['type']}"]
    if "enum" in s and value not in s["enum"]:
        return [f"{path}: {value!r} is not one of {s['enum']}"]
    if "anyOf" in s and not any(not errors(value, x, root, path) for x in s["anyOf"]):
        return [f"{path}: {str(value)[:60]!r} matches none of the allowed shapes"]
    if "not" in s and not errors(value, s["not"], root, path):
        out.append(f"{path}: matches a shape it must not")
    if isinstance(value, dict):
        for k in s.get("required", []):
            if k not in value:
                out.append(f"{path}: missing {k}")
        if len(value) < s.get("minProperties", 0):
            out.append(f"{path}: empty")
        props = s.get("properties", {})
        for k, v in value.items():
            if k in props:
                out += errors(v, props[k], root, f"{path}.{k}")
            elif s.get("additionalProperties") is False:
                out.append(f"{path}: unknown key {k!r}")
            elif isinstance(s.get("additionalProperties"), dict):
                out += errors(v, s["additionalProperties"], root, f"{path}.{k}")
    if isinstance(value, list):
        if len(value) < s.get("minItems", 0) or len(value) > s.get("maxItems", len(value)):
            out.append(f"{path}: wrong number of items")
        if "items" in s:
            for i, v in enumerate(value):
                out += errors(v, s["items"], root, f"{path}.{i}")
    if isinstance(value, int) and not isinstance(value, bool):
        if value < s.get("minimum", value) or value > s.get("maximum", value):
            out.append(f"{path}: {value} out of range")
    if isinstance(value, str) and len(value) < s.get("minLength", 0):
        out.append(f"{path}: empty text")
    return out


SCHEMA = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
RULESETS = [*(registry.ruleset_path(g) for g in registry.games()),
            *sorted((ROOT / "docs" / "examples").glob("*.yaml"))]


def test_the_published_schema_is_up_to_date() -> None:
    assert SCHEMA == json.loads(json.dumps(schema())), (
        "run: python -m tabletop.rules.schema > docs/ruleset.schema.json")


@pytest.mark.parametrize("path", RULESETS, ids=lambda p: p.stem)
def test_the_schema_accepts_every_shipped_ruleset(path: Path) -> None:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert errors(data, SCHEMA, SCHEMA) == []


def test_the_schema_accepts_the_starter_file() -> None:
    for lang in ("en", "fr"):
        data = yaml.safe_load(starter_text("My Game", "my-game", "my-game.yaml", lang))
        assert errors(data, SCHEMA, SCHEMA) == [], lang


@pytest.mark.parametrize("name", ["type-cards", "type-per-seat", "type-players",
                                  "type-visibility", "unknown-key", "suit-not-text"])
def test_the_schema_rejects_the_broken_corpus_type_errors(name: str) -> None:
    data = yaml.safe_load((ROOT / "tests" / "hostile" / f"{name}.yaml").read_text())
    assert errors(data, SCHEMA, SCHEMA) != []


def test_the_schema_rejects_a_misspelt_step_and_zone_key() -> None:
    data = yaml.safe_load((ROOT / "docs" / "examples" / "german-whist.yaml").read_text())
    data["setup"].append({"anounce": "hello"})
    assert any("matches none" in e for e in errors(data, SCHEMA, SCHEMA))
    data["setup"].pop()
    data["zones"]["hand"]["visiblity"] = "owner"
    assert errors(data, SCHEMA, SCHEMA) != []
