"""A game's static definition: YAML in, a checked, frozen GameSpec of typed steps out."""
