"""Whole games: the die, policies, seeded games and their statistics, and the packed fast engine.
Imports rules; never printing or commands."""
