"""Texts a ruleset gives in several languages (a dict: language -> text)."""

from __future__ import annotations

from .ruleset_messages import elide_fr


def text_of(t: dict[str, str], lang: str) -> str:
    """The text in ``lang``, else English, else any; French with ``de`` and ``que`` elided
    before a name that starts with a vowel (« de Ana » reads « d'Ana »)."""
    text = t.get(lang) or t.get("en") or next(iter(t.values()), "")
    return elide_fr(text) if lang == "fr" and text else text
