"""The JSON Schemas of every `--json` output, and the one way those outputs are written.

Every object a command prints with --json carries a `format` field, "<game>-<command>/<version>"
(for example "graph-racers-solve/1"; `trading-paint solve` keeps the "trading-paint-solved/1"
it always had). Each format has a JSON Schema (draft 2020-12) in this folder,
<format name>.schema.json with the "/" written "-v" (graph-racers-solve-v1.schema.json): the
documentation of the output, field by field (docs/json.md lists them). A new version number
means a change a reader must know about (a field removed or changed in meaning); new fields
keep the version.

All of them are printed the same way: indented by 2 spaces, keys in the order written.
"""

from __future__ import annotations

import json
from typing import Any

SUFFIX = ".schema.json"


def with_format(fmt: str, data: dict[str, Any]) -> dict[str, Any]:
    """`data` with `format` first (an output that already names its format keeps its own)."""
    if "format" in data and data["format"] != fmt:
        raise ValueError(f"output says format {data['format']!r}, expected {fmt!r}")
    return {"format": fmt, **{k: v for k, v in data.items() if k != "format"}}


def dumps(data: dict[str, Any], fmt: str | None = None) -> str:
    """The text a --json option prints: one object, indented by 2 spaces."""
    if fmt is not None:
        data = with_format(fmt, data)
    return json.dumps(data, indent=2)


def file_name(fmt: str) -> str:
    """'graph-racers-solve/1' -> 'graph-racers-solve-v1.schema.json'."""
    name, _, version = fmt.partition("/")
    return f"{name}-v{version}{SUFFIX}"


def schema(fmt: str) -> dict[str, Any]:
    """The JSON Schema of format `fmt`."""
    from importlib import resources

    return json.loads(resources.files(__name__).joinpath(file_name(fmt)).read_text("utf-8"))


def schema_files() -> list[str]:
    """Every schema file shipped here, by name."""
    from importlib import resources

    return sorted(p.name for p in resources.files(__name__).iterdir() if p.name.endswith(SUFFIX))
