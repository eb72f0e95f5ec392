"""This computer's fonts, for the characters the bundled ones lack (Chinese, Japanese, Korean,
Thai...): which font files have them, and a font of just those characters to embed.

- Where fontconfig is installed, `fc-list` names the fonts whose charset holds every character
  asked for; elsewhere the usual font folders (font_dirs) are read, each file once a process.
  RACEGEN_FONT_PATH (folders joined by os.pathsep; empty: none) replaces both, so a test (or
  a user) decides exactly where fonts come from.
- The candidates are taken in path order (then the font's number in a collection), an upright
  font of the weight asked for first: the same fonts installed, the same choice.
- A font's licence bits (OS/2 fsType) must allow embedding a subset.
- `Source.subset` builds a small TrueType font of just the characters asked for: their
  outlines, advances, the vertical metrics, and the name table's copyright, licence and
  names (the PostScript name with a tag of its own). CFF outlines (most .otf and .ttc: Noto
  Sans CJK, Source Han Sans) become TrueType quadratic ones (fontTools' cu2qu, at most 1 font
  unit off the cubic curve: the "otf2ttf" recipe), since reportlab embeds TrueType only. A
  font is read once a process (about half a second for Noto Sans CJK: its cmap), each subset
  then takes milliseconds. The bytes depend only on the font file and the characters: no
  timestamp is written, and the glyphs are those of the characters, whatever was asked before.
"""

from __future__ import annotations

import hashlib
import io
import os
import shutil
import subprocess
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

FONT_PATH_ENV = "RACEGEN_FONT_PATH"  # folders to search instead of fontconfig and font_dirs()
FONT_SUFFIXES = (".ttf", ".ttc", ".otf", ".otc")
CURVE_ERROR = 1.0  # font units a quadratic curve may stray from the cubic one (fontTools' otf2ttf)
FC_TIMEOUT = 20.0  # seconds fc-list may take (a first run builds fontconfig's cache)
FC_BOLD = 180  # fontconfig's weight of semibold: from there on a font counts as bold


def font_dirs() -> list[Path]:
    """The folders searched without fontconfig, as the usual systems keep their fonts."""
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
class Candidate:
    """One font of a file (its number in a collection), its weight and slant."""

    path: str
    index: int
    bold: bool
    italic: bool


class Finder:
    """The search, read lazily: fontconfig's answers, or the folders' files, each read once."""

    def __init__(self) -> None:
        self.cmaps: dict[str, list[tuple[Candidate, frozenset[int]]]] = {}
        self.files: list[str] | None = None
        self.sources: dict[tuple[str, int], Source | None] = {}

    def covering(self, codes: frozenset[int], bold: bool) -> list[Candidate]:
        """The fonts that have every one of `codes`, in the order they are preferred."""
        found = self._fontconfig_or_folders(codes)
        return sorted(found, key=lambda c: (c.bold != bold or c.italic, c.path, c.index))

    def source(self, c: Candidate) -> Source | None:
        """The font opened for subsetting (None when it cannot be read or embedded)."""
        key = (c.path, c.index)
        if key not in self.sources:
            self.sources[key] = Source.open(c.path, c.index)
        return self.sources[key]

    def _fontconfig_or_folders(self, codes: frozenset[int]) -> list[Candidate]:
        listed = os.environ.get(FONT_PATH_ENV)
        if listed is not None:
            folders = [Path(p) for p in listed.split(os.pathsep) if p]
        else:
            found = _fontconfig(codes)
            if found is not None:
                return found
            folders = font_dirs()
        if self.files is None:
            self.files = _font_files(folders)
        out = []
        for path in self.files:
            if path not in self.cmaps:
                self.cmaps[path] = _read_candidates(path)
            out += [c for c, cmap in self.cmaps[path] if codes <= cmap]
        return out


def _fontconfig(codes: frozenset[int]) -> list[Candidate] | None:
    """The fonts fontconfig says have every one of `codes`; None when fontconfig is not
    installed (or fails)."""
    fc_list = shutil.which("fc-list")
    if fc_list is None:
        return None
    charset = " ".join(f"{code:x}" for code in sorted(codes))
    try:
        out = subprocess.run(
            [
                fc_list,
                "--format",
                "%{index}\t%{weight}\t%{slant}\t%{file}\n",
                f":charset={charset}",
            ],
            capture_output=True,
            text=True,
            timeout=FC_TIMEOUT,
            check=True,
        ).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    found = set()
    for line in out.splitlines():
        fields = line.split("\t", 3)
        if len(fields) != 4 or not all(f.isdigit() for f in fields[:3]):
            continue  # a variable font lists its weights as a range: its default is not known
        index, weight, slant, path = int(fields[0]), int(fields[1]), int(fields[2]), fields[3]
        if path.lower().endswith(FONT_SUFFIXES) and index < 0x10000:  # (named instances above)
            # fontconfig's weights: 80 regular, 180 semibold, 200 bold; slants: 0 roman
            found.add(Candidate(path, index, weight >= FC_BOLD, slant != 0))
    return sorted(found, key=lambda c: (c.path, c.index))


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


def _read_candidates(path: str) -> list[tuple[Candidate, frozenset[int]]]:
    """The fonts of one file and their cmaps (without fontconfig)."""
    from fontTools.ttLib import TTCollection, TTFont

    out = []
    try:
        if path.lower().endswith((".ttc", ".otc")):
            fonts = list(TTCollection(path, lazy=True).fonts)
        else:
            fonts = [TTFont(path, lazy=True)]
        for index, font in enumerate(fonts):
            cmap = font.getBestCmap()
            if not cmap:
                continue
            os2 = font["OS/2"] if "OS/2" in font else None
            weight = os2.usWeightClass if os2 is not None else 400
            italic = bool(os2 is not None and os2.fsSelection & 1) or bool(
                font["head"].macStyle & 2
            )
            out.append((Candidate(path, index, weight >= 600, italic), frozenset(cmap)))
    except Exception:  # not a font after all, or a broken one
        return []
    return out


# --- a font of a few characters ----------------------------------------------------------

# the name table's records a subset keeps: copyright, family, style, unique id, full name,
# version, PostScript name, trademark, maker, designer, licence, licence URL
KEEP_NAMES = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 13, 14)


@dataclass(eq=False)
class Source:
    """A font of this computer, opened once, that subsets are built from."""

    path: str
    index: int
    font: object = field(repr=False)  # fontTools.ttLib.TTFont, read lazily
    cmap: dict[int, str] = field(repr=False)

    @classmethod
    def open(cls, path: str, index: int) -> Source | None:
        """The font, if it has outlines (TrueType or CFF), a Unicode cmap, and licence bits
        (OS/2 fsType) that allow embedding a subset; else None."""
        from fontTools.ttLib import TTFont

        try:
            font = TTFont(path, fontNumber=index, lazy=True)
            if "glyf" not in font and "CFF " not in font:
                return None  # bitmaps only, or CFF2 (variable): not embeddable here
            if "OS/2" in font:
                fs_type = font["OS/2"].fsType
                if fs_type == 0x0002 or fs_type & 0x0300:
                    return None  # restricted licence, no subsetting, or bitmaps only
            cmap = font.getBestCmap()
        except Exception:  # not a font after all, or a broken one
            return None
        return cls(path, index, font, dict(cmap or {})) if cmap else None

    def subset(self, codes: Iterable[int]) -> bytes:
        """A TrueType font of the characters `codes` (all in self.cmap), as file bytes."""
        from fontTools.fontBuilder import FontBuilder
        from fontTools.pens.cu2quPen import Cu2QuPen
        from fontTools.pens.recordingPen import DecomposingRecordingPen
        from fontTools.pens.ttGlyphPen import TTGlyphPen

        src = self.font
        codes = sorted(set(codes))
        wanted = list(dict.fromkeys(self.cmap[c] for c in codes))  # source glyphs, in order
        names = {g: f"glyph{n + 1}" for n, g in enumerate(wanted)}
        source_glyphs = src.getGlyphSet()
        hmtx = src["hmtx"]
        cff = "CFF " in src
        glyphs = {}
        metrics = {}
        for old, new in [(".notdef", ".notdef"), *names.items()]:
            recording = DecomposingRecordingPen(source_glyphs)
            if old in source_glyphs:
                source_glyphs[old].draw(recording)
            pen = TTGlyphPen(None)
            # cubic curves to quadratic ones; PostScript contours turn the other way round
            recording.replay(Cu2QuPen(pen, CURVE_ERROR, reverse_direction=True) if cff else pen)
            glyphs[new] = pen.glyph()
            metrics[new] = hmtx[old] if old in hmtx.metrics else (0, 0)
        head, hhea = src["head"], src["hhea"]
        fb = FontBuilder(head.unitsPerEm, isTTF=True)
        fb.font.recalcTimestamp = False
        fb.setupGlyphOrder([".notdef", *names.values()])
        fb.setupCharacterMap({c: names[self.cmap[c]] for c in codes})
        fb.setupGlyf(glyphs)
        fb.setupHorizontalMetrics({n: (max(0, w), lsb) for n, (w, lsb) in metrics.items()})
        fb.setupHorizontalHeader(ascent=hhea.ascent, descent=hhea.descent, lineGap=hhea.lineGap)
        fb.setupNameTable(self._names(codes), mac=False)
        fb.setupOS2(**self._os2())
        fb.setupPost(keepGlyphNames=False)
        fb.updateHead(
            created=head.created,
            modified=head.modified,
            fontRevision=head.fontRevision,
            macStyle=head.macStyle,
        )
        buf = io.BytesIO()
        fb.save(buf)
        return buf.getvalue()

    def _names(self, codes: list[int]) -> dict[int, str]:
        """The source's name records worth keeping (English, else the first), with a
        PostScript name of the subset's own: reportlab prints every font of one PostScript
        name with the first one registered, so two names' subsets of one font would share
        the glyphs of one of them."""
        out: dict[int, str] = {}
        for record in self.font["name"].names:
            if record.nameID in KEEP_NAMES and record.nameID not in out:
                text = self.font["name"].getDebugName(record.nameID)
                if text:
                    out[record.nameID] = text
        key = f"{os.path.basename(self.path)}:{self.index}:{codes}"
        tag = hashlib.sha256(key.encode("utf-8")).hexdigest()[:8]
        ps = "".join(ch for ch in out.get(6, "font") if ch.isascii() and ch.isalnum() or ch == "-")
        out[6] = f"{ps[:54] or 'font'}-{tag}"
        out.setdefault(1, out[6])
        out.setdefault(2, "Regular")
        return out

    def _os2(self) -> dict[str, object]:
        if "OS/2" not in self.font:
            return {}
        os2 = self.font["OS/2"]
        keep = (
            "usWeightClass",
            "usWidthClass",
            "fsType",
            "fsSelection",
            "achVendID",
            "sTypoAscender",
            "sTypoDescender",
            "sTypoLineGap",
            "usWinAscent",
            "usWinDescent",
            "sxHeight",
            "sCapHeight",
        )
        return {k: getattr(os2, k) for k in keep if hasattr(os2, k)}
