"""Check a Graph Racers worksheet or class-pack answer on the page (issue 29): the student
enters the sheet's code, the puzzle's number and their moves (typed as a moves file, or
clicked on the board), and is told "legal, finishes in N moves, par P" or the first illegal
move in `racegen graph-racers check`'s words.

A code alone does not give the seed, so the teacher gives the class one address holding the
pack's settings, the printable's own fields (/check/graph-racers/classpack?students=..&tracks=
..&difficulty=..&kind=..&seed=..&paper=..): they are read by the printables page's readers
(printables.spec_from_form, values_from_form: the same words for a bad value) and the tracks
are made by the same generation under the same memo key as the class pack's preview and
download (classroom.classpack_pages), so the track checked is the one printed. The student is
found by the codes of students 1..students (classpack.sheet_code, no generating); a wrong code
is answered before any work. No JavaScript: the answer is in the address, and each request
replays it with the checker (moves/check.py) and draws the board with play.py's pieces."""

from __future__ import annotations

import threading
import weakref
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import bottle

from generator.web.page import PageError, error_text, esc, guarded, page

GAME = "graph-racers"
SHEETS = {"classpack": "class pack", "worksheet": "worksheet"}
ANSWER = ("code", "puzzle", "moves")  # the student's fields; every other field is the sheet's
ANSWER_LAYOUT = ("key", "answers")  # options of the answer pages alone, not on the teacher's form
MOVES_CHARS = 20_000  # a typed answer: far more than any line of play.MAX_MOVES points

LEAD = (
    "Enter the code at the top right of your sheet, the puzzle's number and your moves (or "
    "click the points on the board): you are told whether your line is legal and how far it is "
    "from par, or the first illegal move and why."
)
HELP = (
    "Check an answer to a printed Graph Racers worksheet or class pack. The teacher makes this "
    "page's address once, with the settings the pack was printed with (the seed, the "
    "students, the kind of track, the paper...), and gives it to the class: a sheet's code "
    "does not say its seed. The student enters the code at the top right of the sheet (a class "
    "pack), the puzzle's number, and the moves: the car's points, one pair 'row col' a line, "
    "start first, as the sheet numbers its grid (or the accelerations, as racegen graph-racers "
    "check reads a moves file); or clicks the points on the board. The answer: legal, how many "
    "moves and how far from par, or the first illegal move and why. The first check of a pack "
    "generates its tracks, as its preview does (about a minute for 30 students, more for drawn "
    "circuits); then this computer keeps them, and every check answers at once."
)


# --- the sheet's settings and tracks -----------------------------------------------------------
class _Making:
    """One generation in progress: the requests for the same pack wait for it (a class
    checking at once starts one generation, not thirty)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()


_making: weakref.WeakValueDictionary[Any, _Making] = weakref.WeakValueDictionary()
_making_lock = threading.Lock()


def _made(spec: Any, key: Any, make: Any) -> Any:
    with _making_lock:
        m = _making.get(key)
        if m is None:
            m = _making[key] = _Making()
    with m.lock:
        return spec.remember(key, make)


def sheet_of(name: str, query: Any) -> tuple[Any, Any, dict[str, Any], Any]:
    """(printable entry, spec, option values, planned job) of the sheet the address names, read
    as the printable's form reads them."""
    from generator.games.graph_racers.printing import classroom
    from generator.web.printables import entry, spec_from_form, values_from_form
    from generator.web.work import check_puzzles

    if name not in SHEETS:
        raise bottle.HTTPError(404, "not found")
    e = entry(GAME, name)
    folder = Path(".")  # never written: these printables take no file
    spec = spec_from_form(query, folder, True)
    values = values_from_form(e.options, query, folder)
    check_puzzles(name, values)  # the printable's cap: the same work as its preview
    make = classroom.classpack_job if name == "classpack" else classroom.worksheet_job
    return e, spec, values, make(spec, values)


def pack_tracks(spec: Any, job: Any) -> list:
    """The students (a class pack) or the tracks (a worksheet), made under the key the
    printable's preview and download use (classroom.made_tracks)."""
    from generator.games.graph_racers.printing.classroom import made_tracks

    return made_tracks(spec, job, lambda key, make: _made(spec, key, make))


def student_of(code: str, seed: int, students: int) -> tuple[int, str]:
    """(number, code) of the student whose sheet has `code` (any case, spaces ignored)."""
    from generator.games.graph_racers.printing.classpack import CODE_ALPHABET, sheet_code

    typed = "".join(code.split()).upper()
    if not typed:
        raise PageError("enter the code at the top right of your sheet")
    bad = next((ch for ch in typed if ch not in CODE_ALPHABET), None)
    if bad is not None or len(typed) != 4:
        why = f"{bad!r} is not one of its characters" if bad else f"not {len(typed)}"
        raise PageError(
            f"code {typed[:12]!r}: a sheet's code is 4 characters from {CODE_ALPHABET} ({why}); "
            "copy it from the top right of your sheet"
        )
    taken: list[str] = []
    for i in range(1, students + 1):
        c = sheet_code(seed, i, taken)
        if c == typed:
            return i, c
        taken.append(c)
    raise PageError(
        f"no sheet of this class pack has the code {typed}: check the code at the top right of "
        "your sheet, and that this is the address your teacher gave for your pack",
        404,
    )


def puzzle_number(raw: str, most: int) -> int:
    raw = (raw or "").strip()
    if not raw.isdigit() or not 1 <= int(raw) <= most:
        shown = f"{raw[:12]!r}" if raw else "no number"
        raise PageError(f"puzzle: {shown} is not one of the sheet's puzzles: choose 1 to {most}")
    return int(raw)


# --- the answer ----------------------------------------------------------------------------
def line_points(track: Any, line: Any) -> list[tuple[int, int]]:
    """The car's points of a parsed moves file (accelerations added up from the start)."""
    line = line.resolved(track)
    if line.points is not None:
        return [tuple(p) for p in line.points]
    start = line.start or (track.starts[0] if len(track.starts) == 1 else None)
    if start is None:
        return []
    r, c = start
    vr = vc = 0
    out = [(r, c)]
    for a in line.accelerations or ():
        vr, vc = vr + a[0], vc + a[1]
        r, c = r + vr, c + vc
        out.append((r, c))
    return out


def verdict_words(verdict: Any, par: int | None) -> str:
    """'legal, finishes in N moves, par P (N-P over par)', or check's words for the rest."""
    from generator.games.graph_racers.moves.check import moves_text

    if not verdict.legal:
        if verdict.bad_move is None:  # finish not reached: legal so far
            return f"legal so far, {verdict.message}"
        return f"illegal: {verdict.message}"
    n = verdict.moves
    said = f"legal, finishes in {moves_text(n)}"
    if par is None:
        return said
    if n == par:
        return f"{said}, par {par} (at par: a best line)"
    if n > par:
        return f"{said}, par {par} ({n - par} over par)"
    return f"{said}, par {par} ({par - n} under par)"


# --- the page --------------------------------------------------------------------------------
def _address(name: str, query: Any, **answer: Any) -> str:
    """This page's address: the sheet's settings as given, then the answer's fields."""
    q = [(k, v) for k, v in query.allitems() if k not in ANSWER]
    q += [(k, v) for k, v in answer.items() if v not in (None, "")]
    return f"/check/{GAME}/{name}?" + urlencode(q)


def _points_text(points: list[tuple[int, int]]) -> str:
    return "\n".join(f"{r} {c}" for r, c in points)


def board(track: Any, points: list, bad: int | None, choices: list, link: Any) -> str:
    """The track (play.py's board pieces) with the student's line, its bad move in red, and
    the points the car may click next (`choices` from play.replay), each a link `link(q)`."""
    from generator.games.graph_racers.moves.referee import CRASH
    from generator.games.graph_racers.printing.faces import face
    from generator.render.canvas import Canvas
    from generator.render.svg import num, page_svg
    from generator.web.play import PITCH, board_open, hit_circle, svg_root

    drawing = face(track).drawing(track, PITCH)
    canvas = Canvas(drawing.width, drawing.height, id="track")
    drawing.draw(canvas)
    shown = points[: bad + 1] if bad else points
    out = [
        board_open(track, drawing, [q for q, _, _ in choices] + shown),
        svg_root(page_svg(canvas), drawing.width, drawing.height),
    ]
    good = shown[:bad] if bad else shown
    xy = [drawing.xy(p) for p in good]
    if len(xy) > 1:
        d = " ".join(f"{num(x)},{num(y)}" for x, y in xy)
        out.append(
            f'<polyline id="your-line" points="{d}" fill="none" stroke="#d55e00" '
            'stroke-width="0.7" stroke-linejoin="round" stroke-linecap="round"/>'
        )
    for x, y in xy:
        out.append(f'<circle cx="{num(x)}" cy="{num(y)}" r="0.7" fill="#d55e00"/>')
    if xy:  # the car where the line (or its legal part) ends
        out.append(
            f'<circle id="car" cx="{num(xy[-1][0])}" cy="{num(xy[-1][1])}" r="1.5" '
            'fill="#d55e00" stroke="#000" stroke-width="0.3"/>'
        )
    if bad and len(shown) > bad:
        (x1, y1), (x2, y2) = drawing.xy(shown[bad - 1]), drawing.xy(shown[bad])
        out.append(
            f'<line id="bad-move" x1="{num(x1)}" y1="{num(y1)}" x2="{num(x2)}" y2="{num(y2)}" '
            'stroke="#c00" stroke-width="0.7" stroke-dasharray="1.2 0.7"/>'
            f'<circle cx="{num(x2)}" cy="{num(y2)}" r="1.1" fill="#c00"/>'
        )
    for q, kind, outcome in choices:
        x, y = drawing.xy(q)
        cls = "crash" if outcome == CRASH and kind != "start" else "choice"
        title = "start here" if kind == "start" else (kind or "move here")
        title = f"crash: {title}" if cls == "crash" else title
        out.append(
            f'<a href="{esc(link(q))}" class="point" data-point="{q[0]},{q[1]}" '
            f'data-kind="{cls}"><title>{esc(title)} ({q[0]}, {q[1]})</title>{hit_circle(x, y)}'
            f'<circle class="{cls}" cx="{num(x)}" cy="{num(y)}" r="1.1"/></a>'
        )
    out.append("</svg>")
    return f'<div class="board">{"".join(out)}</div>'


def answer_form(name: str, query: Any, most: int, code: str, puzzle: str, moves: str) -> str:
    hidden = "".join(
        f'<input type="hidden" name="{esc(k)}" value="{esc(v)}">'
        for k, v in query.allitems()
        if k not in ANSWER
    )
    fields = []
    if name == "classpack":
        fields.append(
            '<label for="c-code">code<span class="help">The 4 characters at the top right of '
            f'your sheet.</span></label><input id="c-code" name="code" value="{esc(code)}" '
            'maxlength="12" autocomplete="off" autocapitalize="characters" spellcheck="false">'
        )
    opts = "".join(
        f'<option value="{n}"{" selected" if str(n) == puzzle else ""}>{n}</option>'
        for n in range(1, most + 1)
    )
    fields.append(
        '<label for="c-puzzle">puzzle<span class="help">Which puzzle on the sheet.</span>'
        f'</label><select id="c-puzzle" name="puzzle">{opts}</select>'
    )
    fields.append(
        '<label for="c-moves">moves<span class="help">The car\'s points, one pair "row col" a '
        "line, start first (or click the points on the board after Check).</span></label>"
        f'<textarea id="c-moves" name="moves" rows="8" cols="16" spellcheck="false">'
        f"{esc(moves)}</textarea>"
    )
    return (
        f'<form method="get" action="/check/{GAME}/{name}" class="options" id="answer">'
        f'{hidden}{"".join(fields)}<div class="buttons"><button type="submit">Check</button>'
        "</div></form>"
    )


def check_body(name: str, query: Any) -> tuple[str, str, int, str]:
    """(title, body, status, error) of the check page for the sheet and answer in the address."""
    from generator.errors import InvalidInput
    from generator.games.graph_racers.generating.generate import stored_solution
    from generator.games.graph_racers.moves.check import check_line, parse_moves
    from generator.web.play import MAX_MOVES, replay

    _, spec, values, job = sheet_of(name, query)
    code = query.get("code", "") or ""
    puzzle_raw = query.get("puzzle", "") or ""
    moves = query.get("moves", "") or ""
    most = job.tracks_each if name == "classpack" else job.count
    title = f"Check a {SHEETS[name]} answer"
    what = SHEETS[name]
    if name == "classpack":
        each = "1 puzzle" if job.tracks_each == 1 else f"{job.tracks_each} puzzles"
        who = "1 student" if job.students == 1 else f"{job.students} students"
        what += f" of {who}, {each} each"
    else:
        what += f" of {job.count} puzzles"
    head = (
        f'<h1>{esc(title)}</h1><p class="note">{esc(LEAD)}</p>'
        f'<p class="note" id="sheet">This address checks the {esc(what)}: {job.kind} tracks, '
        f"{esc(job.difficulty)}, seed {job.seed}, {esc(spec.paper)}"
        f"{' landscape' if spec.landscape else ''}; rules: {esc(job.rules.short())}. "
        f'<a id="class-link" href="{esc(_address(name, query))}">The link for the class</a>.</p>'
    )
    help_ = (
        '<details id="help"><summary>How this page works</summary>'
        f'<p class="note">{esc(HELP)}</p></details>'
    )
    form = answer_form(name, query, most, code, puzzle_raw or "1", moves)
    asked = "code" in query or "puzzle" in query or "moves" in query
    if not asked:
        return title, head + form + help_, 200, ""
    found = ""
    if name == "classpack":
        number, code = student_of(code, job.seed, job.students)
        found = f"Sheet {code} (student {number} of {job.students}), "
    puzzle = puzzle_number(puzzle_raw, most)
    if len(moves) > MOVES_CHARS:
        raise PageError(f"moves: more than {MOVES_CHARS:,} characters: check one line", 413)
    made = pack_tracks(spec, job)
    track = made[number - 1].tracks[puzzle - 1] if name == "classpack" else made[puzzle - 1]
    par = stored_solution(track).moves
    found += f"puzzle {puzzle} of {most}: {esc(track.name)}, par {par}."
    rules = job.rules

    def link(q: tuple[int, int], pts: list) -> str:  # to the car: a phone's board scrolls
        moves = _points_text(pts + [q])
        return _address(name, query, code=code, puzzle=puzzle, moves=moves) + "#car"

    def take_back(pts: list) -> str:
        return _address(name, query, code=code, puzzle=puzzle, moves=_points_text(pts))

    points: list = []
    bad = None  # the first illegal move's number (1 on), None when there is none
    choices: list = []
    status = (
        '<p class="status" id="verdict">No moves yet: type them above, or click a start '
        "point (a ringed green point) and then each next point.</p>"
    )
    if moves.strip():
        try:
            line = parse_moves(moves, "moves")
            points = line_points(track, line)
            if len(points) > MAX_MOVES:
                raise PageError(f"more than {MAX_MOVES} points: check one line", 413)
            verdict = check_line(track, rules, line)
        except InvalidInput as e:  # the moves as typed: the form stays, to mend them
            body = head + f'<p class="note" id="found">{found}</p>' + form
            return title, body + board(track, [], None, [], str) + help_, 400, error_text(e)
        bad = verdict.bad_move or None
        unfinished = not verdict.legal and verdict.bad_move is None
        # pinned to the top of the screen while the board scrolls: a point clicked on a phone
        # jumps to the car (#car), and the verdict stays in view (style.css .pinned)
        cls = "status pinned" + ("" if verdict.legal or unfinished else " error")
        status = (
            f'<p class="{cls}" id="verdict" data-legal="{str(verdict.legal).lower()}" '
            f'data-moves="{verdict.moves}" data-par="{par}">'
            f"{esc(verdict_words(verdict, par))}</p>"
        )
        if unfinished:
            choices = replay(track, rules, points).choices
        elif verdict.bad_move == 0:  # not from a start point, or no move: start again
            points = points[:1] if points and points[0] in track.starts else []
            choices = replay(track, rules, points).choices
    else:
        choices = replay(track, rules, []).choices
    links = []
    if points:
        back = points[:bad] if bad else points[:-1]
        words = "Back to the last legal point" if bad else "Take back the last move"
        links.append(f'<a id="take-back" href="{esc(take_back(back))}">{words}</a>')
        links.append(f'<a id="start-again" href="{esc(take_back([]))}">Start again</a>')
    body = (
        head
        + f'<p class="note" id="found">{found}</p>'
        + status
        + (f"<p>{' · '.join(links)}</p>" if links else "")
        + form
        + board(track, points, bad, choices, lambda q: link(q, points))
        + help_
    )
    return title, body, 200, ""


def settings_body() -> str:
    """The teacher's page: the settings a pack or worksheet was printed with, to make the
    address the class checks their answers at."""
    from generator.printing import PAPER_NAMES
    from generator.web.fields import field
    from generator.web.printables import entry

    parts = [
        "<h1>Check worksheet and class-pack answers</h1>",
        f'<p class="note">{esc(HELP)}</p>',
    ]
    for name, what in SHEETS.items():
        e = entry(GAME, name)
        # the answers' layout (key, answers) changes no track: left at the printable's default
        fields = [field(o) for o in e.options if o.dest not in ANSWER_LAYOUT]
        fields.append(
            f'<label for="s-{name}-paper">paper</label><select id="s-{name}-paper" name="paper">'
            + "".join(f'<option value="{p}">{p}</option>' for p in PAPER_NAMES)
            + "</select>"
        )
        fields.append('<label><input type="checkbox" name="landscape" value="1"> landscape</label>')
        fields.append(
            f'<label for="{name}-seed">seed<span class="help">The seed the sheets were printed '
            f'with (1 when empty).</span></label><input id="{name}-seed" type="number" '
            'name="seed" value="">'
        )
        html = "".join(fields).replace('id="f-', f'id="{name}-').replace('for="f-', f'for="{name}-')
        parts.append(
            f'<form method="get" action="/check/{GAME}/{name}" class="options" id="{name}-settings">'
            f'<h2>A {what}</h2>{html}<div class="buttons"><button type="submit">'
            f"Make the {what}'s check page</button></div></form>"
        )
    return "".join(parts)


def routes(app: bottle.Bottle) -> None:
    @app.get(f"/check/{GAME}")
    @guarded("Check answers")
    def settings() -> str:
        return page("Check answers", settings_body())

    @app.get(f"/check/{GAME}/<name>")
    @guarded("Check answers")
    def check(name: str) -> str:
        title, body, status, error = check_body(name, bottle.request.query)
        return page(title, body, error=error, status=status)
