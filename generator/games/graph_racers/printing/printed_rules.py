"""The rules as the pages print them: the rules box of a track or race sheet, the subtitle
naming the rules and the par, the crash rules above the move log, and the rules at the foot of
a worksheet.

A par means nothing without its rules, so every page prints the rules it was solved under, in
the words of its drawing (faces.py) and with the switches the table agreed (race.table_rules).
Words only: the pages lay them out.
"""

from __future__ import annotations

from generator.games.graph_racers.moves.check import moves_text
from generator.games.graph_racers.moves.rules import Rules
from generator.games.graph_racers.printing.faces import (
    FACES,
    TrackFace,
    drawn_lap_race,
    drawn_move_rule,
    face,
)
from generator.games.graph_racers.printing.page import GAME
from generator.games.graph_racers.race.cars import MAX_DAMAGE
from generator.games.graph_racers.race.goodies import legend
from generator.games.graph_racers.race.swedish import obstacle_legend
from generator.games.graph_racers.race.table_rules import TableRules
from generator.games.graph_racers.track.model import Track


def rule_text(track: Track, rules: Rules, par: int | None) -> list[str]:
    """The rules box of a track or race sheet: every rule, the move rule in the words of the
    drawing, how to race, the par."""
    shown = face(track)
    lines = [f"Rules: {rules.short()}."] + rules.lines(oil=bool(track.oil), collision=False)
    lines += legend(track)  # coins and water (races only)
    lines += obstacle_legend(track)  # the Swedish jumps' obstacles
    lines.append(shown.move_rule(rules))
    lines.append(shown.how_to_race(track, rules))
    if par is not None:
        lines.append(f"Par: {moves_text(par)} under these rules.")
    return lines


def sheet_subtitle(track: Track, rules: Rules, par: int | None) -> str:
    parts = [GAME, f"{track.cols} x {track.rows} points"]
    if par is not None:
        parts.append(f"par {moves_text(par)}")
    parts.append(rules.short())
    ident = track.meta.get("id")
    if ident:
        parts.append(str(ident))
    return " · ".join(parts)


def crash_text(rules: Rules, wall: str = "a grey square", table: TableRules | None = None) -> str:
    """The seed's damage rules, for play at the table (the solver and the par never crash),
    with what a crash is under the collision rule in force (`wall`: what the drawing shows as
    the track's limit, TrackFace.wall) and the table's switches (no contact, designed cars'
    own damage points, the Swedish leaving of the track)."""
    table = table or TableRules()
    crash = (
        "a move that lands off the track crashes"
        if rules.collision == "endpoint"
        else f"a move whose line touches {wall} crashes"
    )
    if table.swedish.circle:
        crash += (
            " (off-track circle: one that lands off the track inside the grid leaves it "
            "instead, no damage; come back behind the point you left)"
        )
    touched = (
        "where it landed"
        if rules.collision == "endpoint"
        else f"where its line first touched {wall}"
    )
    put = (
        f"put the car on the track point nearest to {touched} that a clean straight move from "
        "its start reaches, keeping the checkpoints its line crossed (ties: the point nearer "
        "where the move started, then the smaller row number, then the smaller column)"
    )
    log = (
        "Move log: after a crash or collision write the point the move aimed at, then in the "
        "next row where the car was put."
    )
    if not table.contact:
        return (
            f"Crashes: {crash}. No contact: no damage; {put}, and go on at speed 1 next turn "
            f"(a normal move, no boost). Cars ignore each other. {log}"
        )
    limit = (
        "more damage than your car's damage points (none: the first hit) and you are out"
        if table.designs is not None
        else f"more than {MAX_DAMAGE} damage points and you are out"
    )
    return (
        f"Crashes: {crash}. Take a damage point a square of speed (speed and squares apart: "
        f"the larger distance, 3 squares east and 1 north is 3); {put}; go on at speed 1 next "
        f"turn (a normal move, no boost); {limit}. Never hit a car on purpose: a "
        "move whose line passes through or lands on another car's point collides; a collision "
        "is allowed only when every move you may make collides or crashes; then both cars take "
        "a damage point a square they were apart last turn, stop, and move off at speed 1 next "
        f"turn (no boost). {log}"
    )


def worksheet_rules(shown: TrackFace, rules: Rules, race: str, oil: bool = False) -> str:
    """The rules at the foot of every worksheet page: how to race (`race`), the move rule in
    the words of the drawing, every other rule. The command words it before the tracks exist
    (it sets how much room the puzzles have), the document from its tracks: the same text."""
    words = [shown.move_rule(rules), *rules.lines(oil=oil, collision=False)]
    return f"Rules: {rules.short()}. {race} " + " ".join(words)


# --- the rules summary (rules_summary.py lays it out) -------------------------------------------
Section = tuple[str, str]  # a head and its text


def _unprefixed(line: str, capital: bool = True) -> str:
    """A rule line without its 'Name: ' (the summary prints the name as the section's head),
    starting with a capital (or not, to follow a colon)."""
    rest = line.split(": ", 1)[1] if ": " in line[:40] else line
    return (rest[:1].upper() if capital else rest[:1].lower()) + rest[1:]


def _goodie_line(k: str) -> str:
    """A goodie's rule for the summary: the sheet's line (race/table_rules.py) with its price
    beside its name: 'Missile ($30, each fires once, ...): fire it after your move; ...'."""
    from generator.games.graph_racers.race.goodies import PRICES as GOODIE_PRICES
    from generator.games.graph_racers.race.goodies import WORDS
    from generator.games.graph_racers.race.table_rules import GOODIE_RULES

    head, rest = GOODIE_RULES[k].split(": ", 1)
    note = head[head.index("(") + 1 : -1] if head.endswith(")") else ""
    price = f"${GOODIE_PRICES[k]}{' a set' if k == 'guns' else ''}"
    return f"{WORDS[k].capitalize()} ({price}{', ' + note if note else ''}): {rest}"


def basic_sections() -> list[Section]:
    """The seed's basic rules as the engine plays them, for a drawn circuit (the kit's), in
    the words the sheets use: the move rule, how to race, the crash rules."""
    rules = Rules()
    return [
        (
            "You need",
            "2 to 6 players, a pencil of a different colour for each, the track sheet (or "
            "squared paper with a track drawn on it, 5 mm or quarter-inch squares) and the "
            "move log.",
        ),
        (
            "Your car",
            "Your car always stands where two grid lines cross, never inside a square. Mark "
            "each point it reaches with your symbol and join the points with a line in your "
            "colour.",
        ),
        (
            "Turns",
            "The youngest player moves first, then the others in turn; every car moves once a "
            "round. Write each move's point in your column of the move log (after a crash, see "
            "Crashes).",
        ),
        ("The race", drawn_lap_race(None, rules)),
        (
            "A move",
            "Your vector is how far you moved last turn: so many squares across and so many "
            "up or down. Each turn move by the same vector again, or change it by one square "
            "north, south, east or west. On racegen's printed circuits no grid point and no "
            "move of a par line comes within a tenth of a square (0.5 mm) of an edge line, so a "
            "ruler settles every answer. " + drawn_move_rule(rules),
        ),
        (
            "Stopping",
            "Moving one square north, south, east or west, you may stop on your next move; "
            "from standing still you move off at one square.",
        ),
        ("Crashes", _unprefixed(crash_text(rules, FACES["drawn"].wall))),
        (
            "Winning",
            "The first car to finish wins. Play on for second and third place: a car that "
            "is out has lost.",
        ),
    ]


def advanced_sections() -> list[Section]:
    """The seed's advanced rules, as the engine plays them (pick them before the race)."""
    from generator.games.graph_racers.race.design import BUDGET, PRICES
    from generator.games.graph_racers.race.goodies import COIN_GIVES, GIVES_TEXT
    from generator.games.graph_racers.race.swedish import Swedish
    from generator.games.graph_racers.race.table_rules import MONEY_NOT_PLAYED
    from generator.games.graph_racers.track.model import COINS

    boosts = Rules(5, "exact", 2, 2, 0).lines(collision=False)[
        1:
    ]  # brakes x2, turbo x2, one boost a move
    coins = "; ".join(
        f"a {COINS[ch]}: {GIVES_TEXT[COIN_GIVES[ch][0]].format(n=COIN_GIVES[ch][1])}"
        for ch in "pnd"
    )
    bond = " ".join(_goodie_line(k) for k in ("missile", "sprayer", "rocket", "sub", "guns"))
    swedish = Swedish(jumps=True, off_track="circle").lines()
    teams = TableRules(teams=("A", "B")).lines()[0]
    return [
        (
            "Choose first",
            "Agree before the race which of these rules you play; every car plays the same.",
        ),
        ("Brakes, turbo", " ".join(boosts) + " Tick a box for each use."),
        (
            "Oil slicks",
            "Shade oil patches on the track before the race. "
            + _unprefixed(Rules().lines(oil=True)[-1]),
        ),
        (
            "Design a car",
            f"Each player has ${BUDGET}: good brakes ${PRICES['brakes']} a use, turbo "
            f"${PRICES['turbo']} a use, damage points ${PRICES['damage']} each (in place of "
            f"the usual {MAX_DAMAGE}). A car with no damage points blows up at its first hit. Draw the "
            "track first, then design the cars on the car-design sheet. " + MONEY_NOT_PLAYED,
        ),
        (
            "Collectables",
            f"Put coins on the track before the race: {coins}. The first car to drive onto a "
            "coin picks it up. Coins worth money for the next race are not played.",
        ),
        (
            "James Bond",
            "Design the cars with goodies too, from the same $100, as many of each as you can "
            "afford (one submarine). " + bond,
        ),
        (
            "Team racing",
            _unprefixed(teams) + " A player may drive two or three cars, moving each once a turn.",
        ),
        ("Swedish", " ".join(Rules(8).lines()[:1] + swedish)),
    ]
