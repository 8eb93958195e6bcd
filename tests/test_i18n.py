"""Every string the table shows exists in English and in French."""

from __future__ import annotations

import pytest

import tabletop
from tabletop.ui.i18n import CATALOGUE, default_lang


def test_the_catalogues_have_the_same_keys() -> None:
    assert set(CATALOGUE["en"]) == set(CATALOGUE["fr"])
    for key in CATALOGUE["en"]:
        assert CATALOGUE["fr"][key].strip(), key


@pytest.mark.parametrize("game", tabletop.games())
def test_every_shown_text_of_the_ruleset_is_in_both_languages(game: str) -> None:
    missing = tabletop.load(game).spec.untranslated
    assert not missing, f"{game}: texts without both en and fr at: {list(missing[:10])}"


def test_default_language_follows_the_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    assert default_lang() == "fr"
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert default_lang() == "en"
