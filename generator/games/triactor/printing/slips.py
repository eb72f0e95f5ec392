"""The Triactor betting slips: the front (race, player, the credit lines, the legend of bet
codes with what each costs and pays, the horses), the back (the horses to circle, shown to all),
laid out as a gutter fold or for duplex printing, race numbers printed or left blank.
"""

from __future__ import annotations

from collections.abc import Callable

from generator.games.triactor.betting.payouts import BetType, bet_types, credits_per_race
from generator.games.triactor.printing.page_style import GAME, HEAD_FILL, LIGHT, THIN, boxed_code
from generator.games.triactor.race.horses import horses
from generator.printing import PrintSpec
from generator.render import layout
from generator.render.canvas import Canvas
from generator.render.document import Document
from generator.render.glyphs import suit
from generator.render.palette import suit_style
from generator.render.paper import Paper

# mm: a betting slip. 2 x 2 gutter-fold on a Letter (or landscape Tabloid) sheet with room for
# the calibration bar below: 2 x (2 x 57 + 4) + 6 mm fold gutter + 10 mm bar <= 254.4 mm
SLIP_W, SLIP_H = 92.0, 57.0
BET_LINE_END = 42.0  # mm: where a slip's name and bet lines end (the legend is to the right)
LEGEND_X = 45.5  # mm: the legend's codes
LEGEND_COST = 70.0  # mm: the middle of its cost column

CODE_LEGEND = (  # (bet type, code, box, the words on the slip)
    ("INFO", "INFO", False, "info: 3 coins"),
    ("WIN", "X", False, "win"),
    ("PLACE", "XX", False, "place: 1st/2nd"),
    ("SHOW", "XXX", False, "show: 1st-3rd"),
    ("EXACTOR", "XY", False, "exactor"),
    ("EXACTOR BOX", "XY", True, "exactor box"),
    ("TRIACTOR", "XYZ", False, "triactor"),
    ("TRIACTOR BOX", "XYZ", True, "triactor box"),
)
PAYS_NOTE = "pays by backers: few / some / many"  # under the bets: what the three numbers are


def pays_text(bt: BetType) -> str:
    """What a bet type pays, for the slip's reminder: '16/8/4' (its table row, column by
    column: few, some, many backers), '-' for INFO."""
    return "/".join(str(w) for w in bt.winnings) if bt.winnings else "-"


def slip_front(race: int | None) -> Callable[[Canvas], None]:
    hs = horses()

    def draw(c: Canvas) -> None:
        c.rect(0, 0, SLIP_W, 8.5, HEAD_FILL)
        c.text(3, 6, "TRIACTOR", 11, bold=True)
        c.text(27, 6, "betting slip", 8)
        c.text(SLIP_W - 3, 6, f"Race {race}" if race else "Race ____", 10, bold=True, anchor="end")
        c.text(3, 15.5, "Player", 8)
        c.line(14, 16, BET_LINE_END, 16, THIN)
        credits = credits_per_race()
        step = 19.5 / credits  # the bet lines share the room between the name and the notes
        for i in range(credits):
            y = 23 + i * step
            c.text(3, y, str(i + 1), 9, bold=True)
            c.line(8, y + 0.5, BET_LINE_END, y + 0.5, THIN)
        c.text(3, 40.6, f"{credits} credits a race; box bets cost 2 and 3", 6)
        c.text(3, 43.8, PAYS_NOTE, 6)
        # the code legend on the right: code, bet, cost, and what it pays (a reminder; the
        # payout card has the columns)
        types = bet_types()
        x0 = LEGEND_X
        c.rect(x0 - 1.5, 11.0, SLIP_W - x0, 33.4, LIGHT)
        head = 14.2
        c.text(x0, head, "code", 6, bold=True)
        c.text(x0 + 7.5, head, "bet", 6, bold=True)
        c.text(LEGEND_COST, head, "cost", 6, bold=True, anchor="middle")
        c.text(SLIP_W - 3.5, head, "pays", 6, bold=True, anchor="end")
        for i, (kind, code, box, what) in enumerate(CODE_LEGEND):
            y = 17.9 + i * 3.55
            bt = types[kind]
            boxed_code(c, x0, y, code, 7, box)
            c.text(x0 + 7.5, y, what, 6)
            c.text(LEGEND_COST, y, str(bt.credits), 6, anchor="middle")
            c.text(SLIP_W - 3.5, y, pays_text(bt), 6, anchor="end")
        # horse letters with suits along the bottom
        c.line(0, 46.0, SLIP_W, 46.0, LIGHT)
        step = SLIP_W / 8
        for h in hs:
            x = step * (h.index + 0.5)
            suit(c, h.suit, x - 2.6, 50.5, 3.6, suit_style(h.suit))
            c.text(x + 0.4, 51.8, h.letter, 8, bold=True)
            # the first word of the name at 6 pt (the smallest players read); the widest,
            # "Diaphanous", is 11.3 mm in an 11.5 mm column and its neighbours are short
            c.text(x, 55.2, h.name.split()[0], 6, anchor="middle")

    return draw


def slip_back(race: int | None) -> Callable[[Canvas], None]:
    hs = horses()

    def draw(c: Canvas) -> None:
        c.text(SLIP_W / 2, 7, "Horses I bet on", 10, bold=True, anchor="middle")
        layout.instructions(  # 8 pt, 70 mm wide: inside the slip
            c,
            SLIP_W / 2,
            11.5,
            "circle each horse in your bets once; show this side to all",
            anchor="middle",
        )
        # each name 1.5 mm under its circle and clear of the circle below it
        cols, cw, rh, rad = 4, SLIP_W / 4, 18.4, 7.3
        for h in hs:
            r, col = divmod(h.index, cols)
            cx = cw * (col + 0.5)
            cy = 21.2 + r * rh
            c.circle(cx, cy, rad, LIGHT)
            c.text(cx - 1.2, cy + 3.4, h.letter, 17, bold=True, anchor="middle")
            suit(c, h.suit, cx + 4.0, cy - 3.5, 4.2, suit_style(h.suit))
            c.text(cx, cy + rad + 2.1, h.name, 6, anchor="middle")
        c.text(SLIP_W - 3, SLIP_H - 2.5, f"Race {race}" if race else "Race ____", 6, anchor="end")

    return draw


def slips_documents(
    opts: PrintSpec,
    players: int,
    races: int,
    start: int = 1,
    layouts: tuple[str, ...] = ("gutter-fold", "duplex"),
) -> list[Document]:
    """players x races slips, race numbers printed (race 0: left blank), in each layout."""
    numbers = (
        [None] * players
        if races == 0
        else [r for r in range(start, start + races) for _ in range(players)]
    )
    fronts = [slip_front(n) for n in numbers]
    backs = [slip_back(n) for n in numbers]
    docs = []
    for name in layouts:
        stem = "triactor-slips-" + ("gutter" if name == "gutter-fold" else "duplex")
        title = "Triactor betting slips, " + ("gutter fold" if name == "gutter-fold" else "duplex")
        doc = Document(stem, title, GAME, opts.ident(f"{len(numbers)} slips"))
        two_sided = layout.gutter_fold if name == "gutter-fold" else layout.duplex

        def lay(d: Document, p: Paper, two_sided=two_sided) -> list:  # noqa: ANN001
            return two_sided(d, p, fronts, backs, SLIP_W, SLIP_H, gap=4.0, mono=opts.mono)

        lay(doc, layout.fewest_sheets(opts.paper_turns(), lay))
        docs.append(doc)
    return docs
