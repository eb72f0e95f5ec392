"""Exact solving: the sweep (and its C twin), A*, CP-SAT as a second engine, lower bounds, drawn circuits' search.
Imports track and moves; never generating, race, printing or commands."""
