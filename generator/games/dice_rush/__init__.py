"""Dice Rush (Michael Bradley): two players cross a board with a d8 direction die and a d6.

Modules in the game's words: board (the board file format, the default board, symmetry),
moves (directions, edges, collisions: pure functions), game (the engine: state, turns,
roll-offs, declarations, whole games), chains (the exact Markov analysis), variants (seeded
symmetric boards), report (odds and simulation tables), artwork and materials (everything
printed), rulesheet, commands (the CLI). The rules decisions are in docs/rules/dice-rush.md.
"""
