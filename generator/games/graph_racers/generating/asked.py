"""Generating as a command or the page asks for it: the caps of presets.json, --width read
from its text, the kind of track chosen (drawn circuits or cell maps), the generator's errors
worded with the options to change, and the note on maps the generator had to repeat.

Errors are the library's (errors.*), worded with the command line's option names; a bad option
value is errors.BadOption, which the command line words as click words its own. Only the
standard library and generator.errors are imported at module level: the command line reads
the caps when it starts."""

from __future__ import annotations

from typing import Any

from generator.errors import BadOption, InvalidInput, LimitExceeded

MANY_REPEATS = 6  # repeats named one by one on stderr; more are counted


def limits() -> dict[str, Any]:
    """The caps of presets.json: max_cells, max_states, max_count, max_generate_size."""
    from generator.resources import load_json

    return load_json("graph_racers", "presets.json")["limits"]


# --- option values -----------------------------------------------------------------------------
def parse_range(value: str) -> tuple[int, int]:
    """'3..5' or '4' -> (lo, hi): --width."""
    lo, sep, hi = value.partition("..")
    try:
        if not all(
            v.strip().isascii() and v.strip().isdigit() for v in ((lo, hi) if sep else (lo,))
        ):
            raise ValueError  # ASCII digits only: int() would read other scripts' digits too
        pair = (int(lo), int(hi)) if sep else (int(lo), int(lo))
    except ValueError:
        raise BadOption(f"{value!r}: write the width as MIN..MAX, like 3..5", "--width") from None
    if pair[0] > pair[1] or pair[0] < 2 or pair[1] > 12:
        raise BadOption(
            f"{value!r}: widths go from 2 to 12 points, MIN no larger than MAX", "--width"
        )
    return pair


def drawn_width(width_text: str | None) -> tuple[float, float]:
    """--width for drawn circuits clips the difficulty's widths (squares); none: theirs."""
    return parse_range(width_text) if width_text is not None else (0, 99)


# --- generating ----------------------------------------------------------------------------------
def generated(kind: str, req, count: int, bar, **cells) -> list:  # noqa: ANN001
    """`count` tracks of a kind: drawn circuits (drawn.py, no shape twice in the run) or
    cell maps (generate.generate, with its options `cells`)."""
    if kind == "drawn":
        from generator.games.graph_racers.generating.drawn import generate_drawn

        return generate_drawn(req, count, bar)
    from generator.games.graph_racers.generating.generate import generate

    return generate(req, count, bar, **cells)


def drawn_size(kind: str, req, advice: str) -> None:  # noqa: ANN001
    """One line when drawn circuits are not made at the request's size or rules (before any
    file is claimed or track drawn)."""
    if kind != "drawn":
        return
    from generator.games.graph_racers.generating.drawn import size_problem
    from generator.games.graph_racers.solving.drawn import supports

    why = supports(req.rules)
    if why:
        raise InvalidInput(f"{why}: drop the boost options or use --kind cells")
    problem = size_problem(req)
    if problem:
        raise InvalidInput(f"{problem}; {advice}")


def same_kind(e: Exception) -> type:
    """The plain error class to re-raise `e` as with reworded text (same exit code)."""
    return LimitExceeded if isinstance(e, LimitExceeded) else InvalidInput


def generator_advice(e: Exception) -> str:
    """The generator's error (its facts as fields) with what to change on the command line."""
    from generator.games.graph_racers.generating.generate import (
        NoRoom,
        NotFound,
        TooSmall,
        WidthMismatch,
    )

    if isinstance(e, WidthMismatch):
        return (
            f"{e.head}: --width {e.width[0]}..{e.width[1]} gives none; use --width "
            f"{e.fix[0]}..{e.fix[1]} or another difficulty"
        )
    if isinstance(e, NoRoom):
        return f"{e}; use --width {e.fix[0]}..{e.fix[1]} or a larger size"
    if isinstance(e, TooSmall):
        return f"{e}; use a size of at least {e.side}x{e.side}"
    if isinstance(e, NotFound):
        fewer = ", fewer checkpoints" if e.checkpoints > 2 else ""
        fewer += ", fewer --oil patches" if getattr(e, "oil", 0) else ""
        return f"{e}; try another size, width{fewer} or difficulty"
    return str(e)


def repeats_note(tracks: list, what: str, kind: str, advice: str, page: int | None = None) -> str:
    """The note ('' for none) when the generator had to repeat a map (generate.same_map), or
    on a worksheet page a loop in another width (circuit.loop_shape): the size and difficulty
    offered no other within its attempts. A loop again in another width on another page is a
    new puzzle and is not named."""
    by_map: dict[tuple[str, int], list[int]] = {}
    for i, t in enumerate(tracks):
        gen = t.meta.get("generator", {})
        if gen.get("same_map_as"):
            by_map.setdefault(("map", gen["same_map_as"]), []).append(i + 1)
        m = gen.get("same_loop_as")
        if m and page is not None and (m - 1) // page == i // page:
            by_map.setdefault(("loop", m), []).append(i + 1)
    if not by_map:
        return ""
    parts = []
    for (words, m), ns in by_map.items():
        if len(ns) == 1:
            parts.append(f"{what} {ns[0]} repeats the {words} of {what} {m}")
        else:
            listed = ", ".join(map(str, ns[:-1])) + f" and {ns[-1]}"
            parts.append(f"{what}s {listed} repeat the {words} of {what} {m}")
    if len(parts) > MANY_REPEATS:  # hundreds of puzzles: one short line, not a paragraph
        ns = sorted(n for found in by_map.values() for n in found)
        listed = ", ".join(map(str, ns[:MANY_REPEATS])) + (
            ", ..." if len(ns) > MANY_REPEATS else ""
        )
        parts = [f"{len(ns)} {what}s repeat the map or loop of an earlier one ({listed})"]
    pairs = "; ".join(parts)
    return f"{pairs} (a {kind} track has few different maps); use {advice} or another difficulty for more"
