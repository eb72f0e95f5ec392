"""Dice Rush (Michael Bradley): two players cross a board with a d8 direction die and a d6.

Packages: rules (the board file format, the default board and its symmetry, moves, the engine
with turns, roll-offs and declarations, seeded symmetric variants), odds (the exact Markov
analysis and the odds and simulation tables), printing (the board, the dice, the rules
summary); then printables.py (what the game prints, declared once) and commands.py (the CLI).
The rules decisions are in docs/rules/dice-rush.md.

What imports what, downwards only: rules imports no other package of the game; odds imports
rules; printing imports rules and generator.render, never printables or commands; printables
imports printing and rules; commands sits on top.
"""
