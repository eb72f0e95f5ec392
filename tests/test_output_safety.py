"""All or nothing under faults (issue 15, items 1-5): a failed write takes back the run's
files and folders and names the file that failed; the last step never clobbers; --force
removes only page files the folder's manifest says racegen wrote; Ctrl-C reaches Python
through a CP-SAT solve and leaves nothing behind."""

from __future__ import annotations

import errno
import hashlib
import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from generator import manifest, output
from generator.cli import cli
from generator.commands.demo import resolve as real_resolve
from generator.errors import InvalidInput, OutputExists
from generator.printing import PrintSpec
from generator.render.document import Document
from generator.render.paper import Paper


def doc(pages: int, stem: str = "sample") -> Document:
    d = Document(stem=stem, title="Sample")
    for k in range(pages):
        d.new_page(Paper.get("a4", False)).text(20, 20, f"page {k + 1}", 12)
    return d


def spec(out: Path, *formats: str, force: bool = False) -> PrintSpec:
    return PrintSpec(out=out, formats=formats or ("pdf",), force=force)


def visible(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


# --- 2: a failure while writing rolls the run back ----------------------------------------------
def test_a_failed_write_takes_back_the_files_already_written_and_names_the_failed_one(
    tmp_path, monkeypatch
):
    (tmp_path / "sample.pdf").write_bytes(b"old pdf")
    real = output.Batch.place
    calls = []

    def failing(self, path, source, replace=False):
        calls.append(path.name)
        if len(calls) == 3:  # the third file: as a full disk would
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(self, path, source, replace)

    monkeypatch.setattr(output.Batch, "place", failing)
    with pytest.raises(InvalidInput) as e:
        output.emit_all([doc(2)], spec(tmp_path, "pdf", "svg", force=True))
    failed = tmp_path / calls[2]
    assert str(e.value) == (
        f"cannot write {failed}: No space left on device; nothing was written: free some space "
        "or choose another --out"
    )
    # the replaced PDF is back, the first SVG page is gone, no temporary or set-aside file
    assert visible(tmp_path) == ["sample.pdf"]
    assert (tmp_path / "sample.pdf").read_bytes() == b"old pdf"


def test_a_name_too_long_for_the_file_system_is_one_error_and_leaves_nothing(tmp_path):
    stem = "x" * 252  # 252 + ".pdf" fits 255 bytes; the SVG pages' "-p1.svg" do not
    r = CliRunner().invoke(
        cli, ["paper", "graph", "--out", str(tmp_path / "new"), "--format", "pdf"]
    )
    assert r.exit_code == 0
    with pytest.raises(InvalidInput, match="File name too long; nothing was written: choose a"):
        output.emit_all([doc(2, stem)], spec(tmp_path / "out", "pdf", "svg"))
    assert not (tmp_path / "out").exists()  # the folder it made is gone too


def test_the_temporary_file_goes_even_when_writing_it_fails(tmp_path, monkeypatch):
    def full(fd, mode):
        os.close(fd)
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(output.os, "fdopen", full)
    with pytest.raises(InvalidInput, match="No space left"):
        with output.Batch(force=False) as batch:
            batch.write(tmp_path / "a.json", b"{}")
    assert visible(tmp_path) == []


# --- 3: no clobbering at the last step ------------------------------------------------------------
def test_a_file_made_between_the_check_and_the_write_is_not_overwritten(tmp_path, monkeypatch):
    """Two runs into one folder: the name is taken with a link, which fails if it exists."""
    target = tmp_path / "sample.pdf"
    real = output.Batch.write

    def racing(self, path, data, replace=False):
        if path == target:
            target.write_bytes(b"the other run's file")
        return real(self, path, data, replace)

    monkeypatch.setattr(output.Batch, "write", racing)
    with pytest.raises(OutputExists, match="already exists: use --force"):
        output.emit_all([doc(1)], spec(tmp_path))
    assert target.read_bytes() == b"the other run's file"
    assert visible(tmp_path) == ["sample.pdf"]


def test_a_dangling_link_at_a_target_is_refused_and_with_force_replaced_not_followed(tmp_path):
    link = tmp_path / "sample.pdf"
    link.symlink_to(tmp_path / "elsewhere.pdf")
    with pytest.raises(OutputExists):
        output.emit_all([doc(1)], spec(tmp_path))
    output.emit_all([doc(1)], spec(tmp_path, force=True))
    assert not link.is_symlink() and link.read_bytes().startswith(b"%PDF")
    assert not (tmp_path / "elsewhere.pdf").exists()


def test_two_concurrent_runs_into_one_folder_one_wins_one_is_refused(tmp_path):
    results: list[str] = []
    barrier = threading.Barrier(2)

    def run() -> None:
        barrier.wait()
        try:
            with output.Batch(force=False) as batch:
                batch.write(tmp_path / "track.json", b"{}")
            results.append("written")
        except OutputExists:
            results.append("refused")

    threads = [threading.Thread(target=run) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) == ["refused", "written"]


# --- 4: --force removes only what the manifest lists -----------------------------------------
def test_force_removes_the_earlier_runs_pages_that_the_manifest_lists_and_nothing_else(tmp_path):
    output.emit_all([doc(3)], spec(tmp_path, "svg"))
    record = json.loads((tmp_path / manifest.NAME).read_text())
    assert record["format"] == "racegen-manifest/2"
    files = record["documents"][0].pop("files")
    assert record["documents"] == [{"stem": "sample", "format": "svg"}]
    assert [f["name"] for f in files] == [f"sample-p{k}.svg" for k in (1, 2, 3)]
    for f in files:  # the hash of the bytes written: how --force knows its own pages
        assert f["sha256"] == hashlib.sha256((tmp_path / f["name"]).read_bytes()).hexdigest()
    lookalike = tmp_path / "sample-p7.svg"  # named like a page; racegen never wrote it
    lookalike.write_text("<svg/>")
    output.emit_all([doc(1)], spec(tmp_path, "svg", force=True))
    assert visible(tmp_path) == [manifest.NAME, "sample-p7.svg", "sample.svg"]


def test_without_a_manifest_force_removes_nothing(tmp_path):
    for k in (1, 2):
        (tmp_path / f"sample-p{k}.svg").write_text("<svg/>")
    output.emit_all([doc(1)], spec(tmp_path, "svg", force=True))
    assert visible(tmp_path) == ["sample-p1.svg", "sample-p2.svg", "sample.svg"]


def test_a_damaged_manifest_names_nothing_outside_the_folder(tmp_path):
    (tmp_path / manifest.NAME).write_text(
        json.dumps(
            {
                "format": manifest.FORMAT,
                "documents": [
                    {
                        "stem": "sample",
                        "format": "svg",
                        "files": [{"name": "../x.svg", "sha256": manifest.digest(b"<svg/>")}],
                    }
                ],
            }
        )
    )
    (tmp_path.parent / "x.svg").write_text("<svg/>")
    output.emit_all([doc(1)], spec(tmp_path, "svg", force=True))
    assert (tmp_path.parent / "x.svg").exists()


# --- 5: a failed render leaves no empty folder ----------------------------------------------------
def test_a_failed_command_leaves_no_empty_output_folder(tmp_path):
    out = tmp_path / "new" / "deeper"
    r = CliRunner().invoke(cli, ["dice", "blank-d6", "--edge", "90mm", "--out", str(out)])
    assert r.exit_code == 1 and "does not fit" in r.output
    assert visible(tmp_path) == []


def test_a_failed_demo_leaves_no_folder_and_no_staging(tmp_path, monkeypatch):
    from generator.commands import demo

    real = demo.jobs
    monkeypatch.setattr(demo, "jobs", lambda: [*real()[:2], (("paper", "nonsense"), (), False)])
    monkeypatch.setattr(
        demo,
        "resolve",
        lambda ctx, path: _boom if path == ("paper", "nonsense") else real_resolve(ctx, path),
    )
    out = tmp_path / "demo"
    r = CliRunner().invoke(cli, ["demo", "--out", str(out)])
    assert r.exit_code == 1, r.output
    assert visible(tmp_path) == []


@click.command(context_settings={"ignore_unknown_options": True, "allow_extra_args": True})
def _boom() -> None:
    raise InvalidInput("a job failed")


# --- 1: Ctrl-C ------------------------------------------------------------------------------------
def test_ctrl_c_during_a_cp_sat_solve_stops_it_at_once_and_reaches_python():
    """CP-SAT would swallow the interrupt (its catch_sigint_signal) and run to its limit."""
    from ortools.sat.python import cp_model

    from generator.core import cpsolve

    m = cp_model.CpModel()
    xs = [m.new_int_var(0, 100, f"x{i}") for i in range(60)]
    m.add_all_different(xs)
    for a, b in zip(xs, xs[1:], strict=False):
        m.add(a + b != 50)
    m.maximize(sum((i % 7) * x for i, x in enumerate(xs)))
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = 20.0
    solver.parameters.num_workers = 1
    timer = threading.Timer(0.3, signal.raise_signal, (signal.SIGINT,))
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        cpsolve.solve(solver, m)  # without the interrupt it returns after 20 s
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


@pytest.mark.parametrize("when", [1.0, 2.5])
def test_ctrl_c_stops_a_command_with_130_and_leaves_no_file(tmp_path, when):
    """`generate` (CP-SAT solves in a loop, then files) interrupted while it works."""
    out = tmp_path / "tracks"
    proc = subprocess.Popen(
        [sys.executable, "-m", "generator", "graph-racers", "generate", "--count", "40",
         "--size", "60x40", "--difficulty", "hard", "--out", str(out)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    time.sleep(when)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)  # a hang guard only: uninterrupted it runs for minutes
    assert proc.returncode == 130, err
    assert err.strip().splitlines()[-1] == "Error: interrupted"
    assert not out.exists() or visible(out) == []
