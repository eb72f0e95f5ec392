"""What Graph Racers prints: track, race and answer sheets, worksheets, class packs, the car-design sheet.
Imports the game's model packages and generator.render/printing; never commands, click or the web page."""
