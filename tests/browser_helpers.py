"""What every browser test of racegen serve shares: Playwright for Python driving Debian's
chromium (nothing is downloaded at run time). Imported by a test module, it skips that
module, saying why, when either is missing (conftest.py's `browser` fixture launches it)."""

from __future__ import annotations

import os
import shutil

import pytest

CHROMIUM = os.environ.get("RACEGEN_CHROMIUM", "/usr/bin/chromium")

sync_api = pytest.importorskip(
    "playwright.sync_api", reason="playwright is not installed (pip install '.[test]')"
)
# Playwright's waits for a page's own test (wait_for_function) evaluate a string, which the
# served pages' Content-Security-Policy forbids: the tests use expect(), which needs no eval
expect = sync_api.expect
if not (os.path.exists(CHROMIUM) or shutil.which(CHROMIUM)):
    pytest.skip(f"no chromium at {CHROMIUM} (apt-get install chromium)", allow_module_level=True)
