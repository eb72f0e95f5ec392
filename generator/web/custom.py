"""Graph Racers' printables whose commands its own commands module writes (`custom` in its
table): the same options here, built by the library."""

from __future__ import annotations

from typing import Any

from generator.printing import Option, Printable


def entry(game: str, p: Printable) -> tuple[tuple[Option, ...], Any] | None:
    """(options, build) for a custom printable, or None when the page does not offer it."""
    return None
