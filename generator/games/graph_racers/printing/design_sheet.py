"""The car-design sheet ("Design Your Own Car"): the seed's price list and, for each player, a
box to write the car's design and to tick off the boosts used and the damage taken during the
race; in James Bond mode the goodies too. It shares only the page's type and box style with
the other sheets.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from generator.games.graph_racers.printing.page import BOX_STYLE, GAME, LINE, TEXT
from generator.render import layout
from generator.render.canvas import Canvas
from generator.render.document import Document
from generator.render.glyphs import player_marker

DESIGN_PLAYERS = 6  # "from two to maybe six players": a box for each
DESIGN_TICKS = {"brakes": 10, "turbo": 10, "damage": 20}  # the most $100 buys of each


def design_sheet_document(spec: Any, bond: bool = False) -> Document:
    """The seed's price list and, for each of six players, a box to write the car's design (how
    many of each, the price, the total of at most $100) with tick boxes for the boosts used and
    the damage taken during the race: one page. bond: James Bond mode, the goodies on the price
    list and in each box, with a tick box for each one-use goodie: the boxes are full width,
    three a page, on two pages."""
    from generator.games.graph_racers.race.design import BUDGET, PRICES
    from generator.games.graph_racers.race.goodies import PRICES as GOODIES

    stem = "graph-racers-car-design" + ("-bond" if bond else "")
    title = "Graph Racers car design" + (" (James Bond mode)" if bond else "")
    doc = Document(stem, title, GAME, spec.ident())
    prices = [
        (f"Good brakes: ${PRICES['brakes']} a use", "slow down by 2 squares on one axis"),
        (f"Turbo boost: ${PRICES['turbo']} a use", "speed up by 2 squares on one axis"),
        (
            f"Damage point: ${PRICES['damage']} each",
            "the damage the car can take; any more and it is out",
        ),
        ("No damage points:", "the car blows up the first time it hits anything!"),
    ]
    if bond:
        prices += [
            (
                f"Missile: ${GOODIES['missile']}",
                "each fires once; it moves on your turns with turbo every move; 3 damage",
            ),
            (
                f"Oil sprayer: ${GOODIES['sprayer']}",
                "each once: a 3x3 oil slick right behind your car",
            ),
            (
                f"Rocket booster: ${GOODIES['rocket']}",
                "each once: speed up by 3 squares on one axis",
            ),
            (f"Submarine: ${GOODIES['sub']}", "one a car: it drives across blue water"),
            (
                f"Rear guns: ${GOODIES['guns']} a set",
                "you may shoot a car right behind you: 1 damage a set",
            ),
        ]
    cols, per_page = (1, 3) if bond else (2, DESIGN_PLAYERS)
    for first in range(0, DESIGN_PLAYERS, per_page):
        canvas, box = layout.page(doc, spec.paper_size(landscape=False), mono=spec.mono)
        canvas.text(box.x, box.y + 5, "Graph Racers: design your own car", 14, bold=True)
        y = layout.instructions(
            canvas,
            box.x,
            box.y + 11,
            f"Each player gets ${BUDGET} to kit out the car. Draw the race track first, then "
            "design the cars. Buy as many of each as you can afford; write the numbers, the "
            "price and the total (at most $100). During the race, tick a box for each boost "
            "used and each damage point taken."
            + (" James Bond mode: the goodies too." if bond else ""),
            box.w,
            size=TEXT,
            line=LINE,
        )
        top = y + 4
        if not first:  # the price list, on the first page
            height = 6 + LINE * (len(prices) + 0.5)
            canvas.rect(box.x, top, box.w, height, BOX_STYLE)
            canvas.text(box.x + 3, top + 5, "Price list", TEXT + 1, bold=True)
            for i, (what, note) in enumerate(prices):
                yy = top + 5 + LINE * (i + 1.2)
                canvas.text(box.x + 3, yy, what, TEXT, bold=True)
                canvas.text(box.x + 58, yy, note, TEXT)
            top += height + 4
        gap = 4.0
        rows = per_page // cols
        w = (box.w - gap * (cols - 1)) / cols
        h = (box.bottom - top - gap * (rows - 1)) / rows
        for k in range(per_page):
            x0 = box.x + (k % cols) * (w + gap)
            y0 = top + (k // cols) * (h + gap)
            if bond:
                _bond_box(canvas, first + k, x0, y0, w, h, {**PRICES, **GOODIES}, BUDGET)
            else:
                _design_box(canvas, first + k, x0, y0, w, h, PRICES, BUDGET)
    return doc


DESIGN_ROWS = (("Good brakes", "brakes"), ("Turbo boost", "turbo"), ("Damage points", "damage"))
BOND_ROWS = (
    ("Missile", "missile"),
    ("Oil sprayer", "sprayer"),
    ("Rocket booster", "rocket"),
    ("Submarine", "sub"),
    ("Rear guns", "guns"),
)
# a tick box for each one-use goodie a car can afford ($100 / its price): "buy missiles, oil
# slick sprayers, rocket boosters" by the number (docs/rules/graph-racers.md, James Bond mode)
BOND_TICKS = (("Missiles fired", "missile"), ("Oil sprayed", "sprayer"), ("Rockets used", "rocket"))


def _box_head(canvas: Canvas, p: int, x: float, y: float, w: float, h: float) -> None:
    """A car's box on the car-design sheet: its frame, the player's marker and a name line."""
    canvas.rect(x, y, w, h, BOX_STYLE)
    player_marker(canvas, p, x + 5, y + 5, 4.5)
    canvas.text(x + 10, y + 6.5, f"Car {p + 1}   name ______________________", TEXT, bold=True)


def _design_box(
    canvas: Canvas,
    p: int,
    x: float,
    y: float,
    w: float,
    h: float,
    prices: dict[str, int],
    budget: int,
) -> None:
    _box_head(canvas, p, x, y, w, h)
    line = min(7.0, (h - 14) / 6.5)
    yy = _price_rows(canvas, x + 3, y + 9 + line, line, DESIGN_ROWS, prices, budget)
    yy += line * 0.9
    size = min(3.6, (w - 32) / DESIGN_TICKS["damage"] * 2 - 0.6)
    for what, key in (("Brakes used", "brakes"), ("Turbo used", "turbo")):
        yy = _tick_row(canvas, x + 3, x + 30, yy, what, DESIGN_TICKS[key], size, 10)
    _tick_row(canvas, x + 3, x + 30, yy, "Damage taken", DESIGN_TICKS["damage"], size, 10)


def _bond_box(
    canvas: Canvas,
    p: int,
    x: float,
    y: float,
    w: float,
    h: float,
    prices: dict[str, int],
    budget: int,
) -> None:
    """A full-width box of James Bond mode: the design's items in two columns (boosts and
    damage points, then the goodies), then the tick boxes."""
    _box_head(canvas, p, x, y, w, h)
    line = min(7.0, (h - 12 - 4 * 5.9) / 7)
    half = x + w / 2
    left = _price_rows(canvas, x + 3, y + 9 + line, line, DESIGN_ROWS, prices, budget)
    right = _price_rows(canvas, half + 3, y + 9 + line, line, BOND_ROWS, prices, None)
    yy = max(left, right) + line * 0.9
    size = 3.6
    _tick_row(canvas, x + 3, x + 30, yy, "Brakes used", DESIGN_TICKS["brakes"], size, 10)
    yy = _tick_row(canvas, half + 3, half + 30, yy, "Turbo used", DESIGN_TICKS["turbo"], size, 10)
    yy = _tick_row(canvas, x + 3, x + 30, yy, "Damage taken", DESIGN_TICKS["damage"], size, 20)
    cx = x + 3
    for what, key in BOND_TICKS:  # a tick box for each one-use goodie a car can buy
        n = budget // prices[key]
        canvas.text(cx, yy + size * 0.8, what, TEXT - 1)
        cx += layout.text_width(what, TEXT - 1) + 1.5
        for _ in range(n):
            canvas.rect(cx, yy, size, size, BOX_STYLE)
            cx += size + 1.0
        cx += 5


def _price_rows(
    canvas: Canvas,
    x: float,
    y: float,
    line: float,
    rows: Sequence[tuple[str, str]],
    prices: dict[str, int],
    budget: int | None,
) -> float:
    """'Label: ____ x $price = $______' a row, then the total when a budget is given; the y
    below them."""
    for label, key in rows:
        canvas.text(x, y, f"{label}:", TEXT)
        canvas.text(x + 27, y, f"____ x ${prices[key]} = $______", TEXT)
        y += line
    if budget is not None:
        canvas.text(x, y, "Total:", TEXT, bold=True)
        canvas.text(x + 27, y, f"$______  (at most ${budget})", TEXT, bold=True)
        y += line
    return y - line


def _tick_row(
    canvas: Canvas, x: float, bx: float, y: float, what: str, n: int, size: float, per_row: int
) -> float:
    """'What:' and n tick boxes from bx, per_row a row; the y below them."""
    canvas.text(x, y + size * 0.8, f"{what}:", TEXT - 1)
    for i in range(n):
        cx = bx + (i % per_row) * (size + 0.8)
        cy = y + (i // per_row) * (size + 0.8)
        canvas.rect(cx, cy, size, size, BOX_STYLE)
    return y + (size + 0.8) * ((n + per_row - 1) // per_row) + 1.5
