"""The Graph Racers track: grid points on or off the track, start, finish, checkpoints, and its files.
Imports generator.core/errors and the drawn package (a drawn circuit's file is a track file too); never solving, race, printing or commands."""
