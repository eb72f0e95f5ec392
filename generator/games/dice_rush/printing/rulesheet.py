"""The Dice Rush rules summary: one portrait page, the seed's rules plus racegen's decisions
(docs/rules/dice-rush.md, numbered there; the sheet says what to do, not why). Its body prints
at layout.RULES_BODY; the commands that go with it (odds, simulate) are in the README, not on
the page."""

from __future__ import annotations

from generator.games.dice_rush.rules.board import DIRECTION_NAMES
from generator.printing import PrintSpec
from generator.render import layout
from generator.render.document import Document

GAME = "Dice Rush"
BODY = layout.RULES_BODY  # pt
LINE = layout.RULES_LINE  # mm between body lines
HEAD_W = 30.0  # mm: the column of section names


def rule_sections(order: str = "together") -> list[tuple[str, str]]:
    """The sheet's sections for `order`: "together" (the default reading: both players move
    in every roll) or "turns" (the variant: one player per roll)."""
    directions = ", ".join(f"{f} {n}" for f, n in DIRECTION_NAMES.items())
    together = order == "together"
    you_need = (
        "You need",
        "2 players; the board, a d8, a d6 and a pawn each (any token will do: player 1 "
        "is the circle, player 2 the square), a score sheet and a pencil.",
    )
    goal = (
        "Goal",
        "Land exactly on your own FINISH space. Landing on the other player's finish "
        "loses. Points from point spaces decide only when the game is ended by "
        "declaration.",
    )
    if together:
        setup = (
            "Setup",
            "Both pawns on their START spaces, both scores 0. Nobody goes first: in every "
            "roll both players roll their dice and both pawns move.",
        )
        roll = (
            "A roll",
            f"Each player rolls a d8 for the direction: {directions}. Directions are the "
            "board's: up is towards the top edge (the compass) for both players. If the "
            "first space that way is off the board, roll your d8 again until you can move. "
            "Each player rolls a d6 and moves that many spaces in a straight line (diagonals "
            "too); if the edge comes first, stop at the edge. Both pawns move at the same "
            "time: passing over, crossing or swapping places with the other pawn does nothing.",
        )
    else:
        setup = (
            "Setup",
            "Both pawns on their START spaces, both scores 0. Roll the d8 each: the higher "
            "rolls first (equal rolls: roll again). Then take turns.",
        )
        roll = (
            "A turn",
            f"Roll the d8 for the direction: {directions}. Directions are the board's: up is "
            "towards the top edge (the compass) for both players. If the first space that "
            "way is off the board, roll the d8 again until you can move. Then roll the d6 "
            "and move that many spaces in a straight line (diagonals too). If the edge comes "
            "first, stop at the edge.",
        )
    landing = (
        "Landing",
        "Only the space you land on counts: passing over spaces, finishes or the other "
        "pawn does nothing. A +N space adds N points, a -N space takes N away, every "
        "time anyone lands on it; scores may go below 0. Your own finish: you win at "
        "once. The other player's finish: you lose at once."
        + (
            " If the two landings of one roll point to different winners (both on their own "
            "finishes, or both on each other's), both roll the d8 (equal: roll again): the "
            "higher wins."
            if together
            else ""
        ),
    )
    if together:
        collisions = (
            "Collisions",
            "If both moves end on the same space, both roll the d8 (equal: roll again). The "
            "higher takes the space; the loser moves back one space along its own line of "
            "travel (the last space it passed). After a 1-space move that is the space it "
            "started the roll on: it stays there and scores nothing. Every player who "
            "moved onto a new space scores it, the winner included, and a finish counts.",
        )
    else:
        collisions = (
            "Collisions",
            "If your move ends on the other pawn, both roll the d8 (equal: roll again). The "
            "higher takes the space; the loser goes to the space next to it back along "
            "your line of travel (the last space you passed, or your starting space after a "
            "1-space move). A pawn moved there lands there: it scores it, and a finish "
            "counts; but if you lose after a 1-space move you stay where you were and score "
            "nothing. The pawn that keeps its space scores nothing.",
        )
    ending = (
        "Ending early",
        "After any roll (not before the first), either player may declare the end. If "
        "the other agrees, the most points wins. If not, both roll the d8 (equal: roll "
        "again): if the declarer wins, the most points wins; if the refuser wins, play "
        "goes on. Equal points: play goes on. After a declaration that did not end the "
        "game, nobody may declare again until another roll.",
    )
    return [you_need, goal, setup, roll, landing, collisions, ending]


READING = {
    "together": "Both players move in every roll: the default reading (the variant in "
    "which players take turns has a rules summary of its own).",
    "turns": "Variant: the players take turns, one moving per roll (the default reading, "
    "with both moving in every roll, has a rules summary of its own).",
}


def rules_document(opts: PrintSpec, order: str = "together") -> Document:
    """The summary for `order` ("together", the default reading, or the "turns" variant)."""
    # the variant's sheet has its own file name, so both can be printed into one folder
    stem = "dice-rush-rules" if order == "together" else f"dice-rush-rules-{order}"
    doc = Document(stem, "Dice Rush rules summary", GAME, opts.ident(f"order {order}"))
    canvas, box = layout.page(doc, opts.paper_size(landscape=False), mono=opts.mono)
    x, y = layout.rules_heading(
        canvas,
        box,
        "Dice Rush · rules summary",
        "A two-player board race by Michael Bradley; where the rules were silent, racegen's "
        "choices are written in.",
    )
    y += 5.5
    reading = layout.wrap(READING[order], BODY, box.w, bold=True)
    for i, ln in enumerate(reading):
        canvas.text(x, y + i * LINE, ln, BODY, bold=True)
    y += LINE * (len(reading) - 1) + 2.0
    y = layout.headed_sections(
        canvas, x, y, box.w, rule_sections(order), head_w=HEAD_W, size=BODY, line=LINE, gap=6.0
    )
    if y > box.bottom:
        raise AssertionError("rules summary overruns the page")
    return doc
