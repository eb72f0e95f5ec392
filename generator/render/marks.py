"""Marks a home printer needs: the 50 mm calibration bar, crop marks outside the pieces,
registration marks for duplex, alignment crosses for tiles.
"""

from __future__ import annotations

from collections.abc import Sequence

from generator.render.canvas import (
    BLACK,
    Canvas,
    Point,
    Style,
)
from generator.render.clip import Box
from generator.render.text import instructions

BAR_LENGTH = 50.0  # mm
BAR_HEIGHT = 8.0  # mm, text included
BAR_STRIP = BAR_HEIGHT + 2.0  # mm kept free for a bar below a layout
BAR_TEXT = "print at 100 %: this bar is 50 mm"  # an instruction: 8 pt, shorter than the bar

CROP_OFFSET = 1.0  # mm between a piece's corner and its crop mark
CROP_LENGTH = 4.0  # mm, longest crop mark
CROP_MIN = 1.5  # mm, shorter marks are left out
CROP = Style(stroke=BLACK, width=0.15)
REGISTRATION = Style(stroke=BLACK, width=0.2)
REG_RADIUS = 2.5  # mm, registration circle (the cross is 1.4 times as wide)
ALIGN = Style(stroke=BLACK, width=0.2)


# --- calibration bar and marks ------------------------------------------------------------


def calibration_bar(canvas: Canvas, x: float, y: float) -> tuple[float, float]:
    """A 50 mm bar with 10 mm ticks under the words "print at 100 %: this bar is 50 mm" (an
    instruction, at INSTRUCTION_SIZE).

    (x, y) is the top-left of the 50 x 8 mm block; the bar runs from x to x + 50 at y + 6.
    Returns the block's size.
    """
    bar = Style(stroke=BLACK, width=0.3)
    tick = Style(stroke=BLACK, width=0.2)
    with canvas.group():
        instructions(canvas, x, y + 2.6, BAR_TEXT)
        canvas.line(x, y + 6.0, x + BAR_LENGTH, y + 6.0, bar)
        for k in range(6):
            tx = x + 10.0 * k
            if k in (0, 5):
                canvas.line(tx, y + 4.0, tx, y + 8.0, tick)
            else:
                canvas.line(tx, y + 5.0, tx, y + 7.0, tick)
    return BAR_LENGTH, BAR_HEIGHT


def registration_mark(canvas: Canvas, cx: float, cy: float) -> None:
    """A crosshair circle: the same spot on front and back pages, to check duplex alignment."""
    arm = REG_RADIUS * 1.4
    canvas.circle(cx, cy, REG_RADIUS, REGISTRATION)
    canvas.line(cx - arm, cy, cx + arm, cy, REGISTRATION)
    canvas.line(cx, cy - arm, cx, cy + arm, REGISTRATION)


def alignment_cross(canvas: Canvas, cx: float, cy: float, arm: float = 2.0) -> None:
    canvas.line(cx - arm, cy, cx + arm, cy, ALIGN)
    canvas.line(cx, cy - arm, cx, cy + arm, ALIGN)


def crop_marks(
    canvas: Canvas,
    items: Sequence[Box],
    region: Box,
    keep_out: Sequence[Box] = (),
) -> list[tuple[Point, Point]]:
    """Short lines continuing every item edge beyond its corners, in free space only.

    A mark starts CROP_OFFSET from the corner and is at most CROP_LENGTH long; it never enters
    another item, a keep-out box or leaves `region`. Between two items in line the mark is
    centred in the gap. Returns the segments drawn (page mm).
    """
    obstacles = list(items) + list(keep_out)
    seen: set[tuple[float, ...]] = set()
    drawn: list[tuple[Point, Point]] = []
    for it in items:
        for (px, py), (dx, dy) in (
            ((it.x, it.y), (0, -1)),
            ((it.x, it.y), (-1, 0)),
            ((it.right, it.y), (0, -1)),
            ((it.right, it.y), (1, 0)),
            ((it.x, it.bottom), (0, 1)),
            ((it.x, it.bottom), (-1, 0)),
            ((it.right, it.bottom), (0, 1)),
            ((it.right, it.bottom), (1, 0)),
        ):
            free, blocked = _free_run(px, py, dx, dy, region, obstacles)
            if blocked and free < CROP_LENGTH + 2 * CROP_OFFSET:
                length = free - 2 * CROP_OFFSET  # a short gap: centre the mark in it
                start = (free - length) / 2
            else:
                length = min(CROP_LENGTH, free - CROP_OFFSET)
                start = CROP_OFFSET
            if length < CROP_MIN:
                continue
            a = (px + dx * start, py + dy * start)
            b = (px + dx * (start + length), py + dy * (start + length))
            key = tuple(round(v, 3) for v in (*min(a, b), *max(a, b)))
            if key in seen:
                continue
            seen.add(key)
            canvas.line(*a, *b, CROP)
            drawn.append((a, b))
    return drawn


def _free_run(
    px: float, py: float, dx: int, dy: int, region: Box, obstacles: Sequence[Box]
) -> tuple[float, bool]:
    """How far a ray from (px, py) runs before leaving `region` or touching an obstacle."""
    eps = 1e-6
    if dx:
        free = (region.right - px) if dx > 0 else (px - region.x)
    else:
        free = (region.bottom - py) if dy > 0 else (py - region.y)
    blocked = False
    for o in obstacles:
        if dx == 0:
            if not (o.x - eps <= px <= o.right + eps):
                continue
            dist = (o.y - py) if dy > 0 else (py - o.bottom)
            behind = (o.bottom <= py + eps) if dy > 0 else (o.y >= py - eps)
        else:
            if not (o.y - eps <= py <= o.bottom + eps):
                continue
            dist = (o.x - px) if dx > 0 else (px - o.right)
            behind = (o.right <= px + eps) if dx > 0 else (o.x >= px - eps)
        if behind:
            continue
        if dist < free:
            free, blocked = max(dist, 0.0), True
    return max(free, 0.0), blocked


def draw_crop_marks(canvas: Canvas, cells: Sequence[Box], region: Box, keep: Sequence[Box]) -> None:
    with canvas.group():
        crop_marks(canvas, cells, region, keep)
