"""The bytes racegen prints, held: every file and every output of the fixed commands in
tests/snapshots.py (the demo, every kit on A4, Letter and mono, the Graph Racers sheets,
worksheets and class packs, generated tracks and puzzles, the JSON of the solvers and
simulators) hash as recorded in tests/data/snapshot-hashes.json.

A change that means to change what is printed records the hashes again
(`python tests/snapshots.py --record`) and says why in its commit; a change that means not
to (a module moved or split) leaves them alone. The PDF, SVG and PNG bytes depend on the
versions of the libraries that write them: with other versions installed the test skips,
naming them."""

from __future__ import annotations

import json

import pytest
import snapshots

RECORDED = json.loads(snapshots.RECORD.read_text())


def test_every_entry_is_recorded() -> None:
    assert sorted(RECORDED["hashes"]) == sorted(snapshots.COMMANDS)


@pytest.mark.parametrize("name", sorted(snapshots.COMMANDS))
def test_same_bytes_as_recorded(name: str) -> None:
    now = snapshots.versions()
    if now != RECORDED["versions"]:
        other = {k: v for k, v in now.items() if RECORDED["versions"].get(k) != v}
        pytest.skip(f"recorded with other library versions than these: {other}")
    got = snapshots.run(name)
    want = RECORDED["hashes"][name]
    assert sorted(got) == sorted(want), "other files or steps than recorded"
    changed = [k for k in want if got[k] != want[k]]
    assert not changed, f"{name}: not the recorded bytes: {changed}"
