"""racegen serve in a real browser: Playwright for Python driving Debian's chromium (nothing
is downloaded at run time; the tests skip, saying why, without either)."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest
from browser_helpers import expect

SPRINT = Path(__file__).resolve().parent.parent / "examples" / "graph_racers" / "sprint.txt"


@pytest.fixture
def page(browser):
    ctx = browser.new_context(accept_downloads=True, viewport={"width": 1280, "height": 900})
    pg = ctx.new_page()
    yield pg
    ctx.close()


def _ready(page) -> None:
    page.wait_for_selector("#options[data-state=ready]", timeout=60_000)


def test_change_an_option_and_the_preview_changes(page, base):
    page.goto(f"{base}/print/triactor/slips")
    _ready(page)
    before = page.locator("#status").get_attribute("data-pages")
    page.fill("#f-players", "1")
    page.locator("#f-players").dispatch_event("change")
    expect(page.locator("#status")).not_to_have_attribute(
        "data-pages", before or "", timeout=60_000
    )
    _ready(page)
    assert page.locator("#preview img").count() >= 1
    page.fill("#f-players", "99")
    page.locator("#f-players").dispatch_event("change")
    page.wait_for_selector("#preview-error:not([hidden])", timeout=60_000)
    assert page.inner_text("#preview-error") == "Error: players: 99 is not from 1 to 12."


def test_download_a_pdf_of_the_chosen_paper(page, base):
    from pypdf import PdfReader

    page.goto(f"{base}/print/dice-rush/dice")
    _ready(page)
    page.select_option("#f-paper", "letter")
    with page.expect_download(timeout=60_000) as dl:
        page.click("button[value=pdf]")
    data = Path(dl.value.path()).read_bytes()
    box = PdfReader(io.BytesIO(data)).pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (612, 792)


@pytest.mark.skipif(not SPRINT.exists(), reason="examples/ is not beside the tests")
def test_play_a_short_track_to_the_finish_by_clicking(page, base):
    from generator.games.graph_racers.moves.rules import Rules
    from generator.games.graph_racers.solving.solve import solve
    from generator.games.graph_racers.track.formats import parse_track

    sol = solve(parse_track(SPRINT.read_text(), name="sprint"), Rules())
    page.goto(f"{base}/play")
    page.set_input_files("#upload input[type=file]", str(SPRINT))
    page.click("#upload button")
    page.wait_for_selector("#board")
    # one move off the best line first, then undo it: the page keeps up
    for r, c in sol.path:
        page.locator(f'a.point[data-point="{r},{c}"]').click()
        page.wait_for_load_state()
    status = page.locator("#race-status")
    assert status.get_attribute("data-par") == str(sol.moves)
    assert f"par is {sol.moves}" in status.inner_text()
    assert page.locator("#optimal-line").count() == 1
    if os.environ.get("RACEGEN_SCREENSHOTS"):
        page.screenshot(path=os.path.join(os.environ["RACEGEN_SCREENSHOTS"], "play-finish.png"))


def test_two_players_take_turns_by_clicking_until_the_standings(page, base):
    from generator.games.graph_racers.moves.rules import Rules
    from generator.games.graph_racers.race.drivers import make_drivers, run_race
    from generator.web.play import track_of

    track = track_of("g-cells-small-easy-1")
    state = run_race(track, Rules(), make_drivers(["solver", "cautious"], track, Rules(), 1))
    aims = [(e.car, e.aim) for e in state.log if e.kind == "move"]
    page.goto(f"{base}/play")
    page.select_option("#players-count", "2")
    page.click("#generate button")
    page.wait_for_selector("#board")
    shots = os.environ.get("RACEGEN_SCREENSHOTS")
    for i, (car, (r, c)) in enumerate(aims):
        assert page.locator("#race-status").get_attribute("data-car") == str(car + 1)
        page.locator(f'a.point[data-car="{car + 1}"][data-point="{r},{c}"]').click()
        page.wait_for_load_state()
        if shots and i == 9:
            page.screenshot(path=os.path.join(shots, "table-mid.png"), full_page=True)
    assert page.locator("#race-status").get_attribute("data-over") == "1"
    assert "car 1 finishes, place 1" in page.inner_text("#incidents")
    assert page.locator("#standings tr[data-car]").count() == 2
    if shots:
        page.screenshot(path=os.path.join(shots, "table-end.png"), full_page=True)


CORRIDOR = (
    "graph-racers track 1\nname: Corridor\nmap:\n##############\n#S.S........G#\n##############\n"
)
EDGE = "graph-racers track 1\nname: Edge dash\nmap:\n#########\n#S......G\n#S......G\n#########\n"


def _shot(page, name: str) -> None:
    shots = os.environ.get("RACEGEN_SCREENSHOTS")
    if shots:
        page.screenshot(path=os.path.join(shots, name), full_page=True)


def test_two_players_on_an_uploaded_track_reach_a_collision(page, base, tmp_path):
    """The upload form starts a race of two players; car 2 crashes and stops, car 1 cannot
    help driving into it: the collision in the engine's words, both cars damaged."""
    track = tmp_path / "corridor.txt"
    track.write_text(CORRIDOR)
    page.goto(f"{base}/play")
    page.set_input_files("#upload input[type=file]", str(track))
    page.select_option("#up-players-count", "2")
    page.click("#upload button")
    page.wait_for_selector("#board")
    moves = [(1, 1), (1, 4), (1, 2), (1, 5), (1, 4), (0, 6), (1, 6)]
    for i, (r, c) in enumerate(moves):
        car = i % 2 + 1
        assert page.locator("#race-status").get_attribute("data-car") == str(car)
        page.locator(f'a.point[data-car="{car}"][data-point="{r},{c}"]').click()
        page.wait_for_load_state()
    incidents = page.inner_text("#incidents")
    assert "car 2 crashes: 1 damage (total 1)" in incidents
    assert "car 1 collides with car 2 (1 apart last turn)" in incidents
    assert page.locator('#incidents li[data-kind="collision"]').count() == 1
    _shot(page, "table-collision.png")
    # the same race without contact: car 1 drives through
    page.check("#no-contact")
    page.click("#rules button")
    page.wait_for_selector("#board")
    assert "no contact" in page.inner_text("h1")
    for i, (r, c) in enumerate(moves):
        page.locator(f'a.point[data-car="{i % 2 + 1}"][data-point="{r},{c}"]').click()
        page.wait_for_load_state()
    assert "car 2 crashes: put at (1, 5), stopped" in page.inner_text("#incidents")
    assert page.locator('#incidents li[data-kind="collision"]').count() == 0


def test_a_point_past_the_map_s_edge_is_clicked_to_the_finish(page, base, tmp_path):
    track = tmp_path / "edge.txt"
    track.write_text(EDGE)
    page.goto(f"{base}/play")
    page.set_input_files("#upload input[type=file]", str(track))
    page.click("#upload button")
    page.wait_for_selector("#board")
    for r, c in [(1, 1), (1, 2), (1, 4), (1, 7)]:
        page.locator(f'a.point[data-point="{r},{c}"]').click()
        page.wait_for_load_state()
    assert page.locator("#beyond").count() == 1  # every legal point is past column 8
    _shot(page, "play-beyond.png")
    page.locator('a.point[data-point="1,10"]').click()
    page.wait_for_load_state()
    assert "You finished in 4 moves" in page.inner_text("#race-status")


def test_class_pack_preview_shows_both_files_and_downloads_the_booklet(page, base):
    from pypdf import PdfReader

    # the address sets the form up (a default pack of 30 would generate 60 circuits first)
    page.goto(f"{base}/print/graph-racers/classpack?students=2&tracks=1")
    assert page.input_value("#f-students") == "2" and page.input_value("#f-tracks") == "1"
    expect(page.locator("#status")).to_have_attribute(
        "data-pages", "4", timeout=120_000
    )  # 2 sheets; the booklet's index and one compact page of answers (up to 4 a page)
    _ready(page)
    heads = page.locator("#preview h2.document")
    assert heads.count() == 2 and "teacher" in heads.nth(1).inner_text()
    _shot(page, "classpack.png")
    note = page.locator("#download-note")
    expect(note).to_contain_text("Download PDF gives a .zip of 2 PDF files")
    page.select_option("#f-part", "2")
    expect(note).to_contain_text("Download PDF gives one .pdf", timeout=120_000)
    with page.expect_download(timeout=120_000) as dl:
        page.click("button[value=pdf]")
    assert dl.value.suggested_filename == "graph-racers-classpack-easy-s1-teacher.pdf"
    assert len(PdfReader(dl.value.path()).pages) == 2


@pytest.mark.skipif(not SPRINT.exists(), reason="examples/ is not beside the tests")
def test_a_track_sheet_from_an_uploaded_file(page, base):
    page.goto(f"{base}/print/graph-racers/sheet")
    # no file yet: a track generated on the page (issue 29 item 5): track, race and answer
    # sheets of 5 pages
    expect(page.locator("#status")).to_have_attribute("data-pages", "5", timeout=60_000)
    _shot(page, "sheet-generated.png")
    page.set_input_files("#f-track", str(SPRINT))
    expect(page.locator("#status")).to_have_attribute("data-pages", "4", timeout=60_000)
    _shot(page, "sheet.png")
    assert page.input_value("#f-source") == "file"  # the page says which track it prints
    page.set_input_files("#f-track", [])
    expect(page.locator("#status")).to_contain_text("Choose a track file", timeout=60_000)


TEAMS = "Zoë,Łódź,Москва,東京"


def test_a_four_car_race_on_a_phone_to_the_standings_with_unicode_teams(browser, base):
    """At 390x844: the board first and wide enough (not 0 px), the events below it, each move
    a target at least 24 px across, the page not wider than the phone; car 1 (a person,
    playing the solver's moves) against three cautious seats to the end, the standings then in view
    above the board, winner first; teams Zoë,Łódź,Москва,東京 kept exactly through the race
    and "New race with these rules"."""
    from urllib.parse import parse_qs, quote, urlencode, urlsplit

    from generator.games.graph_racers.moves.rules import Rules
    from generator.games.graph_racers.race.drivers import make_drivers, run_race
    from generator.web.play import track_of

    track = track_of("g-cells-small-easy-1")
    kinds = ["solver", "cautious", "cautious", "cautious"]
    state = run_race(track, Rules(), make_drivers(kinds, track, Rules(), 1), teams=TEAMS.split(","))
    moves = [e for e in state.log if e.kind == "move"]
    last = max(i for i, e in enumerate(moves) if e.car == 0)
    winner = min(state.standings(), key=lambda s: s["place"])
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    page = ctx.new_page()
    shots = os.environ.get("RACEGEN_SCREENSHOTS")
    try:
        page.goto(
            f"{base}/play/new?kind=cells&size=small&difficulty=easy&seed=1&players=4"
            f"&car1=human&car2=cautious&car3=cautious&car4=cautious&teams={quote(TEAMS)}"
        )
        page.wait_for_selector("#board")
        board = page.locator("#board").bounding_box()
        events = page.locator("#events").bounding_box()
        assert board["width"] >= 300 and events["y"] > board["y"] + board["height"] - 1
        for team in TEAMS.split(","):
            assert f"team {team}" in page.inner_text("#legend")
        mine = [i for i, e in enumerate(moves) if e.car == 0]
        for n, i in enumerate(mine[:3] + [last]):  # three moves by hand, then the last one
            if n == 3:  # the race up to car 1's last move, as the page's links carry it
                q = parse_qs(urlsplit(page.url).query)
                q["moves"] = ["_".join(f"{r}.{c}" for r, c in (e.aim for e in moves[:last]))]
                page.goto(f"{base}/play/table?{urlencode(q, doseq=True)}#turn")
            r, c = moves[i].aim
            target = page.locator(f'a.point[data-car="1"][data-point="{r},{c}"]')
            box = target.bounding_box()
            assert box["width"] >= 24 and box["height"] >= 24, box
            # the link opens the next page on the car on turn: its moves in view
            assert 0 <= box["x"] and box["x"] + box["width"] <= 390 and 0 <= box["y"] <= 844
            target.click()
            page.wait_for_load_state()
            assert page.evaluate("document.documentElement.scrollWidth") <= 390
            if shots and n == 2:
                page.screenshot(path=os.path.join(shots, "phone-table-mid.png"))
        assert page.locator("#race-status").get_attribute("data-over") == "1"
        said = " ".join(page.inner_text("#race-status").split())
        assert said == f"The race is over: car {winner['car']} wins."
        final = page.locator("#final")
        assert final.bounding_box()["y"] < page.locator("#board").bounding_box()["y"]
        rows = page.locator("#final #standings tr[data-car]")
        assert rows.count() == 4
        assert rows.first.inner_text().split()[0] == "1"
        assert f"car {winner['car']}" in rows.first.inner_text()
        if shots:
            page.screenshot(path=os.path.join(shots, "phone-table-end.png"))
        page.click("#rules button[type=submit]")
        page.wait_for_selector("#board")
        assert page.input_value("#teams") == TEAMS
        for team in TEAMS.split(","):
            assert f"team {team}" in page.inner_text("#legend")
    finally:
        ctx.close()


def test_a_superseded_preview_is_cancelled(page, base):
    """Item 7 (the page's half): a change while a preview is drawing cancels that request
    (the browser reports it aborted) and the newer preview is the one shown."""
    failed = []
    page.on("requestfailed", lambda r: failed.append((r.url, r.failure)))
    page.goto(f"{base}/print/graph-racers/classpack?students=3&tracks=1")
    expect(page.locator("#options")).to_have_attribute("data-state", "busy")
    page.fill("#f-students", "1")
    page.locator("#f-students").dispatch_event("change")
    expect(page.locator("#status")).to_have_attribute("data-pages", "3", timeout=120_000)
    assert any(u.endswith("/classpack/preview") and "ABORTED" in (f or "") for u, f in failed)


def test_a_file_over_the_cap_is_said_in_the_preview(page, base):
    """The server refuses a body over its cap from the headers (waitress, not JSON): the
    preview says so in the page's words, not "the server did not answer"."""
    page.goto(f"{base}/print/graph-racers/sheet")
    _ready(page)
    big = {"name": "big.txt", "mimeType": "text/plain", "buffer": b"#" * 8_600_000}
    page.set_input_files("#f-track", files=[big])
    expect(page.locator("#preview-error")).to_contain_text("over 8,500,000 bytes", timeout=30_000)


def test_the_worksheet_form_offers_only_what_the_generator_makes(page, base):
    """Item 4: drawn easy circuits need a 20x14 slot: 3, 4 and 6 a page are disabled; hard
    ones fit 4 a page (17x15). A choice no longer offered moves to the nearest offered one."""
    page.goto(f"{base}/print/graph-racers/worksheet?count=1")
    _ready(page)

    def disabled() -> list[str]:
        opts = page.locator("#f-per_page option")
        return [
            opts.nth(i).get_attribute("value")
            for i in range(opts.count())
            if opts.nth(i).is_disabled()
        ]

    assert disabled() == ["3", "4", "6"]
    page.select_option("#f-difficulty", "hard")
    expect(page.locator("#f-per_page option[value='4']")).to_be_enabled(timeout=60_000)
    _ready(page)
    assert disabled() == ["3", "6"]
    page.select_option("#f-per_page", "4")
    _ready(page)
    expect(page.locator("#status")).to_have_attribute("data-pages", "2", timeout=60_000)
    _shot(page, "worksheet-hard-4.png")
    page.select_option("#f-difficulty", "easy")  # 4 a page is no longer offered: back to 2
    expect(page.locator("#f-per_page")).to_have_value("2", timeout=60_000)
    expect(page.locator("#options")).to_have_attribute("data-state", "ready", timeout=60_000)
    assert page.locator("#preview-error").is_hidden()


def test_a_slow_preview_shows_its_progress(page, base):
    """Item 7: after a second the status says how many tracks are made of how many."""
    import re

    page.goto(f"{base}/print/graph-racers/classpack?students=8&tracks=1&kind=cells")
    expect(page.locator("#status")).to_have_text(
        re.compile(r"generating [0-7] of 8 \(\d+ s\)…"), timeout=30_000
    )
    _shot(page, "classpack-progress.png")
    expect(page.locator("#status")).to_have_attribute("data-pages", "11", timeout=120_000)
