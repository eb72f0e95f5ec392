"""The Pushing Race rules engine: the 3 x 9 track, positions and their files, the Icehouse die's moves.
Imports generator.core/errors only; never play, printing or commands."""
