"""Pushing Race (Julien Griffon, 2011): a Looney Pyramids race on a 3 x 9 track.

Packages: rules (the track: columns a-c, rows 1-9, the cylinder; positions and their text
format; the Icehouse die's five moves and their pushes), play (the die, policies, seeded games
and their statistics, and the same moves on packed positions for simulate), printing (the
board, the die, paper pieces, the one-page rules summary); then printables.py (what the game
prints, declared once) and commands.py (the CLI). The rule decisions are in
docs/rules/pushing-race.md.

What imports what, downwards only: rules imports no other package of the game; play imports
rules; printing imports rules and generator.render, never printables or commands; printables
imports printing; commands sits on top.
"""
