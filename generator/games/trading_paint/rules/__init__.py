"""The Trading Paint rules engine: faces, the oval, positions, set-ups, moves, the turn, caution, and the placement query.
Imports generator.core/errors only; never play, puzzles, printing or commands."""
