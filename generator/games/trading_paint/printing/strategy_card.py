"""The stop-or-roll strategy card: one portrait page with the exact best rule.

The figures come from strategy/card.py (the open straight, and a car to bump or a team-mate
to draft k squares ahead on six lanes); nothing here computes a value. Body text is
9 pt or more, nothing is under 7 pt; meaning never rides on colour alone (rules in words,
choices spelt out, shading only behind headings).
"""

from __future__ import annotations

from fractions import Fraction

from generator.games.trading_paint.strategy.car_ahead import BUMP, DRAFT, OPEN_STOP
from generator.games.trading_paint.strategy.card import StrategyCard, strategy_card
from generator.games.trading_paint.strategy.open_straight import FIXED_DICE
from generator.printing import PrintSpec
from generator.render import layout
from generator.render.canvas import BLACK, GREY, Canvas, Style
from generator.render.clip import Box
from generator.render.document import Document

GAME = "Trading Paint"
BODY = 9.0  # pt
LINE = 4.0  # mm between body lines
FRAME = Style(stroke=BLACK, width=0.5)
RULE = Style(stroke=BLACK, width=0.25)
LIGHT = Style(stroke=GREY, width=0.15)
SHADE = Style(stroke=None, fill="#e6e6e6")
GAINS = (5, 6, 7, 8)  # the gains the car-ahead table gives dice limits for


def strategy_document(opts: PrintSpec) -> Document:
    """One portrait page: the open-straight rule, its exact value against "stop after 4",
    what rolling on is worth, and the table for a car to bump or draft k squares ahead."""
    card = strategy_card()
    doc = Document("trading-paint-strategy", "Trading Paint stop-or-roll card", GAME, opts.ident())
    canvas, box = layout.page(doc, opts.paper_size(landscape=False), mono=opts.mono)
    x, y = box.x, box.y + 6.0
    canvas.text(x, y, "Trading Paint: stop or roll? The exact best rule", 16.0, bold=True)
    y += 5.5
    canvas.text(
        x,
        y,
        "Squares gained in one turn on average, computed exactly from the rules racegen plays.",
        BODY,
        colour="#444444",
    )
    y = _open_rule(canvas, card, x, y + 4.0, box.w)
    y = _values(canvas, card, x, y + 6.5, box.w)
    y = _roll_table(canvas, x, y + 8.0, box.w)
    y = _ahead_rule(canvas, x, y + 8.0, box.w)
    y = _ahead_table(canvas, card, x, y + 4.0, box.w)
    _notes(canvas, card, x, y + 6.5, box)
    return doc


def _para(canvas: Canvas, x: float, y: float, text: str, width: float, **style) -> float:  # noqa: ANN003
    """Wrapped text from baseline y; returns the last baseline."""
    size = style.pop("size", BODY)
    line = style.pop("line", LINE)
    lines = layout.wrap(text, size, width, bold=style.get("bold", False))
    for i, ln in enumerate(lines):
        canvas.text(x, y + i * line, ln, size, **style)
    return y + line * (len(lines) - 1)


def _frac(v: Fraction) -> str:
    return str(v.numerator) if v.denominator == 1 else f"{v.numerator}/{v.denominator}"


def _open_rule(canvas: Canvas, card: StrategyCard, x: float, y: float, width: float) -> float:
    """The rule in large words, framed."""
    t = card.open.threshold
    top = y
    y += 6.5
    canvas.text(x + 4.0, y, "ON AN OPEN STRAIGHT (no bump or draft within reach)", 9.5, bold=True)
    y += 9.0
    canvas.text(x + 4.0, y, f"Roll until stopping would gain {t} squares", 19.0, bold=True)
    y += 8.5
    canvas.text(x + 4.0, y, "or more. Then stop.", 19.0, bold=True)
    y += 6.5
    y = _para(
        canvas,
        x + 4.0,
        y,
        f"At exactly {t} rolling on is worth exactly as much as stopping ({t} squares): a tie. "
        "Count the squares of progress from where your car stands to where it would stop; "
        "a step to the side gains nothing.",
        width - 8.0,
        size=10.0,
        line=4.4,
    )
    y += 3.5
    canvas.rect(x, top, width, y - top, FRAME)
    return y


def _values(canvas: Canvas, card: StrategyCard, x: float, y: float, width: float) -> float:
    o = card.open
    rows = (
        ("The best rule (above)", o.turn, "squares a turn"),
        (f"Stop after {FIXED_DICE} dice (the best fixed rule)", o.fixed, "squares a turn"),
    )
    for label, v, unit in rows:
        canvas.text(x, y, label, 11.0)
        canvas.text(x + 104.0, y, _frac(v), 12.0, bold=True, anchor="end")
        canvas.text(x + 107.0, y, f"= {float(v):.3f} {unit}", 11.0)
        y += 5.6
    gain = float(o.turn / o.fixed - 1) * 100
    return _para(
        canvas,
        x,
        y,
        f"Deciding after each die gains {gain:.1f} % more than counting dice. Endless open "
        f"straight, every die laid the best way, an X losing the path.",
        width,
    )


def _roll_table(canvas: Canvas, x: float, y: float, width: float) -> float:
    """What rolling on is worth, by what stopping would gain now."""
    from generator.games.trading_paint.strategy.open_straight import roll_by_gain

    worth = {g: v for g, v in roll_by_gain().items() if g <= 8}
    canvas.text(x, y, "What rolling on is worth (open straight)", 11.0, bold=True)
    y += 2.5
    head_w = 42.0
    col = (width - head_w) / len(worth)
    labels = ("stopping now gains", "rolling on is worth", "as a decimal", "so")
    row_h = 5.2
    canvas.rect(x, y, width, row_h, SHADE)
    for i, label in enumerate(labels):
        base = y + row_h * i + 3.8
        canvas.text(x + 1.5, base, label, BODY, bold=i in (0, 3))
        for j, (g, v) in enumerate(worth.items()):
            cx = x + head_w + col * (j + 0.5)
            if i == 0:
                s, bold = str(g), True
            elif i == 1:
                s, bold = _frac(v), False
            elif i == 2:
                s, bold = f"{float(v):.3f}", False
            else:
                s = "roll" if v > g else "stop" if v < g else "tie"
                bold = True
            canvas.text(cx, base, s, BODY, bold=bold, anchor="middle")
        if i:
            canvas.line(x, y + row_h * i, x + width, y + row_h * i, LIGHT)
    bottom = y + row_h * len(labels)
    canvas.rect(x, y, width, bottom - y, RULE)
    y = bottom + 4.5
    return _para(
        canvas,
        x,
        y,
        "The same whatever the last die opens (forward and both sides, forward only, forward "
        "and one side, one side only): only what stopping would gain matters. Each roll risks the "
        "X, one roll in six, and with it all the path would gain: below 4 squares the risk is "
        "worth taking, above 4 it is not, at exactly 4 it makes no difference.",
        width,
    )


def _ahead_rule(canvas: Canvas, x: float, y: float, width: float) -> float:
    canvas.text(
        x, y, "A CAR k SQUARES STRAIGHT AHEAD IN YOUR LANE (bump it, or draft a team-mate)",
        11.0, bold=True,
    )  # fmt: skip
    steps = (
        "A bump or draft in reach: take it, always (then roll a fresh path by the rule above).",
        f"Stopping would gain less than {OPEN_STOP}: roll. Exactly {OPEN_STOP}: roll if the bump "
        "or draft can still be reached, else stop.",
        f"{OPEN_STOP + 1} or more: roll only if the bump or draft is at most N dice away (the "
        "table: N by k and by what stopping would gain; a dash: stop), else stop.",
    )
    for i, step in enumerate(steps, start=1):
        y += 5.0
        canvas.text(x, y, f"{i}.", 10.0, bold=True)
        y = _para(canvas, x + 5.0, y, step, width - 5.0, size=10.0, line=4.3)
    y += 5.0
    return _para(
        canvas,
        x,
        y,
        "Dice away: the fewest dice you must still lay, along the open exits of your last die, "
        "before the bump or draft is in reach. A bump is in reach with a die on the square "
        "right behind the car, open forward; a draft with an open exit onto that square. "
        "1 die away: your next die could do it.",
        width,
    )


def _ahead_table(canvas: Canvas, card: StrategyCard, x: float, y: float, width: float) -> float:
    k_w = 12.0
    half = (width - k_w) / 2
    val_w = 21.0
    lim_w = (half - 2 * val_w) / len(GAINS)
    head_h = 13.0
    canvas.rect(x, y, width, head_h, SHADE)
    canvas.text(x + k_w / 2, y + 8.5, "k", 10.0, bold=True, anchor="middle")
    groups = ((BUMP, "Bump an opponent"), (DRAFT, "Draft a team-mate"))
    for g, (_, title) in enumerate(groups):
        gx = x + k_w + g * half
        canvas.text(gx + half / 2, y + 4.2, title, 10.0, bold=True, anchor="middle")
        canvas.text(gx + val_w / 2, y + 8.5, "best", BODY, anchor="middle")
        canvas.text(gx + val_w / 2, y + 12.0, "turn", BODY, anchor="middle")
        canvas.text(gx + val_w * 1.5, y + 8.5, "stop after", BODY, anchor="middle")
        canvas.text(gx + val_w * 1.5, y + 12.0, f"{FIXED_DICE} dice", BODY, anchor="middle")
        lx = gx + 2 * val_w
        canvas.text(
            lx + lim_w * len(GAINS) / 2, y + 8.5, "N, stopping gains", BODY, anchor="middle"
        )
        for j, gain in enumerate(GAINS):
            canvas.text(lx + lim_w * (j + 0.5), y + 12.0, str(gain), BODY, anchor="middle")
        if g:
            canvas.line(gx, y, gx, y + head_h, RULE)
    row_h = 5.0
    top = y
    y += head_h
    for k in sorted({a.distance for a in card.ahead}):
        base = y + 3.7
        canvas.line(x, y, x + width, y, LIGHT)
        canvas.text(x + k_w / 2, base, str(k), BODY, bold=True, anchor="middle")
        for g, (kind, _) in enumerate(groups):
            a = card.row(kind, k)
            gx = x + k_w + g * half
            canvas.text(
                gx + val_w - 3.0, base, f"{float(a.best):.3f}", BODY, bold=True, anchor="end"
            )
            canvas.text(gx + val_w * 2 - 3.0, base, f"{float(a.fixed):.3f}", BODY, anchor="end")
            lx = gx + 2 * val_w
            for j, gain in enumerate(GAINS):
                n = a.limits.get(gain)
                canvas.text(
                    lx + lim_w * (j + 0.5), base, str(n) if n else "-", BODY, anchor="middle"
                )
        y += row_h
    base = y + 3.7
    canvas.line(x, y, x + width, y, RULE)
    canvas.text(x + k_w / 2, base, "none", BODY, bold=True, anchor="middle")
    for g in range(len(groups)):
        gx = x + k_w + g * half
        canvas.text(
            gx + val_w - 3.0, base, f"{float(card.six_lanes):.3f}", BODY, bold=True, anchor="end"
        )
        canvas.text(
            gx + val_w * 2 - 3.0, base, f"{float(card.six_lanes_fixed):.3f}", BODY, anchor="end"
        )
        canvas.text(gx + 2 * val_w + 1.5, base, "open rule", BODY)
    y += row_h
    canvas.rect(x, top, width, y - top, RULE)
    canvas.line(x + k_w, top, x + k_w, y, RULE)
    canvas.line(x + k_w + half, top, x + k_w + half, y, RULE)
    return y


def _notes(canvas: Canvas, card: StrategyCard, x: float, y: float, box: Box) -> None:
    canvas.text(x, y, "How to read it", 10.0, bold=True)
    far = [a.distance for a in card.ahead if a.kind == BUMP and a.best == card.six_lanes]
    odd = sorted({a.distance for a in card.ahead if a.exceptions})
    notes = [
        "Best turn: the squares of progress a turn gains on average, from the first roll, "
        "played the best way; the card's rule gets exactly that"
        + (
            f" (k = {', '.join(map(str, odd))}: 0.00001 less; the best play stops at 3 "
            "when the path is level with the car, one lane off it, and can only step towards it)."
            if odd
            else "."
        )
        + f" Stop after {FIXED_DICE} dice: the same, but stopping after the fourth die, "
        "taking a bump or draft as soon as one is in reach.",
        f"Model: one straight of six lanes, your car in lane {card.lane} (lane "
        f"{7 - card.lane} mirrors it; lanes 1 and 2 need the same N), the car k squares "
        "straight ahead in your lane, nothing else near. A bump gains k, a draft k + 1, and a "
        f"fresh path from there {float(card.six_lanes):.3f} more. A die whose only ways lead "
        "into the pit or the wall ends the turn there.",
    ]
    if far:
        notes.append(
            f"A car {min(far)} or more squares ahead to bump is worth nothing extra: play the "
            "open rule. At k = 2 your first die covers the square behind the car, so a "
            "team-mate there can only be bumped."
        )
    for note in notes:
        y += 4.4
        y = _para(canvas, x, y, note, box.w)
