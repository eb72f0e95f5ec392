"""A small threaded WSGI server (the standard library's) for the Bottle application."""

from __future__ import annotations

import socketserver
from collections.abc import Callable
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server


class _Server(socketserver.ThreadingMixIn, WSGIServer):
    daemon_threads = True


class _Quiet(WSGIRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        pass


def make(host: str, port: int):  # noqa: ANN201
    """The server, bound (port 0: a free port) but not yet serving."""
    from generator.web.app import make_app

    if ":" in host:
        import socket

        class _Server6(_Server):
            address_family = socket.AF_INET6

        cls: type = _Server6
    else:
        cls = _Server
    return make_server(host, port, make_app(), server_class=cls, handler_class=_Quiet)


def url_of(server) -> str:  # noqa: ANN001
    host, port = server.server_address[:2]
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/"


def run(host: str, port: int, open_browser: bool, say: Callable[[str], None]) -> None:
    server = make(host, port)
    url = url_of(server)
    say(url)
    if open_browser:
        import webbrowser

        webbrowser.open(url)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
