"""Test helpers shared by the Dice Rush tests: scripted dice and an exact linear solve."""

from __future__ import annotations

from fractions import Fraction


class Dice:
    """A stand-in for random.Random that returns scripted randint values."""

    def __init__(self, *values: int) -> None:
        self.values = list(values)

    def randint(self, lo: int, hi: int) -> int:
        v = self.values.pop(0)
        assert lo <= v <= hi
        return v


def gauss_jordan(rows: list[list[Fraction]], n: int) -> list[list[Fraction]]:
    """Reduce the n x n system `rows` (each row: n coefficients, then right-hand sides) in
    place with exact Fractions; row i then holds x_i in its right-hand columns."""
    for c in range(n):
        piv = next(r for r in range(c, n) if rows[r][c])
        rows[c], rows[piv] = rows[piv], rows[c]
        inv = 1 / rows[c][c]
        rows[c] = [v * inv for v in rows[c]]
        for r in range(n):
            if r != c and rows[r][c]:
                f = rows[r][c]
                rows[r] = [a - f * b if b else a for a, b in zip(rows[r], rows[c], strict=True)]
    return rows
