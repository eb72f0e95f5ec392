"""What Dice Rush prints: the board, d8 and d6 nets with pawns, a score sheet, the rules summary.
Imports rules and generator.render/printing; never commands, click or the web page."""
