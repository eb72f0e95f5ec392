"""Two Triactor pages for the table: the ledger (winnings race by race and the running totals,
blank or filled from a bets file and the results) and the odds sheet (each horse's chances,
with where the coins lie, and what each bet type brings back per credit).

The ledger is decision 31 and the odds sheet's note decision 30 (docs/rules/triactor.md).
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from pathlib import Path

from generator.errors import BadOption, InvalidInput
from generator.games.triactor.betting.bets import all_bets
from generator.games.triactor.betting.odds import Tally, simulate, std_error
from generator.games.triactor.betting.payouts import bet_types, credits_per_race
from generator.games.triactor.betting.report import KINDS, coin_spots_note
from generator.games.triactor.betting.settle import Season
from generator.games.triactor.printing.page_style import GAME, HEAD_FILL, LIGHT, boxed_code
from generator.games.triactor.race.horses import LETTERS, horses
from generator.games.triactor.race.track import coin_steps
from generator.printing import PrintSpec
from generator.render import layout
from generator.render.canvas import BLACK, GREY, Style
from generator.render.document import Document
from generator.render.glyphs import suit
from generator.render.palette import suit_style
from generator.render.text import shortened

RULED = Style(
    stroke=BLACK, width=0.3
)  # the ledger's and odds sheet's frames, heavier than page_style.THIN
NOTE_FILL = Style(stroke=GREY, width=0.2, fill="#f4f4f4")

# --- the ledger ----------------------------------------------------------------------------------
LEDGER_PLAYERS = 6  # rows of a blank ledger (the seed: 3 to 6 players)
LEDGER_RACES = 6  # race columns of a blank ledger
LEDGER_MOST = 12  # players or races one page holds


def ledger_advice() -> str:
    """How to keep the ledger (an instruction: 8 pt), with the credits from the data."""
    return (
        "After each race, write each player's winnings under won and add them to the total "
        "before it under so far. Winnings are never betting credits: every race starts with "
        f"{credits_per_race()} credits each. The largest total after the last race wins."
    )


NAME_W = 44.0  # mm: the players' column
TOTAL_W = 22.0  # mm: the final totals column


def season_of(bets: Path | str, results: Path | str) -> Season:
    """The season the files settle (settle.settle_season), for a filled ledger."""
    from generator.games.triactor.betting.settle import load_bets_from, load_results, settle_season

    finishes, results_source = load_results(results)
    wagers, bets_source = load_bets_from(bets)
    return settle_season(wagers, finishes, bets_source, results_source)


def ledger_size(players: int, races: int, season: Season | None) -> tuple[int, int]:
    """Rows and race columns: at least `players` and `races` (0: as many as the files fill,
    or the blank sheet's 6 and 6), and never fewer than the files fill."""
    filled_players = len(season.players) if season else 0
    filled_races = len(season.races) if season else 0
    rows = max(players or (filled_players or LEDGER_PLAYERS), filled_players)
    cols = max(races or (filled_races or LEDGER_RACES), filled_races)
    if filled_players > LEDGER_MOST:
        raise InvalidInput(
            f"the bets file names {filled_players} players, more than the {LEDGER_MOST} rows "
            "of a ledger page: settle the season on the command line instead"
        )
    if filled_races > LEDGER_MOST:
        raise InvalidInput(
            f"the results give {filled_races} races, more than the {LEDGER_MOST} columns of a "
            "ledger page: settle the season on the command line instead"
        )
    return rows, cols


def ledger_document(
    opts: PrintSpec,
    players: int = 0,
    races: int = 0,
    bets: Path | str | None = None,
    results: Path | str | None = None,
) -> Document:
    """The ledger: players down, races across (each race's winnings and the running total),
    the final totals on the right; landscape. Blank, or filled from a bets file and its
    results (the winnings settle pays, the finish over each race, who leads)."""
    if (bets is None) != (results is None):
        missing = "--results" if bets is not None else "--bets"
        raise BadOption(
            "a filled ledger needs the bets file and the results together: give --bets and "
            "--results, or neither for a blank ledger",
            missing,
        )
    if bets is not None and str(bets) == str(results) == "-":
        raise BadOption("--bets and --results cannot both be read from standard input", "--results")
    season = season_of(bets, results) if bets is not None and results is not None else None
    rows, cols = ledger_size(players, races, season)
    ident = "blank" if season is None else f"{len(season.races)} races filled"
    doc = Document("triactor-ledger", "Triactor ledger", GAME, opts.ident(ident))
    canvas, box = layout.page(doc, opts.paper_size(landscape=True), mono=opts.mono)
    x0, y = box.x, box.y + 6.0
    canvas.text(x0, y, "Triactor ledger", 14, bold=True)
    canvas.text(
        box.right, y, "winnings race by race, and each player's running total", 9, anchor="end"
    )
    y += 6.0
    last = layout.instructions(canvas, x0, y, ledger_advice(), box.w)
    top = last + 5.0
    head1, head2 = 8.0, 5.5
    foot = 8.0 if season is not None else 0.0
    row_h = min(14.0, (box.bottom - top - head1 - head2 - foot) / rows)
    race_w = (box.w - NAME_W - TOTAL_W) / cols
    table_h = head1 + head2 + rows * row_h
    # headings
    canvas.rect(x0, top, box.w, head1 + head2, HEAD_FILL)
    canvas.text(x0 + 2.0, top + head1 + 2.5, "player", 9, bold=True)
    tx = box.right - TOTAL_W / 2
    canvas.text(tx, top + head1 + 2.5, "total", 10, bold=True, anchor="middle")
    for k in range(cols):
        rx = x0 + NAME_W + k * race_w
        label = f"race {k + 1}"
        if season is not None and k < len(season.races):
            finish = " ".join(LETTERS[h] for h in season.races[k].finish)
            if layout.text_width(f"{label}: {finish}", 9, bold=True) <= race_w - 2.0:
                label = f"{label}: {finish}"
        canvas.text(rx + race_w / 2, top + 5.6, label, 9, bold=True, anchor="middle")
        for j, word in enumerate(("won", "so far")):
            cx = rx + race_w / 4 + j * race_w / 2
            canvas.text(cx, top + head1 + 3.8, word, 7, anchor="middle")
    # the ruled lines
    body = top + head1 + head2
    for r in range(rows + 1):
        canvas.line(x0, body + r * row_h, box.right, body + r * row_h, LIGHT if r else RULED)
    canvas.line(x0 + NAME_W, top + head1, box.right - TOTAL_W, top + head1, LIGHT)
    canvas.line(x0 + NAME_W, top, x0 + NAME_W, top + table_h, RULED)
    for k in range(cols):
        rx = x0 + NAME_W + k * race_w
        if k:
            canvas.line(rx, top, rx, top + table_h, RULED)
        canvas.line(rx + race_w / 2, top + head1, rx + race_w / 2, top + table_h, LIGHT)
    canvas.line(box.right - TOTAL_W, top, box.right - TOTAL_W, top + table_h, RULED)
    canvas.rect(x0, top, box.w, table_h, RULED)
    if season is None:
        return doc
    # filled: names, each race's winnings ('-': no bets that race) and the running totals
    size = min(10.0, row_h * 0.55 / 0.3528)
    done = len(season.races)
    leaders = season.leaders()
    for i, player in enumerate(season.players):
        base = body + i * row_h + row_h / 2 + size * 0.3528 * 0.36
        canvas.text(x0 + 2.0, base, shortened(player, size, NAME_W - 4.0), size)
        for k, race in enumerate(season.races):
            rx = x0 + NAME_W + k * race_w
            won = str(race.totals[player]) if player in race.totals else "-"
            canvas.text(rx + race_w / 4, base, won, size, anchor="middle")
            total = str(season.running[k][player])
            canvas.text(rx + race_w * 3 / 4, base, total, size, anchor="middle")
        if done == cols:  # every column filled: the final totals too
            lead = player in leaders
            canvas.text(tx, base, str(season.totals[player]), size, bold=lead, anchor="middle")
    best = season.totals[leaders[0]]
    who = leaders[0] if len(leaders) == 1 else " and ".join(leaders) + ", tied,"
    canvas.text(
        x0, top + table_h + 6.0, f"Leading after race {done}: {who} with {best}", 9, bold=True
    )
    return doc


# --- the odds sheet ------------------------------------------------------------------------------
ODDS_RACES = 20_000  # races simulated for the sheet (a second at most)
ODDS_SEED = 1


@cache
def sheet_tally(races: int = ODDS_RACES, seed: int = ODDS_SEED) -> Tally:
    """The races the odds sheet reads (every coin drawn, a die picked at random)."""
    return simulate(races, seed=seed)


def average_chance(kind: str) -> Fraction:
    """The chance that a bet of this type on horses picked at random pays: exact, whatever
    the race (every finish pays the same number of the type's bets)."""
    bets = all_bets(kind)
    return Fraction(sum(b.wins((0, 1, 2)) for b in bets), len(bets))


def per_credit(kind: str) -> tuple[Fraction, ...]:
    """Expected winnings per credit of a bet of this type on horses picked at random, in each
    payout column (few, some, many backers): exact."""
    bt = bet_types()[kind]
    return tuple(average_chance(kind) * w / bt.credits for w in bt.winnings)


def odds_sheet_document(opts: PrintSpec) -> Document:
    """One portrait page: each horse's chances to win, place and show before any coin is
    seen (simulated), where the coins lie (the chances hold for these spots only), and what a
    credit brings back on average per bet type and payout column (exact)."""
    tally = sheet_tally()
    n = tally.races
    places = tally.places()
    worst = max(std_error(p, n) for row in places for p in row)
    doc = Document("triactor-odds-sheet", "Triactor odds sheet", GAME, opts.ident())
    canvas, box = layout.page(doc, opts.paper_size(landscape=False), mono=opts.mono)
    x0, y = box.x, box.y + 6.0
    canvas.text(x0, y, "Triactor odds sheet", 14, bold=True)
    y += 6.0
    intro = (
        "Each horse's chance before any coin is turned over, from "
        f"{n:,} simulated races in which each turn's die is picked at random (each figure "
        f"within about {2 * worst * 100:.1f} points). Knowing a coin (INFO) changes them."
    )
    for line in layout.wrap(intro, 9, box.w):
        canvas.text(x0, y, line, 9)
        y += 4.0
    # the coins: the chances hold for these spots only (decision 30)
    note = layout.wrap(coin_spots_note(printed=True), 9, box.w - 6.0, bold=True)
    note_h = 3.0 + 4.0 * len(note)
    canvas.rect(x0, y, box.w, note_h, NOTE_FILL)
    for i, line in enumerate(note):
        canvas.text(x0 + 3.0, y + 5.0 + i * 4.0, line, 9, bold=True)
    y += note_h + 8.0
    # the horses
    cols = [("horse", 70.0), ("coin on step", 30.0), ("win", 25.0), ("place", 25.0), ("show", 25.0)]
    table_top = y - 5.0
    width = _head_row(canvas, x0, y, cols)
    y += 2.0
    steps = coin_steps()
    for h in horses():
        win, place, show = places[h.index]
        y += 7.0
        suit(canvas, h.suit, x0 + 4.0, y - 1.4, 4.2, suit_style(h.suit))
        canvas.text(x0 + 8.0, y, h.letter, 10, bold=True)
        canvas.text(x0 + 13.0, y, h.name, 10)
        cells = (str(steps[h.index]), f"{win:.1%}", f"{place:.1%}", f"{show:.1%}")
        x = x0 + cols[0][1]
        for (_, w), text in zip(cols[1:], cells, strict=True):
            canvas.text(x + w / 2, y, text, 10, anchor="middle")
            x += w
        canvas.line(x0, y + 2.5, x0 + width, y + 2.5, LIGHT)
    canvas.rect(x0, table_top, width, y + 2.5 - table_top, RULED)
    y += 14.0
    # what a credit brings back
    canvas.text(x0, y, "What a credit brings back, on average", 11, bold=True)
    y += 5.0
    words = (
        "For a bet of each type on horses picked at random (exact): its winnings per credit "
        "spent in each column of the payout card, which counts the players whose slip backs "
        "show the bet's horses. Below 1.00, a credit brings back less than it cost on average."
    )
    for line in layout.wrap(words, 9, box.w):
        canvas.text(x0, y, line, 9)
        y += 4.0
    y += 4.0
    heads = [("bet", 40.0), ("code", 20.0), ("credits", 20.0), ("backers", 36.0)]
    heads += [("few", 22.0), ("some", 22.0), ("many", 22.0)]
    width = _head_row(canvas, x0, y, heads)
    y += 2.0
    types = bet_types()
    first = y - 7.0
    for kind in KINDS:
        bt = types[kind]
        y += 6.5
        canvas.text(x0 + 2.0, y, kind, 9, bold=True)
        boxed_code(canvas, x0 + heads[0][1] + heads[1][1] / 2, y, bt.code, 9, bt.box, "middle")
        x = x0 + heads[0][1] + heads[1][1]
        canvas.text(x + heads[2][1] / 2, y, str(bt.credits), 9, anchor="middle")
        x += heads[2][1]
        canvas.text(x + heads[3][1] / 2, y, " / ".join(bt.columns), 9, anchor="middle")
        x += heads[3][1]
        for (_, w), value in zip(heads[4:], per_credit(kind), strict=True):
            canvas.text(x + w / 2, y, f"{float(value):.2f}", 9, anchor="middle",
                        bold=value >= 1)  # fmt: skip
            x += w
        canvas.line(x0, y + 2.3, x0 + width, y + 2.3, LIGHT)
    canvas.rect(x0, first, width, y + 2.3 - first, RULED)
    return doc


def _head_row(canvas, x0: float, y: float, cols: list[tuple[str, float]]) -> float:  # noqa: ANN001
    """A table's shaded heading row (the first column's name at its left, the others
    centred) with its baseline at `y`; returns the table's width."""
    width = sum(w for _, w in cols)
    canvas.rect(x0, y - 5.0, width, 7.0, HEAD_FILL)
    x = x0
    for i, (name, w) in enumerate(cols):
        canvas.text(x + (2.0 if i == 0 else w / 2), y, name, 9, bold=True,
                    anchor="start" if i == 0 else "middle")  # fmt: skip
        x += w
    return width
