"""Print-and-play kits on the page (generator.kits, as `racegen kit GAME` makes them): a form
per game (paper, mono, and the seed that picks the Graph Racers circuit), a preview of the
kit's first pages, and the kit as one PDF, or as SVG or PNG pages (a .zip of one file a page,
named as `racegen kit --format svg` names them; PNG at `dpi`, 150 unless given). The library
builds the kit; a request reaches the file system only through its own temporary folder (the
PrintSpec's out)."""

from __future__ import annotations

import base64
from typing import Any
from urllib.parse import urlencode

import bottle

from generator.web.page import PageError, esc, guarded, page, request_folder

KIT_PREVIEW = 4  # pages the kit page shows; the PDF has them all
KIT_FIELDS = ("paper", "mono", "seed", "dpi")  # what the address may set


def game_of(name: str) -> Any:
    from generator.games.registry import GAMES

    for g in GAMES:
        if g.name == name:
            return g
    names = ", ".join(g.name for g in GAMES)
    raise PageError(f"{name[:40]!r} is not a game: use one of {names}", 404)


def spec_of(query: Any, folder: Any) -> Any:
    from generator.web.printables import spec_from_form

    # the kit command's options: paper, mono, seed (Graph Racers' circuit), the PNG's dpi;
    # always portrait
    form = {k: query.get(k) for k in KIT_FIELDS}
    return spec_from_form(form, folder, seeded=True)


def _query(query: Any) -> dict[str, str]:
    return {k: query.get(k) for k in KIT_FIELDS if query.get(k)}


def kits_body() -> str:
    from generator.games.registry import GAMES
    from generator.kit_cover import PAPER_NAMES

    papers = "".join(f'<option value="{k}">{esc(v)}</option>' for k, v in PAPER_NAMES.items())
    parts = [
        "<h1>Print-and-play kits</h1>",
        '<p class="note">Everything one table needs to play a game, in one PDF: a cover (what '
        "is in the kit, what to print on which paper, how many copies), an assembly page, "
        "every component and the rules summary last (as <code>racegen kit GAME</code> makes "
        "it).</p>",
        '<div class="games">',
    ]
    for g in GAMES:
        seed = (
            '<label>seed <input type="number" name="seed" min="0" max="999999999" '
            'placeholder="the circuit"></label> '
            if g.name == "graph-racers"
            else ""
        )
        parts.append(
            f'<section class="game" id="kit-{esc(g.name)}"><h2>{esc(g.title)}</h2>'
            f'<p class="note">{esc(g.summary)}</p>'
            f'<form method="get" action="/kits/{esc(g.name)}">'
            f'<label>paper <select name="paper">{papers}</select></label> '
            '<label><input type="checkbox" name="mono" value="1"> mono</label> '
            f"{seed}"
            '<label>PNG dpi <input type="number" name="dpi" value="150" min="36" max="1200">'
            '</label> <button type="submit">Preview the kit</button></form></section>'
        )
    parts.append("</div>")
    return "".join(parts)


def kit_body(g: Any, doc: Any, query: dict[str, str]) -> str:
    from generator.render.svg import page_svg

    pages = []
    for n, pg in enumerate(doc.pages[:KIT_PREVIEW], 1):
        data = base64.b64encode(page_svg(pg, doc.title)).decode("ascii")
        pages.append(
            f'<img class="kit-page" src="data:image/svg+xml;base64,{data}" '
            f'alt="page {n} of the {esc(g.title)} kit">'
        )
    href = f"/kits/{g.name}/download?" + urlencode(query)
    pages_as = " · ".join(
        f'<a href="{esc(href + "&" + urlencode({"format": fmt}))}" id="kit-download-{fmt}">'
        f"{fmt.upper()} pages (.zip)</a>"
        for fmt in ("svg", "png")
    )
    total = len(doc.pages)
    return (
        f"<h1>{esc(doc.title)}</h1>"
        f'<p id="kit-status" data-pages="{total}">{total} pages; the first '
        f"{min(total, KIT_PREVIEW)} below. "
        f'<a href="{esc(href)}" id="kit-download" class="button">Download the kit (PDF)</a> · '
        f"or as {pages_as} · "
        '<a href="/kits">Other kits</a></p>'
        f'<div id="kit-preview" class="kit-preview">{"".join(pages)}</div>'
    )


def routes(app: bottle.Bottle) -> None:
    @app.get("/kits")
    @guarded("Kits")
    def kits() -> str:
        return page("Print-and-play kits", kits_body())

    @app.get("/kits/<name>")
    @guarded("Kits")
    def kit(name: str) -> str:
        from generator.kits import kit_document

        g = game_of(name)
        q = bottle.request.query
        from generator.render.pages import add_footers

        with request_folder() as folder:
            doc = kit_document(g, spec_of(q, folder))
            add_footers(doc)  # the pages as the download has them
            return page(doc.title, kit_body(g, doc, _query(q)))

    @app.get("/kits/<name>/download")
    @guarded("Kits")
    def download(name: str) -> bytes:
        from generator.kits import kit_document
        from generator.web.printables import FORMATS
        from generator.web.printables import download as files

        g = game_of(name)
        q = bottle.request.query
        fmt = (q.get("format") or "pdf").lower()
        if fmt not in FORMATS:
            raise PageError(f"unknown format {fmt[:20]!r}: use pdf, svg or png")
        with request_folder() as folder:
            spec = spec_of(q, folder)
            doc = kit_document(g, spec)
            return files([doc], spec, fmt, f"{g.name}-kit")
