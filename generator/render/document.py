"""A printable document: titled pages that every backend renders the same way."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from generator.render.canvas import Canvas
from generator.render.paper import Paper


@dataclass
class Document:
    """What a printing command produces.

    stem: the output file name without extension (e.g. "graph-paper-5mm").
    title: printed in the footer and stored as PDF metadata.
    game: the game's name for the footer ("Graph Racers"), or "" for generic sheets.
    ident: seed or id shown in the footer ("seed 7", "graph-racers:40x25#7").
    duplex: pages alternate fronts and backs, printed two-sided flipped on the long edge.
    picture: (width, height, draw) of the whole drawing a tiled or poster page was made from
        (the kit's cover shows the board from it), or None.
    """

    stem: str
    title: str
    game: str = ""
    ident: str = ""
    pages: list[Canvas] = field(default_factory=list)
    duplex: bool = False
    picture: tuple[float, float, Callable[[Canvas], None]] | None = None

    def new_page(self, paper: Paper, mono: bool = False) -> Canvas:
        page = Canvas(paper.width, paper.height, id=f"p{len(self.pages) + 1}", mono=mono)
        self.pages.append(page)
        return page


ANSWERS = ("after", "separate", "none")  # where a worksheet's answer pages go (--answers)


def answer_document(doc: Document, answers: str) -> Document | None:
    """Where a worksheet's answer pages go: after its puzzles in `doc` ("after"), in a second
    document named `<stem>-answers` ("separate"), or nowhere ("none")."""
    if answers not in ANSWERS:
        raise ValueError(f"answers {answers!r}: use after, separate or none")
    if answers == "none":
        return None
    if answers == "after":
        return doc
    return Document(
        stem=f"{doc.stem}-answers",
        title=f"{doc.title}: answers",
        game=doc.game,
        ident=doc.ident,
        duplex=doc.duplex,
    )
