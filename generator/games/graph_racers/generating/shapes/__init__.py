"""Drawn circuits: closed racetracks shaped the way a person draws one on squared paper.

Model. The centre line is a *rounded polygon*: a closed polygon of corner points in which every
corner is replaced by a circular arc of its own radius, tangent to both sides (what a person
draws with a ruler and a compass). Straights stay exactly straight, every bend has a known
radius, and the edges are exact offsets of the centre line, so the rules of valid() are met by
construction and checked exactly. The width varies smoothly along the track: a gentle wave of
at most +-0.3 round the base width (one or two periods a lap), and a smooth dip for a
narrow-section. Coordinates: x = column, y = row (down), racing clockwise on screen; a turn
to the right is positive.

The modules, bottom up: circuit (the Circuit and the rules it keeps), polyline (measures of a
closed polyline), corners (a polygon of corners with arc radii), loops (the base loops),
edits (the features made on a loop), trace (the rounded polygon traced, its widths and edges),
detect (features and kerbs measured on a centre line), valid (the rules checked), signature
(the shape signature) and compose (one attempt at a circuit, from all of them).
Its modules import numpy and each other only: nothing else of the game (generating/drawn.py
turns a Circuit into a track).
"""
