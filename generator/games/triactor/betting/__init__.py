"""Bets, payouts, players' names, settling races exactly, and simulated odds with their report.
Imports race; never printing or commands."""
