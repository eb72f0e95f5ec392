"""Generating circuits with a par: cell maps (CP-SAT loops), oil, drawn circuits shaped with named features.
Imports track, moves and solving; never race, printing or commands."""
