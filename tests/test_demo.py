"""`racegen demo`: the README's main job prints every game's set, the same bytes every time."""

from __future__ import annotations

import shlex

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from generator.cli import cli
from generator.commands.demo import jobs

EXPECTED_PDFS = {
    "blank-d6-16mm.pdf",
    "dice-rush-board.pdf",
    "dice-rush-dice.pdf",
    "dice-rush-rules.pdf",
    "dice-rush-scoresheet.pdf",
    "graph-paper-5mm.pdf",
    "graph-racers-car-design.pdf",
    "graph-racers-rules.pdf",
    "graph-racers-worksheet-medium-s1.pdf",
    "pushing-race-board.pdf",
    "pushing-race-die.pdf",
    "pushing-race-pieces.pdf",
    "pushing-race-rules.pdf",
    "trading-paint-board-tiles.pdf",
    "trading-paint-cars-2p.pdf",
    "trading-paint-dice.pdf",
    "trading-paint-rules.pdf",
    "trading-paint-strategy.pdf",
    "trading-paint-worksheet-lay-any-easy-s1.pdf",
    "triactor-board-tiled.pdf",
    "triactor-board.pdf",
    "triactor-coins.pdf",
    "triactor-dice.pdf",
    "triactor-pawns.pdf",
    "triactor-payouts.pdf",
    "triactor-rules.pdf",
    "triactor-slips-duplex.pdf",
    "triactor-slips-gutter.pdf",
}


def run_demo(out, *extra):
    return CliRunner().invoke(cli, ["demo", "--out", str(out), "--format", "pdf", *extra])


@pytest.fixture(scope="module")
def demo_set(tmp_path_factory):
    """One whole demo (PDF and SVG) for the tests of this module to inspect: each run prints
    every game's set (seconds of work), so the set is printed once here, and a second time
    only where two runs are compared."""
    out = tmp_path_factory.mktemp("demo") / "set"
    return run_demo(out, "--format", "svg"), out


# the jobs of the tests of the refusals: the two generic sheets and, last, the Triactor payout
# card (the real jobs, fewer: what is refused, and when, does not depend on which jobs print,
# and the whole set is printed by the tests above; three jobs take a fraction of a second)
FEW = {("paper", "graph"), ("dice", "blank-d6"), ("triactor", "payouts")}


@pytest.fixture
def few_jobs(monkeypatch):
    from generator.commands import demo

    every = demo.jobs()
    few = [j for j in every if j[0] in FEW]
    assert len(few) == len(FEW) and few[-1][0] == ("triactor", "payouts")
    monkeypatch.setattr(demo, "jobs", lambda: few)
    return few


def test_demo_prints_every_game_and_is_byte_identical(demo_set, tmp_path):
    result, first = demo_set
    second = tmp_path / "b"
    assert result.exit_code == 0, result.output
    assert f"demo: {len(jobs())} printables" in result.output
    assert run_demo(second, "--format", "svg").exit_code == 0
    pdfs = {p.name for p in first.glob("*.pdf")}
    assert pdfs == EXPECTED_PDFS
    names = sorted(p.name for p in first.iterdir())
    assert names == sorted(p.name for p in second.iterdir())
    assert any(n.endswith(".svg") for n in names)
    for name in names:
        assert (first / name).read_bytes() == (second / name).read_bytes(), name
    for name in pdfs:
        reader = PdfReader(first / name)
        box = reader.pages[0].mediabox
        assert sorted((round(float(box.width), 2), round(float(box.height), 2))) == [595.28, 841.89]
        assert "page 1 of" in reader.pages[0].extract_text()


def test_each_listed_command_prints_the_same_file_on_its_own(demo_set, tmp_path):
    """Each job is listed as the command that prints the same file on its own (the listing
    left out --seed and --paper: its files differed, found by the audit)."""
    result, first = demo_set
    shown = [ln for ln in result.output.splitlines() if ln.startswith("# racegen triactor payouts")]
    (line,) = shown
    alone = tmp_path / "alone"
    args = shlex.split(line[len("# racegen ") :])
    args[args.index("--out") + 1] = str(alone)
    assert CliRunner().invoke(cli, args).exit_code == 0
    payouts = "triactor-payouts.pdf"
    assert (alone / payouts).read_bytes() == (first / payouts).read_bytes()


def test_demo_refuses_to_overwrite_without_force(tmp_path, few_jobs):
    (tmp_path / "graph-paper-5mm.pdf").write_bytes(b"mine")
    result = run_demo(tmp_path)
    assert result.exit_code == 1
    assert result.output.strip().splitlines() == [  # the error is the only line
        f"Error: {tmp_path / 'graph-paper-5mm.pdf'} already exists: use --force to overwrite it"
    ]
    assert (tmp_path / "graph-paper-5mm.pdf").read_bytes() == b"mine"
    result = run_demo(tmp_path, "--force")
    assert result.exit_code == 0, result.output
    assert f"demo: {len(few_jobs)} printables" in result.output
    assert (tmp_path / "graph-paper-5mm.pdf").read_bytes().startswith(b"%PDF")
    assert (tmp_path / "triactor-payouts.pdf").read_bytes().startswith(b"%PDF")


def test_demo_is_all_or_nothing(tmp_path, few_jobs):
    """An existing file of the last job: nothing at all is written (the print audit found ten
    files written before the error), and no hidden staging folder is left."""
    (tmp_path / "triactor-payouts.pdf").write_bytes(b"mine")
    result = run_demo(tmp_path)
    assert result.exit_code == 1
    assert result.output.strip().splitlines()[-1] == (
        f"Error: {tmp_path / 'triactor-payouts.pdf'} already exists: use --force to overwrite it"
    )
    assert [p.name for p in tmp_path.iterdir()] == ["triactor-payouts.pdf"]


def test_same_bytes_across_processes_with_different_hash_seeds(tmp_path):
    """Set iteration order changes with PYTHONHASHSEED; output must not."""
    import os
    import subprocess
    import sys

    commands = [
        ["trading-paint", "cars", "--players", "6", "--format", "pdf", "--format", "svg"],
        ["graph-racers", "generate", "--size", "40x25", "--difficulty", "medium", "--seed", "3"],
    ]
    outputs = []
    for hash_seed in ("1", "99"):
        out = tmp_path / hash_seed
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        for args in commands:
            subprocess.run(
                [sys.executable, "-m", "generator", *args, "--out", str(out)],
                env=env,
                check=True,
                capture_output=True,
            )
        outputs.append({p.name: p.read_bytes() for p in sorted(out.iterdir())})
    assert len(outputs[0]) >= 3
    assert outputs[0] == outputs[1]


def test_a_full_disk_names_the_file_in_the_output_folder_not_the_staging(
    tmp_path, few_jobs, monkeypatch
):
    """Issue 30 item 7: a job that fails to write (a full disk) was reported with its path
    in the hidden staging folder, which the demo then removed; the error names the file in
    --out that the demo would have written, and nothing is left."""
    import errno

    from generator import output

    real = output.os.fdopen
    calls = []

    def full(fd, mode):  # noqa: ANN001, ANN202
        calls.append(fd)
        if len(calls) == 2:  # the second job's file: as a full disk would
            output.os.close(fd)
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(fd, mode)

    monkeypatch.setattr(output.os, "fdopen", full)
    out = tmp_path / "set"
    result = run_demo(out)
    assert result.exit_code == 1
    assert result.output.strip().splitlines()[-1] == (
        f"Error: cannot write {out / 'blank-d6-16mm.pdf'}: No space left on device; nothing "
        "was written: free some space or choose another --out"
    )
    assert ".racegen-demo-" not in result.output
    assert not out.exists()  # the folder the demo made is gone, the staging with it


def test_a_full_disk_before_the_first_job_names_the_output_folder(tmp_path, monkeypatch):
    import errno
    import tempfile

    def full(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(tempfile, "mkdtemp", full)
    out = tmp_path / "set"
    result = run_demo(out)
    assert result.exit_code == 1
    assert result.output == (
        f"Error: cannot write {out}: No space left on device; nothing was written: free some "
        "space or choose another --out\n"
    )
    assert not out.exists()
