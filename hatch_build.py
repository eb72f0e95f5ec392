"""Build hook: compile the sweep's race in C into the wheel where a C compiler is present.

generator/games/graph_racers/_csweep.c is the same layered search as the pure-Python sweep
(sweep.py), about five times faster on the big shared maps. Where it cannot be compiled (no C
compiler or no Python headers) the wheel stays pure Python and the sweep races in Python: the
same answers, only slower. RACEGEN_PURE_PYTHON=1 skips the compile. Editable installs build it
in place, next to the source.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

MODULE = "generator.games.graph_racers._csweep"
SOURCE = "generator/games/graph_racers/_csweep.c"


class CustomBuildHook(BuildHookInterface):
    def initialize(self, version: str, build_data: dict) -> None:
        if self.target_name != "wheel" or os.environ.get("RACEGEN_PURE_PYTHON"):
            return
        root = Path(self.root)
        inplace = version == "editable"
        try:
            built = _compile(root, inplace)
        except Exception as exc:  # no compiler, no headers: the pure-Python sweep serves
            print(
                f"racegen: the sweep's C race was not compiled ({exc}); "
                "the pure-Python sweep will be used (same answers, slower)",
                file=sys.stderr,
            )
            return
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
        if not inplace:
            target = f"{MODULE.replace('.', '/').rsplit('/', 1)[0]}/{built.name}"
            build_data["force_include"][str(built)] = target


def _compile(root: Path, inplace: bool) -> Path:
    """Compile the extension with setuptools' build_ext; the path of the built module."""
    from setuptools import Distribution, Extension
    from setuptools.command.build_ext import build_ext

    flags = [] if sys.platform == "win32" else ["-O3", "-std=c99", "-Wno-unused-parameter"]
    ext = Extension(MODULE, [SOURCE], extra_compile_args=flags)
    dist = Distribution({"name": "racegen-csweep", "ext_modules": [ext]})
    dist.script_name = "hatch_build.py"
    cmd = build_ext(dist)
    work = Path(tempfile.mkdtemp(prefix="racegen-build-"))
    cwd = Path.cwd()
    os.chdir(root)
    try:
        cmd.build_temp = str(work / "temp")
        cmd.build_lib = str(work / "lib")
        cmd.inplace = inplace
        cmd.ensure_finalized()
        cmd.run()
        built = Path(cmd.get_ext_fullpath(MODULE))
        if not built.is_absolute():
            built = root / built
        if inplace:
            return built
        # keep the module where the wheel builder can read it after this hook returns
        keep = root / "build" / "csweep"
        keep.mkdir(parents=True, exist_ok=True)
        shutil.copy2(built, keep / built.name)
        return keep / built.name
    finally:
        os.chdir(cwd)
        shutil.rmtree(work, ignore_errors=True)
