"""The rules page of a Trading Paint worksheet: a box (10 pt) with exactly the rules its
puzzles use, read from each puzzle's answer (its ending, its tags, the squares its dice lie
on), the team legend when a team-mate is drafted, and for stop puzzles how the values are
counted. Every rule at 10 pt takes about 90 mm of a page, more than two puzzles at 17 mm
squares leave free, so the box has a page of its own, before the puzzles.

Below the box, for lay and fewest sheets, worked examples where words fail: a bump and a
draft (those the sheet's puzzles use; a plain path when they use neither), each a real easy
puzzle (fixed seeds, EXAMPLES) drawn as its answer page draws it, with the
answer in words beneath, at the largest squares (13 mm down to 8) that fit side by side.
"""

from __future__ import annotations

from functools import cache

from generator.games.trading_paint.printing.puzzle_art import Window, draw_answer, draw_window
from generator.games.trading_paint.puzzles.puzzle import Puzzle
from generator.render import layout
from generator.render.canvas import BLACK, Canvas, Style
from generator.render.clip import Box
from generator.render.document import Document
from generator.render.paper import Paper

BOX_PT = layout.RULES_BODY  # 10 pt
BOX_LINE = 4.2  # mm between lines
HEAD_W = 19.0  # mm: the rule's name, in bold, left of its words
PAD = 1.8  # mm inside the box
BOX = Style(stroke=BLACK, width=0.3, fill="#f4f4f4")

RULES = {
    "path": (
        "Path",
        "Lay the dice in the order rolled: the first on the square in front of the car, each "
        "next one beyond an open side of the one before, turned any way. Forward or to the "
        "side, never back; a die never lies on a car. The 2 is open on every side, either "
        "way up.",
    ),
    "turn": (
        "Turns",
        "In a turn (dotted squares) both ways round the corner count as forward, and a path "
        "may go only forward there: the first die may lie on either square ahead, and a "
        "path changes lanes only inward before the corner, outward after it.",
    ),
    "stop": ("Stop", "The car drives on to the square beyond an open side of the last die."),
    "bump": (
        "Bump",
        "Only from behind: a path that runs into the back of a car bumps it back one square, "
        "onto the last die, and your car takes its square (cars bumper to bumper along the "
        "lane, round its corner too, all go back; yours goes to the front). On a straight a "
        "car's side cannot be bumped.",
    ),
    "side": (
        "Side bump",
        "In a turn a path moving left (towards the pit) may bump a car from its side.",
    ),
    "wall": (
        "Wall",
        "A die that leaves no way on but off the track puts the car on the wall or in the pit "
        "and ends its turn; a car bumped in the outside lane goes into the wall beside it.",
    ),
    "pit": (
        "Re-entry",
        "A car on the wall or in the pit re-enters on the square beside it (the side it left "
        "at a corner); the path starts there. If an opponent's car stands there, the first "
        "die goes one square back and may lead backward too, but that path never bumps the "
        "blocker.",
    ),
    "draft": (
        "Draft",
        "A path that reaches the free square right behind a team-mate jumps the car to the "
        "head of that line of cars (in a turn, you pick the square).",
    ),
    "write": (
        "Write",
        "each die as FACE@COLUMN,ROW/TURN, e.g. 4@21,14/90: a 4 on square 21,14, turned 90 "
        "degrees anticlockwise from upright; then stop, bump SQUARE (the car bumped) or draft "
        "SQUARE (the team-mate).",
    ),
    "finish": ("Finish", "A path that crosses the checkered finish line finishes the car."),
    "roll": (
        "Stop or roll",
        "Stop: the car drives to the square beyond an open side of the last die. Roll: one "
        "more die, laid as the rules say; a 5 (X) loses the whole path, the car stays put.",
    ),
    "count": (
        "Counting",
        "A choice is worth the squares the car moves forward, averaged over the six faces a "
        "roll can show. Count 1 for each square along a straight, in any lane; a whole turn "
        "counts 6 in every lane (small numbers: squares ahead of the car).",
    ),
}
ORDER = tuple(RULES)


def puzzle_rules(p: Puzzle) -> set[str]:
    """The rules a puzzle's answer uses (keys of RULES)."""
    b = p.state.board
    if p.kind == "stop":
        used = {"roll", "count"}
        plays = " ".join(f.get("play", "") for f in p.solution.get("faces", []))
        used |= {k for k in ("bump", "draft") if k in plays}
        if any(b.turn[c] for c, _, _ in p.state.path):
            used.add("turn")
        return used
    used = {"path", "write"}
    tags = set(p.tags)
    ending = p.solution.get("ending") or {}
    kind = ending.get("kind", "")
    if kind in ("stop", "bump", "draft"):
        used.add(kind)
    if ending.get("finishes") or "finish" in tags or (p.goal and p.goal.kind == "finish"):
        used.add("finish")
    squares = [b.cell(*d["square"]) for d in p.solution.get("dice", [])]
    if any(b.turn[c] for c in squares):
        used.add("turn")
    if "side bump in a turn" in tags:
        used.add("side")
    if "wall" in tags:
        used.add("wall")
    if "pit re-entry" in tags:
        used.add("pit")
    if "draft" in tags:
        used.add("draft")
    if "bump" in kind or "chained bump" in tags:
        used.add("bump")
    return used


def team_legend(puzzles: list[Puzzle], first: int) -> str:
    """Which cars are team-mates, puzzle by puzzle."""
    parts = []
    for k, p in enumerate(puzzles, first):
        s = p.state
        teams: dict[int, list[int]] = {}
        for car, team in enumerate(s.team):
            if s.pos[car] != -2:
                teams.setdefault(team, []).append(car + 1)
        mates = ["&".join(map(str, cars)) for cars in teams.values() if len(cars) > 1]
        if mates:
            parts.append(f"puzzle {k}: cars " + ", ".join(mates))
    return (
        "Team-mates share a colour and the symbol in the corner; " + "; ".join(parts) + "."
        if parts
        else ""
    )


def sheet_sections(puzzles: list[Puzzle], first: int) -> list[tuple[str, str]]:
    """(name, words) of every rule the page's puzzles use, in a fixed order."""
    used: set[str] = set()
    for p in puzzles:
        used |= puzzle_rules(p)
    sections = [RULES[k] for k in ORDER if k in used]
    if "draft" in used:
        legend = team_legend(puzzles, first)
        if legend:
            sections.append(("Teams", legend))
    return sections


def sections_height(sections: list[tuple[str, str]], width: float) -> float:
    lines = sum(len(layout.wrap(w, BOX_PT, width - 2 * PAD - HEAD_W)) for _, w in sections)
    return 2 * PAD + lines * BOX_LINE + 0.8


def draw_rules_box(canvas: Canvas, box: Box, sections: list[tuple[str, str]]) -> float:
    """The rules box at the top of `box` (its width); returns its height."""
    h = sections_height(sections, box.w)
    with canvas.group(layout.unique_id(canvas, "rules-box")):
        canvas.rect(box.x, box.y, box.w, h, BOX)
        y = box.y + PAD + BOX_LINE - 1.0
        for name, words in sections:
            canvas.text(box.x + PAD, y, name, BOX_PT, bold=True)
            for ln in layout.wrap(words, BOX_PT, box.w - 2 * PAD - HEAD_W):
                canvas.text(box.x + PAD + HEAD_W, y, ln, BOX_PT)
                y += BOX_LINE
    return h


# The worked examples: the seed of the easy lay puzzle (goal = the key, window at most 7 x 5
# squares) each is; the seeds picked for short paths (2-3 dice) in a small window.
EXAMPLES = {"bump": 2, "draft": 3, "square": 1}
EXAMPLE_SQ = (13.0, 12.0, 11.0, 10.0, 9.0, 8.0)  # mm: the largest whose examples fit across
EXAMPLE_GAP = 8.0  # mm between two examples


@cache
def example(goal: str) -> Puzzle:
    """The worked example of a goal (a real puzzle: the engine made and solved it)."""
    from generator.games.trading_paint.puzzles.generate import Request, generate

    req = Request("lay", goal, "easy", count=1, seed=EXAMPLES[goal], window=(7, 5))
    return generate(req)[0]


def example_words(goal: str, p: Puzzle) -> str:
    """The example's answer in words, from its solution."""
    b = p.state.board
    me = p.state.car + 1
    faces = " then ".join(str(f) for f in p.faces)
    e = p.solution["ending"]
    head = f"Car {me} rolls {faces} and lays them along the orange route."
    if goal == "bump":
        hit = " and ".join(f"car {c['car']}" for c in e["bumped"])
        return (
            f"Bump. {head} The path runs into the back of {hit}: it goes back one square, onto "
            f"the last die, and car {me} takes its square, {e['square'][0]},{e['square'][1]}."
        )
    if goal == "draft":
        mate = p.state.occupant(b.cell(*e["via"])) + 1
        return (
            f"Draft. {head} The path reaches the free square right behind team-mate car "
            f"{mate} (same colour and symbol), so car {me} jumps to the head of that line, "
            f"{e['square'][0]},{e['square'][1]}."
        )
    return (
        f"A path. {head} Each die lies beyond an open side of the one before; the car "
        f"drives on to {e['square'][0]},{e['square'][1]}, beyond the last die's open side."
    )


def example_goals(puzzles: list[Puzzle]) -> list[str]:
    """The examples a sheet shows: none for stop puzzles; else a bump and a draft where its
    puzzles use them, a plain path where they use neither."""
    if all(p.kind == "stop" for p in puzzles):
        return []
    used: set[str] = set()
    for p in puzzles:
        used |= puzzle_rules(p)
    return [g for g in ("bump", "draft") if g in used] or ["square"]


def draw_examples(canvas: Canvas, box: Box, goals: list[str]) -> float:
    """The worked examples side by side from the top of `box`; returns the height used."""
    canvas.text(box.x, box.y + 4.0, "Worked examples", BOX_PT, bold=True)
    note = "(the dashed squares: where the cars stood; the answer pages draw every answer so)"
    canvas.text(
        box.x + layout.text_width("Worked examples", BOX_PT, True) + 2.0, box.y + 4.0, note, 8.0
    )
    puzzles = [example(g) for g in goals]

    def windows(sq: float) -> list[Window]:
        return [Window(p.state.board, *p.window, sq) for p in puzzles]

    gaps = EXAMPLE_GAP * (len(goals) - 1)
    sq = next(
        (q for q in EXAMPLE_SQ if sum(w.width for w in windows(q)) + gaps <= box.w),
        EXAMPLE_SQ[-1],
    )
    x, top, tallest = box.x, box.y + 7.0, 0.0
    for goal, p, win in zip(goals, puzzles, windows(sq), strict=True):
        with canvas.group(f"example-{goal}"):
            draw_window(canvas, win, x, top)
            draw_answer(canvas, win, p, x, top)
            y = top + win.height + 4.5
            for ln in layout.wrap(example_words(goal, p), 9.0, win.width):
                canvas.text(x, y, ln, 9.0)
                y += 3.9
        tallest = max(tallest, y - box.y)
        x += win.width + EXAMPLE_GAP
    return tallest


def rules_page(
    doc: Document, paper: Paper, mono: bool, puzzles: list[Puzzle], title: str
) -> list[tuple[str, str]]:
    """The worksheet's first page: the rules its puzzles use, in one box; returns the
    sections printed."""
    canvas, box = layout.page(doc, paper, mono=mono)
    canvas.text(box.x, box.y + 5.5, f"{title} · the rules these puzzles use", 13.0, bold=True)
    y = box.y + 12.5
    for ln in layout.wrap(
        "Keep this page beside the puzzles. Only these rules are needed; the game's rules "
        "summary has the whole game.",
        BOX_PT,
        box.w,
    ):
        canvas.text(box.x, y, ln, BOX_PT)
        y += BOX_LINE
    sections = sheet_sections(puzzles, 1)
    h = draw_rules_box(canvas, Box(box.x, y + 1.0, box.w, box.h), sections)
    goals = example_goals(puzzles)
    if goals:
        draw_examples(canvas, Box(box.x, y + h + 8.0, box.w, box.bottom - y - h - 8.0), goals)
    return sections
