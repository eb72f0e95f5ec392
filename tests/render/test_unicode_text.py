"""Names and titles beyond cp1252: Greek, Cyrillic and Latin letters Helvetica lacks print in
the bundled DejaVu Sans (embedded as a subset in the PDF and as an @font-face in the SVG);
other scripts print in a font found on the machine, or as '?' with a note naming them.

A string made only of cp1252 characters keeps Helvetica, so every existing document keeps
its layout and its bytes.
"""

from __future__ import annotations

import base64
import hashlib
import inspect
import io
import re
import subprocess
import sys

import pytest
import reportlab
import svgwrite
from PIL import Image, ImageChops
from pypdf import PdfReader

from generator import output
from generator.render import fonts, layout
from generator.render.document import Document
from generator.render.paper import Paper
from generator.render.pdf import PT_PER_MM, pdf_bytes, text_metrics, text_width, unprintable
from generator.render.png import png_pages
from generator.render.svg import svg_pages
from generator.resources import template_path

GREEK = "Αγώνας"
CYRILLIC = "Гонка"
LATIN = ("Łódź", "Đorđe")
TITLES = (GREEK, CYRILLIC, *LATIN)
CJK = "東京"

# The ASCII document below, rendered before the Unicode font existed (reportlab 5.1.0,
# svgwrite 1.4.3): a document Helvetica can print keeps its bytes.
ASCII_PDF_SHA256 = "9c76aacb2ce2f33e37bc93074fae29685187794a69d65c11f2538a5f1a4dbeb2"
ASCII_SVG_SHA256 = "10ba629f9cbebc1df9a7b3708d3509852f346ff4da8575c968010348ad3955a1"


def titled(title: str) -> Document:
    """A page with the title in three sizes, anchors and styles, and the footer."""
    doc = Document("unicode", title, game="Test Game", ident="seed 1")
    page, box = layout.page(doc, Paper.get("a4"))
    page.text(box.x, box.y + 10, title, 18, bold=True)
    page.text(box.x + box.w / 2, box.y + 25, title, 10, anchor="middle")
    page.text(box.right, box.y + 40, title, 10, anchor="end", italic=True)
    layout.add_footers(doc)
    return doc


# titled() for a fresh interpreter (importing this module would load pypdf, and with it fontTools)
TITLED = (
    "from generator.render import layout\n"
    "from generator.render.document import Document\n"
    "from generator.render.paper import Paper\n" + inspect.getsource(titled)
)


def pdf_text(pdf: bytes) -> list[str]:
    return PdfReader(io.BytesIO(pdf)).pages[0].extract_text().splitlines()


def embedded_fonts(pdf: bytes) -> list[str]:
    """BaseFont names of the embedded TrueType subsets."""
    return re.findall(rb"/FontName /([A-Z]{6}\+[^\s/]+)", pdf)


def svg_font_faces(svg: str) -> list[tuple[str, str, bytes]]:
    """(family, weight, font bytes) of each @font-face in the SVG."""
    rules = re.findall(
        r"@font-face\{font-family:([\w-]+);font-weight:(\w+);font-style:normal;"
        r"src:url\(data:font/woff;base64,([A-Za-z0-9+/=]+)\) format\(\"woff\"\)\}",
        svg,
    )
    return [(family, weight, base64.b64decode(data)) for family, weight, data in rules]


def cmap_of(font: bytes) -> set[int]:
    from fontTools.ttLib import TTFont

    return set(TTFont(io.BytesIO(font)).getBestCmap())


@pytest.fixture
def no_system_fonts(monkeypatch, tmp_path):
    """The system-font search finds nothing (an empty folder)."""
    empty = tmp_path / "no-fonts"
    empty.mkdir()
    monkeypatch.setattr(fonts, "font_dirs", lambda: [empty])
    fonts.reset()
    yield
    fonts.reset()


@pytest.fixture
def system_fonts(monkeypatch, tmp_path):
    """A font folder holding two made-up TrueType fonts with CJK (regular and bold)."""
    folder = tmp_path / "fonts"
    (folder / "cjk").mkdir(parents=True)
    chars = CJK + "·" + "".join(map(chr, range(0x20, 0x7F)))
    make_font(folder / "cjk" / "TestCJK-Regular.ttf", chars, bold=False)
    make_font(folder / "cjk" / "TestCJK-Bold.ttf", chars, bold=True)
    (folder / "notes.txt").write_text("not a font", encoding="utf-8")
    (folder / "broken.ttf").write_bytes(b"not a font either")
    monkeypatch.setattr(fonts, "font_dirs", lambda: [folder])
    fonts.reset()
    yield folder
    fonts.reset()


def make_font(path, chars: str, bold: bool) -> None:
    """A small TrueType font: each character a filled square (a notch in the bold's)."""
    from fontTools.fontBuilder import FontBuilder
    from fontTools.pens.ttGlyphPen import TTGlyphPen

    names = [".notdef"] + [f"uni{ord(c):04X}" for c in chars]
    fb = FontBuilder(1000, isTTF=True)
    fb.setupGlyphOrder(names)
    fb.setupCharacterMap({ord(c): f"uni{ord(c):04X}" for c in chars})
    glyphs = {}
    for name in names:
        pen = TTGlyphPen(None)
        if name not in (".notdef", "uni0020"):
            pen.moveTo((100, 0))
            pen.lineTo((100, 700))
            pen.lineTo((900 if not bold else 500, 700))
            pen.lineTo((900, 0))
            pen.closePath()
        glyphs[name] = pen.glyph()
    fb.setupGlyf(glyphs)
    fb.setupHorizontalMetrics({name: (1000, 100) for name in names})
    fb.setupHorizontalHeader(ascent=880, descent=-120)
    style = "Bold" if bold else "Regular"
    fb.setupNameTable(
        {
            "familyName": "Test CJK",
            "styleName": style,
            "uniqueFontIdentifier": f"TestCJK-{style}",
            "fullName": f"Test CJK {style}",
            "psName": f"TestCJK-{style}",
        }
    )
    fb.setupOS2(
        sTypoAscender=880,
        sTypoDescender=-120,
        usWinAscent=880,
        usWinDescent=120,
        usWeightClass=700 if bold else 400,
        fsType=0,
    )
    fb.setupPost()
    fb.save(str(path))


# --- PDF ---------------------------------------------------------------------------------


@pytest.mark.parametrize("title", TITLES)
def test_pdf_text_is_the_title_exactly(title):
    pdf = pdf_bytes(titled(title))
    lines = pdf_text(pdf)
    assert lines[:3] == [title, title, title]
    assert lines[3] == f"{title} · Test Game · seed 1"
    assert "?" not in "".join(lines)


def test_pdf_embeds_a_subset_of_dejavu_sans_only_when_needed():
    assert embedded_fonts(pdf_bytes(titled("Plain race"))) == []
    assert embedded_fonts(pdf_bytes(titled("Café crème"))) == []  # cp1252: Helvetica
    names = embedded_fonts(pdf_bytes(titled(GREEK)))
    # regular and bold, each a subset (a six-letter tag before the name)
    assert sorted(n.split(b"+")[1] for n in names) == [b"DejaVuSans", b"DejaVuSans-Bold"]


def test_an_ascii_document_keeps_helvetica_and_its_bytes():
    doc = titled("Plain race")
    pdf, svg = pdf_bytes(doc), svg_pages(doc)[0]
    assert b"/FontFile2" not in pdf and b"@font-face" not in svg
    assert set(re.findall(rb"/BaseFont /([\w-]+)", pdf)) == {
        b"Helvetica",
        b"Helvetica-Bold",
        b"Helvetica-Oblique",
    }
    if (reportlab.Version, svgwrite.__version__) != ("5.1.0", "1.4.3"):
        pytest.skip("the fixed bytes were rendered with reportlab 5.1.0 and svgwrite 1.4.3")
    assert hashlib.sha256(pdf).hexdigest() == ASCII_PDF_SHA256
    assert hashlib.sha256(svg).hexdigest() == ASCII_SVG_SHA256


def test_only_characters_outside_cp1252_switch_the_font():
    assert fonts.choose("Straße Ärger €5 …").face is None
    assert fonts.choose("Straße Ärger €5 …", bold=True).font == "Helvetica-Bold"
    choice = fonts.choose(GREEK, bold=True)
    assert choice.font == "racegen-DejaVuSans-Bold" and choice.text == GREEK
    # the whole string prints in one font, plain letters too
    assert fonts.choose(f"{GREEK} 2024").font == "racegen-DejaVuSans"
    # italic prints upright in the Unicode font (DejaVu Sans ships no oblique here)
    assert fonts.choose(GREEK, italic=True).font == "racegen-DejaVuSans"


def test_a_decomposed_accent_prints_composed():
    zoe = "Zoe\u0308"  # e + COMBINING DIAERESIS
    choice = fonts.choose(zoe)
    assert choice.face is None and choice.text == "Zoë"
    assert text_width(zoe, 10) == text_width("Zoë", 10)
    doc = titled("Łódz\u0301")  # ź decomposed
    assert pdf_text(pdf_bytes(doc))[0] == "Łódź"


def test_pdf_is_deterministic_within_and_across_processes():
    doc = titled(f"{GREEK} {CYRILLIC}")
    first, second = pdf_bytes(doc), pdf_bytes(titled(f"{GREEK} {CYRILLIC}"))
    assert first == second
    svg = svg_pages(doc)[0]
    assert svg == svg_pages(titled(f"{GREEK} {CYRILLIC}"))[0]
    code = (
        TITLED
        + "import hashlib, sys\n"
        + "from generator.render.pdf import pdf_bytes\n"
        + "from generator.render.svg import svg_pages\n"
        + "d = titled(sys.argv[1])\n"
        + "print(hashlib.sha256(pdf_bytes(d)).hexdigest(), "
        + "hashlib.sha256(svg_pages(d)[0]).hexdigest())"
    )
    out = subprocess.run(
        [sys.executable, "-c", code, f"{GREEK} {CYRILLIC}"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert out.stdout.split() == [
        hashlib.sha256(first).hexdigest(),
        hashlib.sha256(svg).hexdigest(),
    ]


# --- widths ------------------------------------------------------------------------------


@pytest.mark.parametrize("bold", [False, True])
def test_widths_are_the_truetype_fonts_own(bold):
    from reportlab.pdfbase.pdfmetrics import stringWidth
    from reportlab.pdfbase.ttfonts import TTFont

    file = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    ttf = TTFont("test-dejavu", io.BytesIO(template_path("fonts", file).read_bytes()))
    for s in (GREEK, f"{CYRILLIC} 12", *LATIN):
        expected = ttf.stringWidth(s, 12) / PT_PER_MM
        assert layout.text_width(s, 12, bold) == pytest.approx(expected, abs=1e-9)
        assert text_width(s, 12, bold) == layout.text_width(s, 12, bold)
    # a cp1252 string is measured in Helvetica, as before
    assert layout.text_width("Race", 12, bold) == pytest.approx(
        stringWidth("Race", "Helvetica-Bold" if bold else "Helvetica", 12) / PT_PER_MM
    )


def test_anchors_use_the_unicode_width():
    """An end-anchored Greek title ends at its anchor in the PDF: the backend measured it in
    the font it drew it in."""
    doc = titled(GREEK)
    right = layout.usable_box(Paper.get("a4")).right
    stream = PdfReader(io.BytesIO(pdf_bytes(doc))).pages[0].get_contents().get_data().decode()
    starts = [float(m) for m in re.findall(r"1 0 0 1 ([\d.]+) [\d.]+ Tm", stream)]
    w = text_width(GREEK, 10)
    assert any(abs(x / PT_PER_MM + w - right) < 1e-3 for x in starts), (starts, w)


def test_text_boxes_use_the_unicode_fonts_metrics():
    w, ascent, descent = text_metrics(GREEK, 10)
    size = 10 / PT_PER_MM
    face = fonts.bundled(False)
    assert (ascent, descent) == pytest.approx((face.ascent * size, face.descent * size))
    assert 0.7 < face.ascent < 0.8 and 0.2 < face.descent < 0.3  # DejaVu's typo metrics
    assert text_metrics("Race", 10)[1:] == pytest.approx((0.75 * size, 0.25 * size))
    doc = titled(GREEK)
    op = next(op for op, _ in doc.pages[0].flat() if op.kind == "text")
    xs, ys = zip(*layout.text_corners(op), strict=True)
    assert max(xs) - min(xs) == pytest.approx(text_width(GREEK, 18, True))
    assert max(ys) - min(ys) == pytest.approx((face.ascent + face.descent) * 18 / PT_PER_MM)


def test_a_long_unicode_title_is_shortened_in_its_own_font():
    title = " ".join([GREEK] * 40)
    doc = titled(title)
    footer = [op for op, stack in doc.pages[0].flat() if op.kind == "text"][-2]
    shown = footer.data[2]
    assert shown.endswith("…") and len(shown) < len(title)
    right = text_width("page 1 of 1", layout.FOOTER_SIZE)
    room = doc.pages[0].width - 2 * layout.MARGIN - right - 4.0
    assert text_width(shown, layout.FOOTER_SIZE) <= room


# --- SVG ---------------------------------------------------------------------------------


def test_svg_embeds_the_subset_it_draws_and_shows_the_strings():
    doc = titled(f"{GREEK} {CYRILLIC} {LATIN[0]} {LATIN[1]}")
    svg = svg_pages(doc)[0].decode("utf-8")
    faces = svg_font_faces(svg)
    assert [(family, weight) for family, weight, _ in faces] == [
        ("racegen-unicode", "normal"),
        ("racegen-unicode", "bold"),
    ]
    title = f"{GREEK} {CYRILLIC} {LATIN[0]} {LATIN[1]}"
    bold_codes = {ord(c) for c in title}
    regular_codes = bold_codes | {ord(c) for c in " · Test Game · seed 1"}
    (_, _, regular), (_, _, bold) = faces
    assert cmap_of(bold) == bold_codes
    assert cmap_of(regular) == regular_codes
    assert svg.count(f">{title}</text>") == 3
    unicode_texts = re.findall(r'<text[^>]*font-family="racegen-unicode, [^"]*"[^>]*>', svg)
    assert len(unicode_texts) == 4  # the three titles and the footer's left part
    assert all("font-style" not in t for t in unicode_texts)  # upright, as in the PDF
    # the page number keeps Helvetica
    assert re.search(r'font-family="Helvetica, [^"]*"[^>]*>page 1 of 1<', svg)


def test_svg_text_length_is_the_pdf_width():
    svg = svg_pages(titled(GREEK))[0].decode("utf-8")
    lengths = re.findall(r'textLength="([\d.]+)"[^>]*>' + GREEK + "<", svg)
    assert float(lengths[0]) == pytest.approx(text_width(GREEK, 18, True), abs=1e-3)


def test_svg_without_unicode_text_has_no_font_face():
    svg = svg_pages(titled("Plain race"))[0].decode("utf-8")
    assert "@font-face" not in svg and "racegen-unicode" not in svg


# --- PNG ---------------------------------------------------------------------------------


def test_png_shows_the_greek_letters_not_question_marks():
    def top(title: str) -> Image.Image:
        doc = Document("p", "p")
        page = doc.new_page(Paper.get("a4"))
        page.text(10, 20, title, 18, bold=True)
        png = png_pages(pdf_bytes(doc), 150)[0]
        return Image.open(io.BytesIO(png)).convert("L")

    greek, marks = top(GREEK), top("??????")
    assert ImageChops.difference(greek, marks).getbbox() is not None
    # and the ink spans the width the layout measured (the PDF drew what was measured)
    left, _, right, _ = greek.point(lambda v: 255 if v < 128 else 0).getbbox()
    width_mm = (right - left) * 25.4 / 150
    assert width_mm == pytest.approx(text_width(GREEK, 18, True), abs=1.0)


# --- other scripts -----------------------------------------------------------------------


def test_cjk_prints_in_a_system_font_or_is_named_in_the_note(capsys):
    """Whatever this machine has: the characters print, or the note names them."""
    fonts.reset()
    doc = titled(f"{CJK} Race")
    face = fonts.choose(f"{CJK} Race").face
    output._note_unprintable([doc], ("pdf", "png"))
    err = capsys.readouterr().err
    if face is not None and face.family != fonts.UNICODE_FAMILY:
        assert pdf_text(pdf_bytes(doc))[0] == f"{CJK} Race"
        assert "東" not in err and "京" not in err
    else:
        assert pdf_text(pdf_bytes(doc))[0] == "?? Race"
        assert "note: the PDF and PNG fonts have no 東 京: they print as '?'" in err


def test_cjk_without_a_system_font_prints_question_marks_and_is_noted(no_system_fonts, capsys):
    doc = titled(f"{GREEK} {CJK}")
    assert pdf_text(pdf_bytes(doc))[0] == f"{GREEK} ??"  # Greek still prints
    assert unprintable([f"{GREEK} {CJK}"]) == ["東", "京"]
    output._note_unprintable([doc], ("pdf", "svg"))
    assert capsys.readouterr().err == (
        "note: the PDF fonts have no 東 京: they print as '?'; the SVG shows them\n"
    )
    svg = svg_pages(doc)[0].decode("utf-8")
    assert f">{GREEK} {CJK}</text>" in svg  # the SVG keeps them (the viewer's fonts draw them)
    (_, _, regular), (_, _, bold) = svg_font_faces(svg)
    assert not {ord(c) for c in CJK} & (cmap_of(bold) | cmap_of(regular))


def test_cjk_prints_in_a_font_found_on_the_machine(system_fonts, capsys):
    doc = titled(f"{CJK} AB")
    pdf = pdf_bytes(doc)
    assert pdf_text(pdf) == [f"{CJK} AB"] * 3 + [f"{CJK} AB · Test Game · seed 1", "page 1 of 1"]
    names = sorted(n.split(b"+")[1] for n in embedded_fonts(pdf))
    assert names == [b"TestCJK-Bold", b"TestCJK-Regular"]
    output._note_unprintable([doc], ("pdf",))
    assert capsys.readouterr().err == ""
    choice = fonts.choose(f"{CJK} AB", bold=True)
    assert choice.face.origin == str(system_fonts / "cjk" / "TestCJK-Bold.ttf")
    assert fonts.choose(f"{CJK} AB").face.origin.endswith("TestCJK-Regular.ttf")
    # the SVG embeds the same fonts under families of its own
    svg = svg_pages(doc)[0].decode("utf-8")
    families = [(f, w) for f, w, _ in svg_font_faces(svg)]
    assert families == [
        ("racegen-system-TestCJK-Bold", "bold"),
        ("racegen-system-TestCJK-Regular", "normal"),
    ]  # sorted by family
    assert 'font-family="racegen-system-TestCJK-Regular, ' in svg
    # widths are the found font's (1000 units a character)
    assert layout.text_width(f"{CJK} AB", 10) == pytest.approx(5 * 10 / PT_PER_MM)


def test_a_string_no_single_font_covers_uses_dejavu_with_question_marks(system_fonts):
    choice = fonts.choose(f"{CJK} {GREEK}")  # the test font has no Greek
    assert choice.face.family == fonts.UNICODE_FAMILY
    assert choice.text == f"?? {GREEK}"


def test_right_to_left_and_shaped_scripts_print_as_question_marks_with_a_note(capsys):
    for s in ("שלום", "سلام", "नमस्ते"):
        choice = fonts.choose(s)
        assert set(choice.text) == {"?"}, s
    doc = titled(f"{GREEK} שלום")
    assert pdf_text(pdf_bytes(doc))[0] == f"{GREEK} ????"
    output._note_unprintable([doc], ("pdf", "svg"))
    assert capsys.readouterr().err == (
        "note: the PDF cannot set right-to-left or shaped scripts: ש ל ו ם print as '?'; "
        "the SVG shows them\n"
    )


# --- loading -----------------------------------------------------------------------------


def test_help_and_ascii_documents_load_no_font():
    """`racegen --help` imports no font code; a document Helvetica prints loads no font; the
    first Unicode string loads DejaVu Sans (regular and bold here), and only the SVG's
    subsetting needs fontTools."""
    code = (
        "import sys, contextlib, io\n"
        "from generator.cli import cli\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    try: cli(['--help'], prog_name='racegen')\n"
        "    except SystemExit: pass\n"
        "print(sorted(m for m in ('fontTools', 'generator.render.fonts') if m in sys.modules))\n"
        + TITLED
        + "from generator.render import fonts\n"
        "from generator.render.pdf import pdf_bytes\n"
        "from generator.render.svg import svg_pages\n"
        "d = titled('Plain race'); pdf_bytes(d); svg_pages(d)\n"
        "print(fonts.bundled.cache_info().currsize, 'fontTools' in sys.modules)\n"
        "d = titled('Гонка'); pdf_bytes(d)\n"
        "print(fonts.bundled.cache_info().currsize, 'fontTools' in sys.modules)\n"
        "svg_pages(d)\n"
        "print(fonts.bundled.cache_info().currsize, 'fontTools' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.splitlines() == ["[]", "0 False", "2 False", "2 True"]


def test_the_bundled_font_and_its_licence_ship_in_templates():
    for name in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "LICENSE-DejaVu.txt"):
        assert template_path("fonts", name).is_file()
    licence = template_path("fonts", "LICENSE-DejaVu.txt").read_text(encoding="utf-8")
    assert "Bitstream Vera Fonts Copyright" in licence and "Arev Fonts Copyright" in licence
