"""Trading Paint: a press-your-luck dice-car race on a six-lane oval (rules by Joe Hall).

Modules, in the game's words: faces (pip grids -> path connections), board (the oval's
geometry), state (positions and moves), setup (who starts where), moves (path geometry:
placements, bumps, drafts), rules (the turn: legal_moves / apply / chance_outcomes),
caution (caution flag and wrecks), luck (the exact press-your-luck table), paths (the
placement query), position (position files), policies and simulate (whole races),
materials (printables), commands (the CLI).
"""
