"""The check page of racegen serve (issue 29): a class pack's or a worksheet's answer checked
by its code and puzzle number, at the HTTP level. Cell-map packs of a few students: a second
or so of generating each."""

from __future__ import annotations

import html
import re
from urllib.parse import quote, urlencode

import pytest
from web_helpers import request

PACK = {"students": 3, "tracks": 1, "difficulty": "easy", "kind": "cells", "seed": 1}
SHEET = {"count": 2, "per_page": 2, "difficulty": "easy", "kind": "cells", "seed": 1}


def _url(base: str, name: str, settings: dict, **answer: object) -> str:
    return f"{base}/check/graph-racers/{name}?" + urlencode({**settings, **answer})


def _said(body: bytes, what: str) -> str:
    m = re.search(rf'id="{what}"[^>]*>([^<]*)<', body.decode())
    assert m is not None, what
    return html.unescape(m.group(1))


def _moves(points) -> str:  # noqa: ANN001
    return "\n".join(f"{r} {c}" for r, c in points)


def _codes(seed: int, students: int) -> list[str]:
    from generator.games.graph_racers.printing.classpack import sheet_code

    codes: list[str] = []
    for i in range(1, students + 1):
        codes.append(sheet_code(seed, i, codes))
    return codes


def _pack_track(student: int, puzzle: int = 1):  # noqa: ANN202
    """The pack's track as the class pack printable generates it (no memo: made again)."""
    from pathlib import Path

    from generator.games.graph_racers.printing.classroom import classpack_job
    from generator.printing import PrintSpec

    spec = PrintSpec(out=Path("."), seed=PACK["seed"])
    values = {k: PACK[k] for k in ("students", "tracks", "difficulty", "kind")}
    pack = classpack_job(spec, values).pack(spec)
    return pack[student - 1].tracks[puzzle - 1]


@pytest.fixture(scope="module")
def track2():  # noqa: ANN201
    return _pack_track(2)


def test_the_teacher_page_and_the_link_on_every_page(base):
    status, _, body = request(base + "/")
    assert status == 200 and b'href="/check/graph-racers"' in body
    status, _, body = request(base + "/check/graph-racers")
    text = body.decode()
    assert status == 200
    for name in ("classpack", "worksheet"):
        assert f'action="/check/graph-racers/{name}"' in text and 'method="get"' in text
    assert 'name="students"' in text and 'name="count"' in text and 'name="seed"' in text
    status, _, body = request(_url(base, "classpack", PACK))
    assert status == 200 and b'id="c-code"' in body and b'name="moves"' in body
    assert "the class pack of 3 students, 1 puzzle each: cells tracks, easy, seed 1, a4" in _said(
        body, "sheet"
    )


def test_student_2s_code_is_found_and_their_track_is_the_printed_one(base, track2):
    from generator.games.graph_racers.generating.generate import stored_solution

    code = _codes(1, 3)[1]
    status, _, body = request(_url(base, "classpack", PACK, code=code.lower(), puzzle=1))
    assert status == 200
    par = stored_solution(track2).moves
    assert _said(body, "found") == (
        f"Sheet {code} (student 2 of 3), puzzle 1 of 1: {track2.name}, par {par}."
    )
    # no moves yet: the start points are the links to click
    starts = re.findall(r'class="point" data-point="(\d+),(\d+)"', body.decode())
    assert sorted((int(r), int(c)) for r, c in starts) == sorted(track2.starts)


def test_the_answer_key_line_is_legal_at_par_and_the_solver_agrees(base, track2):
    from generator.games.graph_racers.generating.generate import stored_solution
    from generator.games.graph_racers.moves.rules import Rules
    from generator.games.graph_racers.solving.solve import solve

    code = _codes(1, 3)[1]
    sol = stored_solution(track2)
    assert solve(track2, Rules()).moves == sol.moves == 29  # measured: the par printed
    status, _, body = request(
        _url(base, "classpack", PACK, code=code, puzzle=1, moves=_moves(sol.path))
    )
    assert status == 200
    assert _said(body, "verdict") == "legal, finishes in 29 moves, par 29 (at par: a best line)"
    assert b'data-legal="true"' in body and b'data-moves="29"' in body
    assert b'class="point"' not in body  # finished: nothing more to click
    # the accelerations with a start line are the same answer
    accels = "start {} {}\n".format(*sol.path[0]) + _moves(sol.accelerations)
    status, _, body = request(_url(base, "classpack", PACK, code=code, puzzle=1, moves=accels))
    assert _said(body, "verdict").startswith("legal, finishes in 29 moves, par 29")


def test_a_wrong_move_is_told_in_checks_words(base, track2):
    from generator.games.graph_racers.generating.generate import stored_solution
    from generator.games.graph_racers.moves.check import RacingLine, check_line
    from generator.games.graph_racers.moves.rules import Rules

    code = _codes(1, 3)[1]
    path = list(stored_solution(track2).path)
    r, c = path[0]
    wrong = [path[0], (r, c + 3)] + path[2:]  # from standing, 3 squares in one move
    status, _, body = request(
        _url(base, "classpack", PACK, code=code, puzzle=1, moves=_moves(wrong))
    )
    assert status == 200
    said = _said(body, "verdict")
    assert said.startswith(
        "illegal: move 1: acceleration (0, 3) from vector (0, 0) is not allowed under the rules "
        "(accel 5: "
    )
    expected = check_line(track2, Rules(), RacingLine(points=tuple(wrong))).message
    assert said == f"illegal: {expected}"
    assert b'id="bad-move"' in body and b'class="point"' not in body
    take_back = html.unescape(re.search(r'id="take-back" href="([^"]*)"', body.decode())[1])
    assert "moves=" + quote(f"{r} {c}", safe="") in take_back.replace("+", "%20")


def test_an_unfinished_line_says_so_and_offers_the_next_points(base, track2):
    from generator.games.graph_racers.generating.generate import stored_solution

    code = _codes(1, 3)[1]
    path = list(stored_solution(track2).path)[:4]
    status, _, body = request(
        _url(base, "classpack", PACK, code=code, puzzle=1, moves=_moves(path))
    )
    assert status == 200
    said = _said(body, "verdict")
    assert said.startswith(
        f"legal so far, finish not reached: after 3 moves the car is at ({path[3][0]}, "
        f"{path[3][1]}) and has not reached the finish line"
    )
    nxt = stored_solution(track2).path[4]
    link = re.search(rf'href="([^"]*)" class="point" data-point="{nxt[0]},{nxt[1]}"', body.decode())
    assert link is not None  # clicking the next point of the line is a link with it added
    status, _, body = request(base + html.unescape(link[1]))
    assert status == 200 and "after 4 moves" in _said(body, "verdict")


def test_a_wrong_code_is_said_on_the_page_with_a_4xx(base):
    codes = _codes(1, 3)
    missing = next(c for c in _codes(1, 50) if c not in codes)
    status, _, body = request(_url(base, "classpack", PACK, code=missing, puzzle=1))
    assert status == 404 and b"Traceback" not in body
    assert _said(body, "error") == (
        f"Error: no sheet of this class pack has the code {missing}: check the code at the top "
        "right of your sheet, and that this is the address your teacher gave for your pack"
    )
    status, _, body = request(_url(base, "classpack", PACK, code="M0WP", puzzle=1))
    assert status == 400
    assert _said(body, "error") == (
        "Error: code 'M0WP': a sheet's code is 4 characters from ACDEFHJKMNPRTWXY3479 ('0' is "
        "not one of its characters); copy it from the top right of your sheet"
    )
    status, _, body = request(_url(base, "classpack", PACK, code=codes[0], puzzle=2))
    assert status == 400
    assert _said(body, "error") == (
        "Error: puzzle: '2' is not one of the sheet's puzzles: choose 1 to 1"
    )


def test_moves_that_do_not_read_keep_the_form_with_the_readers_words(base):
    code = _codes(1, 3)[0]
    status, _, body = request(_url(base, "classpack", PACK, code=code, puzzle=1, moves="2 20\n3 x"))
    assert status == 400
    assert _said(body, "error") == (
        "Error: moves line 2 column 3: unexpected 'x'; write pairs of whole numbers like '5 0' "
        "or '(5, 0)'"
    )
    assert "2 20\n3 x" in html.unescape(body.decode())  # the textarea keeps what was typed


def test_caps_and_bad_settings(base):
    status, _, body = request(_url(base, "classpack", {**PACK, "students": 31, "tracks": 2}))
    assert status == 422
    assert _said(body, "error") == (
        "Error: a class pack of 62 puzzles (students x tracks) is more than this page makes at "
        "once (60): choose fewer students or tracks, or print it in parts"
    )
    status, _, body = request(_url(base, "worksheet", {**SHEET, "count": 61}))
    assert status == 422 and "a worksheet of 61 puzzles" in _said(body, "error")
    status, _, body = request(
        _url(base, "classpack", PACK, code=_codes(1, 3)[0], puzzle=1, moves="1 1\n" * 10_001)
    )
    assert status == 413 and "more than 20,000 characters" in _said(body, "error")
    status, _, body = request(_url(base, "classpack", {**PACK, "difficulty": "nope"}))
    assert status == 400 and "'nope' is not one of" in _said(body, "error")
    assert request(base + "/check/graph-racers/sheet")[0] == 404


def test_the_check_uses_the_printables_generation_and_memo(base):
    """The preview of the printable with the same settings and the check page share one
    generation: the check finds the preview's tracks under the same key."""
    from generator.web import check, printables

    status, _, _ = request(
        f"{base}/print/graph-racers/classpack/preview",
        {k: str(v) for k, v in PACK.items()},
    )
    assert status == 200
    import bottle

    query = bottle.FormsDict()
    for k, v in PACK.items():
        query[k] = str(v)
    _, spec, _, job = check.sheet_of("classpack", query)
    key = ("classpack", job, spec.paper, spec.landscape)
    assert key in printables._memo
    assert check.pack_tracks(spec, job) is printables._memo[key]


def test_a_worksheet_puzzle_by_its_number(base):
    from pathlib import Path

    from generator.games.graph_racers.generating.generate import stored_solution
    from generator.games.graph_racers.printing.classroom import worksheet_job
    from generator.printing import PrintSpec

    spec = PrintSpec(out=Path("."), seed=1)
    job = worksheet_job(spec, {k: SHEET[k] for k in ("count", "per_page", "difficulty", "kind")})
    track = job.tracks(spec)[1]
    sol = stored_solution(track)
    status, _, body = request(_url(base, "worksheet", SHEET, puzzle=2, moves=_moves(sol.path)))
    assert status == 200 and b'id="c-code"' not in body
    assert _said(body, "found") == f"puzzle 2 of 2: {track.name}, par {sol.moves}."
    assert _said(body, "verdict") == (
        f"legal, finishes in {sol.moves} moves, par {sol.moves} (at par: a best line)"
    )


def test_the_verdict_words_over_and_at_par():
    from generator.games.graph_racers.moves.check import Verdict
    from generator.web.check import verdict_words

    assert verdict_words(Verdict(True, 31, "legal, 31 moves"), 29) == (
        "legal, finishes in 31 moves, par 29 (2 over par)"
    )
    assert verdict_words(Verdict(True, 1, "legal, 1 move"), 1) == (
        "legal, finishes in 1 move, par 1 (at par: a best line)"
    )
    assert verdict_words(Verdict(False, 2, "move 2: crash at point (1, 1) on the way", 2), 5) == (
        "illegal: move 2: crash at point (1, 1) on the way"
    )


def test_a_class_checking_at_once_starts_one_generation():
    """Requests for the same pack wait for the one generation in progress (check._made)."""
    import threading
    from pathlib import Path

    from generator.printing import PrintSpec
    from generator.web import check, printables

    spec = PrintSpec(out=Path("."), memo=printables.remember)
    started, release = threading.Event(), threading.Event()
    calls = []

    def make() -> str:
        calls.append(1)
        started.set()
        release.wait(30)
        return "the pack"

    key = ("test-one-generation", object())
    got = []
    threads = [threading.Thread(target=lambda: got.append(check._made(spec, key, make)))]
    threads[0].start()
    started.wait(30)
    threads += [threading.Thread(target=lambda: got.append(check._made(spec, key, make)))]
    threads[1].start()
    release.set()
    for t in threads:
        t.join(30)
    assert got == ["the pack", "the pack"] and len(calls) == 1
