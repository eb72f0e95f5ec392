"""What every page of `racegen serve` shares, below the routes: the page template, HTML
escaping, the request's temporary folder and uploads, the body cap, and errors shown as the
command line words them (PageError, the `guarded` route decorator). The route modules
(printables, play, table, kits, settle) and app.py import it; it imports none of them."""

from __future__ import annotations

import html
import re
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

import bottle

from generator import __version__

# the largest request body: a track file (8 MB, formats.MAX_BYTES) and the form around it
MAX_BODY = 8_500_000


class PageError(Exception):
    """Bad input, worded as the command line words it; shown on the page with `status`."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


def one_line(message: str) -> str:
    return " ".join(str(message).split())


# a command-line flag in a message or help text: '--per-page', --width (the page's field for
# it is labelled with the flag's name alone)
FLAG = re.compile(r"'?--([a-z][a-z0-9]*(?:-[a-z0-9]+)*)'?")
RANGES = (  # click's range words, in the page's
    (re.compile(r"is not in the range (-?[\d.]+)<=x<=(-?[\d.]+)"), r"is not from \1 to \2"),
    (re.compile(r"is not in the range x>=(-?[\d.]+)"), r"is less than \1"),
    (re.compile(r"is not in the range x<=(-?[\d.]+)"), r"is more than \1"),
    (re.compile(r"is not a valid integer(?: range)?"), "is not a whole number"),
    (re.compile(r"is not a valid float(?: range)?"), "is not a number"),
)


def page_words(text: str) -> str:
    """A message or help text written for the command line, in the page's words: a flag
    (--grid) becomes its field's label (grid); click's ranges (1<=x<=12) are written out.
    The one place the web maps the command line's words (errors and help texts)."""
    for pattern, words in RANGES:
        text = pattern.sub(words, text)
    return FLAG.sub(r"\1", text)


def field_name(e: BaseException) -> str:
    """The field a click parameter error is about (its label: the flag without dashes)."""
    hint = getattr(e, "param_hint", None)
    if isinstance(hint, str) and hint:
        return hint.strip("'\"").lstrip("-")
    param = getattr(e, "param", None)
    if param is not None:
        names = [n for n in getattr(param, "opts", ()) if n.startswith("--")]
        return (names[0] if names else param.human_readable_name).lstrip("-").lower()
    return ""


def error_text(e: BaseException) -> str:
    """The command line's message for `e` (cli.RacegenGroup) in the page's words: a bad
    field value as `field: what is wrong`, never a command-line flag."""
    import click

    if isinstance(e, click.BadParameter):
        name = field_name(e)
        text = f"{name}: {e.message}" if name else e.message
    elif isinstance(e, click.ClickException):
        text = e.format_message()
    elif isinstance(e, MemoryError):
        text = "out of memory; use a smaller input or a lower limit"
    else:
        text = str(e)
    return page_words(one_line(text))


def status_of(e: BaseException) -> int:
    from generator.errors import LimitExceeded

    if isinstance(e, PageError):
        return e.status
    if isinstance(e, LimitExceeded):
        return 413 if "bytes" in str(e) else 422
    return 400


def user_errors() -> tuple[type[BaseException], ...]:
    """The exceptions that are the user's input, not the server's fault."""
    import click

    from generator.errors import RacegenError

    return (PageError, RacegenError, click.ClickException, MemoryError, ValueError)


@lru_cache(maxsize=4)
def _template(name: str) -> bottle.SimpleTemplate:
    text = resources.files("generator.web").joinpath("templates", name).read_text("utf-8")
    return bottle.SimpleTemplate(source=text)


def page(
    title: str, body: str, *, error: str = "", status: int = 200, scripts: tuple[str, ...] = ()
) -> str:
    bottle.response.status = status
    bottle.response.content_type = "text/html; charset=utf-8"
    return _template("page.tpl").render(
        title=title, body=body, error=error, scripts=scripts, version=__version__
    )


def utf8(fields: bottle.FormsDict) -> bottle.FormsDict:
    """`fields` (Bottle's latin-1 reading of what the browser sent as UTF-8) as the text the
    user typed; bytes that are not UTF-8 become U+FFFD, never an error. Already decoded
    fields come back as they are."""
    if not fields.recode_unicode:
        return fields
    out = bottle.FormsDict()
    out.recode_unicode = False
    for key, value in fields.allitems():
        out.append(_text(key), _text(value))
    return out


def _text(s: Any) -> Any:
    return s.encode("latin-1").decode("utf-8", "replace") if isinstance(s, str) else s


def esc(s: Any) -> str:
    return html.escape(str(s), quote=True)


@contextmanager
def request_folder() -> Iterator[Path]:
    """A temporary folder for this request alone, removed when it ends."""
    with tempfile.TemporaryDirectory(prefix="racegen-serve-") as d:
        yield Path(d)


def read_upload(name: str, limit: int) -> tuple[bytes, str] | None:
    """(bytes, the file name as the user's browser gave it) of the upload `name`, or None when
    none was chosen; more than `limit` bytes is refused (the caller words it with the cap the
    command line uses for that kind of file)."""
    up = bottle.request.files.get(name)
    if up is None or not getattr(up, "raw_filename", ""):
        return None
    data = up.file.read(limit + 1)
    shown = one_line(up.raw_filename).replace("/", "_").replace("\\", "_")[:80] or "upload"
    return data, shown


def check_body() -> None:
    """Refuse a body over MAX_BODY before anything reads it (413), and chunked bodies (411)."""
    req = bottle.request
    if req.method not in ("POST", "PUT"):
        return
    if "chunked" in req.headers.get("Transfer-Encoding", "").lower():
        raise PageError("send the form with a Content-Length (no chunked bodies)", 411)
    if req.content_length > MAX_BODY:
        raise PageError(
            f"the request is over {MAX_BODY:,} bytes, the most racegen serve reads: "
            "choose a smaller file",
            413,
        )


def guarded(title: str, json: bool = False) -> Callable:
    """Route decorator: the body cap first, then user errors as the CLI's line with a 4xx."""

    def wrap(func: Callable) -> Callable:
        def route(*args: Any, **kwargs: Any) -> Any:
            try:
                check_body()
                return func(*args, **kwargs)
            except bottle.HTTPResponse:
                raise
            except user_errors() as e:
                return _fail(title, error_text(e), status_of(e), json)
            except Exception:  # a bug: a short line, never a traceback
                import traceback

                traceback.print_exc()
                return _fail(
                    title, "internal error: see the terminal running racegen serve", 500, json
                )

        route.__name__ = func.__name__
        return route

    return wrap


def _fail(title: str, message: str, status: int, json: bool) -> Any:
    if json:
        bottle.response.status = status
        bottle.response.content_type = "application/json"
        import json as _json

        return _json.dumps({"error": message})
    return page(title, "", error=message, status=status)


def convert(param, raw: Any) -> Any:  # noqa: ANN001
    """A form field's text read as the command line reads the option `param` (a click
    parameter): the same types, ranges and messages on the page as in a shell."""
    import click

    return param.process_value(click.Context(click.Command("racegen")), raw)
