"""The check page in a real browser on a phone's screen (390 x 844): a student enters the
sheet's code and their moves, then clicks the next point on the board. Playwright for Python
with Debian's chromium; skipped, saying why, without either."""

from __future__ import annotations

import os
from urllib.parse import urlencode

from browser_helpers import expect

PACK = {"students": 3, "tracks": 1, "difficulty": "easy", "kind": "cells", "seed": 1}


def _shot(page, name: str) -> None:  # noqa: ANN001
    shots = os.environ.get("RACEGEN_SCREENSHOTS")
    if shots:
        page.screenshot(path=os.path.join(shots, name), full_page=True)


def test_a_student_enters_the_code_and_moves_on_a_phone(browser, base):
    from pathlib import Path

    from generator.games.graph_racers.generating.generate import stored_solution
    from generator.games.graph_racers.printing.classpack import sheet_code
    from generator.games.graph_racers.printing.classroom import classpack_job
    from generator.printing import PrintSpec

    spec = PrintSpec(out=Path("."), seed=1)
    values = {k: PACK[k] for k in ("students", "tracks", "difficulty", "kind")}
    track = classpack_job(spec, values).pack(spec)[1].tracks[0]
    path = stored_solution(track).path
    code = sheet_code(1, 2, [sheet_code(1, 1)])

    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    page = ctx.new_page()
    page.goto(f"{base}/check/graph-racers/classpack?" + urlencode(PACK))
    _shot(page, "check-empty-390.png")
    page.fill("#c-code", code.lower())
    typed = "\n".join(f"{r} {c}" for r, c in path[:-1])  # all but the last move
    page.fill("#c-moves", typed)
    page.click("#answer button[type=submit]")
    verdict = page.locator("#verdict")
    expect(verdict).to_contain_text("legal so far, finish not reached")
    expect(page.locator("#found")).to_contain_text(f"Sheet {code} (student 2 of 3)")
    # the page fits the phone's width; the board alone scrolls sideways
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    last = page.locator(f'a.point[data-point="{path[-1][0]},{path[-1][1]}"]')
    last.scroll_into_view_if_needed()
    box = last.bounding_box()
    assert box is not None and box["width"] >= 24  # a finger's target on the phone
    last.click()
    page.wait_for_load_state()
    n = len(path) - 1
    expect(verdict).to_have_text(f"legal, finishes in {n} moves, par {n} (at par: a best line)")
    # the page jumped to the car on the board; the verdict, pinned, is still on the screen
    expect(verdict).to_be_in_viewport()
    assert page.locator("#c-moves").input_value().splitlines()[-1] == "{} {}".format(*path[-1])
    _shot(page, "check-finished-390.png")
    ctx.close()
