"""What Pushing Race prints, declared once: the 3 x 9 track, the Icehouse die, paper pieces and
the rules summary. The click commands, `racegen list`, `racegen demo` and the kit are made
from this table (generator.printing.Printable)."""

from __future__ import annotations

from generator.printing import KitPart, Option, Printable, PrintSpec


def _board(spec: PrintSpec, size: str) -> list:
    from generator.games.pushing_race.materials import board_document

    return [board_document(spec, size)]


def _die(spec: PrintSpec, edge: float) -> list:
    from generator.games.pushing_race.materials import die_document

    return [die_document(spec, edge)]


def _pieces(spec: PrintSpec) -> list:
    from generator.games.pushing_race.materials import pieces_document

    return [pieces_document(spec)]


def _rules(spec: PrintSpec) -> list:
    from generator.games.pushing_race.rulesheet import rules_document

    return [rules_document(spec)]


PRINTABLES: tuple[Printable, ...] = (
    Printable(
        "board",
        "The 3 x 9 track: Start and Finish lines, row numbers, column letters, wrap arrows.",
        _board,
        (
            Option(
                "--size",
                "size",
                "choice",
                "page",
                "page: the whole track on one page (22 mm spaces); coasters: three 3 x 3 "
                "coaster sheets with 36 mm spaces, for Looney Pyramids.",
                choices=("page", "coasters"),
            ),
        ),
        listed="board [--size page|coasters]",
        demo=(),
        kit=KitPart(make="trim to the outline"),
    ),
    Printable(
        "die",
        "Icehouse die nets: TIP, AIM, HOP, SWAP, DIG, WILD with a pictogram each.",
        _die,
        (Option("--edge", "edge", "length", "20mm", "Die face size.", low=10.0, high=40.0),),
        demo=(),
        kit=KitPart(stock="card", make="cut out, fold and glue into a cube"),
    ),
    Printable(
        "pieces",
        "Paper pieces for players without pyramids: five per player, four players, each a "
        "colour with its own shape and letter, folded into standing tents.",
        _pieces,
        demo=(),
        kit=KitPart(stock="card", make="cut out and fold into standing tents"),
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
