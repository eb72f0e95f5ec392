"""What Trading Paint prints, declared once: the board, the path dice, the car dice, the rules
summary, puzzle worksheets and the stop-or-roll card. The click commands, `racegen list`,
`racegen demo` and the kit are made from this table (generator.printing.Printable)."""

from __future__ import annotations

from generator.errors import BadOption
from generator.games.trading_paint.printing.sizes import DICE_MIN
from generator.printing import KitPart, Option, Printable, PrintSpec

PLAYERS = ("2", "3", "4", "5", "6")


def _sheet(value: str) -> None:
    """A --sheet size the poster can use (checked as the option is read: a usage error)."""
    from generator.games.trading_paint.printing.board_pages import parse_sheet

    parse_sheet(value)


def _board(spec: PrintSpec, style: str, square_mm: float, sheet: str | None) -> list:
    from generator.games.trading_paint.printing.board_pages import board_document

    if sheet and style != "poster":
        raise BadOption("it sets the poster size: use it with --style poster", "--sheet")
    return [board_document(spec, style, square_mm, sheet)]


def _dice(spec: PrintSpec, edge: float, count: int) -> list:
    from generator.games.trading_paint.printing.dice_nets import dice_document

    return [dice_document(spec, edge, count)]


def _cars(spec: PrintSpec, players: str, edge: float, every: bool) -> list:
    from generator.games.trading_paint.printing.dice_nets import cars_document

    return [cars_document(spec, "all" if every else int(players), edge)]


def _rules(spec: PrintSpec) -> list:
    from generator.games.trading_paint.printing.rules_summary import rules_document

    return [rules_document(spec)]


def _strategy(spec: PrintSpec) -> list:
    from generator.games.trading_paint.printing.strategy_card import strategy_document

    return [strategy_document(spec)]


def _strategy_figures() -> dict:
    from generator.games.trading_paint.strategy.card import strategy_card
    from generator.schemas import with_format

    return with_format("trading-paint-strategy/1", strategy_card().to_dict())


def _worksheet(
    spec: PrintSpec, kind: str, goal: str, difficulty: str, count: int, per_page: str, answers: str
) -> list:
    from generator.games.trading_paint.printing.worksheet import worksheet_from

    return worksheet_from(spec, kind, goal, difficulty, count, int(per_page), answers)


def _worksheet_files(
    spec: PrintSpec, kind: str, goal: str, difficulty: str, count: int, per_page: str, answers: str
) -> list[tuple[str, int]]:
    """The files the worksheet writes, claimed by the command before the slow generating."""
    from generator.games.trading_paint.printing.worksheet import worksheet_files

    return worksheet_files(spec, kind, goal, difficulty, count, int(per_page), answers)


# The board's squares are 1 mm larger than the dice's faces: a folded paper cube is larger than
# its net (printing/sizes.py DIE_CLEARANCE; docs/design.md, "Paper dice need room").
DIE_EDGE = Option(
    "--edge",
    "edge",
    "length",
    "16mm",
    "Die edge; board squares 1 mm larger fit it (16mm dice: --square 17mm).",
    low=DICE_MIN,
    high=40.0,
)

PRINTABLES: tuple[Printable, ...] = (
    Printable(
        "board",
        "The oval board: tiled at true scale, a one-sheet poster, or a reduced overview.",
        _board,
        (
            Option(
                "--style",
                "style",
                "choice",
                "tiles",
                "tiles: true scale over several sheets; poster: the biggest board one sheet "
                "(--paper or --sheet) holds, to play on; overview: a reduced map with a legend.",
                choices=("tiles", "poster", "overview"),
            ),
            Option(
                "--square",
                "square_mm",
                "length",
                "17mm",
                "Square size: 1 mm more than the paper dice's face (17mm squares: 16mm dice).",
                low=5.0,
                high=40.0,
            ),
            Option(
                "--sheet",
                "sheet",
                "text",
                None,
                "Poster only: any sheet size WIDTHxHEIGHT (mm, cm or in), e.g. 600x400mm or "
                "24x36in; the board is drawn at true size when it fits. [default: --paper, "
                "landscape]",
                check=_sheet,
            ),
        ),
        listed="board tiles|poster|overview",
        demo=(),
        kit=KitPart(
            make="join the tiles: cut each along its solid line, glue it over the grey margin"
        ),
    ),
    Printable(
        "dice",
        "Path-dice nets: six faces with square pips, and the connection legend.",
        _dice,
        (
            DIE_EDGE,
            Option("--count", "count", "int", 6, "Path dice to print.", low=1, high=12),
        ),
        renamed=(("--size", "--edge"),),
        demo=(),
    ),
    Printable(
        "cars",
        "Car-dice nets: one per car, team colour and symbol, car number on the faces.",
        _cars,
        (
            Option(
                "--players",
                "players",
                "choice",
                "2",
                "2 to 6 (teams and car numbers).",
                choices=PLAYERS,
            ),
            DIE_EDGE,
            Option(
                "--every-count",
                "every",
                "flag",
                False,
                "Every car for 2 to 6 players and the path dice, on the fewest sheets, with "
                "which cars to cut for how many players (the kit's sheets; --players unused).",
            ),
        ),
        renamed=(("--size", "--edge"),),
        demo=(),
        kit=KitPart(
            values={"every": True},
            stock="card",
            make="cut out, fold and glue into cubes: every path die, and the cars your "
            "player count races (the table on the first sheet)",
        ),
    ),
    Printable(
        "rules",
        "A rules summary on two pages, for both sides of a sheet: the rules, then each face's "
        "paths, the press-your-luck table and the oval (always portrait).",
        _rules,
        portrait="the rules summary prints",
        demo=(),
        kit=KitPart(rules=True, duplex=True),
    ),
    Printable(
        "worksheet",
        "A worksheet: a page of the rules its puzzles use, the puzzles on the board at true size (17 mm squares: paper path dice fit), then answers.",
        _worksheet,
        (
            Option(
                "--kind",
                "kind",
                "choice",
                "lay",
                "lay, fewest or stop puzzles.",
                choices=("lay", "fewest", "stop"),
            ),
            Option(
                "--goal",
                "goal",
                "choice",
                "any",
                "What the path must do (lay and fewest); any: a mix.",
                choices=("bump", "draft", "finish", "square", "any"),
            ),
            Option(
                "--difficulty",
                "difficulty",
                "choice",
                "easy",
                "easy, medium or hard.",
                choices=("easy", "medium", "hard"),
            ),
            Option("--count", "count", "int", 6, "How many puzzles, 1 to 60.", low=1, high=60),
            Option(
                "--per-page",
                "per_page",
                "choice",
                "2",
                "Puzzles per page. Stop puzzles: 1 (the window of 2 a page, 7 x 5 squares, "
                "rarely holds a stop moment: seed 1 has 2 easy ones, and no medium or hard one, in "
                "20,000 scenes).",
                choices=("1", "2"),
            ),
            Option(
                "--answers",
                "answers",
                "choice",
                "after",
                "Answer pages after the puzzles, in a second file, or none.",
                choices=("after", "separate", "none"),
            ),
        ),
        seeded=True,
        portrait="a worksheet prints",
        files=_worksheet_files,
        listed="worksheet (puzzles at true size, answer pages)",
        demo=("--count", "4", "--per-page", "2", "--difficulty", "easy"),
    ),
    Printable(
        "strategy",
        "A one-page card of the exact best stop-or-roll rule (always portrait).",
        _strategy,
        portrait="the strategy card prints",
        listed="strategy (the exact stop-or-roll card)",
        figures=_strategy_figures,
        demo=(),
        kit=KitPart(make="keep beside the board"),
    ),
)

# What the kit's cover says about Trading Paint (generator/kits.py reads it): players, a race's
# playing time (a one-lap race of 6 cars, 60 squares at about 2 squares a turn: some 30 turns a
# car, half a minute each), the pieces the kit prints, and which cars to cut for each player
# count: the set-ups of rules/setup.py, as the first sheet of cars prints them (tested).
KIT_COVER = {
    "players": "2-6",
    "minutes": "45-60",
    "pieces": (
        "the oval board (sheets to join)",
        "8 path dice (6 and 2 spares)",
        "12 car dice (teams A, B and C)",
        "a stop-or-roll card",
        "a rules summary",
    ),
    "counts": (
        (2, "cars A1 B2 A3 B4 A5 B6: one team each"),
        (3, "cars A1 B2 C3 A4 B5 C6: one team each"),
        (4, "cars A1 B2 A3 B4 A5 B6 A7 B8: two cars each, A7 and B8 start late"),
        (5, "cars A1 B2 A3 B4 A5 B6: one car each, player 2 also drives B6"),
        (6, "cars A1 B2 A3 B4 A5 B6: one car each"),
    ),
}
