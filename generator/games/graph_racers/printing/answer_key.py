"""The answer key: the optimal racing line drawn on the track, its points and accelerations,
and the notes an answer carries (how many optimal lines there are, where the line uses its
boosts), which the worksheets' answer pages print too.
"""

from __future__ import annotations

from generator.errors import InvalidInput
from generator.games.graph_racers.moves.check import moves_text
from generator.games.graph_racers.moves.rules import Rules, boost_kind
from generator.games.graph_racers.printing.faces import face
from generator.games.graph_racers.printing.page import page_with_drawing
from generator.games.graph_racers.printing.printed_rules import sheet_subtitle
from generator.games.graph_racers.solving.solution import Solution
from generator.games.graph_racers.track.model import Track
from generator.render.canvas import Canvas
from generator.render.document import Document
from generator.render.paper import Paper


def lines_note(sol: Solution) -> str:
    if sol.optimal_lines is None:
        return "Other optimal lines may exist (not counted)."
    if sol.lines_capped and sol.optimal_lines == 0:
        return "Other optimal lines may exist (too many states to count them)."
    if sol.lines_capped:
        return f"One of at least {sol.optimal_lines} optimal racing lines: other answers with {sol.moves} moves are right too."
    if sol.optimal_lines == 1:
        return "This optimal racing line is the only one."
    return f"One of {sol.optimal_lines} optimal racing lines: other answers with {sol.moves} moves are right too."


def _pairs(items: list[tuple[int, int]], start: int) -> str:
    # no-break spaces inside a pair: a wrapped line never splits "(0, -1)" from its number
    return "  ".join(f"{i}:\u00a0({a},\u00a0{b})" for i, (a, b) in enumerate(items, start=start))


def answer_key(
    doc: Document, track: Track, rules: Rules, sol: Solution, paper: Paper, pitch: float, mono: bool
) -> None:
    """The optimal racing line with numbered points and the list of accelerations."""
    if sol.moves is None:
        raise InvalidInput(
            f"{track.name}: no route under {rules.short()}, so there is no answer key to print"
        )
    shown = face(track)
    drawing = shown.drawing(track, pitch)
    end = shown.finish_at(track, rules, sol)

    def draw(canvas: Canvas) -> None:
        drawing.draw(canvas, line=sol.path, end=end)

    paragraphs = [
        f"Optimal: {moves_text(sol.moves)} under {rules.short()}. {lines_note(sol)}",
        "Points (row, col): " + _pairs(sol.path[:-1], 0) + f"  {sol.moves}: finish",
        "Accelerations (row, col) of moves 1 to " + f"{sol.moves}: " + _pairs(sol.accelerations, 1),
    ]
    if any(sol.boosts):
        paragraphs.append(
            "Boosts: " + ", ".join(f"move {i + 1} {k}" for i, k in enumerate(sol.boosts) if k)
        )
    page_with_drawing(
        doc,
        paper,
        drawing,
        draw,
        f"{track.name}: answer key",
        sheet_subtitle(track, rules, sol.moves),
        paragraphs,
        "Answer",
        mono,
    )


def boost_notes(accels: list) -> list[str]:
    """Where an answer line uses its boosts: ["brakes at move 1", "turbo at moves 3, 5"]."""
    at: dict[str, list[int]] = {}
    vr = vc = 0
    for i, (ar, ac) in enumerate(accels, start=1):
        for v, a in ((vr, ar), (vc, ac)):
            kind = boost_kind(v, a) if abs(a) >= 2 else None
            if kind:
                at.setdefault(kind, []).append(i)
        vr, vc = vr + ar, vc + ac
    words = {"brake": "good brakes"}
    return [
        f"{words.get(kind, kind)} at move{'s' if len(ms) > 1 else ''} {', '.join(map(str, ms))}"
        for kind, ms in at.items()
    ]
