"""The lap a drawn circuit's gates ask for: the two edges nest (one strictly inside the other,
the track the ring between them), every gate runs from the inner edge to the outer edge, and
the finish and the checkpoints, in lap order, come round the ring once in the racing
direction with no stretch between two of them longer than MAX_STRETCH of the lap, so a car
cannot satisfy them by turning round (docs/rules/graph-racers.md, "Drawn circuits: the lap").

Pure geometry over the edges' fine points (1/SCALE of a square) and the gates (CrossLine):
exact integers for inside and outside, exact fractions for where a gate meets an edge, and
floating point only for the lengths along an edge that place the gates round the lap.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

from generator.errors import InvalidInput
from generator.games.graph_racers.track.lines import CrossLine

Fine = tuple[int, int]
# the longest stretch between two gates in lap order, as a share of the lap: a car that turns
# round runs every other stretch twice, 2 x (1 - s) of a lap, plus a stop and a start
MAX_STRETCH = 0.55


def inside(edge: Sequence[Fine], r: int, c: int) -> int:
    """For a fine point: 1 inside the closed line `edge`, 0 outside it, -1 on it (exact)."""
    n = len(edge)
    odd = False
    for i in range(n):
        (ar, ac), (br, bc) = edge[i], edge[(i + 1) % n]
        cross = (br - ar) * (c - ac) - (bc - ac) * (r - ar)
        if cross == 0 and min(ar, br) <= r <= max(ar, br) and min(ac, bc) <= c <= max(ac, bc):
            return -1
        if (ar > r) != (br > r) and ((c - ac) * (br - ar) > (r - ar) * (bc - ac)) == (br > ar):
            odd = not odd
    return 1 if odd else 0


def area2(edge: Sequence[Fine]) -> int:
    """Twice the signed area of a closed line, with x the column and y the row (exact)."""
    n = len(edge)
    return sum(
        edge[i][1] * edge[(i + 1) % n][0] - edge[(i + 1) % n][1] * edge[i][0] for i in range(n)
    )


def inner_edge(edges: Sequence[Sequence[Fine]], source: str) -> int:
    """Which edge (0 or 1) lies inside the other; the edges are known not to meet, so one
    point of each settles it. Refused when neither holds the other."""
    for k in (0, 1):
        if inside(edges[1 - k], *edges[k][0]) == 1:
            return k
    raise InvalidInput(
        f"{source}: the two edges do not nest, so the track is not a ring; "
        "draw one edge strictly inside the other, the track between them"
    )


def _meetings(
    gate: CrossLine, edge: Sequence[Fine], scale: int
) -> list[tuple[Fraction, int, Fraction]]:
    """Where the gate's grid line meets the edge: (place along the line in 1/scale units,
    the edge piece, how far along that piece), exact."""
    line = gate.at * scale
    axis = gate.axis  # the coordinate that is constant along the gate
    out = []
    n = len(edge)
    for i in range(n):
        a, b = edge[i], edge[(i + 1) % n]
        da, db = a[axis] - line, b[axis] - line
        if da == 0 and db == 0:
            out += [
                (Fraction(a[1 - axis]), i, Fraction(0)),
                (Fraction(b[1 - axis]), i, Fraction(1)),
            ]
        elif (da <= 0 <= db) or (db <= 0 <= da):
            t = Fraction(da, da - db)
            out.append((a[1 - axis] + t * (b[1 - axis] - a[1 - axis]), i, t))
    return out


def _lengths(edge: Sequence[Fine]) -> list[float]:
    """The length along the edge to the start of each piece, then the whole length."""
    out = [0.0]
    n = len(edge)
    for i in range(n):
        a, b = edge[i], edge[(i + 1) % n]
        out.append(out[-1] + math.hypot(b[0] - a[0], b[1] - a[1]))
    return out


def lap_shares(
    edges: Sequence[Sequence[Fine]],
    finish: CrossLine,
    checkpoints: Sequence[CrossLine],
    scale: int,
    source: str = "track",
) -> list[float]:
    """The stretches of the lap from the finish to checkpoint 1, ..., to the finish again, as
    shares of the lap (the mean of the shares along the inner and the outer edge). Refused,
    naming the gate, when the edges do not nest, a gate does not run from the inner edge to
    the outer one, the gates are not all crossed the same way round, or they do not come
    round the lap in their order."""
    inner = inner_edge(edges, source)
    gates = (finish, *checkpoints)
    names = ["the finish", *(f"checkpoint {i + 1}" for i in range(len(checkpoints)))]
    lengths = [_lengths(e) for e in edges]
    places: list[tuple[float, float]] = []  # each gate's place along the inner and outer edge
    sense = None
    for gate, what in zip(gates, names, strict=True):
        pts = gate.points()
        first, last = pts[0][1 - gate.axis] * scale, pts[-1][1 - gate.axis] * scale
        ends = {}  # side (-1 low, +1 high) -> (edge, piece, t)
        for k in (0, 1):
            for at, i, t in _meetings(gate, edges[k], scale):
                if gate.lo <= at < first and (-1 not in ends or at > ends[-1][0]):
                    ends[-1] = (at, k, i, t)
                if last < at <= gate.hi and (1 not in ends or at < ends[1][0]):
                    ends[1] = (at, k, i, t)
        if len(ends) < 2 or {ends[-1][1], ends[1][1]} != {0, 1}:
            raise InvalidInput(
                f"{source}: {what} does not run from the inner edge to the outer edge; "
                "draw each gate right across the track"
            )
        out_side = -1 if ends[-1][1] != inner else 1
        # the racing direction d and the way from the inner edge to the outer u, as (x, y)
        d = gate.arrow[1], gate.arrow[0]
        u = (0, out_side) if gate.orientation == "vertical" else (out_side, 0)
        inner_left = d[0] * u[1] - d[1] * u[0] < 0
        if sense is None:
            sense = inner_left
        elif inner_left != sense:
            raise InvalidInput(
                f"{source}: {what} is crossed the other way round the track from the finish; "
                "give every gate the direction the cars race in"
            )
        place = [0.0, 0.0]
        for side in (-1, 1):
            _, k, i, t = ends[side]
            place[k] = lengths[k][i] + float(t) * (lengths[k][i + 1] - lengths[k][i])
        places.append((place[0], place[1]))
    shares = []
    for k in (0, 1):
        whole = lengths[k][-1]
        forward = sense == (area2(edges[k]) > 0)  # the racing way is along the points' order
        row = [((p[k] - places[0][k]) * (1 if forward else -1) / whole) % 1.0 for p in places]
        for i in range(1, len(row)):
            if not row[i - 1] < row[i]:
                raise InvalidInput(
                    f"{source}: {names[i]} does not come after {names[i - 1]} round the lap; "
                    "number the checkpoints in the order the cars meet them"
                )
        row.append(1.0)
        shares.append([b - a for a, b in zip(row, row[1:], strict=False)])
    return [(a + b) / 2 for a, b in zip(*shares, strict=True)]


def check_lap(
    edges: Sequence[Sequence[Fine]],
    finish: CrossLine,
    checkpoints: Sequence[CrossLine],
    scale: int,
    source: str = "track",
) -> None:
    """Refuse gates that a car can pass without going round the ring (lap_shares, then no
    stretch over MAX_STRETCH of the lap)."""
    shares = lap_shares(edges, finish, checkpoints, scale, source)
    names = ["the finish", *(f"checkpoint {i + 1}" for i in range(len(checkpoints))), "the finish"]
    for i, share in enumerate(shares):
        if share > MAX_STRETCH:
            raise InvalidInput(
                f"{source}: from {names[i]} to {names[i + 1]} is {share:.0%} of the lap, so a car "
                "can turn round and finish without going round the track; add or move checkpoints "
                f"so no stretch between gates is over {MAX_STRETCH:.0%} of the lap"
            )
