"""The classroom commands' help texts say what each option means for drawn circuits and for
cell maps, and name no command-line flag: the web page shows the same texts beside its fields
(generator/web/printables.py), where there are no flags."""

from __future__ import annotations

import re

from generator.games.graph_racers import printables
from generator.resources import load_json

CLASSROOM = ("worksheet", "classpack")


def _printable(name: str):  # noqa: ANN202
    return next(p for p in printables.PRINTABLES if p.name == name)


def test_the_classroom_help_texts_name_no_flag() -> None:
    for name in CLASSROOM:
        p = _printable(name)
        texts = [p.summary, p.help or "", *(o.help for o in p.options)]
        flags = [re.findall(r"--[a-z][a-z-]*", t) for t in texts]
        assert not any(flags), (name, flags)


def test_shared_options_say_both_kinds() -> None:
    help_of = {o.flag: o.help for o in _printable("worksheet").options}
    assert "drawn circuit" in help_of["--difficulty"] and "cell map" in help_of["--difficulty"]
    assert "edge line" in help_of["--collision"] and "off-track squares" in help_of["--collision"]
    assert "Drawn circuits: squares between" in help_of["--width"]
    assert "Cell maps: grid points across the track (default 3..5)" in help_of["--width"]
    for boost in ("--brakes", "--turbo", "--rocket"):
        assert help_of[boost].endswith("Cell maps only: drawn circuits are raced without boosts.")


def test_the_widths_in_the_help_are_the_presets() -> None:
    """The difficulty's widths the --width help names are presets.json's drawn widths."""
    presets = load_json("graph_racers", "presets.json")["drawn"]["difficulty"]
    help_text = {o.flag: o.help for o in _printable("worksheet").options}["--width"]
    for difficulty, spec in presets.items():
        lo, hi = (f"{w:g}" for w in spec["width"])
        assert f"{difficulty} {lo}..{hi}" in help_text
