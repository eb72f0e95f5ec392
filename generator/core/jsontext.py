"""Reading the JSON files users hand racegen (tracks, moves, positions): one reader.

A syntax error names the file's line and column. Numbers must be finite: NaN, Infinity and
1e400 (which Python reads as infinity) are refused, as are whole numbers too long for Python to
read (4,300 digits) and nesting deeper than the parser can follow. Each is one InvalidInput line, never Python's own exception.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

from generator.errors import InvalidInput

MAX_DEPTH = 200  # nesting racegen's formats never come near (they need 5 at most)
_STRING = re.compile(r'"(?:\\.|[^"\\])*"')
_BRACKET = re.compile(r"[\[\]{}]")


def _too_deep(text: str) -> bool:
    """Nesting deeper than MAX_DEPTH, counted outside strings: refused the same way on every
    Python (3.13's json follows far deeper nesting than 3.11's, which gave up with a
    RecursionError)."""
    depth = 0
    for m in _BRACKET.finditer(_STRING.sub('""', text)):
        depth += 1 if m.group() in "[{" else -1
        if depth > MAX_DEPTH:
            return True
    return False


class _NotFinite(ValueError):
    pass


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _NotFinite(text)
    return value


def _constant(text: str) -> float:
    raise _NotFinite(text)


class JsonSyntax(InvalidInput):
    """The text is not JSON at all (a syntax error), as against JSON that cannot be used."""


def loads(text: str, source: str, hint: str = "") -> Any:
    """The JSON value in `text` (from file `source`); `hint` ends every error message."""
    if _too_deep(text):
        raise InvalidInput(f"{source}: the JSON is nested too deeply to read{hint}")
    try:
        value = json.loads(text, parse_float=_finite, parse_constant=_constant)
    except json.JSONDecodeError as e:
        raise JsonSyntax(
            f"{source} line {e.lineno} column {e.colno}: not valid JSON ({e.msg}){hint}"
        ) from None
    except _NotFinite as e:
        raise InvalidInput(f"{source}: the number {e} is not a finite number{hint}") from None
    except ValueError:  # Python refuses whole numbers of more than 4,300 digits
        raise InvalidInput(f"{source}: a number in the JSON is too long to read{hint}") from None
    except RecursionError:
        raise InvalidInput(f"{source}: the JSON is nested too deeply to read{hint}") from None
    _no_lone_surrogates(value, source, hint)
    return value


def _no_lone_surrogates(value: Any, source: str, hint: str) -> None:
    """JSON's "\\ud800" escapes give strings no file can hold (a name written to a PDF or SVG
    would fail): refuse them here."""
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, str):
            try:
                v.encode("utf-8")
            except UnicodeEncodeError as e:
                near = v[max(0, e.start - 15) : e.start + 1]
                raise InvalidInput(
                    f"{source}: the text ...{near!r} holds a lone surrogate escape (\\ud800 to "
                    f"\\udfff); write the character itself{hint}"
                ) from None
        elif isinstance(v, dict):
            stack += list(v.keys()) + list(v.values())
        elif isinstance(v, list):
            stack += v


def is_whole(value: Any) -> bool:
    """A whole number, not a float such as 9.0 nor true/false (a bool is an int to Python)."""
    return isinstance(value, int) and not isinstance(value, bool)


def whole(value: Any, what: str) -> int:
    """`value` when it is a JSON whole number (is_whole); ValueError naming `what` otherwise."""
    if not is_whole(value):
        raise ValueError(f"{what} must be a whole number, not {value!r}")
    return value
