"""The Trading Paint pieces' faces drawn on the canvas: a path-die face (its square pips), its
paths as strokes and in words, the six faces as cube-net callbacks; a car-die face (team
frame, car number, team symbol and letter).

Pure functions of the face grids and the teams, drawn in millimetres, for the dice and car
nets, the rules summary and the puzzles.
"""

from __future__ import annotations

from generator.games.trading_paint.rules.faces import Grid, load_faces
from generator.render.canvas import BLACK, GREY, WHITE, Canvas, Style
from generator.render.glyphs import suit
from generator.render.palette import team_style

# one symbol a team, beside its colour (mono prints tell the teams apart by it)
TEAM_SYMBOLS = ("sun", "moon", "crown", "anchor")


# --- dice faces ------------------------------------------------------------------------------
def draw_face(
    canvas: Canvas, grid: Grid, cx: float, cy: float, edge: float, outline: bool = True
) -> None:
    """A path-die face centred at (cx, cy): white, with each black sub-square a square pip."""
    x0, y0 = cx - edge / 2, cy - edge / 2
    canvas.rect(x0, y0, edge, edge, Style(stroke=None, fill=WHITE))
    cell = edge / 3
    inset = edge * 0.02  # a hair of white between pips so touching pips read as blocks
    for r in range(3):
        for c in range(3):
            if grid[r][c] == "#":
                canvas.rect(
                    x0 + c * cell + inset, y0 + r * cell + inset, cell - 2 * inset, cell - 2 * inset,
                    Style(stroke=None, fill=BLACK),
                )  # fmt: skip
    if outline:
        canvas.rect(x0, y0, edge, edge, Style(stroke=GREY, width=0.15))


def draw_connections(
    canvas: Canvas, face: int, rotation: int, cx: float, cy: float, edge: float
) -> None:
    """The paths of one face in one rotation, as strokes between side midpoints: a path
    joining two opposite sides is a straight line, two neighbouring sides a quarter arc round
    their corner (so the 3's two separate turns never touch), three or four sides spokes to
    the centre (the 1, 2 and 4 join everything); an X where there is no path at all."""
    o = load_faces().orientation(face, rotation)
    canvas.rect(cx - edge / 2, cy - edge / 2, edge, edge, Style(stroke=GREY, width=0.2))
    mids = {
        0: (cx + edge / 2, cy),
        1: (cx, cy - edge / 2),
        2: (cx - edge / 2, cy),
        3: (cx, cy + edge / 2),
    }
    style = Style(stroke=BLACK, width=max(0.5, edge * 0.08), cap="round", join="round")
    paths = [sides for sides in o.joined_sides() if len(sides) >= 2]
    for sides in paths:
        ends = sorted(sides)
        if len(ends) > 2:
            for side in ends:
                canvas.line(*mids[side], cx, cy, style)
        elif (ends[0] + ends[1]) % 2 == 0:
            canvas.line(*mids[ends[0]], *mids[ends[1]], style)
        else:
            a, b = mids[ends[0]], mids[ends[1]]
            k = 0.5523  # cubic Bezier quarter circle round the corner
            p1 = (a[0] + (cx - a[0]) * k, a[1] + (cy - a[1]) * k)
            p2 = (b[0] + (cx - b[0]) * k, b[1] + (cy - b[1]) * k)
            canvas.path([("M", *a), ("C", *p1, *p2, *b)], style)
    if not paths:
        s = edge * 0.12
        x_style = Style(stroke=BLACK, width=max(0.5, edge * 0.08), cap="round")
        canvas.line(cx - s, cy - s, cx + s, cy + s, x_style)
        canvas.line(cx - s, cy + s, cx + s, cy - s, x_style)


def describe_paths(face: int, rotation: int = 0) -> str:
    """In words: 'all four sides', 'turns N-E and W-S', 'straight N-S', 'no path'."""
    o = load_faces().orientation(face, rotation)
    paths = [sorted(p) for p in o.joined_sides() if len(p) >= 2]
    letters = "ENWS"
    if not paths:
        return "no path"
    if len(paths) == 1 and len(paths[0]) == 4:
        return "all four sides joined"
    parts = ["-".join(letters[s] for s in p) for p in paths]
    if all(len(p) == 2 and (p[0] + p[1]) % 2 == 1 for p in paths):
        return "turns " + " and ".join(parts)
    if all(len(p) == 2 for p in paths):
        return "straight " + " and ".join(parts)
    return ", ".join(parts)


def face_drawers() -> list:
    """Six net callbacks: faces 1..6 of a path die (origin at the face centre, upright)."""
    fs = load_faces()

    def make(face: int):
        def draw(canvas: Canvas, edge: float) -> None:
            draw_face(canvas, fs.grids[face - 1], 0.0, 0.0, edge, outline=False)

        return draw

    return [make(f) for f in fs.faces]


# --- car faces ---------------------------------------------------------------------------------
def team_symbol(index: int) -> str:
    return TEAM_SYMBOLS[index % len(TEAM_SYMBOLS)]


def draw_team_symbol(canvas: Canvas, team: int, cx: float, cy: float, size: float) -> None:
    style = team_style(team, canvas.mono).with_(width=0.2)
    suit(canvas, team_symbol(team), cx, cy, size, style)


def car_face_drawer(car_number: int, team: int, team_name: str, face: int):  # noqa: ANN201
    """A car-die face: team-coloured frame, the car number big, the team symbol and letter."""

    def draw(canvas: Canvas, edge: float) -> None:
        h = edge / 2
        canvas.rect(-h, -h, edge, edge, Style(stroke=None, fill=WHITE))
        band = edge * 0.12
        frame = team_style(team, canvas.mono).with_(stroke=None)
        # the frame stands a little inside the face: a white edge needs no bleed, and a cut
        # that strays shows white on white
        g = edge * 0.03
        o, w = -h + g, edge - 2 * g
        canvas.rect(o, o, w, band, frame)
        canvas.rect(o, h - g - band, w, band, frame)
        canvas.rect(o, o + band, band, w - 2 * band, frame)
        canvas.rect(h - g - band, o + band, band, w - 2 * band, frame)
        if face == 6:  # the roof: the team symbol big, so the team reads from above
            # symbol above the words with clear paper between (tests: their boxes never touch)
            draw_team_symbol(canvas, team, 0, -edge * 0.12, edge * 0.42)
            canvas.text(
                0,
                h - band - edge * 0.06,
                f"car {car_number}",
                edge * 0.55,
                bold=True,
                anchor="middle",
            )
            return
        # the number low and the symbol in the top corner, clear of each other (tests measure
        # their boxes): the number about 0.45 of the face high, its top below the symbol
        size_pt = edge * 1.3
        canvas.text(0, h - band - edge * 0.09, str(car_number), size_pt, bold=True, anchor="middle")
        corner = -h + band + edge * 0.14
        draw_team_symbol(canvas, team, corner, corner, edge * 0.2)
        canvas.text(
            h - band - edge * 0.06,
            -h + band + edge * 0.2,
            team_name,
            edge * 0.6,
            bold=True,
            anchor="end",
        )

    return draw
