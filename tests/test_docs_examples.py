"""The complete example rulesets written in the docs load, pass the checks of `tabletop check`,
and random bots play them to the end with views that hide what they must."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from helpers import load_ruleset
from test_views_hidden import hidden_cards_change_no_view

from tabletop.analysis.checker import play_check
from tabletop.testing import random_game

DOCS = Path(__file__).parent.parent / "docs"


def complete_examples() -> list[tuple[str, str]]:
    out = []
    for page in sorted(DOCS.glob("*.md")):
        for i, block in enumerate(re.findall(r"```yaml\n(.*?)```", page.read_text("utf-8"),
                                             re.S)):
            if all(re.search(rf"^{key}:", block, re.M) for key in ("id", "players", "moves",
                                                                   "view")):
                out.append((f"{page.stem}-{i}", block))
    return out


EXAMPLES = complete_examples()


def test_the_reference_has_its_complete_example() -> None:
    assert any(name.startswith("yaml-reference") for name, _ in EXAMPLES)


@pytest.mark.parametrize(("name", "text"), EXAMPLES, ids=[n for n, _ in EXAMPLES])
def test_a_docs_example_plays(tmp_path: Path, name: str, text: str) -> None:
    game = load_ruleset(tmp_path, text, f"{name}.yaml")
    report = play_check(game, games=40, seconds=30)
    assert report.problems == []
    for seed in range(10):
        players = game.spec.min_players + seed % (game.spec.max_players
                                                  - game.spec.min_players + 1)
        random_game(game, seed=seed, players=players)
    hidden_cards_change_no_view(game, seed=1, players=game.spec.max_players)
