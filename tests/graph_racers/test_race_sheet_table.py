"""The race sheet prints exactly the table's rules: designs (and goodies), teams, no contact and
the Swedish switches, and a tally of damage points and uses for each player (issue 17)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from generator.cli import cli
from generator.games.graph_racers.moves.rules import Rules
from generator.games.graph_racers.printing.printed_rules import crash_text
from generator.games.graph_racers.printing.race_sheet import Legend, tally_groups, tally_lines
from generator.games.graph_racers.race.design import Design
from generator.games.graph_racers.race.swedish import Swedish
from generator.games.graph_racers.race.table_rules import TableRules

GR = Path(__file__).resolve().parents[2] / "examples" / "graph_racers"


def run(*args: str):
    return CliRunner().invoke(cli, ["graph-racers", *args])


def pages_text(path: Path) -> list[str]:
    return [page.extract_text() for page in PdfReader(path).pages]


def designs(*specs: str) -> tuple[Design, ...]:
    return tuple(Design.parse(s) for s in specs)


def tick_boxes(canvas) -> list:
    """The tally's tick boxes on a page: squares TALLY_BOX mm wide."""
    from generator.games.graph_racers.printing.race_sheet import TALLY_BOX

    def square(path) -> bool:
        points = [step[1:] for step in path if step[0] in ("M", "L")]
        xs = sorted({round(x, 6) for x, _ in points})
        ys = sorted({round(y, 6) for _, y in points})
        return (
            len(points) == 4
            and len(xs) == len(ys) == 2
            and all(abs(v[1] - v[0] - TALLY_BOX) < 1e-6 for v in (xs, ys))
        )

    return [op for op in canvas.ops if op.kind == "path" and square(op.data)]


def test_the_basic_table_prints_no_extra_rules_and_five_damage_boxes():
    table = TableRules()
    assert table.basic and table.lines() == []
    tally = table.tally(0, Rules())
    assert tally_groups(tally, contact=True) == [("damage", 5)]
    # boosts of the move rules give every car its uses to tick
    assert tally_groups(table.tally(2, Rules(5, "exact", 2, 1, 1)), True) == [
        ("damage", 5),
        ("brakes", 2),
        ("turbo", 1),
        ("rocket", 1),
    ]


def test_a_design_gives_its_car_its_own_boxes_and_goodies():
    table = TableRules(
        designs=designs("2/2/12", "0/0/4+missile+sprayer+guns*2", "0/0/0+sub+rocket")
    )
    assert tally_groups(table.tally(0, Rules()), True) == [
        ("damage", 12),
        ("brakes", 2),
        ("turbo", 2),
    ]
    assert tally_groups(table.tally(1, Rules()), True) == [
        ("damage", 4),
        ("missile", 1),
        ("oil sprayer", 1),
        ("rear guns x2", 0),
    ]
    # no damage points: the seed's "blows up the first time it hits ANYTHING"
    assert tally_groups(table.tally(2, Rules()), True) == [
        ("0 damage points", 0),
        ("rocket", 1),
        ("submarine", 0),
    ]
    words = " ".join(table.lines())
    assert "Designed cars ($100 each" in words
    for goodie in ("Missile (each fires once", "Oil sprayer (each once)", "Rear guns", "Submarine"):
        assert goodie in words
    assert "Rocket booster (each once)" in words
    # only the goodies some car bought are explained
    assert "Missile" not in " ".join(TableRules(designs=designs("2/2/12", "0/0/20")).lines())


def test_no_contact_has_no_damage_boxes_and_says_so():
    table = TableRules(contact=False)
    assert tally_groups(table.tally(0, Rules()), contact=False) == []
    assert "No contact" in table.lines()[0]
    text = crash_text(Rules(), table=table)
    assert "no damage" in text and "damage point for each square" not in text
    assert "more than 5 damage points" in crash_text(Rules())
    assert "your car's damage points" in crash_text(
        Rules(), table=TableRules(designs=designs("0/0/20", "0/0/20"))
    )


def test_teams_and_swedish_switches_are_named():
    table = TableRules(teams=("A", "B", "A"), swedish=Swedish(jumps=True, off_track="circle"))
    words = " ".join(table.lines())
    assert "score 3, 2 and 1 points for their team" in words
    assert "Jumps:" in words and "Off the track:" in words
    assert table.tally(2, Rules()).team == "A"
    assert "leaves it instead" in crash_text(Rules(), table=table)


def test_long_tallies_wrap_and_keep_every_box():
    groups = [("damage", 20), ("brakes", 9), ("turbo", 9), ("missile", 1)]
    for width in (40.0, 70.0, 150.0):
        lines = tally_lines(groups, width)
        assert sum(n for line in lines for _, n in line) == 39
        assert len(lines) >= 1
    assert len(tally_lines(groups, 40.0)) > len(tally_lines(groups, 150.0))
    # each label printed once: a group split over lines goes on without its label
    labels = [lbl for line in tally_lines(groups, 40.0) for lbl, _ in line if lbl]
    assert labels == ["damage", "brakes", "turbo", "missile"]


def test_every_tally_box_is_on_the_move_log_and_the_legend_names_teams():
    """The tally boxes sit at the head of each player's move log column (the page the players
    keep in front of them), wrapped to it: every box drawn, the rows below still numbered."""
    from generator.games.graph_racers.printing.track_sheet import sheet_document
    from generator.games.graph_racers.track.formats import read_track
    from generator.render.paper import Paper

    track = read_track(GR / "sprint.txt")
    specs = ("0/0/20", "2/2/12", "9/1/0", "0/0/20", "0/0/20", "0/0/20")
    table = TableRules(designs=designs(*specs), teams=("A", "B", "A", "B", "A", "B"))

    def race_sheet(table: TableRules | None = None):
        return sheet_document(
            track,
            Rules(),
            None,
            kinds=("race",),
            players=6,
            paper=Paper.get("a4"),
            pitch=5.0,
            mono=False,
            stem="s",
            table=table,
        )

    doc = race_sheet(table)
    first, log = doc.pages[0], doc.pages[1]
    boxes = tick_boxes(log)
    # damage points, brakes and turbo uses of the six designs
    assert len(boxes) == 20 + (2 + 2 + 12) + (9 + 1 + 0) + 20 * 3
    labels = [t for t in first.texts() if t.startswith("Player ")]
    assert len(labels) == 6
    assert [t.rsplit(", team ", 1)[1] for t in labels] == ["A", "B", "A", "B", "A", "B"]
    basic = race_sheet()
    basic_boxes = tick_boxes(basic.pages[1])
    assert len(basic_boxes) == 6 * 5  # five damage points each: "more than five ... out"
    assert Legend(6, Rules(), TableRules(), 60.0, False).two_rows  # a narrow legend


def test_wrong_number_of_designs_or_teams_for_the_players():
    with pytest.raises(Exception, match="2 car designs for 3 players"):
        TableRules(designs=designs("0/0/20", "0/0/20")).for_players(3)


def test_sheet_prints_the_table_it_is_given(tmp_path):
    r = run(
        "sheet",
        str(GR / "lake-sprint.txt"),
        "--pages",
        "race",
        "--players",
        "3",
        "--design",
        "0/0/4+missile+sprayer+guns*2,0/0/10+sub+guns,2/2/0+missile+rocket",
        "--teams",
        "A,B,A",
        "--off-track",
        "circle",
        "--out",
        str(tmp_path),
    )
    assert r.exit_code == 0, r.output
    path = Path(r.output.strip().splitlines()[-1])
    assert path.name == "lake-sprint-sheet-race-3players-designs-f9427b-teams-ABA-circle.pdf"
    first, log = (t.replace("\n", " ") for t in pages_text(path)[:2])
    for words in (
        "Player 2: vermillion square, team B",
        "Designed cars",
        "Missile (each fires once",
        "Rear guns",
        "Team racing",
        "Off the track",
        "Tick a box in your move log column for each damage point and use.",
    ):
        assert words in first, words
    for words in ("0 damage points", "submarine", "oil sprayer", "rear guns x2", "rocket"):
        assert words in log, words
    assert "Jumps:" not in first  # not chosen, not printed
    assert "your car's damage points" in log


def test_sheet_table_options_are_checked(tmp_path):
    sprint = str(GR / "sprint.txt")
    r = run("sheet", sprint, "--players", "3", "--design", "0/0/20,0/0/20", "--out", str(tmp_path))
    assert r.exit_code == 2 and "2 car designs for 3 cars" in r.output
    r = run("sheet", sprint, "--design", "0/0/20", "--turbo", "2", "--out", str(tmp_path))
    assert r.exit_code == 2 and "leave --brakes and --turbo out" in r.output
    drawn = str(GR / "drawn-30x20-medium-s3.json")
    r = run("sheet", drawn, "--pages", "race", "--jumps", "--out", str(tmp_path))
    assert r.exit_code == 1 and r.output.startswith("Error: ") and "cell maps" in r.output
    assert list(tmp_path.iterdir()) == []
    # no contact: no damage boxes, and the file name says so
    r = run("sheet", sprint, "--pages", "race", "--no-contact", "--out", str(tmp_path))
    assert r.exit_code == 0, r.output
    path = Path(r.output.strip().splitlines()[-1])
    assert path.name == "sprint-sheet-race-nocontact.pdf"
    first = pages_text(path)[0]
    assert "No contact" in first and "damage" not in first.split("Player 1")[1]


def test_the_race_sheet_explains_every_rule_a_designed_race_plays(tmp_path, unwrapped):
    """Issue 28, point 8: with --design the sheet printed no line for good brakes, turbo or
    "one boost a move" (with --brakes 2 --turbo 2 it did), said "in the legend" while the
    legend named only colour and team, and left out that passing through a car collides, who
    moves first and that a car moving off after a crash has no boost. Point 9: the money the
    seed offers beyond the $100 is said to be not played, on the sheet and in `racegen list`."""
    r = run(
        "sheet",
        str(GR / "oil-oval.txt"),
        "--pages",
        "race",
        "--players",
        "2",
        "--design",
        "2/2/12,0/0/8+missile*2",
        "--out",
        str(tmp_path),
    )
    assert r.exit_code == 0, r.output
    first, log = (
        " ".join(t.split()) for t in pages_text(Path(r.output.strip().splitlines()[-1]))[:2]
    )
    for words in (
        "Good brakes: slow one axis by 2, once for each use the car bought.",
        "Turbo: speed one axis up by 2, once for each use the car bought.",
        "One boost a move, on one axis; the other axis keeps its speed.",
        "$100 spent: good brakes x2, turbo x2, 12 damage points",  # the legend
        "$100 spent: 8 damage points, missile x2",
        "player 1 (the youngest) moves first",
        "Not played: prize money, money saved from one race to the next, and coins worth money",
        "Good brakes, turbo and rocket do not work on oil.",
    ):
        assert words in first, words
    for words in (
        "a move whose line passes through or lands on another car's point collides",
        "go on at speed 1 next turn (a normal move, no boost)",
        "move off at speed 1 next turn (no boost)",
    ):
        assert words in log, words
    # the table without designs prints the boosts from the move rules, as before
    plain = TableRules(designs=designs("0/0/20", "0/0/20"))
    assert not any("Good brakes" in ln or "One boost" in ln for ln in plain.lines(Rules()))
    listed = CliRunner().invoke(cli, ["list"]).output
    assert "not played: prize money, savings and coins worth money for the next race" in listed
