"""A live preview's work on the server: stopped when it is no longer wanted, and its progress
for the page to show.

Each preview the page asks for carries an id: the page's own (one per page load) and the
preview's number on it (print.js). A newer preview from the same page supersedes the older
ones; the work of a superseded preview, or of a request whose client has gone (waitress
tells: server.py asks it to watch the connection), stops at its next step: the check is in
the progress bars the generators already call (PrintSpec.progress: a class pack's tracks, a
worksheet's puzzles), which raise Cancelled. The page polls /print/progress?id=... for the
steps done, shown when a preview takes more than a second."""

from __future__ import annotations

import re
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

ID = re.compile(r"^([A-Za-z0-9]{8,40})-(\d{1,9})$")
KEPT = 64  # jobs kept for their progress (the newest), running or finished


class Cancelled(Exception):
    """The preview's work stopped: a newer one replaced it, or its client left."""


@dataclass
class Job:
    """One preview's work: what it has done, and whether it is still wanted."""

    page: str = ""
    number: int = 0
    gone: Callable[[], bool] | None = None  # the client has left (waitress)
    done: int = 0
    total: int = 0
    label: str = ""
    finished: bool = False
    started: float = field(default_factory=time.monotonic)
    cancelled: threading.Event = field(default_factory=threading.Event)

    def check(self) -> None:
        """Raise Cancelled when the work is no longer wanted."""
        if not self.cancelled.is_set() and self.gone is not None and self.gone():
            self.cancelled.set()
        if self.cancelled.is_set():
            raise Cancelled("the preview is no longer wanted")

    def bar(self, total: int, label: str) -> _Bar:
        """A progress bar for PrintSpec.progress: counts the steps and checks at each."""
        self.check()
        self.done, self.total, self.label = 0, total, label
        return _Bar(self)

    def state(self) -> dict[str, Any]:
        return {
            "done": self.done,
            "total": self.total,
            "label": self.label,
            "finished": self.finished,
            "cancelled": self.cancelled.is_set(),
            "seconds": round(time.monotonic() - self.started, 1),
        }


class _Bar:
    def __init__(self, job: Job) -> None:
        self.job = job

    def __call__(self, n: int) -> None:
        self.job.done += n
        self.job.check()

    def close(self) -> None:
        pass


_jobs: OrderedDict[str, Job] = OrderedDict()
_lock = threading.Lock()


def start(preview_id: str, gone: Callable[[], bool] | None = None) -> Job:
    """The job of preview `preview_id` (PAGE-N; anything else: a job no newer preview
    cancels), cancelling the page's older previews still at work."""
    m = ID.match(preview_id or "")
    if m is None:
        return Job(gone=gone)
    job = Job(m.group(1), int(m.group(2)), gone)
    with _lock:
        for other in _jobs.values():
            if other.page == job.page and other.number < job.number and not other.finished:
                other.cancelled.set()
        _jobs[preview_id] = job
        _jobs.move_to_end(preview_id)
        while len(_jobs) > KEPT:
            _jobs.popitem(last=False)
    return job


def finish(job: Job) -> None:
    job.finished = True


def progress_of(preview_id: str) -> dict[str, Any] | None:
    with _lock:
        job = _jobs.get(preview_id or "")
    return None if job is None else job.state()
