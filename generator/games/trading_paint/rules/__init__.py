"""The Trading Paint rules engine: faces, the oval, positions, set-ups, moves, the turn, caution, the placement query and position files.
Imports generator.core/errors/resources only; never play, puzzles, printing or commands. Inside, a ladder: faces, board, caution, state, setup, moves, turn, paths, position (each imports only modules before it)."""
