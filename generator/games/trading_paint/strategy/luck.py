"""Press your luck, exactly: what stopping after n dice is worth on an open straight.

A turn with no bump or draft in reach: the car rolls n dice one at a time, placing each as it
comes (not knowing the next), then stops. An X at any point loses the path: nothing gained.
The table gives, for n = 1..10, the chance of no X in n dice, (5/6)^n, and the expected
squares gained, counting squares of progress along the track (a sideways step gains
nothing): one die straight ahead gains 2, as the rule text says, and a 3 (a forced quarter
turn) gains 1.

The straight is wide enough that the pit and the wall never matter, no car is in reach,
and the dice are placed to maximise the expected gain given what is already on the table
(expectimax). Everything is exact: Fractions, from the face grids in the template.

In the frame used here the car drives north: exits may go north (forward), east or west
(sideways), never south (backward). Every probability is a multiple of 1/6.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from generator.games.trading_paint.rules.faces import EAST, FULL_EDGE, NORTH, WEST, load_faces

ALLOWED = (EAST, NORTH, WEST)
SIXTH = Fraction(1, 6)
MAX_DICE = 10


@dataclass(frozen=True)
class LuckRow:
    dice: int
    p_no_spin: Fraction  # chance of no X in n dice
    expected_if_no_spin: Fraction  # expected squares gained given no X
    expected_squares: Fraction  # expected squares gained, an X counting as 0

    def to_dict(self) -> dict[str, object]:
        return {
            "dice": self.dice,
            "expected_squares": round(float(self.expected_squares), 6),
            "p_no_spin": round(float(self.p_no_spin), 6),
            "expected_squares_exact": str(self.expected_squares),
            "p_no_spin_exact": str(self.p_no_spin),
            "expected_if_no_spin": round(float(self.expected_if_no_spin), 6),
        }


def _exits(face: int, rotation: int, side: int, bits: int) -> tuple[tuple[int, int], ...]:
    fs = load_faces()
    o = fs.orientation(face, rotation)
    lit = bits & o.openings[side]
    if not lit:
        return ()
    return tuple((d, m) for d, m in o.exits(side, lit) if d in ALLOWED)


@cache
def _value(left: int, exits: tuple[tuple[int, int], ...], gained: int) -> Fraction:
    """Expected final gain with `left` dice still to roll, the last die's open exits, and
    `gained` squares of progress so far (0 if the path dies: the turn is lost)."""
    if not exits:
        return Fraction(0)
    if left == 0:
        return Fraction(gained + (1 if any(d == NORTH for d, _ in exits) else 0))
    fs = load_faces()
    total = Fraction(0)
    for face in fs.faces:
        if face == fs.spin_out:
            continue  # the path is lost: adds 0
        best: Fraction | None = None
        for d, bits in exits:
            step = 1 if d == NORTH else 0
            side = (d + 2) % 4
            for rot in fs.distinct_rotations(face):
                if not bits & fs.orientation(face, rot).openings[side]:
                    continue
                v = _value(left - 1, _exits(face, rot, side, bits), gained + step)
                if best is None or v > best:
                    best = v
        total += SIXTH * (best if best is not None else Fraction(0))
    return total


def expected_squares(n: int) -> Fraction:
    """Expected squares gained by rolling exactly n dice then stopping (X = nothing gained)."""
    if n < 1:
        raise ValueError("at least one die")
    # The car itself acts as a die with one open exit, north, over its whole side: driving
    # onto the first die is a forward step and counts like any other.
    return _value(n, ((NORTH, FULL_EDGE),), 0)


def p_no_spin(n: int) -> Fraction:
    fs = load_faces()
    return Fraction(len(fs.faces) - 1, len(fs.faces)) ** n


def luck_table(max_dice: int = MAX_DICE) -> list[LuckRow]:
    rows = []
    for n in range(1, max_dice + 1):
        e = expected_squares(n)
        p = p_no_spin(n)
        rows.append(LuckRow(n, p, e / p, e))
    return rows


def best_dice(rows: list[LuckRow]) -> int:
    """The n with the highest expected gain (the best fixed stopping rule)."""
    return max(rows, key=lambda r: (r.expected_squares, -r.dice)).dice


def format_table(rows: list[LuckRow]) -> str:
    exact = max([len(str(r.p_no_spin)) for r in rows] + [len("as a fraction")])
    lines = [
        "Trading Paint: press your luck on an open straight (no bump or draft in reach)",
        f"{'dice':>4}  {'P(no X)':>10} {'as a fraction':>{exact}}  {'E[squares]':>10}  "
        f"{'if no X':>8}",
    ]
    for r in rows:
        lines.append(
            f"{r.dice:>4}  {float(r.p_no_spin):>10.4f} {str(r.p_no_spin):>{exact}}  "
            f"{float(r.expected_squares):>10.4f}  {float(r.expected_if_no_spin):>8.4f}"
        )
    lines.append(f"best fixed rule: stop after {best_dice(rows)} dice")
    return "\n".join(lines)
