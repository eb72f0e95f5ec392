"""racegen serve at the HTTP level: every route, its status codes, caps and bad input."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest
from web_helpers import request

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
SPRINT = (EXAMPLES / "graph_racers" / "sprint.txt").read_bytes() if EXAMPLES.exists() else None


def test_home_lists_every_printable_of_every_game(base):
    from generator.web.printables import entries

    status, headers, body = request(base + "/")
    assert status == 200 and "text/html" in headers["Content-Type"]
    text = body.decode()
    for game, name in entries():
        assert f'href="/print/{game}/{name}"' in text


def test_static_files_are_a_fixed_list(base):
    assert request(base + "/static/style.css")[0] == 200
    assert request(base + "/static/print.js")[0] == 200
    for bad in ("/static/app.py", "/static/..%2fapp.py", "/static/%2e%2e/app.py", "/nowhere"):
        status, _, body = request(base + bad)
        assert status == 404 and b"Traceback" not in body


@pytest.mark.parametrize("game,name", [("triactor", "slips"), ("dice-rush", "dice")])
def test_form_and_preview(base, game, name):
    status, _, body = request(f"{base}/print/{game}/{name}")
    assert status == 200 and b'id="options"' in body
    status, _, body = request(f"{base}/print/{game}/{name}/preview", {"paper": "a4"})
    assert status == 200, body
    data = json.loads(body)
    assert data["total"] >= 1 and data["pages"][0].lstrip().startswith("<?xml")


def test_every_form_page_opens(base):
    from generator.web.printables import entries

    for game, name in entries():
        status, _, body = request(f"{base}/print/{game}/{name}")
        assert status == 200, (game, name)


def test_bad_option_is_the_field_s_label_and_what_is_wrong_with_400(base):
    """Issue 29 item 4: the page's field labels, never a command-line flag or click's
    1<=x<=12 and 'is not a valid integer range'."""
    errors = {
        "players": ("99", "players: 99 is not from 1 to 12."),
        "paper": ("a9", "paper: 'a9' is not one of 'a4', 'letter', 'a3', 'tabloid'."),
        "dpi": ("abc", "dpi: 'abc' is not a whole number."),
    }
    for field, (value, words) in errors.items():
        status, _, body = request(f"{base}/print/triactor/slips/preview", {field: value})
        assert status == 400 and json.loads(body)["error"] == words
    status, _, body = request(f"{base}/print/triactor/slips/download", {"dpi": "20"})
    assert status == 400 and b"dpi: 20 is not from 36 to 1200." in body and b"--" not in body
    status, _, body = request(f"{base}/print/triactor/slips/download", {"format": "doc"})
    assert status == 400 and b"unknown format" in body


def test_unknown_printable_is_404(base):
    assert request(f"{base}/print/triactor/nothing")[0] == 404
    assert request(f"{base}/print/nothing/slips/preview", {"a": "1"})[0] == 404


def test_download_pdf_and_svg(base):
    status, headers, body = request(
        f"{base}/print/dice-rush/dice/download", {"format": "pdf", "paper": "letter"}
    )
    assert status == 200 and body.startswith(b"%PDF")
    assert headers["Content-Type"] == "application/pdf"
    assert "attachment" in headers["Content-Disposition"]
    status, headers, body = request(f"{base}/print/triactor/slips/download", {"format": "svg"})
    assert status == 200 and headers["Content-Type"] == "application/zip"


def test_body_over_the_cap_is_413_before_it_is_read(base):
    import http.client
    from urllib.parse import urlsplit

    from generator.web.page import MAX_BODY

    u = urlsplit(base)
    conn = http.client.HTTPConnection(u.hostname, u.port, timeout=30)
    conn.putrequest("POST", "/print/triactor/slips/preview")
    conn.putheader("Content-Type", "multipart/form-data; boundary=x")
    conn.putheader("Content-Length", str(MAX_BODY + 10))
    conn.endheaders()
    conn.send(b"--x\r\n")
    r = conn.getresponse()
    # waitress answers from the headers alone, before reading the body (generator/web/server.py),
    # in the page's words and with the guard's headers, not waitress's own "413" text
    body = r.read().decode()
    assert r.status == 413 and f"{MAX_BODY:,} bytes" in body
    assert "choose a smaller file" in body and 'id="error"' in body
    assert "Request Entity Too Large" not in body and "max_body" not in body
    assert r.getheader("Content-Type") == "text/html; charset=utf-8"
    assert r.getheader("X-Frame-Options") == "DENY" and r.getheader("Server") is None
    conn.close()


# --- play ------------------------------------------------------------------------------------
def test_play_pages(base):
    assert request(base + "/play")[0] == 200
    status, _, body = request(base + "/play/race?track=g-cells-small-easy-1")
    assert status == 200 and b'data-kind="choice"' in body and b'id="board"' in body
    assert request(base + "/play/race?track=../../etc/passwd")[0] == 404
    assert request(base + "/play/race?track=u-0123456789abcdef")[0] == 404
    status, _, body = request(base + "/play/race?track=g-cells-small-easy-1&accel=7")
    assert status == 400 and b"accel: &#039;7&#039; is not one of" in body and b"--" not in body
    status, _, body = request(base + "/play/new?kind=cells&size=huge")
    assert status == 400


def _upload_sprint(base) -> str:
    import urllib.request

    from web_helpers import multipart

    data, ctype = multipart({}, {"track": ("sprint.txt", SPRINT)})
    req = urllib.request.Request(base + "/play/upload", data=data, headers={"Content-Type": ctype})
    with urllib.request.urlopen(req) as r:  # follows the 303 to the race
        assert r.status == 200
        return r.url


@pytest.mark.skipif(SPRINT is None, reason="examples/ is not beside the tests")
def test_play_an_uploaded_track_to_the_finish(base):
    from generator.games.graph_racers.moves.rules import Rules
    from generator.games.graph_racers.solving.solve import solve
    from generator.games.graph_racers.track.formats import parse_track

    url = _upload_sprint(base)
    sol = solve(parse_track(SPRINT.decode(), name="sprint"), Rules())
    moves = "_".join(f"{r}.{c}" for r, c in sol.path)
    status, _, body = request(f"{url}&moves={moves}")
    assert status == 200
    assert f'data-par="{sol.moves}"'.encode() in body and b'id="optimal-line"' in body
    # an illegal move: the checker's words, 400
    status, _, body = request(f"{url}&moves={moves.split('_')[0]}_9.9")
    assert status == 400 and b"is not allowed under the rules" in body
    status, _, body = request(f"{url}&moves=1.1_x")
    assert status == 400 and b"not a point" in body


@pytest.mark.skipif(SPRINT is None, reason="examples/ is not beside the tests")
def test_the_par_of_an_uploaded_drawn_circuit_says_it_is_not_robust_at_print_scale(base):
    """Issue 27: a par shown for an uploaded drawn circuit says when the printed page cannot
    settle it (the example was drawn before the print-scale rule: a grid point sits 0.009
    square from an edge)."""
    import urllib.request

    from web_helpers import multipart

    from generator.games.graph_racers.track.formats import read_track

    path = EXAMPLES / "graph_racers" / "drawn-30x20-medium-s3.json"
    data, ctype = multipart({}, {"track": (path.name, path.read_bytes())})
    req = urllib.request.Request(base + "/play/upload", data=data, headers={"Content-Type": ctype})
    with urllib.request.urlopen(req) as r:
        url = r.url
    line = read_track(path).meta["solution"]["path"]
    status, _, body = request(f"{url}&moves=" + "_".join(f"{r}.{c}" for r, c in line))
    text = html.unescape(body.decode())
    assert status == 200 and 'data-par="25"' in text
    assert (
        "This circuit is not robust at print scale: grid point (3, 26) lies 0.009 square "
        "(0.04 mm at 5 mm) from an edge line, under 0.1." in text
    )


@pytest.mark.skipif(SPRINT is None, reason="examples/ is not beside the tests")
def test_a_crash_is_explained(base):
    url = _upload_sprint(base)
    # from (1,1) straight up: off the track at once
    status, _, body = request(f"{url}&moves=1.1_0.1")
    assert status == 200 and b"Crash!" in body and b"crash" in body


def test_uploads_use_the_cli_caps_and_messages(base):
    status, _, body = request(base + "/play/upload", {}, {"track": ("bad.txt", b"hello\n")})
    assert status == 400 and b"bad.txt line 1" in body and b"unknown track format" in body
    status, _, body = request(base + "/play/upload", {}, {"track": ("bad.txt", b"\xff\xfe")})
    assert status == 400 and b"not UTF-8 text" in body


# --- settle ----------------------------------------------------------------------------------
def test_settle(base):
    assert request(base + "/triactor/settle")[0] == 200
    bets = b"player,bet\nalice,S\nbob,MM\n"
    status, _, body = request(
        base + "/triactor/settle", {"finish": "S,M,C"}, {"bets_file": ("bets.csv", bets)}
    )
    assert status == 200 and b'id="payouts"' in body and b"Leading: alice" in body
    status, _, body = request(
        base + "/triactor/settle", {"bets": "player,bet\nx,QQ", "finish": "S,M,C"}
    )
    assert status == 400 and b"bets line 2 (x,QQ)" in body
    status, _, body = request(base + "/triactor/settle", {"bets": "player,bet\nx,S", "finish": ""})
    assert status == 400 and b'id="finish-error">Error: give the finish: the first three' in body
    status, _, body = request(
        base + "/triactor/settle", {"finish": "S,M,C"}, {"bets_file": ("b.csv", b"x" * 1_000_001)}
    )
    assert status == 413 or status == 400
    assert b"is over 1,000,000 bytes" in body


def _settle_page(body: bytes) -> dict:
    """What the settle page shows: each field's error and each box's text."""
    text = body.decode()
    boxes = dict(re.findall(r'<textarea id="f-(\w+)"[^>]*>([^<]*)</textarea>', text))
    errors = dict(
        re.findall(r'<p class="error" role="alert" id="(\w+)-error">Error: ([^<]*)</p>', text)
    )
    return {
        "bets": html.unescape(boxes.get("bets", "")),
        "finish": html.unescape(boxes.get("finish", "")),
        "errors": {k: html.unescape(v) for k, v in errors.items()},
        "payouts": 'id="payouts"' in text,
    }


@pytest.mark.parametrize(
    ("bets", "finish", "field", "words", "status"),
    [
        ("player,bet\nx,S", "", "finish", "give the finish: the first three horses", 400),
        ("player,bet\nx,S", "S,X,C", "finish", "finish line 1: finish 'S,X,C': 'X' is not", 400),
        ("player,bet\nx,QQ", "S,M,C", "bets", "bets line 2 (x,QQ)", 400),
        ("player,bet\nx,S", "S,M,C\nM,S,C", "bets", "but 2 finishes were given (the finish)", 400),
    ],
)
def test_settle_errors_stand_by_their_field_with_what_was_typed(
    base, bets, finish, field, words, status
):
    """Item 3: each error next to the field it is about, in the page's words (no option
    names), and the form as typed, not the example."""
    got, _, body = request(base + "/triactor/settle", {"bets": bets, "finish": finish})
    shown = _settle_page(body)
    assert got == status and list(shown["errors"]) == [field], shown
    assert words in shown["errors"][field] and "--" not in shown["errors"][field]
    assert (shown["bets"], shown["finish"]) == (bets, finish) and not shown["payouts"]


def test_settling_an_upload_shows_the_uploads_bets(base):
    bets = b"player,bet\nzo\xc3\xab,S\nbob,MM\n"
    status, _, body = request(
        base + "/triactor/settle", {"finish": "S,M,C"}, {"bets_file": ("bets.csv", bets)}
    )
    shown = _settle_page(body)
    assert status == 200 and shown["payouts"] and shown["bets"] == bets.decode()
    assert shown["finish"] == "S,M,C"


def test_serve_refuses_nothing_but_warns_for_other_hosts():
    from click.testing import CliRunner

    from generator.commands.serve import serve

    result = CliRunner().invoke(serve, ["--port", "99999"])
    assert result.exit_code == 2


# --- several players on one screen ----------------------------------------------------------
TABLE = "/play/table?track=g-cells-small-easy-1"


def _race(cars: list[str]):
    from generator.games.graph_racers.moves.rules import Rules
    from generator.games.graph_racers.race.drivers import make_drivers, run_race
    from generator.web.play import track_of

    track = track_of("g-cells-small-easy-1")
    state = run_race(track, Rules(), make_drivers(cars, track, Rules(), 1))
    return [e.aim for e in state.log if e.kind == "move"], state


def test_table_two_players_take_turns_to_the_standings(base):
    status, _, body = request(base + TABLE + "&cars=human.human")
    assert status == 200 and b'data-car="1"' in body and b'class="point seat"' in body
    aims, state = _race(["solver", "cautious"])
    moves = "_".join(f"{r}.{c}" for r, c in aims)
    status, _, body = request(f"{base}{TABLE}&cars=human.human&moves={moves}")
    assert status == 200 and b'id="standings"' in body and b"finishes, place 1" in body
    assert b'data-over="1"' in body and b'class="point seat"' not in body
    # halfway: car on turn alternates, each in its own colour
    half = "_".join(moves.split("_")[:5])
    status, _, body = request(f"{base}{TABLE}&cars=human.human&moves={half}")
    assert status == 200 and b'id="race-status" data-car="2"' in body
    assert b'stroke="#d55e00"' in body  # car 2's points: vermillion (palette.PLAYER_COLOURS)


def test_table_crash_and_computer_seats(base):
    from generator.games.graph_racers.moves.rules import Rules
    from generator.games.graph_racers.race.cars import CRASHES, default_starts
    from generator.games.graph_racers.race.state import RaceState
    from generator.web.play import track_of

    track = track_of("g-cells-small-easy-1")
    state = RaceState(track, Rules(), default_starts(track, 2))
    crash = next(o for o in state.legal() if o.outcome == CRASHES)
    status, _, body = request(
        f"{base}{TABLE}&cars=human.solver&moves={crash.aim[0]}.{crash.aim[1]}"
    )
    assert status == 200 and b"car 1 crashes: 1 damage (total 1)" in body
    assert b"car 2: (" in body  # the computer moved at once, and it is car 1's turn again
    assert b'id="race-status" data-car="1"' in body and b'id="undo"' in body
    # all computers: the whole race in one request, standings at the end
    status, _, body = request(f"{base}{TABLE}&cars=solver.cautious.random")
    assert status == 200 and body.count(b"<tr data-car=") == 3


def test_table_bad_input_is_4xx_with_the_engine_words(base):
    status, _, body = request(f"{base}{TABLE}&cars=human")
    assert status == 400 and b"1 cars: a race has 2 to 6 cars" in body
    status, _, body = request(f"{base}{TABLE}&cars=human.robot")
    assert status == 400 and b"robot" in body and b"use human, solver" in body
    status, _, body = request(f"{base}{TABLE}&cars=" + ".".join(["human"] * 7))
    assert status == 400
    status, _, body = request(f"{base}{TABLE}&cars=human.human&moves=0.0")
    assert status == 400 and b"move 1 (car 1)" in body and b"not allowed" in body
    status, _, body = request(f"{base}{TABLE}&cars=human.human&moves=" + "_".join(["1.1"] * 1201))
    assert status == 413 and b"Traceback" not in body
    status, _, body = request(f"{base}{TABLE}&cars=human.human&seed=x")
    assert status == 400
    # the choose page's form leads here
    status, _, body = request(
        f"{base}/play/new?kind=cells&size=small&difficulty=easy&seed=1&players=3"
        "&car1=human&car2=solver&car3=human"
    )
    assert status == 200 and b"3 cars" in body


# --- kits ------------------------------------------------------------------------------------
def test_kits(base):
    import io

    from pypdf import PdfReader

    from generator.games.registry import GAMES

    status, _, body = request(base + "/kits")
    assert status == 200
    for g in GAMES:
        assert f'action="/kits/{g.name}"'.encode() in body
    status, _, body = request(base + "/kits/dice-rush?paper=letter&mono=1")
    assert status == 200 and body.count(b'class="kit-page"') == 4
    assert b'href="/kits/dice-rush/download?paper=letter&amp;mono=1"' in body
    status, headers, body = request(base + "/kits/dice-rush/download?paper=letter&mono=1")
    assert status == 200 and headers["Content-Type"] == "application/pdf"
    assert 'filename="dice-rush-kit.pdf"' in headers["Content-Disposition"]
    reader = PdfReader(io.BytesIO(body))
    box = reader.pages[0].mediabox
    assert len(reader.pages) >= 4 and (round(float(box.width)), round(float(box.height))) == (
        612,
        792,
    )
    status, _, body = request(base + "/kits/graph-racers?seed=7")
    assert status == 200 and b"kit-page" in body
    # bad input: the command line's words, 4xx
    status, _, body = request(base + "/kits/chess")
    assert status == 404 and b"is not a game: use one of graph-racers" in body
    status, _, body = request(base + "/kits/dice-rush?paper=a9")
    assert status == 400 and b"paper: &#039;a9&#039; is not one of" in body and b"--" not in body
    status, _, body = request(base + "/kits/graph-racers/download?seed=x")
    assert status == 400 and b"seed: &#039;x&#039; is not a whole number." in body


# --- Graph Racers' sheet, worksheet and class pack -------------------------------------------
GR = "/print/graph-racers"
EDGE = b"graph-racers track 1\nname: Edge dash\nmap:\n#########\n#S......G\n#S......G\n#########\n"
CORRIDOR = (
    b"graph-racers track 1\nname: Corridor\nmap:\n##############\n#S.S........G#\n##############\n"
)


def _cli(tmp_path, *args: str):
    """racegen graph-racers ARGS run in tmp_path: (exit code, stderr)."""
    import os

    from click.testing import CliRunner

    from generator.cli import cli

    here = os.getcwd()
    os.chdir(tmp_path)
    try:
        r = CliRunner().invoke(cli, ["graph-racers", *args])
    finally:
        os.chdir(here)
    return r.exit_code, r.stderr


def test_graph_racers_sheets_are_offered(base):
    status, _, body = request(base + "/")
    for name in ("sheet", "worksheet", "classpack"):
        assert f'href="{GR}/{name}"'.encode() in body
        status, _, form = request(f"{base}{GR}/{name}")
        assert status == 200 and b'id="options"' in form and b"data-preview" in form
    status, _, form = request(f"{base}{GR}/classpack")
    assert b"the teacher&#x27;s booklet only" in form and b'name="part"' in form


@pytest.mark.skipif(SPRINT is None, reason="examples/ is not beside the tests")
def test_sheet_of_an_uploaded_track(base):
    status, _, body = request(f"{base}{GR}/sheet/preview", {}, {"track": ("sprint.txt", SPRINT)})
    assert status == 200, body
    data = json.loads(body)
    assert data["total"] == 4 and data["documents"] == ["sprint-sheet"]
    # some pages, other rules: the CLI's file name
    status, _, body = request(
        f"{base}{GR}/sheet/preview",
        {"pages": ["track", "race"], "accel": "9", "players": "3"},
        {"track": ("sprint.txt", SPRINT)},
    )
    assert json.loads(body)["documents"] == ["sprint-sheet-track-race-accel9-3players"]
    status, headers, body = request(
        f"{base}{GR}/sheet/download", {"format": "pdf"}, {"track": ("sprint.txt", SPRINT)}
    )
    assert status == 200 and body.startswith(b"%PDF")
    assert 'filename="sprint-sheet.pdf"' in headers["Content-Disposition"]


def test_the_race_sheet_on_the_page_takes_the_tables_switches(base, tmp_path):
    """The page's sheet form has the race's table options (issue 17: the race sheet prints
    exactly the rules chosen): the same file name and bytes as the command line's."""
    fields = {
        "pages": ["race"],
        "players": "3",
        "design": "0/0/20,2/2/12,0/0/4+missile+sprayer+guns*2",
        "teams": "A,B,A",
        "off_track": "circle",
        "paper": "a4",
    }
    status, _, body = request(
        f"{base}{GR}/sheet/preview", fields, {"track": ("sprint.txt", SPRINT)}
    )
    assert status == 200, body
    stem = "sprint-sheet-race-3players-designs-6297e5-teams-ABA-circle"
    assert json.loads(body)["documents"] == [stem]
    status, _, pdf = request(
        f"{base}{GR}/sheet/download", {**fields, "format": "pdf"}, {"track": ("sprint.txt", SPRINT)}
    )
    assert status == 200
    (tmp_path / "sprint.txt").write_bytes(SPRINT)
    code, stderr = _cli(
        tmp_path,
        "sheet",
        "sprint.txt",
        "--pages",
        "race",
        "--players",
        "3",
        "--design",
        fields["design"],
        "--teams",
        "A,B,A",
        "--off-track",
        "circle",
        "--out",
        "out",
    )
    assert code == 0, stderr
    assert (tmp_path / "out" / f"{stem}.pdf").read_bytes() == pdf
    # a bad design: the engine's one line, a 400
    status, _, body = request(
        f"{base}{GR}/sheet/preview",
        {**fields, "design": "9/9/9"},
        {"track": ("sprint.txt", SPRINT)},
    )
    assert status == 400 and "costs $225" in json.loads(body)["error"]
    status, _, body = request(
        f"{base}{GR}/sheet/preview",
        {**fields, "turbo": "2"},
        {"track": ("sprint.txt", SPRINT)},
    )
    assert status == 400 and "leave brakes and turbo out" in json.loads(body)["error"]


def test_the_sheet_form_reads_the_switches_a_track_stores_as_the_command_does(base, tmp_path):
    """A switch left "(not given)" on the page means what it means on the command line: the
    rules the track stores (here jumps and off-track circle), so the page's race sheet is the
    command's, byte for byte; "off" overrides the stored switch on both."""
    from generator.games.graph_racers.track.formats import read_track, track_to_json

    track = read_track(EXAMPLES / "graph_racers" / "sprint.txt")
    track.meta["rules"] = {"accel": 5, "jumps": True, "off_track": "circle"}
    data = track_to_json(track).encode()
    (tmp_path / "stored.json").write_bytes(data)
    status, _, body = request(f"{base}{GR}/sheet")
    assert b'<select id="f-jumps" name="jumps"><option value="" selected>(not given)' in body
    for given, args, stem in (
        ({}, (), "stored-sheet-race-jumps-circle"),
        ({"jumps": "0"}, ("--no-jumps",), "stored-sheet-race-circle"),
    ):
        fields = {"pages": ["race"], "paper": "a4", "format": "pdf", **given}
        status, _, pdf = request(
            f"{base}{GR}/sheet/download", fields, {"track": ("stored.json", data)}
        )
        assert status == 200, pdf
        code, stderr = _cli(
            tmp_path, "sheet", "stored.json", "--pages", "race", *args, "--out", "out"
        )
        assert code == 0, stderr
        assert (tmp_path / "out" / f"{stem}.pdf").read_bytes() == pdf


def test_sheet_without_a_file_waits_and_refuses_to_download(base):
    status, _, body = request(f"{base}{GR}/sheet/preview", {"paper": "a4", "source": "file"})
    assert status == 200
    data = json.loads(body)
    assert data["total"] == 0 and data["ask"] == "Choose a track file to see the pages."
    status, _, body = request(f"{base}{GR}/sheet/download", {"format": "pdf", "source": "file"})
    assert status == 400 and b"choose a track file" in body


@pytest.mark.parametrize(
    "content,name",
    [(b"hello\n", "bad.txt"), (b"\xff\xfe", "bad.txt"), (b"graph-racers track 1\nmap:\n", "e.txt")],
)
def test_sheet_upload_errors_are_the_cli_s(base, tmp_path, content, name):
    (tmp_path / name).write_bytes(content)
    code, stderr = _cli(tmp_path, "sheet", name, "--out", "out")
    assert code != 0 and stderr.startswith("Error: ")
    status, _, body = request(f"{base}{GR}/sheet/preview", {}, {"track": (name, content)})
    assert status == 400 and json.loads(body)["error"] == stderr.removeprefix("Error: ").strip()


def test_sheet_upload_over_the_cap_is_refused_with_the_cli_words(base):
    from generator.games.graph_racers.track.formats import MAX_BYTES

    big = b"#" * (MAX_BYTES + 1)
    status, _, body = request(f"{base}{GR}/sheet/preview", {}, {"track": ("big.txt", big)})
    assert status in (400, 413)
    assert json.loads(body)["error"] == (
        f"track file big.txt is over {MAX_BYTES:,} bytes, the most racegen reads for a track "
        "file: check that it is the right file"
    )


def test_worksheet_preview_notes_and_the_cli_bytes(base, tmp_path):
    fields = {"count": "2", "per_page": "1", "seed": "4", "answers": "separate", "kind": "cells"}
    status, _, body = request(f"{base}{GR}/worksheet/preview", fields)
    assert status == 200, body
    data = json.loads(body)
    assert data["documents"] == [
        "graph-racers-worksheet-easy-s4",
        "graph-racers-worksheet-easy-s4-answers",
    ]
    assert [s["page"] for s in data["starts"]] == [0, 2] and data["total"] == 4
    # the download is the command line's file, byte for byte
    code, _ = _cli(
        tmp_path,
        *("worksheet", "--count", "2", "--per-page", "1", "--seed", "4"),
        *("--answers", "separate", "--kind", "cells", "--out", "out"),
    )
    assert code == 0
    for part, stem in ((1, "graph-racers-worksheet-easy-s4"), (2, f"{data['documents'][1]}")):
        status, headers, body = request(
            f"{base}{GR}/worksheet/download", {**fields, "format": "pdf", "part": str(part)}
        )
        assert status == 200 and f'filename="{stem}.pdf"' in headers["Content-Disposition"]
        assert body == (tmp_path / "out" / f"{stem}.pdf").read_bytes()
    # both files: a zip; answers after the puzzles: no second file to pick
    status, headers, body = request(f"{base}{GR}/worksheet/download", {**fields, "format": "pdf"})
    assert status == 200 and headers["Content-Type"] == "application/zip"
    status, _, body = request(
        f"{base}{GR}/worksheet/download", {**fields, "answers": "after", "part": "2"}
    )
    assert status == 400 and b"these options make 1 file" in body
    status, _, body = request(f"{base}{GR}/worksheet/download", {**fields, "part": "9"})
    assert status == 400


@pytest.mark.parametrize(
    "name,fields,words",
    [
        ("worksheet", {"count": "401"}, "count: 401 is not from 1 to 400."),
        ("worksheet", {"per_page": "5"}, "per-page: '5' is not one of '1', '2', '3', '4', '6'."),
        ("worksheet", {"width_text": "9..3"}, "width: '9..3': widths go from 2 to 12 points"),
        ("worksheet", {"pitch": "1mm"}, "grid: '1mm' must be larger"),
        ("worksheet", {"accel": "7"}, "accel: '7' is not one of"),
        ("worksheet", {"answers": "x"}, "answers: 'x' is not one of"),
        ("classpack", {"students": "201"}, "students: 201 is not from 1 to 200."),
        ("classpack", {"tracks": "7"}, "tracks: 7 is not from 1 to 6."),
        # 200 students x 3 tracks (the command line's own 400-puzzle cap) meets the page's cap
        # of 60 first: test_one_request_may_not_ask_for_unbounded_work
        ("sheet", {"players": "9"}, "players: 9 is not from 2 to 6."),
    ],
)
def test_graph_racers_caps_and_bad_values_are_the_page_s_words(base, name, fields, words):
    """The command line's checks, worded with the page's field labels (issue 29 item 4)."""
    files = {"track": ("sprint.txt", SPRINT)} if name == "sheet" and SPRINT else None
    status, _, body = request(f"{base}{GR}/{name}/preview", fields, files)
    error = json.loads(body)["error"]
    assert status == 400 and error.startswith(words) and "--" not in error, body


def test_a_worksheet_the_slot_cannot_hold_is_the_cli_s_error_in_the_page_s_words(base, tmp_path):
    code, stderr = _cli(tmp_path, "worksheet", "--per-page", "6", "--grid", "15mm", "--out", "o")
    status, _, body = request(f"{base}{GR}/worksheet/preview", {"per_page": "6", "pitch": "15mm"})
    assert code == 1 and status == 400
    assert stderr.strip().endswith(
        "a worksheet slot at --per-page 6 on a4 holds 5x3 points: use fewer puzzles per page, "
        "a smaller --grid or --kind cells"
    )
    assert json.loads(body)["error"] == (
        "a drawn easy circuit needs at least 20x14 points, not 5x3; a worksheet slot at "
        "per-page 6 on a4 holds 5x3 points: use fewer puzzles per page, a smaller grid or "
        "kind cells"
    )


def test_classpack_two_files_offered_apart_and_together(base):
    import io
    import zipfile

    from pypdf import PdfReader

    fields = {"students": "2", "tracks": "1", "seed": "5"}
    status, _, body = request(f"{base}{GR}/classpack/preview", fields)
    data = json.loads(body)
    # 2 sheets; the booklet's index and one compact page of answers (the default key: 4 a page)
    assert status == 200 and data["total"] == 2 + 2
    assert [s["stem"] for s in data["starts"]] == [
        "graph-racers-classpack-easy-s5",
        "graph-racers-classpack-easy-s5-teacher",
    ]
    status, headers, body = request(f"{base}{GR}/classpack/download", {**fields, "format": "pdf"})
    assert status == 200 and headers["Content-Type"] == "application/zip"
    assert sorted(zipfile.ZipFile(io.BytesIO(body)).namelist()) == [
        "graph-racers-classpack-easy-s5-teacher.pdf",
        "graph-racers-classpack-easy-s5.pdf",
    ]
    status, headers, body = request(
        f"{base}{GR}/classpack/download", {**fields, "format": "pdf", "part": "2"}
    )
    assert status == 200 and headers["Content-Type"] == "application/pdf"
    assert len(PdfReader(io.BytesIO(body)).pages) == 2
    status, headers, body = request(
        f"{base}{GR}/classpack/download", {**fields, "format": "svg", "part": "1"}
    )
    assert status == 200 and headers["Content-Type"] == "application/zip"  # a file a page
    status, headers, body = request(
        f"{base}{GR}/classpack/download", {"students": "1", "tracks": "1", "format": "png"}
    )
    assert status == 200 and headers["Content-Type"] == "application/zip"


# --- several cars on an uploaded track, without contact, past the map's edge ---------------------
def _upload(base, content: bytes, fields: dict) -> str:
    import urllib.request

    from web_helpers import multipart

    data, ctype = multipart(fields, {"track": ("t.txt", content)})
    req = urllib.request.Request(base + "/play/upload", data=data, headers={"Content-Type": ctype})
    with urllib.request.urlopen(req) as r:  # follows the 303
        assert r.status == 200
        return r.url


def test_upload_starts_a_race_of_several_cars(base):
    url = _upload(base, CORRIDOR, {"players": "3", "car1": "human", "car2": "cautious"})
    assert "/play/table?" in url and "cars=human.cautious.human" in url and "contact" not in url
    status, _, body = request(url)
    assert status == 200 and b"Corridor, 3 cars</h1>" in body
    url = _upload(base, CORRIDOR, {"players": "2", "contact": "0"})
    assert "cars=human.human" in url and "contact=0" in url
    status, _, body = request(url)
    assert b"Corridor, 2 cars, no contact</h1>" in body and b'id="no-contact" checked' in body
    assert "/play/race?" in _upload(base, CORRIDOR, {"players": "1"})
    status, _, body = request(base + "/play/upload", {"players": "8"}, {"track": ("t.txt", EDGE)})
    assert status == 400 and b"cars: choose 1 to 6" in body
    status, _, body = request(
        base + "/play/upload", {"players": "2", "car2": "robot"}, {"track": ("t.txt", EDGE)}
    )
    assert status == 400 and b"use human, solver" in body


# car 1 waits, car 2 ..., car 2 crashes (0, 6), car 1 drives into it at (1, 6)
COLLIDE = "1.1_1.4_1.2_1.5_1.4_0.6_1.6"


def test_table_without_contact_has_no_collision_and_no_damage(base):
    url = _upload(base, CORRIDOR, {"players": "2"})
    status, _, body = request(f"{url}&moves={COLLIDE}")
    assert status == 200 and b"car 1 collides with car 2" in body
    assert b"car 2 crashes: 1 damage (total 1)" in body
    status, _, body = request(f"{url}&contact=0&moves={COLLIDE}")
    assert status == 200 and b"collides" not in body
    assert b"car 2 crashes: put at (1, 5), stopped" in body and b"no contact" in body
    assert b"contact=0" in body  # every link keeps the switch
    status, _, body = request(f"{url}&contact=2")
    assert status == 400 and b"use 1 (collisions and damage) or 0 (none)" in body


def test_legal_points_past_the_map_s_edge_can_be_clicked(base):
    url = _upload(base, EDGE, {"players": "1"})
    status, _, body = request(f"{url}&moves=1.1_1.2_1.4_1.7")
    text = body.decode()
    # every legal point lies past column 8, the map's last: drawn on a widened board and listed
    points = re.findall(r'class="point" data-point="(-?\d+),(-?\d+)"', text)
    assert points and all(int(c) > 8 for _, c in points)
    assert 'id="beyond"' in text and 'id="beyond-moves"' in text
    assert text.count('class="beyond-move"') == len(points)
    view = re.search(r'id="board"', text) and re.search(r'viewBox="([^"]+)" id="board"', text)
    assert view is not None and float(view.group(1).split()[2]) > 54  # wider than the map
    href = html.unescape(re.search(r'<a href="([^"]+)" class="beyond-move"', text).group(1))
    status, _, body = request(base + href)
    assert status == 200 and b"You finished in 4 moves" in body
    # on the one-screen race too
    url = _upload(base, EDGE, {"players": "2"})
    status, _, body = request(f"{url}&moves=1.2_2.2_1.4_2.4_1.7_2.7")
    text = body.decode()
    assert 'id="beyond-moves"' in text and 'id="race-status" data-car="1"' in text
    seat = re.findall(r'class="point seat" data-point="\d+,(\d+)"', text)
    assert seat and all(int(c) > 8 for c in seat)
    assert text.count('class="beyond-move"') == len(seat)


# --- kits as SVG and PNG -----------------------------------------------------------------------
def test_kits_as_svg_and_png(base):
    import io
    import zipfile

    status, _, body = request(base + "/kits/dice-rush?dpi=72")
    assert status == 200 and b'id="kit-download-svg"' in body and b'id="kit-download-png"' in body
    assert b"dpi=72&amp;format=png" in body
    status, headers, body = request(base + "/kits/dice-rush/download?format=svg")
    assert status == 200 and headers["Content-Type"] == "application/zip"
    assert 'filename="dice-rush-kit-svg.zip"' in headers["Content-Disposition"]
    names = zipfile.ZipFile(io.BytesIO(body)).namelist()
    assert names[0] == "dice-rush-kit-p1.svg" and len(names) >= 4
    status, headers, body = request(base + "/kits/dice-rush/download?format=png&dpi=40")
    assert status == 200 and headers["Content-Type"] == "application/zip"
    png = zipfile.ZipFile(io.BytesIO(body)).read("dice-rush-kit-p1.png")
    assert png.startswith(b"\x89PNG")
    status, _, body = request(base + "/kits/dice-rush/download?format=doc")
    assert status == 400 and b"unknown format" in body
    status, _, body = request(base + "/kits/dice-rush/download?format=png&dpi=5000")
    assert status == 400 and b"dpi: 5000 is not from 36 to 1200." in body and b"--" not in body


def test_the_address_sets_a_printables_form_up(base):
    """A link opens a printable set up: the address's values fill the form (a teacher's
    bookmark), escaped; a value the printable refuses shows as its error in the preview."""
    status, _, body = request(f"{base}{GR}/car-design?bond=1")
    assert status == 200 and b'id="f-bond" type="checkbox" name="bond" value="1" checked' in body
    status, _, body = request(f"{base}{GR}/car-design")
    assert b'name="bond" value="1">' in body  # not checked by default
    status, _, body = request(f"{base}{GR}/classpack?students=2&tracks=1&difficulty=medium")
    assert b'name="students" value="2"' in body and b'name="tracks" value="1"' in body
    assert b'<option value="medium" selected>' in body
    status, _, body = request(f"{base}{GR}/sheet?pages=race&pages=answer&teams=%3Cb%3E")
    assert b'<option value="race" selected>' in body and b'<option value="answer" selected>' in body
    assert b'<option value="track" selected>' not in body
    assert b'value="&lt;b&gt;"' in body and b"<b>" not in body


def test_table_with_designed_cars_and_teams(base):
    """Design your own car and team racing on the table page: each car's design in the legend,
    its own damage points (0: the first hit destroys it), the teams' 3/2/1 points at the end;
    every link keeps them; goodies and bad designs are refused with the engine's words."""
    from generator.games.graph_racers.moves.rules import Rules
    from generator.games.graph_racers.race.design import Design
    from generator.games.graph_racers.race.drivers import make_drivers, run_race
    from generator.web.play import track_of

    cars = "solver.cautious.random"
    design = "2/2/12,0/0/20,9/1/0"
    status, _, body = request(
        f"{base}{TABLE}&cars={cars}&design={design.replace('/', '%2F')}&teams=A,B,A"
    )
    assert status == 200, body[:400]
    text = html.unescape(body.decode())
    assert "(team A; 2/2/12: good brakes x2, turbo x2, 12 damage points)" in text
    assert "(team A; 9/1/0: good brakes x9, turbo x1, 0 damage points)" in text
    assert 'id="teams"' in text and "More damage than its design's damage points" in text
    # the same race as the engine plays it with those designs and teams
    track = track_of("g-cells-small-easy-1")
    designs = [Design.parse(d) for d in design.split(",")]
    state = run_race(
        track,
        Rules(),
        make_drivers(cars.split("."), track, Rules(), 1, designs=designs),
        designs=designs,
        teams=["A", "B", "A"],
    )
    rows = re.findall(
        r'<tr data-team="([^"]+)"><td class="n">(\d+)</td><td>[^<]*</td>'
        r'<td class="n">(\d+)</td>',
        text,
    )
    assert [(t, int(p), int(pts)) for t, p, pts in rows] == [
        (r["team"], r["place"], r["points"]) for r in state.team_standings()
    ]
    assert text.count("<tr data-car=") == 3
    # a player's links keep the table
    status, _, body = request(f"{base}{TABLE}&cars=human.solver&design=0%2F0%2F20&teams=A,B")
    assert status == 200 and body.count(b"design=0%2F0%2F20") >= 2 and b"teams=A%2CB" in body
    status, _, body = request(f"{base}{TABLE}&cars=human.solver&design=2%2F2%2F12,0%2F0%2F20")
    assert b"Boosts left: brakes 2, turbo 2, rocket 0." in body  # car 1's own, bought
    # refused: goodies (no buttons for them), over the budget, teams for another number of cars
    status, _, body = request(f"{base}{TABLE}&cars=human.solver&design=0%2F0%2F4%2Bmissile")
    assert status == 400 and b"James Bond goodies are raced with racegen" in body
    status, _, body = request(f"{base}{TABLE}&cars=human.solver&design=9%2F9%2F9")
    assert status == 400 and b"costs $225" in body
    status, _, body = request(f"{base}{TABLE}&cars=human.solver&teams=A,B,C")
    assert status == 400 and b"give 2 team names" in body
    # the choose page's form takes them too
    status, _, body = request(
        f"{base}/play/new?kind=cells&size=small&difficulty=easy&seed=1&players=2"
        "&car1=human&car2=solver&design=0%2F0%2F20&teams=A,B"
    )
    assert status == 200 and b"(team B; 0/0/20" in body


# --- the guard (generator/web/guard.py) and the address's text --------------------------------
def _raw(base: str, method: str, path: str, headers: dict, body: bytes = b""):
    """(status, headers, body) of one request sent as given (Host included)."""
    import http.client
    from urllib.parse import urlsplit

    u = urlsplit(base)
    conn = http.client.HTTPConnection(u.hostname, u.port, timeout=30)
    conn.putrequest(method, path, skip_host="Host" in headers, skip_accept_encoding=True)
    for k, v in headers.items():
        conn.putheader(k, v)
    conn.endheaders()
    if body:
        conn.send(body)
    r = conn.getresponse()
    out = (r.status, r.headers, r.read())
    conn.close()
    return out


def test_a_foreign_host_and_a_cross_origin_form_are_refused(base):
    """DNS rebinding (Host: evil.example) and another site's form (Origin, Referer,
    Sec-Fetch-Site) get a 403 before any work; this server's own pages are served."""
    from web_helpers import multipart

    port = base.rsplit(":", 1)[1]
    status, _, body = _raw(base, "GET", "/", {"Host": "evil.example"})
    assert status == 403 and b"only to this computer" in body
    assert _raw(base, "GET", "/", {"Host": f"evil.example:{port}"})[0] == 403
    for host in (f"127.0.0.1:{port}", f"localhost:{port}", "localhost", f"[::1]:{port}"):
        assert _raw(base, "GET", "/", {"Host": host})[0] == 200, host
    form, ctype = multipart({"bets": "alice 1 5", "finish": "1\n2"})
    here = {"Host": f"127.0.0.1:{port}", "Content-Type": ctype, "Content-Length": str(len(form))}
    for foreign in (
        {"Origin": "http://evil.example"},
        {"Origin": "null"},
        {"Origin": "http://127.0.0.1:1"},  # another program on this computer
        {"Referer": "http://evil.example/page"},
        {"Sec-Fetch-Site": "cross-site"},
    ):
        status, _, body = _raw(base, "POST", "/triactor/settle", {**here, **foreign}, form)
        assert status == 403 and b"another site" in body, foreign
    status, _, body = _raw(
        base, "POST", "/triactor/settle", {**here, "Origin": f"http://127.0.0.1:{port}"}, form
    )
    assert status != 403
    # another site's image or fetch of a costly page: refused; a link followed from it: served
    costly = "/print/triactor/slips/preview?players=2"
    fetched = {"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "no-cors"}
    assert _raw(base, "GET", costly, {"Host": f"localhost:{port}", **fetched})[0] == 403
    linked = {"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate"}
    assert _raw(base, "GET", "/play", {"Host": f"localhost:{port}", **linked})[0] == 200


def test_the_guard_alone_reads_content_length_before_the_body():
    """Behind any WSGI server: Content-Length: abc is a 400, over the cap a 413, chunked a
    411, each before the application is called; every answer has the security headers."""
    import io

    from generator.web.guard import Guard
    from generator.web.page import MAX_BODY

    called = []

    def app(environ, start_response):
        called.append(1)
        start_response("200 OK", [("Server", "bottle/0.13"), ("Content-Type", "text/plain")])
        return [b"ok"]

    guard = Guard(app, "127.0.0.1")

    def call(**env):
        got = {}
        environ = {
            "REQUEST_METHOD": "POST",
            "HTTP_HOST": "127.0.0.1:8765",
            "wsgi.input": io.BytesIO(b""),
            **env,
        }
        body = b"".join(guard(environ, lambda s, h, e=None: got.update(status=s, headers=h)))
        return int(got["status"][:3]), dict(got["headers"]), body

    assert call(CONTENT_LENGTH="abc")[0] == 400
    assert call(CONTENT_LENGTH=str(MAX_BODY + 1))[0] == 413
    assert call(HTTP_TRANSFER_ENCODING="chunked")[0] == 411
    assert called == []
    status, headers, body = call(CONTENT_LENGTH="2")
    assert (status, body, called) == (200, b"ok", [1])
    assert "Server" not in headers
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert "frame-ancestors 'none'" in headers["Content-Security-Policy"]
    assert headers["Referrer-Policy"] == "same-origin"
    # bound to every address: any address written as numbers, still no names but loopback
    wide = Guard(app, "0.0.0.0")
    assert wide.allowed_host("192.168.1.20:8765") and wide.allowed_host("[fe80::1]:8765")
    assert not wide.allowed_host("evil.example:8765") and wide.allowed_host("localhost")
    assert not Guard(app, "127.0.0.1").allowed_host("192.168.1.20:8765")


def test_served_answers_carry_the_security_headers_and_no_server(base):
    status, headers, _ = request(base + "/")
    assert status == 200 and headers["X-Content-Type-Options"] == "nosniff"
    assert "frame-ancestors 'none'" in headers["Content-Security-Policy"]
    assert headers.get("Server") is None and headers.get("Via") is None
    status, _, _ = _raw(
        base, "POST", "/triactor/settle", {"Host": "127.0.0.1", "Content-Length": "abc"}
    )
    assert status == 400


UNICODE_TEAMS = "Zoë,Łódź,Москва,東京"


def test_non_ascii_in_the_address_round_trips_exactly(base):
    """Teams Zoë,Łódź,Москва,東京 on the table page: shown as typed, and the page's own links
    (each move, "New race with these rules") carry them as UTF-8, so they stay exact after
    any number of round trips; bytes that are not UTF-8 are a replacement character, not a
    500."""
    from urllib.parse import quote, unquote

    url = f"{base}{TABLE}&cars=human.solver.solver.solver&teams={quote(UNICODE_TEAMS)}"
    for _ in range(2):  # the first page, then a link from it
        status, _, body = request(url)
        assert status == 200, body[:300]
        text = html.unescape(body.decode())
        for team in UNICODE_TEAMS.split(","):
            assert f"team {team}" in text, team
        assert "Ã" not in text
        link = re.search(r'href="(/play/table\?[^"]*teams=[^"&]*[^"]*)"', body.decode())
        assert link is not None
        url = base + html.unescape(link.group(1))
        teams = re.search(r"teams=([^&]*)", url).group(1)
        assert unquote(teams) == UNICODE_TEAMS
    # the rules form's field holds them as typed
    assert f'value="{UNICODE_TEAMS}"' in text or f"value='{UNICODE_TEAMS}'" in text
    status, _, body = request(f"{base}{TABLE}&cars=human.solver&teams=%FF,B")
    assert status == 200 and "team \ufffd" in html.unescape(body.decode())
    # the choose page's form: through its redirect to the table
    status, _, body = request(
        f"{base}/play/new?kind=cells&size=small&difficulty=easy&seed=1&players=4&car1=human"
        f"&car2=solver&car3=solver&car4=solver&teams={quote(UNICODE_TEAMS)}"
    )
    assert status == 200 and "team Łódź" in html.unescape(body.decode())
    # a design the engine refuses is echoed as typed
    status, _, body = request(f"{base}{TABLE}&cars=human.solver&design={quote('Zoë')}")
    assert status == 400 and "Zoë" in html.unescape(body.decode())


def test_car_names_have_4_5_to_1_contrast_on_white(base):
    """Every car's name on the table page is written in a colour with
    WCAG's 4.5:1 contrast on white; the seat's own colour where it has it (car 1's blue).
    6 cars, the most a race has: the palette's vermillion, sky blue, purple and orange among
    them."""
    from generator.web.table import contrast_on_white

    status, _, body = request(f"{base}{TABLE}&cars={'.'.join(['solver'] * 6)}")
    assert status == 200, body[:300]
    inks = dict(
        re.findall(r'<span class="car" style="color:(#[0-9a-f]{6})">.*?car (\d)', body.decode())
    )
    found = {int(n): c for c, n in inks.items()}
    assert sorted(found) == list(range(1, 7))
    assert all(contrast_on_white(c) >= 4.5 for c in found.values()), found
    assert found[1] == "#0072b2"
    assert contrast_on_white("#e69f00") < 4.5  # the palette's orange alone would not do


def test_a_printable_says_what_its_downloads_give_and_asks_for_javascript(base):
    """Item 8: the form says a PDF may come as a .zip, the preview area says what to do with
    JavaScript off, and the play page's upload input has a label."""
    status, _, body = request(base + "/print/triactor/slips")
    text = body.decode()
    assert status == 200 and 'id="download-note"' in text and "a .zip" in text
    assert re.search(
        r'<div id="preview"><noscript><p [^>]*>The live preview needs JavaScript', text
    )
    status, _, body = request(base + "/play")
    assert b'<label for="up-track">' in body and b'id="up-track"' in body


def test_one_request_may_not_ask_for_unbounded_work(base):
    """A 400-puzzle class pack preview and an A3 PNG at 1200 dpi are refused at once (422) in
    the page's words, before anything is generated or drawn; the default class pack (60
    puzzles, the cap) and A4 PNG at 600 dpi are within the caps."""
    from generator.web.work import PAGE_PIXELS, PUZZLES, check_pixels

    status, _, body = request(
        f"{base}/print/graph-racers/classpack/preview", {"students": "200", "tracks": "2"}
    )
    assert status == 422 and "class pack of 400 puzzles" in json.loads(body)["error"]
    assert "--" not in json.loads(body)["error"]
    status, _, body = request(
        f"{base}/print/graph-racers/worksheet/preview", {"count": str(PUZZLES + 1)}
    )
    assert status == 422 and f"worksheet of {PUZZLES + 1} puzzles" in json.loads(body)["error"]
    status, _, body = request(
        f"{base}/print/triactor/slips/download",
        {"paper": "a3", "dpi": "1200", "format": "png"},
    )
    text = html.unescape(body.decode())
    assert status == 422 and "14,031 x 19,843 pixels at 1200 dpi" in text
    assert PUZZLES == 30 * 2  # the class pack's defaults
    from generator.render.document import Document
    from generator.render.paper import Paper

    doc = Document("a4", "A4")
    doc.new_page(Paper.get("a4"))
    check_pixels([doc], 600)  # 4,961 x 7,016: under PAGE_PIXELS
    assert 4961 * 7016 <= PAGE_PIXELS


def test_half_open_connections_do_not_stop_the_page(base):
    """100 connections that send nothing (the old server gave each a thread, forever) leave
    the page answering: waitress holds them without threads and closes them when idle."""
    import socket
    import urllib.request
    from urllib.parse import urlsplit

    u = urlsplit(base)
    idle = [socket.create_connection((u.hostname, u.port), timeout=10) for _ in range(100)]
    try:
        with urllib.request.urlopen(base + "/", timeout=10) as r:  # well before the idle close
            assert r.status == 200
    finally:
        for s in idle:
            s.close()


def test_shutdown_ends_the_serving_thread_without_an_error():
    """The serving loop closes its own sockets when asked to stop (server.py): closing them
    from another thread under its select() ended it with 'Bad file descriptor'."""
    import threading

    from generator.web.server import make, url_of

    server = make("127.0.0.1", 0)
    errors: list = []
    before = threading.excepthook
    threading.excepthook = lambda args: errors.append(args.exc_value)
    try:
        serving = threading.Thread(target=server.serve_forever)
        serving.start()
        assert request(url_of(server))[0] == 200  # it serves
        server.shutdown()
        serving.join(10)
    finally:
        threading.excepthook = before
    assert not serving.is_alive() and errors == []
