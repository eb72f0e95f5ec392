"""Trading Paint puzzles: goals, lay/fewest/stop, generation from real play, two proofs, grades, keys, solving and checking.
Imports rules and play; never printing or commands."""
