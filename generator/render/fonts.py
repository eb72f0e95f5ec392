"""Which font prints a string: one choice shared by the PDF, the SVG and the layout's widths.

- Every string prints in Liberation Sans (regular or bold), shipped in templates/fonts with
  its licence (SIL Open Font License) and embedded in the PDF as a subset: no standard
  (base-14) PDF font is left to the printer's copy. It is metric-compatible with Helvetica
  and Arial, so the layouts Helvetica measured keep their widths; its text box is still
  Helvetica's (0.75 of the size above the baseline, 0.25 below). It holds Latin, Greek and
  Cyrillic, arrows and card suits, so "Zoë" and "Łódź" print in the same family.
- A string with a character Liberation Sans lacks prints whole in DejaVu Sans (bundled too:
  stars, suns, check marks and most symbols), so a string is never split between fonts.
- When DejaVu Sans lacks one too (Chinese, Japanese, Korean, Thai...), a font of this
  computer that has the whole string prints it (system_fonts: fontconfig, or the usual font
  folders; RACEGEN_FONT_PATH replaces them), cut down to that string's characters and, for a
  CFF font such as Noto Sans CJK, given TrueType outlines, then embedded as a subset.
- Italic prints as the upright font slanted by ITALIC_SLANT (as Helvetica-Oblique is a
  slanted Helvetica): two labels print italic, not worth two more font files.
- A character no font here has, a control character, and the letters of scripts written right
  to left (Hebrew, Arabic...) or built by shaping (Devanagari and the other Indic scripts,
  Tibetan, Myanmar, Khmer...: reportlab sets one glyph per character, left to right, so they
  would print wrong) are `lacking`: the PDF refuses such a string with one line (`refusal`),
  and never prints '?' in place of a user's character.

Text is composed (Unicode NFC) before the choice, so "e" + a combining accent prints as "é".
Nothing here imports reportlab or fontTools at module level; the bundled fonts load once per
process, when the first string is measured or drawn (fontTools only for a system font or an
SVG's subset). Same machine and input, same choice and same bytes: a system-font fallback
depends on the fonts installed.
"""

from __future__ import annotations

import hashlib
import math
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache, lru_cache

from generator.render import system_fonts

# Liberation Sans 2.1.5 (SIL Open Font License 1.1: templates/fonts/LICENSE-Liberation.txt)
PRIMARY = {False: "LiberationSans-Regular.ttf", True: "LiberationSans-Bold.ttf"}
PRIMARY_FAMILY = "Liberation Sans"
# DejaVu Sans 2.37 (Bitstream Vera and Arev licences, both allowing redistribution and
# embedding: templates/fonts/LICENSE-DejaVu.txt), for what Liberation Sans lacks
FALLBACK = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}
UNICODE_FAMILY = "racegen-unicode"  # the SVG's name for the embedded DejaVu Sans subsets

# the text box (fractions of the size) of the primary family, for layout.text_corners:
# Helvetica's, which every layout was measured with
BOX_ASCENT = 0.75
BOX_DESCENT = 0.25
ITALIC_SLANT = math.tan(math.radians(12))  # the slant of Helvetica-Oblique

# Scripts that need glyph shaping or reordering, which reportlab's plain text output cannot do
# (right-to-left scripts are found by their bidi class instead)
SHAPED_RANGES = (
    # Devanagari, Bengali, Gurmukhi, Gujarati, Oriya, Tamil, Telugu, Kannada, Malayalam, Sinhala
    (0x0900, 0x0DFF),
    (0x0F00, 0x0FFF),  # Tibetan
    (0x1000, 0x109F),  # Myanmar
    (0x1780, 0x18AF),  # Khmer, Mongolian
    (0x1A00, 0x1AAF),  # Buginese, Tai Tham
    (0x1B00, 0x1C4F),  # Balinese, Sundanese, Batak, Lepcha
    (0xA800, 0xA82F),  # Syloti Nagri
    (0xA840, 0xA8FF),  # Phags-pa, Saurashtra, Devanagari Extended
    (0xA980, 0xAAFF),  # Javanese, Myanmar Extended, Cham, Tai Viet...
    (0xABC0, 0xABFF),  # Meetei Mayek
    (0x11000, 0x11FFF),  # Brahmi and the historic Indic scripts
)
CJK_RANGES = ((0x1100, 0x11FF), (0x2E80, 0x9FFF), (0xAC00, 0xD7AF), (0xF900, 0xFAFF))

_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f]")


def unshapeable(ch: str) -> bool:
    """A character of a right-to-left script, or of one that needs shaping."""
    if unicodedata.bidirectional(ch) in ("R", "AL"):
        return True
    code = ord(ch)
    return any(lo <= code <= hi for lo, hi in SHAPED_RANGES)


def settable(ch: str) -> bool:
    """A character some font may print as it is: not a control, not right to left or shaped."""
    return not _CONTROL.match(ch) and not unshapeable(ch)


@dataclass(frozen=True, eq=False)
class Face:
    """An embeddable TrueType font, registered with reportlab under `name`."""

    name: str  # reportlab's font name
    family: str  # the SVG's font-family for it
    bold: bool  # its weight (the SVG declares it, so no viewer fakes a bold)
    data: bytes = field(repr=False)
    cmap: frozenset[int] = field(repr=False)
    ascent: float  # of the size, for text boxes
    descent: float
    origin: str  # the bundled file's name, or the system file's path

    def prints(self, ch: str) -> bool:
        return ord(ch) in self.cmap and settable(ch)


@dataclass(frozen=True)
class Choice:
    """How one string prints: the reportlab font, the text as it prints (composed, NFC), the
    embedded face, the characters it cannot print (each once, in order: the PDF refuses the
    string when there are any) and the box's ascender and descender (of the size)."""

    font: str
    text: str
    face: Face
    lacking: tuple[str, ...] = ()
    ascent: float = BOX_ASCENT
    descent: float = BOX_DESCENT

    @property
    def primary(self) -> bool:
        """Printed in the one family every page prints in (the SVG names it, not embeds it)."""
        return self.face.family == PRIMARY_FAMILY


def choose(s: str, bold: bool = False, italic: bool = False) -> Choice:
    """The font that prints `s` (the whole string, in one font); italic slants it."""
    if s.isascii() and not _CONTROL.search(s):  # nearly every string: Liberation has ASCII
        face = primary(bold)
        return Choice(face.name, s, face)
    return _choice(s, bold)


@lru_cache(maxsize=4096)
def _choice(s: str, bold: bool) -> Choice:
    s = unicodedata.normalize("NFC", s)
    face = primary(bold)
    wanted = {ch for ch in s if settable(ch)}
    if not all(face.prints(ch) for ch in wanted):
        other = fallback(bold)
        if not all(other.prints(ch) for ch in wanted):
            other = system_face(frozenset(map(ord, wanted)), bold)
        if other is not None and all(other.prints(ch) for ch in wanted):
            face = other
        elif sum(map(fallback(bold).prints, wanted)) > sum(map(face.prints, wanted)):
            face = fallback(bold)  # no font has them all: name only what no font here has
    lacking = tuple(dict.fromkeys(ch for ch in s if not face.prints(ch)))
    if face.family == PRIMARY_FAMILY:
        return Choice(face.name, s, face, lacking)
    return Choice(face.name, s, face, lacking, face.ascent, face.descent)


def _not_character(ch: str) -> bool:
    """A noncharacter (U+FFFE, U+FFFF, U+FDD0..U+FDEF...) or a lone surrogate."""
    cp = ord(ch)
    return 0xD800 <= cp <= 0xDFFF or 0xFDD0 <= cp <= 0xFDEF or (cp & 0xFFFE) == 0xFFFE


def refusal(s: str, lacking: Iterable[str]) -> str:
    """The one line that refuses to print `s`, naming the characters no font prints."""
    chars = list(dict.fromkeys(lacking))
    names = ", ".join(ch if ch.isprintable() else f"U+{ord(ch):04X}" for ch in chars)
    shown = s if len(s) <= 40 else s[:39] + "…"
    shown = "".join(ch if ch.isprintable() else " " for ch in shown)
    head = f'cannot print "{shown}" (character{"s" if len(chars) > 1 else ""} {names})'
    if any(_CONTROL.match(ch) for ch in chars):
        return f"{head}: control characters do not print; remove them"
    if all(_not_character(ch) for ch in chars):
        return f"{head}: {'they are' if len(chars) > 1 else 'it is'} not a character; remove {'them' if len(chars) > 1 else 'it'}"
    if all(unshapeable(ch) for ch in chars):
        return (
            f"{head}: racegen cannot set right-to-left or shaped scripts (Hebrew, Arabic, "
            "Devanagari...); write the name in another script"
        )
    if any(lo <= ord(ch) <= hi for ch in chars for lo, hi in CJK_RANGES):
        example = "e.g. Noto Sans CJK: apt-get install fonts-noto-cjk"
    else:
        example = "e.g. the Noto fonts: apt-get install fonts-noto"
    them = "them" if len(chars) > 1 else "it"
    return f"{head}: no font on this computer has {them}; install one ({example})"


def lacking(texts: Iterable[tuple[str, bool]]) -> tuple[str, tuple[str, ...]] | None:
    """For (text, bold) pairs as drawn: the first text a font here cannot print whole, and
    the characters it lacks; None when every text prints."""
    for raw, bold in texts:
        choice = choose(raw, bold)
        if choice.lacking:
            return choice.text, choice.lacking
    return None


# --- loading --------------------------------------------------------------------------


@cache
def primary(bold: bool) -> Face:
    """Liberation Sans (bold or regular) from templates/fonts, registered with reportlab."""
    return _bundled(PRIMARY[bold], PRIMARY_FAMILY, bold)


@cache
def fallback(bold: bool) -> Face:
    """DejaVu Sans (bold or regular) from templates/fonts, registered with reportlab."""
    return _bundled(FALLBACK[bold], UNICODE_FAMILY, bold)


def _bundled(file: str, family: str, bold: bool) -> Face:
    from generator.resources import template_path

    node = template_path("fonts", file)
    if not node.is_file():
        from generator.errors import InvalidInput

        raise InvalidInput(f"template fonts/{file} is missing: reinstall racegen")
    stem = file.rsplit(".", 1)[0]
    return _register(f"racegen-{stem}", family, bold, node.read_bytes(), file)


def _register(name: str, family: str, bold: bool, data: bytes, origin: str) -> Face:
    import io

    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    # shapable=False: the same glyphs whether or not uharfbuzz happens to be installed;
    # asciiReadable=False: the subset holds the glyphs drawn, not all of ASCII besides (half
    # the size), and the ToUnicode map still gives the text back
    font = TTFont(name, io.BytesIO(data), shapable=False, asciiReadable=False)
    pdfmetrics.registerFont(font)
    face = font.face
    return Face(
        name=name,
        family=family,
        bold=bold,
        data=data,
        cmap=frozenset(face.charToGlyph),
        ascent=face.ascent / 1000.0,
        descent=-face.descent / 1000.0,
        origin=origin,
    )


# --- system fonts -----------------------------------------------------------------------

_finder = system_fonts.Finder()


@lru_cache(maxsize=256)
def system_face(codes: frozenset[int], bold: bool) -> Face | None:
    """A font of this computer cut down to `codes` (system_fonts: the first that has them
    all, an upright one of the requested weight first), registered with reportlab; None when
    no font here has them all."""
    if not codes:
        return None
    for c in _finder.covering(codes, bold):
        source = _finder.source(c)
        if source is None or not codes <= source.cmap.keys():
            continue
        try:
            data = source.subset(codes)
            digest = hashlib.sha256(data).hexdigest()[:12]
            stem = re.sub(r"[^A-Za-z0-9]+", "-", c.path.rsplit("/", 1)[-1].rsplit(".", 1)[0])
            name = f"racegen-{stem.strip('-') or 'font'}-{c.index}-{digest}"
            return _register(name, name, c.bold, data, c.path)
        except Exception:  # a font fontTools or reportlab cannot read or embed: look further
            continue
    return None


def reset() -> None:
    """Forget the system-font search (tests change where it looks)."""
    global _finder
    _finder = system_fonts.Finder()
    system_face.cache_clear()
    _choice.cache_clear()
    svg_font_data.cache_clear()


# --- the SVG's embedded subsets ---------------------------------------------------------


@lru_cache(maxsize=64)
def svg_font_data(face: Face, codes: frozenset[int]) -> str:
    """The face cut down to `codes` (TrueType outlines in WOFF), base64 for an @font-face URL.

    Outlines, advances and the name table (copyright and licence) stay; hinting and the
    layout tables go, so a viewer sets the glyphs one by one, unkerned, as the PDF does.
    The bytes depend only on the font and the code points (no timestamp is written).
    """
    import base64
    import io
    import logging

    from fontTools import subset
    from fontTools.ttLib import TTFont

    font = TTFont(io.BytesIO(face.data), recalcTimestamp=False)
    options = subset.Options()
    options.name_IDs = ["*"]
    options.layout_features = []
    options.hinting = False
    options.drop_tables += ["GSUB", "GPOS", "GDEF", "BASE", "JSTF", "MATH", "kern", "FFTM"]
    options.drop_tables += ["morx", "kerx", "trak", "fvar", "gvar", "avar", "cvar", "HVAR"]
    options.drop_tables += ["MVAR", "STAT"]
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=sorted(codes))
    log = logging.getLogger("fontTools.subset")
    level = log.level
    log.setLevel(logging.ERROR)  # "table X not subset; dropped" is no news for a user
    try:
        subsetter.subset(font)
    finally:
        log.setLevel(level)
    font.flavor = "woff"  # zlib: the licence text in the name table shrinks to a third
    buf = io.BytesIO()
    font.save(buf)
    return base64.b64encode(buf.getvalue()).decode("ascii")
