"""`racegen graph-racers solve|check|generate` through click: output, exit codes, error lines."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner
from conftest import DATA, EXAMPLES
from usage import drop_usage

from generator.cli import cli

TINY = str(DATA / "momba" / "tiny.track")


def run(*args: str):
    return CliRunner().invoke(cli, ["graph-racers", *args])


def test_solve_text():
    r = run("solve", TINY)
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    assert lines[0] == "tiny: 8 moves under accel 5, collision exact"
    assert lines[1].startswith("path: (2, 0) ")
    assert lines[-1].startswith("search: ") and "states expanded" in lines[-1]


def test_solve_json_has_every_field():
    r = run("solve", TINY, "--accel", "9", "--json")
    assert r.exit_code == 0
    data = json.loads(r.output)
    assert data["moves"] == 6 and len(data["path"]) == 7 and len(data["accelerations"]) == 6
    assert data["path"][0] == [2, 0]
    assert data["rules"] == {"accel": 9, "collision": "exact", "brakes": 0, "turbo": 0, "rocket": 0}
    assert isinstance(data["expanded"], int) and data["seconds"] >= 0
    r = run("solve", TINY, "--accel", "9", "--json", "--engine", "cp-sat")
    assert json.loads(r.output)["moves"] == 6 and json.loads(r.output)["engine"] == "cp-sat"


def test_solve_no_route_prints_json_then_fails(tmp_path):
    f = tmp_path / "blocked.txt"
    f.write_text("graph-racers track 1\nmap:\nS.#G\n")
    r = run("solve", str(f), "--json")
    assert r.exit_code == 1
    data, err = json.loads(r.stdout), r.stderr.strip().splitlines()
    assert data["format"] == "graph-racers-solve/1" and data["moves"] is None
    assert err == [
        "Error: blocked: no route from a start to the finish under accel 5, collision exact; "
        "try other rules (for example --collision endpoint or --accel 9)"
    ]
    r = run("solve", str(f), "--collision", "endpoint")
    assert r.exit_code == 0 and "2 moves under accel 5, collision endpoint" in r.output


def test_no_route_hint_leaves_out_the_rules_in_force(tmp_path):
    """Under accel 9 and endpoint the hint suggested exactly those (found by the audit)."""
    f = tmp_path / "gap.txt"
    f.write_text("graph-racers track 1\nname: gap\nmap:\nS#G\n")
    r = run("solve", str(f), "--accel", "9", "--collision", "endpoint")
    assert r.exit_code == 1 and r.output.endswith(
        "under accel 9, collision endpoint; try other rules (for example --turbo 1 or --rocket 1)\n"
    )
    r = run("solve", str(f), "--accel", "9", "--collision", "endpoint", "--turbo", "1")
    assert r.exit_code == 0
    assert r.output.splitlines()[0] == "gap: 1 move under accel 9, collision endpoint, turbo 1"


def test_a_start_finish_line_on_a_wall_is_named_as_the_line(tmp_path):
    """A lap's start points are its line's points: a line on a wall was reported as a start
    point the user never wrote (found by the audit); text files name the file line."""
    f = tmp_path / "walline.txt"
    f.write_text(
        "graph-racers track 1\nname: walline\nfinish: col 2 rows 0-1 left\n"
        "checkpoint: col 3 rows 3-3 right\nmap:\n"
        "########\n#......#\n#.####.#\n#......#\n########\n"
    )
    r = run("solve", str(f))
    assert r.exit_code == 1
    assert r.output == (
        f"Error: {f} line 3 column 9: start/finish line (col 2 rows 0-1 left) point (0, 2) is "
        "on a wall; a line lies on track points\n"
    )
    f.write_text(f.read_text().replace("col 2 rows 0-1", "col 20 rows 1-1"))
    r = run("solve", str(f))
    assert (
        r.exit_code == 1 and "point (1, 20) is off the map; a line lies on track points" in r.output
    )


def test_solve_bad_input_is_one_error_line(tmp_path):
    cases = {
        "ragged.track": (
            "dim: 2 3\nx.s\nxg\n",
            "line 3 column 3: row has 2 characters, the header says 3",
        ),
        "unknown.track": ("dim: 1 3\nsQg\n", "line 2 column 2: unknown character 'Q'; use x . s g"),
        "nostart.track": ("dim: 1 2\n.g\n", "no start;"),
        "nofinish.track": ("dim: 1 2\ns.\n", "no finish;"),
        "wall.txt": (
            "graph-racers track 1\nstart: 0 0\nmap:\n##\n.G\n",
            "start point (0, 0) is on a wall",
        ),
        "empty.track": ("", "the file is empty"),
    }
    for name, (text, message) in cases.items():
        f = tmp_path / name
        f.write_text(text)
        r = run("solve", str(f), "--json")
        assert r.exit_code == 1, name
        assert r.stdout == ""  # no partial output
        err = r.stderr.strip().splitlines()
        assert len(err) == 1 and err[0].startswith(f"Error: {f}") and message in err[0], err
    r = run("solve", TINY, "--max-cells", "10")
    assert r.exit_code == 1 and "is more than the limit of 10" in r.stderr
    r = run("solve", str(tmp_path / "missing.track"))
    assert r.exit_code == 1 and "missing.track not found" in r.stderr
    r = run("solve", TINY, "--accel", "7")
    assert r.exit_code == 2


def test_rules_stored_with_a_track_are_used(tmp_path):
    from generator.games.graph_racers.track.formats import read_track, track_to_json

    track = read_track(EXAMPLES / "sprint.txt").with_(
        meta={"rules": {"accel": 9, "collision": "exact"}}
    )
    f = tmp_path / "stored.json"
    f.write_text(track_to_json(track))
    r = run("solve", str(f))
    assert "under accel 9, collision exact" in r.output
    r = run("solve", str(f), "--accel", "5")
    assert "under accel 5, collision exact" in r.output


def test_check_command(tmp_path):
    sprint = str(EXAMPLES / "sprint.txt")
    r = run("check", sprint, str(EXAMPLES / "sprint-moves.txt"))
    assert (
        r.exit_code == 0 and r.output == "legal, 6 moves (par 6; rules: accel 5, collision exact)\n"
    )
    r = run("check", sprint, str(EXAMPLES / "sprint-crash.txt"), "--accel", "9")
    assert r.exit_code == 1
    assert r.output == (
        "illegal: move 5: crash at point (1, 13) on the way from (1, 11) to (2, 15) "
        "(rules: accel 9, collision exact)\n"
    )
    garbled = tmp_path / "garbled.txt"
    garbled.write_text("1 1\n1 two\n")
    r = run("check", sprint, str(garbled))
    assert r.exit_code == 1 and r.stdout == ""
    assert (
        r.stderr
        == f"Error: {garbled} line 2 column 3: unexpected 't'; write pairs of whole numbers like '5 0' or '(5, 0)'\n"
    )


def test_generate_command_is_reproducible(tmp_path):
    args = ["generate", "--size", "32x20", "--difficulty", "easy", "--seed", "5", "--count", "2"]
    args += ["--kind", "cells"]
    r1 = run(*args, "--out", str(tmp_path / "a"))
    run(*args, "--out", str(tmp_path / "b"))
    assert r1.exit_code == 0, r1.output
    lines = r1.stdout.splitlines()
    paths = [line.split("  par ")[0] for line in lines]
    assert len(paths) == 2 and paths[0].endswith("graph-racers-32x20-easy-s5-1.json")
    # one line per track: the file first (scripts read it), then the par it was solved for
    for path, line in zip(paths, lines, strict=True):
        par = json.loads(Path(path).read_text())["meta"]["par"]
        assert line == f"{path}  par {par}"
    for name in ("graph-racers-32x20-easy-s5-1.json", "graph-racers-32x20-easy-s5-2.json"):
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()
    r3 = run(*args, "--out", str(tmp_path / "a"))
    assert r3.exit_code == 1 and "already exists: use --force" in r3.stderr
    data = json.loads((tmp_path / "a" / "graph-racers-32x20-easy-s5-1.json").read_text())
    r = run("solve", str(tmp_path / "a" / "graph-racers-32x20-easy-s5-1.json"), "--json")
    assert json.loads(r.output)["moves"] == data["meta"]["par"]
    bad = run("generate", "--size", "40by25")
    assert bad.exit_code == 2
    big = run("generate", "--size", "900x900")
    assert big.exit_code == 1 and "larger than" in big.stderr


def test_check_needs_a_start_for_accelerations_on_a_multi_start_track(tmp_path):
    moves = tmp_path / "accels.txt"
    moves.write_text("accelerations\n0 1\n")
    r = run("check", str(EXAMPLES / "sprint.txt"), str(moves))
    assert r.exit_code == 1
    assert r.stderr == (
        f"Error: {moves}: the track has 3 start points: begin the moves with 'start ROW COL' "
        "or give the car's points\n"
    )


def test_worksheet_three_per_page_turns_the_sheet(tmp_path):
    """Three easy puzzles a page do not fit one above the other at 5 mm (12 points tall):
    the worksheet turns the paper and sets them side by side."""
    from pypdf import PdfReader

    result = CliRunner().invoke(
        cli,
        ["graph-racers", "worksheet", "--count", "3", "--per-page", "3", "--kind", "cells"]
        + ["--out", str(tmp_path)],
    )
    assert result.exit_code == 0, result.output
    reader = PdfReader(tmp_path / "graph-racers-worksheet-easy-s1.pdf")
    box = reader.pages[0].mediabox
    assert (round(float(box.width), 2), round(float(box.height), 2)) == (841.89, 595.28)
    text = reader.pages[0].extract_text()
    assert "Puzzle 1" in text and "Puzzle 3" in text


def test_worksheet_too_many_per_page_says_what_to_do(tmp_path):
    result = CliRunner().invoke(
        cli,
        ["graph-racers", "worksheet", "--count", "2", "--per-page", "6", "--kind", "cells"]
        + ["--out", str(tmp_path)],
    )
    assert result.exit_code == 1
    (line,) = result.output.strip().splitlines()
    assert line.startswith(
        "Error: a 17x9 track is too small for easy circuits (at least 4 points wide); "
    )
    assert "--width" not in line and "--size" not in line  # the generator's advice does not apply
    assert line.endswith(
        "a worksheet slot at --per-page 6 on a4 holds 17x9 points (the size that fits A4 and "
        "US Letter too, so a seed gives the same puzzles on every paper): use fewer puzzles per "
        "page, a smaller --grid or another difficulty"
    )
    # found by the metrology audit: --landscape made the slot smaller, and was not named
    result = run(
        "worksheet", "--per-page", "4", "--landscape", "--kind", "cells", "--out", str(tmp_path)
    )
    assert result.exit_code == 1
    assert result.output.strip().endswith(
        "on a4 landscape holds 24x9 points (the size that fits A4 and US Letter too, so a "
        "seed gives the same puzzles on every paper): use no --landscape, fewer puzzles per "
        "page, a smaller --grid or another difficulty"
    )
    assert list(tmp_path.iterdir()) == []


def test_drawn_worksheet_too_small_a_slot_says_what_to_do(tmp_path):
    result = run("worksheet", "--count", "2", "--per-page", "6", "--out", str(tmp_path))
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == (
        "Error: a drawn easy circuit needs at least 20x14 points, not 17x9; a worksheet slot at "
        "--per-page 6 on a4 holds 17x9 points: use fewer puzzles per page, a smaller --grid "
        "or --kind cells\n"
    )
    assert list(tmp_path.iterdir()) == []


def test_worksheet_says_which_feature_the_size_cannot_reach(tmp_path):
    """A size that cannot reach a difficulty failed with no reason (found by the audit): 3 a
    page on Letter at 1/4 inch is 12x18, whose loops have at most 4 corners."""
    args = ["graph-racers", "worksheet", "--paper", "letter", "--grid", "0.25in", "--kind", "cells"]
    r = CliRunner().invoke(
        cli, [*args, "--per-page", "3", "--difficulty", "hard", "--out", str(tmp_path)]
    )
    assert r.exit_code == 1
    (line,) = r.output.strip().splitlines()
    assert line.startswith("Error: no hard track of 12x18 (width 3..5) in 300 attempts for seed 1")
    assert "(most tracks drawn had too few corners: corners at most 4 on this size," in line
    assert "hard needs at least 5)" in line and line.endswith("or another difficulty")
    # 2 a page (19x17) reaches hard: 10 corners x 0.57 rounds to 6, which its loops have (one
    # puzzle shows it: a page of them took seconds more)
    r = CliRunner().invoke(
        cli, [*args, "--difficulty", "hard", "--count", "1", "--out", str(tmp_path)]
    )
    assert r.exit_code == 0, r.output


def test_widths_a_difficulty_never_has_are_refused_at_once(tmp_path):
    r = CliRunner().invoke(
        cli,
        ["graph-racers", "worksheet", "--width", "2..2", "--kind", "cells", "--out", str(tmp_path)],
    )
    assert r.exit_code == 1
    assert r.output == (
        "Error: easy tracks are at least 4 points wide everywhere: --width 2..2 gives none;"
        " use --width 4..4 or another difficulty\n"
    )
    args = [
        "graph-racers",
        "generate",
        "--difficulty",
        "hard",
        "--width",
        "5..5",
        "--kind",
        "cells",
    ]
    r = CliRunner().invoke(cli, [*args, "--out", str(tmp_path)])
    assert r.exit_code == 1 and "hard tracks narrow to 4 points or less somewhere" in r.output
    assert list(tmp_path.iterdir()) == []


def test_width_range_errors_name_the_option(tmp_path):
    for bad in ("5..3", "x..4"):
        r = CliRunner().invoke(
            cli, ["graph-racers", "worksheet", "--width", bad, "--out", str(tmp_path)]
        )
        assert r.exit_code == 2
        assert drop_usage(r.output).startswith(f"Error: Invalid value for '--width': '{bad}': ")


def test_lines_are_counted_by_the_search_engine_only():
    r = run("solve", str(DATA / "momba" / "tiny.track"), "--engine", "cp-sat", "--lines", "5")
    assert (r.exit_code, drop_usage(r.output)) == (
        2,
        "Error: --lines counts with the search engine: leave out --engine cp-sat\n",
    )


def test_sheet_without_a_par_when_the_solver_gives_up(tmp_path):
    """The track and race pages need no solution: past --max-states they print without a par
    and say so; the answer key cannot (the advice named an option sheet did not have)."""
    big = str(DATA / "racetrackgym" / "empty-40x40.track")
    out = str(tmp_path)
    r = CliRunner().invoke(
        cli,
        ["graph-racers", "sheet", big, "--pages", "track", "--max-states", "5", "--out", out],
    )
    assert r.exit_code == 0, r.output
    assert "note: no par on the sheet: empty-40x40: gave up at the limit of 5 states" in r.output
    assert [p.name for p in tmp_path.iterdir()] == ["empty-40x40-sheet-track.pdf"]
    r = run("sheet", big, "--max-states", "5", "--out", str(tmp_path / "answer"))
    assert r.exit_code == 1
    assert r.output.strip().splitlines()[-1] == (
        "Error: empty-40x40: gave up at the limit of 5 states under accel 5, collision exact; "
        "use a smaller track or raise --max-states"
    )
    assert not (tmp_path / "answer").exists()


def test_worksheet_advice_fits_the_request(tmp_path):
    """One puzzle a page cannot take fewer; a --width too wide for the slot is named (found by
    the CLI audit)."""
    result = run(
        "worksheet", "--count", "1", "--per-page", "1", "--width", "12..12", "--kind", "cells",
        "--out", str(tmp_path),
    )  # fmt: skip
    assert result.exit_code == 1
    (line,) = result.output.strip().splitlines()
    assert line == (
        "Error: a 37x28 track has no room for a circuit 12 points wide; a worksheet slot at "
        "--per-page 1 on a4 holds 37x28 points: use --width 4..11"
    )


def test_bad_stored_rules_name_the_file_they_came_from(tmp_path):
    track = tmp_path / "t.json"
    track.write_text(
        '{"format": "graph-racers-track/1", "map": ["####", "#S.G", "####"],'
        ' "meta": {"rules": {"collision": "teleport"}}}',
        encoding="utf-8",
    )
    moves = tmp_path / "m.json"
    moves.write_text('{"path": [[1, 1], [1, 3]], "rules": {"accel": 7}}', encoding="utf-8")
    plain = tmp_path / "m.txt"
    plain.write_text("(1, 1) (1, 3)\n", encoding="utf-8")
    tail = "collision rule 'teleport': use exact or endpoint"
    for args, line in (
        (("solve", str(track)), f"Error: {track}: the rules stored with the track: {tail}"),
        (
            ("check", str(track), str(plain)),
            f"Error: {track}: the rules stored with the track: {tail}",
        ),
        (
            ("check", TINY, str(moves)),
            f"Error: {moves}: the rules stored with the moves: acceleration set 7: use 5, 8 or 9",
        ),
    ):
        r = run(*args)
        assert r.exit_code == 1 and r.output.strip().splitlines() == [line]


def test_characters_no_font_prints_are_refused_in_one_line(tmp_path, monkeypatch):
    """A track name in Japanese printed as '?' in the PDF (found by the CLI audit), so two
    names could print the same. The bundled DejaVu Sans prints the sun; with no font for the
    Japanese (the search pointed at nothing), the PDF is refused in one line and nothing is
    written; an SVG alone leaves them to the viewer's fonts."""
    from generator.render import fonts

    monkeypatch.setenv("RACEGEN_FONT_PATH", "")
    fonts.reset()
    track = tmp_path / "t.txt"
    track.write_text(
        "graph-racers track 1\nname: Straße ☀ 日本\nmap:\n#####\n#S.G#\n#####\n", encoding="utf-8"
    )
    args = ["sheet", str(track), "--pages", "track", "--out", str(tmp_path / "out")]
    r = run(*args, "--format", "pdf", "--format", "svg")
    assert r.exit_code == 1
    assert r.output.strip().splitlines() == [
        'Error: cannot print "Straße ☀ 日本" (characters 日, 本): no font on this computer has '
        "them; install one (e.g. Noto Sans CJK: apt-get install fonts-noto-cjk)"
    ]
    assert not (tmp_path / "out").exists()
    r = run(*args, "--format", "svg")
    assert r.exit_code == 0, r.output
    svg = (tmp_path / "out" / "t-sheet-track.svg").read_text(encoding="utf-8")
    assert "Straße ☀ 日本" in svg
    fonts.reset()


def test_generate_checks_its_output_folder_before_generating(tmp_path, monkeypatch):
    """An --out that cannot be written was found only after every track was generated."""
    from generator.games.graph_racers.generating import generate as gen

    def never(*args, **kwargs):
        raise AssertionError("generated before the output folder was checked")

    monkeypatch.setattr(gen, "generate", never)
    blocker = tmp_path / "a-file"
    blocker.write_text("", encoding="utf-8")
    for args in (
        ("generate", "--size", "40x25", "--out", str(blocker / "x")),
        ("worksheet", "--out", str(blocker / "x")),
    ):
        r = run(*args)
        assert r.exit_code == 1
        assert r.output.strip().splitlines() == [
            f"Error: cannot create output folder {blocker / 'x'}: Not a directory; choose "
            "another with --out"
        ]


def test_stored_rules_take_whole_numbers_only(tmp_path):
    """accel 9.0 and rocket true were accepted and printed as "accel 9.0, rocket True" (found
    by the code review); JSON numbers must be what the option would take."""
    for rules, message in (
        ('{"accel": 9.0}', "acceleration set 9.0: use 5, 8 or 9"),
        ('{"rocket": true}', "rocket uses True: give a whole number from 0 to 9"),
    ):
        track = tmp_path / "t.json"
        track.write_text(
            '{"format": "graph-racers-track/1", "map": ["S..G"], "meta": {"rules": ' + rules + "}}",
            encoding="utf-8",
        )
        r = run("solve", str(track))
        assert r.exit_code == 1
        assert r.output.strip() == f"Error: {track}: the rules stored with the track: {message}"


def test_lines_the_counter_could_not_count_are_not_called_zero(monkeypatch):
    """--lines printed "at least 0" when the counter ran out of room (found by the code
    review): the optimal line just printed is one."""
    from generator.games.graph_racers.solving import solve as solve_module

    monkeypatch.setattr(solve_module, "count_optimal_lines", lambda race, moves, cap: (0, True))
    r = run("solve", TINY, "--lines", "5")
    assert r.exit_code == 0
    assert "optimal racing lines: not counted (too many states to count them)" in r.output


def test_one_move_is_singular_on_every_printout(tmp_path):
    track = tmp_path / "d.txt"
    track.write_text("graph-racers track 1\nname: dash\nmap:\n###\n#SG\n###\n", "utf-8")
    assert run("solve", str(track)).output.splitlines()[0] == (
        "dash: 1 move under accel 5, collision exact"
    )
    from generator.games.graph_racers.moves.rules import Rules
    from generator.games.graph_racers.printing.printed_rules import rule_text
    from generator.games.graph_racers.track.formats import read_track

    assert "Par: 1 move under these rules." in rule_text(read_track(track), Rules(), 1)


def test_worksheet_refuses_existing_files_before_generating(tmp_path, monkeypatch):
    """The second run generated every track before finding its files taken (the code
    review); the names are known first: puzzle pages, then as many answer pages."""
    args = ("worksheet", "--count", "3", "--format", "svg", "--out", str(tmp_path))
    first = run(*args)
    assert first.exit_code == 0, first.output
    written = sorted(p.name for p in tmp_path.iterdir() if not p.name.startswith("."))
    assert written == [f"graph-racers-worksheet-easy-s1-p{i}.svg" for i in (1, 2, 3, 4)]
    from generator.games.graph_racers.generating import generate as gen

    def never(*args, **kwargs):
        raise AssertionError("generated before the names were checked")

    monkeypatch.setattr(gen, "generate", never)
    again = run(*args)
    assert again.exit_code == 1
    assert again.output.strip() == (
        f"Error: {tmp_path / written[0]} already exists: use --force to overwrite it"
    )


def test_separate_sheet_prints_of_one_track_never_share_a_file_name(tmp_path):
    """Found by a user test: printing the track sheet, then the race sheet (or other rules,
    grid or players) into one folder collided, and --force replaced the first."""
    track = str(EXAMPLES / "graph-racers-40x25-medium-s1-1.json")
    prints = [
        ([], "graph-racers-40x25-medium-s1-1-sheet.pdf"),
        (["--pages", "track"], "graph-racers-40x25-medium-s1-1-sheet-track.pdf"),
        (
            ["--pages", "race", "--players", "6"],
            "graph-racers-40x25-medium-s1-1-sheet-race-6players.pdf",
        ),
        (
            ["--pages", "answer", "--pages", "track", "--accel", "9"],
            "graph-racers-40x25-medium-s1-1-sheet-track-answer-accel9.pdf",
        ),
        (["--grid", "0.25in"], "graph-racers-40x25-medium-s1-1-sheet-grid6.35mm.pdf"),
        (
            ["--collision", "endpoint", "--brakes", "2"],
            "graph-racers-40x25-medium-s1-1-sheet-accel5-endpoint-brakes2.pdf",
        ),
        # the rules the track was generated under are its own: no suffix
        (["--accel", "5", "--players", "4"], "graph-racers-40x25-medium-s1-1-sheet.pdf"),
    ]
    for args, name in prints[:-1]:
        r = run("sheet", track, *args, "--out", str(tmp_path))
        assert r.exit_code == 0, r.output
        assert r.output.strip().splitlines()[-1] == str(tmp_path / name)
    assert len(list(tmp_path.iterdir())) == len(prints) - 1
    args, name = prints[-1]
    r = run("sheet", track, *args, "--out", str(tmp_path))
    assert r.exit_code == 1 and f"{name} already exists" in r.output


def test_a_sheet_of_many_pages_says_so(tmp_path, monkeypatch):
    """Found by a user test: a big public map printed 196 pages without a word."""
    from pypdf import PdfReader

    from generator.games.graph_racers.printing import printed_track

    ring = str(DATA / "momba" / "ring.track")
    args = ["sheet", ring, "--pages", "track", "--grid", "8mm", "--accel", "9"]
    r = run(*args, "--out", str(tmp_path / "a"))
    assert r.exit_code == 0 and "note:" not in r.output  # a handful of pages: no note
    monkeypatch.setattr(printed_track, "MANY_SHEETS", 3)
    r = run(*args, "--out", str(tmp_path / "b"))
    assert r.exit_code == 0, r.output
    (note,) = [line for line in r.output.splitlines() if line.startswith("note:")]
    pages = len(PdfReader(str(next((tmp_path / "b").glob("*.pdf")))).pages)
    assert pages > 3
    assert note == (
        f"note: ring at a 8 mm grid is 392 x 352 mm: {pages} pages; a smaller --grid or "
        "bigger --paper takes fewer"
    )


def test_solve_and_the_answer_key_print_the_natural_line(tmp_path):
    """barto-small under accel 5: the search's first line ends by grazing the goal's corner
    from outside the grid; `solve` (text and JSON) and the answer key print the natural line
    (it stays on the grid: test_solver.py::test_the_natural_line_stays_on_the_grid...)."""
    from pypdf import PdfReader

    barto = str(DATA / "momba" / "barto-small.track")
    natural = "(7, 24) (7, 27) (7, 29) (6, 31) (4, 33) (2, 34) (0, 34)"
    r = run("solve", barto)
    assert r.exit_code == 0 and r.stderr == ""
    assert r.stdout.splitlines()[1].endswith(natural)
    r = run("solve", barto, "--json")
    assert json.loads(r.stdout)["path"][-3:] == [[4, 33], [2, 34], [0, 34]]
    checked = CliRunner().invoke(cli, ["graph-racers", "check", barto, "-"], input=r.stdout)
    assert checked.exit_code == 0, checked.output
    r = run("sheet", barto, "--pages", "answer", "--out", str(tmp_path))
    assert r.exit_code == 0, r.output
    text = " ".join(PdfReader(r.stdout.strip()).pages[0].extract_text().split())
    assert "9: (7, 29) 10: (6, 31) 11: (4, 33) 12: (2, 34) 13: finish" in text


def test_solve_says_when_the_line_is_the_search_s_own(monkeypatch):
    """Too many states on the optimal lines to choose among (big public maps): the search's
    first line is printed, and stderr says so."""
    from generator.games.graph_racers.solving import optimal_lines

    monkeypatch.setattr(optimal_lines, "NATURAL_NODES", 10)
    r = run("solve", str(DATA / "momba" / "barto-small.track"))
    assert r.exit_code == 0
    assert r.stdout.splitlines()[1].endswith("(5, 32) (4, 33) (2, 34) (-1, 35)")
    assert r.stderr == (
        "note: barto-small: the line is the search's first optimal line; the optimal lines "
        "span more than 10 states, too many to pick the most natural one\n"
    )


def test_many_repeats_are_counted_in_one_short_note(capsys):
    """400 easy puzzles repeated 34 loops on their pages: the note named each in a paragraph;
    past six it counts them and lists the first six."""
    from generator.games.graph_racers.commands.generating import _repeats_note
    from generator.games.graph_racers.track.model import Track

    tracks = [
        Track(("S.G",), ((0, 0),), meta={"generator": {"same_loop_as": i} if i % 2 else {}})
        for i in range(20)
    ]
    _repeats_note(tracks, "puzzle", "24x23 easy", "fewer puzzles per page", page=2)
    assert capsys.readouterr().err == (
        "note: 10 puzzles repeat the map or loop of an earlier one (2, 4, 6, 8, 10, 12, ...) "
        "(a 24x23 easy track has few different maps); use fewer puzzles per page or another "
        "difficulty for more\n"
    )
    _repeats_note(tracks[:4], "puzzle", "24x23 easy", "fewer puzzles per page", page=2)
    assert capsys.readouterr().err.startswith(
        "note: puzzle 2 repeats the loop of puzzle 1; puzzle 4 repeats the loop of puzzle 3 ("
    )


def test_track_files_are_numbered_with_the_counts_digits(tmp_path):
    """Issue 30, item 10 (as for Trading Paint's puzzles): -1 ... -12 sorted -10 before -2."""
    from generator.games.graph_racers.commands.generating import track_paths

    names = [p.name for p in track_paths(tmp_path, "40x25-easy-s1", 0, 12)]
    assert names[0] == "graph-racers-40x25-easy-s1-01.json"
    assert names[-1] == "graph-racers-40x25-easy-s1-12.json" and sorted(names) == names
    assert [p.name for p in track_paths(tmp_path, "40x25-easy-s1", 2, 5)][-1] == (
        "graph-racers-40x25-easy-s1-oil2-5.json"
    )
