"""Every file a user names is read by one capped reader (generator/core/textfile.py, issue 15
item 6): a device or a FIFO is refused from its stat, before it is opened (reading /dev/zero
grew memory forever; opening a FIFO with no writer blocked forever); a file or standard input
over the reader's cap is refused with the cap named; '-' is standard input in every command
that reads a file."""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path

import pytest
from click.testing import CliRunner
from usage import drop_usage

from generator.cli import cli
from generator.core import textfile
from generator.errors import InvalidInput

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
SPRINT = EXAMPLES / "graph_racers" / "sprint.txt"
SPRINT_MOVES = EXAMPLES / "graph_racers" / "sprint-moves.txt"
POSITION = EXAMPLES / "trading_paint" / "position.json"
BETS = EXAMPLES / "triactor" / "bets.csv"
BOARD = EXAMPLES / "dice_rush" / "variant-7x8.txt"
PUSHING = EXAMPLES / "pushing_race" / "midgame.txt"

# one command of each family that reads a file, with FILE where the file goes, and the cap
# of that kind of file (bytes)
READERS = {
    "graph-racers solve": (["graph-racers", "solve", "FILE"], 8_000_000),
    "graph-racers check (track)": (["graph-racers", "check", "FILE", str(SPRINT_MOVES)], 8_000_000),
    "graph-racers check (moves)": (["graph-racers", "check", str(SPRINT), "FILE"], 1_000_000),
    "graph-racers sheet": (["graph-racers", "sheet", "FILE", "--format", "svg"], 8_000_000),
    "trading-paint show": (["trading-paint", "show", "FILE"], 1_000_000),
    "trading-paint paths": (["trading-paint", "paths", "FILE", "--faces", "1"], 1_000_000),
    "trading-paint solve": (["trading-paint", "solve", "FILE"], 1_000_000),
    "trading-paint check": (["trading-paint", "check", "FILE", "stop"], 1_000_000),
    "triactor settle": (["triactor", "settle", "FILE", "--finish", "S,M,C"], 1_000_000),
    "dice-rush show-board": (["dice-rush", "show-board", "--board", "FILE"], 1 << 20),
    "dice-rush board": (["dice-rush", "board", "--board", "FILE", "--format", "svg"], 1 << 20),
    "pushing-race show": (["pushing-race", "show", "FILE"], 64 * 1024),
}


def args_with(name: str, file: str, out: Path | None = None) -> list[str]:
    args = [file if a == "FILE" else a for a in READERS[name][0]]
    if "--format" in args and out is not None:
        args += ["--out", str(out)]
    return args


def invoke(args: list[str], stdin=None, fifo: Path | None = None):  # noqa: ANN001, ANN201
    """The CLI's result; the test fails, instead of hanging, if the command is still running
    after 20 s (a FIFO's writer end is then opened and closed to let a blocked reader go)."""
    result = {}

    def go() -> None:
        result["r"] = CliRunner().invoke(cli, args, input=stdin)

    worker = threading.Thread(target=go, daemon=True)
    worker.start()
    worker.join(20)
    if worker.is_alive():
        if fifo is not None:
            os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
        worker.join(5)
        pytest.fail(f"{' '.join(args)} was still running after 20 s")
    return result["r"]


def one_error(r) -> str:  # noqa: ANN001
    lines = r.output.strip().splitlines()
    assert r.exit_code == 1, r.output
    assert len(lines) == 1 and lines[0].startswith("Error: "), r.output
    assert r.exception is None or isinstance(r.exception, SystemExit), r.exception
    return lines[0]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
@pytest.mark.parametrize("name", READERS)
def test_a_fifo_is_refused_without_blocking(name, tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    r = invoke(args_with(name, str(fifo), tmp_path), fifo=fifo)
    line = one_error(r)
    assert f"{fifo} is a FIFO (named pipe), not a regular file" in line, line
    assert "'-' to read standard input" in line


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")
@pytest.mark.parametrize("name", READERS)
def test_dev_zero_is_refused_by_name_and_capped_on_standard_input(name, tmp_path):
    line = one_error(invoke(args_with(name, "/dev/zero", tmp_path)))
    assert "/dev/zero is a device, not a regular file" in line, line
    with open("/dev/zero", "rb") as zero:  # `racegen ... - < /dev/zero`
        line = one_error(invoke(args_with(name, "-", tmp_path), stdin=zero))
    assert f"standard input is over {READERS[name][1]:,} bytes, the most racegen reads" in line


@pytest.mark.parametrize("name", READERS)
def test_a_file_over_the_cap_is_refused_before_it_is_read(name, tmp_path):
    big = tmp_path / "big.txt"
    with big.open("wb") as f:  # sparse: nothing is written but the size
        f.truncate(READERS[name][1] + 1)
    line = one_error(invoke(args_with(name, str(big), tmp_path)))
    assert f"{big} is over {READERS[name][1]:,} bytes, the most racegen reads for a" in line


def test_dash_reads_standard_input_in_every_family(tmp_path):
    def ok(args: list[str], stdin: bytes) -> str:
        r = invoke(args, stdin=stdin)
        assert r.exit_code == 0, (args, r.output)
        return r.output

    track, moves = SPRINT.read_bytes(), SPRINT_MOVES.read_bytes()
    assert "Corner sprint: 6 moves" in ok(["graph-racers", "solve", "-"], track)
    assert ok(["graph-racers", "check", "-", str(SPRINT_MOVES)], track).startswith("legal, 6")
    assert ok(["graph-racers", "check", str(SPRINT), "-"], moves).startswith("legal, 6")
    out = ok(["graph-racers", "sheet", "-", "--format", "svg", "--out", str(tmp_path)], track)
    assert "stdin-sheet" in out
    position = POSITION.read_bytes()
    assert ok(["trading-paint", "show", "-"], position) == ok(
        ["trading-paint", "show", str(POSITION)], b""
    )
    assert ok(["trading-paint", "paths", "-", "--faces", "1"], position)
    assert "alice" in ok(["triactor", "settle", "-", "--finish", "S,M,C"], BETS.read_bytes())
    board = BOARD.read_bytes()
    shown = ok(["dice-rush", "show-board", "--board", "-"], board).splitlines()
    named = ok(["dice-rush", "show-board", "--board", str(BOARD)], b"").splitlines()
    assert shown[0] == "# Dice Rush board: 7 rows x 8 columns"  # no file name to take
    assert named[0] == "# variant-7x8: 7 rows x 8 columns" and shown[1:] == named[1:]
    out = ok(
        ["dice-rush", "board", "--board", "-", "--format", "svg", "--out", str(tmp_path)], board
    )
    assert "dice-rush-board-stdin" in out
    assert ok(["pushing-race", "show", "-"], PUSHING.read_bytes())


def test_dash_reads_a_trading_paint_puzzle(tmp_path):
    r = invoke(["trading-paint", "puzzle", "--count", "1", "--seed", "2", "--difficulty",
                "easy", "--out", str(tmp_path)])  # fmt: skip
    assert r.exit_code == 0, r.output
    puzzle = next(tmp_path.iterdir())
    from_file = invoke(["trading-paint", "solve", str(puzzle), "--json"])
    from_stdin = invoke(["trading-paint", "solve", "-", "--json"], stdin=puzzle.read_bytes())
    assert from_stdin.exit_code == 0 and from_stdin.output == from_file.output
    answer = json.loads(from_file.output)["answers"][0]
    r = invoke(["trading-paint", "check", "-", answer], stdin=puzzle.read_bytes())
    assert r.exit_code == 0 and r.output.startswith("right"), r.output


def test_check_refuses_standard_input_twice():
    r = invoke(["graph-racers", "check", "-", "-"], stdin=b"")
    assert r.exit_code == 2
    assert drop_usage(r.output).strip() == (
        "Error: TRACK and MOVES cannot both be '-': standard input is read once"
    )


def test_read_arg_names_standard_input_and_the_path(tmp_path, monkeypatch):
    f = tmp_path / "t.txt"
    f.write_bytes(b"\xef\xbb\xbfone\r\ntwo\r")
    assert textfile.read_arg(str(f), "thing file", "save it", 100) == ("one\ntwo\n", str(f))
    import io
    import sys

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"x\n")))
    assert textfile.read_arg("-", "thing file", "save it", 100) == ("x\n", "standard input")
    with pytest.raises(InvalidInput, match=r"^thing file .*nope not found: check the path$"):
        textfile.read_arg(str(tmp_path / "nope"), "thing file", "save it", 100)
    with pytest.raises(InvalidInput, match=r"is a folder: give a file$"):
        textfile.read_arg(str(tmp_path), "thing file", "save it", 100)
