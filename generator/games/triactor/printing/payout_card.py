"""The Triactor payout card: the seed's four payout tables on one portrait page, exactly as
in the rules, and the horses' shorthand letters.
"""

from __future__ import annotations

from generator.games.triactor.betting.payouts import BetType, credits_per_race, tables
from generator.games.triactor.printing.page_style import GAME, HEAD_FILL, LIGHT, THIN, boxed_code
from generator.games.triactor.race.horses import horses
from generator.printing import PrintSpec
from generator.render import layout
from generator.render.canvas import Canvas
from generator.render.document import Document
from generator.render.glyphs import suit
from generator.render.palette import suit_style


def payouts_document(opts: PrintSpec) -> Document:
    """The seed's four tables on one page, and the horses' shorthand letters."""
    doc = Document("triactor-payouts", "Triactor payout tables", GAME, opts.ident())
    paper = opts.paper_size(landscape=False)  # the tables are a portrait page tall
    c, box = layout.page(doc, paper, mono=opts.mono)
    x0, y = box.x, box.y + 7
    c.text(x0, y, "Triactor: payout tables", 18, bold=True)
    y += 6
    credits = credits_per_race()
    c.text(
        x0,
        y,
        f"Each player has {credits} betting credits per race (winnings can not be used "
        "as betting credits). A box is drawn around the letters of a box bet.",
        8,
    )
    y += 4.5
    c.text(
        x0,
        y,
        "Count, for each horse in a winning bet, the players whose slip back shows that "
        "horse; add the counts for two and three horse bets; read the column.",
        8,
    )
    y += 5
    widths = [34.0, 22.0, 22.0]
    win_w = box.w - sum(widths)
    for g in tables():
        y = _table(c, x0, y + 4, widths, win_w, g.title, g.heading, g.columns, g.bets)
    # horse shorthand table
    y += 8
    c.text(x0, y, "Shorthand letters", 11, bold=True)
    y += 2
    cols = [("Horse Name", 60.0), ("Suit", 40.0), ("Shorthand Letter", 35.0)]
    x = x0
    c.rect(x0, y, sum(w for _, w in cols), 6, HEAD_FILL)
    for title, w in cols:
        c.text(x + 2, y + 4.3, title, 8, bold=True)
        x += w
    y += 6
    for h in horses():
        c.line(x0, y, x0 + sum(w for _, w in cols), y, LIGHT)
        c.text(x0 + 2, y + 4.4, h.name, 9)
        suit(c, h.suit, x0 + 64, y + 3.0, 4.2, suit_style(h.suit))
        c.text(x0 + 68, y + 4.4, f"{h.suits}", 8)
        c.text(x0 + 100 + 2, y + 4.5, h.letter, 10, bold=True, italic=True)
        y += 6
    c.rect(x0, y - 6 * 8 - 6, sum(w for _, w in cols), 6 * 9, THIN)
    return doc


def _table(
    c: Canvas,
    x0: float,
    y: float,
    widths: list[float],
    win_w: float,
    title: str,
    heading: str,
    columns: tuple[str, ...],
    bets: tuple[BetType, ...],
) -> float:
    """One of the seed's tables; returns the y below it."""
    c.text(x0, y, title, 11, bold=True)
    y += 2
    total = sum(widths) + win_w
    top = y
    head = ["Name", "Code", "Betting Credits"]
    if columns:
        lines = layout.wrap(heading, 7, win_w - 4)
        head_h = 5.5 + 3.2 * len(lines) + 5.0
    else:
        head_h = 9.5
    c.rect(x0, y, total, head_h, HEAD_FILL)
    x = x0
    for name, w in zip(head, widths, strict=True):
        for k, part in enumerate(layout.wrap(name, 8, w - 3, bold=True)):
            c.text(x + 2, y + 4.3 + k * 3.4, part, 8, bold=True)
        x += w
    wx = x
    if columns:
        c.text(wx + 2, y + 4.3, "Winnings", 8, bold=True)
        for k, line in enumerate(lines):
            c.text(wx + 2, y + 7.6 + k * 3.2, line, 7)
        cy = y + head_h - 1.5
        cw = win_w / len(columns)
        c.line(wx, cy - 3.8, wx + win_w, cy - 3.8, LIGHT)
        for i, col in enumerate(columns):
            c.text(wx + cw * (i + 0.5), cy, col, 8, bold=True, anchor="middle")
    else:
        c.text(wx + 2, y + 4.3, "Effect", 8, bold=True)
    y += head_h
    for bt in bets:
        row_h = 7.0
        effect = layout.wrap(bt.effect, 8, win_w - 4) if bt.effect else []
        row_h = max(row_h, 3.6 * len(effect) + 3.4)
        c.line(x0, y, x0 + total, y, LIGHT)
        base = y + 4.8
        c.text(x0 + 2, base, bt.name, 9, bold=True)
        boxed_code(c, x0 + widths[0] + 3, base, bt.code, 10, bt.box)
        c.text(
            x0 + widths[0] + widths[1] + widths[2] / 2, base, str(bt.credits), 9, anchor="middle"
        )
        if bt.winnings:
            cw = win_w / len(bt.winnings)
            for i, v in enumerate(bt.winnings):
                c.text(wx + cw * (i + 0.5), base, str(v), 10, anchor="middle")
        for k, line in enumerate(effect):
            c.text(wx + 2, base + k * 3.6, line, 8)
        y += row_h
    c.rect(x0, top, total, y - top, THIN)
    x = x0
    for w in widths:
        x += w
        c.line(x, top, x, y, LIGHT)
    if columns:
        cw = win_w / len(columns)
        for i in range(1, len(columns)):
            c.line(wx + cw * i, top + head_h - 5.3, wx + cw * i, y, LIGHT)
    return y + 3
