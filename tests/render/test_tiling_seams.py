"""Tiled boards as a player joins them: no word crosses the edge of any sheet's window and no
sheet is left nearly blank (tests/render/test_tile_joins.py: the joins themselves).

Every tiled printable of every game (Trading Paint's board tiles, Triactor's tiled board,
Dice Rush's boards at spaces too big for one page, Graph Racers' sheets of a big track) is
built on A4 and Letter; `layout.tile` is watched to learn each drawing and its windows.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.printing import PrintSpec
from generator.render import layout, seams
from generator.render.canvas import Canvas
from generator.render.clip import Box
from generator.render.document import Document
from generator.render.paper import Paper

ROOT = Path(__file__).resolve().parents[2]
RING = ROOT / "tests" / "data" / "racetrack" / "momba" / "ring.track"


def _printable(game: str, name: str):
    from generator.games.registry import game as find

    return next(p for p in find(game).printables() if p.name == name)


def tiled_jobs(spec: PrintSpec):
    """(name, build) for every printable that tiles a drawing over sheets."""

    def ring_sheet():
        from generator.games.graph_racers.moves.rules import Rules
        from generator.games.graph_racers.printing.track_sheet import sheet_document
        from generator.games.graph_racers.track.formats import read_track

        track = read_track(RING)
        paper = spec.paper_size()
        return [
            sheet_document(
                track,
                Rules(accel=9),
                None,
                kinds=("track",),
                players=2,
                paper=paper,
                pitch=8.0,
                mono=spec.mono,
                stem="ring",
            )
        ]

    yield "trading-paint board tiles", lambda: _printable("trading-paint", "board").documents(spec)
    yield (
        "triactor board tiled",
        lambda: _printable("triactor", "board").documents(spec, style="tiled"),
    )
    for space in (30.0, 40.0):
        yield (
            f"dice-rush board {space:g} mm",
            lambda space=space: _printable("dice-rush", "board").documents(spec, space=space),
        )
    yield "graph-racers ring at 8 mm", ring_sheet


@pytest.fixture(scope="module", params=["a4", "letter"])
def tilings(request):
    """(name, paper, width, height, draw, Tiling) of every tiled printable on one paper."""
    calls = []
    real = layout.tile

    def spy(doc, paper, width, height, draw, **kw):
        t = real(doc, paper, width, height, draw, **kw)
        calls.append((paper, width, height, draw, t))
        return t

    spec = PrintSpec(out=Path("unused"), paper=request.param)
    mp = pytest.MonkeyPatch()
    mp.setattr(layout, "tile", spy)
    try:
        out = []
        for name, build in tiled_jobs(spec):
            calls.clear()
            build()
            assert calls, f"{name} printed no tiles"
            out += [(name, *c) for c in calls]
    finally:
        mp.undo()
    return out


def word_boxes(width: float, height: float, draw) -> list[tuple[Box, str]]:  # noqa: ANN001
    c = Canvas(width, height)
    draw(c)
    out = []
    for op, stack in c.flat():
        if op.kind == "text" and op.data[2].strip():
            xs, ys = zip(*layout.text_corners(op, stack), strict=True)
            out.append((Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)), op.data[2]))
    return out


def test_every_tiled_printable_is_tiled(tilings):
    names = {t[0] for t in tilings}
    assert len(names) == 5
    assert any(t[-1].rows * t[-1].cols > 1 for t in tilings)


def test_no_word_crosses_the_edge_of_a_sheet(tilings):
    problems = []
    for name, _paper, w, h, draw, t in tilings:
        for box, s in word_boxes(w, h, draw):
            # every word lies inside the drawing: a sheet's outer edge never cuts it either
            if box.x < -1e-6 or box.y < -1e-6 or box.right > w + 1e-6 or box.bottom > h + 1e-6:
                problems.append(f"{name}: {s!r} runs off the drawing")
            for r in range(t.rows):
                for c in range(t.cols):
                    win = t.window(r, c, w, h)
                    meets = (
                        box.right > win.x
                        and box.x < win.right
                        and box.bottom > win.y
                        and box.y < win.bottom
                    )
                    if meets and not win.contains(box):
                        problems.append(f"{name}: {s!r} crosses sheet {layout.sheet_label(r, c)}")
    assert problems == []


def test_no_sheet_is_mostly_empty(tilings):
    """Under a quarter of a sheet's printable area carrying drawing is "mostly empty"; no
    tiled printable leaves such a sheet (a plan with as many sheets avoids it every time)."""
    problems = []
    for name, paper, w, h, draw, t in tilings:
        area = t.content_w * t.content_h
        for r in range(t.rows):
            for c in range(t.cols):
                win = t.window(r, c, w, h)
                if win.w * win.h < seams.MOSTLY_EMPTY * area:
                    problems.append(f"{name} on {paper.name}: sheet {layout.sheet_label(r, c)}")
        plan = layout.plan_tiles(paper, w, h, layout.drawing_text_boxes(w, h, draw))
        assert (plan.rows.spans, plan.cols.spans) == (t.row_spans, t.col_spans)
    assert problems == []


def test_shared_strips_are_at_least_the_overlap_and_sheets_fit_their_paper(tilings):
    for name, _paper, w, h, _draw, t in tilings:
        for spans, room, length in ((t.col_spans, t.content_w, w), (t.row_spans, t.content_h, h)):
            assert spans[0][0] == 0 and spans[-1][1] == pytest.approx(length), name
            for a, b in spans:
                assert b - a <= room + 1e-6, name
            for (_, end), (start, _) in zip(spans, spans[1:], strict=False):
                assert end - start >= t.overlap - 1e-6, name


# --- the planner on its own ----------------------------------------------------------------------
A4 = Paper.get("a4")


def test_a_sliver_of_a_last_sheet_is_shared_out_evenly():
    """400 mm on 184 mm sheets: full sheets leave the third 52 mm (under a quarter of it)."""
    plan = layout.plan_tiles(A4, 400.0, 200.0)
    widths = [b - a for a, b in plan.cols.spans]
    assert len(widths) == 3 and plan.empty == 0
    assert max(widths) - min(widths) < 1e-6
    assert 52.0 < min(widths)


def test_a_seam_moves_off_a_word_and_a_strip_widens_round_a_wide_one():
    boxes = [(150.0, 50.0, 200.0, 55.0)]  # a word where full sheets put the A1/A2 seam
    plan = layout.plan_tiles(A4, 300.0, 100.0, boxes)
    assert plan.cuts == 0 and plan.sheets == 2
    (_, a1_end), (a2_start, _) = plan.cols.spans
    assert a2_start <= 149.5 or a2_start >= 200.5
    assert a1_end <= 149.5 or a1_end >= 200.5
    # a 30 mm title in the middle of a 330 mm drawing: two 184 mm sheets must meet within
    # 146..184 mm, where no 10 mm strip misses it, so the strip they share widens to take
    # the whole title (both sheets print it whole)
    wide = [(150.0, 40.0, 180.0, 46.0)]
    plan = layout.plan_tiles(A4, 330.0, 100.0, wide)
    (_, a1_end), (a2_start, _) = plan.cols.spans
    assert plan.cuts == 0 and plan.sheets == 2
    assert a2_start <= 149.5 and a1_end >= 180.5 and a1_end - a2_start > layout.TILE_OVERLAP


def test_tile_draws_whole_words():
    def draw(c: Canvas) -> None:
        for k in range(12):
            c.text(8.0 + 30 * k, 120.0, f"label {k}", 9)
        c.rect(0, 0, 380, 250)

    doc = Document("t", "t")
    tiling = layout.tile(doc, A4, 380.0, 250.0, draw)
    for box, s in word_boxes(380.0, 250.0, draw):
        on = [
            lab
            for lab, (r, c) in zip(
                tiling.labels,
                [(r, c) for r in range(tiling.rows) for c in range(tiling.cols)],
                strict=True,
            )
            if tiling.window(r, c, 380.0, 250.0).contains(box)
        ]
        assert on, s
