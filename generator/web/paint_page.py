"""The Trading Paint puzzle page and its route (/play/trading-paint; paint_play.py reads
the address and makes the puzzle): the puzzle's board, the roll order, the next choices as
links, the verdict in check's words, the hint, undo, a typed answer; and the page that
chooses a puzzle or a worksheet's puzzle. No JavaScript: every choice is a link, and the
style is inline (the page's own CSS, the site's style.css under it)."""

from __future__ import annotations

from typing import Any

import bottle

from generator.web.page import PageError, esc, guarded, page
from generator.web.paint_answer import Play, drawn_of, ending_token, replay_answer, tokens_text
from generator.web.paint_board import TURN_PX, Target, board_svg, face_svg
from generator.web.paint_play import (
    DIFFICULTIES,
    GOALS,
    KINDS,
    MAX_ANSWER,
    MOST,
    PER_PAGE,
    PUZZLES,
    SQUARE,
    TITLE,
    WHAT,
    Ask,
    ask_of,
    link,
    puzzle_of,
    so_far_of,
    verdict_of,
)

STYLE = """<style>
.paint { display: grid; grid-template-columns: minmax(0, 1fr) 24em; gap: 1em; align-items: start; }
.paint .board svg { max-height: 78vh; }
.paint .board a rect.hit { fill: rgba(0, 160, 110, 0.12); stroke: #0a6; stroke-width: 0.7; cursor: pointer; }
.paint .board a:hover rect.hit, .paint .board a:focus rect.hit { fill: rgba(0, 160, 110, 0.35); }
.paint .board a.chosen rect.hit { fill: rgba(213, 94, 0, 0.25); stroke: #d55e00; stroke-width: 1.1; }
.paint .board a:focus { outline: none; }
.paint .board a:focus rect.hit { stroke: #000; stroke-width: 1.2; }
.paint .panel { background: #fff; border: 1px solid #ddd; border-radius: 6px; padding: 0.4em 0.9em 0.8em; }
.paint .panel h2 { font-size: 1em; margin: 0.8em 0 0.3em; }
.rolls { display: flex; flex-wrap: wrap; gap: 0.4em; list-style: none; padding: 0; margin: 0.3em 0; }
.rolls li { text-align: center; font-size: 0.8em; color: #555; }
.rolls li.laid svg { opacity: 0.45; }
.rolls li.next svg { outline: 3px solid #d55e00; outline-offset: 1px; }
.rolls svg, .turns svg { display: block; }
.choices { display: flex; flex-wrap: wrap; gap: 0.4em; margin: 0.3em 0; }
.choices a { display: inline-block; min-width: 44px; min-height: 44px; box-sizing: border-box; padding: 0.55em 0.8em; border: 1px solid #0a6; border-radius: 6px; background: #f3fbf8; text-decoration: none; color: #064; text-align: center; }
.choices a:hover, .choices a:focus { background: #0a6; color: #fff; }
.choices.turns a { padding: 0.3em; }
.choices a.chosen { border-color: #d55e00; background: #fff3ea; color: #8a3a00; }
.verdict { font-size: 1.1em; padding: 0.5em 0.8em; border-radius: 4px; }
.verdict.right { background: #e6f6ee; border: 1px solid #0a6; color: #064; }
.verdict.wrong { background: #fde8e8; border: 1px solid #d33; color: #900; }
.hint { background: #fff8e1; border: 1px solid #e0b000; border-radius: 4px; padding: 0.4em 0.8em; }
code.answer, #share { word-break: break-all; }
.links a { display: inline-block; padding: 0.35em 0.1em; }
table.values { border-collapse: collapse; background: #fff; }
table.values th, table.values td { border: 1px solid #ccc; padding: 0.2em 0.5em; text-align: left; }
@media (max-width: 800px) { .paint { grid-template-columns: minmax(0, 1fr); } }
</style>"""


def _rolls(p: Any, laid: int) -> str:
    items = []
    for k, f in enumerate(p.faces):
        cls = "laid" if k < laid else "next" if k == laid else ""
        items.append(f'<li class="{cls}" data-face="{f}">{face_svg(f)}{k + 1}</li>')
    return f'<ul class="rolls" id="rolls">{"".join(items)}</ul>'


def _verdict(ask: Ask, p: Any, play: Play, text: str) -> str:
    if not play.over and not play.banked and p.kind == "lay":  # checked before the path ends
        v = so_far_of(ask, text)
        cls = "right" if v.right else "wrong"
        return f'<p class="verdict {cls}" id="verdict" data-right="0">{esc(v.message)}</p>'
    v = verdict_of(ask, text)
    cls = "right" if v.right else "wrong"
    out = f'<p class="verdict {cls}" id="verdict" data-right="{int(v.right)}">{esc(v.message)}</p>'
    if p.kind == "fewest":
        par = p.solution.get("dice_needed")
        used = play.run.dice
        off = "par" if used == par else f"{used - par:+d} from par" if par else ""
        out += f'<p id="par">Par: {par} dice. Your answer lays {used} ({off}).</p>'
    elif p.kind == "lay":
        out += f'<p id="par">Par: every die ({len(p.faces)}). Your answer lays {play.run.dice}.</p>'
    return out


def _turn_lost(p: Any, play: Play) -> str:
    """A note when the turn ended by itself after a die (no way on: a dead end, the pit or
    the wall), as answers.replay words it when more dice follow."""
    from generator.games.trading_paint.rules.state import Place

    run = play.run
    if run.error or not run.moves or not isinstance(run.moves[-1][1], Place):
        return ""
    me = p.state.car
    pos = run.state.pos[me]
    where = p.state.board.label(pos) if pos >= 0 else "the finish"
    return (
        f'<p class="note" id="turn-over">After die {run.dice} there is no way on: the car '
        f"ends at {where} and the turn is over.</p>"
    )


def _stop_values(p: Any) -> str:
    sol = p.solution
    rows = "".join(
        f"<tr><td>{f['face']}</td><td>{esc(f['value'])} ({f['squares']:g})</td>"
        f"<td>{esc(f['play'])}</td></tr>"
        for f in sol.get("faces", [])
    )
    return (
        f'<p id="values">Stop now: {esc(sol["stop"])} squares ({sol["stop_squares"]:g}; '
        f"{esc(sol['best_end'])}). Roll: {esc(sol['roll'])} squares "
        f"({sol['roll_squares']:g}) on average over the six faces:</p>"
        '<table class="values"><tr><th>face</th><th>squares</th><th>best play</th></tr>'
        f"{rows}</table>"
    )


def _hint(p: Any) -> str:
    if p.kind == "stop":
        words = (
            "Count, for each of the six faces, where the car would end (the small numbers are "
            "squares ahead), and compare their average with stopping now; the X (face 5) "
            "loses the whole path."
        )
    else:
        words = p.solution.get("near_miss") or "No hint for this puzzle."
    return f'<p class="hint" id="hint-text">Hint: {esc(words)}</p>'


def _choices(ask: Ask, p: Any, play: Play, text: str, at: int) -> tuple[str, list[Target]]:
    """The panel's choices for the next step, and the board's target squares."""
    from generator.games.trading_paint.puzzles.answers import die_text
    from generator.games.trading_paint.rules.turn import describe

    b = p.state.board
    parts: list[str] = []
    targets: list[Target] = []
    if p.kind == "stop":
        if not text:
            parts.append(
                '<h2>Stop now, or roll one more die?</h2><p class="choices" id="stop-or-roll">'
                f'<a href="{esc(link(ask, "stop"))}" id="choose-stop">Stop</a> '
                f'<a href="{esc(link(ask, "roll"))}" id="choose-roll">Roll</a></p>'
            )
        return "".join(parts), targets
    if play.over:
        return "", targets
    face = play.next_face
    if play.places:
        for sq in sorted(play.places, key=lambda c: b.xy(c)[::-1]):
            label = b.label(sq)
            targets.append(
                Target(sq, link(ask, text, at=label), f"lay the {face} on {label}", sq == at)
            )
        squares = " ".join(
            f'<a href="{esc(t.href)}" class="{"chosen" if t.chosen else ""}" '
            f'data-square="{b.label(t.square)}">{b.label(t.square)}</a>'
            for t in targets
        )
        n = play.run.dice + 1
        parts.append(
            f"<h2>Die {n}: where does the {face} go?</h2>"
            f'<p class="note">Click a green square on the board, or one here.</p>'
            f'<p class="choices" id="squares">{squares}</p>'
        )
        if at in play.places:
            buttons = []
            for r in play.places[at]:
                token = die_text(b, (at, face, r))
                buttons.append(
                    f'<a href="{esc(link(ask, (text + " " + token).strip()))}" '
                    f'data-token="{esc(token)}" title="turned {r * 90} degrees" '
                    f'aria-label="the {face} turned {r * 90} degrees">'
                    f"{face_svg(face, r, TURN_PX, 'turn')}{r * 90}°</a>"
                )
            parts.append(
                f"<h2>Turn the {face} on {b.label(at)}</h2>"
                '<p class="note">Each way it can lie there (turned anticlockwise):</p>'
                f'<p class="choices turns" id="turns">{"".join(buttons)}</p>'
            )
    elif play.stuck:
        parts.append(f'<p class="note" id="stuck">{esc(play.stuck)}: end the path.</p>')
    if play.endings or play.banked:
        state = play.run.state
        ends = " ".join(
            f'<a href="{esc(link(ask, text + " " + ending_token(state, m)))}" '
            f'data-token="{esc(ending_token(state, m))}">{esc(describe(state, m))}</a>'
            for m in play.endings
        )
        if play.banked:  # a fewest answer may end after its bump or draft
            ends += (
                f' <a href="{esc(link(ask, text, check=1))}" id="end-turn">end the turn here</a>'
            )
        parts.append(f'<h2>Or end the path</h2><p class="choices" id="endings">{ends}</p>')
    return "".join(parts), targets


def puzzle_body(ask: Ask, p: Any, text: str, at_text: str, hint: bool, checking: bool) -> str:
    b = p.state.board
    play = Play([], None) if p.kind == "stop" else replay_answer(p, text)
    text = tokens_text(play.tokens) if p.kind != "stop" else text
    at = -1
    if at_text and not play.over:
        m = SQUARE.match(at_text)
        if m is None or not b.in_bounds(int(m.group(1)), int(m.group(2))):
            raise PageError(f"at {at_text[:20]!r}: name a square as COLUMN,ROW (21,14)")
        at = b.cell(int(m.group(1)), int(m.group(2)))
        if not play.places or at not in play.places:
            can = " ".join(b.label(c) for c in sorted(play.places or {})) or "none"
            raise PageError(f"the next die cannot go on {at_text} now (it can go on: {can})")
    choices, targets = _choices(ask, p, play, text, at)
    if p.kind == "stop" and text:
        status = _verdict(ask, p, play, text) + _stop_values(p)
    elif play.over or (checking and text):
        status = _verdict(ask, p, play, text) + _turn_lost(p, play)
    elif p.kind == "stop":
        status = '<p class="status" id="status">Stop now, or roll one more die?</p>'
    else:
        end = "after the last" if p.kind == "lay" else "as soon as it reaches the goal"
        status = (
            '<p class="status" id="status">Lay each die in the order rolled: click a square, '
            f"then the way to turn the die; end the path {end}.</p>"
        )
    laid = play.run.dice if play.run is not None else 0  # the dice the rules took
    links = []
    if text or at >= 0:
        back = text if at >= 0 else tokens_text(play.tokens[:-1]) if p.kind != "stop" else ""
        links.append(f'<a href="{esc(link(ask, back))}" id="undo">Undo</a>')
        links.append(f'<a href="{esc(link(ask))}" id="restart">Start again</a>')
    if text and not play.over and p.kind != "stop":
        words = "Check it so far" if p.kind == "lay" else "Check this answer"
        links.append(f'<a href="{esc(link(ask, text, check=1))}" id="check">{words}</a>')
    links.append(
        f'<a href="{esc(link(ask, text, at=at_text if at >= 0 else "", hint=0 if hint else 1))}" '
        f'id="hint">{"Hide the hint" if hint else "Hint"}</a>'
    )
    nxt = Ask(
        ask.kind,
        ask.goal,
        ask.difficulty,
        ask.seed,
        ask.per_page,
        ask.number % MOST[ask.kind, ask.difficulty] + 1,
    )
    links.append(f'<a href="{esc(link(nxt))}" id="next-puzzle">Next puzzle</a>')
    links.append('<a href="/play/trading-paint" id="choose">Choose another</a>')
    so_far = (
        f'<p>Your answer: <code class="answer" id="answer">{esc(text)}</code></p>' if text else ""
    )
    head = f"Puzzle {ask.number} · {WHAT[p.kind]} · {p.grade}"
    share = esc(link(ask))
    question = f'<p id="question">{esc(p.question())}</p>'
    rolls = _rolls(p, laid) if p.faces else ""
    return (
        STYLE
        + f"<h1>Trading Paint: {esc(head)}</h1>{status}"
        + (_hint(p) if hint else "")
        + f'<p class="links">{" · ".join(links)}</p>'
        + '<div class="paint"><div class="board">'
        + board_svg(p, drawn_of(p, play), targets)
        + '</div><div class="panel">'
        + question
        + rolls
        + so_far
        + choices
        + "</div></div>"
        + _typed_form(ask, text)
        + f'<p class="note">Worksheet settings: seed {ask.seed}, {ask.kind}'
        + (f", goal {ask.goal}" if ask.kind != "stop" else "")
        + f", {ask.difficulty}, {ask.per_page} per page, puzzle {ask.number}. "
        f'This puzzle\'s address: <a href="{share}" id="share">{share}</a></p>'
    )


def _hidden(ask: Ask) -> str:
    return "".join(
        f'<input type="hidden" name="{k}" value="{esc(v)}">' for k, v in ask.query().items()
    )


def _typed_form(ask: Ask, text: str) -> str:
    hint = "stop or roll" if ask.kind == "stop" else "4@21,14/0 6@22,14/90 stop 23,14"
    return (
        '<form method="get" action="/play/trading-paint" class="options" id="typed">'
        + _hidden(ask)
        + '<label for="typed-answer">Or type the answer as on the worksheet</label>'
        f'<input type="text" name="answer" id="typed-answer" value="{esc(text)}" '
        f'placeholder="{esc(hint)}" maxlength="{MAX_ANSWER}" autocomplete="off"> '
        '<div class="buttons"><button type="submit" name="check" value="1">Check it</button>'
        "</div></form>"
    )


def _select(name: str, values: tuple[str, ...], current: str, prefix: str) -> str:
    opts = "".join(
        f'<option value="{v}"{" selected" if v == current else ""}>{v}</option>' for v in values
    )
    return (
        f'<label for="{prefix}{name}">{name.replace("_", " ")}</label>'
        f'<select name="{name}" id="{prefix}{name}">{opts}</select>'
    )


def choose_body() -> str:
    seed = '<label for="{p}seed">seed</label><input type="number" name="seed" id="{p}seed" value="1" min="0" max="999999999">'
    return (
        STYLE + "<h1>Trading Paint puzzles</h1>"
        '<p class="note">Lay the rolled path dice on the board, one at a time, to make the car '
        "bump, draft, finish or reach the star; or say whether to stop or roll. Every puzzle "
        "comes from a seed: the address holds it, so a class can share a puzzle.</p>"
        '<div class="paint"><form method="get" action="/play/trading-paint" class="options" '
        'id="new"><h2>Play a puzzle</h2>'
        + _select("kind", KINDS, "lay", "n-")
        + _select("goal", GOALS, "any", "n-")
        + _select("difficulty", DIFFICULTIES, "easy", "n-")
        + seed.format(p="n-")
        + '<span class="help">A stop puzzle has no goal. A puzzle is made when first asked '
        "for: an easy one at once, a medium or easy stop one in seconds, a hard lay one in a "
        "minute or more; medium and hard stop puzzles are not made here yet (minutes each)."
        "</span>"
        '<div class="buttons"><button type="submit">Play it</button></div></form>'
        '<form method="get" action="/play/trading-paint" class="options" id="worksheet">'
        "<h2>Check a worksheet puzzle</h2>"
        '<p class="note">The settings the worksheet was printed with (its footer shows the '
        "seed), the puzzle's number, and the answer as written (or leave it empty and click "
        "the dice).</p>"
        + seed.format(p="w-")
        + _select("kind", KINDS, "lay", "w-")
        + _select("goal", GOALS, "any", "w-")
        + _select("difficulty", DIFFICULTIES, "easy", "w-")
        + _select("per_page", PER_PAGE, "2", "w-")
        + f'<label for="w-puzzle">puzzle</label><input type="number" name="puzzle" '
        f'id="w-puzzle" value="1" min="1" max="{PUZZLES}">'
        '<label for="w-answer">answer</label><input type="text" name="answer" id="w-answer" '
        f'maxlength="{MAX_ANSWER}" placeholder="4@21,14/0 6@22,14/90 stop 23,14">'
        '<input type="hidden" name="check" value="1">'
        '<div class="buttons"><button type="submit">Check it</button></div></form></div>'
    )


def routes(app: bottle.Bottle) -> None:
    @app.get("/play/trading-paint")
    @guarded(TITLE)
    def play_paint() -> str:
        q = bottle.request.query
        if not any(k in q for k in ("seed", "kind", "puzzle", "answer")):
            return page(TITLE, choose_body())
        ask = ask_of(q)
        text = (q.get("answer", "") or "").strip()
        if len(text) > MAX_ANSWER:
            raise PageError(f"the answer is over {MAX_ANSWER} characters: start again", 413)
        if ask.kind == "stop" and text and text.lower() not in ("stop", "roll"):
            raise PageError(f"answer {text[:40]!r}: a stop puzzle's answer is stop or roll")
        text = text.lower() if ask.kind == "stop" else text
        p = puzzle_of(ask)  # after the address is read: a bad one costs no generating
        body = puzzle_body(
            ask, p, text, q.get("at", ""), q.get("hint") == "1", q.get("check") == "1"
        )
        return page(f"Trading Paint puzzle {ask.number}", body)
