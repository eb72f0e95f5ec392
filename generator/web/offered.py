"""Which choices a printable's form offers, given its other fields: a choice the form offers
works, or the form does not offer it (its option is shown disabled).

The rules are the generators' own, asked before any work: a drawn circuit's least size
(generating/drawn.py size_problem) and a cells track's room across (generate.make_track's
checks) against the worksheet slot the other fields make (classroom.sheet_plan); a Trading
Paint stop puzzle has no goal (worksheet.worksheet_stem). Where no check exists, what was
measured not to be made, or not quickly: a hard cells track on a small slot (CELLS_HARD_SIDE),
Trading Paint's stop puzzles and its hard or medium puzzles in the small window of 2 a page
(TP_NOT_OFFERED). A later field is restricted by the earlier ones (puzzles
a page by the kind, difficulty, grid and paper turn; the goal by the kind; a Trading Paint
worksheet's puzzles a page by its kind, goal and difficulty), so no choice locks another."""

from __future__ import annotations

from typing import Any

from generator.printing import PrintSpec

# (kind, difficulty, goal or None for every goal) -> the puzzles a page whose window yields no
# worksheet quickly. Measured with `time racegen trading-paint worksheet --kind K --difficulty D
# [--goal G] [--per-page 1]` (seed 1, 6 puzzles, this machine, shared with other work). At 2 a
# page, "N of 6 puzzles found in 20,000 scenes": lay hard, every goal (0-2 of 6, 42 s to
# 2 min 25 s); lay medium with goal draft (1 of 6, 27 s), any (4, 62 s), finish (3, 35 s),
# square (4, 60 s); fewest medium with goal draft (0, 19 s) and bump (4, 19 s); fewest easy
# draft (2, 21 s). Made at 2 a page but not offered, one rule a kind and difficulty: lay medium
# bump (21 s), fewest medium any (14.2 s), fewest hard (1 min 54 s). Made at 2 a page: lay easy
# with every goal (2.3 to 5.3 s), fewest easy any (3.8 s), finish (1.9 s), bump (2.6 s) and
# square (1.7 s). At 1 a page (a larger window) every one tried was made, in 1.4 to 17.8 s: lay
# hard draft 14.4, bump 6.3, finish 17.8, square 4.7, any 3.2; lay medium draft 4.6, finish 2.6,
# square 1.8, any 3.6; fewest hard any 3.8, bump 4.8, square 3.5, finish 10.3, draft 7.6; fewest
# medium draft 2.9, square 3.8, finish 4.8, bump 3.9; fewest easy draft 1.4.
# Stop puzzles, 2 a page: the window is 7 x 5 squares, and a stop moment's car, path and the
# cars near it, with the squares round them, rarely fit: "2 of 60 easy (0 medium, 0 hard) stop
# puzzles found in 20,000 scenes" (`racegen trading-paint worksheet --kind stop --difficulty D
# --count 60 --seed 1`, 5.5 to 6.9 s); at 1 a page (7 x 12) 13 easy, 38 medium and 12 hard of 60
# were found, and 6 were made for seeds 1, 2 and 3 at each difficulty in 2.5 to 27.6 s
# (`time racegen trading-paint worksheet --kind stop --difficulty D --count 6 --per-page 1
# --seed S`, after make_stop looked at the window first).
TP_NOT_OFFERED = {
    ("stop", "easy", None): ("2",),
    ("stop", "medium", None): ("2",),
    ("stop", "hard", None): ("2",),
    ("lay", "medium", None): ("2",),
    ("lay", "hard", None): ("2",),
    ("fewest", "medium", None): ("2",),
    ("fewest", "hard", None): ("2",),
    ("fewest", "easy", "draft"): ("2",),
}
GR_PER_PAGE = (1, 2, 3, 4, 6)
# a hard cells track needs corners a small side has no room for: measured with `racegen
# graph-racers worksheet --kind cells --difficulty hard --count 1 --per-page K --seed N`,
# made at 24x23 (2 a page), not at 15x23 (3 a page, seeds 1 and 2: "corners at most 4 on
# this size, hard needs at least 6") nor 17x15 (4 a page, seeds 1 and 2); sides of 16 to 22
# (other grids) are not measured, and left to the generator
CELLS_HARD_SIDE = 15
TP_GOALS = ("bump", "draft", "finish", "square", "any")


def unoffered(game: str, name: str, values: dict[str, Any], spec: PrintSpec) -> dict[str, list]:
    """dest -> the choices (as the form writes them) not offered with the other fields'
    `values` (converted, as the builder takes them) and the paper `spec`."""
    if game == "graph-racers" and name == "worksheet":
        return {"per_page": [str(k) for k in GR_PER_PAGE if gr_slot_problem(values, spec, k)]}
    if game == "trading-paint" and name == "worksheet":
        out: dict[str, list] = {}
        kind, goal = values.get("kind") or "lay", values.get("goal") or "any"
        if kind == "stop":
            out["goal"] = [g for g in TP_GOALS if g != "any"]
        difficulty = values.get("difficulty") or "easy"
        goal = "any" if kind == "stop" else goal
        off = TP_NOT_OFFERED.get((kind, difficulty, None), ())
        out["per_page"] = sorted(set(off) | set(TP_NOT_OFFERED.get((kind, difficulty, goal), ())))
        return out
    return {}


def gr_slot_problem(values: dict[str, Any], spec: PrintSpec, per_page: int) -> str | None:
    """Why a Graph Racers worksheet of `per_page` puzzles a page makes no track with these
    values, in the generator's own words, or None when its slot has room. The generator's
    checks before its first attempt: a drawn circuit's least size (drawn.size_problem); a
    cells track's room across for its widths (generate.make_track, asked for no attempt)."""
    from dataclasses import replace

    from generator.errors import InvalidInput, RacegenError
    from generator.games.graph_racers.generating.asked import drawn_width, parse_range
    from generator.games.graph_racers.generating.drawn import size_problem
    from generator.games.graph_racers.generating.generate import (
        NotFound,
        Request,
        make_track,
        presets,
    )
    from generator.games.graph_racers.printing.classroom import worksheet_job

    drawn = (values.get("kind") or "drawn") == "drawn"
    try:
        job = worksheet_job(spec, {**values, "per_page": per_page})
        if drawn:
            width = drawn_width(job.width_text)
        elif job.width_text is not None:
            width = parse_range(job.width_text)
        else:
            width = tuple(presets()["worksheet"]["width"])  # as classroom.sheet_tracks
        plan = job.plan
        req = Request(
            plan.rows, plan.cols, width, job.difficulty, job.seed, job.rules, job.checkpoints
        )
    except (RacegenError, ValueError, TypeError):  # another field's bad value: the build says so
        return None
    if drawn:
        return size_problem(req)
    try:
        make_track(replace(req, max_attempts=0), 0)  # its checks, then no attempt
    except NotFound:
        pass
    except InvalidInput as e:
        return str(e).split(";")[0]
    side = min(plan.cols, plan.rows)
    if job.difficulty == "hard" and side <= CELLS_HARD_SIDE:
        return (
            f"no hard cells track is made on {plan.cols}x{plan.rows} points: too few corners "
            "fit on this size"
        )
    return None


# why a field's choices are not offered, shown under the field (printables._field, print.js)
WHY = {
    ("graph-racers", "worksheet", "per_page"): "their slots are too small for these tracks",
    ("trading-paint", "worksheet", "goal"): "a stop puzzle has no goal",
    ("trading-paint", "worksheet", "per_page"): "these puzzles are not found quickly in its "
    "smaller window",
}


def why_not(game: str, name: str, dest: str, off: list | tuple) -> str:
    """The line under a field naming the choices not offered and why ('' for none)."""
    if not off:
        return ""
    return f"Not offered: {', '.join(map(str, off))} ({WHY.get((game, name, dest), 'not made')})."


def problem_with(game: str, name: str, values: dict[str, Any], spec: PrintSpec) -> str | None:
    """The page's words when `values` hold a choice the form does not offer and the
    generator would not refuse at once in words that fit the page, or None (the build's own
    error then says it: a Graph Racers slot too small)."""
    for dest, values_not in unoffered(game, name, values, spec).items():
        picked = values.get(dest)
        if picked is not None and str(picked) in values_not:
            label = dest.replace("_", "-")
            if game == "graph-racers":
                return None  # the generator refuses it at once, in its own words
            if dest == "goal":
                return "goal: a stop puzzle has no goal (stop or roll?): choose goal any"
            return (
                f"{label}: {values.get('difficulty')} {values.get('kind')} puzzles are not "
                f"found quickly in the window of {picked} puzzles a page: choose 1 puzzle a "
                "page, or another difficulty or goal"
            )
    return None
