"""Names and titles beyond ASCII: Latin, Greek and Cyrillic print in Liberation Sans, the one
embedded family of every page; symbols it lacks print (the whole string) in the bundled DejaVu
Sans; other scripts in a font found on the machine (CJK: tests/test_fonts_embedded.py), or the
PDF refuses them in one line, never printing '?' in their place.
"""

from __future__ import annotations

import base64
import inspect
import io
import re
import subprocess
import sys

import pytest
from PIL import Image, ImageChops
from pypdf import PdfReader

from generator import output
from generator.errors import InvalidInput
from generator.render import fonts, layout
from generator.render.document import Document
from generator.render.paper import Paper
from generator.render.pdf import PT_PER_MM, pdf_bytes, text_metrics, text_width
from generator.render.png import png_pages
from generator.render.svg import FONT_FAMILY, svg_pages
from generator.resources import template_path

GREEK = "Αγώνας"
CYRILLIC = "Гонка"
LATIN = ("Łódź", "Đorđe")
TITLES = (GREEK, CYRILLIC, *LATIN)
SUN = "☀ Sonne ★"  # Liberation Sans has neither symbol; DejaVu Sans has both
CJK = "東京"


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


def base_fonts(pdf: bytes) -> set[bytes]:
    return set(re.findall(rb"/BaseFont /([\w+-]+)", pdf))


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
    monkeypatch.setenv("RACEGEN_FONT_PATH", str(empty))
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
    monkeypatch.setenv("RACEGEN_FONT_PATH", str(folder))
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


@pytest.mark.parametrize("title", [*TITLES, SUN])
def test_pdf_text_is_the_title_exactly(title):
    pdf = pdf_bytes(titled(title))
    lines = pdf_text(pdf)
    assert lines[:3] == [title, title, title]
    assert lines[3] == f"{title} · Test Game · seed 1"
    assert "?" not in "".join(lines)


def test_every_page_prints_in_liberation_sans_and_dejavu_only_for_what_it_lacks():
    liberation = [b"LiberationSans", b"LiberationSans-Bold"]
    for title in ("Plain race", "Café crème", "Zoë", *TITLES):
        pdf = pdf_bytes(titled(title))
        assert sorted(n.split(b"+")[1] for n in embedded_fonts(pdf)) == liberation, title
        assert base_fonts(pdf) == {b"AAAAAA+" + n for n in liberation}  # nothing else
    names = sorted(n.split(b"+")[1] for n in embedded_fonts(pdf_bytes(titled(SUN))))
    # the title (regular and bold) in DejaVu Sans, the page number in Liberation Sans
    assert names == [b"DejaVuSans", b"DejaVuSans-Bold", b"LiberationSans"]


def test_the_whole_string_prints_in_one_font():
    for s in ("Straße Ärger €5 …", GREEK, CYRILLIC, *LATIN, "→ ← ♠ ♥ − ±"):
        assert fonts.choose(s).font == "racegen-LiberationSans-Regular", s
    choice = fonts.choose(GREEK, bold=True)
    assert choice.font == "racegen-LiberationSans-Bold" and choice.text == GREEK
    # a symbol Liberation Sans lacks takes the plain letters with it into DejaVu Sans
    assert fonts.choose(f"{GREEK} ★").font == "racegen-DejaVuSans"
    assert fonts.choose(SUN, bold=True).font == "racegen-DejaVuSans-Bold"
    # italic is the same font, slanted as it is drawn
    assert fonts.choose(GREEK, italic=True).font == "racegen-LiberationSans-Regular"


def test_a_decomposed_accent_prints_composed():
    zoe = "Zoe\u0308"  # e + COMBINING DIAERESIS
    choice = fonts.choose(zoe)
    assert choice.primary and choice.text == "Zoë"
    assert text_width(zoe, 10) == text_width("Zoë", 10)
    doc = titled("Łódz\u0301")  # ź decomposed
    assert pdf_text(pdf_bytes(doc))[0] == "Łódź"


def test_pdf_is_deterministic_within_and_across_processes():
    import hashlib

    title = f"{GREEK} {CYRILLIC} {SUN}"
    doc = titled(title)
    first, second = pdf_bytes(doc), pdf_bytes(titled(title))
    assert first == second
    svg = svg_pages(doc)[0]
    assert svg == svg_pages(titled(title))[0]
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
        [sys.executable, "-c", code, title], capture_output=True, text=True, check=True
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

    def font(file: str) -> TTFont:
        return TTFont(f"test-{file}", io.BytesIO(template_path("fonts", file).read_bytes()))

    liberation = font(fonts.PRIMARY[bold])
    for s in ("Race", GREEK, f"{CYRILLIC} 12", *LATIN):
        expected = liberation.stringWidth(s, 12) / PT_PER_MM
        assert layout.text_width(s, 12, bold) == pytest.approx(expected, abs=1e-9)
        assert text_width(s, 12, bold) == layout.text_width(s, 12, bold)
    dejavu = font(fonts.FALLBACK[bold])
    assert text_width(SUN, 12, bold) == pytest.approx(dejavu.stringWidth(SUN, 12) / PT_PER_MM)
    # Liberation Sans has Helvetica's metrics: the layouts Helvetica measured keep their widths
    helvetica = "Helvetica-Bold" if bold else "Helvetica"
    s = "The quick brown fox jumps over the lazy dog 0123456789"
    assert layout.text_width(s, 12, bold) == pytest.approx(
        stringWidth(s, helvetica, 12) / PT_PER_MM,
        abs=0.02,  # 0.02 % of the line
    )


def test_anchors_use_the_printing_fonts_width():
    """An end-anchored title ends at its anchor in the PDF: the backend measured it in the
    font it drew it in."""
    for title in (GREEK, SUN):
        doc = titled(title)
        right = layout.usable_box(Paper.get("a4")).right
        stream = PdfReader(io.BytesIO(pdf_bytes(doc))).pages[0].get_contents().get_data()
        starts = [float(m) for m in re.findall(r"1 0 [\d.]+ 1 ([\d.]+) [\d.]+ Tm", stream.decode())]
        w = text_width(title, 10)
        assert any(abs(x / PT_PER_MM + w - right) < 1e-3 for x in starts), (starts, w)


def test_text_boxes_keep_helveticas_box_or_use_the_fallback_fonts_metrics():
    size = 10 / PT_PER_MM
    assert text_metrics(GREEK, 10)[1:] == pytest.approx((0.75 * size, 0.25 * size))
    assert text_metrics("Race", 10)[1:] == pytest.approx((0.75 * size, 0.25 * size))
    w, ascent, descent = text_metrics(SUN, 10)
    face = fonts.fallback(False)
    assert (ascent, descent) == pytest.approx((face.ascent * size, face.descent * size))
    assert 0.7 < face.ascent < 0.8 and 0.2 < face.descent < 0.3  # DejaVu's typo metrics
    doc = titled(SUN)
    op = next(op for op, _ in doc.pages[0].flat() if op.kind == "text")
    xs, ys = zip(*layout.text_corners(op), strict=True)
    assert max(xs) - min(xs) == pytest.approx(text_width(SUN, 18, True))
    assert max(ys) - min(ys) == pytest.approx((face.ascent + face.descent) * 18 / PT_PER_MM)


def test_a_long_unicode_title_is_shortened_in_its_own_font():
    title = " ".join([SUN] * 40)
    doc = titled(title)
    footer = [op for op, stack in doc.pages[0].flat() if op.kind == "text"][-2]
    shown = footer.data[2]
    assert shown.endswith("…") and len(shown) < len(title)
    right = text_width("page 1 of 1", layout.FOOTER_SIZE)
    room = doc.pages[0].width - 2 * layout.MARGIN - right - 4.0
    assert text_width(shown, layout.FOOTER_SIZE) <= room


# --- SVG ---------------------------------------------------------------------------------


def test_svg_names_liberation_sans_and_embeds_only_the_fallbacks_subset():
    title = f"{GREEK} {CYRILLIC} {LATIN[0]}"
    svg = svg_pages(titled(title))[0].decode("utf-8")
    assert "@font-face" not in svg and "racegen-unicode" not in svg
    assert svg.count(f">{title}</text>") == 3
    assert len(re.findall(f'font-family="{FONT_FAMILY}"', svg)) == 5  # titles and footer

    svg = svg_pages(titled(SUN))[0].decode("utf-8")
    faces = svg_font_faces(svg)
    assert [(family, weight) for family, weight, _ in faces] == [
        ("racegen-unicode", "normal"),
        ("racegen-unicode", "bold"),
    ]
    (_, _, regular), (_, _, bold) = faces
    assert cmap_of(bold) == {ord(c) for c in SUN}
    assert cmap_of(regular) == {ord(c) for c in SUN + " · Test Game · seed 1"}
    unicode_texts = re.findall(r'<text[^>]*font-family="racegen-unicode, [^"]*"[^>]*>', svg)
    assert len(unicode_texts) == 4  # the three titles and the footer's left part
    assert sum('font-style="italic"' in t for t in unicode_texts) == 1
    assert re.search(f'font-family="{FONT_FAMILY}"[^>]*>page 1 of 1<', svg)


def test_svg_text_length_is_the_pdf_width():
    for title in (GREEK, SUN):
        svg = svg_pages(titled(title))[0].decode("utf-8")
        lengths = re.findall(r'textLength="([\d.]+)"[^>]*>' + title + "<", svg)
        assert float(lengths[0]) == pytest.approx(text_width(title, 18, True), abs=1e-3)


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


def test_cjk_without_a_system_font_is_refused_in_one_line(no_system_fonts):
    doc = titled(f"{GREEK} {CJK}")
    line = (
        f'cannot print "{GREEK} {CJK}" (characters 東, 京): no font on this computer has '
        "them; install one (e.g. Noto Sans CJK: apt-get install fonts-noto-cjk)"
    )
    with pytest.raises(InvalidInput) as e:
        output._refuse_unprintable([doc])
    assert str(e.value) == line
    with pytest.raises(InvalidInput):
        pdf_bytes(doc)  # the backend refuses too: no '?' in their place
    svg = svg_pages(doc)[0].decode("utf-8")
    assert f">{GREEK} {CJK}</text>" in svg  # the SVG leaves them to the viewer's fonts


def test_cjk_prints_in_a_font_found_on_the_machine(system_fonts):
    doc = titled(f"{CJK} AB")
    pdf = pdf_bytes(doc)
    assert pdf_text(pdf) == [f"{CJK} AB"] * 3 + [f"{CJK} AB · Test Game · seed 1", "page 1 of 1"]
    names = sorted(n.split(b"+")[1].rsplit(b"-", 1)[0] for n in embedded_fonts(pdf))
    # the title's, the footer's (regular: other characters, so a subset of its own)
    assert names == [b"LiberationSans", b"TestCJK-Bold", b"TestCJK-Regular", b"TestCJK-Regular"]
    output._refuse_unprintable([doc])  # nothing to refuse
    choice = fonts.choose(f"{CJK} AB", bold=True)
    assert choice.face.origin == str(system_fonts / "cjk" / "TestCJK-Bold.ttf")
    assert fonts.choose(f"{CJK} AB").face.origin.endswith("TestCJK-Regular.ttf")
    # the SVG embeds the same fonts under families of their own
    svg = svg_pages(doc)[0].decode("utf-8")
    families = [(f.rsplit("-", 2)[0], w) for f, w, _ in svg_font_faces(svg)]
    assert sorted(families) == [
        ("racegen-TestCJK-Bold", "bold"),
        ("racegen-TestCJK-Regular", "normal"),
        ("racegen-TestCJK-Regular", "normal"),
    ]
    # widths are the found font's (1000 units a character)
    assert layout.text_width(f"{CJK} AB", 10) == pytest.approx(5 * 10 / PT_PER_MM)


def test_a_string_no_single_font_covers_is_refused(system_fonts):
    choice = fonts.choose(f"{CJK} ★")  # the test font has no star, DejaVu Sans no CJK
    assert choice.lacking == ("東", "京")
    with pytest.raises(InvalidInput, match="no font on this computer has them"):
        pdf_bytes(titled(f"{CJK} ★"))


def test_right_to_left_and_shaped_scripts_are_refused():
    for s in ("שלום", "سلام", "नमस्ते"):
        assert set(fonts.choose(s).lacking) == {ch for ch in s}, s
    with pytest.raises(InvalidInput) as e:
        output._refuse_unprintable([titled(f"{GREEK} שלום")])
    assert str(e.value) == (
        f'cannot print "{GREEK} שלום" (characters ש, ל, ו, ם): racegen cannot set '
        "right-to-left or shaped scripts (Hebrew, Arabic, Devanagari...); write the name in "
        "another script"
    )


# --- loading -----------------------------------------------------------------------------


def test_help_loads_no_font_and_pdfs_need_no_fonttools():
    """`racegen --help` imports no font code; a document loads Liberation Sans (regular and
    bold here) and, for a symbol it lacks, DejaVu Sans; only the SVG's subsetting of a
    fallback font needs fontTools."""
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
        "def loaded():\n"
        "    n = fonts.primary.cache_info().currsize, fonts.fallback.cache_info().currsize\n"
        "    print(*n, 'fontTools' in sys.modules)\n"
        "d = titled('Plain race'); pdf_bytes(d); svg_pages(d); loaded()\n"
        "d = titled('Гонка'); pdf_bytes(d); svg_pages(d); loaded()\n"
        "d = titled('☀'); pdf_bytes(d); loaded()\n"
        "svg_pages(d); loaded()\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.splitlines() == ["[]", "2 0 False", "2 0 False", "2 2 False", "2 2 True"]


def test_the_bundled_fonts_and_their_licences_ship_in_templates():
    names = ("LiberationSans-Regular.ttf", "LiberationSans-Bold.ttf", "LICENSE-Liberation.txt")
    for name in (*names, "DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "LICENSE-DejaVu.txt"):
        assert template_path("fonts", name).is_file()
    licence = template_path("fonts", "LICENSE-DejaVu.txt").read_text(encoding="utf-8")
    assert "Bitstream Vera Fonts Copyright" in licence and "Arev Fonts Copyright" in licence
    licence = template_path("fonts", "LICENSE-Liberation.txt").read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in licence and "Red Hat" in licence
