"""Driving and whole races: policies, racecraft, the racing line, the simulator.
Imports rules; never puzzles, printing or commands."""
