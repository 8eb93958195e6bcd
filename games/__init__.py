"""Game modules (installed as ``tabletop.games``).

No shipped game needs one: each game is its YAML ruleset in ``rulesets/``. When a game needs
something the ruleset vocabulary cannot say, we grow the engine with a generic primitive (an
effect step, an expression function) rather than write code for one game; docs/architecture.md
and docs/yaml-reference.md describe the vocabulary.
"""
