"""What Triactor prints, declared once: the board, betting slips, the payout card, the ledger,
the odds sheet, the rules summary, horse pawns, horse cards, event coins and dice. The click commands, `racegen list`,
`racegen demo` and the kit are made from this table (generator.printing.Printable)."""

from __future__ import annotations

from generator.printing import KitPart, Option, Printable, PrintSpec


def _board(spec: PrintSpec, style: str) -> list:
    if style == "tiles":
        from generator.games.triactor.printing.board_tiles import tiles_document

        return [tiles_document(spec)]
    from generator.games.triactor.printing.board import board_documents

    return board_documents(spec, style)


def _slips(spec: PrintSpec, players: int, races: int, first_race: int, layout_name: str) -> list:
    from generator.games.triactor.printing.slips import slips_documents

    layouts = ("gutter-fold", "duplex") if layout_name == "both" else (layout_name,)
    return slips_documents(spec, players, races, first_race, layouts)


def _one(name: str, module: str):  # noqa: ANN202
    """A builder of one document: the function `name` of the printing module `module`."""

    def build(spec: PrintSpec, **values: object) -> list:
        import importlib

        mod = importlib.import_module(f"generator.games.triactor.printing.{module}")
        return [getattr(mod, name)(spec, **values)]

    return build


KIT_SLIPS = 8  # the kit's slips: two full gutter-fold sheets (3 to 6 players, and spares)

# What the kit's cover says of the game (generator/kits.py reads it). Players: the seed's 3 to
# 6. Minutes: `racegen triactor race` over seeds 1-40 takes 102 to 147 turns, 130 on average
# (a turn: roll the active dice, move one horse, perhaps turn a coin), so 12 to 18 s a turn
# and 5 minutes of betting and paying out make 30 to 45 minutes a race, as the rules say.
KIT_COVER = {
    "players": "3 to 6",
    "minutes": "30 to 45 a race",
    "pieces": (
        "1 board (true size, sheets to join)",
        f"{KIT_SLIPS} betting slips a race",
        "8 horse cards",
        "16 horse pawns (8 and a spare set)",
        "48 coins",
        "8 dice",
        "1 payout card",
        "1 ledger",
    ),
    "counts": (),
}

PRINTABLES: tuple[Printable, ...] = (
    Printable(
        "board",
        "The board of figure 1: 24 tiles, 44 steps with numbers, coin spots, start/finish line.",
        _board,
        (
            Option(
                "--style",
                "style",
                "choice",
                "both",
                "page: one landscape page (scaled); tiled: true piecepack size over several "
                "sheets, to join; tiles: the 24 two-inch piecepack tiles to cut out "
                "and lay out; both: page and tiled.",
                choices=("page", "tiled", "both", "tiles"),
            ),
        ),
        renamed=(("--size", "--style"),),
        demo=(),
        kit=KitPart(
            values={"style": "tiled"},
            make="join the tiles: cut each along its solid line, glue it over the grey margin",
        ),
    ),
    Printable(
        "slips",
        "Betting slips: front (race, player, three credit lines, code legend), back (horses to "
        "circle).",
        _slips,
        (
            Option("--players", "players", "int", 6, "Slips per race.", low=1, high=12),
            Option(
                "--races",
                "races",
                "int",
                2,
                "Races to print slips for (0: one set with the race number left blank).",
                low=0,
                high=20,
            ),
            Option(
                "--first-race",
                "first_race",
                "int",
                1,
                "Number printed on the first race's slips (the next races count on).",
                low=1,
                high=999,
            ),
            Option(
                "--layout",
                "layout_name",
                "choice",
                "both",
                "gutter-fold: front and back on one sheet; duplex: print double-sided.",
                choices=("gutter-fold", "duplex", "both"),
            ),
        ),
        demo=(),
        # the kit's slips leave the race number blank (one set, printed again for every
        # race) and fill two sheets: eight slips, for up to 6 players and two spares
        kit=KitPart(
            values={"layout_name": "gutter-fold", "races": 0, "players": KIT_SLIPS},
            copies="1 per race",
            make="fold along the gutter, glue the halves back to back, cut out",
        ),
    ),
    Printable(
        "payouts",
        "The payout tables on one page, exactly as in the rules, with the shorthand letters "
        "(always portrait: the tables are a page tall).",
        _one("payouts_document", "payout_card"),
        portrait="the payout tables print",
        demo=(),
        kit=KitPart(make="keep beside the board"),
    ),
    Printable(
        "ledger",
        "The ledger: players down, races across (each race's winnings and the running total), "
        "a totals column; blank, or filled from a bets file and its results (landscape).",
        _one("ledger_document", "sheets"),
        (
            Option(
                "--players",
                "players",
                "int",
                0,
                "Rows for at least this many players (0: as many as --bets names, or 6).",
                low=0,
                high=12,
            ),
            Option(
                "--races",
                "races",
                "int",
                0,
                "Columns for at least this many races (0: as many as --results gives, or 6).",
                low=0,
                high=12,
            ),
            Option(
                "--bets",
                "bets",
                "file",
                None,
                "Fill the ledger from this bets file (as settle reads it; with --results).",
            ),
            Option(
                "--results",
                "results",
                "file",
                None,
                "The finishes for --bets: header race,finish, then 1,S M C per race.",
            ),
        ),
        listed="ledger",
        kit=KitPart(make="write each race's winnings and the running totals on it"),
    ),
    Printable(
        "odds-sheet",
        "The odds sheet: each horse's chances before any coin is seen (with where the coins "
        "lie), and what a credit brings back per bet type (always portrait).",
        _one("odds_sheet_document", "sheets"),
        portrait="the odds sheet prints",
    ),
    Printable(
        "rules",
        "A one-page rules summary: setup, bets, a turn, moving, events, finish, winnings "
        "(always portrait).",
        _one("rules_document", "rulesheet"),
        portrait="the rules summary prints",
        demo=(),
        kit=KitPart(rules=True),
    ),
    Printable(
        "pawns",
        "Sixteen horse pawns (two sets) with letter and suit, to print on card stock and cut out.",
        _one("pawns_document", "pawns"),
        demo=(),
    ),  # the kit prints the pawns beside the dice (dice --pawns)
    Printable(
        "horses",
        "A card per horse: name, letter, suit symbol, its event coin's step.",
        _one("horses_document", "horse_cards"),
        kit=KitPart(stock="card", make="cut out"),
    ),
    Printable(
        "coins",
        "48 coins (each suit: null, ace, 2-5), suit side and value side, to fold, glue and cut.",
        _one("coins_document", "coin_sheets"),
        (
            Option(
                "--diameter",
                "diameter",
                "length",
                "19.05mm",
                "Coin diameter (piecepack coins are 3/4 inch).",
                low=10.0,
                high=40.0,
            ),
        ),
        demo=(),
        kit=KitPart(stock="card", make="fold along the gutter, glue back to back, cut out"),
    ),
    Printable(
        "dice",
        "Eight d6 nets, one per suit, faces null, ace, 2, 3, 4, 5, with glue tabs.",
        _one("dice_document", "dice_nets"),
        (
            Option("--edge", "edge", "length", "16mm", "Die face size.", low=8.0, high=40.0),
            Option(
                "--pawns",
                "pawns",
                "flag",
                False,
                "Print the horse pawns (the eight horses and a spare set) beside the dice, "
                "as the kit does: one card sheet for both.",
            ),
        ),
        demo=(),
        kit=KitPart(
            values={"pawns": True},
            stock="card",
            make="cut out the dice, fold and glue them into cubes; cut out the pawns",
        ),
    ),
)
