"""Display width in a terminal (generator.core.textwidth): wide East Asian characters take two
columns, combining marks none, and the text tables pad by that width."""

from __future__ import annotations

import unicodedata

import pytest

from generator.core import textwidth as tw

ZOE_PRECOMPOSED = "Zo\u00eb"  # ë as one code point
ZOE_COMBINING = "Zoe\u0308"  # e + COMBINING DIAERESIS


def test_widths_of_wide_combining_and_plain_text():
    assert tw.width("Ann") == 3
    assert tw.width("王小明") == 6  # CJK ideographs: East Asian width W
    assert tw.width(ZOE_PRECOMPOSED) == tw.width(ZOE_COMBINING) == 3
    assert len(ZOE_COMBINING) == 4  # what str.ljust counts
    assert tw.width("ＡＢ") == 4  # full-width Latin letters: F
    assert tw.width("ｱｲ") == 2  # half-width katakana: H
    assert tw.width("한국어") == 6  # precomposed Hangul syllables
    assert tw.width("\u1100\u1161\u11a8") == 2  # the same syllable from conjoining jamo
    assert tw.width("a\u200db") == 2  # zero-width joiner
    assert tw.width("é\u0301\u0302") == 1  # stacked combining marks
    assert tw.width("") == 0
    assert tw.width("±§") == 2  # East Asian "ambiguous": one column, as in European terminals


@pytest.mark.parametrize("name", ["王小明", ZOE_PRECOMPOSED, ZOE_COMBINING, "Ann", ""])
def test_padding_by_display_width(name):
    for n in (0, 3, 8, 11):
        for s in (tw.ljust(name, n), tw.rjust(name, n), tw.center(name, n)):
            assert tw.width(s) == max(n, tw.width(name))
            assert name in s
        assert tw.ljust(name, n).startswith(name) and tw.rjust(name, n).endswith(name)
    assert tw.pad(name, 10, "<") == tw.ljust(name, 10)
    assert tw.pad(name, 10, ">") == tw.rjust(name, 10)
    assert tw.pad(name, 10, "^") == tw.center(name, 10)
    with pytest.raises(ValueError):
        tw.pad(name, 10, "=")


def test_center_puts_the_odd_column_on_the_right():
    assert tw.center("王", 5) == " 王  "
    assert tw.center("ab", 5, ".") == ".ab.."


def _dw(s: str) -> int:
    """The width rule, written again here: W/F 2, combining 0, else 1."""
    return sum(
        0 if unicodedata.combining(c) else 2 if unicodedata.east_asian_width(c) in "WF" else 1
        for c in s
    )


def test_columns_line_up_by_display_width():
    rows = [
        ("player", "bet", "payout"),
        ("王小明", "SMC", "48"),
        (ZOE_PRECOMPOSED, "S", "16"),
        (ZOE_COMBINING, "[SM]", "8"),
        ("Ann", "INFO", "0"),
    ]
    lines = tw.columns(rows, right=(2,))
    assert len(lines) == len(rows)
    # column 1 starts at the same display column on every line, column 2 ends there
    starts = {_dw(line[: line.index(r[1], len(r[0]))]) for line, r in zip(lines, rows, strict=True)}
    assert starts == {6 + 2}  # the widest name, 王小明, is 6 columns
    assert {_dw(line) for line in lines} == {len(lines[0])}
    with pytest.raises(ValueError):
        tw.columns([("a", "b"), ("c",)])
    assert tw.columns([]) == []
