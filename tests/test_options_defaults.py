"""A new game's options: every default in a dict of its own, made once."""

from __future__ import annotations

import tabletop


def test_a_game_without_options_has_every_default_in_a_dict_of_its_own() -> None:
    game = tabletop.load("scoundrel")
    a, b = game.new_game(seed=1), game.new_game(seed=2, options={})
    assert a.options == b.options == game.check_options(None) == {
        name: o.default for name, o in game.spec.options.items()}
    a.options["difficulty"] = "hard"  # each game its own dict (the defaults made once)
    assert game.new_game(seed=3).options == b.options != a.options
    assert game.new_game(seed=1, options={"difficulty": "hard"}).options == a.options
