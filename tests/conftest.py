"""Fixtures more than one test folder uses."""

from __future__ import annotations

import signal

import pytest

# A suite started in the background of a shell (`pytest &`, nohup) inherits Ctrl-C ignored, and
# so would every command the tests start: the Ctrl-C tests (test_output_safety.py,
# test_write_phase.py) then see no interrupt. Python's own handler is put back (and a command a
# test starts gets the default again, as handlers are not inherited across exec).
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)


@pytest.fixture(scope="module")
def base():  # noqa: ANN201
    """The address of a racegen serve running for the module's tests (tests/web_helpers)."""
    from web_helpers import start

    server, url = start()
    yield url
    server.shutdown()
    server.server_close()


@pytest.fixture
def unwrapped(monkeypatch):  # noqa: ANN001, ANN201
    """Text reports in one line per row, as on a very wide terminal (for tests that read the
    report's content; tests/test_textwidth.py checks the wrapping to 80 columns)."""
    import generator.terminal

    monkeypatch.setattr(generator.terminal, "line_width", lambda: 10_000)


@pytest.fixture(scope="module")
def browser():  # noqa: ANN201
    """Debian's chromium under Playwright, for a module's browser tests (browser_helpers.py
    skips the module when either is missing)."""
    from browser_helpers import CHROMIUM, sync_api

    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield b
        b.close()
