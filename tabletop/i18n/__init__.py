"""Every text tabletop says, in English and French: one catalogue shape, one lookup."""
