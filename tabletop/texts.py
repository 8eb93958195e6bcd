"""Texts a ruleset gives in several languages (a dict: language -> text)."""

from __future__ import annotations


def text_of(t: dict[str, str], lang: str) -> str:
    """The text in ``lang``, else English, else any."""
    return t.get(lang) or t.get("en") or next(iter(t.values()), "")
