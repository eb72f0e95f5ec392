"""Control characters in user text are escaped in all terminal output (issue 15, item 11):
a name holding ESC [2J would clear the screen, BEL rings, NUL hides what follows."""

from __future__ import annotations

import io
import os
import pty
import subprocess
import sys
from types import SimpleNamespace

import pytest

from generator.cli import cli
from generator.terminal import escape


def test_escape_shows_c0_and_c1_controls_and_keeps_tab_newline_return():
    assert escape("a\x1b[2Jb\x07c\x00d\x9be\x7f") == "a\\x1b[2Jb\\x07c\\x00d\\x9be\\x7f"
    assert escape("tab\tnew\nret\r Zoë ß 東") == "tab\tnew\nret\r Zoë ß 東"


def test_a_player_name_with_bel_and_esc_is_refused_and_shown_escaped(tmp_path):
    """ESC c resets a terminal; click strips only ESC [ ... sequences, and only off a tty.
    (NUL is no test here: Python 3.10's csv refuses it, one error line.) Since issue 30 a
    name with a control character is refused (docs/names.md), as a track's name was; the
    error line shows it escaped."""
    bets = tmp_path / "bets.csv"
    bets.write_bytes(b"player,bet\nal\x07i\x1bce,S\n")
    run = subprocess.run(
        [sys.executable, "-m", "generator", "triactor", "settle", str(bets), "--finish", "S,M,C"],
        capture_output=True,
    )
    assert b"\x07" not in run.stdout + run.stderr and b"\x1b" not in run.stdout + run.stderr
    assert run.returncode == 1 and run.stdout == b""
    assert run.stderr.decode() == (
        f"Error: {bets} line 2 (al\\u0007i\\u001bce,S): player 'al\\u0007i\\u001bce' holds "
        "U+0007 <control-0007>, a control character or line break: write the name on one line\n"
    )


def test_on_a_terminal_an_escape_sequence_in_a_file_name_is_shown_not_obeyed(tmp_path):
    """click strips ANSI sequences only when the output is not a terminal."""
    name = str(tmp_path / "no\x1b[2J.txt")
    leader, follower = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "generator", "graph-racers", "solve", name],
        stdout=follower, stderr=follower, close_fds=True,
    )  # fmt: skip
    os.close(follower)
    chunks = []
    while True:
        try:
            chunk = os.read(leader, 4096)
        except OSError:  # the child closed its end
            break
        if not chunk:
            break
        chunks.append(chunk)
    proc.wait(timeout=30)
    os.close(leader)
    text = b"".join(chunks)
    assert proc.returncode == 1
    assert b"\x1b" not in text and b"no\\x1b[2J.txt not found" in text


class Terminal(io.StringIO):
    """A stderr that says it is a terminal (click's bar draws only on one)."""

    def isatty(self) -> bool:
        return True


def run_on_a_terminal(monkeypatch, *args: str) -> tuple[int, str]:
    err = Terminal()
    monkeypatch.setattr(sys, "stdout", io.StringIO())
    monkeypatch.setattr(sys, "stderr", err)
    with pytest.raises(SystemExit) as e:
        cli.main(list(args), prog_name="racegen")
    return e.value.code, err.getvalue()


def test_triactor_odds_draws_its_progress_bar_with_real_escape_codes(monkeypatch):
    """Issue 30, item 9: the bar wrote through the escaping stream: `\\x1b[?25lracing [###`."""
    code, err = run_on_a_terminal(monkeypatch, "triactor", "odds", "--races", "10")
    assert code == 0
    assert "\x1b[?25l" in err and "racing" in err  # the cursor hidden, the bar drawn
    assert "\\x1b" not in err


def test_trading_paint_simulate_draws_its_progress_bar_with_real_escape_codes(monkeypatch):
    from generator.games.trading_paint.play import simulate

    def twenty_games(players, games, policies, seed, progress=None):  # noqa: ANN001, ANN202
        for _ in range(games):
            progress(1)
        return SimpleNamespace(format=lambda: "report")

    monkeypatch.setattr(simulate, "simulate", twenty_games)
    code, err = run_on_a_terminal(monkeypatch, "trading-paint", "simulate", "--games", "20")
    assert code == 0
    assert "\x1b[?25l" in err and "racing" in err and "100%" in err
    assert "\\x1b" not in err
