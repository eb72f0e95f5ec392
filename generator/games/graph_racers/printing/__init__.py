"""What Graph Racers prints: track, race and answer sheets, worksheets, class packs, the car-design sheet.
Imports the game's model packages and generator.render/printing; never printables, commands, output, click or the web page. Inside: drawing and drawn_drawing
(a track of either kind drawn), faces and page (what the pages share) at the bottom; printed_rules (the
rules as printed); then one module per page: race_sheet, answer_key, track_sheet, worksheets,
design_sheet; classpack (the students' tracks); on top, what a command asked for turned into pages:
printed_track (a sheet) and classroom (a worksheet or class pack)."""
