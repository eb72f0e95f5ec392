"""The WSGI server for the Bottle application: waitress (pure Python), made for serving, not
the development server: a bounded pool of worker threads, a cap on open connections, a
listen backlog, timeouts for idle and half-open connections, bodies refused past the cap
before they are read, and no Server header. The application runs behind the guard
(generator/web/guard.py)."""

from __future__ import annotations

from collections.abc import Callable

THREADS = 4  # requests computed at once; more wait in the queue
CONNECTIONS = 256  # open connections at once (an idle one holds no thread); more wait
BACKLOG = 128
IDLE_SECONDS = 20  # a connection that sends nothing this long is closed
STOP_SECONDS = 10  # shutdown waits this long at most for the serving loop to close


def _page_channel() -> type:
    """waitress's channel whose errors (a body over the cap, headers it cannot read) are
    answered as the guard answers: the page's words, its headers, no waitress text."""
    from waitress.channel import HTTPChannel
    from waitress.task import ErrorTask

    from generator.web.guard import HEADERS, refusal_page, waitress_words

    class PageErrorTask(ErrorTask):
        def execute(self) -> None:
            e = self.request.error
            body = refusal_page(waitress_words(e.code))
            self.status = f"{e.code} {e.reason}"
            self.response_headers.extend(
                [("Content-Type", "text/html; charset=utf-8"), ("Connection", "close")]
                + list(HEADERS)
            )
            self.set_close_on_finish()
            self.content_length = len(body)
            self.write(body)

    class Channel(HTTPChannel):
        error_task_class = PageErrorTask

    return Channel


PageChannel = _page_channel()


class Server:
    """A waitress server bound (port 0: a free port) but not yet serving; serve_forever,
    shutdown and server_close as the standard library's servers have them."""

    def __init__(self, host: str, port: int) -> None:
        import logging
        import threading

        from waitress.server import create_server

        from generator.web.app import make_app
        from generator.web.guard import Guard
        from generator.web.page import MAX_BODY

        self._server = create_server(
            Guard(make_app(), host),
            host=host,
            port=port,
            threads=THREADS,
            connection_limit=CONNECTIONS,
            backlog=BACKLOG,
            channel_timeout=IDLE_SECONDS,
            cleanup_interval=5,
            max_request_body_size=MAX_BODY,
            ident="",  # no Server header
            clear_untrusted_proxy_headers=True,
            expose_tracebacks=False,
            # read on while a request is computed, so a client that leaves is noticed
            # (environ waitress.client_disconnected: previews.py stops its work)
            channel_request_lookahead=1,
        )
        # waitress refuses a body past max_request_body_size itself, from the headers alone:
        # its error pages are the page's own words (PageErrorTask)
        self._server.channel_class = PageChannel
        # requests waiting for a thread are the pool working as meant, not news for the terminal
        logging.getLogger("waitress.queue").setLevel(logging.ERROR)
        self.server_address = (self._server.effective_host, self._server.effective_port)
        self._stopping = False
        self._serving = False
        self._done = threading.Event()  # the serving loop has closed the sockets

    def serve_forever(self) -> None:
        """waitress's loop, a pass at a time until shutdown asks it to stop: the sockets are
        closed by the thread that watches them, never under it (closing them from another
        thread while it waits on them ends it with 'Bad file descriptor')."""
        srv = self._server
        self._serving = True
        try:
            while not self._stopping:
                srv.asyncore.loop(
                    timeout=srv.adj.asyncore_loop_timeout,
                    map=srv._map,
                    use_poll=srv.adj.asyncore_use_poll,
                    count=1,
                )
        finally:
            srv.task_dispatcher.shutdown()
            srv.close()
            self._done.set()

    def shutdown(self) -> None:
        """Stop serving: the loop is woken and closes the sockets itself (waited for up to
        STOP_SECONDS); when it never ran, they are closed here."""
        self._stopping = True
        if not self._serving:
            self._server.close()
        elif not self._done.is_set():
            self._server.pull_trigger()
            self._done.wait(STOP_SECONDS)

    def server_close(self) -> None:
        """Nothing more: shutdown closed the sockets and stopped the threads."""


def make(host: str, port: int) -> Server:
    return Server(host, port)


def url_of(server: Server) -> str:
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
        server.shutdown()
