"""A fixed set of racegen commands whose files and printed output are hashed (SHA-256), so a
change that must not change behaviour (a new layout of the package, a module split in two) is
shown to print the same bytes: the demo, every kit on A4, Letter and in mono, the Graph Racers
sheet, worksheet and class pack, generated tracks and puzzles, and the JSON (and text) that
the solving, simulating and settling commands print.

`python tests/snapshots.py --record` writes tests/data/snapshot-hashes.json (with the versions
of the libraries that write the bytes); tests/test_snapshots.py checks each command against
it. Importable as `snapshots` (pytest puts this folder on sys.path)."""

from __future__ import annotations

import hashlib
import json
import re
import sys
import tempfile
from importlib import metadata
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
EX = ROOT / "examples"
RECORD = HERE / "data" / "snapshot-hashes.json"
# the libraries whose versions set the bytes of a PDF, SVG or PNG (and OR-Tools for the
# puzzles and loops it proves): the hashes hold for the versions they were recorded with
LIBRARIES = ("reportlab", "svgwrite", "pypdfium2", "pillow", "fonttools", "ortools")

GR = EX / "graph_racers"
LAKE_DESIGNS = "0/0/4+missile+sprayer+guns*2,0/0/10+sub+guns,2/2/0+missile+rocket"

# name -> each step's arguments; "{out}" is a fresh folder whose files are hashed
COMMANDS: dict[str, list[list[str]]] = {
    "demo": [["demo", "--out", "{out}"]],
    "demo-svg-letter-mono": [
        ["demo", "--out", "{out}", "--format", "svg", "--paper", "letter", "--mono"]
    ],
    "kit-a4": [["kit", "all", "--out", "{out}"]],
    "kit-letter": [["kit", "all", "--out", "{out}", "--paper", "letter"]],
    "kit-mono": [["kit", "all", "--out", "{out}", "--mono"]],
    "kit-svg": [["kit", "graph-racers", "--out", "{out}", "--format", "svg"]],
    "paper-dice": [
        ["paper", "dot", "--spacing", "0.25in", "--out", "{out}", "--paper", "letter"],
        ["dice", "blank-d8", "--edge", "20mm", "--out", "{out}", "--format", "svg"],
    ],
    "gr-sheet": [
        ["graph-racers", "sheet", str(GR / "oil-oval.txt"), "--players", "3", "--out", "{out}"],
        ["graph-racers", "sheet", str(GR / "sprint.txt"), "--pages", "answer", "--accel", "9"]
        + ["--out", "{out}", "--format", "svg"],
        ["graph-racers", "sheet", str(GR / "drawn-30x20-medium-s3.json"), "--out", "{out}"],
        ["graph-racers", "sheet", str(GR / "lake-sprint.txt"), "--players", "3"]
        + ["--design", LAKE_DESIGNS, "--teams", "A,B,A", "--out", "{out}"],
        ["graph-racers", "sheet", str(GR / "oil-oval.txt"), "--jumps", "--off-track", "circle"]
        + ["--no-contact", "--pages", "race", "--out", "{out}", "--mono"],
    ],
    "gr-worksheet": [
        ["graph-racers", "worksheet", "--count", "3", "--per-page", "1", "--seed", "2"]
        + ["--answers", "separate", "--out", "{out}"],
        ["graph-racers", "worksheet", "--count", "4", "--per-page", "2", "--kind", "cells"]
        + ["--difficulty", "medium", "--seed", "5", "--out", "{out}", "--paper", "letter"],
    ],
    "gr-classpack": [
        ["graph-racers", "classpack", "--students", "3", "--tracks", "1", "--seed", "4"]
        + ["--out", "{out}"],
    ],
    "gr-generate": [
        ["graph-racers", "generate", "--size", "30x20", "--count", "2", "--seed", "3"]
        + ["--out", "{out}"],
        ["graph-racers", "generate", "--size", "30x20", "--kind", "cells", "--oil", "1"]
        + ["--difficulty", "easy", "--seed", "2", "--out", "{out}"],
    ],
    "gr-car-design": [["graph-racers", "car-design", "--bond", "--out", "{out}"]],
    "gr-solve": [
        ["graph-racers", "solve", str(GR / "sprint.txt"), "--json"],
        ["graph-racers", "solve", str(GR / "oil-oval.txt"), "--accel", "9", "--json"],
        ["graph-racers", "solve", str(GR / "drawn-30x20-medium-s3.json"), "--json"],
        ["graph-racers", "solve", str(GR / "lake-sprint.txt"), "--turbo", "2", "--json"],
        ["graph-racers", "solve", str(ROOT / "tests/data/racetrack/momba/barto-big.track")]
        + ["--accel", "9", "--json"],
    ],
    "gr-check": [
        ["graph-racers", "check", str(GR / "sprint.txt"), str(GR / "sprint-moves.txt")],
        ["graph-racers", "check", str(GR / "sprint.txt"), str(GR / "sprint-crash.txt")]
        + ["--accel", "9"],
    ],
    "gr-race": [
        ["graph-racers", "race", str(GR / "lake-sprint.txt"), "--players", "3"]
        + ["--driver", "solver,cautious,random", "--design", LAKE_DESIGNS, "--seed", "3"]
        + ["--json"],
        ["graph-racers", "race", str(GR / "oil-oval.txt"), "--players", "4", "--driver"]
        + ["random", "--seed", "7", "--teams", "A,B,A,B", "--jumps", "--off-track", "circle"],
        ["graph-racers", "referee", str(GR / "sprint.txt"), str(GR / "sprint-moves.txt")]
        + [str(GR / "sprint-accelerations.txt"), "--json"],
    ],
    "tp-print": [
        ["trading-paint", "worksheet", "--kind", "fewest", "--count", "2", "--seed", "3"]
        + ["--answers", "separate", "--out", "{out}"],
        ["trading-paint", "cars", "--players", "4", "--out", "{out}", "--format", "svg"],
        ["trading-paint", "board", "--style", "poster", "--out", "{out}", "--paper", "a3"],
    ],
    "tp-json": [
        ["trading-paint", "paths", str(EX / "trading_paint/position.json")]
        + ["--faces", "4,3,6", "--json"],
        ["trading-paint", "show", str(EX / "trading_paint/position.json")],
        ["trading-paint", "puzzle", "--count", "3", "--seed", "2", "--out", "{out}", "--json"],
        ["trading-paint", "puzzle", "--kind", "lay", "--goal", "draft", "--count", "2"]
        + ["--seed", "1", "--difficulty", "hard", "--out", "{out}"],
        ["trading-paint", "luck", "--json"],
        ["trading-paint", "strategy", "--json"],
        ["trading-paint", "simulate", "--players", "3", "--games", "40", "--seed", "2", "--json"],
    ],
    "triactor": [
        ["triactor", "settle", str(EX / "triactor/season.csv"), "--results"]
        + [str(EX / "triactor/results.csv"), "--json"],
        ["triactor", "odds", "--races", "300", "--seed", "2", "--json"],
        ["triactor", "race", "--seed", "3"],
        ["triactor", "ledger", "--bets", str(EX / "triactor/season.csv"), "--results"]
        + [str(EX / "triactor/results.csv"), "--out", "{out}"],
    ],
    "pushing-race": [
        ["pushing-race", "moves", str(EX / "pushing_race/midgame.txt"), "--roll", "WILD"]
        + ["--json"],
        ["pushing-race", "show", str(EX / "pushing_race/midgame.txt"), "--play", "TIP a3 +2"],
        ["pushing-race", "simulate", "--games", "200", "--seed", "4", "--json"],
        ["pushing-race", "board", "--space", "27mm", "--out", "{out}"],
    ],
    "dice-rush": [
        ["dice-rush", "odds", "--json"],
        ["dice-rush", "odds", "--board", str(EX / "dice_rush/variant-7x8.txt"), "--json"],
        ["dice-rush", "simulate", "--games", "200", "--seed", "3", "--json"],
        ["dice-rush", "new-board", "--seed", "5", "--out", "{out}/board.txt"],
        ["dice-rush", "board", "--board", str(EX / "dice_rush/variant-7x8.txt")]
        + ["--out", "{out}", "--format", "svg"],
    ],
}


# what a solve measures in wall-clock time is not behaviour: "seconds": 0.034 -> "seconds": T
TIMES = re.compile(r'("seconds": )[0-9.e-]+|( in )[0-9.]+( s\b)')


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def run(name: str) -> dict[str, str]:
    """The hashes of one entry: each step's stdout and exit code, then every file it wrote
    (by its name in the folder)."""
    from click.testing import CliRunner

    from generator.cli import cli

    out: dict[str, str] = {}
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "out"
        for k, args in enumerate(COMMANDS[name]):
            args = [a.replace("{out}", str(folder)) for a in args]
            result = CliRunner().invoke(cli, args, catch_exceptions=False)
            out[f"step {k + 1} exit"] = str(result.exit_code)
            for stream in ("stdout", "stderr"):
                shown = getattr(result, stream).replace(str(folder), "OUT")
                shown = TIMES.sub(lambda m: f"{m[1] or m[2]}T{m[3] or ''}", shown)
                out[f"step {k + 1} {stream}"] = _sha(shown.replace(str(ROOT), "ROOT").encode())
        if folder.exists():
            for path in sorted(folder.rglob("*")):
                if path.is_file():
                    out[path.relative_to(folder).as_posix()] = _sha(path.read_bytes())
    return out


def versions() -> dict[str, str]:
    return {lib: metadata.version(lib) for lib in LIBRARIES}


def record() -> None:
    table = {name: run(name) for name in COMMANDS}
    RECORD.write_text(
        json.dumps({"versions": versions(), "hashes": table}, indent=1, sort_keys=True) + "\n"
    )
    files = sum(len(v) for v in table.values())
    print(f"{RECORD}: {len(table)} entries, {files} hashes")


if __name__ == "__main__":
    if sys.argv[1:] == ["--record"]:
        record()
    else:
        print(__doc__)
