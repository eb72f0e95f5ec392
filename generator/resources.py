"""Find data files in templates/, both in an installed wheel and in a source checkout."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from generator.errors import InvalidInput

try:
    from importlib.resources.abc import Traversable
except ImportError:  # Python 3.10
    from importlib.abc import Traversable


@cache
def templates_root() -> Traversable:
    """The templates folder: generator/templates inside a wheel, ./templates beside the package in a checkout."""
    packaged = resources.files("generator") / "templates"
    if packaged.is_dir():
        return packaged
    checkout = Path(__file__).resolve().parent.parent / "templates"
    if checkout.is_dir():
        return checkout
    raise InvalidInput("templates folder not found: reinstall racegen (pip install racegen)")


def template_path(*parts: str) -> Traversable:
    node = templates_root()
    for part in parts:
        node = node / part
    return node


def read_text(*parts: str) -> str:
    node = template_path(*parts)
    if not node.is_file():
        raise InvalidInput(f"template {'/'.join(parts)} is missing: reinstall racegen")
    return node.read_text(encoding="utf-8")


def load_json(*parts: str) -> Any:
    return json.loads(read_text(*parts))
