"""The write phase under Ctrl-C, concurrent writers and repeated runs (issue 30, items 1, 2, 4
and 5): an interrupt at any step of the write phase leaves the folder as it was or complete,
never a hidden file; after the commit point a command finishes and exits 0; a second writer
waits for the folder's lock, then refuses in one line; the manifest records every page racegen
wrote and --force removes only files that still hold racegen's own bytes."""

from __future__ import annotations

import fcntl
import json
import os
import signal
import sys
import threading
import types
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator import entry, folder_lock, interrupts, manifest, output
from generator.cli import AFTER_COMMIT, cli
from generator.errors import OutputBusy
from generator.printing import PrintSpec
from generator.render.document import Document
from generator.render.paper import Paper

# every file system call the write phase makes (tempfile's too: it calls os.open)
STEPS = ("open", "close", "write", "fdopen", "chmod", "link", "replace", "rename", "unlink",
         "lstat", "stat", "fstat", "mkdir", "rmdir", "access")  # fmt: skip


def doc(pages: int, stem: str = "sample", word: str = "page") -> Document:
    d = Document(stem=stem, title="Sample")
    for k in range(pages):
        d.new_page(Paper.get("a4", False)).text(20, 20, f"{word} {k + 1}", 12)
    return d


def spec(out: Path, *formats: str, force: bool = False) -> PrintSpec:
    return PrintSpec(out=out, formats=formats or ("svg",), force=force)


def state(folder: Path) -> dict[str, bytes]:
    """Every name in the folder (hidden ones too) and its bytes."""
    if not folder.exists():
        return {}
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


class Interrupter:
    """Counts the write phase's file system calls and sends SIGINT (the real signal, through
    Python's handler, as Ctrl-C does) during call number `at`."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, at: int | None = None) -> None:
        self.at, self.count, self.armed = at, 0, False
        for name in STEPS:
            monkeypatch.setattr(os, name, self._wrap(getattr(os, name)))
        monkeypatch.setattr(fcntl, "flock", self._wrap(fcntl.flock))

    def _wrap(self, real):  # noqa: ANN001, ANN202
        def step(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
            if self.armed:
                self.count += 1
                if self.count == self.at:
                    signal.raise_signal(signal.SIGINT)  # handled between two bytecodes
            return real(*args, **kwargs)

        return step


def rendered(pages: int, word: str) -> list[tuple[str, bytes]]:
    d = doc(pages, word=word)
    return list(zip(output.target_names(d, "svg"), output.render(d, "svg"), strict=True))


OLD, NEW = rendered(3, "old"), rendered(2, "new")


def write(folder: Path, files: list[tuple[str, bytes]], force: bool) -> None:
    """What emit_all does once the pages are rendered (rendered once for every step)."""
    pages = {("sample", "svg"): [n for n, _ in files]}
    output.write_files([(folder / n, b) for n, b in files], folder, force, pages)


def setup_force_run(folder: Path) -> None:
    """A folder an earlier run printed 3 pages into; the next run prints 2 with --force
    (replacing p1, p2 and removing p3, its manifest entry updated)."""
    write(folder, OLD, force=False)


def force_run(folder: Path) -> None:
    write(folder, NEW, force=True)


# --- 1: Ctrl-C at every step of the write phase ---------------------------------------------------
def test_sigint_at_every_step_of_the_write_phase_leaves_the_folder_as_it_was_or_complete(
    tmp_path, monkeypatch
):
    before_dir, after_dir = tmp_path / "before", tmp_path / "after"
    setup_force_run(before_dir)
    setup_force_run(after_dir)
    force_run(after_dir)
    before, after = state(before_dir), state(after_dir)
    assert sorted(after) == [manifest.NAME, "sample-p1.svg", "sample-p2.svg"]

    counter = Interrupter(monkeypatch)  # how many steps the write phase takes
    folder = tmp_path / "count"
    setup_force_run(folder)
    counter.armed = True
    force_run(folder)
    counter.armed = False
    steps = counter.count
    assert steps > 20

    outcomes = []
    for k in range(1, steps + 1):
        folder = tmp_path / f"k{k}"
        setup_force_run(folder)
        counter.at, counter.count, counter.armed = k, 0, True
        try:
            force_run(folder)
            outcome = "finished"
        except KeyboardInterrupt:
            outcome = "interrupted"
        finally:
            counter.armed = False
        got = state(folder)
        assert got in (before, after), (k, sorted(got))  # no .tmp, .old, lock file; no mix
        if outcome == "finished":
            assert got == after, k
        outcomes.append((outcome, got == after))
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    # early steps take everything back; a signal after the commit point finds the files
    # complete (a library caller then gets it, as KeyboardInterrupt, after the write phase)
    assert outcomes[0] == ("interrupted", False)
    assert outcomes[-1] == ("interrupted", True)
    assert ("interrupted", False) in outcomes[len(outcomes) // 2 :]


def test_sigint_into_a_new_folder_at_every_step_leaves_no_folder_or_all_files(
    tmp_path, monkeypatch
):
    counter = Interrupter(monkeypatch)
    counter.armed = True
    write(tmp_path / "count" / "new", NEW, force=False)
    counter.armed = False
    complete = state(tmp_path / "count" / "new")
    assert sorted(complete) == [manifest.NAME, "sample-p1.svg", "sample-p2.svg"]
    for k in range(1, counter.count + 1):
        base = tmp_path / f"k{k}"
        base.mkdir()
        counter.at, counter.count, counter.armed = k, 0, True
        try:
            write(base / "new", NEW, force=False)
        except KeyboardInterrupt:
            pass
        finally:
            counter.armed = False
        if (base / "new").exists():
            assert state(base / "new") == complete, k
        else:
            assert state(base) == {}, k


def test_sigint_while_the_files_are_written_exits_130_and_writes_nothing(tmp_path, monkeypatch):
    real = output.Batch.write

    def svg_interrupted(self, path, data, replace=False):
        written = real(self, path, data, replace)  # the PDF, then the SVG
        if path.suffix == ".svg":
            signal.raise_signal(signal.SIGINT)
        return written

    monkeypatch.setattr(output.Batch, "write", svg_interrupted)
    r = CliRunner().invoke(
        cli, ["paper", "graph", "--format", "pdf", "--format", "svg", "--out", str(tmp_path)]
    )
    assert r.exit_code == 130, r.output
    assert r.output.strip().splitlines()[-1] == "Error: interrupted"
    assert state(tmp_path) == {}


def test_sigterm_while_the_files_are_written_exits_143_and_writes_nothing(tmp_path, monkeypatch):
    real = output.Batch.write

    def terminated(self, path, data, replace=False):
        written = real(self, path, data, replace)
        signal.raise_signal(signal.SIGTERM)  # deferred too: the process does not die here
        return written

    monkeypatch.setattr(output.Batch, "write", terminated)
    r = CliRunner().invoke(
        cli, ["paper", "graph", "--format", "pdf", "--format", "svg", "--out", str(tmp_path)]
    )
    assert r.exit_code == 143, r.output
    assert r.output.strip().splitlines()[-1] == "Error: interrupted"
    assert state(tmp_path) == {}
    assert signal.getsignal(signal.SIGTERM) is signal.SIG_DFL


# --- 2: Ctrl-C after the commit point -------------------------------------------------------------
def test_sigint_after_the_commit_point_finishes_the_command_and_exits_0(tmp_path, monkeypatch):
    real = output.Batch.commit

    def late(self):
        signal.raise_signal(signal.SIGINT)  # after the commit point, before old copies go
        return real(self)

    monkeypatch.setattr(output.Batch, "commit", late)
    r = CliRunner().invoke(cli, ["paper", "graph", "--format", "pdf", "--out", str(tmp_path)])
    assert r.exit_code == 0, r.output
    assert r.stdout == f"{tmp_path / 'graph-paper-5mm.pdf'}\n"  # the command finished
    assert r.stderr == AFTER_COMMIT + "\n"
    assert list(state(tmp_path)) == ["graph-paper-5mm.pdf"]
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_ctrl_c_while_the_command_lists_its_complete_files_exits_0(tmp_path, monkeypatch):
    real = output.write_files

    def then_ctrl_c(*args, **kwargs):
        real(*args, **kwargs)
        raise KeyboardInterrupt  # as Ctrl-C while the paths are printed

    monkeypatch.setattr(output, "write_files", then_ctrl_c)
    r = CliRunner().invoke(cli, ["paper", "graph", "--format", "pdf", "--out", str(tmp_path)])
    assert r.exit_code == 0
    assert r.stderr.strip().splitlines()[-1] == AFTER_COMMIT
    assert list(state(tmp_path)) == ["graph-paper-5mm.pdf"]


def test_ctrl_c_before_any_file_is_written_still_exits_130(tmp_path, monkeypatch):
    def ctrl_c(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(output, "write_files", ctrl_c)
    r = CliRunner().invoke(cli, ["paper", "graph", "--format", "pdf", "--out", str(tmp_path)])
    assert r.exit_code == 130
    assert r.output.strip().splitlines()[-1] == "Error: interrupted"


def test_ctrl_c_during_start_up_is_one_line_and_exit_130(monkeypatch, capsys):
    class Starting(types.ModuleType):
        def __getattr__(self, name):
            raise KeyboardInterrupt  # as Ctrl-C while Python imports the command line

    monkeypatch.setitem(sys.modules, "generator.cli", Starting("generator.cli"))
    handlers = []
    monkeypatch.setattr(entry.signal, "signal", lambda s, h: handlers.append((s, h)))
    with pytest.raises(SystemExit) as e:
        entry.main()
    assert e.value.code == 130
    assert capsys.readouterr().err == "Error: interrupted\n"
    # and the interpreter's exit is not interrupted any more
    assert handlers == [(signal.SIGINT, signal.SIG_IGN)]


def test_the_program_ignores_ctrl_c_once_the_command_has_ended(monkeypatch):
    handlers = []
    monkeypatch.setattr(entry.signal, "signal", lambda s, h: handlers.append((s, h)))
    monkeypatch.setattr(sys, "argv", ["racegen", "--version"])
    with pytest.raises(SystemExit) as e:
        entry.main()
    assert e.value.code == 0
    assert handlers == [(signal.SIGINT, signal.SIG_IGN)]


def test_a_signal_outside_the_write_phase_is_not_deferred():
    with interrupts.deferred():
        pass
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    with pytest.raises(KeyboardInterrupt), interrupts.deferred():
        signal.raise_signal(signal.SIGINT)  # noted, then raised when the block ends


# --- 5: one writer at a time ----------------------------------------------------------------------
def hold_lock(folder: Path) -> int:
    folder.mkdir(exist_ok=True)
    fd = os.open(folder / folder_lock.NAME, os.O_RDWR | os.O_CREAT)
    fcntl.flock(fd, fcntl.LOCK_EX)
    return fd


def test_a_second_writer_refuses_in_one_line_while_the_folder_is_locked(tmp_path, monkeypatch):
    monkeypatch.setattr(folder_lock, "WAIT", 0)
    fd = hold_lock(tmp_path)
    try:
        with pytest.raises(OutputBusy) as e:
            output.emit_all([doc(2)], spec(tmp_path))
        r = CliRunner().invoke(cli, ["paper", "graph", "--out", str(tmp_path)])
    finally:
        os.close(fd)
    assert str(e.value) == (
        f"another racegen is writing into {tmp_path}: wait for it to finish, or choose another --out"
    )
    assert r.exit_code == 1
    assert r.output == f"Error: another racegen is writing into {tmp_path}: wait for it to finish, or choose another --out\n"  # fmt: skip
    assert list(state(tmp_path)) == [folder_lock.NAME]  # the holder's file, nothing written


def test_a_second_writer_waits_for_the_lock_and_then_writes(tmp_path, monkeypatch):
    fd = hold_lock(tmp_path)
    waits = []

    def first_one_finishes(seconds):
        waits.append(seconds)
        os.unlink(tmp_path / folder_lock.NAME)  # as folder_lock._release does
        os.close(fd)

    monkeypatch.setattr(folder_lock.time, "sleep", first_one_finishes)
    output.emit_all([doc(2)], spec(tmp_path))
    assert waits == [folder_lock.POLL]
    assert list(state(tmp_path)) == [manifest.NAME, "sample-p1.svg", "sample-p2.svg"]


def test_a_writer_that_locked_a_lock_file_just_removed_locks_the_new_one(tmp_path, monkeypatch):
    """The holder removes the lock file as it ends: a writer that opened that file before the
    removal must not count it as the lock."""
    real = fcntl.flock
    swapped = []

    def holder_ends_between_open_and_lock(fd, op):
        if not swapped:
            swapped.append(True)
            os.unlink(tmp_path / folder_lock.NAME)  # the earlier holder ends...
            (tmp_path / folder_lock.NAME).write_bytes(b"")  # ...and a third run opens anew
        return real(fd, op)

    tmp_path.mkdir(exist_ok=True)
    monkeypatch.setattr(fcntl, "flock", holder_ends_between_open_and_lock)
    opened = []
    real_open = os.open
    monkeypatch.setattr(
        folder_lock.os, "open", lambda *a, **k: opened.append(a[0]) or real_open(*a, **k)
    )
    output.emit_all([doc(1)], spec(tmp_path))
    assert opened.count(tmp_path / folder_lock.NAME) == 2  # it locked again, the file now there
    assert list(state(tmp_path)) == ["sample.svg"]


def _writer(word: str, folder: Path, barrier: threading.Barrier, errors: list[str]) -> None:
    d = doc(6, word=word)
    barrier.wait()
    try:
        output.emit_all([d], spec(folder, force=True))
    except OutputBusy as e:  # (the wait is long: neither should need to refuse)
        errors.append(str(e))


def test_two_writers_with_force_never_mix_their_pages(tmp_path):
    for trial in range(4):
        folder = tmp_path / f"t{trial}"
        barrier = threading.Barrier(2)
        errors: list[str] = []
        threads = [
            threading.Thread(target=_writer, args=(w, folder, barrier, errors))
            for w in ("alpha", "beta")
        ]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert errors == []
        pages = [folder / f"sample-p{k}.svg" for k in range(1, 7)]
        words = {w for w in ("alpha", "beta") if w.encode() in pages[0].read_bytes()}
        assert len(words) == 1
        (word,) = words
        assert all(word.encode() in p.read_bytes() for p in pages), trial
        record = json.loads((folder / manifest.NAME).read_text())
        assert [f["name"] for f in record["documents"][0]["files"]] == [p.name for p in pages]
        assert folder_lock.NAME not in state(folder)


# --- 4: the manifest remembers every page and removes only racegen's own ------------------------
def test_pages_written_without_force_are_remembered_and_force_removes_them(tmp_path):
    """The issue's reproducer: `worksheet --count 12 --per-page 1` (p01-p12), then `--count 3`
    (p1-p3 beside them), then `--count 2 --force`: only p1 and p2 remain."""
    stem = "trading-paint-worksheet-lay-any-easy-s1"
    output.emit_all([doc(12, stem)], spec(tmp_path))
    output.emit_all([doc(3, stem)], spec(tmp_path))
    record = json.loads((tmp_path / manifest.NAME).read_text())
    names = [f["name"] for f in record["documents"][0]["files"]]
    assert len(names) == 15 and f"{stem}-p01.svg" in names and f"{stem}-p3.svg" in names
    output.emit_all([doc(2, stem)], spec(tmp_path, force=True))
    assert list(state(tmp_path)) == [manifest.NAME, f"{stem}-p1.svg", f"{stem}-p2.svg"]
    record = json.loads((tmp_path / manifest.NAME).read_text())
    assert [f["name"] for f in record["documents"][0]["files"]] == [
        f"{stem}-p1.svg",
        f"{stem}-p2.svg",
    ]


def test_a_hand_edited_entry_naming_another_file_removes_nothing(tmp_path):
    output.emit_all([doc(3)], spec(tmp_path))
    precious = tmp_path / "precious.txt"
    precious.write_text("mine")
    record = json.loads((tmp_path / manifest.NAME).read_text())
    record["documents"][0]["files"].append(
        {"name": "precious.txt", "sha256": manifest.digest(b"mine")}  # even with its hash
    )
    (tmp_path / manifest.NAME).write_text(json.dumps(record))
    output.emit_all([doc(1)], spec(tmp_path, force=True))
    assert precious.read_text() == "mine"
    assert list(state(tmp_path)) == [manifest.NAME, "precious.txt", "sample.svg"]


def test_a_page_changed_since_racegen_wrote_it_is_kept(tmp_path):
    output.emit_all([doc(3)], spec(tmp_path))
    (tmp_path / "sample-p3.svg").write_text("<svg>my notes</svg>")
    output.emit_all([doc(1)], spec(tmp_path, force=True))
    assert list(state(tmp_path)) == [manifest.NAME, "sample-p3.svg", "sample.svg"]
    assert (tmp_path / "sample-p3.svg").read_text() == "<svg>my notes</svg>"
    record = json.loads((tmp_path / manifest.NAME).read_text())  # no longer racegen's
    assert [f["name"] for f in record["documents"][0]["files"]] == ["sample.svg"]


def test_a_record_of_format_1_removes_nothing(tmp_path):
    output.emit_all([doc(3)], spec(tmp_path))
    (tmp_path / manifest.NAME).write_text(
        json.dumps(
            {
                "format": "racegen-manifest/1",
                "documents": [
                    {"stem": "sample", "format": "svg", "files": ["sample-p2.svg", "sample-p3.svg"]}
                ],
            }
        )
    )
    output.emit_all([doc(1)], spec(tmp_path, force=True))
    assert "sample-p3.svg" in state(tmp_path)


def test_a_folder_removed_by_a_failed_run_just_before_the_lock_is_made_again(tmp_path, monkeypatch):
    """Another run made the folder, failed and removed it (empty) between this run's making
    it and taking its lock: "cannot write .racegen.lock: No such file or directory" before."""
    folder = tmp_path / "new"
    real = folder_lock._acquire

    def removed_first(where):
        where.rmdir()
        return real(where)

    monkeypatch.setattr(folder_lock, "_acquire", removed_first)
    output.emit_all([doc(1)], spec(folder))
    assert list(state(folder)) == ["sample.svg"]


def test_ctrl_c_while_waiting_for_the_lock_stops_at_once_and_writes_nothing(tmp_path, monkeypatch):
    fd = hold_lock(tmp_path)
    monkeypatch.setattr(folder_lock.time, "sleep", lambda s: signal.raise_signal(signal.SIGINT))
    try:
        with pytest.raises(KeyboardInterrupt):
            output.emit_all([doc(2)], spec(tmp_path))
    finally:
        os.close(fd)
    assert list(state(tmp_path)) == [folder_lock.NAME]  # the holder's; nothing of this run
