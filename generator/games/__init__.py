"""The five race games, one package each: trading_paint, graph_racers, pushing_race, triactor,
dice_rush. Each game is a package of small packages (its model, then printing, printables.py
and commands) and says in its own __init__ what those hold and what imports what.

A game may import generator.core, generator.errors and generator.resources; its printing may
import generator.render and generator.printing. No game imports another game, and this package
imports nothing (tests/test_layout.py holds all of it).
"""
