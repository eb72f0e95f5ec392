"""Fitting a line into its room by binary search (issue 15 item 9): `shortened` (once `_fit`)
cut one character at a time, and a 10,000-character track name took 57 s to print. The search gives what the old
loop gave, kept here as the reference."""

from __future__ import annotations

import random

import pytest

from generator.render import text
from generator.render.text import longest_fitting, shortened, text_width


def reference_fit(s: str, size: float, room: float) -> str:
    """The loop `shortened` was: cut one character at a time until the rest and '…' fit."""
    if text_width(s, size) <= room:
        return s
    while s and text_width(s + "…", size) > room:
        s = s[:-1]
    return s.rstrip() + "…" if s else ""


MIXED = [
    "Corner sprint",
    "Graph Racers sheet · graph-racers:40x25#1 · accel 5, collision exact",
    "Zoe\u0308 and Zo\u00eb at the Piecepack Downs",
    "王小明 races 王小明",
    "Ω and ж and ש between Latin words",
    "a  b   c    trailing spaces cut    ",
    "W" * 40,
    "i" * 200,
    "",
    "…",
]


@pytest.mark.parametrize("s", MIXED)
@pytest.mark.parametrize("room", [0.0, 1.0, 5.0, 17.3, 40.0, 200.0])
def test_fit_equals_the_one_at_a_time_loop(s, room):
    for size in (6.0, 8.0, 10.0):
        assert shortened(s, size, room) == reference_fit(s, size, room), (s, room, size)


def test_fit_equals_the_loop_on_random_mixed_scripts():
    rng = random.Random(15)
    letters = list("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ 0123456789.,;iIlWMm")
    letters += list("éüßÆœΩλжשל王小明") + ["\u0301", "\u0308", "\u00a0", "\u200b"]
    for _ in range(300):
        s = "".join(rng.choice(letters) for _ in range(rng.randint(0, 30)))
        room = rng.uniform(0, 50)
        assert shortened(s, 8.0, room) == reference_fit(s, 8.0, room), (s, room)


def test_fit_of_10000_characters_measures_a_few_dozen_starts(monkeypatch):
    """Binary search: about log2(10,000) = 14 widths measured, not one per character cut."""
    measured = []

    def width(s: str, size: float) -> float:
        measured.append(len(s))
        return text_width(s, size)

    monkeypatch.setattr(text, "text_width", width)
    for s in ("n" * 10_000, "王" * 10_000, ("Zoe\u0308 " * 2_000)):
        measured.clear()
        out = text.shortened(s, 8.0, 150.0)
        assert len(measured) <= 20, len(measured)
        assert out.endswith("…") and text_width(out, 8.0) <= 150.0
        assert out == reference_fit(s[:1_000], 8.0, 150.0)  # the loop is slow past this


def test_longest_fitting_counts_its_measurements():
    calls = []

    def fits(n: int) -> bool:
        calls.append(n)
        return n <= 6_789

    assert longest_fitting(10_000, fits) == 6_789
    assert len(calls) <= 14  # log2(10,000) rounded up
    assert longest_fitting(10, lambda n: False) == 0
    assert longest_fitting(10, lambda n: True) == 10
    assert longest_fitting(0, lambda n: True) == 0
