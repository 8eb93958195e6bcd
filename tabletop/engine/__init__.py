"""Playing a game: the state, its moves, effects, views and saves."""
