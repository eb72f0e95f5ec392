"""The most work one request of `racegen serve` may ask for: puzzles generated, pages drawn
and PNG pixels rendered. Any web page can reach the server, and the command line has no
such caps (a class pack of 400 puzzles, an A3 PNG at 1200 dpi are fine in a shell): past a
cap the page says so in its own words with a 422 (LimitExceeded), before the work."""

from __future__ import annotations

from typing import Any

from generator.errors import LimitExceeded

PUZZLES = 60  # a request's generated puzzles: a default class pack (30 students x 2 tracks)
PAGES = 200  # pages of one preview or download
PAGE_PIXELS = 40_000_000  # one PNG page: A4 at 600 dpi (35 million) fits; A3 at 1200 dpi does not
PIXELS = 400_000_000  # every PNG page of one download together
MM_PER_INCH = 25.4


def check_puzzles(name: str, values: dict[str, Any]) -> None:
    """A worksheet's count, a class pack's students x tracks, at most PUZZLES."""
    if name == "classpack":
        n = (values.get("students") or 0) * (values.get("tracks") or 0)
        what = f"a class pack of {n} puzzles (students x tracks)"
        fix = "choose fewer students or tracks, or print it in parts"
    elif name == "worksheet":
        n = values.get("count") or 0
        what = f"a worksheet of {n} puzzles"
        fix = "choose fewer puzzles, or print it in parts"
    else:
        return
    if n > PUZZLES:
        raise LimitExceeded(f"{what} is more than this page makes at once ({PUZZLES}): {fix}")


def check_pages(docs: list) -> None:
    n = sum(len(d.pages) for d in docs)
    if n > PAGES:
        raise LimitExceeded(
            f"{n} pages are more than this page draws at once ({PAGES}): choose fewer"
        )


def check_pixels(docs: list, dpi: int) -> None:
    """PNG pages at `dpi`: each at most PAGE_PIXELS, all together at most PIXELS."""
    total = 0
    for d in docs:
        for pg in d.pages:
            w = round(pg.width / MM_PER_INCH * dpi)
            h = round(pg.height / MM_PER_INCH * dpi)
            if w * h > PAGE_PIXELS:
                raise LimitExceeded(
                    f"a PNG page of {w:,} x {h:,} pixels at {dpi} dpi is more than this page "
                    f"draws ({PAGE_PIXELS // 1_000_000} million pixels a page): choose a lower "
                    "dpi, or PDF"
                )
            total += w * h
    if total > PIXELS:
        raise LimitExceeded(
            f"these PNG pages at {dpi} dpi come to {total // 1_000_000:,} million pixels, more "
            f"than this page draws at once ({PIXELS // 1_000_000}): choose a lower dpi, fewer "
            "pages, or PDF"
        )
