"""The `meta` object of a track file (grid JSON or drawn circuit), type-checked field by field.

`meta` is what the generator knew (par, rules, solution, grade, features...): never read to
judge a move, but printers and commands read some of it (a sheet prints the grade and the
features, a race takes the stored rules). A hand-made or damaged file must fail in one line
naming the field, never with Python's TypeError deep in a printer. Fields racegen does not
know are left alone.
"""

from __future__ import annotations

from typing import Any

from generator.core.jsontext import is_whole

_OBJECTS = ("rules", "solution", "grade", "generator", "drawn_from")
_TEXTS = ("id", "difficulty")
_NUMBER_LISTS = ("path", "accelerations")  # of solution: [[ROW, COL], ...]


def check_meta(meta: Any, drawn: bool) -> dict[str, Any]:
    """`meta` itself when every field racegen reads has its type; ValueError naming the
    first field that does not. `drawn`: a drawn circuit's (its features are a list of
    {"name": ...}; a grid track's may be an object of measurements)."""
    if not isinstance(meta, dict):
        raise ValueError(f"'meta' must be an object, not {kind(meta)}")
    for key in _OBJECTS:
        if key in meta and not isinstance(meta[key], dict):
            raise ValueError(f"'meta.{key}' must be an object, not {kind(meta[key])}")
    for key in _TEXTS:
        if key in meta and not isinstance(meta[key], str):
            raise ValueError(f"'meta.{key}' must be a text, not {kind(meta[key])}")
    if "par" in meta and not is_whole(meta["par"]):
        raise ValueError(f"'meta.par' must be a whole number, not {kind(meta['par'])}")
    grade = meta.get("grade", {})
    if "difficulty" in grade and not isinstance(grade["difficulty"], str):
        raise ValueError(f"'meta.grade.difficulty' must be a text, not {kind(grade['difficulty'])}")
    if "grade" in meta and "difficulty" not in grade:
        raise ValueError("'meta.grade' must have its 'difficulty' (easy, medium or hard)")
    features = meta.get("features", [])
    if isinstance(features, list):
        for i, f in enumerate(features):
            if not (isinstance(f, dict) and isinstance(f.get("name"), str)):
                raise ValueError(
                    f"'meta.features' item {i + 1} must be an object with a 'name' text"
                )
    elif drawn or not isinstance(features, dict):  # (a grid track's are measurements)
        raise ValueError(f"'meta.features' must be a list, not {kind(features)}")
    centre = meta.get("drawn_from", {}).get("centre")
    if "centre" in meta.get("drawn_from", {}) and not _points(centre, number=True):
        raise ValueError("'meta.drawn_from.centre' must be a list of [ROW, COL] points")
    solution = meta.get("solution", {})
    for key in _NUMBER_LISTS:
        if key in solution and not _points(solution[key], number=False):
            raise ValueError(f"'meta.solution.{key}' must be a list of [ROW, COL] whole numbers")
    return meta


def _points(value: Any, number: bool) -> bool:
    ok = (lambda v: isinstance(v, (int, float)) and not isinstance(v, bool)) if number else is_whole
    return isinstance(value, list) and all(
        isinstance(p, list) and len(p) == 2 and all(ok(v) for v in p) for p in value
    )


def kind(value: Any) -> str:
    """The JSON kind of `value`, as a user would call it."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a text"
    if isinstance(value, list):
        return "a list"
    return "an object"
