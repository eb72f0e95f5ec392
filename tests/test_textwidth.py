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


# --- fitting a report to the terminal (issue 30, item 10) ---


def test_fit_hangs_a_table_row_under_its_last_column_and_keeps_a_bet_whole():
    row = "WIN                 1    2.000       2.000  A (0.00%, 0.00), D (20.00%, 3.20), M (30.00%, 4.80)"
    assert tw.fit(row, 80).split("\n") == [
        "WIN                 1    2.000       2.000  A (0.00%, 0.00), D (20.00%, 3.20),",
        "                                            M (30.00%, 4.80)",
    ]


def test_fit_hangs_a_numbered_turn_under_its_text_and_prose_at_its_margin():
    turn = "   14. rolls S:5 M:2 C:2 A:4 [H:ace] P:3 D:ace B:ace; uses H ace: stays at 2 (no room ahead), die stays active"
    assert tw.fit(turn, 80).split("\n") == [
        "   14. rolls S:5 M:2 C:2 A:4 [H:ace] P:3 D:ace B:ace; uses H ace: stays at",
        "       2 (no room ahead), die stays active",
    ]
    assert tw.fit("one two three four", 9) == "one two\nthree\nfour"
    assert tw.fit("short\n\nlines stay", 80) == "short\n\nlines stay"


def test_fit_never_cuts_a_word_wider_than_the_line():
    assert tw.fit("a " + "x" * 30 + " b", 10) == "a\n" + "x" * 30 + "\nb"


@pytest.mark.parametrize(
    "command",
    [["list"], ["triactor", "odds", "--races", "10"], ["triactor", "race", "--seed", "4"]],
)
def test_reports_fit_80_columns_when_not_a_terminal(command):
    """`racegen list` had lines of 184 columns, `triactor odds` 12 lines and `race` 36 over 80."""
    from click.testing import CliRunner

    from generator.cli import cli

    result = CliRunner().invoke(cli, command)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert len(lines) > 10 and max(tw.width(line) for line in lines) <= 80


def test_list_names_serve_and_the_graph_racers_race_and_referee():
    from click.testing import CliRunner

    from generator.cli import cli

    text = " ".join(CliRunner().invoke(cli, ["list"]).output.split())
    assert "other race (computer drivers), referee (a table's moves files)" in text
    assert "kit GAME|all, serve (the printables" in text
