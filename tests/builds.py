"""Printables built once a test session and shared by the test files that read them
(importable as `builds`, like pdfcheck: pytest puts this folder on sys.path).

Some documents take seconds to build (the Triactor tiles to cut out are drawn, clipped, for
each way of turning the sheets: over a second a build), and the print checks of several
files read the same ones: test_type_sizes, render/test_pieces and triactor/test_materials all
read the tiles on A4 and Letter. The tests only read a shared document: rendering it and
pages.add_footers (idempotent) are all they do to it.
"""

from __future__ import annotations

import tempfile
from functools import cache
from pathlib import Path

from generator.render.document import Document

# nothing is written: the folder only has to be one a command could write into
OUT = Path(tempfile.gettempdir()) / "racegen-tests-unused"


def documents(
    game: str,
    printable: str,
    paper: str = "a4",
    mono: bool = False,
    landscape: bool = False,
    seed: int | None = None,
    **values: object,
) -> tuple[Document, ...]:
    """A printable of a game's table as its command builds it (`values` are its options, the
    rest its defaults), footers added as output.emit adds them."""
    return _built(game, printable, paper, mono, landscape, seed, tuple(sorted(values.items())))


@cache
def _built(
    game: str,
    printable: str,
    paper: str,
    mono: bool,
    landscape: bool,
    seed: int | None,
    values: tuple[tuple[str, object], ...],
) -> tuple[Document, ...]:
    from generator.games.registry import game as find
    from generator.printing import PrintSpec
    from generator.render.pages import add_footers

    p = next(p for p in find(game).printables() if p.name == printable)
    spec = PrintSpec(out=OUT, paper=paper, mono=mono, landscape=landscape, seed=seed)
    docs = tuple(p.documents(spec, **dict(values)))
    for doc in docs:
        add_footers(doc)
    return docs


def triactor_tiles(paper: str = "a4", mono: bool = False, landscape: bool = False) -> Document:
    """`racegen triactor board --style tiles`: the 24 tiles to cut out (tiles_document)."""
    (doc,) = documents("triactor", "board", paper, mono, landscape, style="tiles")
    return doc


def kit(game: str, paper: str = "a4", mono: bool = False) -> Document:
    """`racegen kit GAME` as one document, footers added (kits.kit_document)."""
    return _kit(game, paper, mono)


def kits(paper: str = "a4", mono: bool = False) -> tuple[Document, ...]:
    """`racegen kit all`: each game's kit as its command builds it, footers added."""
    from generator.games.registry import GAMES

    return tuple(kit(g.name, paper, mono) for g in GAMES)


@cache
def _kit(game: str, paper: str, mono: bool) -> Document:
    from generator.games.registry import game as find
    from generator.kits import kit_document
    from generator.printing import PrintSpec
    from generator.render.pages import add_footers

    doc = kit_document(find(game), PrintSpec(out=OUT, paper=paper, mono=mono))
    add_footers(doc)
    return doc
