"""Drawn circuits: edges as exact lattice polylines, gates, the geometry that judges a move, and their file format.
Imports generator.core/errors only."""
