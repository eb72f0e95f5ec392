"""The guard in front of every route of `racegen serve` (a WSGI middleware, below Bottle).

The server is local, but any web page the user visits can send requests to it. So, before
Bottle reads anything:
- the Host header must name this computer: a loopback name (localhost, 127.0.0.1, [::1]) or
  the address the server is bound to; when it is bound to every address (0.0.0.0 or ::), any
  address written as numbers. A name another site controls (DNS rebinding) is refused (403).
- a request that changes or costs anything (every method but GET and HEAD) must come from a
  page of this server: its Origin, or without one its Referer, names this server, and the
  browser's Sec-Fetch-Site is same-origin or none (403 otherwise); the origin's port counts
  (another program on this computer is another site). A request with none of the
  three (curl, a script) is not a browser's and is served.
- a GET that another site's page makes as part of itself (an image, a script, a fetch:
  Sec-Fetch-Site cross-site or same-site and Sec-Fetch-Mode other than navigate) is refused
  (403): a link followed from another site (navigate) is served, so a shared address works.
- the body's size is read from Content-Length before any of the body: one that is not a
  whole number is a 400, one over MAX_BODY a 413, chunked bodies a 411.
Every answer carries X-Content-Type-Options, a Content-Security-Policy with frame-ancestors,
Referrer-Policy and X-Frame-Options, and no Server header."""

from __future__ import annotations

import html
import ipaddress
from collections.abc import Callable, Iterable
from typing import Any
from urllib.parse import urlsplit

from generator.web.page import MAX_BODY

LOOPBACK = frozenset({"localhost", "127.0.0.1", "::1"})
WILDCARD = frozenset({"0.0.0.0", "::", ""})
SAFE_METHODS = frozenset({"GET", "HEAD"})

HEADERS = (
    ("X-Content-Type-Options", "nosniff"),
    (
        "Content-Security-Policy",
        "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; "
        "script-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
        "frame-ancestors 'none'",
    ),
    ("Referrer-Policy", "same-origin"),
    ("X-Frame-Options", "DENY"),
)


def host_name(value: str) -> str:
    """The name in a Host header (or an Origin's netloc) without its port, lower case;
    an IPv6 address without its brackets."""
    value = value.strip().lower()
    if value.startswith("["):
        return value[1 : value.find("]")] if "]" in value else value
    return value.rsplit(":", 1)[0] if value.count(":") == 1 else value


def _is_address(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


class Guard:
    """The WSGI application `app` behind the checks above, for a server bound to `bound`."""

    def __init__(self, app: Callable, bound: str) -> None:
        self.app = app
        self.bound = host_name(bound) if bound not in WILDCARD else ""
        self.any_address = bound in WILDCARD

    def allowed_host(self, value: str) -> bool:
        name = host_name(value)
        if name in LOOPBACK or (self.bound and name == self.bound):
            return True
        return self.any_address and _is_address(name)

    def refusal(self, environ: dict) -> tuple[int, str] | None:
        """(status, the page's words) when the request is refused, else None."""
        host = environ.get("HTTP_HOST") or environ.get("SERVER_NAME", "")
        if not self.allowed_host(host):
            return 403, (
                "this page answers only to this computer's own address: open it as "
                "http://127.0.0.1 or http://localhost with racegen serve's port"
            )
        method = environ.get("REQUEST_METHOD", "GET").upper()
        site = environ.get("HTTP_SEC_FETCH_SITE", "").lower()
        mode = environ.get("HTTP_SEC_FETCH_MODE", "").lower()
        if method in SAFE_METHODS:
            if site in ("cross-site", "same-site") and mode not in ("navigate", ""):
                return 403, "another site's page asked for this: open racegen serve's page itself"
            return None
        if site and site not in ("same-origin", "none"):
            return 403, FOREIGN
        source = environ.get("HTTP_ORIGIN") or environ.get("HTTP_REFERER") or ""
        if source:
            parts = urlsplit(source) if source != "null" else None
            if parts is None or parts.netloc.lower() != host.strip().lower():
                return 403, FOREIGN
        return self.body_refusal(environ)

    @staticmethod
    def body_refusal(environ: dict) -> tuple[int, str] | None:
        if "chunked" in environ.get("HTTP_TRANSFER_ENCODING", "").lower():
            return 411, "send the form with a Content-Length (no chunked bodies)"
        raw = (environ.get("CONTENT_LENGTH") or "").strip()
        if not raw:
            return None
        if not raw.isdigit():
            return 400, "the request's Content-Length is not a whole number: send the form again"
        if int(raw) > MAX_BODY:
            return 413, TOO_LARGE
        return None

    def __call__(self, environ: dict, start_response: Callable) -> Iterable[bytes]:
        def with_headers(status: str, headers: list, exc_info: Any = None) -> Any:
            kept = [(k, v) for k, v in headers if k.lower() != "server"]
            return start_response(status, kept + list(HEADERS), exc_info)

        refused = self.refusal(environ)
        if refused is None:
            return self.app(environ, with_headers)
        status, words = refused
        body = refusal_page(words)
        reason = {400: "Bad Request", 403: "Forbidden", 411: "Length Required"}.get(
            status, "Content Too Large"
        )
        with_headers(
            f"{status} {reason}",
            [("Content-Type", "text/html; charset=utf-8"), ("Content-Length", str(len(body)))],
        )
        return [body]


TOO_LARGE = (
    f"the form with its file is over {MAX_BODY:,} bytes, the most racegen serve reads: "
    "choose a smaller file"
)


def waitress_words(code: int) -> str:
    """The page's words for an error waitress answers itself (server.PageErrorTask)."""
    if code == 413:
        return TOO_LARGE
    return "the server could not read the request: send the form again from its page"


FOREIGN = (
    "this form was sent from another site's page: racegen serve takes forms only from its own pages"
)


def refusal_page(words: str) -> bytes:
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Refused · racegen'
        '</title><link rel="stylesheet" href="/static/style.css"></head><body><main>'
        f'<p class="error" role="alert" id="error">Error: {html.escape(words)}</p>'
        "</main></body></html>"
    ).encode()
