"""Print quality of every printable, as a person printing at home would check it.

Each printable is built through its material functions on A4 and Letter (and a few with
--mono / --landscape) and every page is checked: ink inside the 10 mm margins and above the
footer band (text measured with the PDF's font metrics; on tiled sheets, text running past the
sheet must be hidden under a white mask), no two pieces of text on top of each other, a footer
on every page, and the 50 mm calibration bar on every true-scale page.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from pathlib import Path

import builds
import pytest

from generator.games.graph_racers.printing.drawing import GRID
from generator.options import PrintOptions
from generator.render import layout
from generator.render.canvas import Canvas, Op
from generator.render.document import Document
from generator.render.layout import BAR_TEXT, FOOTER_ID, MARGIN, Box, text_corners

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "graph_racers"
TOL = 0.05  # mm
OVERLAP = 0.3  # mm: boxes that share less than this are touching, not overlapping
TILE_HINT = "trim at a neighbour's dashed line"

TrueScale = Callable[[Canvas], bool]

UNUSED = Path("unused")  # the output folder of options these tests never print to


def every_page(_: Canvas) -> bool:
    return True


def no_page(_: Canvas) -> bool:
    return False


def has_track(canvas: Canvas) -> bool:
    """A Graph Racers page with a track drawn at true scale (its grid lines, not a scaled map
    or a compact key's reduced tracks)."""
    texts = canvas.texts()
    if any(t.startswith("Assembly map") for t in texts):
        return False
    return any(
        op.kind == "path" and op.style == GRID and all(g.scale == 1 for g in stack)
        for op, stack in canvas.flat()
    )


def tile_sheet(canvas: Canvas) -> bool:
    return any(TILE_HINT in t for t in canvas.texts())


@functools.cache
def _example(name: str):
    from generator.games.graph_racers.moves.choice import RuleChoice, resolve_rules
    from generator.games.graph_racers.solving.solve import solve
    from generator.games.graph_racers.track.formats import read_track

    track = read_track(EXAMPLES / name)
    rules = resolve_rules(track, RuleChoice())
    return track, rules, solve(track, rules, count_lines=1000)


def _worksheet(paper_name: str, boosts: tuple[int, int, int] = (0, 0, 0)) -> Document:
    """Two generated easy tracks, two per page, as `racegen graph-racers worksheet` prints them
    (printed with good brakes, turbo and rocket uses `boosts` in the rules; the tracks and
    answers are those of the basic rules, which are quick to generate)."""
    from generator.games.graph_racers.generating.generate import stored_solution
    from generator.games.graph_racers.moves.rules import Rules
    from generator.games.graph_racers.printing.faces import FACES
    from generator.games.graph_racers.printing.printed_rules import worksheet_rules
    from generator.games.graph_racers.printing.worksheets import (
        worksheet_documents,
        worksheet_track_size,
    )

    paper = PrintOptions(UNUSED, paper=paper_name).paper_size()
    rules = Rules(5, "exact", *boosts)
    cells = FACES["cells"]
    words = worksheet_rules(cells, rules, cells.lap_race(2, rules))
    cols, rows = worksheet_track_size(paper, 2, 5.0, (40, 28), rules_text=words)
    tracks = _tracks(rows, cols)
    (doc,) = worksheet_documents(
        tracks,
        [stored_solution(t) for t in tracks],
        rules,
        per_page=2,
        paper=paper,
        pitch=5.0,
        mono=False,
        stem="ws",
        title="Graph Racers worksheet (easy)",
        ident="test",
    )
    return doc


@functools.cache
def _tracks(rows: int, cols: int) -> list:
    """Two easy tracks of a size, generated once (the size is the same on A4 and Letter)."""
    from generator.games.graph_racers.generating.generate import Request, generate
    from generator.games.graph_racers.moves.rules import Rules

    return generate(Request(rows, cols, (3, 5), "easy", 1, Rules(), 2), 2)


def printables(
    paper: str, mono: bool = False, landscape: bool = False
) -> Iterator[tuple[str, Document, TrueScale]]:
    """Every printable racegen makes, with which of its pages are true scale."""
    from generator.commands.dice import blank_dice_document
    from generator.commands.paper import paper_document
    from generator.games.graph_racers.printing.track_sheet import sheet_document
    from generator.games.trading_paint.printing.board_pages import board_document
    from generator.games.trading_paint.printing.dice_nets import cars_document, dice_document
    from generator.games.trading_paint.printing.rules_summary import rules_document
    from generator.games.triactor.printing.board import board_documents
    from generator.games.triactor.printing.coin_sheets import coins_document
    from generator.games.triactor.printing.dice_nets import dice_document as triactor_dice
    from generator.games.triactor.printing.horse_cards import horses_document
    from generator.games.triactor.printing.payout_card import payouts_document

    o = PrintOptions(UNUSED, paper=paper, mono=mono, landscape=landscape)
    p = o.paper_size()
    yield "paper graph 5mm", paper_document("graph", 5.0, p, mono=mono), every_page
    yield "paper dot 1/4in", paper_document("dot", 6.35, p, mono=mono), every_page
    yield "dice blank-d6", blank_dice_document("d6", 16.0, p, mono=mono), every_page
    yield "dice blank-d8", blank_dice_document("d8", 16.0, p, mono=mono), every_page
    for name in ("oil-oval.txt", "sprint.txt", "graph-racers-40x25-medium-s1-1.json"):
        track, rules, sol = _example(name)
        doc = sheet_document(
            track,
            rules,
            sol,
            kinds=("track", "race", "answer"),
            players=4,
            paper=p,
            pitch=5.0,
            mono=mono,
            stem="sheet",
        )
        yield f"graph-racers sheet {name}", doc, has_track
    yield "trading-paint board tiles", board_document(o, "tiles", 16.0), tile_sheet
    yield "trading-paint board poster", board_document(o, "poster", 16.0), no_page
    yield "trading-paint board overview", board_document(o, "overview", 16.0), no_page
    yield "trading-paint dice", dice_document(o, 16.0, 6), every_page
    for n in (2, 4, 6):
        yield f"trading-paint cars {n}", cars_document(o, n, 16.0), every_page
    yield "trading-paint rules", rules_document(o), no_page
    page_board, tiled_board = board_documents(o, "both")
    yield "triactor board", page_board, no_page
    yield "triactor board tiled", tiled_board, tile_sheet
    # the slips as their command prints them (6 players, 2 races), shared (builds.py)
    for doc in builds.documents("triactor", "slips", paper, mono, landscape):
        yield f"triactor slips {doc.stem}", doc, no_page
    yield "triactor payouts", payouts_document(o), no_page
    yield "triactor horses", horses_document(o), no_page
    yield "triactor coins", coins_document(o), every_page
    yield "triactor dice", triactor_dice(o), every_page


# --- page checks ------------------------------------------------------------------------------


def _masks(canvas: Canvas) -> list[Box]:
    """White, unstroked shapes drawn over the page (tile sheets hide overflowing text so)."""
    out = []
    for op, pts in canvas.absolute_points():
        if op.kind == "path" and _is_mask(op):
            xs, ys = [x for x, _ in pts], [y for _, y in pts]
            out.append(Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)))
    return out


def _is_mask(op: Op) -> bool:
    st = op.style
    return st is not None and st.stroke is None and (st.fill or "").lower() == "#ffffff"


def _in_footer(stack) -> bool:  # noqa: ANN001
    return any(g.id == FOOTER_ID for g in stack)


def page_problems(canvas: Canvas, true_scale: bool) -> list[str]:
    """What a careful printer would complain about on this page."""
    problems: list[str] = []
    usable = layout.usable_box(layout_paper(canvas))
    paper_box = Box(0.0, 0.0, canvas.width, canvas.height)
    masks = _masks(canvas)

    def visible_outside(pts: list[tuple[float, float]], room: Box) -> bool:
        """Some sampled point of the shape's box lies outside `room`, on paper, unmasked."""
        xs, ys = [x for x, _ in pts], [y for _, y in pts]
        x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
        inside = room.inset(-TOL, -TOL, -TOL, -TOL)
        for i in range(11):
            for j in range(3):
                x = x0 + (x1 - x0) * i / 10
                y = y0 + (y1 - y0) * j / 2
                if _holds(inside, x, y):
                    continue
                if not _holds(paper_box, x, y):
                    continue  # off the paper: never printed
                if not any(_holds(m, x, y) for m in masks):
                    return True
        return False

    flat = list(canvas.flat())
    texts: list[tuple[Box, str]] = []
    page_room = Box(MARGIN, MARGIN, canvas.width - 2 * MARGIN, canvas.height - 2 * MARGIN)
    for (op, stack), (_, pts) in zip(flat, canvas.absolute_points(), strict=True):
        room = page_room if _in_footer(stack) else usable
        if op.kind == "text":
            corners = text_corners(op, stack)
            if visible_outside(corners, room):
                problems.append(f"text {op.data[2]!r} runs outside the printable area")
            xs, ys = [x for x, _ in corners], [y for _, y in corners]
            texts.append((Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)), op.data[2]))
            continue
        if _is_mask(op):
            continue
        if op.kind == "circle":
            scale = 1.0
            for g in stack:
                scale *= g.scale
            r = op.data[2] * scale
            (cx, cy) = pts[0]
            pts = [(cx - r, cy - r), (cx + r, cy + r)]
        inside = room.inset(-TOL, -TOL, -TOL, -TOL)
        xs, ys = [x for x, _ in pts], [y for _, y in pts]
        # every point inside: the extreme ones are
        if pts and not (_holds(inside, min(xs), min(ys)) and _holds(inside, max(xs), max(ys))):
            problems.append(f"{op.kind} outside the printable area at {pts[0]}")
    for sa, sb in _overlapping(texts):
        problems.append(f"text {sa!r} overlaps {sb!r}")
    labels = canvas.texts()
    if not layout.has_footer(canvas):
        problems.append("no footer")
    if true_scale and BAR_TEXT not in labels:
        problems.append("true-scale page without a calibration bar")
    return problems


def _holds(box: Box, x: float, y: float, tol: float = 1e-6) -> bool:
    """box.contains(Box(x, y, 0, 0), tol), without building the point's box."""
    return box.x - tol <= x <= box.right + tol and box.y - tol <= y <= box.bottom + tol


def _overlapping(texts: list[tuple[Box, str]]) -> list[tuple[str, str]]:
    """Each pair of non-blank texts (in page order) whose boxes share more than OVERLAP mm
    both ways: a sweep along x, where every pair was compared (pages of tables hold hundreds
    of texts); a pair the sweep passes by is at most OVERLAP apart along x."""
    shown = sorted((i for i, (_, s) in enumerate(texts) if s.strip()), key=lambda i: texts[i][0].x)
    pairs = []
    for k, i in enumerate(shown):
        a = texts[i][0]
        for j in shown[k + 1 :]:
            b = texts[j][0]
            if a.right - b.x <= OVERLAP:
                break  # b, and every text after it, starts too far right to overlap a
            dx = min(a.right, b.right) - max(a.x, b.x)
            dy = min(a.bottom, b.bottom) - max(a.y, b.y)
            if dx > OVERLAP and dy > OVERLAP:
                pairs.append((min(i, j), max(i, j)))
    return [(texts[i][1], texts[j][1]) for i, j in sorted(pairs)]


def layout_paper(canvas: Canvas):  # noqa: ANN201
    from generator.render.paper import Paper

    return Paper("page", canvas.width, canvas.height, canvas.width > canvas.height)


def document_problems(name: str, doc: Document, true_scale: TrueScale) -> list[str]:
    layout.add_footers(doc)
    out = []
    for i, canvas in enumerate(doc.pages, start=1):
        scale = true_scale(canvas)
        out += [f"{name} page {i}: {p}" for p in page_problems(canvas, scale)]
    return out


# --- the tests ----------------------------------------------------------------------------------


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_printable_prints_cleanly(paper):
    problems = []
    count = 0
    for name, doc, true_scale in printables(paper):
        assert doc.pages, f"{name}: no pages"
        count += 1
        problems += document_problems(name, doc, true_scale)
    assert count >= 20
    assert problems == []


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_printable_mono_landscape_prints_cleanly(paper):
    problems = []
    for name, doc, true_scale in printables(paper, mono=True, landscape=True):
        problems += document_problems(name, doc, true_scale)
    assert problems == []


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_worksheet_prints_cleanly(paper):
    doc = _worksheet(paper)
    assert len(doc.pages) == 2
    assert document_problems("worksheet", doc, has_track) == []


def test_worksheet_with_every_boost_prints_cleanly():
    """The rules at the foot take two lines, which must not print on top of each other."""
    doc = _worksheet("a4", boosts=(2, 2, 1))
    footer = [t for t in doc.pages[1].texts() if "Turbo x2" in t or t.startswith("Rules:")]
    assert len(footer) == 2  # wrapped into two lines...
    assert document_problems("worksheet", doc, has_track) == []  # ...that do not overlap


def test_the_checks_catch_what_they_look_for():
    """The page checker itself: text past the margin, text on text, a missing bar."""
    from generator.render.paper import Paper

    doc = Document("t", "t")
    canvas, box = layout.page(doc, Paper.get("a4"))
    canvas.text(box.right - 2, box.y + 10, "runs off", 10)
    canvas.text(box.x, box.y + 30, "one", 10)
    canvas.text(box.x + 1, box.y + 30.5, "two", 10)
    layout.add_footers(doc)
    problems = page_problems(canvas, true_scale=True)
    assert "text 'runs off' runs outside the printable area" in problems
    assert "text 'one' overlaps 'two'" in problems
    assert "true-scale page without a calibration bar" in problems


def test_letter_holds_a_40x25_track_on_one_page_each():
    """A 40 x 25 track (204 x 129 mm) fits landscape Letter: the rules go in a narrower column
    instead of tiling the track over two sheets with a sliver."""
    from generator.games.graph_racers.printing.track_sheet import sheet_document

    track, rules, sol = _example("graph-racers-40x25-medium-s1-1.json")
    doc = sheet_document(
        track,
        rules,
        sol,
        kinds=("track", "race", "answer"),
        players=4,
        paper=PrintOptions(UNUSED, paper="letter").paper_size(),
        pitch=5.0,
        mono=False,
        stem="s",
    )
    # track, race sheet, the move log over three pages (2 x par 37 rows: Letter pages hold 30
    # to 35), answer key
    assert len(doc.pages) == 6
    assert not any(t.startswith("Assembly map") for c in doc.pages for t in c.texts())
    assert sum(has_track(c) for c in doc.pages) == 3


def test_answer_numbers_never_cover_each_other():
    """A circuit's finish lands beside its start: the last number moves to a free corner."""
    from generator.games.graph_racers.printing.drawing import TrackDrawing

    track, _, sol = _example("oil-oval.txt")
    canvas = Canvas(300, 300)
    TrackDrawing(track, 5.0).racing_line(canvas, sol.path, end=0.5)
    boxes = []
    for op, stack in canvas.flat():
        if op.kind == "text":
            xs, ys = zip(*text_corners(op, stack), strict=True)
            boxes.append((min(xs), min(ys), max(xs), max(ys)))
    assert len(boxes) == len(sol.path)
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            assert (
                a[2] <= b[0] + 1e-6
                or b[2] <= a[0] + 1e-6
                or a[3] <= b[1] + 1e-6
                or b[3] <= a[1] + 1e-6
            )


def test_text_across_a_tile_edge_prints_on_both_sheets():
    """Text cannot be clipped: the seam moves off a line that would cross it, and a line
    longer than any sheet (no seam can miss it) prints whole on each sheet it touches, the
    overflow masked."""
    from generator.render.paper import Paper

    paper = Paper.get("a4")
    _, _, content = layout.tile_plan(paper, 300.0, 100.0)
    x = content.w - 20  # starts on sheet A1, ends on sheet A2 with full sheets

    def draw(c: Canvas) -> None:
        c.text(x, 50, "ACROSS THE EDGE OF TWO SHEETS", 14, bold=True)

    doc = Document("t", "t")
    tiling = layout.tile(doc, paper, 300.0, 100.0, draw)
    assert tiling.cols == 2
    layout.add_footers(doc)
    a1, a2 = tiling.sheets
    assert "ACROSS THE EDGE OF TWO SHEETS" not in a1.texts()
    assert "ACROSS THE EDGE OF TWO SHEETS" in a2.texts() and not _masks(a2)
    assert tiling.col_spans[1][0] < x  # A2 starts before the words
    long = "A LINE LONGER THAN ANY SHEET OF THIS PAPER, SO NO SEAM CAN MISS IT, EVER"

    def draw_long(c: Canvas) -> None:
        c.text(10, 50, long, 14, bold=True)

    doc = Document("t", "t")
    tiling = layout.tile(doc, paper, 300.0, 100.0, draw_long)
    assert tiling.cols == 2
    layout.add_footers(doc)
    for sheet in tiling.sheets:
        assert long in sheet.texts()
        assert _masks(sheet)
        assert page_problems(sheet, true_scale=True) == []


# --- text players must read -------------------------------------------------------------------
MIN_READ_PT = 6.0  # pt on paper: below this players squint (the audit's threshold)


def printed_size(op: Op, stack) -> float:  # noqa: ANN001
    """A text op's size on paper: its size times the scale of every group it sits in."""
    size = op.text.size
    for g in stack:
        size *= g.scale
    return size


def assembly_map(canvas: Canvas) -> bool:
    return any(t.startswith("Assembly map") for t in canvas.texts())


def small_text(doc: Document) -> list[str]:
    """Text printing below MIN_READ_PT; a tiled drawing's assembly map (a reduced reference
    for putting the sheets together, drawn by layout.tile) is not read in play and is left out."""
    out = []
    for i, canvas in enumerate(doc.pages, start=1):
        if assembly_map(canvas):
            continue
        for op, stack in canvas.flat():
            if op.kind == "text" and printed_size(op, stack) < MIN_READ_PT:
                out.append(f"page {i}: {op.data[2]!r} at {printed_size(op, stack):.2f} pt")
    return out


def must_read(paper: str, landscape: bool = False) -> tuple[tuple[str, Document], ...]:
    """The printables whose small text players read in play: the one-page Triactor playmat
    (legend, coin key), the betting slips, and the true-size Trading Paint board sheets at the
    default square and at squares small enough that 0.4 x square was once under 6 pt."""
    return _must_read(paper, landscape)


@functools.cache
def _must_read(paper: str, landscape: bool) -> tuple[tuple[str, Document], ...]:
    """Built once for the tests below that read them (the slips take a while to draw)."""
    from generator.games.trading_paint.printing.board_pages import board_document
    from generator.games.triactor.printing.board import board_documents
    from generator.games.triactor.printing.slips import slips_documents

    o = PrintOptions(UNUSED, paper=paper, landscape=landscape)
    out = [("triactor board page", board_documents(o, "page")[0])]
    for doc in slips_documents(o, 6, 1):
        out.append((f"triactor slips {doc.stem}", doc))
    for sq in (16.0, 10.0, 5.1):
        out.append((f"trading-paint board tiles {sq:g} mm", board_document(o, "tiles", sq)))
    return tuple(out)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_text_players_read_prints_at_6pt_or_more(paper):
    problems = []
    for landscape in (False, True):
        for name, doc in must_read(paper, landscape):
            problems += [f"{name} {p}" for p in small_text(doc)]
    assert problems == []


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_larger_text_still_fits_cleanly(paper):
    """The 6 pt floor must not push text into the margins or onto other text: every page of
    the one-page board, the slips and a 10 mm board, and the play sheets of a 5.1 mm board
    (its pit notes wrap), pass the page checks."""
    problems = []
    for name, doc in must_read(paper):
        layout.add_footers(doc)
        for i, canvas in enumerate(doc.pages, start=1):
            if name.endswith("5.1 mm") and assembly_map(canvas):
                continue  # the map's sheet labels sit on the reduced drawing (layout.tile's)
            true_scale = tile_sheet(canvas)
            problems += [f"{name} page {i}: {p}" for p in page_problems(canvas, true_scale)]
    assert problems == []


def test_the_board_page_legend_is_drawn_large_enough_to_survive_the_shrink():
    """The playmat is scaled to about 1:2: its legend is drawn at 6 pt / scale, so it prints at
    6 pt; the same board at true size keeps its own sizes (the floor is 6 pt there)."""
    from generator.games.triactor.printing.artwork import board_size, draw_board

    page = must_read("letter")[0][1].pages[0]
    scales = [g.scale for op, stack in page.flat() for g in stack if g.scale != 1.0]
    scale = min(scales)
    assert 0.5 < scale < 0.52  # letter landscape: 259.4 mm for a 508 mm board
    sizes = {
        op.data[2]: printed_size(op, stack)
        for op, stack in page.flat()
        if op.kind == "text" and op.data[2].startswith("coin on step")
    }
    assert len(sizes) == 8 and min(sizes.values()) >= MIN_READ_PT
    true_size = Canvas(*board_size())
    draw_board(true_size)
    drawn = {op.data[2]: op.text.size for op, _ in true_size.flat() if op.kind == "text"}
    assert drawn["coin on step 5"] == 8.0 and drawn["A"] == 7.0


def test_the_size_check_sees_group_scales():
    doc = Document("t", "t")
    canvas = doc.new_page(PrintOptions(UNUSED, paper="a4").paper_size())
    canvas.text(20, 20, "big enough", 7.0)
    with canvas.group(dx=20, dy=40, scale=0.5), canvas.group(scale=1.5):
        canvas.text(0, 0, "shrunk", 7.0)  # 7 x 0.5 x 1.5 = 5.25 pt
    assert small_text(doc) == ["page 1: 'shrunk' at 5.25 pt"]
