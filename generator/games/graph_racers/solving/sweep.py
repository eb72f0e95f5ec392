"""The sweep: an exact breadth-first search that moves every car with the same vector at once.

A breadth-first layer advances all cars with the same new vector in a few big-integer
operations on the sweep's sets (sweep_sets.py): the union of the cars that may take it, AND
the plain-move set, shift by the vector, minus the states seen before. The first layer holding
a finishing move gives the exact optimum; the stored layers give one optimal line by walking
back. Laps keep one family of sets per stage and let the referee judge the moves that cross
the next line. Races without boosts or oil only; solve.py falls back to A* otherwise.

Start-to-goal races run in C (_csweep.c, `native`) where the install compiled it: the same
search on the same bitsets, visiting the vectors in the same order, so the same line and the
same settled states (tests/graph_racers/test_csweep.py). run_python is the pure-Python search,
used for laps, where the module was not built, and with RACEGEN_PURE_PYTHON set.
"""

from __future__ import annotations

import hashlib
import os
import warnings
from pathlib import Path

from generator.games.graph_racers.moves.referee import MOVE
from generator.games.graph_racers.moves.rules import Vector, normal_changes
from generator.games.graph_racers.solving.sweep_sets import SweepSets, shifted

# Grids of more bits than this keep each frontier set as a window (offset, bits) (see
# Sweep._run_windowed); smaller grids use whole-grid sets, which cost less per operation.
WINDOWED = 1 << 16


def pure_python_asked() -> bool:
    """RACEGEN_PURE_PYTHON set to anything but empty or 0."""
    return os.environ.get("RACEGEN_PURE_PYTHON", "") not in ("", "0")


def _native():
    """The race in C (_csweep.c), or None: not compiled, not wanted, or stale (checked)."""
    if pure_python_asked():
        return None
    try:
        from generator.games.graph_racers.solving import _csweep
    except ImportError:  # pragma: no cover - exercised where no compiler was found
        return None
    return checked(_csweep, Path(__file__).with_name("_csweep.c"))


def checked(module, source: Path):
    """The module, or None if it was built from another version of the source beside it (an
    old in-place build in a checkout; wheels carry no source, so there is nothing to check)."""
    if source.is_file():
        sha = hashlib.sha256(source.read_bytes()).hexdigest()
        if sha != getattr(module, "SOURCE_SHA", ""):
            warnings.warn(
                f"{module.__file__} was built from another version of _csweep.c: the sweep "
                "races in pure Python until it is rebuilt (pip install -e .)",
                RuntimeWarning,
                stacklevel=2,
            )
            return None
    return module


native = _native()


class TooMany(Exception):
    """The sweep settled more states than it was allowed (solve.py turns it into LimitExceeded)."""

    def __init__(self, settled: int) -> None:
        super().__init__(settled)
        self.settled = settled


class Sweep(SweepSets):
    """The layered search over the bitsets of one track under one set of rules (SweepSets)."""

    def _run_lap(self, max_states: int | None) -> tuple[int | None, list, list, int]:
        """The layered search with one bitset family per stage (checkpoints passed).

        A move from stage k is an ordinary move of the family unless it starts from a point
        of near(v, k): then the referee's verdict there says whether it finishes, lands in a
        later stage (the next checkpoints crossed in order) or stays.
        """
        kind = self.rules.accel
        accel = normal_changes(kind)
        plain = self.plain
        starts = self._bits(self.track.starts)
        frontier: dict[tuple[int, Vector], int] = {(0, (0, 0)): starts}
        unseen: dict[tuple[int, Vector], int] = {(0, (0, 0)): plain & ~starts}
        trim = self.rows * self.width > 1 << 16
        layers: list[dict[tuple[int, Vector], tuple[int, int]]] = []
        settled = 0
        nstages = len(self.lines)
        while frontier:
            settled += sum(b.bit_count() for b in frontier.values())
            if max_states is not None and settled > max_states:
                raise TooMany(settled)
            layers.append(
                {k: _trimmed(b) for k, b in frontier.items()}
                if trim
                else {k: (0, b) for k, b in frontier.items()}
            )
            arrive: dict[tuple[int, Vector], int] = {}
            for stage in range(nstages):
                family = {v: b for (k, v), b in frontier.items() if k == stage}
                if not family:
                    continue
                for v2, inc in _spread(family, accel, kind).items():
                    moved = inc & self.legal(v2)
                    near = self.near(v2, stage)
                    if near and inc & near:
                        fin, leave, moves = self.crossing(v2, stage)
                        if inc & fin:
                            i = ((inc & fin) & -(inc & fin)).bit_length() - 1
                            path, accels = self._walk_back_lap(layers, accel, stage, v2, i)
                            return len(layers), path, accels, settled
                        if moved & leave:
                            moved ^= moved & leave
                            for j, bits in moves.items():
                                got = inc & bits
                                if got:
                                    key = (j, v2)
                                    got = shifted(got, -self.offset(v2))
                                    arrive[key] = arrive.get(key, 0) | got
                    if moved:
                        key = (stage, v2)
                        moved = shifted(moved, -self.offset(v2))
                        arrive[key] = arrive.get(key, 0) | moved
            nxt: dict[tuple[int, Vector], int] = {}
            for key, moved in arrive.items():
                left = unseen.get(key)
                if left is None:
                    left = plain
                moved &= left
                if moved:
                    nxt[key] = moved
                    unseen[key] = left ^ moved
            frontier = nxt
        return None, [], [], settled

    def _walk_back_lap(self, layers, accel, stage: int, v2: Vector, i: int):
        """One optimal lap: predecessors layer by layer, each move's stage change checked
        with the referee."""
        judge = self.referee.judge

        def has(k: int, key, i: int) -> bool:
            lo, bits = layers[k].get(key, (0, 0))
            return i >= lo and bits >> (i - lo) & 1

        k = len(layers) - 1
        v = next(
            (v2[0] - ar, v2[1] - ac)
            for ar, ac in accel
            if has(k, (stage, (v2[0] - ar, v2[1] - ac)), i)
        )
        bits, vecs = [i], [v]
        while k > 0:
            prev = i - self.offset(v)
            r, c = self.point(prev)
            found = None
            for s in range(stage + 1):
                if judge(r, c, v[0], v[1], s) != (MOVE, stage):
                    continue
                for ar, ac in accel:
                    u = (v[0] - ar, v[1] - ac)
                    if has(k - 1, (s, u), prev):
                        found = (s, u)
                        break
                if found:
                    break
            if found is None:
                raise AssertionError("a settled state has a predecessor one layer back")
            stage, v = found
            i = prev
            k -= 1
            bits.append(i)
            vecs.append(v)
        return self._line(bits, vecs, v2)

    def _line(self, bits: list[int], vecs: list[Vector], v2: Vector) -> tuple[list, list]:
        """The racing line from states collected end first, plus the finishing move v2."""
        bits.reverse()
        vecs.reverse()
        path = [self.point(b) for b in bits]
        last = path[-1]
        path.append((last[0] + v2[0], last[1] + v2[1]))
        vecs.append(v2)
        accels = [(b[0] - a[0], b[1] - a[1]) for a, b in zip(vecs, vecs[1:], strict=False)]
        return path, accels

    # --- the search ----------------------------------------------------------------------
    def run(self, max_states: int | None = None) -> tuple[int | None, list, list, int]:
        """(moves or None, path, accelerations, states settled); TooMany past max_states."""
        if self.lines:
            return self._run_lap(max_states)
        if native is not None:
            return self._run_native(max_states)
        return self.run_python(max_states)

    def _run_native(self, max_states: int | None) -> tuple[int | None, list, list, int]:
        """The same search in C (_csweep.c): same layers, same line."""
        nbytes = (self.rows * self.width + 7) // 8
        starts = self._bits(self.track.starts)
        kind = self.rules.accel
        got = native.race(
            self.on.to_bytes(nbytes, "little"),
            self.goal.to_bytes(nbytes, "little"),
            starts.to_bytes(nbytes, "little"),
            self.rows,
            self.cols,
            self.width,
            self.pad,
            normal_changes(kind),
            kind == 9,
            self.exact,
            max_states is not None,
            0 if max_states is None else max(-1, min(max_states, 1 << 62)),
        )
        if got[0] is None:
            return None, [], [], got[1]
        if got[0] == "too many":
            raise TooMany(got[1])
        moves, settled, v2, bits, vecs = got
        path, accels = self._line(bits, vecs, v2)
        return moves, path, accels, settled

    def run_python(self, max_states: int | None = None) -> tuple[int | None, list, list, int]:
        """run() without the C race (start-to-goal races; laps always run in Python)."""
        if self.lines:
            return self._run_lap(max_states)
        if self.rows * self.width > WINDOWED:
            return self._run_windowed(max_states)
        kind = self.rules.accel
        accel = normal_changes(kind)
        starts = self._bits(self.track.starts)
        if self.exact and not self._connected(starts):
            return None, [], [], 0
        frontier: dict[Vector, int] = {(0, 0): starts}
        # per vector, the points whose plain move lands on a point not yet reached with it
        # (kept at the start point: landing points are distinct per start point)
        avail: dict[Vector, int] = {}
        trim = self.rows * self.width > 1 << 16  # store big layers without their low zeros
        layers: list[dict[Vector, tuple[int, int]]] = []
        # per vector: finish band start, finish bits, offset
        info: dict[Vector, tuple[int, int, int]] = {}
        settled = 0
        while frontier:
            settled += sum(b.bit_count() for b in frontier.values())
            if max_states is not None and settled > max_states:
                raise TooMany(settled)
            layers.append(
                {v: _trimmed(b) for v, b in frontier.items()}
                if trim
                else {v: (0, b) for v, b in frontier.items()}
            )
            nxt: dict[Vector, int] = {}
            for v2, inc in _spread(frontier, accel, kind).items():
                known = info.get(v2)
                if known is None:
                    # the finish set is built when cars first come near the goal (near_goal)
                    known = info[v2] = (*self.near_goal(v2), self.offset(v2), False)
                    # staying put from a start reaches a state already settled at rest
                    avail[v2] = self.legal(v2) & ~starts if v2 == (0, 0) else self.legal(v2)
                base, fin, off, exact = known
                if fin and fin & (inc >> base if base else inc) and not exact:
                    known = info[v2] = (*self.finish(v2), off, True)
                    base, fin = known[0], known[1]
                if fin:
                    fin &= inc >> base if base else inc
                    if fin:
                        path, accels = self._walk_back(layers, accel, v2, base, fin)
                        return len(layers), path, accels, settled
                left = avail[v2]
                moved = inc & left
                if moved:
                    avail[v2] = left ^ moved
                    nxt[v2] = moved << off if off >= 0 else moved >> -off
            frontier = nxt
        return None, [], [], settled

    def _run_windowed(self, max_states: int | None) -> tuple[int | None, list, list, int]:
        """The same layered search with each frontier set kept as a window.

        On big open maps the cars with one vector in one layer sit in a band of rows (about a
        tenth of barto-big_scaled_10), but a whole-grid integer costs every operation the whole
        grid. Here a set is (offset, bits), offset a multiple of 8: unions align two windows
        and moving by the vector only changes the offset. Per vector, one bytearray `avail`
        over start points holds the points from which the move is plain and lands on a point
        not yet reached with that vector, so one read of the window's bytes does the legality
        test and the test against the states seen before, and one write marks the new ones.
        Same layers, same answers as run().
        """
        kind = self.rules.accel
        accel = normal_changes(kind)
        starts = self._bits(self.track.starts)
        if self.exact and not self._connected(starts):
            return None, [], [], 0
        nbytes = (self.rows * self.width + 7) // 8
        grid = (1 << 8 * nbytes) - 1  # the endpoint rule's shifted sets reach past the grid
        low = _low_bytes(starts)
        frontier: dict[Vector, tuple[int, int]] = {(0, 0): (8 * low, starts >> 8 * low)}
        # per vector: points whose plain move lands on a point not yet reached with it
        # (landing points are distinct per start point, so the sets are kept at the start)
        avail: dict[Vector, bytearray] = {}
        # per vector: (offset, goal band start, goal band end, finish bits)
        info: dict[Vector, tuple[int, int, int, int]] = {}
        layers: list[dict[Vector, tuple[int, int]]] = []
        settled = 0
        from_bytes = int.from_bytes
        while frontier:
            settled += sum(x.bit_count() for _o, x in frontier.values())
            if max_states is not None and settled > max_states:
                raise TooMany(settled)
            layers.append(frontier)
            nxt: dict[Vector, tuple[int, int]] = {}
            for v2, (o, x) in _spread_windows(frontier, accel, kind).items():
                known = info.get(v2)
                if known is None:
                    # the finish set is built when cars first come near the goal (near_goal)
                    base, fin = self.near_goal(v2)
                    known = info[v2] = (self.offset(v2), base, base + fin.bit_length(), fin, False)
                    # staying put from a start reaches a state already settled at rest
                    legal = self.legal(v2) & (grid if v2 != (0, 0) else ~starts & grid)
                    avail[v2] = bytearray(legal.to_bytes(nbytes, "little"))
                off, base, end, fin, exact = known
                n = x.bit_length()
                if fin and o < end and o + n > base:
                    # both sets relative to `base`
                    hit = fin & (x << (o - base) if o >= base else x >> (base - o))
                    if hit and not exact:
                        base, fin = self.finish(v2)
                        known = info[v2] = (off, base, base + fin.bit_length(), fin, True)
                        end = known[2]
                        hit = (
                            fin & (x << (o - base) if o >= base else x >> (base - o))
                            if fin and o < end and o + n > base
                            else 0
                        )
                    if hit:
                        i = base + _lowest(hit)
                        path, accels = self._walk_back(layers, accel, v2, i, 1)
                        return len(layers), path, accels, settled
                a = o >> 3
                left = avail[v2]
                seg = left[a : a + ((n + 7) >> 3)]
                open_ = from_bytes(seg, "little")
                moved = x & open_
                if not moved:
                    continue
                left[a : a + len(seg)] = (open_ ^ moved).to_bytes(len(seg), "little")
                to = o + off
                if to < 0:  # the low bits of the window are empty: every car lands on the grid
                    moved >>= -to
                    to = 0
                elif to & 7:
                    moved <<= to & 7
                low = _lowest(moved) >> 3
                nxt[v2] = (((to >> 3) + low) << 3, moved >> 8 * low if low else moved)
            frontier = nxt
        return None, [], [], settled

    def _walk_back(self, layers, accel, v2: Vector, base: int, fin: int):
        """One optimal line: the finishing move's start, then predecessors layer by layer."""
        i = base + (fin & -fin).bit_length() - 1

        def holder(k: int, v: Vector, i: int) -> Vector:
            for ar, ac in accel:
                u = (v[0] - ar, v[1] - ac)
                lo, bits = layers[k].get(u, (0, 0))
                if i >= lo and bits >> (i - lo) & 1:
                    return u
            raise AssertionError("a settled state has a predecessor one layer back")

        k = len(layers) - 1
        v = holder(k, v2, i)
        bits = [i]
        vecs = [v]
        while k > 0:
            i -= self.offset(v)
            k -= 1
            v = holder(k, v, i)
            bits.append(i)
            vecs.append(v)
        return self._line(bits, vecs, v2)


def _trimmed(bits: int) -> tuple[int, int]:
    low = (bits & -bits).bit_length() - 1
    return low, bits >> low


def _low_bytes(bits: int) -> int:
    """How many whole zero bytes sit below the lowest set bit."""
    return _lowest(bits) >> 3


def _lowest(bits: int) -> int:
    """The index of the lowest set bit of a positive integer (cheaper than bits & -bits on
    big integers: no negation)."""
    return (bits ^ (bits - 1)).bit_length() - 1


def _spread_windows(frontier: dict[Vector, tuple[int, int]], accel, kind: int):
    """_spread on windows (offset, bits): a union aligns the two windows first."""
    out: dict[Vector, tuple[int, int]] = {}
    if kind == 9:
        rows: dict[Vector, tuple[int, int]] = {}
        for (vr, vc), win in frontier.items():
            o, x = win
            for key in ((vr, vc - 1), (vr, vc), (vr, vc + 1)):
                old = rows.get(key)
                if old is None:
                    rows[key] = win
                elif old[0] <= o:
                    rows[key] = (old[0], old[1] | x << (o - old[0]))
                else:
                    rows[key] = (o, x | old[1] << (old[0] - o))
        frontier = rows
        accel = ((-1, 0), (0, 0), (1, 0))
    for (vr, vc), win in frontier.items():
        o, x = win
        for ar, ac in accel:
            key = (vr + ar, vc + ac)
            old = out.get(key)
            if old is None:
                out[key] = win
            elif old[0] <= o:
                out[key] = (old[0], old[1] | x << (o - old[0]))
            else:
                out[key] = (o, x | old[1] << (old[0] - o))
    return out


def _spread(frontier: dict[Vector, int], accel, kind: int) -> dict[Vector, int]:
    """Per new vector, the points whose car may take it: the union over allowed changes.

    For the 9 changes the 3 x 3 union is a union along one axis, then along the other (about
    4 unions per vector instead of 8): unions of whole-track bitsets are the sweep's main cost.
    """
    out: dict[Vector, int] = {}
    if kind == 9:
        rows: dict[Vector, int] = {}
        for (vr, vc), bits in frontier.items():
            for key in ((vr, vc - 1), (vr, vc), (vr, vc + 1)):
                old = rows.get(key)
                rows[key] = bits if old is None else old | bits
        for (vr, vc), bits in rows.items():
            for key in ((vr - 1, vc), (vr, vc), (vr + 1, vc)):
                old = out.get(key)
                out[key] = bits if old is None else old | bits
        return out
    for (vr, vc), bits in frontier.items():
        for ar, ac in accel:
            key = (vr + ar, vc + ac)
            old = out.get(key)
            out[key] = bits if old is None else old | bits
    return out
