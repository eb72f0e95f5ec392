"""What Dice Rush prints, declared once: the board, the d8 and d6 dice with pawns, a score sheet
and the rules summary. The click commands, `racegen list`, `racegen demo` and the kit are
made from this table (generator.printing.Printable)."""

from __future__ import annotations

from pathlib import Path

from generator.errors import BadOption
from generator.printing import KitPart, Option, Printable, PrintSpec

ORDER = Option(
    "--order",
    "order",
    "choice",
    "together",
    "Who moves in a roll: together (both players, the default reading of the rules) or turns "
    "(one player per roll, after a roll-off for who goes first: a variant).",
    choices=("together", "turns"),
)


def load_noted(board_file: Path | None):  # noqa: ANN201
    """The board; a board off the seed's layout is played as given, with a note on stderr."""
    import sys

    from generator.games.dice_rush.rules.board import load_board

    board = load_board(board_file)
    for departure in board.departures():
        sys.stderr.write(f"note: {board.name}: {departure} (the seed's layout); played as given\n")
    return board


def file_label(path: Path) -> str:
    """A board file's name for the printed file's name (letters, digits, '-' and '_');
    "stdin" for a board read from standard input ('-')."""
    if str(path) == "-":
        return "stdin"
    label = "".join(
        ch if ch.isascii() and (ch.isalnum() or ch in "-_") else "-" for ch in path.stem
    )
    return label.strip("-")[:40] or "board"


def _board(
    spec: PrintSpec, board_file: Path | None, space: float, variant: int | None, order: str
) -> list:
    from generator.games.dice_rush.printing.materials import board_document

    if variant is not None:
        if board_file is not None:
            raise BadOption("--variant draws a variant board, --board loads one: give one")
        from generator.games.dice_rush.rules.variants import generate

        board = generate(9, 8, 11, variant)
        label = f"variant{variant}"
    else:
        board = load_noted(board_file)
        label = "" if board_file is None else file_label(board_file)
    return [board_document(spec, board, space, order, label)]


def _dice(spec: PrintSpec, edge: float) -> list:
    from generator.games.dice_rush.printing.materials import dice_document

    return [dice_document(spec, edge)]


def _scoresheet(spec: PrintSpec) -> list:
    from dataclasses import replace

    from generator.games.dice_rush.printing.materials import scoresheet_document

    return [scoresheet_document(replace(spec, landscape=False))]


def _rules(spec: PrintSpec, order: str) -> list:
    from generator.games.dice_rush.printing.rulesheet import rules_document

    return [rules_document(spec, order)]


# What the kit's cover says of the game (generator/kits.py reads it). Players: the seed's two.
# Minutes: `racegen dice-rush simulate --games 2000 --seed 1` ends a game in 22.1 rolls on
# average; in a roll both players roll their d8 and d6, move and write their points: 25 to 40
# s a roll, so 9 to 15 minutes a game.
KIT_COVER = {
    "players": "2",
    "minutes": "10 to 15",
    "pieces": (
        "1 board (true size)",
        "2 d8 direction dice",
        "2 d6 distance dice",
        "2 pawns",
        "2 player aid cards",
        "1 score sheet a game",
    ),
    "counts": (),
}

PRINTABLES: tuple[Printable, ...] = (
    Printable(
        "board",
        "The board at true size with the compass of d8 directions and a legend.",
        _board,
        (
            Option(
                "--board",
                "board_file",
                "file",
                None,
                "A board file (rows of tokens: . +N -N S1 S2 F1 F2; or JSON), '-' for "
                "standard input. Default: the built-in 9 x 8 board.",
            ),
            Option(
                "--space",
                "space",
                "length",
                "20mm",
                "Side of a square space.",
                least=12.0,
                high=40.0,
            ),
            Option(
                "--variant",
                "variant",
                "int",
                None,
                "Print the 9 x 8 variant board that `new-board --seed N` writes (instead of the "
                "default board or --board).",
            ),
            ORDER,
        ),
        help="The board at true size with the compass of d8 directions and a legend (one page "
        "when it fits the paper, else tiled over sheets with an assembly map): the default "
        "board, --board FILE, or --variant N.",
        demo=(),
        kit=KitPart(make="trim; join the sheets if the board is tiled (each sheet says how)"),
    ),
    Printable(
        "dice",
        "Two d8 direction dice (number and arrow on each face), two d6 with pips, a pawn and "
        "a player aid card for each player.",
        _dice,
        (Option("--edge", "edge", "length", "20mm", "Die face edge.", least=12.0, high=30.0),),
        listed="dice (d8 and d6 nets, pawns, player aids)",
        demo=(),
        kit=KitPart(
            stock="card",
            make="cut out the dice, fold and glue them; cut out the pawns and the player aids",
        ),
    ),
    Printable(
        "scoresheet",
        "A score sheet: points of each landing and running totals for both players (portrait).",
        _scoresheet,
        portrait="the score sheet prints",
        demo=(),
        kit=KitPart(copies="1 per game"),
    ),
    Printable(
        "rules",
        "A one-page rules summary with racegen's decisions written in (always portrait), for "
        "the chosen reading of who moves in a roll.",
        _rules,
        (ORDER,),
        portrait="the rules summary prints",
        demo=(),
        kit=KitPart(rules=True),
    ),
)
