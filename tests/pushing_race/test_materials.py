"""Printables: page sizes on A4 and Letter, true-size spaces and die faces, text present,
byte-identical PDF and SVG for the same command, mono, the printing commands' files."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from pdfcheck import MM_PER_PT, page_mm, pdf_of
from usage import drop_usage

from generator.cli import cli
from generator.games.pushing_race.printing import materials as m
from generator.games.pushing_race.printing.artwork import draw_track, track_size, word_size
from generator.games.pushing_race.printing.rulesheet import rules_document
from generator.options import PrintOptions
from generator.render.canvas import Canvas
from generator.render.layout import BAR_TEXT, text_corners, text_width

PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}


def all_docs(o: PrintOptions):
    return [
        m.board_document(o, "page"),
        m.board_document(o, "coasters"),
        m.die_document(o),
        m.pieces_document(o),
        m.pieces_document(o, dice=2),
        rules_document(o),
    ]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_document_prints_on_a4_and_letter_with_a_bar(paper, tmp_path):
    for doc in all_docs(PrintOptions(tmp_path, paper=paper)):
        reader = pdf_of(doc)
        for i in range(len(reader.pages)):
            w, h = page_mm(reader, i)
            assert (min(w, h), max(w, h)) == PAPERS[paper], doc.stem
        text = "".join(p.extract_text() for p in reader.pages)
        assert "Pushing Race" in text
        if doc.stem != "pushing-race-rules":
            assert BAR_TEXT in text, doc.stem
        for page in doc.pages:  # nothing drawn in the 10 mm margins, words included
            for op, stack in page.flat():
                if op.kind == "text":
                    pts = text_corners(op, stack)
                else:
                    pts = next(p for o, p in _points_of(op, stack))
                for x, y in pts:
                    assert 9.99 <= x <= page.width - 9.99 and 9.9 <= y <= page.height - 9.9, (
                        doc.stem,
                        op.data,
                    )


def _points_of(op, stack):
    c = Canvas(1, 1)
    for g in stack:
        c.ops.append(type(op)("begin", (), group=g))
    c.ops.append(op)
    for _ in stack:
        c.ops.append(type(op)("end", ()))
    yield from c.absolute_points()


def test_board_spaces_are_22_mm_and_the_track_has_every_label():
    w, h = track_size(22.0)
    c = Canvas(w, h)
    draw_track(c, 22.0)
    texts = c.texts()
    for name in ("a1", "b5", "c9", "FINISH", "START", "a", "b", "c"):
        assert name in texts
    assert [t for t in texts if t.isdigit()] == [str(r) for r in range(1, 10) for _ in (0, 1)]
    spaces = [
        pts for op, pts in c.absolute_points() if op.kind == "path" and op.style.fill == "#f3f3f3"
    ] + [pts for op, pts in c.absolute_points() if op.kind == "path" and len(pts) == 4 and (
        max(p[1] for p in pts) - min(p[1] for p in pts) > 20)]  # fmt: skip
    spaces = {tuple(p) for p in spaces}
    assert len(spaces) == 27  # 12 grey (even rows) + 15 white
    for pts in spaces:
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        assert max(xs) - min(xs) == pytest.approx(22.0) and max(ys) - min(ys) == pytest.approx(22.0)
    for _op, pts in c.absolute_points():
        for x, y in pts:
            assert -0.01 <= x <= w + 0.01 and -0.01 <= y <= h + 0.01


def test_pdf_space_is_true_size(tmp_path):
    # 22 mm is 62.36 pt in the PDF's own coordinates
    doc = m.board_document(PrintOptions(tmp_path), "page")
    import re

    content = pdf_of(doc).pages[0].get_contents().get_data().decode("latin-1")
    num = r"(-?[\d.]+)"
    rects = re.findall(rf"n {num} {num} m {num} {num} l {num} {num} l {num} {num} l h", content)
    sizes = [(float(r[2]) - float(r[0]), float(r[3]) - float(r[5])) for r in rects]
    true = [wh for wh in sizes if abs(wh[0] - 22 / MM_PER_PT) < 0.01]
    assert len(true) == 27 and all(abs(abs(h) - 62.3622) < 0.01 for _, h in true)


def test_coasters_cover_rows_1_to_9_once(tmp_path):
    doc = m.board_document(PrintOptions(tmp_path), "coasters")
    texts = [t for page in doc.pages for t in page.texts()]
    assert "Coaster 1 of 3 · rows 1-3 · Start line at the bottom" in texts
    assert "Coaster 3 of 3 · rows 7-9 · Finish line at the top" in texts
    names = [t for t in texts if len(t) == 2 and t[0] in "abc" and t[1].isdigit()]
    assert sorted(names) == sorted(f"{c}{r}" for c in "abc" for r in range(1, 10))


def test_die_has_six_words_that_fit_their_faces(tmp_path):
    doc = m.die_document(PrintOptions(tmp_path), 20.0)
    texts = doc.pages[0].texts()
    for face in ("TIP", "AIM", "HOP", "SWAP", "DIG", "WILD"):
        assert texts.count(face) >= 1
    assert texts.count("TIP") == texts.count("WILD") >= 4  # several whole nets on the page
    for edge in (10.0, 20.0, 40.0):
        assert text_width("SWAP", word_size(edge), bold=True) <= 0.8 * edge


def test_pieces_are_five_per_player_with_letters(tmp_path):
    doc = m.pieces_document(PrintOptions(tmp_path))
    texts = doc.pages[0].texts()
    for letter in "ABCD":
        assert texts.count(letter) == 10  # two panels on each of five tents
        assert any(t.startswith(f"Player {letter}: ") for t in texts)


def test_rules_state_the_decisions_and_fit(tmp_path):
    doc = rules_document(PrintOptions(tmp_path, paper="letter"))
    text = " ".join(doc.pages[0].texts())
    for words in ("with your own pieces", "finished for their owner", "pile", "cylinder"):
        assert words in text
    for op, pts in doc.pages[0].absolute_points():
        if op.kind == "text":
            x, y = pts[0]
            assert x + text_width(op.data[2], op.text.size, op.text.bold) <= 215.9 - 10 + 0.01


@pytest.mark.parametrize(
    "args",
    [["board"], ["board", "--style", "coasters"], ["die"], ["pieces"], ["rules"]],
)
def test_commands_write_identical_bytes_and_refuse_to_overwrite(tmp_path, args):
    runner = CliRunner()
    outs = []
    for k in range(2):
        out = tmp_path / str(k)
        r = runner.invoke(cli, ["pushing-race", *args, "--out", str(out), "--format", "pdf",
                                "--format", "svg"])  # fmt: skip
        assert r.exit_code == 0, r.output
        outs.append({p.name: p.read_bytes() for p in sorted(out.iterdir())})
    assert outs[0] == outs[1] and any(n.endswith(".svg") for n in outs[0])
    r = runner.invoke(cli, ["pushing-race", *args, "--out", str(tmp_path / "0")])
    assert r.exit_code == 1 and r.output.startswith("Error: ") and "--force" in r.output


def test_mono_and_landscape(tmp_path):
    mono = m.pieces_document(PrintOptions(tmp_path, mono=True))
    hatches = {op.style.hatch for op, _ in mono.pages[0].flat() if op.style is not None}
    # each player a hatch beside its shape (C, black, is solid: it needs none)
    assert hatches - {None} == {"diagonal", "horizontal", "backdiagonal"}
    r = CliRunner().invoke(cli, ["pushing-race", "board", "--landscape", "--out", str(tmp_path)])
    assert r.exit_code == 0
    assert "note: the one-page board prints portrait; --landscape is not used" in r.output
    land = m.pieces_document(PrintOptions(tmp_path, landscape=True))
    assert land.pages[0].width > land.pages[0].height


def test_die_edge_option_errors():
    r = CliRunner().invoke(cli, ["pushing-race", "die", "--edge", "5mm"])
    assert r.exit_code == 2 and drop_usage(r.output).startswith("Error: Invalid value for '--edge'")


def test_coaster_start_and_finish_lines_lie_outside_the_grid(tmp_path):
    """Rows 1 and 9 are whole 36 mm spaces on the coasters, their names showing (the audit
    found the Finish strip drawn over row 9's names)."""
    from generator.render.canvas import BLACK

    s = m.COASTER_SPACE
    top, bottom = m.COASTER_TOP, m.COASTER_TOP + 3 * s
    for index, side in ((0, "below"), (2, "above")):
        c = Canvas(200.0, 200.0)
        m._coaster(index)(c)
        black = [
            pts
            for op, pts in c.absolute_points()
            if op.kind == "path" and op.style is not None and op.style.fill == BLACK
        ]
        assert black, "a chequer strip is drawn"
        for pts in black:
            ys = [y for _x, y in pts]
            if side == "below":
                assert min(ys) >= bottom - 1e-9
            else:
                assert max(ys) <= top + 1e-9
    for paper in ("a4", "letter"):
        doc = m.board_document(PrintOptions(tmp_path, paper=paper), "coasters")
        assert len(doc.pages) == 2  # still two coasters a sheet


# --- the space size (issue 19): which Looney Pyramids a board holds -------------------------
def test_pyramid_sizes_each_space_holds():
    """Looney Labs' bases 14.3, 19.8 and 25.4 mm, 1 mm to spare (rules doc, Printables)."""
    assert [s for s, _ in m.PYRAMIDS] == ["small", "medium", "large"]
    assert m.pyramids_that_fit(22.0) == ["small", "medium"]
    assert m.pyramids_that_fit(25.0) == ["small", "medium"]  # a 25.4 mm base is wider
    assert m.pyramids_that_fit(26.4) == m.pyramids_that_fit(27.0) == ["small", "medium", "large"]
    assert m.pyramids_that_fit(15.0) == [] and m.pyramids_that_fit(20.8) == ["small", "medium"]
    note = m.fit_note(22.0)
    assert "22 mm spaces hold small and medium Looney Pyramids (bases 14.3 and 19.8 mm)" in note
    assert "and the paper pieces (16 mm)" in note and "(25.4 mm) need spaces of 26.4 mm" in note
    assert "hold small, medium and large" in m.fit_note(27.0) and "need" not in m.fit_note(27.0)
    assert "hold no Looney Pyramids" in m.fit_note(15.0) and "need 17 mm" in m.fit_note(15.0)


def _spaces(doc, size: float) -> int:
    """How many spaces of `size` mm the document's first page draws (true size)."""
    found = set()
    for op, pts in doc.pages[0].absolute_points():
        if op.kind == "path" and len(pts) == 4:
            xs, ys = [p[0] for p in pts], [p[1] for p in pts]
            if abs(max(xs) - min(xs) - size) < 1e-6 and abs(max(ys) - min(ys) - size) < 1e-6:
                found.add((round(min(xs), 3), round(min(ys), 3)))
    return len(found)


def test_board_space_option_one_page_or_tiled(tmp_path):
    """27 mm spaces (large pyramids): one A4 page, the title and key beside the track; on
    Letter the track is taller than the page, so it is tiled after an assembly map. Each
    says what its spaces hold; other sizes print under their own file name."""
    a4 = m.board_document(PrintOptions(tmp_path, paper="a4"), "page", 27.0)
    assert a4.stem == "pushing-race-board-27mm" and len(a4.pages) == 1
    assert _spaces(a4, 27.0) == 27
    text = " ".join(a4.pages[0].texts())
    assert "27 mm spaces hold small, medium and large Looney Pyramids" in text
    assert BAR_TEXT in text
    letter = m.board_document(PrintOptions(tmp_path, paper="letter"), "page", 27.0)
    assert len(letter.pages) == 3  # the assembly map and two sheets
    assert "Assembly map" in " ".join(letter.pages[0].texts())
    assert m.board_document(PrintOptions(tmp_path), "page", 22.0).stem == "pushing-race-board"
    default = m.board_document(PrintOptions(tmp_path), "page")
    assert _spaces(default, 22.0) == 27 and len(default.pages) == 1
    assert "hold small and medium Looney Pyramids" in " ".join(default.pages[0].texts())
    for paper in ("a4", "letter"):  # 23 mm still fits under the title on both
        assert len(m.board_document(PrintOptions(tmp_path, paper=paper), "page", 23.0).pages) == 1
    # the largest one-page boards (rules doc): 27.5 mm on A4, 25.6 mm on Letter
    for paper, most in (("a4", 27.5), ("letter", 25.6)):
        pages = [
            len(m.board_document(PrintOptions(tmp_path, paper=paper), "page", s).pages)
            for s in (most, most + 0.1)
        ]
        assert pages == [1, 3], paper


def test_coasters_take_the_space_size_and_say_what_fits(tmp_path):
    doc = m.board_document(PrintOptions(tmp_path), "coasters", 20.0)
    texts = [t for page in doc.pages for t in page.texts()]
    assert texts.count("20 mm spaces: small Looney Pyramids fit") == 3
    assert doc.stem == "pushing-race-coasters-20mm"
    big = m.board_document(PrintOptions(tmp_path), "coasters")
    texts = [t for page in big.pages for t in page.texts()]
    assert texts.count("36 mm spaces: small, medium and large Looney Pyramids fit") == 3


@pytest.mark.parametrize(
    ("style", "space", "paper"),
    [("page", 15.0, "a4"), ("page", 27.0, "a4"), ("page", 27.0, "letter"),
     ("page", 60.0, "a4"), ("coasters", 15.0, "letter"), ("coasters", 60.0, "letter")],
)  # fmt: skip
def test_other_space_sizes_print_inside_the_margins_and_legibly(tmp_path, style, space, paper):
    """Nothing in the 10 mm margins, no text under 6 pt, no command lines on the page (the
    type-size check reads the default sizes only)."""
    from generator.render.layout import MIN_TEXT

    doc = m.board_document(PrintOptions(tmp_path, paper=paper), style, space)
    for page in doc.pages:
        for op, stack in page.flat():
            if op.kind == "text":
                printed = op.text.size
                for group in stack:
                    printed *= group.scale
                assert printed >= MIN_TEXT - 1e-6, op.data[2]
                assert "--" not in op.data[2] and "racegen" not in op.data[2], op.data[2]
                pts = text_corners(op, stack)
            else:
                pts = next(p for o, p in _points_of(op, stack))
            for x, y in pts:
                assert 9.99 <= x <= page.width - 9.99 and 9.9 <= y <= page.height - 9.9, (
                    doc.stem,
                    op.data,
                )


def test_space_option_errors():
    for value, words in (("14mm", "must be at least 15 mm"), ("61mm", "must be at most 60 mm"),
                         ("big", "is not a length")):  # fmt: skip
        r = CliRunner().invoke(cli, ["pushing-race", "board", "--space", value])
        assert r.exit_code == 2, drop_usage(r.output)
        assert drop_usage(r.output).startswith(
            "Error: Invalid value for '--space'"
        ) and words in drop_usage(r.output)
    with pytest.raises(Exception, match="15 to 60 mm"):
        m.board_document(PrintOptions("."), "page", 70.0)
