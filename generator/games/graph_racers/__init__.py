"""Graph Racers (Racetrack): vector racing on squared paper, alone against par or as a table.

Packages: track (the cell-map track, drawn circuits, lines across the track, their files),
moves (the rule switches, the referee that says crash or finish, the move checker), solving
(exact single-car search: the bit-parallel sweep in C and Python, A* over distances, CP-SAT as
a second engine), generating (cell circuits and drawn circuits with their par, oil, the shapes
and what a user asked for), race (the multi-car table: cars, James Bond goodies, Swedish
rules, drivers, the table's rules, replays), printing (track sheets, race sheets, answer keys,
worksheets, class packs, car designs); then printables.py (what the game prints, declared
once) and commands (the click group).

What imports what, downwards only: track imports no other package of the game; moves imports
track; solving imports track and moves; generating and race import track, moves and solving;
printing imports the model packages and generator.render, never printables or commands;
printables imports printing and the model; commands sits on top.
"""
