"""PDF backend: replays each Canvas record through reportlab, one PDF page per Canvas page.

All geometry is mapped to PDF points here, in Python (groups included), so the content stream
holds page coordinates: a 50 mm line is 141.73 pt long in the file, tests can read it back,
and no font is ever drawn under a y-flip (text gets its own upright text matrix). reportlab's
invariant mode fixes the dates and the file id, so the same Document gives the same bytes.

Text prints in the font fonts.choose picks, every one a TrueType font reportlab embeds as a
subset (tagged AAAAAA+, AAAAAB+... in the order of the font's 256-glyph subsets, so the tags
are the same on every run): Liberation Sans for nearly every string, no standard (base-14)
font. Italic is the upright font slanted in the text matrix. A string with a character no font
here prints is refused (InvalidInput, fonts.refusal): nothing prints '?' in its place.
"""

from __future__ import annotations

import io
import math
from collections.abc import Iterable, Sequence

from generator.errors import InvalidInput
from generator.render.canvas import (
    HATCH_DOT,
    HATCH_LINES,
    HATCH_WIDTH,
    HATCHES,
    Canvas,
    Group,
    Op,
    Style,
    TextStyle,
)
from generator.render.document import Document
from generator.render.fonts import ITALIC_SLANT, choose, lacking, primary, refusal

PT_PER_MM = 72.0 / 25.4
MITER_LIMIT = 4.0  # SVG's default, so both backends cut sharp corners the same way

# (a, b, c, d, e, f): x' = a x + c y + e, y' = b x + d y + f (the PDF matrix convention)
Matrix = tuple[float, float, float, float, float, float]

_CAPS = {"butt": 0, "round": 1, "square": 2}
_JOINS = {"miter": 0, "round": 1, "bevel": 2}


def pdf_bytes(doc: Document) -> bytes:
    """The whole document as one PDF; each page keeps its own size."""
    if not doc.pages:
        raise ValueError(f"document {doc.title!r} has no pages")
    from reportlab.pdfgen.canvas import Canvas as PdfCanvas

    buf = io.BytesIO()
    first = doc.pages[0]
    pdf = PdfCanvas(
        buf,
        pagesize=(first.width * PT_PER_MM, first.height * PT_PER_MM),
        invariant=1,
        pageCompression=1,
        # each page's preamble sets a font: reportlab's default is Helvetica, which would
        # stay in the file, not embedded
        initialFontName=primary(False).name,
    )
    pdf.setTitle(doc.title)
    pdf.setAuthor("racegen")
    pdf.setCreator("racegen")
    if doc.game:
        pdf.setSubject(doc.game)
    if doc.ident:
        pdf.setKeywords(doc.ident)
    # true size: ask viewers not to shrink the pages to their printer's margins (Acrobat's
    # default "fit" makes every length a few per cent short), and to flip duplex pages on the
    # long edge, as layout.duplex lays out the backs
    pdf.setViewerPreference("PrintScaling", "None")
    if doc.duplex:
        pdf.setViewerPreference("Duplex", "DuplexFlipLongEdge")
    forms: dict[tuple[float, int, int], str] = {}
    for page in doc.pages:
        pdf.setPageSize((page.width * PT_PER_MM, page.height * PT_PER_MM))
        _PageWriter(pdf, page, forms).draw()
        pdf.showPage()
    pdf.save()
    return buf.getvalue()


def check_printable(texts: Iterable[tuple[str, bool]]) -> None:
    """Refuse (InvalidInput, one line) when a text of `texts` ((text, bold) pairs as drawn)
    holds a character no font here prints, or one of a script the PDF cannot set."""
    found = lacking(texts)
    if found is not None:
        raise InvalidInput(refusal(*found))


def text_width(s: str, size_pt: float, bold: bool = False, italic: bool = False) -> float:
    """Width in mm of a string as the PDF prints it (for layouts that fit text), in the font
    fonts.choose picks for it (Liberation Sans, metric-compatible with Helvetica, for nearly
    every string)."""
    return text_metrics(s, size_pt, bold, italic)[0]


def text_metrics(
    s: str, size_pt: float, bold: bool = False, italic: bool = False
) -> tuple[float, float, float]:
    """Width, ascender and descender in mm of a string as the PDF prints it (Liberation Sans's
    box is Helvetica's, 0.75 above the baseline and 0.25 below, of the size; a fallback
    font's its own)."""
    choice = choose(s, bold, italic)
    size_mm = size_pt * 25.4 / 72.0
    width = string_width(choice.text, choice.font, size_pt) / PT_PER_MM
    return width, choice.ascent * size_mm, choice.descent * size_mm


def string_width(text: str, font: str, size: float) -> float:
    """reportlab's stringWidth (points at `size`) as its pure-Python code sums it, for the
    TrueType fonts racegen registers: the same float whether or not reportlab's optional C
    accelerator (rl_accel, `racegen[fast]`) is installed, whose sum rounds otherwise now and
    then (an SVG textLength 0.001 mm longer), so the bytes printed do not depend on it."""
    from reportlab.pdfbase.pdfmetrics import getFont, stringWidth

    face = getattr(getFont(font), "face", None)
    widths = getattr(face, "charWidths", None)
    if widths is None:  # pragma: no cover - not a TrueType font: reportlab's own
        return stringWidth(text, font, size)
    get, default = widths.get, face.defaultWidth  # type: ignore[union-attr]
    return 0.001 * size * sum(get(ord(u), default) for u in text)


# --- affine helpers (shared with tests) ---------------------------------------------


def multiply(m: Matrix, n: Matrix) -> Matrix:
    """The matrix that applies n first, then m."""
    a1, b1, c1, d1, e1, f1 = m
    a2, b2, c2, d2, e2, f2 = n
    return (
        a1 * a2 + c1 * b2,
        b1 * a2 + d1 * b2,
        a1 * c2 + c1 * d2,
        b1 * c2 + d1 * d2,
        a1 * e2 + c1 * f2 + e1,
        b1 * e2 + d1 * f2 + f1,
    )


def group_matrix(g: Group) -> Matrix:
    """Group.apply as a matrix: mirror, scale, rotate clockwise (y down), translate."""
    a = math.radians(g.rotate)
    co, si = math.cos(a), math.sin(a)
    sx = -g.scale if g.mirror_x else g.scale
    return (co * sx, si * sx, -si * g.scale, co * g.scale, g.dx, g.dy)


def apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


def scale_of(m: Matrix) -> float:
    """How much lengths grow under m (groups only rotate, mirror and scale uniformly)."""
    return math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))


def rgb(colour: str) -> tuple[float, float, float]:
    """'#rrggbb' (or '#rgb') as reportlab's 0..1 floats."""
    c = colour.strip()
    if c.startswith("#") and len(c) == 4:
        c = "#" + "".join(ch * 2 for ch in c[1:])
    if not (c.startswith("#") and len(c) == 7):
        raise ValueError(f"colour {colour!r}: write it as #rrggbb")
    try:
        r, g, b = (int(c[i : i + 2], 16) for i in (1, 3, 5))
    except ValueError:
        raise ValueError(f"colour {colour!r}: write it as #rrggbb") from None
    return r / 255, g / 255, b / 255


# --- hatch geometry (local frame, mm) -----------------------------------------------


def hatch_segments(
    hatch: str, spacing: float, bbox: tuple[float, float, float, float]
) -> list[tuple[float, float, float, float]]:
    """Line segments of a hatch covering bbox (x0, y0, x1, y1), before clipping to the shape."""
    if hatch not in HATCH_LINES:
        raise ValueError(f"unknown hatch {hatch!r}: use one of {', '.join(HATCHES)}")
    if spacing <= 0:
        raise ValueError(f"hatch spacing {spacing} must be positive")
    x0, y0, x1, y1 = bbox
    corners = ((x0, y0), (x1, y0), (x1, y1), (x0, y1))
    segments = []
    for angle in HATCH_LINES[hatch]:
        a = math.radians(angle)
        co, si = math.cos(a), math.sin(a)
        # frame coordinates of the corners: (u, v) with (x, y) = R(a) (u, v)
        us = [x * co + y * si for x, y in corners]
        vs = [-x * si + y * co for x, y in corners]
        u0, u1 = min(us) - spacing, max(us) + spacing
        n0 = math.floor(min(vs) / spacing - 0.5)
        n1 = math.ceil(max(vs) / spacing - 0.5)
        for n in range(n0, n1 + 1):
            v = (n + 0.5) * spacing
            segments.append(
                (u0 * co - v * si, u0 * si + v * co, u1 * co - v * si, u1 * si + v * co)
            )
    return segments


def hatch_dots(
    spacing: float, bbox: tuple[float, float, float, float]
) -> list[tuple[float, float, float]]:
    """Dots (cx, cy, r) of the "dots" hatch covering bbox."""
    cols, rows = _dot_grid(spacing, bbox)
    r = HATCH_DOT * spacing
    return [((i + 0.5) * spacing, (j + 0.5) * spacing, r) for j in rows for i in cols]


def _dot_grid(spacing: float, bbox: tuple[float, float, float, float]) -> tuple[range, range]:
    """Columns and rows (n: centres at (n + 1/2) spacing) of the dots covering bbox."""
    x0, y0, x1, y1 = bbox
    cols = range(math.floor(x0 / spacing - 1), math.ceil(x1 / spacing) + 1)
    rows = range(math.floor(y0 / spacing - 1), math.ceil(y1 / spacing) + 1)
    return cols, rows


def op_bbox(op: Op) -> tuple[float, float, float, float]:
    """Local bounding box of a path (control points included) or circle."""
    if op.kind == "circle":
        cx, cy, r = op.data
        return cx - r, cy - r, cx + r, cy + r
    xs = [c[i] for c in op.data if c[0] != "Z" for i in range(1, len(c), 2)]
    ys = [c[i] for c in op.data if c[0] != "Z" for i in range(2, len(c), 2)]
    return min(xs), min(ys), max(xs), max(ys)


# --- the page writer -----------------------------------------------------------------


class _PageWriter:
    """Replays one Canvas onto the current reportlab page."""

    def __init__(self, pdf, page: Canvas, forms: dict[tuple[float, int, int], str]) -> None:
        self.pdf = pdf
        self.page = page
        self.forms = forms  # the document's blocks of hatch dots (_dot_block), by size
        height_pt = page.height * PT_PER_MM
        # canvas mm, y down  ->  PDF pt, y up
        self.base: Matrix = (PT_PER_MM, 0.0, 0.0, -PT_PER_MM, 0.0, height_pt)

    def draw(self) -> None:
        self.pdf.setMiterLimit(MITER_LIMIT)
        stack = [self.base]
        for op in self.page.ops:
            if op.kind == "begin":
                assert op.group is not None
                stack.append(multiply(stack[-1], group_matrix(op.group)))
            elif op.kind == "end":
                if len(stack) == 1:
                    raise ValueError(f"page {self.page.id}: group end without a begin")
                stack.pop()
            elif op.kind in ("path", "circle"):
                if op.style is not None and op.data:
                    self.shape(op, op.style, stack[-1])
            elif op.kind == "text":
                assert op.text is not None
                self.text(op.data, op.text, stack[-1])
            else:
                raise ValueError(f"page {self.page.id}: unknown drawing op {op.kind!r}")

    # shapes
    def outline(self, op: Op, m: Matrix):
        p = self.pdf.beginPath()
        if op.kind == "circle":
            cx, cy, r = op.data
            x, y = apply(m, cx, cy)
            p.circle(x, y, r * scale_of(m))
            p.close()
            return p
        for cmd in op.data:
            kind = cmd[0]
            if kind == "M":
                p.moveTo(*apply(m, cmd[1], cmd[2]))
            elif kind == "L":
                p.lineTo(*apply(m, cmd[1], cmd[2]))
            elif kind == "C":
                p.curveTo(
                    *apply(m, cmd[1], cmd[2]), *apply(m, cmd[3], cmd[4]), *apply(m, cmd[5], cmd[6])
                )
            elif kind == "Z":
                p.close()
            else:
                raise ValueError(f"page {self.page.id}: unknown path command {kind!r}")
        return p

    def shape(self, op: Op, style: Style, m: Matrix) -> None:
        from reportlab.pdfgen.canvas import FILL_NON_ZERO

        stroke = style.stroke is not None and style.width >= 0
        fill = style.fill is not None
        if not (stroke or fill or style.hatch):
            return
        pdf = self.pdf
        k = scale_of(m)
        path = self.outline(op, m)
        pdf.saveState()
        if style.opacity < 1.0:
            pdf.setFillAlpha(max(0.0, style.opacity))
            pdf.setStrokeAlpha(max(0.0, style.opacity))
        if fill:
            pdf.setFillColorRGB(*rgb(style.fill))  # type: ignore[arg-type]
        if stroke:
            pdf.setStrokeColorRGB(*rgb(style.stroke))  # type: ignore[arg-type]
            pdf.setLineWidth(style.width * k)
            pdf.setLineCap(_CAPS.get(style.cap, 0))
            pdf.setLineJoin(_JOINS.get(style.join, 0))
            if style.dash:
                pdf.setDash([d * k for d in style.dash], 0)
        if style.hatch:
            if fill:
                pdf.drawPath(path, stroke=0, fill=1, fillMode=FILL_NON_ZERO)
            self.hatch(op, style, m, path)
            if stroke:
                pdf.drawPath(path, stroke=1, fill=0, fillMode=FILL_NON_ZERO)
        else:
            pdf.drawPath(path, stroke=int(stroke), fill=int(fill), fillMode=FILL_NON_ZERO)
        pdf.restoreState()

    def hatch(self, op: Op, style: Style, m: Matrix, path) -> None:
        from reportlab.pdfgen.canvas import FILL_NON_ZERO

        pdf = self.pdf
        k = scale_of(m)
        bbox = op_bbox(op)
        pdf.saveState()
        pdf.clipPath(path, stroke=0, fill=0, fillMode=FILL_NON_ZERO)
        colour = rgb(style.hatch_colour)
        if style.hatch == "dots":
            self.dots(style.hatch_spacing, colour, m, bbox)
        else:
            pdf.setStrokeColorRGB(*colour)
            pdf.setLineWidth(HATCH_WIDTH * k)
            pdf.setLineCap(0)
            pdf.setDash([], 0)
            lines = self.pdf.beginPath()
            for x1, y1, x2, y2 in hatch_segments(style.hatch, style.hatch_spacing, bbox):
                lines.moveTo(*apply(m, x1, y1))
                lines.lineTo(*apply(m, x2, y2))
            pdf.drawPath(lines, stroke=1, fill=0)
        pdf.restoreState()

    def dots(
        self,
        spacing: float,
        colour: tuple[float, float, float],
        m: Matrix,
        bbox: tuple[float, float, float, float],
    ) -> None:
        """The dots of hatch_dots: one block of them (a form XObject, _dot_block) put in place
        by one matrix. Drawn dot by dot, the dotted turns of a Trading Paint board were a
        quarter of a million circles, most of its file and of the time to write and read it."""
        pdf = self.pdf
        cols, rows = _dot_grid(spacing, bbox)
        name = self._dot_block(spacing, len(cols), len(rows))
        first = (1.0, 0.0, 0.0, 1.0, (cols[0] + 0.5) * spacing, (rows[0] + 0.5) * spacing)
        pdf.setFillColorRGB(*colour)
        pdf.transform(*multiply(m, first))
        pdf.doForm(name)

    def _dot_block(self, spacing: float, cols: int, rows: int) -> str:
        """The form of cols x rows dots `spacing` mm apart, the first centred on the origin,
        in no colour of its own (the page's fill colour paints it); made when a page first
        needs it and shared by the document's pages."""
        from reportlab.pdfgen.canvas import FILL_NON_ZERO

        key = (spacing, cols, rows)
        name = self.forms.get(key)
        if name is not None:
            return name
        name = self.forms[key] = f"HatchDots{len(self.forms) + 1}"
        pdf = self.pdf
        r = HATCH_DOT * spacing
        pdf.beginForm(name, -r, -r, (cols - 1) * spacing + r, (rows - 1) * spacing + r)
        dots = pdf.beginPath()
        for j in range(rows):
            for i in range(cols):
                dots.circle(i * spacing, j * spacing, r)
                dots.close()
        pdf.drawPath(dots, stroke=0, fill=1, fillMode=FILL_NON_ZERO)
        pdf.endForm()
        return name

    # text
    def text(self, data: Sequence, ts: TextStyle, m: Matrix) -> None:
        x, y, raw = data
        choice = choose(raw, ts.bold, ts.italic)
        s, font = choice.text, choice.font
        if not s:
            return
        if choice.lacking:
            raise InvalidInput(refusal(s, choice.lacking))
        size_mm = ts.size * 25.4 / 72.0
        width = string_width(s, font, size_mm)
        offset = {"start": 0.0, "middle": -width / 2, "end": -width}[ts.anchor]
        a = math.radians(ts.rotate)
        co, si = math.cos(a), math.sin(a)
        # text space (mm, y up) -> canvas frame (mm, y down): turn clockwise about (x, y)
        local: Matrix = (co, si, si, -co, x + co * offset, y + si * offset)
        t = multiply(m, local)
        k = scale_of(t)
        if ts.italic:  # slant the glyphs: x grows with the height above the baseline
            t = multiply(t, (1.0, 0.0, ITALIC_SLANT, 1.0, 0.0, 0.0))
        pdf = self.pdf
        obj = pdf.beginText()
        obj.setTextTransform(t[0] / k, t[1] / k, t[2] / k, t[3] / k, t[4], t[5])
        obj.setFont(font, size_mm * k)
        obj.setFillColorRGB(*rgb(ts.colour))
        obj.textOut(s)
        pdf.drawText(obj)
