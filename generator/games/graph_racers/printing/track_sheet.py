"""The sheets of one track: the track sheet (the track, a box with its rules and par) and
sheet_document, which puts a track's track sheet, race sheet (race_sheet.py) and answer key
(answer_key.py) into one document, in the order asked.
"""

from __future__ import annotations

from generator.games.graph_racers.moves.rules import Rules
from generator.games.graph_racers.printing.answer_key import answer_key
from generator.games.graph_racers.printing.faces import face
from generator.games.graph_racers.printing.page import GAME, page_with_drawing
from generator.games.graph_racers.printing.printed_rules import rule_text, sheet_subtitle
from generator.games.graph_racers.printing.race_sheet import race_sheet
from generator.games.graph_racers.race.table_rules import TableRules
from generator.games.graph_racers.solving.solution import Solution
from generator.games.graph_racers.track.model import Track
from generator.render.document import Document
from generator.render.paper import Paper


def track_sheet(
    doc: Document,
    track: Track,
    rules: Rules,
    par: int | None,
    paper: Paper,
    pitch: float,
    mono: bool,
) -> None:
    """The track with its start/finish, checkpoints and oil, and a box with rules and par."""
    drawing = face(track).drawing(track, pitch)
    page_with_drawing(
        doc,
        paper,
        drawing,
        drawing.draw,
        track.name,
        sheet_subtitle(track, rules, par),
        rule_text(track, rules, par),
        "How to race",
        mono,
    )


def sheet_document(
    track: Track,
    rules: Rules,
    sol: Solution | None,
    *,
    kinds: tuple[str, ...],
    players: int,
    paper: Paper,
    pitch: float,
    mono: bool,
    stem: str,
    table: TableRules | None = None,
) -> Document:
    par = sol.moves if sol is not None else None
    doc = Document(
        stem=stem, title=f"{track.name}", game=GAME, ident=str(track.meta.get("id", rules.short()))
    )
    for kind in kinds:
        if kind == "track":
            track_sheet(doc, track, rules, par, paper, pitch, mono)
        elif kind == "race":
            race_sheet(doc, track, rules, par, players, paper, pitch, mono, table)
        elif kind == "answer":
            assert sol is not None
            answer_key(doc, track, rules, sol, paper, pitch, mono)
    return doc
