"""The Graph Racers track in both kinds: cell maps (model: points on or off the track) and
drawn circuits (drawn: exact edge geometry, gates, their referee), the line across the track
both kinds share (lines), and their files.
Imports generator.core/errors only; never moves, solving, generating, race, printing or commands."""
