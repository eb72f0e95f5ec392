"""racegen serve at the HTTP level: every route, its status codes, caps and bad input."""

from __future__ import annotations

import json
import time
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
    t0 = time.perf_counter()
    status, _, body = request(f"{base}/print/{game}/{name}/preview", {"paper": "a4"})
    assert status == 200, body
    data = json.loads(body)
    assert data["total"] >= 1 and data["pages"][0].lstrip().startswith("<?xml")
    assert time.perf_counter() - t0 < 5


def test_every_form_page_opens(base):
    from generator.web.printables import entries

    for game, name in entries():
        status, _, body = request(f"{base}/print/{game}/{name}")
        assert status == 200, (game, name)


def test_bad_option_is_the_cli_message_with_400(base):
    status, _, body = request(f"{base}/print/triactor/slips/preview", {"players": "99"})
    assert status == 400
    assert json.loads(body)["error"] == (
        "Invalid value for '--players': 99 is not in the range 1<=x<=12."
    )
    status, _, body = request(f"{base}/print/triactor/slips/preview", {"paper": "a9"})
    assert status == 400 and "'--paper'" in json.loads(body)["error"]
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

    from generator.web.app import MAX_BODY

    u = urlsplit(base)
    conn = http.client.HTTPConnection(u.hostname, u.port, timeout=30)
    conn.putrequest("POST", "/print/triactor/slips/preview")
    conn.putheader("Content-Type", "multipart/form-data; boundary=x")
    conn.putheader("Content-Length", str(MAX_BODY + 10))
    conn.endheaders()
    conn.send(b"--x\r\n")
    r = conn.getresponse()
    assert r.status == 413 and b"bytes" in r.read()
    conn.close()


# --- play ------------------------------------------------------------------------------------
def test_play_pages(base):
    assert request(base + "/play")[0] == 200
    status, _, body = request(base + "/play/race?track=g-cells-small-easy-1")
    assert status == 200 and b'data-kind="choice"' in body and b'id="board"' in body
    assert request(base + "/play/race?track=../../etc/passwd")[0] == 404
    assert request(base + "/play/race?track=u-0123456789abcdef")[0] == 404
    status, _, body = request(base + "/play/race?track=g-cells-small-easy-1&accel=7")
    assert status == 400 and b"Invalid value for &#x27;--accel&#x27;" in body or b"--accel" in body
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
    from generator.games.graph_racers.formats import parse_track
    from generator.games.graph_racers.rules import Rules
    from generator.games.graph_racers.solve import solve

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
    assert status == 400 and b"--finish" in body
    status, _, body = request(
        base + "/triactor/settle", {"finish": "S,M,C"}, {"bets_file": ("b.csv", b"x" * 1_000_001)}
    )
    assert status == 413 or status == 400
    assert b"is over 1,000,000 bytes" in body


def test_serve_refuses_nothing_but_warns_for_other_hosts():
    from click.testing import CliRunner

    from generator.commands.serve import serve

    result = CliRunner().invoke(serve, ["--port", "99999"])
    assert result.exit_code == 2


# --- several players on one screen ----------------------------------------------------------
TABLE = "/play/table?track=g-cells-small-easy-1"


def _race(cars: list[str]):
    from generator.games.graph_racers.drivers import make_drivers, run_race
    from generator.games.graph_racers.rules import Rules
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
    from generator.games.graph_racers.race import CRASHES, RaceState, default_starts
    from generator.games.graph_racers.rules import Rules
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
    t0 = time.perf_counter()
    status, headers, body = request(base + "/kits/dice-rush/download?paper=letter&mono=1")
    assert status == 200 and headers["Content-Type"] == "application/pdf"
    assert 'filename="dice-rush-kit.pdf"' in headers["Content-Disposition"]
    reader = PdfReader(io.BytesIO(body))
    box = reader.pages[0].mediabox
    assert len(reader.pages) >= 4 and (round(float(box.width)), round(float(box.height))) == (
        612,
        792,
    )
    assert time.perf_counter() - t0 < 10
    status, _, body = request(base + "/kits/graph-racers?seed=7")
    assert status == 200 and b"kit-page" in body
    # bad input: the command line's words, 4xx
    status, _, body = request(base + "/kits/chess")
    assert status == 404 and b"is not a game: use one of graph-racers" in body
    status, _, body = request(base + "/kits/dice-rush?paper=a9")
    assert status == 400 and b"--paper" in body
    status, _, body = request(base + "/kits/graph-racers/download?seed=x")
    assert status == 400 and b"--seed" in body
