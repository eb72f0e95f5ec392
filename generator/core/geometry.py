"""Exact grid geometry: which unit squares a straight segment between two grid points touches.

Graph Racers draws a car's move as a straight segment between grid points, and a move crashes
when the segment touches (edges and corners included) a square that is off the track. The
"supercover" below lists every closed unit square around integer points that the closed
segment meets, each with the parameter at which the segment first enters it, in exact integer
arithmetic (no floating point, so a segment through a corner is a touch, never a near miss).

The answer depends only on the displacement vector, so callers cache it per vector.
"""

from __future__ import annotations

from functools import lru_cache

# One touched square: (row offset, column offset, entry time). Entry times of one vector share
# the denominator `time_scale(dr, dc)`: time 0 is the start point, time_scale the end point.
Touch = tuple[int, int, int]


def time_scale(dr: int, dc: int) -> int:
    """The common denominator of the entry times of the segment (0, 0) -> (dr, dc)."""
    return 2 * max(abs(dr), 1) * max(abs(dc), 1)


def _ceil_div(a: int, b: int) -> int:
    return -((-a) // b)


@lru_cache(maxsize=65536)
def supercover(dr: int, dc: int) -> tuple[Touch, ...]:
    """Every closed unit square met by the segment (0, 0) -> (dr, dc), sorted by entry time.

    Square (r, c) is [r - 1/2, r + 1/2] x [c - 1/2, c + 1/2]. Ties in entry time (the segment
    passing through a corner enters up to three squares at once) are broken by position, so
    the order is deterministic. Times are integers in 0..time_scale(dr, dc).
    """
    adr, adc = abs(dr), abs(dc)
    sr = -1 if dr < 0 else 1
    sc = -1 if dc < 0 else 1
    total = time_scale(dr, dc)
    # Along an axis with displacement a != 0 the strip of index k (mirrored to k >= 0) is
    # crossed for t*total in [(2k - 1) * m, (2k + 1) * m], m = max(|other axis|, 1).
    m_for_cols = max(adr, 1)  # scale of the column strips
    m_for_rows = max(adc, 1)  # scale of the row strips
    out: list[Touch] = []
    for k in range(adc + 1):
        if adc:
            lo = max(0, (2 * k - 1) * m_for_cols)
            hi = min(total, (2 * k + 1) * m_for_cols)
        else:
            lo, hi = 0, total
        if lo > hi:
            continue
        if adr:
            # rows j (mirrored) whose strip [(2j - 1) m, (2j + 1) m] meets [lo, hi]
            j_min = max(0, _ceil_div(lo - m_for_rows, 2 * m_for_rows))
            j_max = min(adr, (hi + m_for_rows) // (2 * m_for_rows))
            for j in range(j_min, j_max + 1):
                enter = max(lo, (2 * j - 1) * m_for_rows)
                if enter <= min(hi, (2 * j + 1) * m_for_rows):
                    out.append((sr * j, sc * k, enter))
        else:
            out.append((0, sc * k, lo))
    out.sort(key=lambda t: (t[2], t[0] * sr, t[1] * sc))
    return tuple(out)


def bresenham(dr: int, dc: int) -> list[tuple[int, int]]:
    """The points of the segment's Bresenham line (one per step of the longer axis).

    Each of them lies in a square the segment touches, so a move that touches no wall also
    walks along these points: the solver's distance heuristic relies on that.
    """
    steps = max(abs(dr), abs(dc))
    if steps == 0:
        return [(0, 0)]
    out = []
    for i in range(steps + 1):
        # round half away from zero in exact integers: (2 * i * d + steps) // (2 * steps)
        out.append((_round_ratio(i * dr, steps), _round_ratio(i * dc, steps)))
    return out


def _round_ratio(num: int, den: int) -> int:
    if num >= 0:
        return (2 * num + den) // (2 * den)
    return -((2 * -num + den) // (2 * den))
