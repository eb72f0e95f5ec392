"""The rules as the pages print them: the rules box of a track or race sheet, the subtitle
naming the rules and the par, the crash rules above the move log, and the rules at the foot of
a worksheet.

A par means nothing without its rules, so every page prints the rules it was solved under, in
the words of its drawing (faces.py) and with the switches the table agreed (race.table_rules).
Words only: the pages lay them out.
"""

from __future__ import annotations

from generator.games.graph_racers.moves.check import moves_text
from generator.games.graph_racers.moves.rules import Rules
from generator.games.graph_racers.printing.faces import TrackFace, face
from generator.games.graph_racers.printing.page import GAME
from generator.games.graph_racers.race.cars import MAX_DAMAGE
from generator.games.graph_racers.race.goodies import legend
from generator.games.graph_racers.race.swedish import obstacle_legend
from generator.games.graph_racers.race.table_rules import TableRules
from generator.games.graph_racers.track.model import Track


def rule_text(track: Track, rules: Rules, par: int | None) -> list[str]:
    """The rules box of a track or race sheet: every rule, the move rule in the words of the
    drawing, how to race, the par."""
    shown = face(track)
    lines = [f"Rules: {rules.short()}."] + rules.lines(oil=bool(track.oil), collision=False)
    lines += legend(track)  # coins and water (races only)
    lines += obstacle_legend(track)  # the Swedish jumps' obstacles
    lines.append(shown.move_rule(rules))
    lines.append(shown.how_to_race(track, rules))
    if par is not None:
        lines.append(f"Par: {moves_text(par)} under these rules.")
    return lines


def sheet_subtitle(track: Track, rules: Rules, par: int | None) -> str:
    parts = [GAME, f"{track.cols} x {track.rows} points"]
    if par is not None:
        parts.append(f"par {moves_text(par)}")
    parts.append(rules.short())
    ident = track.meta.get("id")
    if ident:
        parts.append(str(ident))
    return " · ".join(parts)


def crash_text(rules: Rules, wall: str = "a grey square", table: TableRules | None = None) -> str:
    """The seed's damage rules, for play at the table (the solver and the par never crash),
    with what a crash is under the collision rule in force (`wall`: what the drawing shows as
    the track's limit, TrackFace.wall) and the table's switches (no contact, designed cars'
    own damage points, the Swedish leaving of the track)."""
    table = table or TableRules()
    crash = (
        "a move that lands off the track crashes"
        if rules.collision == "endpoint"
        else f"a move whose line touches {wall} crashes"
    )
    if table.swedish.circle:
        crash += (
            " (off-track circle: one that lands off the track inside the grid leaves it "
            "instead, no damage; come back behind the point you left)"
        )
    if not table.contact:
        return (
            f"Crashes: {crash}. No contact: no damage; put the car on the track point nearest "
            "the crash and go on at speed 1 next turn. Cars ignore each other."
        )
    limit = (
        "more damage than your car's damage points (none: the first hit) and you are out"
        if table.designs is not None
        else f"more than {MAX_DAMAGE} damage points and you are out"
    )
    return (
        f"Crashes: {crash}. Take one damage point for each square of speed, put the car on the "
        f"track point nearest the crash and go on at speed 1 next turn; {limit}. Never drive "
        "into another car on purpose; when it cannot be avoided, both cars take one damage "
        "point for each square they were apart last turn, stop, and move off at speed 1 next "
        "turn."
    )


def worksheet_rules(shown: TrackFace, rules: Rules, race: str, oil: bool = False) -> str:
    """The rules at the foot of every worksheet page: how to race (`race`), the move rule in
    the words of the drawing, every other rule. The command words it before the tracks exist
    (it sets how much room the puzzles have), the document from its tracks: the same text."""
    words = [shown.move_rule(rules), *rules.lines(oil=oil, collision=False)]
    return f"Rules: {rules.short()}. {race} " + " ".join(words)
