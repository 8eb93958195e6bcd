"""Every string the table shows exists in English and in French."""

from __future__ import annotations

import string

import pytest

import tabletop
from tabletop.cli.help import HELP_MESSAGES
from tabletop.i18n.messages import RULESET_MESSAGES
from tabletop.i18n.table import TABLE_MESSAGES, default_lang
from tabletop.rules.values import ENGINE_MESSAGES


def _fields(template: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(template) if f is not None}


@pytest.mark.parametrize("catalogue", [TABLE_MESSAGES, HELP_MESSAGES])
def test_every_message_of_the_table_is_in_both_languages(catalogue: dict[str, dict[str, str]]
                                                          ) -> None:
    for key, message in catalogue.items():
        assert set(message) == {"en", "fr"}, key
        assert message["fr"].strip(), key
        assert _fields(message["en"]) == _fields(message["fr"]), key


def test_no_two_catalogues_share_a_key() -> None:
    """A key names one message, whichever catalogue holds it."""
    catalogues = (RULESET_MESSAGES, ENGINE_MESSAGES, TABLE_MESSAGES, HELP_MESSAGES)
    assert sum(map(len, catalogues)) == len(set().union(*catalogues))


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
