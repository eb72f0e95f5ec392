"""The benchmarks measure the installed package and each has a --smallest run, which .ci/run
runs once for every benchmark so none can rot (issue 30, item 12). The runs themselves are in
CI, not here: they take seconds."""

from __future__ import annotations

from pathlib import Path

import pytest

BENCHMARKS = sorted((Path(__file__).resolve().parent.parent / "benchmarks").glob("*.py"))


def test_ci_runs_every_benchmark_at_its_smallest_size():
    ci = (Path(__file__).resolve().parent.parent / ".ci" / "run").read_text(encoding="utf-8")
    assert '"$here"/benchmarks/*.py' in ci and '"$bench" --smallest' in ci
    assert len(BENCHMARKS) >= 8


@pytest.mark.parametrize("bench", BENCHMARKS, ids=lambda p: p.name)
def test_a_benchmark_takes_smallest_and_leaves_sys_path_alone(bench):
    """The checkout first on sys.path had graph_racers.py report "pure Python (C race was not
    compiled)" while the installed, compiled sweep was there."""
    text = bench.read_text(encoding="utf-8")
    assert '"--smallest"' in text
    assert "sys.path.insert" not in text and "cwd=ROOT" not in text
