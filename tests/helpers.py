"""Helpers the tests share."""

from __future__ import annotations

from pathlib import Path

import tabletop


def load_ruleset(tmp_path: Path, text: str, name: str = "ruleset.yaml") -> tabletop.Game:
    """A game from YAML text, written to a file first so that errors name its file and line."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return tabletop.load(path)
