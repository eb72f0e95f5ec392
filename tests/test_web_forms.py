"""racegen serve's forms offer no dead ends and speak the page's words; a live preview's work
stops when it is no longer wanted and reports its progress (issue 29 items 4, 5 and 7)."""

from __future__ import annotations

import html
import json
import re
import socket
import threading
import time
from urllib.parse import urlencode, urlsplit

import pytest
from web_helpers import request

GR = "/print/graph-racers"
TP = "/print/trading-paint"
FLAG = re.compile(r"--[a-z]")


def _disabled(body: bytes, dest: str) -> set[str]:
    """The choices the form's select `dest` shows disabled."""
    text = body.decode()
    select = re.search(rf'<select id="f-{dest}" name="{dest}"[^>]*>(.*?)</select>', text, re.S)
    assert select is not None, dest
    return set(re.findall(r'<option value="([^"]*)"[^>]*\bdisabled\b', select.group(1)))


# --- item 4: the page's words -----------------------------------------------------------------
def test_no_form_shows_command_line_syntax(base):
    """Help texts, labels and notes on every form: no --flag, no FILE, no new-board --seed."""
    from generator.web.printables import entries

    for game, name in entries():
        status, _, body = request(f"{base}/print/{game}/{name}")
        text = html.unescape(re.sub(r"<[^>]+>", " ", body.decode()))
        assert status == 200 and not FLAG.search(text), (game, name, FLAG.findall(text))
        assert "FILE" not in text and "--square 17mm" not in text, (game, name)
    status, _, body = request(f"{base}/play")
    assert not FLAG.search(html.unescape(re.sub(r"<[^>]+>", " ", body.decode())))


@pytest.mark.parametrize(
    "path,fields,words",
    [
        ("/print/triactor/slips", {"players": "abc"}, "players: 'abc' is not a whole number."),
        ("/print/triactor/slips", {"seed": "x"}, ""),  # unseeded: the seed is not read
        ("/print/dice-rush/board", {"variant": "x"}, "variant: 'x' is not a whole number."),
        ("/print/dice-rush/board", {"space": "abc"}, "space: 'abc' is not a length: write it"),
        ("/print/trading-paint/board", {"square_mm": "1mm"}, "square: '1mm' must be larger"),
        (f"{GR}/worksheet", {"width_text": "x"}, "width: 'x': write the width as MIN..MAX"),
        (f"{TP}/worksheet", {"kind": "stop", "goal": "bump"}, "goal: a stop puzzle has no goal"),
    ],
)
def test_errors_name_the_field_never_a_flag(base, path, fields, words):
    status, _, body = request(f"{base}{path}/preview", fields)
    data = json.loads(body)
    if not words:
        assert status == 200
        return
    assert status == 400 and data["error"].startswith(words), data
    assert "--" not in data["error"]


def test_page_words_maps_flags_and_click_ranges():
    from generator.web.page import page_words

    assert page_words("use a smaller --grid or --kind cells") == "use a smaller grid or kind cells"
    assert page_words("Invalid value for '--dpi': 5 is not in the range 36<=x<=1200.") == (
        "Invalid value for dpi: 5 is not from 36 to 1200."
    )
    assert page_words("'a' is not a valid integer range.") == "'a' is not a whole number."
    assert page_words("x is not in the range x>=1") == "x is less than 1"


# --- item 4: every choice the forms offer works ---------------------------------------------------
def _single_choices():
    """(game, printable, dest, value) of every choice of every form with nothing generated
    (the worksheets, class pack and sheet have tests of their own below)."""
    from generator.web.printables import entries

    heavy = {("graph-racers", n) for n in ("worksheet", "classpack", "sheet")}
    heavy.add(("trading-paint", "worksheet"))
    out = []
    for (game, name), e in entries().items():
        if (game, name) in heavy:
            continue
        for o in e.options:
            if o.kind in ("choice", "choices"):
                out += [(game, name, o.dest, c) for c in o.choices]
    return out


@pytest.mark.parametrize("game,name,dest,value", _single_choices())
def test_every_choice_of_the_light_forms_previews(base, game, name, dest, value):
    status, _, body = request(f"{base}/print/{game}/{name}/preview", {dest: value})
    data = json.loads(body)
    assert status == 200 and data["total"] >= 1 and not data["unoffered"], data.get("error")


def test_the_sheet_s_choices_each_preview_on_its_generated_track(base):
    from generator.web.printables import entry

    choices = [
        (o.dest, c)
        for o in entry("graph-racers", "sheet").options
        if o.kind in ("choice", "choices")
        for c in o.choices
    ] + [("jumps", "1"), ("jumps", "0")]
    for dest, value in choices:
        status, _, body = request(f"{base}{GR}/sheet/preview", {dest: value})
        assert status == 200 and json.loads(body)["total"] >= 1, (dest, value, body[:200])


@pytest.mark.parametrize("kind", ["drawn", "cells"])
def test_a_gr_worksheet_offers_the_puzzles_a_page_the_generator_makes(base, kind):
    """Each (difficulty, puzzles a page) of `kind`: offered and its preview made, or shown
    disabled and refused at once with the generator's size check (offered.py)."""
    expected_off = {
        "drawn": {"easy": {"3", "4", "6"}, "medium": {"3", "4", "6"}, "hard": {"3", "6"}},
        "cells": {"easy": {"6"}, "medium": {"6"}, "hard": {"3", "4", "6"}},
    }[kind]
    for difficulty, off in expected_off.items():
        query = urlencode({"kind": kind, "difficulty": difficulty})
        status, _, body = request(f"{base}{GR}/worksheet?{query}")
        assert status == 200 and _disabled(body, "per_page") == off, difficulty
        for per_page in ("1", "2", "3", "4", "6"):
            fields = {"kind": kind, "difficulty": difficulty, "per_page": per_page, "count": "1"}
            status, _, body = request(f"{base}{GR}/worksheet/preview", fields)
            data = json.loads(body)
            assert data["unoffered"]["per_page"]["off"] == sorted(off)
            if per_page in off:
                assert status in (400, 422) and "points" in data["error"], data
                assert "--" not in data["error"]
            else:
                # one puzzle: its page and its answer page
                assert status == 200 and data["total"] == 2, (difficulty, per_page, data)


def test_the_gr_worksheet_turned_offers_what_its_slots_hold(base):
    """Landscape slots are 24x9 at 4 a page: no drawn circuit (20x14) nor cells track fits."""
    status, _, body = request(f"{base}{GR}/worksheet?kind=cells&difficulty=easy")
    assert _disabled(body, "per_page") == {"6"}
    status, _, body = request(
        f"{base}{GR}/worksheet/preview",
        {"kind": "cells", "landscape": "1", "per_page": "4", "count": "1"},
    )
    data = json.loads(body)
    assert status == 400 and data["unoffered"]["per_page"] == {
        "off": ["4", "6"],
        "why": "Not offered: 4, 6 (their slots are too small for these tracks).",
    }


@pytest.mark.parametrize("kind", ["drawn", "cells"])
def test_every_class_pack_choice_makes_a_pack(base, kind):
    for difficulty in ("easy", "medium", "hard"):
        for key in ("compact", "true-size"):
            fields = {"kind": kind, "difficulty": difficulty, "key": key}
            status, _, body = request(
                f"{base}{GR}/classpack/preview", {**fields, "students": "1", "tracks": "1"}
            )
            assert status == 200 and json.loads(body)["total"] >= 2, (fields, body[:300])


def test_stop_puzzles_are_offered_one_a_page_and_have_no_goal(base):
    """A stop worksheet is made at 1 a page; at 2 a page its window rarely holds a stop moment
    (offered.TP_NOT_OFFERED), so that is disabled and refused before any work, in the words
    problem_with gives; with stop, only goal any is offered."""
    status, _, body = request(f"{base}{TP}/worksheet")
    assert _disabled(body, "kind") == set() and _disabled(body, "goal") == set()
    status, _, body = request(f"{base}{TP}/worksheet?kind=stop")
    assert _disabled(body, "goal") == {"bump", "draft", "finish", "square"}
    assert _disabled(body, "per_page") == {"2"}
    assert '<option value="1" selected>' in body.decode()  # the nearest offered
    fields = {"kind": "stop", "difficulty": "medium", "count": "1"}
    status, _, body = request(f"{base}{TP}/worksheet/preview", {**fields, "per_page": "2"})
    assert status == 400
    assert json.loads(body)["error"].startswith(
        "per-page: medium stop puzzles are not found quickly in the window of 2 puzzles a page"
    )
    status, _, body = request(f"{base}{TP}/worksheet/preview", {**fields, "per_page": "1"})
    assert status == 200 and json.loads(body)["total"] >= 2  # the rules page and the puzzle


def test_hard_lay_puzzles_are_offered_one_a_page(base):
    """The window of 2 a page holds no hard lay puzzles (20,000 scenes tried: offered.py)."""
    status, _, body = request(f"{base}{TP}/worksheet?kind=lay&goal=draft&difficulty=hard")
    assert _disabled(body, "per_page") == {"2"}
    status, _, body = request(
        f"{base}{TP}/worksheet/preview",
        {"kind": "lay", "goal": "draft", "difficulty": "hard", "per_page": "2", "count": "1"},
    )
    assert status == 400
    assert json.loads(body)["error"].startswith("per-page: hard lay puzzles are not found quickly")
    status, _, body = request(
        f"{base}{TP}/worksheet/preview",
        {"kind": "lay", "goal": "draft", "difficulty": "hard", "per_page": "1", "count": "1"},
    )
    assert status == 200 and json.loads(body)["total"] >= 2


@pytest.mark.parametrize("kind", ["cells", "drawn"])
def test_play_makes_every_track_it_offers(base, kind):
    """Issue 29: /play drawn + hard failed for all three sizes."""
    for size in ("small", "medium", "large"):
        for difficulty in ("easy", "medium", "hard"):
            query = urlencode({"kind": kind, "size": size, "difficulty": difficulty, "seed": 1})
            status, _, body = request(f"{base}/play/new?{query}")  # redirected to the race
            key = f"g-{kind}-{size}-{difficulty}-1"
            assert status == 200 and f"track={key}".encode() in body, (size, difficulty)


# --- item 5: the sheet page makes its own track ---------------------------------------------------
def test_the_sheet_page_prints_a_track_it_generates_as_the_command_line_would(base, tmp_path):
    from click.testing import CliRunner

    from generator.cli import cli
    from generator.games.graph_racers.track.formats import parse_track
    from generator.web.play import generated

    status, _, body = request(f"{base}{GR}/sheet")
    assert status == 200 and b'id="track-source"' in body and b'name="gen_kind"' in body
    fields = {"gen_kind": "cells", "gen_size": "small", "gen_difficulty": "medium", "gen_seed": "3"}
    status, headers, track = request(f"{base}{GR}/sheet/track", fields)
    name = "graph-racers-cells-small-medium-s3.json"
    assert status == 200 and f'filename="{name}"' in headers["Content-Disposition"]
    parsed = parse_track(track.decode(), source=name)
    made = generated("cells", "small", "medium", 3)
    assert parsed.grid == made.grid and parsed.meta["par"] == made.meta["par"]
    status, _, body = request(f"{base}{GR}/sheet/preview", fields)
    data = json.loads(body)
    assert status == 200 and data["documents"] == [name.removesuffix(".json") + "-sheet"]
    status, _, pdf = request(f"{base}{GR}/sheet/download", {**fields, "format": "pdf"})
    (tmp_path / name).write_bytes(track)
    result = CliRunner().invoke(
        cli, ["graph-racers", "sheet", str(tmp_path / name), "--out", str(tmp_path / "out")]
    )
    assert result.exit_code == 0, result.output
    assert pdf == (tmp_path / "out" / (name.removesuffix(".json") + "-sheet.pdf")).read_bytes()


def test_a_chosen_file_wins_over_the_generated_track(base):
    from pathlib import Path

    sprint = Path(__file__).resolve().parent.parent / "examples" / "graph_racers" / "sprint.txt"
    status, _, body = request(
        f"{base}{GR}/sheet/preview",
        {"source": "generate"},
        {"track": ("sprint.txt", sprint.read_bytes())},
    )
    assert status == 200 and json.loads(body)["documents"] == ["sprint-sheet"]


# --- item 7: a preview's work stops when it is not wanted, and tells how far it is --------------
PACK = {"students": "8", "tracks": "1", "kind": "cells"}


def _progress(base: str, pid: str) -> dict:
    status, _, body = request(f"{base}/print/progress?id={pid}")
    assert status == 200, body
    return json.loads(body)


def test_a_newer_preview_stops_the_older_one_s_work(base):
    got = {}

    def first() -> None:
        got["first"] = request(
            f"{base}{GR}/classpack/preview", {**PACK, "preview_id": "testpage01-1"}
        )

    th = threading.Thread(target=first)
    th.start()
    for _ in range(100):  # until its work has begun
        status, _, body = request(f"{base}/print/progress?id=testpage01-1")
        if status == 200:
            break
        time.sleep(0.05)
    status, _, body = request(
        f"{base}{GR}/classpack/preview",
        {**PACK, "students": "1", "preview_id": "testpage01-2"},
    )
    assert status == 200 and json.loads(body)["total"] >= 2
    th.join(timeout=120)
    status, _, body = got["first"]
    assert status == 409 and json.loads(body)["cancelled"] is True
    state = _progress(base, "testpage01-1")
    assert state["cancelled"] and state["finished"] and state["done"] < 8  # of 8 tracks
    assert _progress(base, "testpage01-2") | {"seconds": 0} == {
        "done": 1,
        "total": 1,
        "label": "generating",
        "finished": True,
        "cancelled": False,
        "seconds": 0,
    }


def test_a_preview_whose_page_left_stops(base):
    u = urlsplit(base)
    body = urlencode({**PACK, "preview_id": "testpage02-1"}).encode()
    s = socket.create_connection((u.hostname, u.port))
    s.sendall(
        b"POST /print/graph-racers/classpack/preview HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        b"Content-Type: application/x-www-form-urlencoded\r\n"
        + f"Content-Length: {len(body)}\r\n\r\n".encode()
        + body
    )
    for _ in range(100):
        if request(f"{base}/print/progress?id=testpage02-1")[0] == 200:
            break
        time.sleep(0.05)
    s.close()
    for _ in range(200):
        state = _progress(base, "testpage02-1")
        if state["finished"]:
            break
        time.sleep(0.1)
    assert state["finished"] and state["cancelled"] and state["done"] < 8


def test_progress_counts_the_steps_of_a_preview(base):
    status, _, body = request(
        f"{base}{GR}/classpack/preview", {**PACK, "students": "3", "preview_id": "testpage03-1"}
    )
    assert status == 200
    state = _progress(base, "testpage03-1")
    assert (state["done"], state["total"], state["finished"], state["cancelled"]) == (
        3,
        3,
        True,
        False,
    )
    status, _, body = request(f"{base}/print/progress?id=nosuchpage-1")
    assert status == 404 and "no such preview" in json.loads(body)["error"]


def test_the_trading_paint_rules_of_what_is_offered():
    from pathlib import Path

    from generator.printing import PrintSpec
    from generator.web.offered import unoffered

    spec = PrintSpec(out=Path("."))

    def off(**values: str) -> dict:
        return unoffered("trading-paint", "worksheet", values, spec)

    assert off(kind="lay", goal="any", difficulty="easy") == {"per_page": []}
    assert off(kind="lay", goal="bump", difficulty="medium")["per_page"] == ["2"]
    assert off(kind="fewest", goal="any", difficulty="medium")["per_page"] == ["2"]
    assert off(kind="fewest", goal="finish", difficulty="easy")["per_page"] == []
    assert off(kind="fewest", goal="draft", difficulty="easy")["per_page"] == ["2"]
    assert off(kind="lay", goal="draft", difficulty="medium")["per_page"] == ["2"]
    assert off(kind="lay", goal="square", difficulty="hard")["per_page"] == ["2"]
    assert off(kind="fewest", goal="any", difficulty="hard")["per_page"] == ["2"]
    assert off(kind="stop", goal="any", difficulty="medium") == {
        "goal": ["bump", "draft", "finish", "square"],
        "per_page": ["2"],
    }


def test_the_form_says_which_choices_are_not_offered_and_why(base):
    status, _, body = request(f"{base}{TP}/worksheet?difficulty=hard")
    text = body.decode()
    assert (
        '<span class="help off" id="off-per_page">Not offered: 2 (these puzzles are not found '
        "quickly in its smaller window).</span>"
    ) in text
    assert '<span class="help off" id="off-kind" hidden></span>' in text
    assert '<span class="help off" id="off-answers" hidden></span>' in text


@pytest.mark.parametrize("kind", ["lay", "fewest"])
def test_every_goal_of_an_easy_trading_paint_worksheet_at_2_a_page_is_made(base, kind):
    """What the form offers at 2 a page on easy (offered.TP_NOT_OFFERED), one puzzle each."""
    status, _, body = request(f"{base}{TP}/worksheet?kind={kind}")
    offered_goals = [g for g in ("bump", "draft", "finish", "square", "any")]
    if kind == "fewest":
        offered_goals.remove("draft")  # offered at 1 a page only
    for goal in offered_goals:
        fields = {"kind": kind, "goal": goal, "difficulty": "easy", "count": "1", "per_page": "2"}
        status, _, body = request(f"{base}{TP}/worksheet/preview", fields)
        data = json.loads(body)
        assert status == 200 and data["total"] >= 2 and data["unoffered"]["per_page"]["off"] == []
