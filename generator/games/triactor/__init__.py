"""Triactor: A Day at the Piecepack Downs (Dietrich, MacKeigan, Taylor, 2004).

Packages: race (the eight horses and their suits, the track's steps, spaces and coin steps,
piecepack coin values, the engine: an immutable state, explicit dice chance, legal moves;
who chooses the die; a race turn by turn), betting (bet notation, credits, the seed's payout
tables, settling who wins what race by race, odds by simulation and exactly near the finish,
odds reports), printing (the board, horse cards, slips, payout tables, ledger and odds sheets,
the rules summary); then printables.py (what the game prints, declared once) and commands.py
(the CLI). The rules decisions are in docs/rules/triactor.md.

What imports what, downwards only: race imports no other package of the game; betting imports
race; printing imports race, betting and generator.render, never printables or commands;
printables imports printing; commands sits on top.
"""
