"""The drawn-circuit file format, `graph-racers-drawn/1` (JSON), documented in
docs/rules/graph-racers.md ("Drawn circuits: the file").

    {"format": "graph-racers-drawn/1", "name": "...", "size": [COLS, ROWS], "scale": 64,
     "edges": [[[ROW, COL], ...], [[ROW, COL], ...]],
     "finish": {"col": C, "rows": [LO, HI], "direction": "right"},
     "checkpoints": [{"row": R, "cols": [LO, HI], "direction": "down"}, ...],
     "kerbs": [{"edge": 0, "from": I, "to": J}, ...],
     "meta": {...}}

Edge points and gate ends are whole numbers in 1/scale of a square (scale 64 only, so every
file means the same drawing); points are (row, column) as everywhere in Graph Racers. The
edges, gates and size are the track; kerbs say where a printer draws kerb blocks (scenery);
`meta` is what the generator knows (par, line, features, grade, the centre line and widths it
drew from) and is never read to judge a move.
"""

from __future__ import annotations

import json
from typing import Any

from generator.core.jsontext import is_whole
from generator.core.names import check_name
from generator.errors import InvalidInput
from generator.games.graph_racers.track.drawn import MAX_EDGE_POINTS, SCALE, DrawnTrack, Gate
from generator.games.graph_racers.track.meta_check import check_meta, kind

FORMAT = "graph-racers-drawn/1"
MAX_SIDE = 400  # points per side: a drawn circuit is printed, and 400 is 2 m at 5 mm

_DIRECTIONS = {"right": 1, "left": -1, "down": 1, "up": -1}


def is_drawn(data: Any) -> bool:
    return isinstance(data, dict) and str(data.get("format", "")).startswith("graph-racers-drawn/")


def track_to_dict(t: DrawnTrack) -> dict[str, Any]:
    out: dict[str, Any] = {
        "format": FORMAT,
        "name": t.name,
        "size": [t.cols, t.rows],
        "scale": SCALE,
        "edges": [[list(p) for p in e] for e in t.edges],
        "finish": t.finish.to_dict(),
        "checkpoints": [g.to_dict() for g in t.checkpoints],
    }
    kerbs = t.meta.get("kerbs")
    if kerbs:
        out["kerbs"] = kerbs
    meta = {k: v for k, v in t.meta.items() if k != "kerbs"}
    if meta:
        out["meta"] = meta
    return out


def track_to_json(t: DrawnTrack) -> str:
    return json.dumps(track_to_dict(t), indent=2) + "\n"


def _whole(v: Any, what: str, source: str, lo: int, hi: int) -> int:
    if not is_whole(v) or not lo <= v <= hi:
        raise InvalidInput(f"{source}: {what} must be a whole number from {lo} to {hi}")
    return int(v)


def _gate(g: Any, what: str, source: str, rows: int, cols: int) -> Gate:
    if not isinstance(g, dict):
        raise InvalidInput(f"{source}: {what} must be an object with col/rows or row/cols")
    word = g.get("direction")
    if not isinstance(word, str) or word not in _DIRECTIONS:
        raise InvalidInput(f"{source}: {what} direction must be right, left, down or up")
    if "col" in g:
        orientation, at, span, along, ok = (
            "vertical",
            g["col"],
            g.get("rows"),
            rows,
            ("right", "left"),
        )
        at = _whole(at, f"{what} col", source, 0, cols - 1)
    elif "row" in g:
        orientation, at, span, along, ok = (
            "horizontal",
            g["row"],
            g.get("cols"),
            cols,
            ("down", "up"),
        )
        at = _whole(at, f"{what} row", source, 0, rows - 1)
    else:
        raise InvalidInput(f"{source}: {what} needs 'col' and 'rows', or 'row' and 'cols'")
    if word not in ok:
        raise InvalidInput(
            f"{source}: {what} runs along a {'column' if orientation == 'vertical' else 'row'}, "
            f"so it is crossed {' or '.join(ok)}, not {word}"
        )
    if not isinstance(span, list) or len(span) != 2:
        raise InvalidInput(f"{source}: {what} needs its two ends, [LO, HI] in 1/{SCALE} squares")
    lo = _whole(span[0], f"{what} end", source, 0, (along - 1) * SCALE)
    hi = _whole(span[1], f"{what} end", source, 0, (along - 1) * SCALE)
    if lo >= hi:
        raise InvalidInput(f"{source}: {what} ends must be given low first")
    return Gate(orientation, at, lo, hi, _DIRECTIONS[word])


def track_from_dict(data: dict[str, Any], source: str = "track") -> DrawnTrack:
    """A drawn track from its JSON object, checked: every error names the field."""
    if not isinstance(data, dict):
        raise InvalidInput(f"{source}: a drawn circuit is a JSON object, not {kind(data)}")
    if data.get("format") != FORMAT:
        raise InvalidInput(
            f"{source}: format {data.get('format')!r} is not {FORMAT!r}; "
            "this racegen reads drawn circuits of version 1"
        )
    if not is_whole(data.get("scale")) or data.get("scale") != SCALE:
        raise InvalidInput(f"{source}: scale must be {SCALE}")
    size = data.get("size")
    if not isinstance(size, list) or len(size) != 2:
        raise InvalidInput(f"{source}: size must be [COLS, ROWS]")
    cols = _whole(size[0], "size COLS", source, 4, MAX_SIDE)
    rows = _whole(size[1], "size ROWS", source, 4, MAX_SIDE)
    edges = data.get("edges")
    if not isinstance(edges, list) or len(edges) != 2:
        raise InvalidInput(f"{source}: edges must be a list of the two edge lines")
    fine = []
    for k, edge in enumerate(edges):
        if not isinstance(edge, list) or not 3 <= len(edge) <= MAX_EDGE_POINTS:
            raise InvalidInput(
                f"{source}: edge {k + 1} must list 3 to {MAX_EDGE_POINTS:,} points [ROW, COL]"
            )
        pts = []
        for i, p in enumerate(edge):
            if not (isinstance(p, list) and len(p) == 2 and all(is_whole(v) for v in p)):
                raise InvalidInput(
                    f"{source}: edge {k + 1} point {i + 1} must be [ROW, COL], whole numbers"
                )
            pts.append((int(p[0]), int(p[1])))
        fine.append(tuple(pts))
    name = data.get("name", "drawn circuit")
    if not isinstance(name, str) or not name.strip() or len(name) > 60:
        raise InvalidInput(f"{source}: name must be one line of 1 to 60 characters")
    check_name(name.strip(), f"{source}: name")
    if not name.isprintable():
        raise InvalidInput(f"{source}: name must be one line of 1 to 60 characters")
    checkpoints = data.get("checkpoints")
    if not isinstance(checkpoints, list) or not 1 <= len(checkpoints) <= 64:
        raise InvalidInput(f"{source}: checkpoints must list 1 to 64 gates")
    gates = tuple(
        _gate(g, f"checkpoint {i + 1}", source, rows, cols) for i, g in enumerate(checkpoints)
    )
    finish = _gate(data.get("finish"), "finish", source, rows, cols)
    try:
        meta = dict(check_meta(data.get("meta", {}), drawn=True))
    except ValueError as e:
        raise InvalidInput(f"{source}: {e}") from None
    kerbs = data.get("kerbs")
    if kerbs:
        meta["kerbs"] = _kerbs(kerbs, fine, source)
    track = DrawnTrack(name.strip(), rows, cols, (fine[0], fine[1]), finish, gates, meta)
    return track.validate(source)


def _kerbs(kerbs: Any, edges: list, source: str) -> list[dict[str, int]]:
    if not isinstance(kerbs, list):
        raise InvalidInput(f"{source}: kerbs must be a list")
    out = []
    for i, k in enumerate(kerbs):
        ok = isinstance(k, dict) and is_whole(k.get("edge")) and k["edge"] in (0, 1)
        if ok:
            n = len(edges[k["edge"]])
            ok = all(is_whole(k.get(f)) and 0 <= k[f] < n for f in ("from", "to"))
        if not ok:
            raise InvalidInput(
                f'{source}: kerb {i + 1} must be {{"edge": 0 or 1, "from": I, "to": J}} '
                "with point numbers of that edge"
            )
        out.append({"edge": k["edge"], "from": int(k["from"]), "to": int(k["to"])})
    return out
