"""How tabletop says a message in each language: one shape for every catalogue, one lookup.

A catalogue maps a key to its template in each language, with named fields::

    "saved": {"en": "Game saved to {path}.", "fr": "Partie sauvegardée dans {path}."}

The catalogues stay with the words they hold (i18n.messages.RULESET_MESSAGES for a ruleset's
mistakes, values.ENGINE_MESSAGES for the engine's answers to its callers,
i18n.table.TABLE_MESSAGES for what the tables and the command line say, cli/help.HELP_MESSAGES for
the command's help); each is a ``Catalogue``, read by the same ``t`` (one language) and
``texts`` (every language). No key names two messages, whichever catalogues hold them.

A field whose value itself reads differently in each language is given as a dict of language
-> text (a ``Langs``, a message's ``texts``), or as an error that carries its ``texts``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, TypeVar

LANGS = ("en", "fr")
_LANG_SET = frozenset(LANGS)
_E = TypeVar("_E", bound=Exception)


class Langs(dict[str, str]):
    """A value of a message that reads differently in each language."""


_ELIDED = re.compile(r"\b([Dd]e|[Qq]ue) (?=[AEIOUYÀÂÄÉÈÊËÎÏÔÖÙÛÜ][a-zà-ÿ'])")
# de + the article that starts a name (Le Coffre et la Clé, Les ...): du, des
_CONTRACTED = re.compile(r"\b([Dd])e L(e|es) (?=[A-ZÀ-Ý])")


def elide_fr(text: str) -> str:
    """French ``de`` and ``que`` elided before a name that starts with a vowel (« la Boule de
    feu d'Ana », « Notation d'Arcane Duel »): a capitalised word, so card codes (« de A♠ »)
    and words starting with h stay as they are. ``de`` and the capital ``Le``/``Les`` that
    starts a name of several words contract to ``du``/``des`` (« un coup du Coffre et la
    Clé »); ``de La`` and ``de L'`` stay, and a lower-case ``de le`` (« de le faire ») too."""
    if "de " not in text and "De " not in text and "que " not in text:
        return text
    if "e L" in text:
        text = _CONTRACTED.sub(lambda m: m.group(1) + ("u " if m.group(2) == "e" else "es "),
                               text)
    return _ELIDED.sub(lambda m: m.group(1)[:-1] + "'", text)


def fill(template: str, lang: str, values: Mapping[str, Any]) -> str:
    """A catalogue template filled in; in French, ``de`` and ``que`` elided before a name
    starting with a vowel (elide_fr)."""
    text = template.format(**values)
    return elide_fr(text) if lang == "fr" else text


def text_of(t: dict[str, str], lang: str) -> str:
    """The text in ``lang``, else English, else any; French with ``de`` and ``que`` elided
    before a name that starts with a vowel (« de Ana » reads « d'Ana »)."""
    text = t.get(lang) or t.get("en") or next(iter(t.values()), "")
    return elide_fr(text) if lang == "fr" and text else text


def in_lang(v: Any, lang: str) -> Any:
    """A value of a message as it reads in ``lang``: a dict keyed by languages (a ``Langs``,
    an event's or an error's texts) gives its text, an error carrying ``texts`` its own; any
    other value is itself."""
    if isinstance(v, dict):
        if isinstance(v, Langs) or (v and v.keys() <= _LANG_SET
                                    and all(isinstance(x, str) for x in v.values())):
            return text_of(v, lang)
        return v
    texts = getattr(v, "texts", None)
    if isinstance(v, Exception) and isinstance(texts, dict):
        return texts.get(lang) or str(v)
    return v


class Catalogue(dict[str, dict[str, str]]):
    """Messages by key, each a template per language; a language a message lacks reads as
    English."""

    def t(self, lang: str, key: str, /, **fields: Any) -> str:
        """The message ``key`` in ``lang``, its fields filled in."""
        message = self[key]
        return fill(message.get(lang, message["en"]), lang,
                    {k: in_lang(v, lang) for k, v in fields.items()})

    def texts(self, key: str, /, **fields: Any) -> dict[str, str]:
        """The message ``key`` in every language it has."""
        return {lang: fill(template, lang, {k: in_lang(v, lang) for k, v in fields.items()})
                for lang, template in self[key].items()}

    def said(self, key: str, /, **fields: Any) -> Langs:
        """The message ``key`` as the value of a field of another message."""
        return Langs(self.texts(key, **fields))

    def error(self, cls: type[_E], key: str, /, **fields: Any) -> _E:
        """An error (an ExpressionError...) whose message is ``key``, in every language."""
        texts = self.texts(key, **fields)
        return cls(texts["en"], texts=texts)  # type: ignore[call-arg]


__all__ = ["LANGS", "Catalogue", "Langs", "elide_fr", "fill", "in_lang", "text_of"]
