"""The rulesets' expression language: cards as it reads them, its functions, its compiler."""
