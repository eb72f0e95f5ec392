"""The kit's card sheets: every car any player count needs, and the path dice, as cube nets in
two columns beside a column of words: on the first sheet which cars to cut for how many players,
on the sheet with the path dice what each face opens.

A car's team is printed on it, and car 3 is team A with two players but team C with three
(the set-ups of rules/setup.py), so the sheets carry one car die per car number and team that
some count races: A1, B2, A3, B4, A5, B6 (2, 4, 5, 6 players), A7, B8 (4 players) and C3, A4,
B5, C6 (3 players). Path dice fill what the last sheet has left: six for the race, the rest
spares (docs/rules/trading-paint.md, "The kit's cars").
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from generator.errors import InvalidInput
from generator.games.trading_paint.printing.piece_art import (
    car_face_drawer,
    draw_connections,
    draw_face,
    face_drawers,
    team_symbol,
)
from generator.games.trading_paint.printing.sizes import DIE_CLEARANCE
from generator.games.trading_paint.rules.faces import load_faces
from generator.games.trading_paint.rules.setup import load_setups
from generator.printing import PrintSpec
from generator.render import layout
from generator.render.canvas import GREY, Canvas, Style
from generator.render.document import Document
from generator.render.nets import cube_net, cube_net_size

GAME = "Trading Paint"
RACE_DICE = 6  # the path dice the rules use ("six black and white dice")
GAP = 2.0  # mm between nets
SIDE_MIN = 44.0  # mm: the narrowest column of words beside the nets
SIDE_GAP = 3.0  # mm between the nets and the column of words
WORDS = 8.0  # pt: every instruction
HEAD = 10.0  # pt
CAPTION = 7.0  # pt: the label beside a net (which games it races in)
LIGHT = Style(stroke=GREY, width=0.15)


@dataclass(frozen=True)
class KitCar:
    """One car die of the kit: its number, its team and the player counts that race it."""

    number: int
    team: str
    counts: tuple[int, ...]

    @property
    def name(self) -> str:
        return f"{self.team}{self.number}"


@cache
def kit_cars() -> tuple[KitCar, ...]:
    """Every (number, team) some set-up races, most used first: one car die each."""
    counts: dict[tuple[int, str], list[int]] = {}
    for players, setup in sorted(load_setups().items()):
        for i, car in enumerate(setup.cars):
            counts.setdefault((i + 1, car.team), []).append(players)
    cars = [KitCar(n, t, tuple(c)) for (n, t), c in counts.items()]
    return tuple(sorted(cars, key=lambda c: (-len(c.counts), c.counts, c.number)))


def team_index(team: str) -> int:
    """A team's colour and symbol: the same for a letter in every set-up (A sun, B moon, C crown)."""
    letters = sorted({t for s in load_setups().values() for t in s.teams})
    return letters.index(team)


def cars_for(players: int) -> list[str]:
    """The cars a count races, in turn order: 'A1', 'B2', ..."""
    setup = load_setups()[players]
    return [f"{c.team}{i + 1}" for i, c in enumerate(setup.cars)]


def drivers_text(players: int) -> str:
    """Who drives which car, in words."""
    setup = load_setups()[players]
    by_player: dict[int, list[str]] = {}
    for i, c in enumerate(setup.cars):
        by_player.setdefault(c.driver, []).append(f"{c.team}{i + 1}")
    if all(len(v) == 1 for v in by_player.values()):
        return "one car each"
    if len(setup.teams) == players:
        return "one team each"
    parts = [f"player {p}: {' '.join(cars)}" for p, cars in sorted(by_player.items()) if cars]
    return "; ".join(parts)


def count_lines() -> list[tuple[int, str, str]]:
    """(players, cars, drivers) for every count the rules set up: the sheet's table."""
    return [(n, " ".join(cars_for(n)), drivers_text(n)) for n in sorted(load_setups())]


def caption(car: KitCar) -> str:
    """Which games race a car, for the label beside its net."""
    if len(car.counts) == len(load_setups()):
        return "every game"
    return ", ".join(map(str, car.counts)) + " players"


def pieces_document(opts: PrintSpec, edge: float) -> Document:
    """Every car for 2 to 6 players and the path dice on the fewest portrait sheets."""
    cars = kit_cars()
    paper = opts.paper_size(landscape=False)
    box = layout.usable_box(paper)
    nw, nh = cube_net_size(edge)
    cols = int((box.w - SIDE_MIN - SIDE_GAP + GAP) // (nw + GAP))
    side_bar = box.w - cols * (nw + GAP) + GAP - SIDE_GAP >= layout.BAR_LENGTH + 1.0
    room = box.h if side_bar else box.h - layout.BAR_STRIP
    rows = int((room + GAP) // (nh + GAP))
    per_page = cols * rows
    if per_page == 0:
        raise InvalidInput(
            f"a {edge:g} mm die net ({nw:.0f} x {nh:.0f} mm) and a column of words do not fit "
            f"on {paper.name}: use a smaller --edge or larger --paper"
        )
    dice = RACE_DICE + (-(len(cars) + RACE_DICE)) % per_page
    doc = Document(
        "trading-paint-cars-all",
        "Trading Paint cars and path dice",
        GAME,
        opts.ident(f"{len(cars)} cars, {dice} path dice, {edge:g} mm"),
    )
    items = [("car", car) for car in cars] + [("die", k) for k in range(dice)]
    side_x = box.x + cols * (nw + GAP) - GAP + SIDE_GAP
    side_w = box.right - side_x
    for start in range(0, len(items), per_page):
        canvas, _ = layout.page(doc, paper, mono=opts.mono)
        chunk = items[start : start + per_page]
        for k, (kind, what) in enumerate(chunk):
            x = box.x + (k % cols) * (nw + GAP)
            y = box.y + (k // cols) * (nh + GAP)
            if kind == "car":
                _car_net(canvas, what, x, y, edge)
            else:
                cube_net(canvas, x, y, edge, face_drawers())
                label = "path die" if what < RACE_DICE else "spare path die"
                _caption(canvas, label, x, y, edge)
        y = box.y + 4.0
        if start == 0:
            y = _which_cars(canvas, side_x, y, side_w, edge)
        if any(kind == "die" for kind, _ in chunk):
            y = _dice_words(canvas, side_x, y + (6.0 if start == 0 else 0.0), side_w, edge, dice)
        if side_bar:
            layout.calibration_bar(canvas, side_x, box.bottom - layout.BAR_HEIGHT)
        else:
            layout.calibration_bar(
                canvas, box.x + (box.w - layout.BAR_LENGTH) / 2, box.bottom - layout.BAR_HEIGHT
            )
    return doc


def _car_net(canvas: Canvas, car: KitCar, x: float, y: float, edge: float) -> None:
    team = team_index(car.team)
    faces = [car_face_drawer(car.number, team, car.team, f) for f in range(1, 7)]
    cube_net(canvas, x, y, edge, faces)
    _caption(canvas, caption(car), x, y, edge)


def _caption(canvas: Canvas, text: str, x: float, y: float, edge: float) -> None:
    """A label in the net's empty corner under its third face (right of the bottom arm's tab)."""
    left, right = x + 2.35 * edge, x + 4.0 * edge
    size = CAPTION
    while size > 6.0 and layout.text_width(text, size) > right - left:
        size -= 0.5
    canvas.text((left + right) / 2, y + 2.72 * edge, text, size, anchor="middle", colour="#444444")


def _para(canvas: Canvas, x: float, y: float, width: float, text: str, **kw) -> float:  # noqa: ANN003
    for ln in layout.wrap(text, kw.get("size", WORDS), width, kw.get("bold", False)):
        canvas.text(x, y, ln, kw.get("size", WORDS), bold=kw.get("bold", False))
        y += 3.6 if kw.get("size", WORDS) <= WORDS else 4.4
    return y


def _which_cars(canvas: Canvas, x: float, y: float, width: float, edge: float) -> float:
    """The table on the first sheet: which cars to cut out for how many players."""
    y = _para(canvas, x, y, width, "Trading Paint cars for 2 to 6 players", size=HEAD, bold=True)
    y += 1.0
    key = ", ".join(f"{t}: {team_symbol(team_index(t))}" for t in _teams())
    y = _para(canvas, x, y, width, f"Teams {key}. A car is its team letter and number.")
    y += 2.0
    y = _para(canvas, x, y, width, "Which cars for how many players", size=9.0, bold=True)
    for players, cars, drivers in count_lines():
        canvas.line(x, y - 2.6, x + width, y - 2.6, LIGHT)
        y += 1.2
        canvas.text(x, y, f"{players} players", WORDS, bold=True)
        y += 3.6
        y = _para(canvas, x, y, width, cars)
        y = _para(canvas, x, y, width, drivers)
        y += 1.5
    y += 1.0
    y = _para(
        canvas,
        x,
        y,
        width,
        "Cut out, fold and glue every car once. Cars not in the race mark wrecks (upside down).",
    )
    fit = f"{edge:g} mm cars and dice: for board squares of {edge + DIE_CLEARANCE:g} mm."
    return _para(canvas, x, y + 1.0, width, fit)


def _teams() -> list[str]:
    return sorted({t for s in load_setups().values() for t in s.teams})


def _dice_words(canvas: Canvas, x: float, y: float, width: float, edge: float, dice: int) -> float:
    """The path dice's column: how many, and each face's paths (the white squares)."""
    y = _para(canvas, x, y, width, "Path dice", size=HEAD, bold=True)
    y += 0.5
    spares = dice - RACE_DICE
    words = f"{RACE_DICE} path dice race" + (
        f"; {spares} spare{'s' if spares > 1 else ''} stand in for a lost or crushed die."
        if spares
        else "."
    )
    y = _para(canvas, x, y, width, words)
    y = _para(canvas, x, y + 1.0, width, "Paths are the white squares. Turn a die any way round; "
              "it must open towards the car or the die before it.")  # fmt: skip
    fs = load_faces()
    meaning = {1: "any way", 2: "any way", 3: "must turn", 4: "any way", 5: "X, spin-out",
               6: "straight on"}  # fmt: skip
    y += 2.0
    for face in fs.faces:
        draw_face(canvas, fs.grids[face - 1], x + 5.0, y + 5.0, 10.0)
        draw_connections(canvas, face, 0, x + 17.0, y + 5.0, 10.0)
        canvas.text(x + 24.0, y + 6.2, f"{face}: {meaning[face]}", WORDS, bold=face == 5)
        y += 13.0
    return y
