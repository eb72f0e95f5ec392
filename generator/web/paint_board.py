"""The Trading Paint puzzle page's pictures: the puzzle's window of the board, drawn by the
worksheet's own art (printing/puzzle_art.py) through the project's Canvas -> SVG, with the
squares the next die may go on as links over it; and a path-die face, upright or turned, as a
small picture for the roll order and the rotation buttons. Pure functions of what they are
given: paint_play.py decides what is laid and what can be clicked."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from generator.web.page import esc

FACE_PX = 44  # CSS px: a face in the roll order
TURN_PX = 64  # CSS px: a rotation button's face (a finger's target)


@dataclass
class Drawn:
    """What the board shows: the position (cars, wrecks), the dice on the table, the car's
    route, and where each car stood before (ghosts) once it moved."""

    state: Any
    dice: list[tuple[int, int, int]] = field(default_factory=list)
    route: list[int] = field(default_factory=list)
    ghosts: Any = None
    progress: bool = False  # a stop puzzle's squares-ahead numbers


@dataclass
class Target:
    """A square the next die may go on: its address, its words, and whether it is chosen."""

    square: int
    href: str
    title: str
    chosen: bool = False


def board_svg(p: Any, drawn: Drawn, targets: list[Target]) -> str:
    """The puzzle's window as an inline <svg>: the board art, then each target square as a
    link (a clear square over it, outlined; the chosen one filled)."""
    from generator.games.trading_paint.printing import puzzle_art as art
    from generator.games.trading_paint.printing.worksheet import window_of
    from generator.render.canvas import Canvas
    from generator.render.svg import num, page_svg
    from generator.web.play import svg_root

    win = window_of(p)
    canvas = Canvas(win.width, win.height, id="paint-window")
    art.draw_window(canvas, win, 0, 0)
    if p.goal is not None and p.goal.kind == "square":
        art.draw_star(canvas, win, p.goal.square, 0, 0)
    art.draw_wrecks(canvas, drawn.state, win, 0, 0)
    if drawn.progress:
        art.draw_progress(canvas, win, p.state, 0, 0)
    cars_on = frozenset(c for c in drawn.state.pos if c >= 0)
    shared = frozenset(c for c, _, _ in drawn.dice) & cars_on
    for die in drawn.dice:
        if win.shows(die[0]):
            art.draw_die(canvas, win, die, 0, 0, shared=die[0] in shared, tag="laid-")
    if len(drawn.route) > 1:
        art.draw_route(canvas, win, [c for c in drawn.route if win.shows(c)], 0, 0)
    art.draw_cars(
        canvas,
        drawn.state,
        win,
        0,
        0,
        ghosts=drawn.ghosts,
        mover=p.state.car,
        shared=shared,
        tag="board-",
    )
    w, h = win.width, win.height
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {num(w)} {num(h)}" id="board" '
        f'role="img" aria-label="the puzzle\'s part of the board">',
        svg_root(page_svg(canvas), w, h),
    ]
    half = win.sq / 2 - 0.4
    for t in targets:
        cx, cy = win.centre(t.square)
        cls = "sq chosen" if t.chosen else "sq"
        label = p.state.board.label(t.square)
        out.append(
            f'<a href="{esc(t.href)}" class="{cls}" data-square="{label}">'
            f"<title>{esc(t.title)}</title>"
            f'<rect class="hit" x="{num(cx - half)}" y="{num(cy - half)}" '
            f'width="{num(2 * half)}" height="{num(2 * half)}" rx="1.2"/></a>'
        )
    out.append("</svg>")
    return "".join(out)


def face_svg(face: int, rotation: int = 0, px: int = FACE_PX, cls: str = "face") -> str:
    """A path-die face turned `rotation` quarter turns anticlockwise, `px` CSS px across: the
    pips as the dice nets print them (load_faces), no ids (many on one page)."""
    from generator.games.trading_paint.rules.faces import load_faces

    grid = load_faces().orientation(face, rotation).grid
    pips = "".join(
        f'<rect x="{c * 10 + 0.6}" y="{r * 10 + 0.6}" width="8.8" height="8.8"/>'
        for r in range(3)
        for c in range(3)
        if grid[r][c] == "#"
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="-1 -1 32 32" width="{px}" '
        f'height="{px}" class="{cls}" aria-hidden="true"><rect x="-0.5" y="-0.5" width="31" '
        f'height="31" fill="#fff" stroke="#555" stroke-width="1"/><g fill="#111">{pips}</g></svg>'
    )
