"""What Pushing Race prints, declared once: the 3 x 9 track, the Icehouse die, paper pieces and
the rules summary. The click commands, `racegen list`, `racegen demo` and the kit are made
from this table (generator.printing.Printable)."""

from __future__ import annotations

from generator.printing import KitPart, Option, Printable, PrintSpec


def _board(spec: PrintSpec, style: str, space: float | None) -> list:
    from generator.games.pushing_race.printing.materials import board_document

    return [board_document(spec, style, space)]


def _die(spec: PrintSpec, edge: float) -> list:
    from generator.games.pushing_race.printing.materials import die_document

    return [die_document(spec, edge)]


def _pieces(spec: PrintSpec, dice: int) -> list:
    from generator.games.pushing_race.printing.materials import pieces_document

    return [pieces_document(spec, dice)]


def _rules(spec: PrintSpec) -> list:
    from generator.games.pushing_race.printing.rulesheet import rules_document

    return [rules_document(spec)]


# What the kit's cover says of the game (generator/kits.py reads it). Players: the seed's 2 to
# 4. Minutes: `racegen pushing-race simulate --games 1000 --seed 1 --policy greedy` plays 44
# turns a game with 2 players, 58 with 3 and 67 with 4 (a turn: one roll and one move), at 15
# to 20 s a turn: 11 to 15 minutes for two, 17 to 22 for four.
KIT_COVER = {
    "players": "2 to 4",
    "minutes": "10 to 25",
    "pieces": (
        "1 track (3 x 9 spaces, one page)",
        "20 paper pieces (5 per player, 4 players)",
        "1 Icehouse die and a spare",
    ),
    "counts": (),
}

PRINTABLES: tuple[Printable, ...] = (
    Printable(
        "board",
        "The 3 x 9 track: Start and Finish lines, row numbers, column letters, wrap arrows.",
        _board,
        (
            Option(
                "--style",
                "style",
                "choice",
                "page",
                "page: the whole track, on one page with 22 mm spaces (tiled over sheets when "
                "--space makes it too tall); coasters: three 3 x 3 Martian Coaster boards "
                "with 36 mm spaces, two on a sheet.",
                choices=("page", "coasters"),
            ),
            Option(
                "--space",
                "space",
                "length",
                None,
                "Space size, 15 to 60 mm [default: 22mm on the page, 36mm on the coasters]. "
                "Looney Pyramids' bases are 14.3 mm (small), 19.8 mm (medium) and 25.4 mm "
                "(large), and a piece needs 1 mm to spare: 22mm holds small and medium ones, "
                "27mm all three (a page board too tall for the paper is tiled over sheets). "
                "The board says what its spaces hold.",
                low=0.0,
                high=60.0,
                least=15.0,
            ),
        ),
        listed="board [--style page|coasters] [--space 22mm]",
        renamed=(("--size", "--style"),),
        demo=(),
        kit=KitPart(make="trim to the outline"),
    ),
    Printable(
        "die",
        "Icehouse die nets: TIP, AIM, HOP, SWAP, DIG, WILD with a pictogram each.",
        _die,
        (Option("--edge", "edge", "length", "20mm", "Die face size.", low=10.0, high=40.0),),
        demo=(),
    ),  # the kit prints its die and a spare under the pieces (pieces --dice 2)
    Printable(
        "pieces",
        "Paper pieces for players without pyramids: five per player, four players, each a "
        "colour with its own shape and letter, folded into standing tents.",
        _pieces,
        (
            Option(
                "--dice",
                "dice",
                "int",
                0,
                "Icehouse dice to print under the pieces, 0 to 2: the kit prints 2, the die a "
                "game needs and a spare, so one card sheet holds every piece.",
                low=0,
                high=2,
            ),
        ),
        demo=(),
        kit=KitPart(
            values={"dice": 2},
            stock="card",
            make="cut out the pieces and fold them into standing tents; cut out the die, fold "
            "and glue it into a cube",
        ),
    ),
    Printable(
        "rules",
        "A one-page rules summary with racegen's decisions (always portrait).",
        _rules,
        portrait="the rules summary prints",
        demo=(),
        kit=KitPart(rules=True),
    ),
)
