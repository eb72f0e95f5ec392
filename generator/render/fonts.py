"""Which font prints a string: one choice shared by the PDF, the SVG and the layout's widths.

- Helvetica (a standard PDF font, WinAnsi: cp1252) prints every string whose characters
  cp1252 holds, as racegen always has, so such documents keep their layout and their bytes.
- A string with any other character prints whole in DejaVu Sans (regular or bold; italic
  prints upright), shipped in templates/fonts and embedded as a subset: Latin, Greek and
  Cyrillic names print exactly.
- When DejaVu Sans lacks one of the string's characters (Chinese, Japanese, Thai...), the
  first font file found on this machine (system font folders, in path order) whose cmap has
  all of them prints it instead, in the requested weight where such a file exists. Only
  TrueType-outline fonts qualify (reportlab embeds no CFF outlines) that allow embedding.
- Characters that no font prints become '?', and so do the letters of scripts written right
  to left (Hebrew, Arabic...) or built by shaping (Devanagari and the other Indic scripts,
  Tibetan, Myanmar, Khmer...): reportlab sets one glyph per character, left to right, so
  those would print wrong without a word. `missing` names both kinds (output.py's note).

Text is composed (Unicode NFC) before the choice, so "e" + a combining accent prints as "é".
Nothing here imports reportlab or fontTools at module level; fonts load once per process,
when the first string that needs them is measured or drawn. Same machine and input, same
choice: the system-font fallback (and so the bytes of such a document) depends on the
fonts installed.
"""

from __future__ import annotations

import os
import re
import unicodedata
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import cache, lru_cache
from pathlib import Path

# The bundled Unicode font: DejaVu Sans 2.37 (Bitstream Vera and Arev licences, both allowing
# redistribution and embedding: templates/fonts/LICENSE-DejaVu.txt)
BUNDLED = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}
UNICODE_FAMILY = "racegen-unicode"  # the SVG's name for the embedded DejaVu Sans subsets

# Helvetica's box (fractions of the size) for layout.text_corners: ascender and descender
HELVETICA_ASCENT = 0.75
HELVETICA_DESCENT = 0.25

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

FONT_SUFFIXES = (".ttf", ".ttc", ".otf")


def helvetica_name(bold: bool = False, italic: bool = False) -> str:
    if bold and italic:
        return "Helvetica-BoldOblique"
    if bold:
        return "Helvetica-Bold"
    if italic:
        return "Helvetica-Oblique"
    return "Helvetica"


_CONTROL = re.compile("[\x00-\x1f\x7f]")  # what printable turns into '?' even in cp1252


def printable(s: str) -> str:
    """The text as the standard Helvetica fonts can print it: others become '?'.

    reportlab's built-in fonts use WinAnsi (cp1252); a character outside it would print as a
    black box, which is worse than a visible '?'. Symbols belong in glyphs.py as paths.
    """
    if helvetica_can(s) and not _CONTROL.search(s):
        return s  # nearly every string: checked whole, not a character at a time
    out = []
    for ch in s:
        ok = ch >= " " and ch != "\x7f"
        if ok:
            try:
                ch.encode("cp1252")
            except UnicodeEncodeError:
                ok = False
        out.append(ch if ok else "?")
    return "".join(out)


def helvetica_can(s: str) -> bool:
    """Every character of `s` is in cp1252 (control characters still print as '?')."""
    try:
        s.encode("cp1252")
    except UnicodeEncodeError:
        return False
    return True


def unshapeable(ch: str) -> bool:
    """A character of a right-to-left script, or of one that needs shaping."""
    if unicodedata.bidirectional(ch) in ("R", "AL"):
        return True
    code = ord(ch)
    return any(lo <= code <= hi for lo, hi in SHAPED_RANGES)


@dataclass(frozen=True, eq=False)
class Face:
    """An embeddable TrueType font, registered with reportlab under `name`."""

    name: str  # reportlab's font name
    family: str  # the SVG's font-family for it
    bold: bool  # its weight (the SVG declares it, so no viewer fakes a bold)
    data: bytes = field(repr=False)
    index: int  # the font's number in a collection (.ttc), else 0
    cmap: frozenset[int] = field(repr=False)
    ascent: float  # of the size, for text boxes
    descent: float
    origin: str  # the bundled file's name, or the system file's path

    def prints(self, ch: str) -> bool:
        code = ord(ch)
        return (code in self.cmap or code == 0xA0) and ch >= " " and ch != "\x7f"


@dataclass(frozen=True)
class Choice:
    """How one string prints: the reportlab font, the text as it prints ('?' for what cannot),
    the embedded face (None for Helvetica) and the box's ascender and descender (of the size)."""

    font: str
    text: str
    face: Face | None
    source: str  # the string printed (composed, NFC), character for character with `text`
    ascent: float = HELVETICA_ASCENT
    descent: float = HELVETICA_DESCENT


def choose(s: str, bold: bool = False, italic: bool = False) -> Choice:
    """The font that prints `s` (the whole string, in one font)."""
    if helvetica_can(s):
        return Choice(helvetica_name(bold, italic), printable(s), None, s)
    return _unicode_choice(s, bold, italic)


@lru_cache(maxsize=4096)
def _unicode_choice(s: str, bold: bool, italic: bool) -> Choice:
    s = unicodedata.normalize("NFC", s)
    if helvetica_can(s):  # a decomposed accent composed into cp1252 (e + U+0301 = é)
        return Choice(helvetica_name(bold, italic), printable(s), None, s)
    needed = {ch for ch in s if ch >= " " and ch != "\x7f" and not unshapeable(ch)}
    if any(ch < " " or ch == "\x7f" or unshapeable(ch) for ch in s):
        needed.add("?")  # what those print as
    face = bundled(bold)
    if not all(face.prints(ch) for ch in needed):
        face = system_face(frozenset(ord(ch) for ch in needed if ch != "\xa0"), bold) or face
    text = "".join(ch if face.prints(ch) and not unshapeable(ch) else "?" for ch in s)
    return Choice(face.name, text, face, s, face.ascent, face.descent)


def missing(texts: Iterable[tuple[str, bool]]) -> tuple[list[str], list[str]]:
    """For (text, bold) pairs as drawn: the characters no font here prints, and those of
    scripts the PDF cannot set (right to left, or shaped); each once, in order of appearance.
    Both print as '?' in the PDF and the PNG."""
    no_font: dict[str, None] = {}
    no_shaping: dict[str, None] = {}
    for raw, bold in texts:
        choice = choose(raw, bold)
        for ch, shown in zip(choice.source, choice.text, strict=True):
            if shown == "?" and ch != "?":
                (no_shaping if unshapeable(ch) else no_font)[ch] = None
    return list(no_font), list(no_shaping)


# --- loading --------------------------------------------------------------------------


@cache
def bundled(bold: bool) -> Face:
    """DejaVu Sans (bold or regular) from templates/fonts, registered with reportlab."""
    from generator.resources import template_path

    file = BUNDLED[bold]
    node = template_path("fonts", file)
    if not node.is_file():
        from generator.errors import InvalidInput

        raise InvalidInput(f"template fonts/{file} is missing: reinstall racegen")
    stem = file.rsplit(".", 1)[0]
    return _register(f"racegen-{stem}", UNICODE_FAMILY, bold, node.read_bytes(), 0, file)


def _register(name: str, family: str, bold: bool, data: bytes, index: int, origin: str) -> Face:
    import io

    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    # shapable=False: the same glyphs whether or not uharfbuzz happens to be installed;
    # asciiReadable=False: the subset holds the glyphs drawn, not all of ASCII besides (half
    # the size), and the ToUnicode map still gives the text back
    font = TTFont(name, io.BytesIO(data), subfontIndex=index, shapable=False, asciiReadable=False)
    pdfmetrics.registerFont(font)
    face = font.face
    return Face(
        name=name,
        family=family,
        bold=bold,
        data=data,
        index=index,
        cmap=frozenset(face.charToGlyph),
        ascent=face.ascent / 1000.0,
        descent=-face.descent / 1000.0,
        origin=origin,
    )


# --- system fonts -----------------------------------------------------------------------


def font_dirs() -> list[Path]:
    """The folders searched for fonts the bundled one lacks, as the usual systems keep them."""
    dirs = [Path("/usr/share/fonts"), Path("/usr/local/share/fonts")]
    try:
        home = Path.home()
    except (RuntimeError, KeyError):
        home = None
    if home is not None:
        dirs += [home / ".fonts", home / ".local" / "share" / "fonts"]
    dirs += [Path("/Library/Fonts"), Path("/System/Library/Fonts")]
    if home is not None:
        dirs.append(home / "Library" / "Fonts")
    windows = os.environ.get("WINDIR") or os.environ.get("SystemRoot") or "C:\\Windows"
    dirs.append(Path(windows) / "Fonts")
    local = os.environ.get("LOCALAPPDATA")
    if local:
        dirs.append(Path(local) / "Microsoft" / "Windows" / "Fonts")
    return dirs


@dataclass(frozen=True)
class _Candidate:
    path: str
    index: int
    cmap: frozenset[int] = field(repr=False)
    bold: bool
    italic: bool


class _SystemFonts:
    """The font files of font_dirs(), read lazily in path order (each once per process)."""

    def __init__(self) -> None:
        self.files: list[str] | None = None
        self.read: dict[str, list[_Candidate]] = {}
        self.faces: dict[tuple[str, int], Face | None] = {}
        self.names: set[str] = set()

    def candidates(self) -> Iterator[_Candidate]:
        if self.files is None:
            self.files = _font_files(font_dirs())
        for path in self.files:
            if path not in self.read:
                self.read[path] = _read_candidates(path)
            yield from self.read[path]

    def face(self, c: _Candidate) -> Face | None:
        """The candidate registered with reportlab (None if reportlab refuses it)."""
        key = (c.path, c.index)
        if key not in self.faces:
            stem = re.sub(r"[^A-Za-z0-9]+", "-", Path(c.path).stem).strip("-") or "font"
            name = f"racegen-system-{stem}" + (f"-{c.index}" if c.index else "")
            n = 1
            while name in self.names:
                n += 1
                name = f"racegen-system-{stem}-{n}"
            try:
                data = Path(c.path).read_bytes()
                face = _register(name, name, c.bold, data, c.index, c.path)
            except Exception:  # a font reportlab cannot embed: look further
                face = None
            else:
                self.names.add(name)
            self.faces[key] = face
        return self.faces[key]


_system = _SystemFonts()


def system_face(codes: frozenset[int], bold: bool) -> Face | None:
    """The first system font (in path order) with every code point of `codes`, preferring
    an upright one of the requested weight; None when no font here has them all."""
    return _system_face(codes, bold)


@lru_cache(maxsize=256)
def _system_face(codes: frozenset[int], bold: bool) -> Face | None:
    fallback: list[_Candidate] = []
    for c in _system.candidates():
        if not codes <= c.cmap:
            continue
        if c.bold == bold and not c.italic:
            face = _system.face(c)
            if face is not None:
                return face
        else:
            fallback.append(c)
    for c in fallback:
        face = _system.face(c)
        if face is not None:
            return face
    return None


def _font_files(dirs: Iterable[Path]) -> list[str]:
    """Every font file under `dirs` (links followed, each real file once), in path order."""
    seen: set[str] = set()
    files: list[str] = []
    for top in dirs:
        if not top.is_dir():
            continue
        for root, folders, names in os.walk(top, followlinks=True):
            real_root = os.path.realpath(root)
            if real_root in seen:  # a link back to a folder already walked
                folders.clear()
                continue
            seen.add(real_root)
            folders.sort()
            for name in sorted(names):
                if not name.lower().endswith(FONT_SUFFIXES):
                    continue
                path = os.path.join(root, name)
                real = os.path.realpath(path)
                if real in seen or not os.path.isfile(real):
                    continue
                seen.add(real)
                files.append(path)
    return sorted(files)


def _read_candidates(path: str) -> list[_Candidate]:
    """The fonts of one file that reportlab could embed: TrueType outlines, a Unicode cmap,
    and an OS/2 fsType that allows embedding a subset."""
    from fontTools.ttLib import TTCollection, TTFont

    out = []
    try:
        if path.lower().endswith(".ttc"):
            fonts = list(TTCollection(path, lazy=True).fonts)
        else:
            fonts = [TTFont(path, lazy=True)]
        for index, font in enumerate(fonts):
            if "glyf" not in font or "loca" not in font:
                continue  # CFF outlines (most .otf): reportlab cannot embed them
            os2 = font["OS/2"] if "OS/2" in font else None
            if os2 is not None and (os2.fsType == 0x0002 or os2.fsType & 0x0300):
                continue  # restricted licence, no subsetting, or bitmaps only
            cmap = font.getBestCmap()
            if not cmap:
                continue
            weight = os2.usWeightClass if os2 is not None else 400
            italic = bool(os2 is not None and os2.fsSelection & 1) or bool(
                font["head"].macStyle & 2
            )
            out.append(_Candidate(path, index, frozenset(cmap), weight >= 600, italic))
    except Exception:  # not a font after all, or a broken one
        return []
    return out


def reset() -> None:
    """Forget the system-font search (tests change font_dirs)."""
    global _system
    _system = _SystemFonts()
    _system_face.cache_clear()
    _unicode_choice.cache_clear()
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

    font = TTFont(io.BytesIO(face.data), fontNumber=face.index, recalcTimestamp=False)
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
