"""The Triactor rules summary: one portrait page that lets a table play without the seed.

The text follows the seed (Triactor: A Day at the Piecepack Downs, version 1.0) and, where
the seed is silent, the decisions of docs/rules/triactor.md (numbered there; the sheet says
what to do, not why). Numbers that the data also holds (credits, event steps, steps on the
track) are read from it, so the sheet cannot drift from the engine. Its body prints at
layout.RULES_BODY; the commands that go with it (odds, settle) are in the README, not on the
page.
"""

from __future__ import annotations

from generator.games.triactor.betting.payouts import credits_per_race
from generator.games.triactor.race.horses import horses
from generator.games.triactor.race.track import FINISH, LAST_STEP, coin_steps
from generator.printing import PrintSpec
from generator.render import layout
from generator.render.canvas import GREY, Style
from generator.render.document import Document
from generator.render.glyphs import suit
from generator.render.palette import suit_style

GAME = "Triactor"
BODY = layout.RULES_BODY  # pt
LINE = layout.RULES_LINE  # mm between body lines
HEAD_W = 28.0  # mm: the column of section names


def rule_sections() -> list[tuple[str, str]]:
    """(section, text) in playing order."""
    credits = credits_per_race()
    steps = ", ".join(str(s) for s in sorted(coin_steps()))
    return [
        (
            "You need",
            "3 to 6 players, about 30 to 45 minutes a race. The board, 8 horse pawns, 8 dice "
            "with null, ace, 2, 3, 4, 5, 48 coins (six of each suit), a betting slip per "
            "player and race, the payout card and pencils.",
        ),
        (
            "Each race",
            "Put the 8 horses behind the start line. Turn all coins suit side up and mix them; "
            "put one coin of each suit, chosen at random and still suit up, on its horse's "
            "event spot (the letters on the board). Set the other coins aside unseen.",
        ),
        (
            "Bets",
            f"Each player has {credits} betting credits a race (winnings never become credits) "
            "and writes up to three bets secretly on a slip, with the horses' letters: "
            "S win (S first); SS place (S first or second); SSS show (S first to third); "
            "SM exactor (S first, M second); SM in a box: exactor box (S and M first and "
            "second either way, 2 credits); SMC triactor (exactly that order); SMC in a box: "
            "triactor box (those three first to third in any order, 3 credits); INFO "
            "(1 credit: before your other bets, show your slip and look at any three coins "
            "on the board; INFO twice shows six). Every other bet costs 1.",
        ),
        (
            "Slip backs",
            "When all have bet, each player writes on the back of the slip every horse in "
            "their bets, each letter once, and shows the back to all. Advanced variant: "
            "write the backs only after the race, before the payout.",
        ),
        (
            "A turn",
            "Roll every active die (all are active when the race starts) and choose one. "
            "Null: that horse stays, the die becomes inactive. 2 to 5: the horse moves that "
            "many steps, the die becomes inactive. Ace: one step, and the die stays active. "
            "You must use one of the dice you rolled. When no die is active, all dice of "
            "horses still racing become active again. Then the next player takes a turn "
            "(an optional timer: 15 to 30 seconds to choose).",
        ),
        (
            "Moving",
            f"A step is one unit forward: {FINISH} steps from start to finish. A straight tile "
            "holds 2 steps of 2 spaces, a corner tile 1 step of 4 spaces. A horse ends on "
            "any free space of its target step; when that step is full it stops at the "
            "farthest earlier step with room, and never ends behind where it started.",
        ),
        (
            "Events",
            f"A horse that enters or would pass the step of its own face-down coin (steps "
            f"{steps}) stops there and turns the coin over, then moves as if it had rolled "
            "the coin: ace, one step on and its die is active again; null, it stays; 2 to 5, "
            "that many steps on. An ace die stays active whatever the coin shows; a 2 to 5 "
            "die stays inactive unless the coin is an ace. If the coin step has no free space "
            "for it, it goes back to the first step with room. A turned coin never stops a horse "
            "again, and other horses pass it freely.",
        ),
        (
            "Finish",
            f"A horse that moves past step {LAST_STEP} has finished (no exact roll needed) and "
            "its die leaves the race. The race ends when the third horse finishes: first, "
            "second and third in the order they crossed.",
        ),
        (
            "Winnings",
            "For each winning bet, count the players whose slip back shows its horse (for a "
            "two- or three-horse bet, add the counts of its horses; your own slip counts) and "
            "read the winnings on the payout card, in the bet's row and that count's column. "
            "The largest total after the agreed number of races wins.",
        ),
    ]


def rules_document(opts: PrintSpec) -> Document:
    """One portrait page: the sections, then the eight horses with their letters and suits."""
    doc = Document("triactor-rules", "Triactor rules summary", GAME, opts.ident())
    canvas, box = layout.page(doc, opts.paper_size(landscape=False), mono=opts.mono)
    x, y = layout.rules_heading(
        canvas,
        box,
        "Triactor: A Day at the Piecepack Downs · rules summary",
        "A betting game for the piecepack by Jonathan C. Dietrich, Ken MacKeigan and Julie "
        "Taylor (version 1.0, 2004; CC BY-NC-SA 2.0)",
        size=13.0,
    )
    y += 3.0
    y = layout.headed_sections(
        canvas, x, y, box.w, rule_sections(), head_w=HEAD_W, size=BODY, line=LINE, gap=5.2
    )
    y += 7.0
    canvas.line(x, y, box.right, y, Style(stroke=GREY, width=0.15))
    y += 6.0
    canvas.text(x, y, "The horses", BODY + 0.5, bold=True)
    col = (box.w - HEAD_W) / 4
    for h in horses():
        r, c = divmod(h.index, 4)
        hx = x + HEAD_W + c * col
        hy = y - 1.2 + r * 7.0
        suit(canvas, h.suit, hx + 2.2, hy, 4.2, suit_style(h.suit))
        canvas.text(hx + 6.0, hy + 1.5, h.letter, BODY + 1.5, bold=True)
        canvas.text(hx + 10.5, hy + 1.5, h.name, BODY)
    if hy + 2.0 > box.bottom:  # the last row of horses, descenders included
        raise AssertionError("rules summary overruns the page")
    return doc
