"""tabletop: one engine that plays small card games declared in YAML.

>>> import tabletop
>>> game = tabletop.load("scoundrel")
>>> state = game.new_game(seed=7)
>>> len(state.view(0)["room"])
4
"""

from __future__ import annotations

from .errors import (
    AmbiguousMoveError,
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
from .game import Game
from .registry import doc_path, games, load, restore, ruleset_path
from .state import Event, Move, Outcome, State

__all__ = [
    "AmbiguousMoveError", "DeckError", "Event", "ExpressionError", "Game", "GameOverError",
    "IllegalMoveError", "Move", "NotationError", "OptionError", "Outcome", "PlayerCountError",
    "RulesetError", "SaveFileError", "State", "TabletopError", "UnknownGameError",
    "WrongSeatError", "doc_path", "games", "load", "restore", "ruleset_path",
]
__version__ = "0.1.0"
