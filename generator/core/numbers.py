"""Whole numbers read from a user's text (options, answers, CSV columns): one reader.

Only ASCII digits are digits here: Python's int() and the regex class \\d also take other
scripts' digits ('٣' is 3 to Python), which would let `0/0/٣` mean 0/0/3 while it prints
differently. And a number is bounded before Python converts it: int() refuses more than
4,300 digits with its own words (a ValueError naming sys.set_int_max_str_digits); racegen
never needs more than MAX_DIGITS digits, so a longer number is refused, in the caller's
words, before it is converted.
"""

from __future__ import annotations

import re

MAX_DIGITS = 18  # below 2**63; no board, count or race number comes near
WHOLE = re.compile(r"[-+]?[0-9]+")  # the pattern of a whole number, ASCII digits only


def whole(text: str) -> int | None:
    """The whole number `text` spells (an optional sign, then ASCII digits; spaces around
    it allowed), or None: not a number, or more than MAX_DIGITS digits (leading zeros not
    counted)."""
    t = text.strip()
    if not WHOLE.fullmatch(t):
        return None
    if len(t.lstrip("+-").lstrip("0")) > MAX_DIGITS:
        return None
    return int(t)


def is_digits(text: str) -> bool:
    """`text` is ASCII digits only (str.isdigit also takes '²' and '٣')."""
    return text.isascii() and text.isdigit()


def shown(text: str, most: int = 60) -> str:
    """User text as an error quotes it: cut short when long (a crafted 4,301-digit number
    would fill the screen), saying how long it was."""
    return text if len(text) <= most else f"{text[:40]}... ({len(text):,} characters)"
