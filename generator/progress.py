"""A progress bar on stderr for long commands: click's bar on a terminal, nothing when stderr
is piped (a log or a script keeps its one line per result)."""

from __future__ import annotations

import sys

import click

from generator.terminal import raw


class Progress:
    """Call with the number of steps done since the last call; close() when finished (or use
    it as a context manager)."""

    def __init__(self, total: int, label: str) -> None:
        self.bar = None
        if total > 1 and sys.stderr.isatty():
            # the bar hides the cursor with an escape sequence: it writes past the escaping
            self.bar = click.progressbar(length=total, label=label, file=raw(sys.stderr))
            self.bar.__enter__()

    def __call__(self, n: int) -> None:
        if self.bar is not None:
            self.bar.update(n)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.__exit__(None, None, None)
            self.bar = None

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
