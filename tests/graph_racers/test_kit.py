"""The Graph Racers print-and-play kit a table plays from (issue 26, item 4): a circuit with a
name a person would give it, a race sheet and move log for six players long enough for a real
race, the car-design sheet, and the rules summary last; measured on the recorded canvas."""

from __future__ import annotations

import functools
import re
import tempfile
from pathlib import Path

import pytest

from generator.games.graph_racers.generating.names import PLACES, circuit_name, identity
from generator.games.graph_racers.printables import KIT_COVER, KIT_PLAYERS, PRINTABLES
from generator.games.graph_racers.printing.race_sheet import LOG_FACTOR, LOG_ROWS, log_moves
from generator.games.registry import game
from generator.kits import kit_document
from generator.printing import PrintSpec
from generator.render import layout

OUT = Path(tempfile.gettempdir()) / "racegen-kit-test"  # nothing is written there
SIZE = re.compile(r"\d+\s*x\s*\d+")


@functools.cache
def kit(paper: str = "a4", seed: int = 1, mono: bool = False):
    return kit_document(game("graph-racers"), PrintSpec(out=OUT, paper=paper, seed=seed, mono=mono))


def texts(canvas) -> list[str]:
    return canvas.texts()


def text_ops(canvas) -> list:
    return [op for op, _ in canvas.flat() if op.kind == "text"]


def log_pages(doc) -> list:
    return [c for c in doc.pages if any(": move log" in t for t in texts(c))]


def move_labels(canvas) -> list[int]:
    """The move numbers down the log's first column (the only bare numbers left of 10 mm)."""
    return [
        int(op.data[2])
        for op in text_ops(canvas)
        if op.data[2].isdigit() and op.data[0] < layout.MARGIN + 10.0
    ]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_kit_ends_with_the_rules_summary_basic_and_advanced(paper):
    doc = kit(paper)
    *_, front, back = doc.pages
    assert "Graph Racers · rules summary" in texts(front)
    assert "The basic rules" in texts(front) and "Crashes" in texts(front)
    assert "The advanced rules (pick them before the race)" in texts(back)
    heads = set(texts(back))
    for head in ("Brakes, turbo", "Oil slicks", "Design a car", "James Bond", "Team racing"):
        assert head in heads, head
    # printed on both sides of one sheet: the summary starts on an odd page (a front)
    assert len(doc.pages) % 2 == 0


def test_the_summary_says_the_rules_the_sheets_and_the_engine_say():
    """The summary reuses the printed rules: the crash rule of the move log, the move rule and
    the boost lines of the sheets, the goodies' rules of the race sheet."""
    from generator.games.graph_racers.moves.rules import Rules
    from generator.games.graph_racers.printing.faces import drawn_move_rule
    from generator.games.graph_racers.printing.printed_rules import (
        advanced_sections,
        basic_sections,
        crash_text,
    )

    basic = dict(basic_sections())
    assert crash_text(Rules(), "the track edge").endswith(basic["Crashes"][1:])
    assert basic["A move"].endswith(drawn_move_rule(Rules()))
    assert "more than 5 damage points and you are out" in basic["Crashes"]
    advanced = dict(advanced_sections())
    assert (
        "Good brakes x2: slow one axis by 2. Turbo x2: speed one axis up by 2."
        in (advanced["Brakes, turbo"])
    )
    assert "damage points $5 each" in advanced["Design a car"]
    missile = "Missile ($30, each fires once, one in flight at a time): fire it after your move"
    assert missile in advanced["James Bond"]
    assert "Rear guns ($20 a set)" in advanced["James Bond"]
    assert (
        "a penny: turbo x2; a nickel: good brakes x2; a dime: 5 damage points"
        in (advanced["Collectables"])
    )
    assert advanced["Swedish"].startswith("Accel 8: change to one of the 8 neighbouring")


def test_racegen_graph_racers_rules_prints_the_summary_alone():
    (p,) = [p for p in PRINTABLES if p.name == "rules"]
    assert p.kit is not None and p.kit.rules and p.kit.duplex
    (doc,) = p.documents(PrintSpec(out=OUT, paper="letter"))
    assert doc.stem == "graph-racers-rules" and len(doc.pages) == 2


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_move_log_has_six_columns_and_rows_for_twice_par(paper):
    doc = kit(paper)
    par = int(re.search(r"par (\d+) moves", " ".join(texts(doc.pages[1]))).group(1))
    pages = log_pages(doc)
    for canvas in pages:
        heads = [t for t in texts(canvas) if re.fullmatch(r"Player \d", t)]
        assert heads == [f"Player {i}" for i in range(1, KIT_PLAYERS + 1)]
    labels = [n for canvas in pages for n in move_labels(canvas)]
    assert labels == list(range(len(labels)))  # every move once, in order, over the pages
    assert labels[-1] >= log_moves(par) == LOG_FACTOR * par  # 2 x par: 62 for par 31
    assert len(pages) == 2
    # no page mostly blank: every page's table runs to within a row and the note of its foot
    for canvas in pages:
        foot = max(op.data[1] for op in text_ops(canvas) if op.data[2].isdigit())
        bottom = canvas.height - layout.MARGIN - layout.FOOTER_BAND
        assert bottom - foot < 2 * max(LOG_ROWS) + 6.0
    assert any("continue on the back" in t for t in texts(pages[-1]))


def test_the_track_has_a_name_a_person_would_give_it():
    doc = kit()
    name = texts(doc.pages[1])[0]  # the track sheet's title
    assert name == "Tinker Hairpin"
    for canvas in doc.pages:
        for t in texts(canvas):
            if name in t:
                assert not SIZE.search(t.split("·")[0]), t  # no 34x24 in the name
    # the technical identity stays in the small print, to reproduce the circuit
    subtitle = " ".join(texts(doc.pages[1]))
    assert "34 x 24 points" in subtitle and "drawn circuit, medium, seed 1" in subtitle


def test_names_are_seeded_deterministic_and_free_of_sizes():
    from dataclasses import dataclass, field

    @dataclass
    class Made:
        meta: dict = field(default_factory=dict)

    names = set()
    for seed in range(1, 41):
        made = Made(
            {
                "generator": {"kind": "drawn", "seed": seed, "track": 1, "difficulty": "hard"},
                "features": [{"name": "hairpin"}, {"name": "s-bends"}],
            }
        )
        name = circuit_name(made)
        assert name == circuit_name(made) and not re.search(r"\d", name)
        place, word = name.split(" ", 1)
        assert place in PLACES and word in ("Hairpin", "Bend", "Esses", "Snake")
        names.add(name)
        assert identity(made) == f"drawn circuit, hard, seed {seed}"
    assert len(names) >= 20  # 40 seeds, 32 places x 4 words: mostly different
    assert circuit_name(Made({"generator": {"seed": 3}})).split()[1] in (
        "Loop",
        "Ring",
        "Circuit",
        "Park",
    )


@pytest.mark.parametrize(("paper", "mono"), [("a4", False), ("letter", False), ("a4", True)])
def test_every_sentence_the_kit_sheets_print_is_at_least_8pt(paper, mono):
    """Issue 26, item 5: the crash rules above the move log printed at 7.5 pt. Every text of
    the track, race, log and rules pages of six words or more (a sentence, not a label such
    as "grid 5 mm, true size") prints at 8 pt or more (the footer and the rules summary's grey byline aside)."""
    doc = kit(paper, mono=mono)
    small = []
    for i, canvas in enumerate(doc.pages[1:], 2):
        for op, stack in canvas.flat():
            if op.kind != "text" or len(op.data[2].split()) < 6:
                continue
            if any(
                (g.id or "").startswith((layout.FOOTER_ID, layout.RULES_HEADING_ID)) for g in stack
            ):
                continue
            if op.text.size < layout.INSTRUCTION_SIZE:
                small.append(f"page {i}: {op.text.size} pt {op.data[2][:60]!r}")
    assert not small, "\n".join(small)


def test_the_cover_facts():
    assert KIT_COVER["players"] == "2-6" and KIT_COVER["counts"] == ()
    lo, hi = (int(n) for n in KIT_COVER["minutes"].split("-"))
    assert 0 < lo < hi <= 60
    assert any("move log" in p for p in KIT_COVER["pieces"])
    assert not any(w in " ".join(KIT_COVER["pieces"]) for w in ("dice", "pawn", "coin", "card "))
