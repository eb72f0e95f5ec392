"""`racegen graph-racers ...`: the click commands (solve, check, generate, race, referee) and,
from the printables table, sheet, car-design, worksheet and classpack.
The only package of the game that imports click; it may import every other package of the game."""
