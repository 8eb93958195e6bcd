"""Helpers the tests share."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import tabletop
from tabletop import RulesetError
from tabletop.engine.effects import Effects
from tabletop.engine.game import Game


def load_ruleset(tmp_path: Path, text: str, name: str = "ruleset.yaml") -> tabletop.Game:
    """A game from YAML text, written to a file first so that errors name its file and line."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return tabletop.load(path)


def interpreter_only(game: Game) -> Game:
    """The same game run by the step-by-step interpreter only (no generated code)."""
    g = Game(game.spec, game.source_ref)
    g.segments = [{} for _ in g.segments]
    g.end_check = Effects._check_end_rules  # the end rules tested one by one
    g.outcomes = {}  # and the outcomes evaluated as the interpreter does
    return g


def frames_as_saved(st: Any) -> list[Any]:
    """The frames as a save keeps them: block, step, which locals (shared or not), and the
    locals' values."""
    tables: dict[int, int] = {}
    return [(f.block.id, f.index, tables.setdefault(id(f.locals), len(tables)),
             sorted((k, repr(v)) for k, v in f.locals.items())) for f in st.frames]


def play_alike(a: Any, b: Any, text: str) -> None:
    """Play ``text`` in both games: the same events, or the same mistake naming the same field
    (the move undone in both)."""
    try:
        ea = [e.to_dict() for e in a.play(text)]
    except RulesetError as e:
        with pytest.raises(RulesetError) as info:
            b.play(text)
        assert (e.field, str(e)) == (info.value.field, str(info.value))
    else:
        assert ea == [e.to_dict() for e in b.play(text)]


class Counting(list[Any]):
    """A frame stack that counts the frames pushed on it (the ``count_frames`` fixture)."""

    pushed = 0

    def append(self, frame: Any) -> None:
        Counting.pushed += 1
        super().append(frame)

    def insert(self, index: Any, frame: Any) -> None:  # a frame made below others
        Counting.pushed += 1
        super().insert(index, frame)

    def __setitem__(self, index: Any, frames: Any) -> None:  # frames made below others
        if isinstance(index, slice):
            Counting.pushed += len(frames)
        super().__setitem__(index, frames)
