"""Terminal output that user text cannot take over.

A track's name, a player's name or a file name can hold control characters (ESC, BEL, NUL...):
echoed raw, "\\x1b[2J" clears the user's screen and other sequences retitle the window or
worse. While a command runs, the command line writes through `Escaping` streams, which show
every C0 and C1 control character except tab, newline and carriage return as a Python-style
escape (`\\x1b`). racegen's own output has no control characters; the one thing that needs
them, click's progress bar on a terminal, writes to the stream underneath (`raw`).
JSON output is unaffected: json.dumps escapes control characters itself.
"""

from __future__ import annotations

import re
import shutil
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import IO, Any

CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")


def escape(text: str) -> str:
    """`text` with its control characters (but tab, newline, carriage return) escaped."""
    return CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", text)


class Escaping:
    """A text stream that escapes control characters on their way to `inner`."""

    def __init__(self, inner: IO[str]) -> None:
        self.inner = inner

    def write(self, text: str | bytes) -> int:
        if isinstance(text, bytes):  # click echoes bytes here (shell completion's script)
            self.inner.write(escape(text.decode("utf-8", "replace")))
        else:
            self.inner.write(escape(text))
        return len(text)

    def writelines(self, lines: Any) -> None:
        for line in lines:
            self.write(line)

    def __getattr__(self, name: str) -> Any:  # flush, isatty, fileno, encoding, ...
        if name == "buffer":  # bytes written there would bypass the escaping
            raise AttributeError(name)
        return getattr(self.inner, name)


def raw(stream: Any) -> Any:
    """The stream underneath an Escaping one (for click's progress bar), else `stream`."""
    return stream.inner if isinstance(stream, Escaping) else stream


def line_width() -> int:
    """Columns a text report may fill: the terminal's width (40 at least) on a terminal, 80
    when stdout is piped or a file (so a script's output does not depend on a window)."""
    if not raw(sys.stdout).isatty():
        return 80
    return max(40, shutil.get_terminal_size((80, 24)).columns)


@contextmanager
def escaping() -> Iterator[None]:
    """sys.stdout and sys.stderr escape control characters while the block runs."""
    out, err = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = Escaping(out), Escaping(err)
    try:
        yield
    finally:
        sys.stdout, sys.stderr = out, err
