"""Fixtures more than one test folder uses."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="module")
def base():  # noqa: ANN201
    """The address of a racegen serve running for the module's tests (tests/web_helpers)."""
    from web_helpers import start

    server, url = start()
    yield url
    server.shutdown()
    server.server_close()
