"""The `racegen serve` application: Bottle routes over the library, never over the CLI.

Safe by construction: a request names games, printables and option values, never a path;
an upload is written only into a temporary folder made for that request (and removed after
it), under a name of the server's choosing; every body is capped before it is read; and bad
input is the command line's own one-line error on the page with a 4xx status, never a
traceback."""

from __future__ import annotations

from importlib import resources
from typing import Any

import bottle

from generator.web import check, kits, paint_page, play, printables, settle, table
from generator.web.page import MAX_BODY, page, utf8

STATIC = {"style.css": "text/css; charset=utf-8", "print.js": "text/javascript; charset=utf-8"}


def make_app() -> bottle.Bottle:
    """The application: every route of the printables, play and settle pages."""
    bottle.BaseRequest.MEMFILE_MAX = MAX_BODY  # forms are parsed in memory, up to the cap
    app = bottle.Bottle()

    @app.hook("before_request")
    def decoded() -> None:
        """The one place the address is decoded: a browser sends it as UTF-8 and Bottle
        gives it as latin-1 text; every route reads bottle.request.query as the user typed
        it (a form sent as multipart/form-data Bottle gives as UTF-8 already)."""
        req = bottle.request
        req.environ["bottle.request.query"] = utf8(req.query)
        if req.content_type.startswith("application/x-www-form-urlencoded"):
            req.environ["bottle.request.forms"] = utf8(req.forms)

    @app.get("/static/<name>")
    def static(name: str) -> Any:
        if name not in STATIC:  # a fixed list: no request names a file
            raise bottle.HTTPError(404, "not found")
        bottle.response.content_type = STATIC[name]
        bottle.response.set_header("Cache-Control", "no-cache")
        return resources.files("generator.web").joinpath("static", name).read_bytes()

    @app.error(404)
    def not_found(err: Any) -> str:
        return page("Not found", "", error="no such page: start at the home page", status=404)

    @app.error(405)
    def bad_method(err: Any) -> str:
        return page("Not allowed", "", error="that page is not sent that way", status=405)

    printables.routes(app)
    play.routes(app)
    paint_page.routes(app)
    table.routes(app)
    kits.routes(app)
    settle.routes(app)
    check.routes(app)
    return app
