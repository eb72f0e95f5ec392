"""Exact odds (the race as a Markov chain) and the text and JSON reports of odds and simulations.
Imports rules; never printing or commands."""
