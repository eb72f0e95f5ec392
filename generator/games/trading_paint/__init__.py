"""Trading Paint: a press-your-luck dice-car race on a six-lane oval (rules by Joe Hall).

Packages: rules (faces, the oval, positions, set-ups, moves, the turn, caution, position
files), play (policies and whole races), strategy (the exact stop-or-roll figures), puzzles
(making, grading and solving puzzles), printing (the pages: board, dice, cars, rules
summary, worksheets, strategy card); then printables.py (what the game prints, declared once)
and commands.py (the click commands).

What imports what, downwards only: rules imports no other package of the game; play imports
rules; strategy imports rules; puzzles imports rules and play; printing imports the model
packages (rules, play, strategy, puzzles) and generator.render, never printables or commands;
printables imports printing; commands sits on top. No model package imports printing,
printables or commands.
"""
