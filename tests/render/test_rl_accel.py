"""reportlab's optional C accelerator (`pip install 'racegen[fast]'`, the rl_accel package)
changes how fast a PDF is written, not its bytes."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(
    importlib.util.find_spec("_rl_accel") is None,
    reason="rl_accel is not installed (pip install 'racegen[fast]'): nothing to compare",
)

# reportlab picks its C or Python functions once, at import: each run is its own process
RUN = "import sys\n{block}from generator.entry import main\nmain()\n"
WITHOUT = "sys.modules['_rl_accel'] = None  # reportlab falls back to its Python code\n"


# a PDF, and the SVG whose textLength the accelerator's own width sum once moved by 0.001
COMMANDS = (
    ["dice-rush", "rules"],
    ["pushing-race", "rules", "--format", "svg", "--paper", "letter", "--mono"],
)


def _print(out: Path, *, accel: bool) -> dict[str, bytes]:
    code = RUN.format(block="" if accel else WITHOUT)
    for args in COMMANDS:
        done = subprocess.run(
            [sys.executable, "-c", code, *args, "--out", str(out)],
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert done.returncode == 0, done.stderr
    return {p.name: p.read_bytes() for p in sorted(out.iterdir())}


def test_the_accelerator_is_used_and_the_files_are_byte_identical(tmp_path):
    probe = "import reportlab.lib.rl_accel as r; print(sorted(r._c_funcs))"
    used = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert "fp_str" in used.stdout  # reportlab found the C functions
    fast = _print(tmp_path / "fast", accel=True)
    plain = _print(tmp_path / "plain", accel=False)
    assert list(fast) == ["dice-rush-rules.pdf", "pushing-race-rules.svg"]
    assert fast == plain
