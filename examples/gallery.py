"""Rebuild the README's gallery: the first page of a few printables as small PNGs in docs/gallery/.

Run from the repository root: python examples/gallery.py
It calls the real racegen commands (PNG output through pypdfium2) in a temporary folder.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

DPI = "40"
# (gallery name, racegen arguments: a seed where the command takes one); the gallery shows
# the first page
SHOTS = [
    (
        "graph-racers-worksheet",
        ["graph-racers", "worksheet", "--count", "2", "--per-page", "2", "--seed", "1"],
    ),
    ("trading-paint-board", ["trading-paint", "board", "--style", "overview"]),
    ("trading-paint-dice", ["trading-paint", "dice"]),
    ("triactor-board", ["triactor", "board", "--style", "page"]),
    ("triactor-slips", ["triactor", "slips", "--layout", "gutter-fold", "--races", "1"]),
    ("triactor-payouts", ["triactor", "payouts"]),
    ("pushing-race-board", ["pushing-race", "board"]),
    ("pushing-race-die", ["pushing-race", "die"]),
    ("dice-rush-board", ["dice-rush", "board"]),
]


def main() -> None:
    target = Path("docs/gallery")
    target.mkdir(parents=True, exist_ok=True)
    for name, args in SHOTS:
        with tempfile.TemporaryDirectory() as tmp:
            cmd = [sys.executable, "-m", "generator", *args, "--format", "png"]
            subprocess.run([*cmd, "--dpi", DPI, "--out", tmp], check=True, capture_output=True)
            first_page = sorted(Path(tmp).glob("*.png"))[0]
            shutil.copyfile(first_page, target / f"{name}.png")
            print(target / f"{name}.png")


if __name__ == "__main__":
    main()
