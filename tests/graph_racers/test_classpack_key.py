"""The teacher's booklet of a class pack (issue 27): a compact key, four answers a page, scaled,
with every point of each answer line written out, beside the true-size key (one answer a page);
the pages each file claims before a track is made are the pages it writes."""

from __future__ import annotations

import functools
import re

import pytest

from generator.games.graph_racers.generating.generate import (
    Request,
    every_earlier,
    generate,
    stored_solution,
)
from generator.games.graph_racers.moves.rules import Rules
from generator.games.graph_racers.printing.answer_key import KEY_TEXT, key_paragraphs
from generator.games.graph_racers.printing.classpack import class_pack
from generator.games.graph_racers.printing.classroom import classpack
from generator.games.graph_racers.printing.worksheets import index_rows
from generator.printing import PrintSpec
from generator.render import layout


@functools.cache
def _tracks() -> tuple:
    """Two small generated tracks, dealt out in turn (page counts do not depend on the map)."""
    return tuple(generate(Request(20, 24, (3, 5), "medium", 5, Rules()), 2, avoid=every_earlier))


def built(tmp_path, students: int, tracks: int, key: str, paper: str = "a4"):
    """The pack as `classpack --students S --tracks T --key K` plans it, and its documents
    built from the small tracks (each student's puzzles told apart by their place)."""
    job = classpack(PrintSpec(out=tmp_path, paper=paper, seed=1), Rules(), students=students,
                    tracks=tracks, key=key)  # fmt: skip
    made = _tracks()
    pack = class_pack(students, tracks, 1, lambda n: [made[i % 2] for i in range(n)])
    return job, pack, job.documents(pack, mono=False)


@pytest.mark.parametrize(
    ("key", "pages"), [("compact", 16), ("true-size", 61)], ids=["compact", "true-size"]
)
def test_thirty_students_booklet_pages_both_ways(tmp_path, key, pages):
    """30 students x 2 puzzles: one page of codes, then 60 answers one a page (61 pages, 40 %
    of them blank below the track) or four a page (15 pages)."""
    job, _, docs = built(tmp_path, 30, 2, key)
    assert [len(d.pages) for d in docs] == [60, pages]
    assert job.files() == [(job.stem, 60), (f"{job.stem}-teacher", pages)]


@pytest.mark.parametrize("key", ["compact", "true-size"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_forty_students_claim_the_index_pages_they_write(tmp_path, key, paper):
    """The index holds index_rows codes a page (35 on A4, 32 on Letter): 40 students take two
    index pages, and the files claimed before the build say so (they said n + 1)."""
    job, _, docs = built(tmp_path, 40, 1, key, paper)
    assert index_rows(job.plan.paper) == {"a4": 35, "letter": 32}[paper]
    index = [p for p in docs[1].pages if any(t.endswith("answers by code") for t in p.texts())]
    assert len(index) == 2
    written = [(d.stem, len(d.pages)) for d in docs]
    assert job.files() == written == [(job.stem, 40), (f"{job.stem}-teacher", len(docs[1].pages))]
    assert len(docs[1].pages) == (2 + 40 if key == "true-size" else 2 + 10)


def test_every_answer_is_written_out_on_the_compact_key(tmp_path):
    """Every student's answer, in code order: its code, sheet, puzzle and par above the
    drawing, and every point of the solution's line as text (row, col), at 8 pt or more."""
    _, pack, docs = built(tmp_path, 7, 2, "compact")
    teacher = docs[1]
    assert len(teacher.pages) == 1 + 4  # 14 answers, four a page
    words = " ".join(t for page in teacher.pages[1:] for t in page.texts()).replace("\u00a0", " ")
    found = re.findall(r"([A-Z0-9]{4}) sheet (\d+) · puzzle (\d) · par (\d+) moves", words)
    points = re.findall(r"Points \(row, col\): (.*?) (\d+): finish", words)
    ordered = sorted(pack, key=lambda s: s.code)
    expected = [(s, k, t) for s in ordered for k, t in enumerate(s.tracks, start=1)]
    assert len(found) == len(points) == len(expected) == 14
    for (code, sheet, puzzle, par), (listed, moves), (s, k, track) in zip(
        found, points, expected, strict=True
    ):
        sol = stored_solution(track)
        assert (code, int(sheet), int(puzzle), int(par)) == (s.code, s.number, k, sol.moves)
        pairs = re.findall(r"(\d+): \((-?\d+), (-?\d+)\)", listed)
        assert [(int(r), int(c)) for _, r, c in pairs] == [tuple(p) for p in sol.path[:-1]]
        assert [int(i) for i, _, _ in pairs] == list(range(sol.moves)) and int(moves) == sol.moves
    for page in teacher.pages[1:]:
        sizes = {}
        for op, stack in page.flat():
            if op.kind == "text" and not any(g.scale != 1 for g in stack):
                sizes[op.data[2]] = op.text.size
        written = [t for t in sizes if t.startswith("Points") or re.match(r"\d+: \(", t)]
        assert written and all(sizes[t] >= KEY_TEXT for t in written)
        assert min(sizes.values()) >= KEY_TEXT  # code, sheet, par and the page's words too


def test_the_compact_key_scales_every_track_alike_and_prints_no_bar(tmp_path):
    """One scale for every drawing of the key (the largest that fits a quarter page), said on
    the page; no calibration bar, for the key is not true size."""
    _, pack, docs = built(tmp_path, 3, 2, "compact")
    page = docs[1].pages[1]
    scales = [g.scale for op, stack in page.flat() for g in stack if g.scale != 1]
    assert len(set(scales)) == 1 and 0.3 < scales[0] < 1
    said = " ".join(page.texts())
    assert f"drawn at {round(scales[0] * 100)} % of the students' size" in said
    assert layout.BAR_TEXT not in said
    assert "Points (row, col)" not in " ".join(docs[1].pages[0].texts())  # the index page


def test_key_words_list_boosts_and_lines():
    """The words under an answer: its points, how many optimal lines, the boosts it uses."""
    sol = stored_solution(_tracks()[0])
    words = key_paragraphs(sol)
    assert words[0].startswith("Points (row, col): 0:\u00a0(") and words[0].endswith(
        f"{sol.moves}:\u00a0finish"
    )
    assert words[1].endswith("optimal racing lines.") or words[1].endswith("only one.")


def test_the_key_option_on_the_command_and_the_page():
    """--key compact|true-size on the command (compact by default) and as a choice on the
    page's form, built from the same declaration."""
    from click.testing import CliRunner

    from generator.cli import cli
    from generator.web.printables import entry, form_body

    r = CliRunner().invoke(cli, ["graph-racers", "classpack", "--help"])
    help_text = " ".join(r.output.split())
    assert "--key [compact|true-size]" in help_text
    r = CliRunner().invoke(cli, ["graph-racers", "classpack", "--key", "small"])
    assert r.exit_code == 2 and "'small' is not one of 'compact', 'true-size'" in r.stderr
    form = form_body(entry("graph-racers", "classpack"))
    assert re.search(
        r'<select id="f-key" name="key"><option value="compact" selected>compact</option>'
        r'<option value="true-size">true-size</option></select>',
        form,
    )
