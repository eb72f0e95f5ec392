"""The move checker: reading moves files and judging racing lines."""

from __future__ import annotations

import json

import pytest
from conftest import DATA, EXAMPLES

from generator.errors import InvalidInput
from generator.games.graph_racers.moves.check import RacingLine, check_line, parse_moves, read_moves
from generator.games.graph_racers.moves.rules import ACCEL_TEXT, Rules
from generator.games.graph_racers.solving.solve import solve
from generator.games.graph_racers.solving.states import Race
from generator.games.graph_racers.track.formats import read_track

SPRINT = EXAMPLES / "sprint.txt"


def test_example_moves_files_are_legal_and_optimal():
    track = read_track(SPRINT)
    par = solve(track, Rules()).moves
    for name in ("sprint-moves.txt", "sprint-accelerations.txt"):
        verdict = check_line(track, Rules(), read_moves(EXAMPLES / name))
        assert verdict.legal and verdict.moves == par == 6
        assert verdict.message == "legal, 6 moves"


def test_crash_names_the_move_and_the_point():
    track = read_track(SPRINT)
    verdict = check_line(track, Rules(9), read_moves(EXAMPLES / "sprint-crash.txt"))
    assert not verdict.legal and verdict.bad_move == 5
    assert verdict.message == "move 5: crash at point (1, 13) on the way from (1, 11) to (2, 15)"
    verdict = check_line(track, Rules(9, "endpoint"), read_moves(EXAMPLES / "sprint-crash.txt"))
    assert verdict.message == "move 5: crash: lands off the track at (2, 15)"


def test_acceleration_not_allowed_under_the_rules():
    track = read_track(SPRINT)
    line = parse_moves("points\n1 1\n1 2\n2 4\n")  # (0,1) then (1,1): two axes at once
    verdict = check_line(track, Rules(5), line)
    assert verdict.bad_move == 2
    assert verdict.message == (
        "move 2: acceleration (1, 1) from vector (0, 1) is not allowed under the rules "
        "(accel 5: keep the vector or change one axis by 1)"
    )
    assert check_line(track, Rules(9), line).message.startswith("finish not reached: after 2 moves")
    # the Swedish rule forbids repeating the vector
    swedish = check_line(track, Rules(8), parse_moves("points\n1 1\n1 2\n1 3\n"))
    assert swedish.bad_move == 2 and "acceleration (0, 0)" in swedish.message


def test_boost_uses_are_counted():
    track = read_track(SPRINT)
    line = parse_moves("start 1 1\naccelerations\n0 2\n0 2\n")
    assert check_line(track, Rules(5, turbo=2), line).message.startswith("finish not reached")
    verdict = check_line(track, Rules(5, turbo=1), line)
    assert verdict.bad_move == 2 and "boosts left: brakes 0, turbo 0, rocket 0" in verdict.message


def test_finish_then_more_moves_and_wrong_start():
    track = read_track(SPRINT)
    pts = read_moves(EXAMPLES / "sprint-moves.txt").points
    extra = RacingLine(points=pts + ((12, 13),))
    verdict = check_line(track, Rules(), extra)
    assert (
        verdict.message
        == "move 7: the race was already finished by move 6; remove the 1 move(s) after it"
    )
    wrong = check_line(track, Rules(), RacingLine(points=((2, 2), (2, 3))))
    assert wrong.message == "point 1 (2, 2) is not a start point"


def test_skid_on_oil_must_be_respected(text_track):
    t = text_track("S.~~.....G\n")
    # at speed 1 beside the oil the car must creep through it, then may speed up again
    ok = check_line(t, Rules(5), parse_moves("points\n0 0\n0 1\n0 2\n0 3\n0 4\n0 6\n0 9\n"))
    assert ok.legal and ok.moves == 6
    assert solve(t, Rules(5)).moves == 6
    # from (0,1) at speed 1 the unchanged move touches oil at (0,2): no speeding up
    bad = check_line(t, Rules(5), parse_moves("points\n0 0\n0 1\n0 3\n"))
    assert bad.bad_move == 2 and "skids on oil and must make the same move again" in bad.message
    # "MUST make the exact same move as last turn": a speed-1 car on the oil may not stop on it
    stop = check_line(t, Rules(5), parse_moves("points\n0 0\n0 1\n0 2\n0 2\n"))
    assert stop.bad_move == 3 and "vector (0, 1); acceleration (0, -1)" in stop.message


def test_a_car_standing_on_oil_moves_off_without_turbo(text_track):
    """ "Good brakes and turbo-boost don't work on oil": a car standing still on an oil point
    (its start here) moves off with a normal move, not with turbo; off the oil turbo works."""
    on_oil = text_track("~.......G\n", header="start: 0 0\n", name="oily start")
    plain = text_track("S.......G\n", name="plain")
    turbo = Rules(5, turbo=2)
    assert on_oil.oil == frozenset({(0, 0)}) or (0, 0) in on_oil.oil
    assert check_line(plain, turbo, parse_moves("points\n0 0\n0 2\n")).bad_move is None
    bad = check_line(on_oil, turbo, parse_moves("points\n0 0\n0 2\n"))
    assert bad.bad_move == 1 and "stands on oil" in bad.message
    # off the oil (at (0, 1) its unchanged move (0, 1) -> (0, 2) is clear of it) turbo works
    assert check_line(on_oil, turbo, parse_moves("points\n0 0\n0 1\n0 4\n")).bad_move is None
    # the solver's moves from the start too
    kinds = {}
    for t in (plain, on_oil):
        race = Race(t, turbo)
        kinds[t] = {k for *_, k in race.successors(race.starts()[0])}
    assert kinds[plain] == {"", "turbo"} and kinds[on_oil] == {""}


def test_moves_file_forms():
    track = read_track(SPRINT)
    sol = solve(track, Rules())
    as_json = json.dumps({"moves": sol.moves, "path": [list(p) for p in sol.path]})
    assert check_line(track, Rules(), parse_moves(as_json)).legal
    accels = json.dumps({"start": [1, 1], "accelerations": [list(a) for a in sol.accelerations]})
    assert check_line(track, Rules(), parse_moves(accels)).legal
    bare = json.dumps([list(p) for p in sol.path])
    assert check_line(track, Rules(), parse_moves(bare)).legal  # starts on a start: points
    tuples = "(1, 1) (1, 2)\n[1, 4] 1,6\n2 8; 4 10 ; 7 12  # comment\n"
    assert check_line(track, Rules(), parse_moves(tuples)).legal


def test_accelerations_need_a_start_when_there_are_several():
    track = read_track(SPRINT)
    with pytest.raises(
        InvalidInput, match="the track has 3 start points: begin the moves with 'start ROW COL'"
    ):
        check_line(track, Rules(), parse_moves("accelerations\n0 1\n"))


def test_a_headerless_list_says_how_it_was_read(text_track):
    """Found by a user test: points whose first is not a start were read as accelerations
    and judged as such without a word; pairs too big for accelerations are points."""
    track = text_track("#S.......G\n#.........\n")
    as_points = check_line(track, Rules(), parse_moves("(1, 2) (1, 3) (1, 5) (2, 7)\n"))
    assert as_points.message == (
        "point 1 (1, 2) is not a start point "
        "(read as points: some pairs are too big to be accelerations)"
    )
    as_accels = check_line(track, Rules(), parse_moves("(1, 2) (1, 3)\n"))
    assert as_accels.message == (
        "move 1: acceleration (1, 2) from vector (0, 0) is not allowed under the rules "
        f"(accel 5: {ACCEL_TEXT[5]}) (read as accelerations, as (1, 2) is not a start "
        "point; a 'points' line at the top reads them as points)"
    )
    # a legal line needs no word on how it was read
    nothing = check_line(track, Rules(), RacingLine(points=(), guessed=True))
    assert nothing.message == "no moves: the line stays on its start point"
    other = text_track("#.S......G\n#.........\n")
    legal = check_line(other, Rules(), parse_moves("0 1\n0 1\n0 1\n0 0\n"))
    assert legal.message == "legal, 4 moves"
    with pytest.raises(InvalidInput, match=r"or give the car's points \(the pairs were read as"):
        check_line(read_track(SPRINT), Rules(), parse_moves("(0, 0) (0, 1)\n"))


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "m: the moves file is empty"),
        ("1 2\n3\n", "m line 2 column 1: 1 numbers, not pairs"),
        ("1 2\n3 x\n", "m line 2 column 3: unexpected 'x'"),
        ("start 1\n", "m line 1 column 1: write the start as 'start ROW COL'"),
        ('{"path": [[1, 2], [3]]}', "m: 'path' must be a list of [row, col] pairs"),
        ('{"path": [[1, 2],', "m line 1 column 18: not valid JSON"),
        ('{"moves": 3}', "m: expected a JSON object with 'path' or 'accelerations'"),
        ("# only a comment\n", "m: no moves found"),
        ("points abc\n", "m line 1 column 8: unexpected 'a'"),  # the column of the 'a'
        ('{"path": [[1, 2]], "rules": 9}', "m: 'rules' must be an object"),
        # found by the CLI audit
        ("points\n(1, 1\n", "m line 2 column 1: '(' does not pair up"),
        ("1 1 (2, 3))\n", "m line 1 column 11: ')' does not pair up"),
        ("points\n1 1\naccelerations\n0 1\n", "m line 3 column 1: 'accelerations' after the"),
        ("[[1, 1],\n", "m line 2 column 1: not valid JSON"),  # a broken JSON list stays JSON
        ("[1, 1]\n[1, x]\n", "m line 2 column 5: unexpected 'x'"),  # text lines stay text
        ('{"path": [[1, Infinity]]}', "m: the number Infinity is not a finite number"),
        ("[" * 5000 + "]" * 5000, "m: the JSON is nested too deeply to read"),
        ("0 " + "1" * 5000 + "\n", "m line 1 column 3: a number of 5000 digits"),
        ("start 1 " + "1" * 5000 + "\n0 1\n", "m line 1 column 9: a number of 5000 digits"),
        ('{"path": [[1, ' + "1" * 5000 + "]]}", "m: a number in the JSON is too long to read"),
    ],
)
def test_garbled_moves(text, message):
    with pytest.raises(InvalidInput) as e:
        parse_moves(text, "m")
    assert str(e.value).startswith(message), str(e.value)


def test_a_byte_order_mark_is_skipped(tmp_path):
    moves = tmp_path / "m.txt"
    moves.write_bytes(b"\xef\xbb\xbfpoints\r\n(1,1) (1,2)\r\n")
    assert read_moves(moves).points == ((1, 1), (1, 2))
    assert parse_moves("\ufeff[[1, 1], [1, 2]]").points == ((1, 1), (1, 2))


def test_check_judges_a_solve_answer_under_the_rules_it_was_solved_under(tmp_path):
    """solve --json stores its rules; check used to judge the answer under the defaults and
    call the solver's own accel 9 line illegal (found by the audit)."""
    from click.testing import CliRunner

    from generator.cli import cli

    tiny = str(DATA / "momba" / "tiny.track")
    runner = CliRunner()
    answer = runner.invoke(cli, ["graph-racers", "solve", tiny, "--accel", "9", "--json"])
    assert answer.exit_code == 0
    moves = tmp_path / "answer.json"
    moves.write_text(answer.output, encoding="utf-8")
    r = runner.invoke(cli, ["graph-racers", "check", tiny, str(moves)])
    assert (r.exit_code, r.output) == (
        0,
        "legal, 6 moves (par 6; rules: accel 9, collision exact)\n",
    )
    r = runner.invoke(cli, ["graph-racers", "check", tiny, str(moves), "--accel", "5"])
    assert r.exit_code == 1 and "not allowed under the rules (accel 5" in r.output


def test_text_pairs_in_square_brackets_one_a_line_are_text_not_json():
    """The docs allow '[5, 0]' pairs in text files; a file of such lines starts with '[' and
    was refused as bad JSON (found by the CLI audit)."""
    line = parse_moves("[1, 1]\n[1, 2]  [1, 4]\n", "m")
    assert line.points == ((1, 1), (1, 2), (1, 4))
    # a Python list of pairs after a header was read before, and still is (the diff review)
    listed = parse_moves("points\n[(1, 1), (1, 2), (1, 4)]\n", "m")
    assert listed.points == ((1, 1), (1, 2), (1, 4))
    # all the pairs on one line (refused as JSON for a while; the last review)
    for text in (
        "[1, 1] [1, 2] [1, 4]\n",
        "[1, 1], [1, 2], [1, 4]  # start\n",
        "[(1, 1), (1, 2), (1, 4)]",
    ):
        assert parse_moves(text, "m").points == ((1, 1), (1, 2), (1, 4)), text
    track = read_track(EXAMPLES / "sprint.txt")
    text = "\n".join(
        f"[{r}, {c}]" for r, c in ((1, 1), (1, 2), (1, 4), (1, 6), (2, 8), (4, 10), (7, 12))
    )
    verdict = check_line(track, Rules(), parse_moves(text, "m"))
    assert verdict.legal and verdict.moves == 6


def test_a_folder_given_as_the_moves_file_is_one_line(tmp_path):
    with pytest.raises(InvalidInput, match=r" is a folder: give a file$"):
        read_moves(tmp_path)
