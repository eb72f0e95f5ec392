"""Run a CP-SAT solve so that Ctrl-C stops it within a moment and reaches Python.

CP-SAT's own SIGINT handling (`catch_sigint_signal`, on by default) replaces Python's handler:
an interrupt during a solve is swallowed (the solve just ends early, as if by its time limit,
and the command carries on to exit 0), and after a solve an interrupt kills the process
without running any `finally` (temporary files stay behind). So every solve here runs with
that handling off, in a worker thread (CP-SAT releases the GIL while it searches), while the
main thread waits in short, interruptible joins: Ctrl-C raises KeyboardInterrupt there, the
search is told to stop, and the interrupt goes on up to the command line (exit 130), through
every clean-up on the way. With one search worker the answer is the same as a direct solve.
"""

from __future__ import annotations

import threading
from typing import Any

POLL = 0.05  # seconds between the main thread's checks for an interrupt


def solve(solver: Any, model: Any, callback: Any = None) -> Any:
    """`solver.solve(model[, callback])`, interruptible by Ctrl-C (module docstring)."""
    solver.parameters.catch_sigint_signal = False
    result: dict[str, Any] = {}

    def run() -> None:
        try:
            result["status"] = solver.solve(model, callback) if callback else solver.solve(model)
        except BaseException as e:  # noqa: BLE001 - handed to the main thread as it is
            result["error"] = e

    def run_and_say() -> None:
        try:
            run()
        finally:
            finished.set()

    # An Event, not Thread.join(timeout): on Python 3.11 an interrupted join marks a running
    # thread as stopped (its tstate lock is released), and the process then aborts at exit
    # with the search still running ("terminate called without an active exception").
    finished = threading.Event()
    worker = threading.Thread(target=run_and_say, name="cp-sat", daemon=True)
    worker.start()
    try:
        while not finished.wait(POLL):
            pass
    except KeyboardInterrupt:
        _stop(solver, finished)
        raise
    worker.join()
    if "error" in result:
        raise result["error"]
    return result["status"]


def _stop(solver: Any, finished: threading.Event) -> None:
    """Stop the search and wait for it to end (a second Ctrl-C meanwhile changes nothing:
    leaving with the search still running would abort the process at exit)."""
    while True:
        solver.stop_search()
        try:
            if finished.wait(POLL):
                return
        except KeyboardInterrupt:
            continue
