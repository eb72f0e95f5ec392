"""Which choices a printable's form offers, given its other fields: a choice the form offers
works, or the form does not offer it (its option is shown disabled).

Each rule is the one the generator refuses by, asked before any work: a drawn circuit's least
size (generating/drawn.py size_problem) or a cells track's room across
(generate.make_track's checks) against the worksheet slot the other fields make
(classroom.sheet_plan), and Trading Paint's stop puzzles, which have no goal
(worksheet.worksheet_stem), and its hard drafts, found in no window smaller than a page's
(measured: TP_NEVER). A later field is restricted by the earlier ones (puzzles a page by
the kind, difficulty, grid and paper turn; the goal by the kind; a Trading Paint
worksheet's puzzles a page by its kind, goal and difficulty), so no choice locks another."""

from __future__ import annotations

from typing import Any

from generator.printing import PrintSpec

# (kind, goal, difficulty) -> puzzles a page whose window the generator finds no puzzle in:
# measured with `racegen trading-paint worksheet --kind lay --goal draft --difficulty hard
# --count 1`: at 2 a page "0 of 1 hard lay puzzles found in 20,000 scenes" after 42 s; at
# --per-page 1 (a larger window) its puzzle in 1.7 s
TP_NEVER = {("lay", "draft", "hard"): ("2",)}
GR_PER_PAGE = (1, 2, 3, 4, 6)
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
            goal = "any"
        out["per_page"] = list(TP_NEVER.get((kind, goal, values.get("difficulty")), ()))
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
    from generator.games.graph_racers.printing.classroom import _worksheet_job

    drawn = (values.get("kind") or "drawn") == "drawn"
    try:
        job = _worksheet_job(spec, {**values, "per_page": per_page})
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
        return None
    except InvalidInput as e:
        return str(e).split(";")[0]
    return None


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
                f"{label}: {values.get('difficulty')} {values.get('kind')} puzzles with goal "
                f"{values.get('goal')} are not found in the window of {picked} puzzles a "
                "page: choose 1 puzzle a page, or another difficulty or goal"
            )
    return None
