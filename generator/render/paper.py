"""Paper sizes in millimetres (portrait width, height). No heavy imports."""

from __future__ import annotations

from dataclasses import dataclass

from generator.errors import InvalidInput

PAPERS: dict[str, tuple[float, float]] = {
    "a4": (210.0, 297.0),
    "letter": (215.9, 279.4),
    "a3": (297.0, 420.0),
    "tabloid": (279.4, 431.8),
}

MIN_MARGIN = 10.0  # mm: home printers cannot print closer to the edge


@dataclass(frozen=True)
class Paper:
    name: str
    width: float  # mm, after orientation
    height: float
    landscape: bool = False

    @classmethod
    def get(cls, name: str, landscape: bool = False) -> Paper:
        key = name.lower()
        if key not in PAPERS:
            raise InvalidInput(f"unknown paper {name!r}: use one of {', '.join(PAPERS)}")
        w, h = PAPERS[key]
        if landscape:
            w, h = h, w
        return cls(key, w, h, landscape)

    def rotated(self) -> Paper:
        return Paper(self.name, self.height, self.width, not self.landscape)
