"""The rulebooks as data: per game the Dutch clauses, interpretations and board files."""
