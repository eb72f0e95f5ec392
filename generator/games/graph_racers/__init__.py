"""Graph Racers (Racetrack): vector racing on squared paper.

model (track), formats (files), rules (switches), referee (crash or finish), solve (exact
search: the bit-parallel sweep, or A* over distances when oil or boosts are on), cpsat (second
engine), check (move checker), circuit and generate (circuits with par), drawing and materials
(printed sheets), commands (the CLI group).
"""
