"""Golden playthroughs: a seeded random game of every shipped game, replayed and diffed.

After a deliberate rule change, regenerate one with
``python -m tabletop.testing golden GAME --seed N [--players P] [--option k=v]
> tests/golden/GAME.txt`` (an example of docs/examples/: ``golden docs/examples/ID.yaml ...
> tests/golden/examples/ID.txt``)
(the header of each file says which seed, players and options it was made with).
"""

from __future__ import annotations

import difflib
import json
from pathlib import Path

import pytest

import tabletop
from tabletop.testing import playthrough

GOLDEN = Path(__file__).parent / "golden"


def _header(path: Path) -> tuple[str, int, int, dict[str, str]]:
    lines = path.read_text(encoding="utf-8").splitlines()[:4]
    fields = dict(line.split(": ", 1) for line in lines)
    options = json.loads(fields["options"])
    return fields["game"], int(fields["seed"]), int(fields["players"]), options


def test_every_shipped_game_has_a_golden_playthrough() -> None:
    have = {_header(p)[0] for p in GOLDEN.glob("*.txt")}
    missing = set(tabletop.games()) - have
    assert not missing, f"games without a golden playthrough in tests/golden/: {sorted(missing)}"


EXAMPLES = Path(__file__).parent.parent / "docs" / "examples"


@pytest.mark.parametrize("path", sorted(GOLDEN.glob("*.txt")), ids=lambda p: p.stem)
def test_golden_playthrough_is_unchanged(path: Path) -> None:
    _same_as_a_fresh_playthrough(path, _header(path)[0])


@pytest.mark.parametrize("path", sorted((GOLDEN / "examples").glob("*.txt")),
                         ids=lambda p: p.stem)
def test_an_example_s_golden_playthrough_is_unchanged(path: Path) -> None:
    """The games of docs/examples/, each from its file (tests/golden/examples/ID.txt is
    written by python -m tabletop.testing golden docs/examples/ID.yaml --seed N ...)."""
    game = EXAMPLES / f"{_header(path)[0]}.yaml"
    assert game.is_file(), f"{path.name}: no {game.name} in docs/examples/"
    _same_as_a_fresh_playthrough(path, str(game))


def _same_as_a_fresh_playthrough(path: Path, game: str) -> None:
    _id, seed, players, options = _header(path)
    expected = path.read_text(encoding="utf-8")
    actual = playthrough(game, seed, players, options)
    if actual != expected:
        diff = "".join(difflib.unified_diff(expected.splitlines(True), actual.splitlines(True),
                                            "golden", "now", n=2))
        pytest.fail(f"{path.name} differs from a fresh playthrough:\n{diff[:4000]}")
