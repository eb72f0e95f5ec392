"""A usage error prints click's usage line and where the help is above its one `Error:` line
(issue 30, item 10); tests that read the error itself drop those lines."""

from __future__ import annotations

import re

USAGE = re.compile(r"\AUsage: .*?\nTry '[^'\n]*' for help\.\n\n", re.DOTALL)


def drop_usage(text: str) -> str:
    """`text` without the usage lines a usage error starts with (unchanged if it has none)."""
    return USAGE.sub("", text, count=1)
