"""The Dice Rush rules engine: the board and its files, moves, a game, seeded fair variants.
Imports generator.core/errors/resources only; never odds, printing or commands."""
