"""What Trading Paint prints: the board, dice and car nets, the rules summary, puzzle worksheets, the strategy card.
Imports the game's model packages and generator.render/printing; never commands, click or the web page."""
