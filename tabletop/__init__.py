"""tabletop: one engine that plays small card games declared in YAML.

>>> import tabletop
>>> game = tabletop.load("scoundrel")
>>> state = game.new_game(seed=7)
>>> len(state.view(0)["room"])
4
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from tabletop.errors import (
    ArgumentError,
    DeckError,
    ExpressionError,
    GameOverError,
    IllegalMoveError,
    NotationError,
    OptionError,
    PlayerCountError,
    RulesetError,
    SaveFileError,
    TabletopError,
    UnknownGameError,
    WrongSeatError,
)

if TYPE_CHECKING:
    from tabletop.engine.game import Game
    from tabletop.engine.state import Event, Move, Outcome, State
    from tabletop.registry import doc_path, games, load, restore, ruleset_path

# The engine is imported on first use of one of these names, so that a command that does not
# play (`tabletop list`, `tabletop rules`) starts without it.
_LAZY = {"Game": "engine.game", "doc_path": "registry", "games": "registry",
         "load": "registry", "restore": "registry", "ruleset_path": "registry",
         "Event": "engine.state", "Move": "engine.state", "Outcome": "engine.state",
         "State": "engine.state"}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'tabletop' has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


__all__ = [
    "ArgumentError", "DeckError", "Event", "ExpressionError", "Game",
    "GameOverError", "IllegalMoveError", "Move", "NotationError", "OptionError", "Outcome",
    "PlayerCountError", "RulesetError", "SaveFileError", "State", "TabletopError",
    "UnknownGameError", "WrongSeatError", "doc_path", "games", "load", "restore", "ruleset_path",
]
__version__ = "0.1.0"
