"""Every shipped game has its three pages, shaped as the docs shape says (issue 13): a players'
page in English and in French, short enough for the table and free of designer material, and a
designer's page; the three agree on the options and the number of rulings."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import tabletop

DOCS = Path(__file__).parent.parent / "docs"
PLAYER = ["Rules in our words", "Options", "Notation", "Rulings"]
PLAYER_FR = ["Les règles", "Options", "Notation", "Arbitrages"]
DESIGNER = ["View keys", "Rulings", "What the numbers say"]
# what a player's page must not hold: the engine's API, tests, benchmarks, files not shipped
DESIGNER_ONLY = re.compile(r"state\.view|new_game|pytest|benchmarks/|\.py\b|\.yaml\b|seeds/|"
                           r"View keys|view\(")


def sections(text: str) -> list[str]:
    return re.findall(r"^## (.+)$", text, re.M)


def rulings(text: str, title: str) -> int:
    body = text.split(f"## {title}", 1)[1].split("\n## ", 1)[0]
    return len(re.findall(r"^\d+\. ", body, re.M))


@pytest.mark.parametrize("game", tabletop.games())
def test_three_pages_with_their_sections(game: str) -> None:
    en = (DOCS / "games" / f"{game}.md").read_text("utf-8")
    fr = (DOCS / "games" / f"{game}.fr.md").read_text("utf-8")
    designer = (DOCS / "designers" / f"{game}.md").read_text("utf-8")
    assert sections(en) == PLAYER
    assert sections(fr) == PLAYER_FR
    assert sections(designer) == DESIGNER
    n = rulings(designer, "Rulings")
    assert n > 0 and rulings(en, "Rulings") == n and rulings(fr, "Arbitrages") == n


@pytest.mark.parametrize("game", tabletop.games())
@pytest.mark.parametrize("lang", ["", ".fr"])
def test_the_players_page_is_for_players(game: str, lang: str) -> None:
    text = (DOCS / "games" / f"{game}{lang}.md").read_text("utf-8")
    assert len(text.splitlines()) <= 130, "short enough to read at the table"
    found = DESIGNER_ONLY.findall(text)
    assert not found, f"designer material in the players' page: {found}"
    for name, option in tabletop.load(game).spec.options.items():
        if option.retired:  # not offered (kept for old saves): the designer's page says it
            continue
        assert f"`{name}`" in text, name
        for value in option.values:
            assert f"`{value}`" in text or f"{name}={value}" in text, (name, value)


@pytest.mark.parametrize("game", tabletop.games())
def test_the_french_page_says_vous(game: str) -> None:
    text = (DOCS / "games" / f"{game}.fr.md").read_text("utf-8")
    assert not re.search(r"\b(tu|te|ton|ta|tes|toi)\b", text, re.I)
    assert re.search(r"\bvous\b", text)


@pytest.mark.parametrize("game", tabletop.games())
def test_the_designers_page_names_every_option(game: str) -> None:
    text = (DOCS / "designers" / f"{game}.md").read_text("utf-8")
    for name in tabletop.load(game).spec.options:
        assert f"`{name}" in text, name
