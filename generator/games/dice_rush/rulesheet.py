"""The Dice Rush rules summary: one portrait page, the seed's rules plus racegen's decisions
(docs/rules/dice-rush.md, numbered there; the sheet says what to do, not why)."""

from __future__ import annotations

from generator.games.dice_rush.board import DIRECTION_NAMES
from generator.options import PrintOptions
from generator.render import layout
from generator.render.canvas import GREY, Style
from generator.render.document import Document

GAME = "Dice Rush"
BODY = 9.5  # pt
LINE = 4.2  # mm between body lines
HEAD_W = 30.0  # mm: the column of section names


def rule_sections() -> list[tuple[str, str]]:
    directions = ", ".join(f"{f} {n}" for f, n in DIRECTION_NAMES.items())
    return [
        (
            "You need",
            "2 players; the board (racegen dice-rush board), a d8, a d6 and a pawn "
            "each (dice; any token will do: player 1 is the circle, player 2 the square), a score sheet "
            "(scoresheet) and a pencil.",
        ),
        (
            "Goal",
            "Land exactly on your own FINISH space. Landing on the other player's finish "
            "loses. Points from point spaces decide only when the game is ended by "
            "declaration.",
        ),
        (
            "Setup",
            "Both pawns on their START spaces, both scores 0. Roll the d8 each: the higher "
            "rolls first (equal rolls: roll again). Then take turns.",
        ),
        (
            "A turn",
            f"Roll the d8 for the direction: {directions}. Directions are the board's: up is "
            "towards the top edge (the compass) for both players. If the first space that "
            "way is off the board, roll the d8 again until you can move. Then roll the d6 "
            "and move that many spaces in a straight line (diagonals too). If the edge comes "
            "first, stop at the edge.",
        ),
        (
            "Landing",
            "Only the space you land on counts: passing over spaces, finishes or the other "
            "pawn does nothing. A +N space adds N points, a -N space takes N away, every "
            "time anyone lands on it; scores may go below 0. Your own finish: you win at "
            "once. The other player's finish: you lose at once.",
        ),
        (
            "Collisions",
            "If your move ends on the other pawn, both roll the d8 (equal: roll again). The "
            "higher takes the space; the loser goes to the space next to it back along "
            "your line of travel (the last space you passed, or your starting space after a "
            "1-space move). A pawn moved there lands there: it scores it, and a finish "
            "counts. The pawn that keeps its space scores nothing.",
        ),
        (
            "Ending early",
            "After any roll (not before the first), either player may declare the end. If "
            "the other agrees, the most points wins. If not, both roll the d8 (equal: roll "
            "again): if the declarer wins, the most points wins; if the refuser wins, play "
            "goes on. Equal points: play goes on. After a declaration that did not end the "
            "game, nobody may declare again until another roll.",
        ),
    ]


def rules_document(opts: PrintOptions) -> Document:
    doc = Document("dice-rush-rules", "Dice Rush rules summary", GAME, opts.ident())
    canvas, box = layout.page(doc, opts.paper_size(landscape=False), mono=opts.mono)
    x, y = box.x, box.y + 6.0
    canvas.text(x, y, "Dice Rush · rules summary", 14.0, bold=True)
    y += 4.5
    canvas.text(x, y, "A two-player board race by Michael Bradley; where the rules were silent, "
                "racegen's choices are written in (see docs/rules/dice-rush.md).", 7.5,
                colour="#444444")  # fmt: skip
    y += 3.0
    y = layout.headed_sections(
        canvas, x, y, box.w, rule_sections(), head_w=HEAD_W, size=BODY, line=LINE, gap=6.0
    )
    y += 6.0
    canvas.line(x, y, box.right, y, Style(stroke=GREY, width=0.15))
    canvas.text(x, y + 5.0, "`racegen dice-rush odds` gives each player's exact chances on any "
                "board; `simulate` plays seeded games.", 7.5, colour="#444444")  # fmt: skip
    return doc
