"""Printed sheets: true scale, rules and par on every sheet, answer keys, worksheets."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import DATA, EXAMPLES
from pypdf import PdfReader

from generator.cli import cli
from generator.games.graph_racers.moves.rules import Rules
from generator.games.graph_racers.printing.answer_key import lines_note
from generator.games.graph_racers.printing.drawing import GRID, TrackDrawing
from generator.games.graph_racers.printing.printed_rules import rule_text
from generator.games.graph_racers.printing.track_sheet import sheet_document
from generator.games.graph_racers.printing.worksheets import worksheet_slots, worksheet_track_size
from generator.games.graph_racers.solving.solve import solve
from generator.games.graph_racers.track.formats import read_track
from generator.render.canvas import Canvas
from generator.render.paper import Paper

MM = 72 / 25.4


def run(*args: str):
    return CliRunner().invoke(cli, ["graph-racers", *args])


def pages_text(path) -> list[str]:
    return [p.extract_text() for p in PdfReader(str(path)).pages]


def test_sheet_pdf_has_track_race_log_and_answer_pages(tmp_path):
    r = run("sheet", str(EXAMPLES / "oil-oval.txt"), "--out", str(tmp_path), "--players", "3")
    assert r.exit_code == 0, r.output
    (pdf,) = [tmp_path / "oil-oval-sheet-3players.pdf"]
    assert r.output.strip() == str(pdf)
    reader = PdfReader(str(pdf))
    assert len(reader.pages) == 5  # track, race sheet, move log (2 x par 21: two pages), answer
    texts = pages_text(pdf)
    for text in texts[:2] + texts[4:]:
        assert "accel 5, collision exact" in text and "print at 100 %" in text
    assert "Par: 21 moves under these rules." in texts[0]
    assert "checkpoints 1 and 2 in order" in texts[0]
    assert "Player 3: black triangle" in texts[1] and "Player 4" not in texts[1]
    assert "move log" in texts[2] and "Player 3" in texts[2]
    assert "move log (continued)" in texts[3] and "after move 6" in texts[3]
    assert "Optimal: 21 moves under accel 5, collision exact." in texts[4]
    assert "Accelerations (row, col) of moves 1 to 21" in texts[4]
    # A4, in landscape for this wide track (points)
    w, h = float(reader.pages[0].mediabox.width), float(reader.pages[0].mediabox.height)
    assert (round(w / MM), round(h / MM)) == (297, 210)
    w, h = float(reader.pages[2].mediabox.width), float(reader.pages[2].mediabox.height)
    assert (round(w / MM), round(h / MM)) == (210, 297)


def test_grid_is_true_scale():
    track = read_track(EXAMPLES / "sprint.txt")
    for pitch in (5.0, 6.35):
        drawing = TrackDrawing(track, pitch)
        canvas = Canvas(300, 300)
        drawing.draw(canvas)
        (grid_op,) = [op for op, _ in canvas.flat() if op.kind == "path" and op.style == GRID]
        xs = sorted(
            {cmd[1] for cmd in grid_op.data if cmd[0] == "M" and cmd[2] == grid_op.data[-1][2]}
        )
        ys = sorted({cmd[2] for cmd in grid_op.data if cmd[0] == "M"})
        assert all(abs(b - a - pitch) < 1e-3 for a, b in zip(ys, ys[1:], strict=False))
        assert len(ys) >= track.rows and xs
        (x0, y0), (x1, y1) = drawing.xy((0, 0)), drawing.xy((track.rows - 1, track.cols - 1))
        assert (
            abs(x1 - x0 - pitch * (track.cols - 1)) < 1e-9
            and abs(y1 - y0 - pitch * (track.rows - 1)) < 1e-9
        )


def test_quarter_inch_grid_and_letter_paper(tmp_path):
    r = run(
        "sheet",
        str(EXAMPLES / "sprint.txt"),
        "--pages",
        "track",
        "--grid",
        "0.25in",
        "--paper",
        "letter",
        "--out",
        str(tmp_path),
    )
    assert r.exit_code == 0, r.output
    reader = PdfReader(str(tmp_path / "sprint-sheet-track-grid6.35mm.pdf"))
    assert len(reader.pages) == 1
    text = reader.pages[0].extract_text()
    assert "grid 1/4 in (6.35 mm), true size" in text and "Par: 6 moves under these rules." in text
    w = float(reader.pages[0].mediabox.width) / 72
    assert round(w, 1) in (8.5, 11.0)


def test_answer_key_notes_uniqueness():
    track = read_track(EXAMPLES / "sprint.txt")
    sol = solve(track, Rules(), count_lines=100)
    assert sol.optimal_lines == 1 and lines_note(sol) == "This optimal racing line is the only one."
    oval = solve(read_track(EXAMPLES / "oil-oval.txt"), Rules(), count_lines=10)
    assert (
        lines_note(oval)
        == "One of at least 10 optimal racing lines: other answers with 21 moves are right too."
    )
    doc = sheet_document(
        track,
        Rules(),
        sol,
        kinds=("answer",),
        players=2,
        paper=Paper.get("a4"),
        pitch=5.0,
        mono=True,
        stem="x",
    )
    (page,) = doc.pages
    texts = " ".join(page.texts())
    assert "This optimal racing line is the only one." in texts
    assert page.mono
    # numbered points 0..6 of the line appear on the drawing
    for i in range(7):
        assert str(i) in page.texts()


def test_unsolvable_track_has_no_answer_key(tmp_path):
    f = tmp_path / "blocked.txt"
    f.write_text("graph-racers track 1\nmap:\nS.#G\n")
    r = run("sheet", str(f), "--out", str(tmp_path))
    assert r.exit_code == 1 and "no par and no answer key" in r.stderr
    assert not list(tmp_path.glob("*.pdf"))
    r = run("sheet", str(f), "--pages", "track", "--out", str(tmp_path))
    assert r.exit_code == 0


def test_big_track_is_tiled(tmp_path):
    r = run(
        "sheet",
        str(DATA / "momba" / "ring.track"),
        "--pages",
        "track",
        "--grid",
        "8mm",
        "--accel",
        "9",
        "--out",
        str(tmp_path),
    )
    assert r.exit_code == 0, r.output
    texts = pages_text(tmp_path / "ring-sheet-track-accel9-grid8mm.pdf")
    assert len(texts) > 3
    assert "track tiled over the following sheets" in texts[0]


def test_players_out_of_range():
    assert run("sheet", str(EXAMPLES / "sprint.txt"), "--players", "7").exit_code == 2


def test_worksheet(tmp_path):
    r = run(
        "worksheet",
        "--count",
        "3",
        "--per-page",
        "2",
        "--difficulty",
        "easy",
        "--seed",
        "1",
        "--out",
        str(tmp_path),
    )
    assert r.exit_code == 0, r.output
    pdf = tmp_path / "graph-racers-worksheet-easy-s1.pdf"
    texts = pages_text(pdf)
    assert len(texts) == 4  # 2 puzzle pages, 2 answer pages
    assert "Name" in texts[0] and "Date" in texts[0]
    assert (
        "Puzzle 1 · par" in texts[0]
        and "Puzzle 2 · par" in texts[0]
        and "Puzzle 3 · par" in texts[1]
    )
    # sheet headers name their puzzles (the footer numbers the pages of the whole document)
    assert texts[0].startswith("Graph Racers worksheet (easy) · puzzles 1-2")
    assert texts[1].startswith("Graph Racers worksheet (easy) · puzzle 3")
    assert texts[2].startswith("Answers · puzzles 1-2") and texts[3].startswith(
        "Answers · puzzle 3"
    )
    # the answer stands where the puzzle stood, with the same par
    import re

    pars = re.findall(r"Puzzle (\d) · par (\d+) moves", texts[0] + texts[1])
    answers = re.findall(r"Puzzle (\d) · par (\d+) moves", texts[2] + texts[3])
    assert pars == answers and len(pars) == 3
    # the same seed gives the same puzzles on US Letter (the track size fits both papers)
    r = run(
        "worksheet", "--count", "3", "--per-page", "2", "--difficulty", "easy", "--seed", "1",
        "--paper", "letter", "--out", str(tmp_path / "letter"),
    )  # fmt: skip
    assert r.exit_code == 0, r.output
    letter = pages_text(tmp_path / "letter" / pdf.name)
    assert re.findall(r"Puzzle (\d) · par (\d+) moves", letter[0] + letter[1]) == pars
    assert "graph-racers:24x23#1" in texts[0] and "graph-racers:24x23#1" in letter[0]
    again = tmp_path / "again"
    r2 = run(
        "worksheet",
        "--count",
        "3",
        "--per-page",
        "2",
        "--difficulty",
        "easy",
        "--seed",
        "1",
        "--out",
        str(again),
    )
    assert r2.exit_code == 0
    assert (again / pdf.name).read_bytes() == pdf.read_bytes()


def test_worksheet_slots_fit_the_page():
    from generator.games.graph_racers.printing.worksheets import ANSWER_ROW, SLOT_TITLE

    paper = Paper.get("a4")
    words = "Rules: " + "every rule in force " * 30  # the rules at the foot take their room
    for k in (1, 2, 3, 4, 6):
        slots = worksheet_slots(paper, k, words)
        assert len(slots) == k
        cols, rows = worksheet_track_size(paper, k, 5.0, (40, 28), rules_text=words)
        drawing = TrackDrawing(
            read_track(EXAMPLES / "sprint.txt").with_(grid=("#" * cols,) * rows), 5.0
        )
        for slot in slots:
            assert drawing.width <= slot.w + 1e-9
            assert SLOT_TITLE + drawing.height + ANSWER_ROW <= slot.h + 1e-9
            assert slot.bottom < worksheet_slots(paper, k)[-1].bottom  # above the rules
            assert slot.x >= 10 and slot.right <= 200
    with pytest.raises(Exception, match="--per-page 5"):
        worksheet_slots(paper, 5)


def test_printed_finish_rule_follows_the_collision_rule(text_track):
    """Under the jump rule a car must land on a goal point (the checker and solver say so); the
    sheet said "touching" (found by the audit), which lets students beat the printed par."""
    track = text_track("#####\n#S.G#\n#####\n")
    exact = " ".join(rule_text(track, Rules(5), 2))
    # a fast car that touches the goal and would then hit the wall has finished (the solver's
    # rule; the sheet did not say so, found by the rules-text audit)
    assert (
        "Finish by touching a chequered goal square: the race ends there, even if the line "
        "would go on into a grey square." in exact
    )
    jump = " ".join(rule_text(track, Rules(5, "endpoint"), 2))
    assert "Finish by landing on a chequered goal square." in jump and "touching" not in jump


def test_mono_race_sheet_names_shapes_not_colours(tmp_path):
    """A mono page has no colours to name (found by the audit: 'blue circle' on grey)."""
    for mono, first in ((False, "Player 1: blue circle"), (True, "Player 1: circle")):
        out = tmp_path / str(mono)
        args = ["graph-racers", "sheet", str(DATA / "momba" / "tiny.track"), "--pages", "race"]
        r = CliRunner().invoke(cli, [*args, "--out", str(out)] + (["--mono"] if mono else []))
        assert r.exit_code == 0, r.output
        text = PdfReader(next(out.glob("*.pdf"))).pages[0].extract_text()
        assert first in text
        assert ("vermillion" in text) is not mono
        # nor tells the players to draw in their colour (found by a user test)
        flat = " ".join(text.split())
        join = "join your moves with a line" if mono else "join your moves with your colour"
        assert join in flat and ("colour" in flat) is not mono


def test_a_car_standing_still_gets_one_label_for_its_numbers():
    """tiny under accel 5 stops on (4, 4) for a move: points 5 and 6 are one point, labelled
    "5,6" (found by the audit: "6" was pushed beside "4" and read as "4 6")."""
    from generator.render.canvas import Canvas as C

    track = read_track(DATA / "momba" / "tiny.track")
    sol = solve(track, Rules(5))
    assert sol.path[5] == sol.path[6] == (4, 4)
    drawing = TrackDrawing(track, 5.0)
    canvas = C(drawing.width, drawing.height)
    drawing.draw(canvas, line=sol.path)
    texts = canvas.texts()
    assert "5,6" in texts and "6" not in texts and "5" not in texts


def test_a_rules_page_of_its_own_turns_as_its_track_page(tmp_path):
    # 40 x 25 points at 1/4 inch fill a landscape Letter page: the rules go on a page of their
    # own before the track, turned the same way (a PDF of one orientation prints duplex)
    track = EXAMPLES / "graph-racers-40x25-medium-s1-1.json"
    args = ["sheet", str(track), "--pages", "track", "--pages", "answer"]
    r = run(*args, "--grid", "0.25in", "--paper", "letter", "--out", str(tmp_path))
    assert r.exit_code == 0, r.output
    name = "graph-racers-40x25-medium-s1-1-sheet-track-answer-grid6.35mm.pdf"
    reader = PdfReader(str(tmp_path / name))
    sizes = [
        (round(float(p.mediabox.width)), round(float(p.mediabox.height))) for p in reader.pages
    ]
    assert sizes == [(792, 612)] * 4
    texts = pages_text(tmp_path / name)
    assert "Par: 37 moves under these rules." in texts[0] and "Par:" not in texts[1]
    assert "Optimal: 37 moves" in texts[2]


def test_worksheet_prints_every_rule_and_where_answers_use_boosts(tmp_path):
    """With boosts the worksheet dropped their rules and the answers jumped by 2 unexplained
    (found by the audit): the rules line has every rule, each answer says where its boosts
    go, and the grid note says 1/4 in."""
    args = ["worksheet", "--brakes", "2", "--turbo", "2", "--count", "2", "--seed", "1"]
    drawn = run(*args, "--out", str(tmp_path))
    assert (drawn.exit_code, drawn.stderr) == (
        1,
        "Error: drawn circuits are raced without good brakes, turbo or the rocket: drop the "
        "boost options or use --kind cells\n",
    )
    args += ["--kind", "cells"]
    r = run(*args, "--paper", "letter", "--grid", "0.25in", "--out", str(tmp_path))
    assert r.exit_code == 0, r.output
    texts = [
        " ".join(t.split()) for t in pages_text(tmp_path / "graph-racers-worksheet-easy-s1.pdf")
    ]
    for text in texts:
        assert "Good brakes x2: slow one axis by 2. Turbo x2: speed one axis up by 2." in text
        assert "grid 1/4 in (6.35 mm), true size" in text
    assert "turbo at moves 5, 8 · good brakes at moves 6, 7" in texts[1]
    assert "turbo at moves 1, 7 · good brakes at moves 9, 12" in texts[1]


def test_boost_notes_follow_the_velocity():
    from generator.games.graph_racers.printing.answer_key import boost_notes

    # speed up by 2 from rest (turbo), then slow by 2 (good brakes), the rocket's 3
    assert boost_notes([(2, 0), (0, 1), (-2, 0), (0, 3)]) == [
        "turbo at move 1",
        "good brakes at move 3",
        "rocket at move 4",
    ]
    assert boost_notes([(1, 0), (0, -1)]) == []


def test_answer_numbers_keep_off_the_lines_arrows_and_badges():
    """Point numbers sat under the start arrow and checkpoint badges (found by the audit)."""
    from generator.render.layout import text_width

    track = read_track(EXAMPLES / "graph-racers-40x25-medium-s1-1.json")
    path = [tuple(p) for p in track.meta["solution"]["path"]]
    drawing = TrackDrawing(track, 5.0)
    marks = drawing._mark_boxes()
    assert len(marks) == 2 * len(track.checkpoints) + 1
    canvas = Canvas(drawing.width, drawing.height)
    drawing.racing_line(canvas, path)
    numbers = [op for op, _ in canvas.flat() if op.kind == "text" and op.data[2][0].isdigit()]
    assert len(numbers) >= len(path) - 1
    for op in numbers:
        x, base, label = op.data
        size = op.text.size
        w, h = text_width(label, size, True), size * 25.4 / 72
        left = x - w if op.text.anchor == "end" else x
        box = (left, base - 0.75 * h, left + w, base + 0.25 * h)
        for m in marks:
            assert box[2] <= m[0] or m[2] <= box[0] or box[3] <= m[1] or m[3] <= box[1], label


def test_slot_labels_never_drop_the_boosts():
    """A narrow slot dropped the rocket and the brakes from an answer's label, so the drawn
    line read as illegal (found by the rules-text audit): the lines note may go, the boosts
    are written short, then on a second line."""
    from generator.games.graph_racers.printing.worksheets import _slot_label
    from generator.render.layout import text_width

    parts = ["Puzzle 1 · par 15 moves", "One of 3 optimal racing lines"]
    boosts = ["turbo at moves 1, 7", "good brakes at moves 6, 12", "rocket at move 13"]
    assert _slot_label(parts, boosts, 200) == ([" · ".join(parts + boosts)], 8.0)
    assert _slot_label(parts, boosts, 88) == (
        ["Puzzle 1 · par 15 moves · turbo 1, 7 · brakes 6, 12 · rocket 13"],
        8.0,
    )
    lines, size = _slot_label(parts, boosts, 60)
    assert lines == ["Puzzle 1 · par 15 moves", "turbo 1, 7 · brakes 6, 12 · rocket 13"]
    assert all(text_width(ln, size, True) <= 59 for ln in lines)
    # the lines note stays when it fits beside the short boosts (the last review)
    assert _slot_label(
        ["3. par 14", "2 optimal lines"], boosts[:1] + ["good brakes at move 9"], 70
    )[0] == ["3. par 14 · 2 optimal lines · turbo 1, 7 · brakes 9"]
    for width in (200, 136.5, 96, 88, 60):
        text = " ".join(_slot_label(parts, boosts, width)[0])
        assert all(word in text for word in ("turbo", "brakes", "rocket", "13", "12", "7"))


def test_printed_oil_boost_and_crash_rules_say_what_the_engine_does(text_track):
    """The rules-text audit: the oil line described a different test from the engine's (the
    unchanged move), the boost lines left out the other axis, and the race sheet had no crash
    rule for the table."""
    from generator.games.graph_racers.printing.printed_rules import crash_text

    oily = " ".join(Rules(9, "exact", 1, 1, 0).lines(oil=True))
    assert "when your last vector, driven again unchanged, would touch an oil square" in oily
    assert "make exactly the same move again (you cannot turn, speed up, slow down or stop)" in oily
    assert "A car standing still on oil moves off with a normal move." in oily
    assert "Good brakes, turbo and rocket do not work on oil." in oily
    assert "One boost a move, on one axis; the other axis may change by 1 as usual." in oily
    assert "the other axis keeps its speed" in " ".join(Rules(5, "exact", 1, 0, 0).lines())
    assert not any("boost a move" in ln for ln in Rules(9).lines())
    assert "more than 5 damage points and you are out" in crash_text(Rules())
    assert "a move whose line touches a grey square crashes" in crash_text(Rules())
    # under the jump rule only the landing point counts (found by the code review)
    assert "a move that lands off the track crashes" in crash_text(Rules(5, "endpoint"))


@pytest.mark.parametrize(("paper", "pages", "last"), [("a4", 2, 74), ("letter", 3, 89)])
def test_the_move_log_holds_twice_par_and_fills_its_pages(tmp_path, paper, pages, last):
    """Par 37: the log has rows for moves 0 to 2 x par = 74 (race_sheet.LOG_FACTOR: six-car
    races of computer drivers) over as many pages as that takes, every page full (the Letter
    log's second page was 60 % blank, and a log stopping at par ran a slower race off the
    page): on A4 two pages of 6 mm rows (moves 0 to 74), on Letter three of 7 mm (moves 0 to
    89; the crash rules above the first page's table, with the put-back line and the speed
    example of issue 28, collisions through a car and no boost, take three rows); a line after
    the last row says where to go on."""
    track = str(EXAMPLES / "graph-racers-40x25-medium-s1-1.json")
    r = run("sheet", track, "--pages", "race", "--paper", paper, "--out", str(tmp_path))
    assert r.exit_code == 0, r.output
    texts = pages_text(Path(r.output.strip().splitlines()[-1]))
    logs = [t for t in texts if ": move log" in t]
    assert len(logs) == pages and all("move log (continued)" in t for t in logs[1:])
    labels = [
        int(w) for t in logs for line in t.splitlines() for w in line.split()[:1] if w.isdigit()
    ]
    assert labels == list(range(last + 1)) and last >= 2 * 37
    assert f"continue on the back or on squared paper after move {last}" in logs[-1]
    assert not any("continue on" in t for t in logs[:-1])


# --- worksheets for the classroom (issue 16) ------------------------------------------------


def _worksheet_doc(**options):
    """A worksheet of two generated easy puzzles as the command lays it out, in memory."""
    from generator.games.graph_racers.generating.generate import Request, generate, stored_solution
    from generator.games.graph_racers.printing.faces import FACES
    from generator.games.graph_racers.printing.printed_rules import worksheet_rules
    from generator.games.graph_racers.printing.worksheets import worksheet_documents

    rules = Rules()
    cells = FACES["cells"]
    words = worksheet_rules(cells, rules, cells.lap_race(2, rules))
    paper = Paper.get("a4", True)
    cols, rows = worksheet_track_size(paper, 2, 5.0, (40, 28), rules_text=words)
    tracks = generate(Request(rows, cols, (3, 5), "easy", 1, rules), 2)
    return worksheet_documents(
        tracks,
        [stored_solution(t) for t in tracks],
        rules,
        per_page=2,
        paper=paper,
        pitch=5.0,
        mono=False,
        stem="ws",
        title="Graph Racers worksheet (easy)",
        ident="test",
        **options,
    )


def test_worksheet_answers_after_separate_or_none(tmp_path):
    base = ["worksheet", "--count", "3", "--seed", "1"]
    r = run(*base, "--answers", "separate", "--out", str(tmp_path / "s"))
    assert r.exit_code == 0, r.output
    puzzles = tmp_path / "s" / "graph-racers-worksheet-easy-s1.pdf"
    answers = tmp_path / "s" / "graph-racers-worksheet-easy-s1-answers.pdf"
    assert r.stdout.split() == [str(puzzles), str(answers)]
    texts, keys = pages_text(puzzles), pages_text(answers)
    assert len(texts) == len(keys) == 2
    assert all("Name" in t and "Answers" not in t for t in texts)
    assert keys[0].startswith("Answers · puzzles 1-2") and keys[1].startswith("Answers · puzzle 3")
    r = run(*base, "--answers", "none", "--out", str(tmp_path / "n"))
    assert r.exit_code == 0, r.output
    (only,) = (tmp_path / "n").iterdir()
    assert [t.startswith("Graph Racers worksheet") for t in pages_text(only)] == [True, True]
    r = run(*base, "--out", str(tmp_path / "a"))  # after: today's answer pages, same file
    assert len(pages_text(tmp_path / "a" / puzzles.name)) == 4


def test_separate_answers_are_written_with_the_puzzles_or_not_at_all(tmp_path, monkeypatch):
    """The answers file goes through the same output batch as the puzzles: when it cannot be
    written, the puzzles file is taken back too (and a taken name is refused before the
    tracks are generated)."""
    import errno

    from generator import output

    taken = tmp_path / "graph-racers-worksheet-easy-s1-answers.pdf"
    taken.write_bytes(b"the teacher's key")
    r = run("worksheet", "--count", "2", "--answers", "separate", "--out", str(tmp_path))
    assert r.exit_code == 1 and "already exists: use --force" in r.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == [taken.name]
    taken.unlink()
    real = output.Batch.write

    def full_disk(self, path, data, replace=False):  # noqa: ANN001, ANN202
        if path.name.endswith("-answers.pdf"):
            raise output.write_error(path, OSError(errno.ENOSPC, "No space left on device"))
        return real(self, path, data, replace)

    monkeypatch.setattr(output.Batch, "write", full_disk)
    r = run("worksheet", "--count", "2", "--answers", "separate", "--out", str(tmp_path))
    assert r.exit_code == 1 and "No space left on device" in r.stderr
    assert [p for p in tmp_path.iterdir() if not p.name.startswith(".")] == []


def test_every_puzzle_has_a_box_for_the_moves_and_the_line():
    (doc,) = _worksheet_doc()
    puzzles, answers = doc.pages[:1], doc.pages[1:]
    for page in puzzles:
        texts = page.texts()
        assert (
            texts.count("Your moves") == 2
            and texts.count("Your answer line (colour or number)") == 2
        )
        assert "Name" in texts and "Date" in texts
    for page in answers:  # the key writes the par in the moves box
        texts = page.texts()
        assert texts.count("Moves") == 2 and "Your moves" not in texts and "Name" not in texts
        pars = [t.split("par ")[1].split()[0] for t in texts if t.startswith("Puzzle ")]
        assert [texts[i + 1] for i, t in enumerate(texts) if t == "Moves"] == pars


def test_worksheet_instructions_and_rules_are_9_pt_or_more():
    """The rules at the foot were 7.5 pt (6 pt with boosts): 9 pt now, the puzzles smaller."""
    from generator.render.layout import INSTRUCTIONS_ID

    (doc,) = _worksheet_doc()
    for page in doc.pages:
        words = [
            (op.data[2], op.text.size)
            for op, stack in page.flat()
            if op.kind == "text" and any(g.id and g.id.startswith(INSTRUCTIONS_ID) for g in stack)
        ]
        text = " ".join(w for w, _ in words)
        assert "Race each track" in text or "Each answer stands" in text
        assert "Rules: accel 5, collision exact." in text
        # all but the calibration bar's words, which every printable shares (layout, 8 pt)
        assert all(size >= 9.0 for w, size in words if not w.startswith("print at 100 %")), words


def test_the_rule_sentence_names_what_the_drawing_shows(monkeypatch):
    """Cell maps: grey squares; another kind of track words it for its own drawing (the drawn
    circuits: the track edge), through FACES."""
    from dataclasses import fields, replace

    from generator.games.graph_racers.printing import faces
    from generator.games.graph_racers.track.model import Track

    (doc,) = _worksheet_doc()
    footer = " ".join(doc.pages[0].texts())
    assert "the line must not touch a grey square, not even at a corner." in footer
    assert "off-track square" not in footer
    edge = replace(
        faces.FACES["cells"],
        move_rule=lambda rules: "Each move must stay inside the track edge.",
    )
    monkeypatch.setitem(faces.FACES, "edged", edge)

    class Edged(Track):
        kind = "edged"

    track = read_track(EXAMPLES / "sprint.txt")
    edged = Edged(*[getattr(track, f.name) for f in fields(track)])
    assert faces.face(edged) is edge and faces.face(track) is faces.FACES["cells"]
    assert "Each move must stay inside the track edge." in rule_text(edged, Rules(), 3)
    assert "grey square" not in " ".join(rule_text(edged, Rules(), 3)[:-2])


def test_worksheet_count_goes_to_400():
    """A school year of weekly sheets: --count up to 400 (it was 60)."""
    r = run("worksheet", "--help")
    assert "How many puzzles (up to 400" in " ".join(r.output.split())
    r = run("worksheet", "--count", "401")
    assert r.exit_code == 2 and "401 is not in the range 1<=x<=400" in r.stderr
