"""Errors raised by tabletop: every one is a ValueError that says what was wrong, in context."""

from __future__ import annotations


class TabletopError(ValueError):
    """Base class of every error tabletop raises for bad input.

    ``texts`` holds the message in each language the engine could write it in.
    """

    texts: dict[str, str]

    def __init__(self, *args: object, texts: dict[str, str] | None = None) -> None:
        super().__init__(*args)
        self.texts = texts or {}

    def in_lang(self, lang: str) -> str:
        """The message in ``lang`` when the engine has it, else as raised."""
        return self.texts.get(lang) or str(self)


class BotError(TabletopError):
    """An unknown bot kind or a bad bot setting, or a bot asked to play what it cannot."""


class RulesetError(TabletopError):
    """A ruleset file is malformed; the message names the file, line and field.

    ``reasons`` (the message in each language, English at least) makes ``texts`` say the
    whole sentence, the file, line and field included, in each of those languages."""

    def __init__(self, message: str, *, file: str = "", line: int | None = None,
                 field: str = "", reasons: dict[str, str] | None = None) -> None:
        from tabletop.i18n.catalogue import LANGS
        from tabletop.i18n.messages import ruleset_texts

        reasons = reasons or {}
        texts = {}
        for lang in LANGS:
            where = file or ruleset_texts("where_unknown")[lang]
            if line is not None:
                where += ruleset_texts("where_line", line=line)[lang]
            if field:
                where += ruleset_texts("where_field", field=field)[lang]
            texts[lang] = ruleset_texts("where_what", where=where,
                                        what=reasons.get(lang) or message)[lang]
        super().__init__(texts["en"], texts=texts)
        self.file = file
        self.line = line
        self.field = field
        self.reason = message
        self.reasons = {"en": message, **reasons}

    @classmethod
    def of(cls, key: str, /, *, file: str = "", line: int | None = None, field: str = "",
           **kw: object) -> RulesetError:
        """The mistake ``key`` of i18n.messages' catalogue (its values as keywords)."""
        from tabletop.i18n.messages import ruleset_texts

        reasons = ruleset_texts(key, **kw)
        return cls(reasons["en"], file=file, line=line, field=field, reasons=reasons)


class ExpressionError(TabletopError):
    """An expression in a ruleset does not parse or cannot be evaluated."""


class NotationError(TabletopError):
    """A move's text does not parse in this game's notation."""


class IllegalMoveError(TabletopError):
    """A move parses but is not legal in the current position; the message says why."""


class WrongSeatError(TabletopError):
    """A move was played for a seat that is not the one to decide now."""


class GameOverError(TabletopError):
    """A move was played after the game ended."""


class OptionError(TabletopError):
    """An unknown option, or a value the option does not allow."""


class PlayerCountError(TabletopError):
    """A number of players outside the game's range."""


class DeckError(TabletopError):
    """A stacked deck list names an unknown card, too many copies of a card, or is malformed."""


class UnknownGameError(TabletopError):
    """No shipped game has this id, and no ruleset file is at this path."""


class SaveFileError(TabletopError):
    """A saved game cannot be read back."""


class ArgumentError(TabletopError):
    """A function of the API was given an argument of the wrong type, or outside its range
    (a seat that is not one, a seed that is not a whole number from 0); the message names
    the argument."""
