"""One writer at a time in an output folder: a lock on `.racegen.lock` for the write phase.

Two runs writing the same names with --force into one folder would mix their pages and both
lose entries of the folder's manifest. The write phase takes an exclusive `flock` on the file
`.racegen.lock` in the folder; a second racegen waits up to WAIT seconds for it, then refuses
in one line and writes nothing. The lock file is removed by the run that holds it (the
file is re-checked after locking, so a run that locked a file another run just removed
tries again). Where the file system has no locks (flock fails with ENOLCK or EOPNOTSUPP),
the write goes on without one.
"""

from __future__ import annotations

import errno
import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from generator import interrupts
from generator.errors import InvalidInput, OutputBusy

NAME = ".racegen.lock"
WAIT = 5.0  # seconds a second writer waits for the first one
POLL = 0.05

try:
    import fcntl
except ImportError:  # pragma: no cover (Windows: no flock; the link-based claims remain)
    fcntl = None  # type: ignore[assignment]

NO_LOCKS = {errno.ENOLCK, errno.EOPNOTSUPP, errno.ENOTSUP, errno.EINVAL, errno.ENOSYS}


@contextmanager
def locked(folder: Path) -> Iterator[None]:
    """Hold the folder's lock while the block runs (OutputBusy if another run keeps it)."""
    fd = _acquire(folder) if fcntl is not None else None
    try:
        yield
    finally:
        if fd is not None:
            _release(folder / NAME, fd)


def _acquire(folder: Path) -> int | None:
    path = folder / NAME
    deadline = time.monotonic() + WAIT
    remade = False
    while True:
        try:
            fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW, 0o666)
        except OSError as e:
            if isinstance(e, FileNotFoundError) and not remade:
                # a run that made the folder failed and removed it, empty, as we came to it
                folder.mkdir(parents=True, exist_ok=True)
                remade = True
                continue
            raise InvalidInput(
                f"cannot write {path}: {e.strerror or e}; nothing was written: check the "
                "folder or choose another --out"
            ) from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            if time.monotonic() >= deadline:
                raise OutputBusy(
                    f"another racegen is writing into {folder}: wait for it to finish, "
                    "or choose another --out"
                ) from None
            time.sleep(POLL)
            interrupts.check()  # Ctrl-C while waiting: nothing is written yet
            continue
        except OSError as e:
            os.close(fd)
            if e.errno in NO_LOCKS:
                return None
            raise
        try:
            same = os.fstat(fd).st_ino == os.lstat(path).st_ino
        except FileNotFoundError:
            same = False
        if same:
            return fd
        os.close(fd)  # the holder before us removed this file: lock the one now there


def _release(path: Path, fd: int) -> None:
    try:
        os.unlink(path)  # while still locked: a waiting run then re-opens a fresh file
    except OSError:
        pass
    os.close(fd)
