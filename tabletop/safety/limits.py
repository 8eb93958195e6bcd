"""The limits that keep a ruleset from anyone safe to load and to play.

A ruleset file may come from a stranger. Each limit below turns what would exhaust memory or
time (a YAML alias bomb, a card counted a billion times, an argument with millions of card
combinations, a list that doubles in a loop) into one RulesetError that names the line and the
limit. The numbers are far above what a real card game needs (the shipped rulesets use a few
percent of each).

``read_yaml`` reads a file's YAML, checking nesting depth and duplicate keys on the flat
stream of events, then alias expansion on the composed nodes before anything follows the
aliases, and gives back the data and the line of every field.
"""

from __future__ import annotations

import sys
from typing import Any

import yaml

from tabletop.i18n.catalogue import Langs
from tabletop.i18n.messages import ruleset_texts
from tabletop.safety.files import MAX_RULESET_BYTES

MAX_FILE_BYTES = MAX_RULESET_BYTES  # a ruleset file (files.py reads it within this)
MAX_YAML_DEPTH = 64  # nested mappings and lists
MAX_YAML_VALUES = 200_000  # values in the file once every alias (*name) is expanded
MAX_EXPR_CHARS = 20_000  # one expression's text
MAX_EXPR_DEPTH = 40  # brackets, calls and operators nested in one expression
MAX_CARDS = 10_000  # cards in a game, every copy counted
MAX_PLAYERS = 100  # players.max
MAX_BINDINGS = 20_000  # ways to fill a move's arguments, counted before they are listed
MAX_LIST = 100_000  # items in one list built during play
MAX_TEXT = 100_000  # characters in one text built during play
MAX_NUMBER = 10**15  # the largest whole number a game computes (either sign)
MAX_WORK = 2_000_000  # items expressions go through for one move, listing or view
MAX_FRAMES = 10_000  # effect blocks waiting to run at once (for_each bodies, procedures)
MAX_SEED = 2**63 - 1  # the largest seed a game is dealt from (the API, the command, saves)
# a game of `tabletop simulate` or `tabletop check` not over after this many moves is stopped
# and reported with its seed (a ruleset's max_moves above it is never reached there)
GAME_MOVES = 100_000

class LimitError(Exception):
    """A limit of this module was passed; ``line`` is where, when known; ``texts`` is the
    message in each language (a key of i18n.messages' catalogue, said by ``of``)."""

    def __init__(self, message: str, line: int | None = None,
                 texts: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.line = line
        self.texts = texts or {"en": message}

    @classmethod
    def of(cls, message: str, line: int | None = None, /, **kw: Any) -> LimitError:
        texts = ruleset_texts(message, **kw)
        return cls(texts["en"], line, texts)


# libyaml's loader when PyYAML has it (ten times faster), else the pure Python one
_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def check_events(text: str) -> None:
    """Read the YAML as a flat stream of events (no recursion, no alias followed) and refuse
    nesting deeper than MAX_YAML_DEPTH and a key written twice in one mapping."""
    # one entry per open mapping or list: the mapping's keys so far (None for a list) and
    # whether the next node in it is a key
    stack: list[list[Any]] = []
    for event in yaml.parse(text, Loader=_LOADER):
        line = event.start_mark.line + 1 if event.start_mark is not None else None
        starts = isinstance(event, yaml.NodeEvent)
        if starts and stack and stack[-1][0] is not None:
            top = stack[-1]
            if top[1] and isinstance(event, yaml.ScalarEvent) and not (
                    event.value == "<<" and event.implicit[0]):
                key = (event.value, event.implicit[0])
                if key in top[0]:
                    raise LimitError.of("key_twice", line, key=event.value)
                top[0].add(key)
            top[1] = not top[1]
        if isinstance(event, yaml.MappingStartEvent | yaml.SequenceStartEvent):
            if len(stack) >= MAX_YAML_DEPTH:
                raise LimitError.of("yaml_depth", line, limit=MAX_YAML_DEPTH)
            stack.append([set() if isinstance(event, yaml.MappingStartEvent) else None, True])
        elif isinstance(event, yaml.MappingEndEvent | yaml.SequenceEndEvent):
            stack.pop()


def _children(node: yaml.Node) -> list[yaml.Node]:
    if isinstance(node, yaml.MappingNode):
        return [x for pair in node.value for x in pair]
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    return []


def check_expansion(root: yaml.Node) -> None:
    """Count the values the document holds once its aliases are followed, and how deep it
    goes, without following them (each node is measured once): a cycle, more than
    MAX_YAML_VALUES values or more than MAX_YAML_DEPTH levels is a LimitError."""
    size: dict[int, int] = {}
    depth: dict[int, int] = {}
    open_: set[int] = set()
    stack: list[tuple[yaml.Node, bool]] = [(root, False)]
    while stack:
        node, done = stack.pop()
        nid = id(node)
        line = node.start_mark.line + 1
        if done:
            kids = _children(node)
            size[nid] = 1 + sum(size[id(k)] for k in kids)
            depth[nid] = 1 + max((depth[id(k)] for k in kids), default=0)
            open_.discard(nid)
            if size[nid] > MAX_YAML_VALUES:
                raise LimitError.of("alias_values", line, limit=MAX_YAML_VALUES)
            if depth[nid] > MAX_YAML_DEPTH:
                raise LimitError.of("alias_depth", line, limit=MAX_YAML_DEPTH)
            continue
        if nid in size:
            continue
        if nid in open_:
            raise LimitError.of("alias_cycle", line)
        open_.add(nid)
        stack.append((node, True))
        for k in _children(node):
            if id(k) not in size:
                stack.append((k, False))


def _lines(root: yaml.Node) -> dict[str, int]:
    """The line of every field path ("moves.2.effects.0"), from the composed document."""
    lines: dict[str, int] = {}
    stack: list[tuple[yaml.Node, str]] = [(root, "")]
    while stack:
        node, path = stack.pop()
        lines.setdefault(path, node.start_mark.line + 1)
        if isinstance(node, yaml.MappingNode):
            for k, v in node.value:
                key = f"{path}.{k.value}" if path else str(k.value)
                lines[key] = k.start_mark.line + 1
                stack.append((v, key))
        elif isinstance(node, yaml.SequenceNode):
            for i, v in enumerate(node.value):
                stack.append((v, f"{path}.{i}" if path else str(i)))
    return lines


def read_yaml(text: str) -> tuple[Any, dict[str, int]]:
    """The data of a YAML text and the line of each field path.

    :raises LimitError: the text passes one of the limits, or has a duplicate key.
    :raises yaml.YAMLError: the text is not YAML.
    """
    if len(text.encode("utf-8", "surrogatepass")) > MAX_FILE_BYTES:
        raise LimitError.of("file_too_big", 1, limit=MAX_FILE_BYTES)
    check_events(text)
    reader = _LOADER(text)
    try:
        node = reader.get_single_node()
        if node is None:
            return None, {}
        check_expansion(node)
        try:
            data = reader.construct_document(node)
        except (ValueError, OverflowError) as e:  # e.g. a number of thousands of digits
            why = str(e)  # Python's words; a number too long to read is said in French too
            digits = sys.get_int_max_str_digits()
            raise LimitError.of("value_unreadable", why=Langs(
                en=why, fr=ruleset_texts("number_digits", digits=digits)["fr"]
                if "integer string conversion" in why else why)) from None
    finally:
        reader.dispose()
    return data, _lines(node)
