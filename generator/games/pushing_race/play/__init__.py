"""Whole games: the die, policies, seeded games and their statistics, and the packed fast engine.
Imports rules; never printing or commands. Inside: play (the plain engine's games, simulate); the fast engine: packed (a position in one int) < fastmoves (its moves) < fastplay (its games)."""
