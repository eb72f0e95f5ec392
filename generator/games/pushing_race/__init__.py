"""Pushing Race (Julien Griffon, 2011): a Looney Pyramids race on a 3 x 9 track.

Modules in the game's words: track (columns a-c, rows 1-9, the cylinder), position (who
stands where, who waits, who finished; the text format), moves (the Icehouse die's five
moves and their pushes, every legal move of a roll), play (the die, policies, seeded games
and their statistics), fastplay (the same moves on positions packed in ints, for simulate),
artwork and materials (the board, the die, paper pieces), rulesheet (the one-page summary),
commands (the CLI). The rule decisions are in docs/rules/pushing-race.md.
"""
