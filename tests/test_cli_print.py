"""`racegen paper graph|dot` and `racegen dice blank-d6|blank-d8` through the real command line.

Files are opened the way a user's tools would (pypdf, an XML parser, Pillow); grid spacing and
die edges are measured in the PDF's own coordinates; error lines and exit codes are exact.
"""

from __future__ import annotations

import io
import math
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image
from pypdf import PdfReader
from usage import drop_usage

from generator.cli import cli
from generator.render.layout import BAR_TEXT
from generator.render.pdf import PT_PER_MM

NUM = r"-?(?:\d+\.?\d*|\.\d+)"
A4_PT = (595.28, 841.89)
LETTER_PT = (612.0, 792.0)


def run(*args: str, env: dict[str, str] | None = None):
    return CliRunner().invoke(cli, list(args), env=env)


def ok(*args: str, env: dict[str, str] | None = None) -> list[Path]:
    result = run(*args, env=env)
    assert result.exit_code == 0, result.output
    return [Path(line) for line in result.output.splitlines()]


def pdf(path: Path) -> PdfReader:
    return PdfReader(io.BytesIO(path.read_bytes()))


def size_pt(reader: PdfReader, page: int = 0) -> tuple[float, float]:
    box = reader.pages[page].mediabox
    return float(box.width), float(box.height)


def stream(reader: PdfReader, page: int = 0) -> str:
    return reader.pages[page].get_contents().get_data().decode("latin-1")


# --- paper ----------------------------------------------------------------------------------


def test_graph_paper_default_is_one_a4_page_with_title_footer_and_bar(tmp_path):
    paths = ok("paper", "graph", "--out", str(tmp_path))
    assert paths == [tmp_path / "graph-paper-5mm.pdf"]
    reader = pdf(paths[0])
    assert len(reader.pages) == 1
    assert size_pt(reader) == pytest.approx(A4_PT, abs=0.01)
    text = reader.pages[0].extract_text()
    assert "Graph paper, 5 mm squares" in text
    assert "page 1 of 1" in text
    assert BAR_TEXT in text
    assert reader.metadata.title == "Graph paper, 5 mm squares"


@pytest.mark.parametrize(
    ("args", "size"),
    [
        (("--paper", "letter"), LETTER_PT),
        (("--paper", "letter", "--landscape"), LETTER_PT[::-1]),
        (("--landscape",), A4_PT[::-1]),
        (("--paper", "a3"), (841.89, 1190.55)),
        (("--paper", "tabloid"), (792.0, 1224.0)),
    ],
)
def test_paper_sizes_and_orientation(tmp_path, args, size):
    (path,) = ok("paper", "dot", "--out", str(tmp_path), *args)
    assert size_pt(pdf(path)) == pytest.approx(size, abs=0.01)


def test_racegen_paper_environment_variable_is_honoured(tmp_path):
    (path,) = ok("paper", "graph", "--out", str(tmp_path), env={"RACEGEN_PAPER": "letter"})
    assert size_pt(pdf(path)) == pytest.approx(LETTER_PT, abs=0.01)
    (path,) = ok(
        "paper", "graph", "--out", str(tmp_path), "--paper", "a4", "--force",
        env={"RACEGEN_PAPER": "letter"},
    )  # fmt: skip
    assert size_pt(pdf(path)) == pytest.approx(A4_PT, abs=0.01)


def grid_lines_mm(reader: PdfReader) -> tuple[list[float], list[float]]:
    """x of the vertical and y of the horizontal grid lines, in mm, from the content stream."""
    height = size_pt(reader)[1]
    block = next(
        b for b in re.findall(r"\bq\b(.*?)\bQ\b", stream(reader), re.S) if b.count(" m ") > 20
    )
    xs, ys = set(), set()
    for x1, y1, x2, y2 in re.findall(rf"({NUM}) ({NUM}) m ({NUM}) ({NUM}) l", block):
        x1, y1, x2, y2 = (float(v) for v in (x1, y1, x2, y2))
        if x1 == x2:
            xs.add(round(x1 / PT_PER_MM, 4))
        elif y1 == y2:
            ys.add(round((height - y1) / PT_PER_MM, 4))
    return sorted(xs), sorted(ys)


@pytest.mark.parametrize(("spacing", "mm"), [("5mm", 5.0), ("0.25in", 6.35), ("1cm", 10.0)])
def test_graph_spacing_measured_in_the_pdf(tmp_path, spacing, mm):
    (path,) = ok("paper", "graph", "--spacing", spacing, "--out", str(tmp_path))
    xs, ys = grid_lines_mm(pdf(path))
    assert len(xs) > 10 and len(ys) > 10
    for lines in (xs, ys):
        for a, b in zip(lines, lines[1:], strict=False):
            assert b - a == pytest.approx(mm, abs=0.05)
        # whole multiples of the spacing from the paper's corner, inside the 10 mm margins
        assert all(abs(v / mm - round(v / mm)) < 0.01 for v in lines)
        assert lines[0] >= 10.0 and lines[0] - mm < 10.0
    assert xs[-1] <= 200.0 and xs[-1] + mm > 200.0  # fills the width up to the right margin
    # down to the calibration bar's strip: 297 - 10 margin - 5 footer band - 10 bar strip
    assert ys[-1] <= 272.0 and ys[-1] + mm > 272.0


def test_dot_paper_spacing_measured_in_the_pdf(tmp_path):
    (path,) = ok("paper", "dot", "--spacing", "0.25IN", "--out", str(tmp_path))  # any case
    assert path.name == "dot-paper-6.35mm.pdf"
    reader = pdf(path)
    # the inch pitch named as written, as on Graph Racers sheets (the metrology audit)
    assert reader.metadata.title == "Dot paper, 1/4 in (6.35 mm) dots"
    height = size_pt(reader)[1]
    centres = set()
    for block in re.findall(r"\bq\b(.*?)\bQ\b", stream(reader), re.S):
        if not re.search(r"\bf\s*$", block):  # filled shapes only
            continue
        ends = re.findall(rf"({NUM}) ({NUM}) c", block)
        if len(ends) == 4:  # one dot: four Bezier quarter arcs; the centre is their ends' mean
            cx = sum(float(x) for x, _ in ends) / 4 / PT_PER_MM
            cy = (height - sum(float(y) for _, y in ends) / 4) / PT_PER_MM
            centres.add((round(cx, 3), round(cy, 3)))
    xs = sorted({x for x, _ in centres})
    ys = sorted({y for _, y in centres})
    assert len(centres) == len(xs) * len(ys) > 500
    for lines in (xs, ys):
        for a, b in zip(lines, lines[1:], strict=False):
            assert b - a == pytest.approx(6.35, abs=0.05)


def test_svg_output_parses_with_mm_size_and_viewbox(tmp_path):
    paths = ok("paper", "graph", "--format", "svg", "--paper", "letter", "--out", str(tmp_path))
    assert paths == [tmp_path / "graph-paper-5mm.svg"]
    root = ET.fromstring(paths[0].read_bytes())
    assert root.get("width") == "215.9mm" and root.get("height") == "279.4mm"
    assert root.get("viewBox") == "0 0 215.9 279.4"
    texts = "".join(t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}text"))
    assert "Graph paper, 5 mm squares" in texts and "page 1 of 1" in texts


@pytest.mark.parametrize(("dpi", "size"), [(50, (413, 585)), (100, (827, 1169))])
def test_png_output_has_the_pixels_the_dpi_implies_and_is_not_blank(tmp_path, dpi, size):
    (path,) = ok("paper", "graph", "--format", "png", "--dpi", str(dpi), "--out", str(tmp_path))
    img = Image.open(path).convert("L")
    assert img.size == size
    lo, hi = img.getextrema()
    assert hi == 255 and lo < 200  # white paper with grey lines on it
    dark = sum(img.histogram()[:230])
    assert dark > 0.02 * size[0] * size[1]


def test_two_runs_give_identical_pdf_and_svg_bytes(tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    for cmd in (("paper", "graph"), ("paper", "dot"), ("dice", "blank-d6"), ("dice", "blank-d8")):
        pa = ok(*cmd, "--format", "pdf", "--format", "svg", "--out", str(a))
        pb = ok(*cmd, "--format", "pdf", "--format", "svg", "--out", str(b))
        assert [p.name for p in pa] == [p.name for p in pb] and len(pa) == 2
        for x, y in zip(pa, pb, strict=True):
            assert x.read_bytes() == y.read_bytes()


# --- dice -------------------------------------------------------------------------------------


def dashed_and_solid_lines(reader: PdfReader) -> tuple[list[float], list[float]]:
    """On the first page: for each fold (a dashed line along the whole fold), its length
    (mm) from its first point to its last; for each solid closed path (a
    net's cut outline), the length of every side."""
    dashed, solid = [], []
    for block in re.findall(r"\bq\b(.*?)\bQ\b", stream(reader), re.S):
        if not block.rstrip().endswith("S"):
            continue
        path = re.search(rf"n ((?:{NUM} {NUM} [ml]\s*)+)(h\s*)?S", block)
        if not path:
            continue
        pts = [
            (float(x) / PT_PER_MM, float(y) / PT_PER_MM)
            for x, y in re.findall(rf"({NUM}) ({NUM}) [ml]", path.group(1))
        ]
        if re.search(r"\] 0 d", block):
            if len(pts) == 2:
                dashed.append(math.dist(pts[0], pts[1]))
        elif path.group(2):
            solid += [math.dist(a, b) for a, b in zip(pts, pts[1:] + pts[:1], strict=True)]
    return dashed, solid


@pytest.mark.parametrize(
    ("die", "edge", "arg", "folds", "tabs", "stem"),
    [
        ("blank-d6", 16.0, None, 5, 7, "blank-d6-16mm"),
        ("blank-d8", 16.0, None, 7, 5, "blank-d8-16mm"),
        ("blank-d6", 19.05, "0.75in", 5, 7, "blank-d6-19.05mm"),
    ],
)
def test_dice_nets_print_their_edge_true_size(tmp_path, die, edge, arg, folds, tabs, stem):
    extra = ("--edge", arg) if arg else ()
    (path,) = ok("dice", die, "--out", str(tmp_path), *extra)
    assert path.name == f"{stem}.pdf"
    reader = pdf(path)
    assert len(reader.pages) == 1 and size_pt(reader) == pytest.approx(A4_PT, abs=0.01)
    text = reader.pages[0].extract_text()
    assert f"edge {edge:g} mm" in text and BAR_TEXT in text and "page 1 of 1" in text
    dashed, solid = dashed_and_solid_lines(reader)
    nets = len(dashed) // (folds + tabs)
    # folds + tab bases, each a dashed line as long as the edge (issue 26: not two end ticks)
    assert nets >= 2 and len(dashed) == nets * (folds + tabs)
    assert all(v == pytest.approx(edge, abs=0.1) for v in dashed)
    # one closed cut outline a net, with every tab's partner edge a bare edge along it
    bare = [v for v in solid if v == pytest.approx(edge, abs=0.1)]
    assert len(bare) == nets * tabs


def test_a_page_holds_as_many_d6_nets_as_fit(tmp_path):
    # 68.8 x 48 mm nets with 4 mm gaps in 190 x 262 mm: 2 across, 5 down
    (path,) = ok("dice", "blank-d6", "--out", str(tmp_path))
    dashed, _ = dashed_and_solid_lines(pdf(path))
    assert len(dashed) == 10 * 12


# --- errors -----------------------------------------------------------------------------------


def error_line(result) -> str:
    """The one `Error:` line (below the usage lines when it is a usage error)."""
    lines = drop_usage(result.output).strip().splitlines()
    assert len(lines) == 1, result.output
    return lines[0]


@pytest.mark.parametrize(
    ("args", "code", "line"),
    [
        (
            ("paper", "graph", "--paper", "b5"),
            2,
            "Error: Invalid value for '--paper' (env var: 'RACEGEN_PAPER'): 'b5' is not one of "
            "'a4', 'letter', 'a3', 'tabloid'.",
        ),
        (
            ("paper", "graph", "--spacing", "0"),
            2,
            "Error: Invalid value for '--spacing': '0' must be at least 2 mm",
        ),
        (
            ("paper", "dot", "--spacing", "-5mm"),
            2,
            "Error: Invalid value for '--spacing': '-5mm' must be at least 2 mm",
        ),
        (
            ("paper", "graph", "--spacing", "5 furlongs"),
            2,
            "Error: Invalid value for '--spacing': '5 furlongs' is not a length: write it like "
            "5mm, 0.25in or 1.6cm",
        ),
        (  # a bare number is mm: when inches would fit, the message says how to write them
            ("paper", "graph", "--spacing", "0.25"),
            2,
            "Error: Invalid value for '--spacing': '0.25' must be at least 2 mm (a number "
            "without a unit is mm: write 0.25in for inches)",
        ),
        (  # every length out of its option's range is a usage error (exit 2)
            ("paper", "graph", "--spacing", "1mm"),
            2,
            "Error: Invalid value for '--spacing': '1mm' must be at least 2 mm",
        ),
        (
            ("dice", "blank-d6", "--edge", "0"),
            2,
            "Error: Invalid value for '--edge': '0' must be at least 5 mm",
        ),
        (
            ("dice", "blank-d8", "--edge", "3mm"),
            2,
            "Error: Invalid value for '--edge': '3mm' must be at least 5 mm",
        ),
        (
            ("dice", "blank-d6", "--edge", "90mm"),
            1,
            "Error: a d6 net with 90 mm edges (368 x 270 mm) does not fit on a4 paper: use "
            "--edge 63mm or less, or use --paper a3",
        ),
        (  # found by the CLI audit: the advice offered --landscape, which was given
            ("dice", "blank-d6", "--edge", "60mm", "--landscape"),
            1,
            "Error: a d6 net with 60 mm edges (248 x 180 mm) does not fit on a4 landscape paper: "
            "leave out --landscape, or use --edge 58mm or less, or use --paper a3 or tabloid",
        ),
        (
            ("paper", "graph", "--format", "tiff"),
            2,
            "Error: Invalid value for '--format': 'tiff' is not one of 'pdf', 'svg', 'png'.",
        ),
    ],
)
def test_bad_input_is_one_error_line_with_the_right_exit_code(tmp_path, args, code, line):
    result = run(*args, "--out", str(tmp_path))
    assert result.exit_code == code
    assert error_line(result) == line
    assert list(tmp_path.iterdir()) == []  # nothing half-written


def test_unknown_die_is_a_usage_error():
    result = run("dice", "blank-d20")
    assert result.exit_code == 2
    # newer click versions add "(Did you mean one of: 'blank-d6', 'blank-d8'?)"
    assert error_line(result).startswith("Error: No such command 'blank-d20'.")


def test_existing_output_needs_force(tmp_path):
    (path,) = ok("dice", "blank-d8", "--out", str(tmp_path))
    before = path.read_bytes()
    result = run("dice", "blank-d8", "--out", str(tmp_path))
    assert result.exit_code == 1
    assert error_line(result) == f"Error: {path} already exists: use --force to overwrite it"
    assert path.read_bytes() == before
    assert ok("dice", "blank-d8", "--out", str(tmp_path), "--force") == [path]


def test_a_folder_in_the_way_of_an_output_is_refused_before_anything_is_written(tmp_path):
    """--force replaces files, not folders; the error used to name a temporary file, after
    the PDF was written (found by the CLI audit)."""
    (tmp_path / "graph-paper-5mm.svg").mkdir()
    for force in ((), ("--force",)):
        result = run(
            "paper", "graph", "--out", str(tmp_path), "--format", "pdf", "--format", "svg", *force
        )
        assert result.exit_code == 1
        assert error_line(result) == (
            f"Error: {tmp_path / 'graph-paper-5mm.svg'} is a folder: move it away or choose "
            "another --out"
        )
        assert [p.name for p in tmp_path.iterdir()] == ["graph-paper-5mm.svg"]


def test_unwritable_output_folder_is_an_error(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    # a folder that would have to be created inside a regular file
    result = run("paper", "graph", "--out", str(blocker / "sub"))
    assert result.exit_code == 1
    assert error_line(result) == (
        f"Error: cannot create output folder {blocker / 'sub'}: Not a directory; "
        "choose another with --out"
    )
    # --out naming the regular file itself is refused by the option type (a usage error)
    result = run("paper", "graph", "--out", str(blocker))
    assert result.exit_code == 2
    assert (
        error_line(result) == f"Error: Invalid value for '--out': Directory '{blocker}' is a file."
    )
    assert blocker.read_text() == "not a folder"


@pytest.mark.parametrize(
    "cmd", [("paper", "graph"), ("paper", "dot"), ("dice", "blank-d6"), ("dice", "blank-d8")]
)
@pytest.mark.parametrize("paper", [("--paper", "a4"), ("--paper", "letter", "--landscape")])
def test_nothing_is_printed_within_10_mm_of_the_edge(tmp_path, cmd, paper):
    (path,) = ok(*cmd, *paper, "--out", str(tmp_path))
    reader = pdf(path)
    w, h = size_pt(reader)
    s = stream(reader)
    points = [
        (float(x), float(y))
        for x, y in re.findall(rf"({NUM}) ({NUM}) (?=[ml]\b)", s)
        + re.findall(rf"({NUM}) ({NUM}) c\b", s)
        # each text's own matrix (reportlab first resets it with an identity Tm)
        + re.findall(rf"{NUM} {NUM} {NUM} {NUM} ({NUM}) ({NUM}) Tm /F", s)
    ]
    assert len(points) > 50
    margin = 10 * PT_PER_MM - 0.01
    for x, y in points:
        assert margin <= x <= w - margin and margin <= y <= h - margin, (
            x / PT_PER_MM,
            y / PT_PER_MM,
        )


def test_generate_and_worksheet_refuse_a_folder_in_the_way_before_generating(tmp_path):
    """The early checks said "use --force" for a folder, and --force failed only after the
    generating (the diff review)."""
    from generator.cli import cli as root

    folder = tmp_path / "graph-racers-worksheet-easy-s1.pdf"
    folder.mkdir()
    for force in ((), ("--force",)):
        r = CliRunner().invoke(
            root, ["graph-racers", "worksheet", "--count", "1", "--out", str(tmp_path), *force]
        )
        assert r.exit_code == 1
        assert (
            r.output.strip() == f"Error: {folder} is a folder: move it away or choose another --out"
        )


def test_grid_pitches_are_named_as_written():
    """'--grid 0.3in' printed "grid 7.62 mm" and 12pt "4.23333 mm" (the teacher audit)."""
    from generator.options import pitch_text

    assert [pitch_text(v) for v in (5.0, 6.35, 7.62, 3.175, 25.4 / 72 * 12, 10.0)] == [
        "5 mm",
        "1/4 in (6.35 mm)",
        "0.3 in (7.62 mm)",
        "1/8 in (3.175 mm)",
        "4.233 mm",
        "10 mm",
    ]


def test_a_failed_generate_leaves_no_empty_output_folder(tmp_path):
    """The early writability check made the folder, so a refused request left it behind."""
    out = tmp_path / "new"
    r = run("graph-racers", "generate", "--size", "8x8", "--out", str(out))
    assert r.exit_code == 1 and not out.exists()
