"""Triactor: A Day at the Piecepack Downs (Dietrich, MacKeigan, Taylor, 2004).

Modules in the game's words: horses (the eight horses and their suits), track (steps,
spaces, coin steps, board coordinates), coins (piecepack values), race (the engine: an
immutable state, explicit dice chance, legal moves, apply), policies (who chooses the die),
bets (notation, credits, slip backs), payouts (the seed's tables), settle (who wins what, race by race),
odds (fast simulation, exact odds near the finish), report (odds as text and JSON), racelog
(a race turn by turn), artwork and materials (everything printed), sheets (the ledger and
the odds sheet), printables (the table of what is printed), commands (the CLI). The rules decisions are in
docs/rules/triactor.md.
"""
