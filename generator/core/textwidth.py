"""How wide text shows in a terminal, and padding by that width (for the text tables).

`str.ljust` and format widths count code points, but a terminal shows an East Asian wide or
full-width character (王, ｱ in full width, 한) in two columns and a combining mark (the ̈ of a
decomposed "ë") in none, so a table holding such a name drifts out of line. Here:

- East Asian width W (wide) or F (full width): 2 columns;
- combining marks and other zero-width characters (categories Mn, Me, Cf: accents, variation
  selectors, the zero-width joiner and space) and the Hangul medial vowels and final
  consonants that join a syllable (U+1160..U+11FF, U+D7B0..U+D7FF): 0 columns;
- control characters: 0 columns (they print nothing visible);
- everything else, East Asian "ambiguous" characters included: 1 column (as terminals set up
  for European languages show them).

This is the rule of the common wcwidth implementations, written with the standard library's
unicodedata only (so a table shows the same on every machine with the same Python).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

ZERO_CATEGORIES = frozenset({"Mn", "Me", "Cf", "Cc"})
# Hangul jungseong and jongseong: they join the leading consonant before them into one cell
JOINING_JAMO = ((0x1160, 0x11FF), (0xD7B0, 0xD7FF))


def char_width(ch: str) -> int:
    """Columns one character takes in a terminal: 0, 1 or 2."""
    code = ord(ch)
    if code == 0x00AD:  # the soft hyphen (Cf) shows as a hyphen in terminals
        return 1
    if unicodedata.category(ch) in ZERO_CATEGORIES or unicodedata.combining(ch):
        return 0
    if any(lo <= code <= hi for lo, hi in JOINING_JAMO):
        return 0
    return 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1


def width(text: str) -> int:
    """Columns `text` takes in a terminal (one line)."""
    return sum(char_width(ch) for ch in text)


def ljust(text: str, columns: int, fill: str = " ") -> str:
    """`text` padded on the right to `columns` display columns (never cut)."""
    return text + fill * max(0, columns - width(text))


def rjust(text: str, columns: int, fill: str = " ") -> str:
    """`text` padded on the left to `columns` display columns (never cut)."""
    return fill * max(0, columns - width(text)) + text


def center(text: str, columns: int, fill: str = " ") -> str:
    """`text` centred in `columns` display columns; an odd spare column goes on the right."""
    spare = max(0, columns - width(text))
    left = spare // 2
    return fill * left + text + fill * (spare - left)


def pad(text: str, columns: int, align: str = "<") -> str:
    """`text` padded to `columns`: align "<" left, ">" right, "^" centre (format's signs)."""
    if align == "<":
        return ljust(text, columns)
    if align == ">":
        return rjust(text, columns)
    if align == "^":
        return center(text, columns)
    raise ValueError(f"align {align!r}: use <, > or ^")


def columns(rows: Sequence[Sequence[str]], right: Sequence[int] = (), sep: str = "  ") -> list[str]:
    """A text table: each column as wide as its widest cell (in display columns), cells
    padded left-aligned (right-aligned for the column indexes in `right`), `sep` between
    columns, trailing spaces dropped. Every row has as many cells as the first."""
    if not rows:
        return []
    n = len(rows[0])
    for r in rows:
        if len(r) != n:
            raise ValueError(f"a row of {len(r)} cells in a table of {n} columns")
    widths = [max(width(r[i]) for r in rows) for i in range(n)]
    lines = []
    for r in rows:
        cells = [
            rjust(c, w) if i in right else ljust(c, w)
            for i, (c, w) in enumerate(zip(r, widths, strict=True))
        ]
        lines.append(sep.join(cells).rstrip())
    return lines


def fit(text: str, columns: int) -> str:
    """`text` with every line wider than `columns` wrapped at spaces (a word wider than the
    line is never cut). A continuation line starts under the column the wrapped line's text
    starts in: after its last gap of two or more spaces (a table's last column, a listing's
    item), else after its indent and a leading "14. " count. A short parenthesised group
    stays with the word before it: "M (30.00%, 4.80)," is never split."""
    return "\n".join(out for line in text.split("\n") for out in _fit_line(line, columns))


def _fit_line(line: str, columns: int) -> list[str]:
    if width(line) <= columns:
        return [line]
    lead = re.match(r" *(?:\d+\. +)?", line).end()
    gaps = [m.end() for m in re.finditer(r"\S( {2,})(?=\S)", line) if m.end() > lead]
    gaps = [g for g in gaps if width(line[:g]) <= columns - 24]
    hang = gaps[-1] if gaps else lead
    prefix, words = line[:hang], _glued(line[hang:].split())
    indent = " " * width(prefix)
    lines, current = [], prefix
    for word in words:
        if current not in (prefix, indent) and width(current) + 1 + width(word) > columns:
            lines.append(current)
            current = indent + word
        elif current in (prefix, indent):
            current += word
        else:
            current += " " + word
    lines.append(current)
    return lines


GLUE = 20  # the widest "word (group)" kept on one line


def _glued(words: list[str]) -> list[str]:
    """`words` with each short parenthesised group joined to the word before it."""
    out: list[str] = []
    i = 0
    while i < len(words):
        if out and words[i].startswith("("):
            end = next((j for j in range(i, len(words)) if ")" in words[j]), None)
            if end is not None:
                unit = " ".join([out[-1], *words[i : end + 1]])
                if width(unit) <= GLUE:
                    out[-1] = unit
                    i = end + 1
                    continue
        out.append(words[i])
        i += 1
    return out
