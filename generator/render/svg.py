"""SVG backend: one svgwrite document per Canvas page, in the canvas's own millimetres.

The viewBox is the page in mm and width/height say "mm", so user units are millimetres and the
canvas record goes in unchanged (no y-flip needed: SVG is y-down too). Hatches are <pattern>s
in user space, which turn and scale with their group just as the PDF backend's clipped lines
do. Every id is explicit and derived from the page id, attributes are written sorted and
numbers with at most three decimals, so the same page gives the same bytes.

Text prints in the font fonts.choose picks, as in the PDF. Liberation Sans, which prints
nearly every string, is named, not embedded: "'Liberation Sans', Arimo, Arial, Helvetica,
sans-serif" are one set of metrics under four names (Arimo is its twin, Arial and Helvetica
the faces it copies), so whichever of them the viewer has sets the layout's widths, and every
text is held to the width the PDF measured besides (textLength). Embedding it would add about
8 kB a weight (its ASCII letters and figures in WOFF) to every page, for glyphs those four
draw alike. A fallback face (DejaVu Sans, or a font of this computer for CJK) is embedded: its
subset (only the characters the page draws in it) goes into the page's <defs> as an
@font-face data URL, under a family name of racegen's own ("racegen-unicode",
"racegen-<file>-..."). Italic is the viewer's italic (or its slant of the upright face, as
the PDF slants it).
"""

from __future__ import annotations

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
from generator.render.fonts import Face, choose, refusal, svg_font_data
from generator.render.pdf import text_width

# the family the PDF prints in first, then the fonts that share its metrics (module docstring)
FONT_FAMILY = "'Liberation Sans', Arimo, Arial, Helvetica, sans-serif"
MM_PER_PT = 25.4 / 72.0
XML_DECLARATION = '<?xml version="1.0" encoding="utf-8"?>\n'


def svg_pages(doc: Document) -> list[bytes]:
    """Each page of the document as a standalone SVG file (UTF-8 bytes)."""
    return [page_svg(page, doc.title) for page in doc.pages]


def num(v: float) -> str:
    """Compact, deterministic number: at most 3 decimals, no trailing zeros, no '-0'."""
    s = f"{float(v):.3f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "", "-") else s


def xml_text(s: str) -> str:
    """The text, refused (InvalidInput, the PDF's one line: fonts.refusal) when it holds a
    character XML 1.0 cannot hold (a control character, U+FFFE, U+FFFF, a lone surrogate):
    the SVG never prints '?' in place of a user's character, as the PDF never does."""
    bad = [
        ch
        for ch in s
        if not (ch in "\t\n\r" or " " <= ch <= "\ud7ff" or "\ue000" <= ch <= "\ufffd")
        and not ch > "\uffff"
    ]
    if bad:
        raise InvalidInput(refusal(s, bad))
    return s


def group_transform(g: Group) -> str:
    """Group.apply as an SVG transform list (applied right to left: mirror, scale, rotate, move)."""
    parts = []
    if g.dx or g.dy:
        parts.append(f"translate({num(g.dx)} {num(g.dy)})")
    if g.rotate:
        parts.append(f"rotate({num(g.rotate)})")
    if g.mirror_x:
        parts.append(f"scale({num(-g.scale)} {num(g.scale)})")
    elif g.scale != 1:
        parts.append(f"scale({num(g.scale)})")
    return " ".join(parts)


def path_data(commands: tuple) -> str:
    out = []
    for cmd in commands:
        kind = cmd[0]
        if kind not in ("M", "L", "C", "Z"):
            raise ValueError(f"unknown path command {kind!r}")
        out.append(kind + " ".join(num(v) for v in cmd[1:]))
    return "".join(out)


class _PageWriter:
    def __init__(self, page: Canvas, title: str) -> None:
        import svgwrite

        self.page = page
        w, h = num(page.width), num(page.height)
        self.dwg = svgwrite.Drawing(
            filename=None,
            size=(f"{w}mm", f"{h}mm"),
            viewBox=f"0 0 {w} {h}",
            profile="full",
            debug=False,
            id=page.id,
        )
        if title:
            self.dwg.set_desc(title=xml_text(title))
        self.used: set[str] = {page.id}
        self.fonts: dict[Face, set[int]] = {}  # embedded faces and the code points drawn in each
        self.patterns: dict[tuple, str] = {}
        # group ids the page asks for, so generated ids never take one of them
        self.reserved = {op.group.id for op in page.ops if op.kind == "begin" and op.group.id}

    def new_id(self, wanted: str) -> str:
        """A page-unique id: the wanted one, or wanted-2, wanted-3... if it was taken."""
        candidate, n = wanted, 1
        while candidate in self.used:
            n += 1
            candidate = f"{wanted}-{n}"
        self.used.add(candidate)
        return candidate

    def pattern_id(self, style: Style) -> str:
        if style.hatch not in HATCH_LINES:
            raise ValueError(f"unknown hatch {style.hatch!r}: use one of {', '.join(HATCHES)}")
        if style.hatch_spacing <= 0:
            raise ValueError(f"hatch spacing {style.hatch_spacing} must be positive")
        key = (style.hatch, style.hatch_colour, num(style.hatch_spacing))
        if key in self.patterns:
            return self.patterns[key]
        n = len(self.patterns) + 1
        pid = f"{self.page.id}-hatch-{n}"
        while pid in self.used or pid in self.reserved:
            n += 1
            pid = f"{self.page.id}-hatch-{n}"
        self.used.add(pid)
        self.patterns[key] = pid
        sp = num(style.hatch_spacing)
        half = num(style.hatch_spacing / 2)
        dwg = self.dwg
        pat = dwg.pattern(id=pid)
        pat.update(
            {"patternUnits": "userSpaceOnUse", "x": "0", "y": "0", "width": sp, "height": sp}
        )
        colour = style.hatch_colour
        if style.hatch == "dots":
            r = num(HATCH_DOT * style.hatch_spacing)
            pat.add(dwg.circle(center=(half, half), r=r, fill=colour, stroke="none"))
        else:
            angles = HATCH_LINES[style.hatch]
            if angles[0]:
                pat["patternTransform"] = f"rotate({num(angles[0])})"
            for angle in angles:
                turn = (angle - angles[0]) % 180
                if turn == 0:
                    d = f"M0 {half}L{sp} {half}"
                elif turn == 90:
                    d = f"M{half} 0L{half} {sp}"
                else:
                    raise ValueError(f"hatch {style.hatch!r}: families must be 0 or 90 deg apart")
                line = dwg.path(d=d, fill="none", stroke=colour)
                line.update({"stroke-width": num(HATCH_WIDTH)})
                pat.add(line)
        dwg.defs.add(pat)
        return pid

    def draw(self) -> bytes:
        dwg = self.dwg
        stack = [dwg]
        for op in self.page.ops:
            if op.kind == "begin":
                g = op.group
                assert g is not None
                el = dwg.g()
                if g.id:
                    el["id"] = self.new_id(g.id)
                transform = group_transform(g)
                if transform:
                    el["transform"] = transform
                stack[-1].add(el)
                stack.append(el)
            elif op.kind == "end":
                if len(stack) == 1:
                    raise ValueError(f"page {self.page.id}: group end without a begin")
                stack.pop()
            elif op.kind in ("path", "circle"):
                if op.style is not None and op.data:
                    for el in self.shape(op, op.style):
                        stack[-1].add(el)
            elif op.kind == "text":
                assert op.text is not None
                el = self.text(op.data, op.text)
                if el is not None:
                    stack[-1].add(el)
            else:
                raise ValueError(f"page {self.page.id}: unknown drawing op {op.kind!r}")
        if self.fonts:
            dwg.defs.add(dwg.style(self.font_faces()))
        return (XML_DECLARATION + dwg.tostring() + "\n").encode("utf-8")

    def font_faces(self) -> str:
        """@font-face rules embedding the subset of each Unicode face this page draws."""
        rules = []
        for face in sorted(self.fonts, key=lambda f: (f.family, f.bold)):
            data = svg_font_data(face, frozenset(self.fonts[face]))
            weight = "bold" if face.bold else "normal"
            rules.append(
                f"@font-face{{font-family:{face.family};font-weight:{weight};font-style:normal;"
                f'src:url(data:font/woff;base64,{data}) format("woff")}}'
            )
        return "\n".join(rules)

    def element(self, op: Op):
        if op.kind == "circle":
            cx, cy, r = op.data
            return self.dwg.circle(center=(num(cx), num(cy)), r=num(r))
        return self.dwg.path(d=path_data(op.data))

    def shape(self, op: Op, style: Style) -> list:
        stroke = style.stroke is not None and style.width >= 0
        fill = style.fill is not None
        if not (stroke or fill or style.hatch):
            return []
        stroke_attrs: dict[str, str] = {"stroke": "none"}
        if stroke:
            stroke_attrs = {"stroke": style.stroke, "stroke-width": num(style.width)}  # type: ignore[dict-item]
            if style.dash:
                stroke_attrs["stroke-dasharray"] = " ".join(num(d) for d in style.dash)
            if style.cap != "butt":
                stroke_attrs["stroke-linecap"] = style.cap
            if style.join != "miter":
                stroke_attrs["stroke-linejoin"] = style.join
            if style.opacity < 1:
                stroke_attrs["stroke-opacity"] = num(max(0.0, style.opacity))
        fill_opacity = {"fill-opacity": num(max(0.0, style.opacity))} if style.opacity < 1 else {}
        if not style.hatch:
            el = self.element(op)
            el.update({"fill": style.fill or "none", **fill_opacity, **stroke_attrs})
            return [el]
        out = []
        if fill:
            base = self.element(op)
            base.update({"fill": style.fill, "stroke": "none", **fill_opacity})
            out.append(base)
        top = self.element(op)
        top.update({"fill": f"url(#{self.pattern_id(style)})", **fill_opacity, **stroke_attrs})
        out.append(top)
        return out

    def text(self, data: tuple, ts: TextStyle):
        x, y, raw = data
        if not raw:
            return None
        choice = choose(raw, ts.bold, ts.italic)
        face = choice.face
        s = choice.text  # raw itself, or composed (NFC)
        el = self.dwg.text(xml_text(s))
        attrs = {
            "x": num(x),
            "y": num(y),
            "font-family": FONT_FAMILY if choice.primary else f"{face.family}, {FONT_FAMILY}",
            "font-size": num(ts.size * MM_PER_PT),
            "fill": ts.colour,
        }
        if ts.anchor != "start":
            attrs["text-anchor"] = ts.anchor
        if choice.primary:
            if ts.bold:
                attrs["font-weight"] = "bold"
        else:
            # the embedded face's own weight, as the PDF prints it (no viewer fakes a bold);
            # characters it lacks (which the PDF refuses) are left to the viewer's fonts
            if face.bold:
                attrs["font-weight"] = "bold"
            used = self.fonts.setdefault(face, set())
            used.update(ord(ch) for ch in s if face.prints(ch))
        if ts.italic:
            attrs["font-style"] = "italic"
        if s != " ".join(s.split()):
            attrs["xml:space"] = "preserve"  # keep spaces, so anchors match the PDF
        # a viewer without any font of FONT_FAMILY (or a fallback face's characters in
        # another font) would run lines past their boxes: hold each text to its PDF width
        attrs["textLength"] = num(text_width(raw, ts.size, ts.bold))
        attrs["lengthAdjust"] = "spacingAndGlyphs"
        if ts.rotate:
            attrs["transform"] = f"rotate({num(ts.rotate)} {num(x)} {num(y)})"
        el.update(attrs)
        return el


def page_svg(page: Canvas, title: str = "") -> bytes:
    """One page as SVG bytes."""
    return _PageWriter(page, title).draw()
