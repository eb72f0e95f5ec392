"""The Triactor board as documents: the one-page playmat (scaled to the paper, landscape) and
the true-size board tiled over sheets to join (`triactor board --style
page|tiled|both`; the tiles to cut out are board_tiles.py).

The drawing itself is artwork.draw_board; the builder returns Documents for the command to
write.
"""

from __future__ import annotations

from generator.games.triactor.printing.artwork import TRUE_UNIT, board_size, draw_board
from generator.games.triactor.printing.page_style import GAME
from generator.printing import PrintSpec
from generator.render import layout
from generator.render.canvas import Canvas
from generator.render.document import Document


def board_documents(opts: PrintSpec, style: str = "both") -> list[Document]:
    """The one-page playmat (scaled to the paper, landscape) and/or the true-size board tiled
    over sheets (the orientation that needs fewer sheets)."""
    docs = []
    w, h = board_size(TRUE_UNIT)
    if style in ("page", "both"):
        paper = opts.paper_size(landscape=True)
        # the poster's scale (asked of layout.poster on a scratch page, so the two never
        # disagree) sets how large the text must be drawn to print at >= 6 pt once shrunk
        scale = layout.poster(Document("scratch", "scratch"), paper, w, h, lambda c: None)

        def draw_page(c: Canvas) -> None:
            draw_board(c, print_scale=scale)

        doc = Document("triactor-board", "Triactor board", GAME, opts.ident())
        layout.poster(doc, paper, w, h, draw_page, mono=opts.mono)
        docs.append(doc)
    if style in ("tiled", "both"):
        doc = Document("triactor-board-tiled", "Triactor board, true size", GAME, opts.ident())
        # no word cut by a seam, fewer sheets, none nearly blank, no slivers on a tie;
        # --landscape forces landscape
        paper = layout.tiling_paper(opts.paper_turns(), w, h, draw_board)
        layout.tile(doc, paper, w, h, draw_board, mono=opts.mono)
        docs.append(doc)
    return docs
