"""What Pushing Race prints: the track (or coasters), die nets, paper pieces, the rules summary.
Imports rules and generator.render/printing; never commands, click or the web page."""
