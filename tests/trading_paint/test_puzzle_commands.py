"""`racegen trading-paint puzzle|solve|check|worksheet` through the real CLI: files, JSON
fields, exit codes, one-line errors, PDFs opened and checked."""

from __future__ import annotations

import json

from click.testing import CliRunner
from pypdf import PdfReader
from usage import drop_usage

from generator.cli import cli

MM_PER_PT = 25.4 / 72


def run(*args):
    return CliRunner().invoke(cli, ["trading-paint", *args])


def test_puzzle_writes_one_file_per_puzzle_and_lists_them_as_json(tmp_path):
    r = run("puzzle", "--kind", "lay", "--goal", "bump", "--difficulty", "easy", "--count", "2",
            "--seed", "4", "--out", str(tmp_path), "--json")  # fmt: skip
    assert r.exit_code == 0, r.output
    rows = json.loads(r.output)["puzzles"]
    assert [row["grade"] for row in rows] == ["easy", "easy"]
    assert all(set(row) >= {"file", "kind", "grade", "tags"} for row in rows)
    for row in rows:
        data = json.loads(open(row["file"]).read())
        assert data["format"] == "trading-paint-puzzle/1" and data["kind"] == "lay"
        assert data["goal"]["kind"] == "bump" and data["made_by"]["seed"] == 4
        assert data["made_by"]["racegen"]
    # never over an existing file without --force
    again = run("puzzle", "--goal", "bump", "--difficulty", "easy", "--count", "2", "--seed",
                "4", "--kind", "lay", "--out", str(tmp_path))  # fmt: skip
    assert again.exit_code == 1 and again.output.startswith("Error: ")
    assert "already exists: use --force" in again.output


def test_solve_and_check_a_written_puzzle(tmp_path):
    r = run("puzzle", "--goal", "square", "--difficulty", "medium", "--count", "1", "--seed",
            "6", "--out", str(tmp_path), "--json")  # fmt: skip
    path = json.loads(r.output)["puzzles"][0]["file"]
    solved = run("solve", path, "--json")
    assert solved.exit_code == 0, solved.output
    data = json.loads(solved.output)
    assert data["solutions"] == 1 and data["solution"]["answer"]
    answer = data["solution"]["answer"]
    text = run("solve", path)
    assert "1 solution:" in text.output and answer in text.output
    ok = run("check", path, answer)
    assert ok.exit_code == 0 and ok.output.startswith("right: ")
    first, *rest = answer.split()
    face = first.split("@")[0]
    bad = run("check", path, " ".join([f"{face}@0,0/0", *rest]))
    assert bad.exit_code == 1 and bad.output.startswith("wrong: die 1 ")


def test_stop_puzzle_takes_no_goal():
    r = run("puzzle", "--kind", "stop", "--goal", "bump")
    assert r.exit_code == 2
    assert (
        drop_usage(r.output).strip()
        == "Error: a stop puzzle has no goal (stop or roll?): leave out --goal"
    )


def test_malformed_puzzle_and_answer_are_one_line(tmp_path):
    p = tmp_path / "p.json"
    p.write_text('{"format": "trading-paint-puzzle/1", "kind": "lay"}')
    r = run("solve", str(p))
    assert r.exit_code == 1 and len(r.output.strip().splitlines()) == 1
    assert r.output.startswith(f"Error: {p}: position")
    r = run("solve", str(tmp_path / "missing.json"))
    assert r.exit_code == 1 and "not found" in r.output
    good = tmp_path / "g"
    run("puzzle", "--count", "1", "--seed", "2", "--difficulty", "easy", "--out", str(good))
    path = next(good.iterdir())
    r = run("check", str(path), "4@x")
    assert r.exit_code == 1 and r.output.startswith("Error: answer word '4@x'")


def test_worksheet_pdf_pages_true_size_and_answers(tmp_path):
    r = run("worksheet", "--kind", "lay", "--count", "3", "--per-page", "2", "--difficulty",
            "easy", "--seed", "1", "--out", str(tmp_path), "--paper", "letter")  # fmt: skip
    assert r.exit_code == 0, r.output
    (pdf,) = r.output.split()
    reader = PdfReader(pdf)
    assert len(reader.pages) == 5  # the rules page, two puzzle pages, two answer pages
    box = reader.pages[0].mediabox
    assert (round(float(box.width) * MM_PER_PT, 1), round(float(box.height) * MM_PER_PT, 1)) == (
        215.9,
        279.4,
    )
    rules = reader.pages[0].extract_text()
    assert "the rules these puzzles use" in rules and "Path" in rules
    first = reader.pages[1].extract_text()
    assert "Puzzle 1" in first and "Puzzle 2" in first and "Your answer" in first
    assert "Rolled, in this order" in first and "this bar is 50 mm" in first
    assert "true size: squares 17 mm: for 16 mm paper dice" in first
    answers = reader.pages[3].extract_text()
    assert answers.startswith("Answers") or "Answers · puzzles 1-2" in answers


def test_worksheet_answers_separate_and_same_bytes(tmp_path):
    args = ["worksheet", "--count", "2", "--per-page", "1", "--seed", "3", "--answers",
            "separate", "--format", "pdf", "--format", "svg"]  # fmt: skip
    a = run(*args, "--out", str(tmp_path / "a"))
    b = run(*args, "--out", str(tmp_path / "b"))
    assert a.exit_code == 0 and b.exit_code == 0, a.output
    names = sorted(p.name for p in (tmp_path / "a").iterdir())
    assert names == sorted(p.name for p in (tmp_path / "b").iterdir())
    assert any(n.endswith("-answers.pdf") for n in names)
    for n in names:
        assert (tmp_path / "a" / n).read_bytes() == (tmp_path / "b" / n).read_bytes()
    key = PdfReader(str(next((tmp_path / "a").glob("*-answers.pdf"))))
    assert len(key.pages) == 2 and "Answers" in key.pages[0].extract_text()  # no rules page


def test_worksheet_files_are_known_before_the_puzzles_are_made(tmp_path):
    """The worksheet's Printable.files: the stems and page counts the command claims first."""
    import pytest

    from generator.errors import BadOption
    from generator.games.trading_paint.printables import PRINTABLES
    from generator.options import PrintOptions

    (p,) = [p for p in PRINTABLES if p.name == "worksheet"]
    stem = "trading-paint-worksheet-lay-any-easy-s1"
    spec = PrintOptions(tmp_path)
    # the rules page, 6 puzzles 2 a page, the answers after
    assert p.planned_files(spec) == [(stem, 7)]
    assert p.planned_files(spec, count=5, answers="separate") == [
        (stem, 4),
        (f"{stem}-answers", 3),
    ]
    assert p.planned_files(spec, count=3, per_page="1", answers="none") == [(stem, 4)]
    seeded = PrintOptions(tmp_path, seed=7)
    assert p.planned_files(seeded, kind="stop", difficulty="hard") == [
        ("trading-paint-worksheet-stop-hard-s7", 7)
    ]
    with pytest.raises(BadOption, match="a stop puzzle has no goal"):
        p.planned_files(spec, kind="stop", goal="bump")


def test_worksheet_refuses_a_taken_file_before_generating(tmp_path, monkeypatch):
    """A taken file (the worksheet, or its separate answers) is refused before the puzzles
    are generated, which takes seconds: generating here fails the test."""
    from generator.games.trading_paint.puzzles import generate as gen

    def never(*args, **kwargs):
        raise AssertionError("the puzzles were generated before the files were claimed")

    monkeypatch.setattr(gen, "generate", never)
    stem = "trading-paint-worksheet-lay-any-easy-s1"
    taken = tmp_path / f"{stem}.pdf"
    taken.write_bytes(b"mine")
    r = run("worksheet", "--out", str(tmp_path))
    assert r.exit_code == 1
    assert r.output == f"Error: {taken} already exists: use --force to overwrite it\n"
    assert taken.read_bytes() == b"mine"
    taken.unlink()
    answers = tmp_path / f"{stem}-answers.pdf"
    answers.write_bytes(b"mine")
    r = run("worksheet", "--answers", "separate", "--out", str(tmp_path))
    assert r.exit_code == 1
    assert r.output == f"Error: {answers} already exists: use --force to overwrite it\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == [answers.name]


def test_worksheet_squares_are_the_boards_17_mm_where_the_dice_go():
    from generator.games.trading_paint.printing.worksheet import window_limit, worksheet_documents
    from generator.games.trading_paint.puzzles.generate import Request, generate
    from generator.render.paper import Paper

    puzzles = generate(Request("lay", "bump", "easy", 2, 8, window_limit(2)))
    (doc,) = worksheet_documents(
        puzzles, paper=Paper.get("a4"), per_page=2, mono=False, answers="none", stem="t",
        title="t", ident="",
    )  # fmt: skip
    page = doc.pages[1]  # after the rules page
    squares = 0
    for op, pts in page.absolute_points():
        if op.kind == "path" and len(pts) == 4:
            xs, ys = [p[0] for p in pts], [p[1] for p in pts]
            if abs(max(xs) - min(xs) - 17.0) < 1e-6 and abs(max(ys) - min(ys) - 17.0) < 1e-6:
                squares += 1
    # every track square of both windows is drawn 17 mm wide and high, as on the board
    expected = 0
    for p in puzzles:
        x0, y0, x1, y1 = p.window
        b = p.state.board
        expected += sum(
            1
            for x in range(x0, x1 + 1)
            for y in range(y0, y1 + 1)
            if 0 <= x < b.width and 0 <= y < b.height and b.is_track(b.cell(x, y))
        )
    assert squares >= expected > 0


def test_strategy_card_pdf_and_json(tmp_path):
    r = run("strategy", "--out", str(tmp_path), "--paper", "letter")
    assert r.exit_code == 0, r.output
    reader = PdfReader(r.output.split()[0])
    assert len(reader.pages) == 1
    text = reader.pages[0].extract_text()
    assert "256/125" in text and "875/432" in text
    data = json.loads(run("strategy", "--json").output)
    assert data["open_straight"]["turn"] == "256/125"
    assert data["open_straight"]["stop_after_4"] == "875/432"
    assert data["open_straight"]["threshold"] == 4


def test_puzzle_files_are_numbered_with_the_counts_digits(tmp_path):
    """Issue 30, item 10: `--count 100` numbered -1 ... -100 with 2 digits, so -100 sorted
    between -10 and -11. Two digits at least (a count of 6 keeps -01 ... -06)."""
    from generator.games.trading_paint.commands import puzzle_paths

    names = [p.name for p in puzzle_paths(tmp_path, "lay", "any", "medium", 1, 100)]
    assert names[0] == "trading-paint-lay-any-medium-s1-001.json"
    assert names[9] == "trading-paint-lay-any-medium-s1-010.json"
    assert names[-1] == "trading-paint-lay-any-medium-s1-100.json"
    assert sorted(names) == names and len(set(names)) == 100
    six = [p.name for p in puzzle_paths(tmp_path, "stop", "any", "hard", 3, 6)]
    assert six[0] == "trading-paint-stop-hard-s3-01.json" and six[-1].endswith("-s3-06.json")
