"""Reading and writing Graph Racers tracks.

Four formats are read, told apart by their first line:

- `dim: ROWS COLS` then ROWS lines of `x` wall, `.` track, `s` start, `g` goal (the momba and
  racetrackgym benchmark maps);
- the mdp-lib format: a width line, a height line, then rows of `X` wall, space track, `S`
  start, `G` goal (short rows padded with wall);
- racegen's plain text (`graph-racers track 1`, key lines, then `map:` and the grid);
- racegen's JSON (an object with `"format": "graph-racers-track/1"`).

Every error names the file, the line and the column. Where a public format leaves a choice,
the choice is recorded in Track.notes and in docs/rules/graph-racers.md.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

from generator.core import jsontext
from generator.core.names import check_name
from generator.errors import InvalidInput, LimitExceeded
from generator.games.graph_racers.track import drawn_format as drawn_format
from generator.games.graph_racers.track.meta_check import check_meta
from generator.games.graph_racers.track.model import (
    COINS,
    OBSTACLE,
    OFF,
    OIL,
    ON,
    WATER,
    Line,
    Point,
    Track,
)

JSON_FORMAT = "graph-racers-track/1"
TEXT_MAGIC = "graph-racers track 1"
# A header may not announce more points than this even with no --max-cells (a tiny file can
# claim a 100000 x 100000 grid; the rows are built only after this check)
MAX_HEADER_CELLS = 4_000_000
# bytes read from a track file: a map of MAX_HEADER_CELLS points is about 4 MB in any format
# (JSON adds a few bytes a row), so twice that holds every track racegen can solve
MAX_BYTES = 8_000_000
# characters in a track's name: it is printed in sheet titles and footers (as Dice Rush boards)
MAX_NAME = 60
# checkpoints on a lap: every one multiplies the states a solver visits (2,000 took 150 s and
# 820 MB), and no map racegen knows has more than 6 (generate makes at most 6)
MAX_CHECKPOINTS = 64

# dim: format (momba, racetrackgym). `i` is undefined in that format but drawn where cars must
# drive (river-deadend-narrow, shortcut-big): read as track, with a note.
DIM_CELLS = {"x": OFF, ".": ON, "s": ON, "g": ON, "i": ON}
# mdp-lib: `o` is error-prone track (a probability in that project: plain track here), `P` a
# pothole (a crash there, so off the track here), `x` appears in some files for wall, and `.`
# (in square-3) is read as track: the map is drawn with it where the car must drive.
MDP_CELLS = {"X": OFF, "x": OFF, " ": ON, "S": ON, "G": ON, "o": ON, "P": OFF, ".": ON}
# racegen text: # wall, . track, ~ oil, S start, G goal; for the race, coins (p penny, n nickel,
# d dime, and the James Bond goodies m o r u b: track points) and w water (off the track but
# for submarines).
TEXT_CELLS = {"#": OFF, ".": ON, "~": OIL, "S": ON, "G": ON, WATER: OFF} | dict.fromkeys(COINS, ON)
TEXT_CELLS[OBSTACLE] = OFF  # an obstacle to jump (race --jumps): a wall everywhere else
TEXT_HINT = "# . ~ S G (and for races: coins " + " ".join(COINS) + ", w water, ^ obstacle)"


def _marks(rows: list[str]) -> dict[str, Any]:
    """The coins, the water and the obstacles of a racegen map's rows (Track's `coins`,
    `water` and `obstacles`)."""
    coins = {(r, c): ch for r, row in enumerate(rows) for c, ch in enumerate(row) if ch in COINS}
    water = frozenset(
        (r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == WATER
    )
    obstacles = frozenset(
        (r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == OBSTACLE
    )
    return {"coins": coins, "water": water, "obstacles": obstacles}


def _where(source: str, line: int, col: int | None = None, label: str = "line") -> str:
    return f"{source} {label} {line}" + (f" column {col}" if col is not None else "")


def read_track(path: str | Path, *, max_cells: int | None = None) -> Track:
    """Read a track file ('-': standard input) in any supported format (chosen by its
    content)."""
    from generator.core import textfile

    text, source = textfile.read_arg(path, "track file", "save the track as plain text", MAX_BYTES)
    stem = None if str(path) == textfile.STDIN else Path(path).stem
    return parse_track(text, source=source, max_cells=max_cells, name=stem)


def parse_track(
    text: str, *, source: str = "track", max_cells: int | None = None, name: str | None = None
) -> Track:
    """Parse track text in any supported format."""
    if text.startswith("\ufeff"):
        text = text[1:]
    if not text.strip():
        raise InvalidInput(
            f"{source}: the file is empty; a track file starts with 'dim:', a width, '{TEXT_MAGIC}' or '{{'"
        )
    first = text.lstrip().split("\n", 1)[0].strip()
    if text.lstrip().startswith("{"):
        data = jsontext.loads(text, source)
        if drawn_format.is_drawn(data):
            drawn = drawn_format.track_from_dict(data, source)
            if name and "name" not in data:
                drawn = replace(drawn, name=name[:MAX_NAME])
            return drawn
        track = _parse_json(data, source)
    elif first.lower().startswith("dim:"):
        track = _parse_dim(text, source, max_cells)
    elif first == TEXT_MAGIC:
        track = _parse_text(text, source)
    elif _is_number(first):
        track = _parse_mdp(text, source, max_cells)
    else:
        lineno = text[: text.find(first)].count("\n") + 1
        raise InvalidInput(
            f"{_where(source, lineno, 1)}: unknown track format; start with 'dim: ROWS COLS', "
            f"a width line (mdp-lib), '{TEXT_MAGIC}' or a JSON object"
        )
    if name and track.name == "track":
        track = track.with_(name=name)
    return track.validate(source, max_cells)


def _lines(text: str) -> list[str]:
    return [line.rstrip("\r") for line in text.split("\n")]


def _grid_from_rows(
    rows: list[tuple[int, str]], legend: dict[str, str], source: str, hint: str, label: str = "line"
) -> tuple[tuple[str, ...], list[Point], list[Point], set[str]]:
    """Cells of a character grid: (grid, starts, goals, characters used)."""
    grid: list[str] = []
    starts: list[Point] = []
    goals: list[Point] = []
    used: set[str] = set()
    for r, (lineno, row) in enumerate(rows):
        cells = []
        for c, ch in enumerate(row):
            if ch not in legend:
                # file lines and columns count from 1; JSON map rows and columns from 0, as points
                col = c + 1 if label == "line" else c
                raise InvalidInput(
                    f"{_where(source, lineno, col, label)}: unknown character {ch!r}; use {hint}"
                )
            used.add(ch)
            cells.append(legend[ch])
            if ch in "sS":
                starts.append((r, c))
            elif ch in "gG":
                goals.append((r, c))
        grid.append("".join(cells))
    return tuple(grid), starts, goals, used


def _is_number(text: str) -> bool:
    """ASCII digits only (str.isdigit also takes '²', which int() refuses)."""
    return text.isascii() and text.isdigit()


def _header_number(text: str, source: str, line: int, max_cells: int | None) -> int:
    """A header's row or column count; one with more digits than any grid needs is refused
    before Python reads it (it refuses 4,300 digits with its own words)."""
    if len(text) > 9:
        limit = MAX_HEADER_CELLS if max_cells is None else min(max_cells, MAX_HEADER_CELLS)
        raise LimitExceeded(
            f"{_where(source, line, 1)}: a size of {len(text)} digits is more than the limit of "
            f"{limit} points; use a smaller track or raise --max-cells"
        )
    return int(text)


def _check_header_size(rows: int, cols: int, source: str, line: int, max_cells: int | None) -> None:
    """The size a header announces, checked before any row is built (a tiny file may claim a
    huge grid)."""
    if rows == 0 or cols == 0:
        raise InvalidInput(f"{_where(source, line, 1)}: a track needs at least one row and column")
    limit = MAX_HEADER_CELLS if max_cells is None else min(max_cells, MAX_HEADER_CELLS)
    if rows * cols > limit:
        raise LimitExceeded(
            f"{_where(source, line, 1)}: {cols} x {rows} = {rows * cols} points is more than the "
            f"limit of {limit}; use a smaller track or raise --max-cells"
        )


def _parse_dim(text: str, source: str, max_cells: int | None = None) -> Track:
    lines = _lines(text)
    # header: the first non-blank line
    head_i = next(i for i, line in enumerate(lines) if line.strip())
    head = lines[head_i].strip().split()
    if len(head) != 3 or not _is_number(head[1]) or not _is_number(head[2]):
        raise InvalidInput(f"{_where(source, head_i + 1, 1)}: write the header as 'dim: ROWS COLS'")
    nrows, ncols = (_header_number(h, source, head_i + 1, max_cells) for h in head[1:])
    _check_header_size(nrows, ncols, source, head_i + 1, max_cells)
    body = [(i + 1, line.rstrip()) for i, line in enumerate(lines) if i > head_i]
    while body and not body[-1][1]:
        body.pop()
    for lineno, row in body:
        if not row:
            raise InvalidInput(f"{_where(source, lineno)}: blank line inside the map; remove it")
    if len(body) != nrows:
        at = body[-1][0] if body else head_i + 1
        raise InvalidInput(
            f"{_where(source, at)}: the map has {len(body)} rows but the header says {nrows}; "
            "fix the 'dim:' line or the map"
        )
    for lineno, row in body:
        if len(row) != ncols:
            col = min(len(row), ncols) + 1
            raise InvalidInput(
                f"{_where(source, lineno, col)}: row has {len(row)} characters, the header says "
                f"{ncols}; make every row {ncols} long"
            )
    grid, starts, goals, used = _grid_from_rows(body, DIM_CELLS, source, "x . s g")
    notes = ("'i' cells (undefined in the dim: format) read as track",) if "i" in used else ()
    return Track(grid, tuple(starts), frozenset(goals), notes=notes)


def _parse_mdp(text: str, source: str, max_cells: int | None = None) -> Track:
    lines = _lines(text)
    top = next(i for i, line in enumerate(lines) if line.strip())  # blank lines may come first
    if len(lines) < top + 2 or not _is_number(lines[top + 1].strip()):
        raise InvalidInput(
            f"{_where(source, top + 2, 1)}: an mdp-lib track has its height on the line after "
            "its width"
        )
    width, height = (
        _header_number(lines[top + k].strip(), source, top + 1 + k, max_cells) for k in (0, 1)
    )
    _check_header_size(height, width, source, top + 1, max_cells)
    body = [(i + 1, line) for i, line in enumerate(lines) if i >= top + 2]
    while body and not body[-1][1].strip():
        body.pop()
    if len(body) > height:
        raise InvalidInput(
            f"{_where(source, body[height][0], 1)}: more rows than the height {height} on line 2; "
            "fix the height or remove rows"
        )
    rows: list[tuple[int, str]] = []
    for lineno, row in body:
        if len(row) > width:
            raise InvalidInput(
                f"{_where(source, lineno, width + 1)}: row has {len(row)} characters, the width on "
                f"line 1 is {width}; shorten the row or fix the width"
            )
        rows.append((lineno, row.ljust(width, "X")))
    padded = len(rows) < height
    while len(rows) < height:
        rows.append((len(lines), "X" * width))
    grid, starts, goals, used = _grid_from_rows(rows, MDP_CELLS, source, "X, space, S, G (o, P)")
    notes = []
    if "." in used:
        notes.append("'.' cells (ignored by mdp-lib's reader) read as track")
    if "o" in used:
        notes.append("'o' (error-prone) cells read as plain track")
    if "P" in used:
        notes.append("'P' (pothole) cells read as off the track")
    if padded:
        notes.append("missing rows padded with wall")
    return Track(grid, tuple(starts), frozenset(goals), notes=tuple(notes))


def _parse_text(text: str, source: str) -> Track:
    lines = _lines(text)
    name = "track"
    finish: Line | None = None
    checkpoints: list[Line] = []
    starts: list[Point] = []
    start_at: dict[Point, tuple[int, int]] = {}  # where each 'start:' line stands in the file
    line_at: list[tuple[str, Line, tuple[int, int]]] = []  # the same for finish and checkpoints
    map_at: int | None = None
    for i, raw in enumerate(lines[1:], start=2):
        line = raw.strip()
        if not line or line.startswith(";"):
            continue
        key, sep, value = line.partition(":")
        key = key.strip().lower()
        if not sep:
            raise InvalidInput(
                f"{_where(source, i, 1)}: expected 'key: value' or 'map:' before the grid"
            )
        value = value.strip()
        try:
            if key == "name":
                if not value:
                    raise ValueError(
                        "the name is empty; write a name after 'name:' or drop the line"
                    )
                name = _name(value)
            elif key == "finish":
                finish = Line.parse(value)
                line_at.append(("start/finish line", finish, (i, raw.find(value) + 1)))
            elif key == "checkpoint":
                if len(checkpoints) == MAX_CHECKPOINTS:
                    raise ValueError(_too_many_checkpoints(f"checkpoint {MAX_CHECKPOINTS + 1}"))
                checkpoints.append(Line.parse(value))
                label = f"checkpoint {len(checkpoints)}"
                line_at.append((label, checkpoints[-1], (i, raw.find(value) + 1)))
            elif key == "start":
                parts = value.replace(",", " ").split()
                if len(parts) != 2 or not all(_is_number(v) and len(v) <= 9 for v in parts):
                    raise ValueError(f"write a start point as 'start: ROW COL', not {value!r}")
                starts.append((int(parts[0]), int(parts[1])))
                start_at[starts[-1]] = (i, raw.find(value) + 1)
            elif key == "map":
                if value:
                    raise ValueError(f"the grid starts on the line after 'map:', not {value!r}")
                map_at = i
                break
            else:
                raise ValueError(f"unknown key {key!r}; use name, finish, checkpoint, start or map")
        except ValueError as e:
            col = raw.find(value) + 1 if value else 1
            raise InvalidInput(f"{_where(source, i, col)}: {e}") from None
    if map_at is None:
        last = max((i + 1 for i, line in enumerate(lines) if line.strip()), default=1)
        raise InvalidInput(f"{_where(source, last)}: no 'map:' line; put the grid after 'map:'")
    body = [(i + 1, line.rstrip()) for i, line in enumerate(lines) if i >= map_at]
    while body and not body[-1][1]:
        body.pop()
    if not body:
        raise InvalidInput(f"{_where(source, map_at)}: the map after 'map:' is empty")
    width = len(body[0][1])
    for lineno, row in body:
        if not row:
            raise InvalidInput(f"{_where(source, lineno)}: blank line inside the map; remove it")
        if len(row) != width:
            raise InvalidInput(
                f"{_where(source, lineno, min(len(row), width) + 1)}: row has {len(row)} characters, "
                f"the first row has {width}; make every row as long"
            )
    grid, map_starts, goals, _ = _grid_from_rows(body, TEXT_CELLS, source, TEXT_HINT)
    for label, drawn, (line, col) in line_at:  # a line off the track: name its file line
        off = drawn.first_off(len(grid), len(grid[0]), lambda r, c: grid[r][c] != OFF)
        if off is not None:
            r, c = off
            where = "on a wall" if 0 <= r < len(grid) and 0 <= c < len(grid[0]) else "off the map"
            raise InvalidInput(
                f"{_where(source, line, col)}: {label} ({drawn.describe()}) point ({r}, {c}) "
                f"is {where}; a line lies on track points"
            )
    for (r, c), (line, col) in start_at.items():  # a 'start:' line's point: name that line
        if not (0 <= r < len(grid) and 0 <= c < len(grid[0])) or grid[r][c] == OFF:
            where = "on a wall" if 0 <= r < len(grid) and 0 <= c < len(grid[0]) else "off the map"
            raise InvalidInput(
                f"{_where(source, line, col)}: start point ({r}, {c}) is {where}; "
                "move it onto the track"
            )
    track = _assemble(grid, starts + map_starts, goals, finish, checkpoints, name)
    return replace(track, **_marks([row for _, row in body]))


def _assemble(
    grid: tuple[str, ...],
    starts: list[Point],
    goals: list[Point],
    finish: Line | None,
    checkpoints: list[Line],
    name: str,
    meta: dict[str, Any] | None = None,
) -> Track:
    if finish is not None and not starts:
        # the line's points are its starts; a line off the grid is refused by Track.validate
        # (which names it), so only a line on the grid is listed here
        on_grid = finish.first_off(len(grid), len(grid[0]), lambda r, c: True) is None
        starts = finish.points() if on_grid else []
    return Track(
        grid,
        tuple(dict.fromkeys(starts)),
        frozenset(goals),
        finish,
        tuple(checkpoints),
        name=name,
        meta=meta or {},
    )


def _parse_json(data: Any, source: str) -> Track:
    if not isinstance(data, dict):
        raise InvalidInput(f"{_where(source, 1, 1)}: a JSON track is an object with a 'map'")
    if isinstance(data.get("track"), dict):  # a generated file: {"track": {...}, "par": ...}
        data = data["track"]
    fmt = data.get("format")
    if fmt is None:
        moves = "path" in data or "accelerations" in data
        raise InvalidInput(
            f'{source}: not a track (a JSON track has "format": "{JSON_FORMAT}")'
            + (
                "; this looks like a moves file: give the track first, then the moves"
                if moves
                else ""
            )
        )
    if fmt != JSON_FORMAT:
        raise InvalidInput(
            f"{source}: JSON 'format' is {fmt!r}; this version reads {JSON_FORMAT!r}"
        )
    try:
        return track_from_dict(data, source)
    except KeyError as e:
        raise InvalidInput(
            f"{source}: the JSON track has no {e}; see docs/rules/graph-racers.md"
        ) from None
    except (TypeError, ValueError, IndexError, AttributeError) as e:
        raise InvalidInput(
            f"{source}: bad JSON track ({e}); see docs/rules/graph-racers.md"
        ) from None


def track_from_dict(data: dict[str, Any], source: str = "track") -> Track:
    rows = data["map"]
    if not isinstance(rows, list) or not all(isinstance(r, str) for r in rows):
        raise ValueError("'map' must be a list of strings")
    if not _rows_even(rows):
        _ragged(rows, source)
    grid, starts, goals, _ = _grid_from_rows(
        list(enumerate(rows)), TEXT_CELLS, f"{source} 'map'", TEXT_HINT, label="row"
    )
    for key, count in (("rows", len(grid)), ("cols", len(grid[0]))):
        if key in data and jsontext.whole(data[key], f"'{key}'") != count:
            raise ValueError(f"'{key}' is {data[key]} but the map has {count}")
    finish = Line.from_dict(data["finish"]) if data.get("finish") else None
    listed = data.get("checkpoints", [])
    if isinstance(listed, list) and len(listed) > MAX_CHECKPOINTS:
        count = f"'checkpoints' lists {len(listed)}"
        raise InvalidInput(f"{source}: {_too_many_checkpoints(count)}")
    checkpoints = [Line.from_dict(c) for c in listed]
    if not isinstance(data.get("starts", []), list):
        raise ValueError("'starts' must be a list of [row, col] pairs")
    for p in data.get("starts", []):
        if not isinstance(p, list) or len(p) != 2:
            raise ValueError(f"a start is a [row, col] pair, not {p!r}")
        starts.append(
            (jsontext.whole(p[0], "a start's row"), jsontext.whole(p[1], "a start's column"))
        )
    if "name" in data and not (isinstance(data["name"], str) and data["name"].strip()):
        raise ValueError(f"'name' must be a non-empty text, not {data['name']!r}")
    name = "track"
    if "name" in data:
        try:
            name = _name(data["name"])
        except ValueError as e:
            raise InvalidInput(f"{source}: {e}") from None
    meta = data.get("meta")
    if meta is not None:
        check_meta(meta, drawn=False)
    return replace(_assemble(grid, starts, goals, finish, checkpoints, name, meta), **_marks(rows))


def _name(name: str) -> str:
    """A track's name as written: one line of at most MAX_NAME characters, since
    it is printed in the sheets' titles and footers; ValueError says what to change."""
    if any(ord(ch) < 32 or ord(ch) == 127 for ch in name):
        raise ValueError("the name must be one line, without control characters")
    if len(name) > MAX_NAME:
        raise ValueError(
            f"the name has {len(name)} characters: keep it to {MAX_NAME} (it is printed in the "
            "sheets' titles)"
        )
    try:
        check_name(name, "the name")
    except InvalidInput as e:
        raise ValueError(str(e)) from None
    return name


def _too_many_checkpoints(what: str) -> str:
    """`what` ("checkpoint 65", "'checkpoints' lists 2000") and why it is refused."""
    return (
        f"{what}: a lap has at most {MAX_CHECKPOINTS} checkpoints (each one multiplies the work "
        "of solving it); join or remove some"
    )


def _rows_even(rows: list[str]) -> bool:
    return bool(rows) and all(len(r) == len(rows[0]) for r in rows)


def _ragged(rows: list[str], source: str) -> None:
    if not rows:
        raise InvalidInput(f"{source}: 'map' is empty; give the rows of the track")
    bad = next(i for i, r in enumerate(rows) if len(r) != len(rows[0]))
    raise InvalidInput(
        f"{source}: map row {bad} has {len(rows[bad])} characters, row 0 has {len(rows[0])}; "
        "make every row as long"
    )


# --- writing -------------------------------------------------------------------------------


def _written_starts(track: Track) -> tuple[list[Point], list[Point]]:
    """(starts marked S on the map, starts written as 'start:' lines / "starts"). A lap's
    starts are its whole line unless some were chosen; a start on oil keeps its '~'."""
    if track.finish is not None:
        line = [p for p in track.finish.points() if track.inside(*p)]
        return [], ([] if set(track.starts) == set(line) else list(track.starts))
    on_oil = set(track.oil)
    return [p for p in track.starts if p not in on_oil], [p for p in track.starts if p in on_oil]


def _marked_rows(track: Track) -> list[str]:
    rows = [list(row) for row in track.grid]
    for r, c in _written_starts(track)[0]:
        rows[r][c] = "S"
    for r, c in track.goals:
        rows[r][c] = "G"
    for (r, c), ch in getattr(track, "coins", {}).items():
        rows[r][c] = ch
    for r, c in getattr(track, "water", ()):
        rows[r][c] = WATER
    for r, c in getattr(track, "obstacles", ()):
        rows[r][c] = OBSTACLE
    return ["".join(row) for row in rows]


def track_to_dict(track: Track) -> dict[str, Any]:
    """The native JSON form (format graph-racers-track/1)."""
    out: dict[str, Any] = {
        "format": JSON_FORMAT,
        "name": track.name,
        "rows": track.rows,
        "cols": track.cols,
    }
    out["map"] = _marked_rows(track)
    explicit = _written_starts(track)[1]
    if explicit:
        out["starts"] = [list(p) for p in explicit]
    if track.finish is not None:
        out["finish"] = track.finish.to_dict()
        out["checkpoints"] = [cp.to_dict() for cp in track.checkpoints]
    if track.meta:
        out["meta"] = track.meta
    return out


def track_to_json(track: Track) -> str:
    return json.dumps(track_to_dict(track), indent=1) + "\n"


def track_to_text(track: Track) -> str:
    """The native plain-text form, readable by parse_track."""
    out = [TEXT_MAGIC, f"name: {track.name}"]
    if track.finish is not None:
        out.append(f"finish: {track.finish.describe()}")
        out += [f"checkpoint: {cp.describe()}" for cp in track.checkpoints]
    out += [f"start: {r} {c}" for r, c in _written_starts(track)[1]]
    out.append("map:")
    out += _marked_rows(track)
    return "\n".join(out) + "\n"
