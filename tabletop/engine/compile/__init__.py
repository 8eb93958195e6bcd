"""A ruleset made Python once per game: its effect steps and its move listers."""
