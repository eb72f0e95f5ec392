"""A Trading Paint puzzle solved by clicking, in a real browser at a phone's size (issue 29
"Beyond"): Playwright for Python driving Debian's chromium, as tests/test_web_browser.py."""

from __future__ import annotations

import os

import pytest
from browser_helpers import expect


def _shot(page, name: str) -> None:
    shots = os.environ.get("RACEGEN_SCREENSHOTS")
    if shots:
        page.screenshot(path=os.path.join(shots, name), full_page=True)


def test_a_trading_paint_puzzle_solved_by_clicking(browser, base):
    """Puzzle 1 of the easy lay worksheet of seed 1 (car 5 rolls 2, 3 to end on the star
    22,9) at 390x844: chosen on the choosing page, the first die laid by a finger on the
    board, the second with the mouse from the panel, the path ended with the keyboard."""
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    page = ctx.new_page()
    try:
        page.goto(f"{base}/play/trading-paint")
        # the header's links are a finger's targets too: 24 px tall at the least
        links = page.locator("header nav a").all()
        assert len(links) == 6 and all(a.bounding_box()["height"] >= 24 for a in links)
        page.select_option("#n-kind", "lay")
        page.select_option("#n-difficulty", "easy")
        page.fill("#n-seed", "1")
        page.click("#new button")
        page.wait_for_selector("#board")
        assert "seed=1" in page.url  # the address holds the puzzle: a class can share it
        expect(page.locator("#question")).to_contain_text("Car 5 rolls 2, 3")
        # nothing wider than the phone's screen
        assert page.locator("body").bounding_box()["width"] <= 390
        # die 1, a finger: the 2 on 23,10 (a square of the board at least 24 px across)
        square = page.locator('#board a.sq[data-square="23,10"]')
        box = square.bounding_box()
        assert box["width"] >= 24 and box["height"] >= 24
        square.tap()
        page.wait_for_selector("#turns")
        page.locator('#turns a[data-token="2@23,10/0"]').tap()
        page.wait_for_selector('#rolls li.next[data-face="3"]')
        _shot(page, "paint-die-1.png")
        # die 2, the mouse, from the panel's list: the 3 on 23,9, upright
        page.locator('#squares a[data-square="23,9"]').click()
        page.locator('#turns a[data-token="3@23,9/0"]').click()
        page.wait_for_selector("#endings")
        # the ending, the keyboard: Tab to the stop on the star and press Enter
        for _ in range(60):
            page.keyboard.press("Tab")
            if page.locator('#endings a[data-token="stop 22,9"]:focus').count():
                break
        else:
            pytest.fail("Tab never reached the stop on 22,9")
        page.keyboard.press("Enter")
        verdict = page.locator("#verdict")
        expect(verdict).to_have_text("right: car 5 ends on the starred square 22,9")
        assert verdict.get_attribute("data-right") == "1"
        expect(page.locator("#answer")).to_have_text("2@23,10/0 3@23,9/0 stop 22,9")
        assert page.locator("#board-car-5").count() == 1
        _shot(page, "paint-right.png")
        # undo takes the stop back; the stop is offered again
        page.locator("#undo").tap()
        expect(page.locator('#endings a[data-token="stop 22,9"]')).to_be_visible()
    finally:
        ctx.close()
