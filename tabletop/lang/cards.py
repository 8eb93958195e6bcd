"""The cards of a game as expressions read them: each physical card (CardDef) and each
combo (ComboDef), frozen, with its attributes worked out once."""

from __future__ import annotations

from typing import Any

import attrs

from tabletop.i18n.catalogue import LANGS, text_of


def _name_and_text(table: dict[str, Any], name: dict[str, str], text: dict[str, str]) -> None:
    """A card's or a combo's name and text as expressions read them: ``name`` and ``text`` in
    English, ``name_fr``, ``text_en``... in each language."""
    table["name"] = text_of(name, "en")
    table["text"] = text_of(text, "en")
    for lang in LANGS:
        table[f"name_{lang}"] = text_of(name, lang)
        table[f"text_{lang}"] = text_of(text, lang)


@attrs.frozen(slots=True, eq=False)
class CardDef:
    """One physical card: its instance number, its code and its attributes."""

    uid: int
    code: str
    kind: str
    type: str | None
    value: int | None
    suit: str | None
    rank: str | None
    name: dict[str, str]
    text: dict[str, str]
    extra: dict[str, Any]
    # the card's code in a language where it differs (codes: {en: blade}): typed and shown
    codes: dict[str, str] = attrs.field(factory=dict)
    # the options under which the card is in the game (only: {cards: material}, every option
    # of a mapping at one of its values; a list of mappings: any of them); empty: always
    only: tuple[dict[str, tuple[str, ...]], ...] = ()
    # every attribute as expressions read it, computed once (expressions read cards a lot)
    attr_table: dict[str, Any] = attrs.field(init=False, repr=False)

    def __attrs_post_init__(self) -> None:
        table = dict(self.extra)
        for key in ("value", "type", "suit", "rank", "code", "kind", "uid"):
            table[key] = getattr(self, key)
        _name_and_text(table, self.name, self.text)
        for lang in LANGS:  # card.code_en, card.code_fr
            table[f"code_{lang}"] = self.codes.get(lang, self.code)
        object.__setattr__(self, "attr_table", table)

    def attr(self, name: str) -> Any:
        """An attribute as expressions read it (``card.value``, ``card.type``...)."""
        return self.attr_table.get(name)

    def label(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"<{self.code}#{self.uid}>"


@attrs.frozen(slots=True, eq=False)
class ComboDef:
    """A combo: a named set of cards (codes, repeats allowed) played together, with its own
    name, text and attributes. It is in no zone; expressions read it like a card."""

    code: str
    cards: tuple[str, ...]
    name: dict[str, str]
    text: dict[str, str]
    extra: dict[str, Any]
    attr_table: dict[str, Any] = attrs.field(init=False, repr=False)

    def __attrs_post_init__(self) -> None:
        table = dict(self.extra)
        table["code"] = self.code
        table["kind"] = "combo"
        table["cards"] = list(self.cards)
        _name_and_text(table, self.name, self.text)
        object.__setattr__(self, "attr_table", table)

    def attr(self, name: str) -> Any:
        return self.attr_table.get(name)

    def label(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"<combo {self.code}>"
