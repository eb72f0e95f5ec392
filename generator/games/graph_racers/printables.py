"""What Graph Racers prints, declared once: the sheets of a track (track, race sheet, answer
key), the car-design sheet, classroom worksheets and class packs. `racegen list`, `racegen demo` and the kit read this table;
the commands are written in commands.py (they share the rule switches, --accel and the
others, and word the generator's advice), so their entries are `custom`: their option
handling is in sheets.py, which the commands and racegen serve's page (page_forms) call; the
car-design sheet takes no track and no rules, so the table makes its command."""

from __future__ import annotations

from generator.printing import KitPart, Option, Printable, PrintSpec

KIT_SIZE = (34, 24)  # points: a medium circuit that fits one A4 or Letter sheet at 5 mm


def _race_sheets(spec: PrintSpec) -> list:
    """A generated drawn circuit (seeded) as a track sheet and a race sheet with the rules:
    what a table needs to race tonight (the answer key stays out of the kit)."""
    from generator.games.graph_racers.generating.drawn import generate_drawn
    from generator.games.graph_racers.generating.generate import Request, stored_solution
    from generator.games.graph_racers.moves.rules import Rules
    from generator.games.graph_racers.printing.materials import sheet_document

    cols, rows = KIT_SIZE
    seed = spec.seed_or(1)
    rules = Rules()
    (track,) = generate_drawn(Request(rows, cols, (0, 99), "medium", seed, rules), 1)
    sol = stored_solution(track)
    return [
        sheet_document(
            track,
            rules,
            sol,
            kinds=("track", "race"),
            players=4,
            paper=spec.paper_size(),
            pitch=5.0,
            mono=spec.mono,
            stem=f"graph-racers-kit-circuit-s{seed}",
        )
    ]


def _car_design(spec: PrintSpec, bond: bool = False) -> list:
    """The seed's "Design Your Own Car": the price list and a box per player (always portrait);
    bond: James Bond mode's goodies too."""
    from generator.games.graph_racers.printing.materials import design_sheet_document

    return [design_sheet_document(spec, bond)]


def _no_kit(spec: PrintSpec) -> list:  # pragma: no cover - the worksheet is not in the kit
    return []


PRINTABLES: tuple[Printable, ...] = (
    Printable(
        "sheet",
        "Print a track file as a track sheet, a race sheet with a move log, and an answer key "
        "(true scale).",
        _race_sheets,
        listed="sheet (track, race sheet, answer key)",
        custom=True,
        kit=KitPart(copies="1, and a race sheet per race", make="play on the track sheet"),
    ),
    Printable(
        "car-design",
        "A car-design sheet: the $100 price list (good brakes, turbo, damage points) and a box "
        "per player to write the design and tick boosts used and damage taken (portrait).",
        _car_design,
        options=(
            Option(
                "--bond",
                "bond",
                "flag",
                False,
                "James Bond mode: the goodies on the price list and in each box (missile $30, "
                "oil sprayer $10, rocket booster $30, submarine $30, rear guns $20 a set).",
            ),
        ),
        portrait="the car-design sheet prints",
        listed="car-design (the $100 price list, a box per player)",
        demo=(),
        kit=KitPart(copies="1 per race with designed cars", make="each player fills a box"),
    ),
    Printable(
        "worksheet",
        "A classroom worksheet: generated tracks with name, date and par, then answer pages.",
        _no_kit,
        seeded=True,
        custom=True,
        demo=("--count", "4", "--per-page", "2", "--difficulty", "medium"),
    ),
    Printable(
        "classpack",
        "A class pack: a different worksheet for every student, each sheet with a code, and "
        "the teacher's answers in code order.",
        _no_kit,
        seeded=True,
        custom=True,
        listed="classpack (a worksheet per student with a code, the teacher's booklet)",
    ),
)


def page_forms() -> dict:
    """The custom printables (sheet, worksheet, classpack) as racegen serve offers them: name ->
    (their options, the library function their commands call, what each document is)."""
    from generator.games.graph_racers.printing.sheets import PAGE_FORMS

    return PAGE_FORMS
