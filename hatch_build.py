"""Build hook: compile the sweep's race in C into the wheel where a C compiler is present.

generator/games/graph_racers/solving/_csweep.c is the same layered search as the pure-Python sweep
(sweep.py), about five times faster on the big shared maps. Where it cannot be compiled (no C
compiler or no Python headers) the wheel stays pure Python and the sweep races in Python: the
same answers, only slower. RACEGEN_PURE_PYTHON=1 skips the compile. Editable installs build it
in place, next to the source (and remove an old in-place build when they do not compile). The
module carries the SHA-256 of the source it was built from; sweep.py ignores a module whose
source has changed since (a checkout pulled after its editable install).
"""

from __future__ import annotations

import hashlib
import os
import shutil
import sys
import tempfile
from pathlib import Path

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

MODULE = "generator.games.graph_racers.solving._csweep"
SOURCE = "generator/games/graph_racers/solving/_csweep.c"


class CustomBuildHook(BuildHookInterface):
    def initialize(self, version: str, build_data: dict) -> None:
        if self.target_name != "wheel":
            return
        root = Path(self.root)
        inplace = version == "editable"
        if inplace:
            _remove_inplace(root)
        if os.environ.get("RACEGEN_PURE_PYTHON", "") not in ("", "0"):
            return
        self._work = Path(tempfile.mkdtemp(prefix="racegen-build-"))
        try:
            built = _compile(root, self._work, inplace)
        except Exception as exc:  # no compiler, no headers: the pure-Python sweep serves
            first = (str(exc).strip().splitlines() or [""])[0]
            first = f"{type(exc).__name__}: {first[:100]}{'...' if len(first) > 100 else ''}"
            print(
                f"racegen: the Graph Racers sweep's C race was not compiled ({first}); "
                "racegen will solve in pure Python (same answers, slower)",
                file=sys.stderr,
            )
            return
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
        if not inplace:
            target = f"{MODULE.replace('.', '/').rsplit('/', 1)[0]}/{built.name}"
            build_data["force_include"][str(built)] = target

    def finalize(self, version: str, build_data: dict, artifact_path: str) -> None:
        work = getattr(self, "_work", None)
        if work is not None:
            shutil.rmtree(work, ignore_errors=True)


def _remove_inplace(root: Path) -> None:
    """An editable install's earlier in-place module: a new build replaces it, and a pure
    install must not keep using it."""
    folder = root / Path(SOURCE).parent
    for old in folder.glob("_csweep.*"):
        if old.suffix in (".so", ".pyd"):
            old.unlink()


def _compile(root: Path, work: Path, inplace: bool) -> Path:
    """Compile the extension with setuptools' build_ext; the path of the built module."""
    from setuptools import Distribution, Extension
    from setuptools.command.build_ext import build_ext

    sha = hashlib.sha256((root / SOURCE).read_bytes()).hexdigest()
    flags = [] if sys.platform == "win32" else ["-O3", "-std=c99"]
    ext = Extension(
        MODULE,
        [SOURCE],
        extra_compile_args=flags,
        define_macros=[("CSWEEP_SOURCE_SHA", f'"{sha}"')],
    )
    dist = Distribution({"name": "racegen-csweep", "ext_modules": [ext]})
    dist.script_name = "hatch_build.py"
    cmd = build_ext(dist)
    cwd = Path.cwd()
    os.chdir(root)
    try:
        cmd.build_temp = str(work / "temp")
        cmd.build_lib = str(work / "lib")
        cmd.inplace = inplace
        cmd.ensure_finalized()
        cmd.run()
        built = Path(cmd.get_ext_fullpath(MODULE))
        return built if built.is_absolute() else root / built
    finally:
        os.chdir(cwd)
