"""Ctrl-C (and SIGTERM, SIGHUP) around the write phase: deferred, never in the middle of a step.

A signal that lands between two instructions of the write phase (between `os.open` in
tempfile and the assignment of the name, between a link and its record) would leave a file
no rollback knows of. So, while files are written (`deferred()`), these signals are only
noted; the write phase asks `check()` between its steps, which raises `Interrupted` (a
KeyboardInterrupt) so that the run takes back everything it wrote. The last `check()` is the
commit point: a signal noted after it finds the files complete. Then:

- on the command line (`session()`), the command finishes (it lists its files) and exits 0,
  saying on stderr in one line that the files are complete (`late()` tells the command line);
- elsewhere (a library caller), the signal is delivered when the write phase ends.

Signals are handled by Python in the main thread only; in another thread `deferred()`
changes nothing (no signal reaches that thread's Python code).
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

SIGNALS = tuple(
    s for s in (getattr(signal, n, None) for n in ("SIGINT", "SIGTERM", "SIGHUP")) if s is not None
)


class Interrupted(KeyboardInterrupt):
    """A deferred signal, raised at a step where the write phase can take everything back."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


class _State:
    depth = 0  # nested deferred() blocks
    pending: list[int] = []  # noqa: RUF012  (signals noted while deferred)
    saved: dict[int, Any] = {}  # noqa: RUF012  (the handlers deferred() replaced)
    committed = False  # the current write phase passed its commit point
    session = 0  # the command line is running a command
    staging = 0  # files written to be moved later (demo): not the command's result
    wrote = False  # this session's files were committed
    late: list[int] = []  # noqa: RUF012  (signals that found the files complete)


_S = _State()


def _note(signum: int, frame: Any) -> None:
    _S.pending.append(signum)


def _main_thread() -> bool:
    return threading.current_thread() is threading.main_thread()


@contextmanager
def deferred() -> Iterator[None]:
    """Signals noted, not acted on, while the block runs (see the module's words)."""
    if not _main_thread():
        yield
        return
    outer = _S.depth == 0
    if outer:
        _S.saved = {s: signal.getsignal(s) for s in SIGNALS}
        _S.pending = []
        _S.committed = False
        for s in SIGNALS:
            if _S.saved[s] not in (signal.SIG_IGN, None):
                signal.signal(s, _note)
    _S.depth += 1
    failed = False
    try:
        yield
    except BaseException:
        failed = True  # check() raised a noted signal, or the block failed anyway
        raise
    finally:
        _S.depth -= 1
        if outer:
            for s, handler in _S.saved.items():
                if handler is not None:
                    signal.signal(s, handler)
            pending, _S.pending = _S.pending, []
            if pending and _S.committed and _S.session and not _S.staging:
                _S.late += pending  # the command finishes; the command line says so
            elif pending and not failed:
                _deliver(pending[0], _S.saved)


def check() -> None:
    """Between two steps of the write phase: raise Interrupted for a signal noted so far."""
    if _S.pending and not _S.committed:
        raise Interrupted(_S.pending[0])


def commit_point() -> None:
    """The last check: after it, a signal finds the files complete."""
    check()
    _S.committed = True
    if _S.session and not _S.staging and _main_thread():
        _S.wrote = True


def _deliver(signum: int, saved: dict[int, Any]) -> None:
    handler = saved.get(signum)
    if handler is signal.SIG_IGN:
        return
    if callable(handler):
        handler(signum, None)
    elif signum == signal.SIGINT:
        raise KeyboardInterrupt
    else:
        signal.raise_signal(signum)  # the default action (SIG_DFL): the process ends


@contextmanager
def session() -> Iterator[None]:
    """The command line runs one command: a signal that finds the files complete lets the
    command finish (`late()`)."""
    _S.session += 1
    if _S.session == 1:
        _S.late, _S.wrote = [], False
    try:
        yield
    finally:
        _S.session -= 1


@contextmanager
def staging() -> Iterator[None]:
    """Files written in the block are staged, to be moved into place later (the demo): their
    commit is not the command's, so a signal after it stops the command as usual."""
    _S.staging += 1
    try:
        yield
    finally:
        _S.staging -= 1


def wrote() -> bool:
    """The command's files are complete (its write phase passed the commit point): an
    interrupt now takes nothing back."""
    return _S.wrote


def late() -> list[int]:
    """The signals that arrived after the files were complete (in this session)."""
    return list(_S.late)
