"""Path-dice faces: pip grids in, path connections out.

A face is a 3 x 3 grid of sub-squares; black sub-squares are the large square pips, white
sub-squares joined edge to edge are the paths a car drives along. The grids live in
templates/trading_paint/faces.json and every connection is computed here from them, so the
connection table printed on the rules sheet, the move generator and the tests can never
disagree with the pictures on the dice.

Sides are numbered counter-clockwise as seen on the page: 0 = east (right edge), 1 = north
(top), 2 = west (left), 3 = south (bottom); the board uses the same numbering for directions.
A side's sub-squares are numbered along the edge (left to right on the top and bottom edges,
top to bottom on the left and right edges), so the sub-squares of two neighbouring dice that
touch across their shared edge carry the same number: an edge is a 3-bit mask and two dice
connect where their masks share a bit.

Rotation k turns the face k quarter turns counter-clockwise; all four are allowed.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from generator.errors import InvalidInput

EAST, NORTH, WEST, SOUTH = 0, 1, 2, 3
SIDE_NAMES = ("east", "north", "west", "south")
SIDE_LETTERS = ("E", "N", "W", "S")
FULL_EDGE = 0b111  # a car is die-sized and has no pips: its whole side is open

Grid = tuple[str, str, str]


def rotate_ccw(grid: Grid) -> Grid:
    """The grid turned a quarter turn counter-clockwise."""
    return tuple("".join(grid[c][2 - r] for c in range(3)) for r in range(3))  # type: ignore[return-value]


def edge_cells(side: int) -> tuple[tuple[int, int], ...]:
    """The (row, column) sub-squares along one side, in bit order."""
    if side == EAST:
        return ((0, 2), (1, 2), (2, 2))
    if side == NORTH:
        return ((0, 0), (0, 1), (0, 2))
    if side == WEST:
        return ((0, 0), (1, 0), (2, 0))
    if side == SOUTH:
        return ((2, 0), (2, 1), (2, 2))
    raise ValueError(f"side {side}")


@dataclass(frozen=True)
class Orientation:
    """One face in one rotation, with the paths its white sub-squares make.

    openings[side]: 3-bit mask of white sub-squares on that side.
    components: the white sub-squares grouped into paths (edge-joined regions).
    """

    face: int
    rotation: int
    grid: Grid
    openings: tuple[int, int, int, int]
    components: tuple[frozenset[tuple[int, int]], ...]

    def exits(self, entry_side: int, entry_bits: int = FULL_EDGE) -> tuple[tuple[int, int], ...]:
        """Where a car entering through `entry_side` on the sub-squares `entry_bits` can leave.

        Returns (side, bits) pairs for every other side reached by the same path, in side
        order; bits are the white sub-squares of that side on the path. Empty if the
        entry side is closed where the neighbour touches it.
        """
        return _exits(self.grid, entry_side, entry_bits)

    def joined_sides(self) -> tuple[frozenset[int], ...]:
        """The sides each path joins (paths that reach no side are left out)."""
        out = []
        for comp in self.components:
            sides = frozenset(s for s in range(4) if any(c in comp for c in edge_cells(s)))
            if sides:
                out.append(sides)
        return tuple(sorted(out, key=lambda s: sorted(s)))


def _components(grid: Grid) -> tuple[frozenset[tuple[int, int]], ...]:
    white = {(r, c) for r in range(3) for c in range(3) if grid[r][c] == "."}
    comps: list[frozenset[tuple[int, int]]] = []
    while white:
        start = min(white)
        todo, seen = [start], {start}
        while todo:
            r, c = todo.pop()
            for nb in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if nb in white and nb not in seen:
                    seen.add(nb)
                    todo.append(nb)
        white -= seen
        comps.append(frozenset(seen))
    return tuple(sorted(comps, key=min))


def _openings(grid: Grid) -> tuple[int, int, int, int]:
    out = []
    for side in range(4):
        bits = 0
        for i, (r, c) in enumerate(edge_cells(side)):
            if grid[r][c] == ".":
                bits |= 1 << i
        out.append(bits)
    return tuple(out)  # type: ignore[return-value]


@dataclass(frozen=True)
class FaceSet:
    """The six faces of the path die as loaded from the template."""

    grids: tuple[Grid, ...]  # index face - 1, rotation 0
    spin_out: int  # the X face

    @property
    def faces(self) -> tuple[int, ...]:
        return tuple(range(1, len(self.grids) + 1))

    def orientation(self, face: int, rotation: int) -> Orientation:
        return _orientation(self, face, rotation % 4)

    def distinct_rotations(self, face: int) -> tuple[int, ...]:
        """Rotations that give different pictures (1 and 4 look the same every way up)."""
        seen: dict[Grid, int] = {}
        for k in range(4):
            g = self.orientation(face, k).grid
            seen.setdefault(g, k)
        return tuple(sorted(seen.values()))


@cache
def _orientation(faces: FaceSet, face: int, rotation: int) -> Orientation:
    if not 1 <= face <= len(faces.grids):
        raise InvalidInput(f"die face {face}: a path die has faces 1 to {len(faces.grids)}")
    grid = faces.grids[face - 1]
    for _ in range(rotation):
        grid = rotate_ccw(grid)
    return Orientation(face, rotation, grid, _openings(grid), _components(grid))


@cache
def _exits(grid: Grid, entry_side: int, entry_bits: int) -> tuple[tuple[int, int], ...]:
    lit_cells = {
        cell
        for i, cell in enumerate(edge_cells(entry_side))
        if entry_bits >> i & 1 and grid[cell[0]][cell[1]] == "."
    }
    lit = [comp for comp in _components(grid) if comp & lit_cells]
    out = []
    for side in range(4):
        if side == entry_side:
            continue
        bits = 0
        for i, cell in enumerate(edge_cells(side)):
            if any(cell in comp for comp in lit):
                bits |= 1 << i
        if bits:
            out.append((side, bits))
    return tuple(out)


def parse_grid(rows: object, where: str) -> Grid:
    if (
        not isinstance(rows, list)
        or len(rows) != 3
        or not all(isinstance(r, str) and len(r) == 3 and set(r) <= {"#", "."} for r in rows)
    ):
        raise InvalidInput(
            f"{where}: a face is three strings of three characters '#' (pip) or '.' (white)"
        )
    return (rows[0], rows[1], rows[2])


@cache
def load_faces() -> FaceSet:
    """The path-die faces from templates/trading_paint/faces.json."""
    from generator.resources import load_json

    data = load_json("trading_paint", "faces.json")
    where = "templates/trading_paint/faces.json"
    raw = data.get("faces", {})
    if sorted(raw) != [str(i) for i in range(1, 7)]:
        raise InvalidInput(f"{where}: faces must be numbered 1 to 6; reinstall racegen")
    grids = tuple(parse_grid(raw[str(i)], f"{where} face {i}") for i in range(1, 7))
    return FaceSet(grids, int(data.get("spin_out_face", 5)))


def connection_table() -> dict[int, dict[int, dict[int, tuple[int, ...]]]]:
    """face -> rotation -> entry side -> exit sides, entering over the whole open edge.

    The table the rules sheet draws and the tests check. An entry side that is closed
    maps to no exits (the die cannot be entered that way).
    """
    fs = load_faces()
    table: dict[int, dict[int, dict[int, tuple[int, ...]]]] = {}
    for face in fs.faces:
        table[face] = {}
        for rot in range(4):
            o = fs.orientation(face, rot)
            table[face][rot] = {
                side: tuple(s for s, _ in o.exits(side)) if o.openings[side] else ()
                for side in range(4)
            }
    return table


def connects(exit_bits: int, neighbour: Orientation, entry_side: int) -> int:
    """The sub-squares of `neighbour` lit by a path leaving a die over `exit_bits` (0: no connection)."""
    return exit_bits & neighbour.openings[entry_side]
