"""What Graph Racers prints, declared once with every option: a track's sheets (track, race
sheet, answer key), the car-design sheet, classroom worksheets and class packs. The click
commands, `racegen list`, `racegen demo`, the kit and the page of `racegen serve` are all made
from this table (generator.printing.Printable).

The options the game's other commands share (the rule switches, the table's and the Swedish
switches, --difficulty, --checkpoints, --kind) are declared here too, once: commands/options.py
makes the click options of solve, check, generate, race and referee from these declarations,
so an option name means one thing across the game."""

from __future__ import annotations

from dataclasses import replace

from generator.games.graph_racers.printing.classroom import (
    MAX_PACK_TRACKS,
    MAX_PUZZLES,
    MAX_STUDENTS,
)
from generator.games.graph_racers.printing.printed_track import PAGE_KINDS
from generator.printing import KitPart, Option, Printable, PrintSpec

KIT_SIZE = (34, 24)  # points: a medium circuit that fits one A4 or Letter sheet at 5 mm
KIT_PLAYERS = 6  # the seed's "two to maybe six players": the kit's race sheet and log hold six


# --- the options the game's commands share ------------------------------------------------------
# no help text here names a command-line flag: the web page shows the same texts beside its fields
CELLS_ONLY = " Cell maps only: drawn circuits are raced without boosts."


def rule_options(stored: str) -> tuple[Option, ...]:
    """--accel --collision --brakes --turbo --rocket; not given: `stored` decides."""
    return (
        Option(
            "--accel",
            "accel",
            "choice",
            None,
            "Acceleration set: 5 = keep or change one axis by 1 (seed rule, default); "
            "9 = keep or any of the 8 neighbours; 8 = the 8 neighbours only (Swedish)."
            + (f" Not given: {stored}." if stored else ""),
            choices=("5", "8", "9"),
        ),
        Option(
            "--collision",
            "collision",
            "choice",
            None,
            "exact (default): the move's straight line may not touch the track's edge (a drawn "
            "circuit's edge line, or a cell map's off-track squares); endpoint: only the "
            "landing point must be on the track." + (f" Not given: {stored}." if stored else ""),
            choices=("exact", "endpoint"),
        ),
        Option(
            "--brakes",
            "brakes",
            "int",
            None,
            "Uses of good brakes (slow one axis by 2)." + CELLS_ONLY,
            low=0,
            high=9,
        ),
        Option(
            "--turbo",
            "turbo",
            "int",
            None,
            "Uses of turbo (speed one axis up by 2)." + CELLS_ONLY,
            low=0,
            high=9,
        ),
        Option(
            "--rocket",
            "rocket",
            "int",
            None,
            "Rocket booster (speed one axis up by 3, once)." + CELLS_ONLY,
            low=0,
            high=1,
        ),
    )


RULES = rule_options("")
DESIGN = Option(
    "--design",
    "design",
    "text",
    None,
    "Design your own car with $100: BRAKES/TURBO/DAMAGE (good brakes $10 a use, turbo "
    "$10 a use, damage points $5 each; 0 damage points: the first hit destroys the car), one "
    "for every car or one per car comma-separated (2/2/12,0/0/20). Replaces --brakes and "
    "--turbo; without it every car has 5 damage points. James Bond mode: add goodies with + "
    "(0/0/4+missile+sprayer+guns*2), N of one with *N (missile*2): missile $30, sprayer (oil) "
    "$10, rocket $30, sub (submarine, one) $30, guns $20 a set.",
)
TEAMS = Option(
    "--teams",
    "teams",
    "text",
    None,
    "Team racing: each car's team, comma-separated, car 1 first (A,B,A,B); the first "
    "three cars to finish score 3, 2 and 1 points for their team.",
)
NO_CONTACT = Option(
    "--no-contact",
    "no_contact",
    "flag",
    False,
    "Race without the collision and damage rules: the cars ignore each other (no "
    "collisions) and a crash costs no damage and puts no car out (the car is still put "
    "back on the track and stopped).",
)
TABLE = (DESIGN, TEAMS, NO_CONTACT)
SWEDISH = (
    Option(
        "--jumps",
        "jumps",
        "switch",
        None,
        "Swedish jumps: a move that repeats its vector may pass over obstacles (^ on "
        "the map) and land on the track; any other move over one hits it. Without it an "
        "obstacle is a wall.",
    ),
    Option(
        "--off-track",
        "off_track",
        "choice",
        None,
        "crash (default): a move that touches the side crashes; circle (Swedish): it "
        "leaves the track instead, no damage, and the car must come back onto the track "
        "behind the point it left (or on it).",
        choices=("crash", "circle"),
    ),
)
DIFFICULTY = Option(
    "--difficulty",
    "difficulty",
    "choice",
    "easy",
    "Measured on every track, never assumed: a drawn circuit by the braking points of its "
    "optimal line, its narrowest width and how few optimal lines it has; a cell map by its "
    "par, corners, narrowest width and how much slower the 5 accelerations are than the 9.",
    choices=("easy", "medium", "hard"),
)
CHECKPOINTS = Option(
    "--checkpoints",
    "checkpoints",
    "int",
    2,
    "Checkpoints a lap passes in order, about evenly round the lap after the finish line.",
    low=1,
    high=6,
)
KIND = Option(
    "--kind",
    "kind",
    "choice",
    "drawn",
    "The kind of track: drawn, a circuit with smooth edges, judged exactly against the drawn "
    "edge (named features, graded, no shape twice); cells, a map of grid squares (CP-SAT "
    "loop), as the public benchmark maps.",
    choices=("drawn", "cells"),
)
WIDTH = Option(
    "--width",
    "width_text",
    "text",
    None,
    "Track width range, MIN..MAX in whole numbers (such as 3..4, or 4). Drawn circuits: "
    "squares between the two edges, within the difficulty's widths (easy 3.6..5, medium "
    "3..4.2, hard 2.4..3.4; the default), which it narrows and never widens. Cell maps: grid "
    "points across the track (default 3..5).",
)
GRID = Option(
    "--grid",
    "pitch",
    "length",
    "5mm",
    "Distance between grid points: 5mm, 0.25in...",
    low=2.0,
    high=20.0,
)


def max_states_option(what: str) -> Option:
    """--max-states: give up `what` (solving, solving for the par) when the search needs more
    states than this; its default depends on the engine (presets.json)."""
    from generator.games.graph_racers.generating.asked import limits

    table = limits()["max_states"]
    return Option(
        "--max-states",
        "max_states",
        "int",
        None,
        f"Give up {what}when the search needs more than this many states (the count solve "
        "prints: settled by the sweep, expanded by A*). [default: "
        f"{table['sweep']:,} for the sweep (races without oil or boosts), "
        f"{table['astar']:,} for A* (oil or boosts)]",
        low=1,
    )


# --- the builders (each imports the library when called: this table is read at start-up) ----
def _sheet(spec: PrintSpec, **values: object) -> list:
    from generator.games.graph_racers.printing.printed_track import sheet_pages

    return sheet_pages(spec, **values)


def _kit_circuit(spec: PrintSpec) -> dict:
    """The kit's track: a generated drawn circuit (seeded) that fits one sheet at 5 mm, under a
    name a person would give it (its size, difficulty and seed in the small print)."""
    from generator.games.graph_racers.generating.drawn import generate_drawn
    from generator.games.graph_racers.generating.generate import Request
    from generator.games.graph_racers.generating.names import named
    from generator.games.graph_racers.moves.rules import Rules

    cols, rows = KIT_SIZE
    (track,) = generate_drawn(Request(rows, cols, (0, 99), "medium", spec.seed_or(1), Rules()), 1)
    return {"track": named(track)}


def _car_design(spec: PrintSpec, bond: bool = False) -> list:
    """The seed's "Design Your Own Car": the price list and a box per player (always portrait);
    bond: James Bond mode's goodies too."""
    from generator.games.graph_racers.printing.design_sheet import design_sheet_document

    return [design_sheet_document(spec, bond)]


def _rules(spec: PrintSpec) -> list:
    """The rules summary: the basic rules and, on the back, the advanced rules."""
    from generator.games.graph_racers.printing.rules_summary import rules_document

    return [rules_document(spec)]


def _worksheet(spec: PrintSpec, **values: object) -> list:
    from generator.games.graph_racers.printing.classroom import worksheet_pages

    return worksheet_pages(spec, **values)


def _worksheet_files(spec: PrintSpec, **values: object) -> list:
    from generator.games.graph_racers.printing.classroom import worksheet_files

    return worksheet_files(spec, **values)


def _classpack(spec: PrintSpec, **values: object) -> list:
    from generator.games.graph_racers.printing.classroom import classpack_pages

    return classpack_pages(spec, **values)


def _classpack_files(spec: PrintSpec, **values: object) -> list:
    from generator.games.graph_racers.printing.classroom import classpack_files

    return classpack_files(spec, **values)


PRINTABLES: tuple[Printable, ...] = (
    Printable(
        "sheet",
        "Print a track file as a track sheet, a race sheet with a move log, and an answer key "
        "(true scale).",
        _sheet,
        (
            Option(
                "--pages",
                "pages",
                "choices",
                (),
                "Which pages; repeat for several. [default: track, race and answer]",
                choices=PAGE_KINDS,
            ),
            Option("--players", "players", "int", 4, "Players on the race sheet.", low=2, high=6),
            GRID,
            *rule_options("the rules stored with the track"),
            *TABLE,
            *SWEDISH,
            max_states_option("solving for the par "),
        ),
        help="Print FILE as a track sheet, a race sheet with a move log, and an answer key "
        "(true scale). The race sheet prints the table's rules given (--design, --teams, "
        "--no-contact, --jumps, --off-track) and a tally of damage and uses for each player. "
        "FILE '-' reads standard input (the files are then named stdin-sheet...).",
        argument=Option(
            "FILE", "track", "file", "", "The track file to print (any format solve reads)."
        ),
        listed="sheet (track, race sheet, answer key)",
        renamed=(("--kind", "--pages"),),
        kit=KitPart(
            values={"pages": ("track", "race"), "players": KIT_PLAYERS},
            inputs=_kit_circuit,
            copies="1 set per race",
            make="play on the track sheet",
        ),
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
        "rules",
        "A rules summary on two pages, for both sides of a sheet: the basic rules, then the "
        "advanced rules (always portrait).",
        _rules,
        portrait="the rules summary prints",
        listed="rules (the basic and advanced rules, two pages)",
        demo=(),
        kit=KitPart(rules=True, duplex=True),
    ),
    Printable(
        "worksheet",
        "A classroom worksheet: generated tracks with name, date and par, then answer pages.",
        _worksheet,
        (
            Option(
                "--count",
                "count",
                "int",
                6,
                f"How many puzzles (up to {MAX_PUZZLES}: a school year of weekly sheets).",
                low=1,
                high=MAX_PUZZLES,
            ),
            Option(
                "--per-page",
                "per_page",
                "choice",
                "2",
                "Puzzles per page.",
                choices=("1", "2", "3", "4", "6"),
            ),
            DIFFICULTY,
            WIDTH,
            CHECKPOINTS,
            KIND,
            GRID,
            Option(
                "--answers",
                "answers",
                "choice",
                "after",
                "The answer pages: after the puzzles in the same file, in a second file "
                "<name>-answers (written with the puzzles, both or neither), or none.",
                choices=("after", "separate", "none"),
            ),
            *rule_options("the seed's basic rules"),
        ),
        help="A classroom worksheet: K generated tracks per page, each with its par and a box "
        "for the student's moves and line, name and date on every page, the rules at 9 pt at "
        "the foot; the answer pages after the puzzles, in a second file, or none.",
        seeded=True,
        demo=("--count", "4", "--per-page", "2", "--difficulty", "medium"),
        files=_worksheet_files,
        parts=("the puzzles (and answers after them)", "the answer pages (--answers separate)"),
    ),
    Printable(
        "classpack",
        "A class pack: a different worksheet for every student, each sheet with a code, and "
        "the teacher's answers in code order.",
        _classpack,
        (
            Option(
                "--students",
                "students",
                "int",
                30,
                "Students in the class: each gets a worksheet of their own.",
                low=1,
                high=MAX_STUDENTS,
            ),
            Option(
                "--tracks",
                "tracks",
                "int",
                2,
                "Puzzles per student, one a page (2: both sides of one sheet).",
                low=1,
                high=MAX_PACK_TRACKS,
            ),
            DIFFICULTY,
            CHECKPOINTS,
            KIND,
            GRID,
            Option(
                "--key",
                "key",
                "choice",
                "compact",
                "The teacher's answers: compact, four a page with each track drawn smaller and "
                "every point of its line written out, to mark beside the students' sheets "
                "(about 16 pages for 30 students); true-size, one a page at the students' size, "
                "where its puzzle stood, to settle with a ruler whether a move touches the edge "
                "(61 pages for 30 students).",
                choices=("compact", "true-size"),
            ),
            *rule_options("the seed's basic rules"),
        ),
        help="A class pack: a different worksheet for every student, and one teacher booklet. "
        "Writes two files, both or neither. graph-racers-classpack-DIFFICULTY-sSEED.pdf: every "
        "student's sheet in class order, one puzzle a page at the largest size the page holds "
        "(no map twice in the pack), each page with the sheet's code (4 characters without "
        "look-alikes, from the seed and the student's number, so a lost sheet prints again the "
        "same), name, date and a box for the moves; printed double-sided, each student gets "
        "one sheet (with 2 tracks). One file to print, not one per student. ...-teacher.pdf: the "
        "codes in order with each sheet's pars (a marking list), then every student's answers "
        "in code order: four a page, scaled, with the points written out (compact, the "
        "default), or one a page at true size.",
        seeded=True,
        listed="classpack (a worksheet per student with a code, the teacher's booklet)",
        files=_classpack_files,
        parts=("the students' sheets", "the teacher's booklet"),
    ),
)

GENERATE_DIFFICULTY = replace(DIFFICULTY, default="medium")

KIT_COVER = {
    "players": "2-6",  # the seed: "from two to maybe six players"
    # races of six cars on the kit's circuits took 31 to 61 rounds (par 25 to 34; race_sheet
    # LOG_FACTOR); at about 10 s a move, two players race in about 15 minutes, six in 45
    "minutes": "15-45",
    "pieces": (
        "1 track sheet",
        "1 race sheet and 1 move log per race",
        "1 car-design sheet per race with designed cars",
        "1 pencil of a different colour per player",
    ),
    "counts": (),
}
"""What the kit's cover says of the game (generator/kits.py reads it): players, playing time,
what a table uses. The kit is paper only: nothing on card stock, nothing to cut, fold or glue."""
