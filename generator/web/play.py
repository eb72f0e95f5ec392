"""Play Graph Racers on the page: a track (generated, or uploaded), the car, its velocity
arrow and the legal next points under the chosen rules; a click moves. No JavaScript: the
race so far is in the address (the car's points), every choice is a link, and each request
replays the race with the referee the checker and the solver use (referee.referee_for), so an
edited address is judged as a moves file would be."""

from __future__ import annotations

import hashlib
import re
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any
from urllib.parse import urlencode

import bottle

from generator.errors import LimitExceeded
from generator.web.page import PageError, convert, esc, guarded, page, read_upload
from generator.web.seats import SEAT_TEXT, seats_of, table_of, table_query

PITCH = 5.0  # mm between points in the drawing (the SVG scales to the page)
TAP_PX = 26  # CSS px between points at the least: a move's target is at least 24 px across
SIZES = {"small": (24, 16), "medium": (34, 24), "large": (40, 25)}
KINDS = ("cells", "drawn")
DIFFICULTIES = ("easy", "medium", "hard")
KEY = re.compile(
    r"^(?:g-(cells|drawn)-(small|medium|large)-(easy|medium|hard)-(\d{1,9})|u-([0-9a-f]{16}))$"
)
POINT = re.compile(r"^(-?\d{1,4})\.(-?\d{1,4})$")
MAX_MOVES = 400  # points in an address: longer than any race on the largest track
UPLOADS = 16  # uploaded tracks kept in memory (never on disk), the oldest dropped first
COLOURS = ("#d55e00", "#0072b2", "#009e73", "#cc79a7")
OPTIMAL = "#0072b2"

_uploads: OrderedDict[str, Any] = OrderedDict()
_lock = threading.Lock()


# --- tracks ----------------------------------------------------------------------------------
@lru_cache(maxsize=16)
def generated(kind: str, size: str, difficulty: str, seed: int) -> Any:
    from generator.games.graph_racers.generating.generate import Request, generate
    from generator.games.graph_racers.moves.rules import Rules

    cols, rows = SIZES[size]
    if kind == "drawn":
        from dataclasses import replace

        from generator.errors import InvalidInput
        from generator.games.graph_racers.generating.asked import drawn_width
        from generator.games.graph_racers.generating.drawn import generate_drawn, widths

        req = Request(rows, cols, (4, 7), difficulty, seed, Rules())
        try:
            widths(req)
        except InvalidInput:  # hard circuits are narrower than 4: the difficulty's own widths
            req = replace(req, width=drawn_width(None))
        (track,) = generate_drawn(req, 1)
    else:
        req = Request(rows, cols, (3, 5), difficulty, seed, Rules())
        (track,) = generate(req, 1)
    return track


def track_of(key: str) -> Any:
    m = KEY.match(key or "")
    if m is None:
        raise PageError("no such track: generate one or upload a track file", 404)
    if m.group(5):
        with _lock:
            track = _uploads.get(m.group(5))
        if track is None:
            raise PageError(
                "that uploaded track is no longer kept (racegen serve keeps the last "
                f"{UPLOADS}): upload it again",
                404,
            )
        return track
    return generated(m.group(1), m.group(2), m.group(3), int(m.group(4)))


def upload_track() -> str:
    """Read the uploaded track (the CLI's cap and messages) and keep it in memory."""
    from generator.core import textfile
    from generator.games.graph_racers.track.formats import MAX_BYTES, parse_track
    from generator.resources import load_json

    up = read_upload("track", MAX_BYTES)
    if up is None:
        raise PageError("choose a track file to upload")
    data, shown = up
    where = f"track file {shown}"
    if len(data) > MAX_BYTES:
        raise textfile._too_big(where, MAX_BYTES, "a track file")
    text = textfile.decode(data, where, "save the track as plain text")
    limits = load_json("graph_racers", "presets.json")["limits"]
    stem = shown.rsplit(".", 1)[0] or "track"
    track = parse_track(text, source=shown, max_cells=limits["max_cells"], name=stem)
    digest = hashlib.sha256(data).hexdigest()[:16]
    with _lock:
        _uploads[digest] = track
        _uploads.move_to_end(digest)
        while len(_uploads) > UPLOADS:
            _uploads.popitem(last=False)
    return f"u-{digest}"


# --- rules -------------------------------------------------------------------------------------
def rules_of(track: Any, query: Any) -> Any:
    """The rules asked for in the address over the rules stored with the track."""
    import click

    from generator.games.graph_racers.moves.rules import Rules

    stored = track.meta.get("rules")
    base = Rules.from_dict(stored) if isinstance(stored, dict) else Rules()
    spec = {
        "accel": click.Option(["--accel"], type=click.Choice(["5", "8", "9"])),
        "collision": click.Option(["--collision"], type=click.Choice(["exact", "endpoint"])),
        "brakes": click.Option(["--brakes"], type=click.IntRange(0, 9)),
        "turbo": click.Option(["--turbo"], type=click.IntRange(0, 9)),
        "rocket": click.Option(["--rocket"], type=click.IntRange(0, 1)),
    }
    got = {}
    for name, param in spec.items():
        raw = query.get(name)
        got[name] = getattr(base, name) if raw in (None, "") else convert(param, raw)
    return Rules(
        accel=int(got["accel"]),
        collision=got["collision"],
        brakes=got["brakes"],
        turbo=got["turbo"],
        rocket=got["rocket"],
    )


@lru_cache(maxsize=32)
def _par(key: str, track: Any, rules: Any) -> Any:
    from generator.games.graph_racers.generating.generate import stored_solution
    from generator.games.graph_racers.moves.rules import Rules
    from generator.games.graph_racers.solving.solve import solve

    stored = track.meta.get("rules")
    if "solution" in track.meta and isinstance(stored, dict) and Rules.from_dict(stored) == rules:
        return stored_solution(track)
    return solve(track, rules)


@lru_cache(maxsize=32)
def _print_scale(key: str, track: Any, rules: Any) -> Any:
    """Whether a drawn circuit's par is decided by the printed page (solving/print_scale.py)."""
    from generator.games.graph_racers.solving.print_scale import print_scale

    return print_scale(track, rules)


# --- the race so far -----------------------------------------------------------------------
@dataclass
class Race:
    points: list[tuple[int, int]]
    velocity: tuple[int, int] = (0, 0)
    stage: int = 0
    budget: tuple[int, int, int] = (0, 0, 0)
    finished: bool = False
    crash: str = ""
    choices: list[tuple[tuple[int, int], str, int]] = field(default_factory=list)


def parse_points(text: str, most: int = MAX_MOVES, what: str = "points") -> list[tuple[int, int]]:
    """The address's `moves`: points ROW.COL joined by '_', at most `most` of them (more: a
    413 naming them as `what`)."""
    if not text:
        return []
    parts = text.split("_")
    if len(parts) > most:
        raise PageError(f"more than {most} {what} in the address: start again", 413)
    out = []
    for part in parts:
        m = POINT.match(part)
        if m is None:
            raise PageError(f"moves: {part[:20]!r} is not a point ROW.COL: start again")
        out.append((int(m.group(1)), int(m.group(2))))
    return out


def replay(track: Any, rules: Any, points: list[tuple[int, int]]) -> Race:
    """The race after `points` (the car's points, start first), judged move by move."""
    from generator.games.graph_racers.moves.check import RacingLine, check_line
    from generator.games.graph_racers.moves.referee import CRASH, FINISH, referee_for
    from generator.games.graph_racers.moves.rules import oil_changes, spend

    race = Race(points, budget=rules.budget)
    ref = referee_for(track, rules)
    if not points:
        race.choices = [(p, "start", 1) for p in track.starts]
        return race
    if points[0] not in track.starts:
        raise PageError(f"point 1 ({points[0][0]}, {points[0][1]}) is not a start point")
    r, c = points[0]
    v = (0, 0)
    for i, q in enumerate(points[1:], start=1):
        if race.finished or race.crash:
            raise PageError(f"move {i}: the race was already over: start again")
        nv = (q[0] - r, q[1] - c)
        a = (nv[0] - v[0], nv[1] - v[1])
        allowed = oil_changes(rules, ref, r, c, v, race.budget)
        kind = next((k for b, k in allowed if b == a), None)
        if kind is None:
            verdict = check_line(track, rules, RacingLine(points=tuple(points[: i + 1])))
            raise PageError(verdict.message)
        outcome, race.stage = ref.judge(r, c, nv[0], nv[1], race.stage)
        if outcome == CRASH:
            verdict = check_line(track, rules, RacingLine(points=tuple(points[: i + 1])))
            race.crash = verdict.message
        race.budget = spend(race.budget, kind)
        r, c, v = q[0], q[1], nv
        if outcome == FINISH:
            race.finished = True
    race.velocity = v
    if race.finished or race.crash:
        return race
    allowed = oil_changes(rules, ref, r, c, v, race.budget)
    for a, kind in allowed:
        nv = (v[0] + a[0], v[1] + a[1])
        outcome, _ = ref.judge(r, c, nv[0], nv[1], race.stage)
        race.choices.append(((r + nv[0], c + nv[1]), kind, outcome))
    return race


# --- the page ----------------------------------------------------------------------------------
def svg_root(svg: bytes, w: float, h: float) -> str:
    """The track page's SVG for inline use: no XML declaration, user units for its size."""
    text = svg.decode("utf-8").split("?>", 1)[-1].strip()
    head, rest = text.split(">", 1)
    head = re.sub(r'\s(width|height)="[^"]*"', "", head)
    head = re.sub(r'\sid="[^"]*"', ' id="track-page"', head)
    return f'{head} x="0" y="0" width="{w:g}" height="{h:g}">{rest}'


def _link(key: str, rules: Any, points: list[tuple[int, int]]) -> str:
    q = {
        "track": key,
        "accel": rules.accel,
        "collision": rules.collision,
        "brakes": rules.brakes,
        "turbo": rules.turbo,
        "rocket": rules.rocket,
    }
    if points:
        q["moves"] = "_".join(f"{r}.{c}" for r, c in points)
    return "/play/race?" + urlencode(q)


def off_map(track: Any, p: tuple[int, int]) -> bool:
    """Is the point past the edge of the drawn map (a finishing move may land there)?"""
    return not (0 <= p[0] < track.rows and 0 <= p[1] < track.cols)


def hit_circle(x: float, y: float) -> str:
    """A move's tap target: a clear circle PITCH across under the drawn point."""
    from generator.render.svg import num

    return f'<circle class="hit" cx="{num(x)}" cy="{num(y)}" r="{num(PITCH / 2)}"/>'


def board_open(track: Any, drawing: Any, points: list[tuple[int, int]]) -> str:
    """The board's <svg> tag: the drawn map, its view widened to every point of `points` past
    the map's edge (legal points a fast car reaches beyond the finish), on a grey margin, so
    every legal point can be clicked."""
    from generator.render.svg import num

    w, h = drawing.width, drawing.height
    x0, y0, x1, y1 = 0.0, 0.0, w, h
    for p in points:
        if off_map(track, p):
            x, y = drawing.xy(p)
            x0, y0 = min(x0, x - PITCH), min(y0, y - PITCH)
            x1, y1 = max(x1, x + PITCH), max(y1, y + PITCH)
    # wide enough that each point's tap target (PITCH across) is TAP_PX on screen: on a
    # phone the board scrolls sideways rather than shrink its points under a finger
    tap_width = round((x1 - x0) / PITCH * TAP_PX)
    tag = (
        f'<svg xmlns="http://www.w3.org/2000/svg" '
        f'viewBox="{num(x0)} {num(y0)} {num(x1 - x0)} {num(y1 - y0)}" '
        f'id="board" role="img" aria-label="{esc(track.name)}" '
        f'style="--tap-width:{tap_width}px">'
    )
    if (x0, y0, x1, y1) != (0.0, 0.0, w, h):
        tag += (
            f'<rect id="beyond" x="{num(x0)}" y="{num(y0)}" width="{num(x1 - x0)}" '
            f'height="{num(y1 - y0)}" fill="#e4e8ee"/>'
            f'<rect x="0" y="0" width="{num(w)}" height="{num(h)}" fill="#fff"/>'
        )
    return tag


def beyond_html(links: list[tuple[tuple[int, int], str, str]]) -> str:
    """The legal moves past the map's edge as links too, under the board: (point, words,
    address) each."""
    if not links:
        return ""
    items = " ".join(
        f'<a href="{esc(href)}" class="beyond-move" data-point="{q[0]},{q[1]}">'
        f"({q[0]}, {q[1]}) {esc(words)}</a>"
        for q, words, href in links
    )
    return (
        '<p class="note" id="beyond-moves">Past the edge of the map (drawn on the grey '
        f"margin): {items}</p>"
    )


def board_svg(key: str, track: Any, rules: Any, race: Race, sol: Any) -> str:
    from generator.games.graph_racers.printing.faces import face
    from generator.render.canvas import Canvas
    from generator.render.svg import num, page_svg

    drawing = face(track).drawing(track, PITCH)
    canvas = Canvas(drawing.width, drawing.height, id="track")
    drawing.draw(canvas)
    w, h = drawing.width, drawing.height
    out = [
        board_open(track, drawing, [q for q, _, _ in race.choices]),
        svg_root(page_svg(canvas), w, h),
    ]
    colour = COLOURS[0]
    pts = [drawing.xy(p) for p in race.points]
    if len(pts) > 1:
        d = " ".join(f"{num(x)},{num(y)}" for x, y in pts)
        out.append(
            f'<polyline id="your-line" points="{d}" fill="none" stroke="{colour}" '
            'stroke-width="0.7" stroke-linejoin="round" stroke-linecap="round"/>'
        )
    for x, y in pts[:-1]:
        out.append(f'<circle cx="{num(x)}" cy="{num(y)}" r="0.7" fill="{colour}"/>')
    if race.finished and sol is not None and sol.moves is not None:
        d = " ".join(f"{num(x)},{num(y)}" for x, y in (drawing.xy(p) for p in sol.path))
        out.append(
            f'<polyline id="optimal-line" points="{d}" fill="none" stroke="{OPTIMAL}" '
            'stroke-width="0.5" stroke-dasharray="1.6 0.9" stroke-linejoin="round"/>'
        )
    if pts:
        x, y = pts[-1]
        vr, vc = race.velocity
        if (vr, vc) != (0, 0) and not race.finished:
            x2, y2 = drawing.xy((race.points[-1][0] + vr, race.points[-1][1] + vc))
            out.append(
                f'<line id="velocity" x1="{num(x)}" y1="{num(y)}" x2="{num(x2)}" y2="{num(y2)}" '
                f'stroke="{colour}" stroke-width="0.45" stroke-dasharray="1 0.6"/>'
            )
        fill = "#c00" if race.crash else colour
        out.append(
            f'<circle id="car" cx="{num(x)}" cy="{num(y)}" r="1.5" fill="{fill}" '
            'stroke="#000" stroke-width="0.3"/>'
        )
    from generator.games.graph_racers.moves.referee import CRASH

    for q, kind, outcome in race.choices:
        x, y = drawing.xy(q)
        cls = "crash" if outcome == CRASH and kind != "start" else "choice"
        title = {"start": "start here", "": ""}.get(kind, kind)
        title = "crash: " + (title or "move") if cls == "crash" else (title or "move here")
        href = esc(_link(key, rules, race.points + [q]) + "#car")
        out.append(
            f'<a href="{href}" class="point" data-point="{q[0]},{q[1]}" data-kind="{cls}">'
            f"<title>{esc(title)} ({q[0]}, {q[1]})</title>{hit_circle(x, y)}"
            f'<circle class="{cls}" cx="{num(x)}" cy="{num(y)}" r="1.1"/></a>'
        )
    out.append("</svg>")
    return "".join(out)


def rule_selects(rules: Any) -> str:
    """The rule switches of a new race as selects, set to `rules` (the one-car and the table
    pages' forms)."""

    def select(name: str, values: tuple, current: Any) -> str:
        opts = "".join(
            f'<option value="{v}"{" selected" if str(v) == str(current) else ""}>{v}</option>'
            for v in values
        )
        return f'<label>{name} <select name="{name}">{opts}</select></label> '

    return (
        select("accel", (5, 8, 9), rules.accel)
        + select("collision", ("exact", "endpoint"), rules.collision)
        + select("brakes", tuple(range(10)), rules.brakes)
        + select("turbo", tuple(range(10)), rules.turbo)
        + select("rocket", (0, 1), rules.rocket)
    )


def _rules_form(key: str, rules: Any) -> str:
    return (
        '<form method="get" action="/play/race" class="rules" id="rules">'
        f'<input type="hidden" name="track" value="{esc(key)}">'
        + rule_selects(rules)
        + '<button type="submit">New race with these rules</button></form>'
    )


def _beyond(key: str, track: Any, rules: Any, race: Race) -> list[tuple[tuple[int, int], str, str]]:
    """The car's legal points past the map's edge: (point, what the move does, address)."""
    from generator.games.graph_racers.moves.referee import CRASH, FINISH

    out = []
    for q, kind, outcome in race.choices:
        if off_map(track, q):
            words = {CRASH: "crash", FINISH: "finish"}.get(outcome, "move")
            words += f" ({kind})" if kind and kind != "start" else ""
            out.append((q, words, _link(key, rules, race.points + [q])))
    return out


def race_body(key: str, track: Any, rules: Any, race: Race) -> str:
    from generator.games.graph_racers.printing.faces import face

    sol = None
    note = ""
    if race.finished:
        try:
            sol = _par(key, track, rules)
        except Exception as e:  # a limit: the race stands, without a par
            note = f" (no par: {esc(e)})"
    moves = len(race.points) - 1
    if race.crash:
        status = f'<p class="status error" id="race-status">Crash! {esc(race.crash)}</p>'
    elif race.finished:
        par = sol.moves if sol is not None and sol.moves is not None else None
        if par is None:
            verdict = f"You finished in {moves} moves{note}."
        elif moves == par:
            verdict = f"You finished in {moves} moves: par is {par}. A perfect race!"
        else:
            verdict = f"You finished in {moves} moves: par is {par}, {moves - par} more than the best line."
        if par is not None and getattr(track, "kind", "cells") == "drawn":
            try:  # a generated circuit always is; an uploaded one may not be
                verdict += f" This circuit is {_print_scale(key, track, rules).words()}."
            except LimitExceeded as e:  # the par stands, without the verdict
                verdict += f" (print scale not checked: {e})"
        status = (
            f'<p class="status" id="race-status" data-moves="{moves}" data-par="{par}">'
            f"{esc(verdict)} The dashed blue line is an optimal line.</p>"
        )
    elif not race.points:
        status = (
            '<p class="status" id="race-status">Click a start point (a ringed green point).</p>'
        )
    else:
        b, t, k = race.budget
        boosts = f" Boosts left: brakes {b}, turbo {t}, rocket {k}." if rules.has_boosts else ""
        status = (
            f'<p class="status" id="race-status">Move {moves}: velocity '
            f"({race.velocity[0]}, {race.velocity[1]}). Click a green point to move there "
            f"(red points crash).{boosts}</p>"
        )
    links = []
    if race.points:
        links.append(
            f'<a href="{esc(_link(key, rules, race.points[:-1]))}" id="undo">Undo last move</a>'
        )
        links.append(f'<a href="{esc(_link(key, rules, []))}" id="restart">Start again</a>')
    links.append('<a href="/play">Another track</a>')
    how = face(track).how_to_race(track, rules)
    return (
        f"<h1>Graph Racers: {esc(track.name)}</h1>{status}"
        f"<p>{' · '.join(links)}</p>"
        f'<div class="board">{board_svg(key, track, rules, race, sol)}</div>'
        + beyond_html(_beyond(key, track, rules, race))
        + f'<p class="note">{esc(how)} Rules: {esc(rules.short())}.</p>'
        + _rules_form(key, rules)
    )


def _players_fields(prefix: str = "") -> str:
    """Players on one screen: how many cars, who drives each (generator/web/seats.py), and
    whether the collision and damage rules apply. `prefix`: the ids' (two forms on a page)."""
    count = "".join(
        f'<option value="{n}"{" selected" if n == 1 else ""}>{n}</option>' for n in range(1, 7)
    )
    seats = []
    for i in range(1, 7):
        opts = "".join(
            f'<option value="{k}"{" selected" if k == "human" else ""}>{v}</option>'
            for k, v in SEAT_TEXT.items()
        )
        seats.append(
            f'<label>car {i} <select name="car{i}" id="{prefix}car{i}">{opts}</select></label> '
        )
    return (
        f'<fieldset id="{prefix}players" class="players"><legend>Cars</legend><label>cars '
        f'<select name="players" id="{prefix}players-count">{count}</select></label> '
        '<span class="note">1: race alone against par; 2 to 6 take turns on one screen.</span>'
        "<br>"
        + "".join(seats)
        + f'<br><label><input type="checkbox" name="contact" value="0" id="{prefix}no-contact"> '
        'no contact</label> <span class="note">Without the collision and damage rules: the '
        "cars ignore each other, and a crash costs no damage (the car is still put back and "
        "stopped).</span><br>"
        f'<label>design <input type="text" name="design" id="{prefix}design" size="24" '
        'placeholder="2/2/12 or one a car"></label> '
        f'<label>teams <input type="text" name="teams" id="{prefix}teams" size="12" '
        'placeholder="A,B,A,B"></label> <span class="note">Design your own car with $100: good '
        "brakes/turbo/damage points ($10, $10, $5 each), one for every car or one per car; "
        "teams: one a car (3, 2 and 1 points for the first three).</span></fieldset>"
    )


def to_the_race(key: str, get: Any) -> None:
    """Redirect to the race the form asked for on track `key`: one car (/play/race) or a
    table of two to six (/play/table), with or without contact. `get`: the form's get."""
    players = get("players", "1") or "1"
    if players not in ("1", "2", "3", "4", "5", "6"):
        raise PageError("cars: choose 1 to 6")
    if players == "1":
        bottle.redirect("/play/race?" + urlencode({"track": key}), 303)
    seats = seats_of(".".join(get(f"car{i}", "human") for i in range(1, int(players) + 1)))
    table = table_of({k: get(k, "") for k in ("design", "teams", "contact")}, len(seats))
    q = {"track": key, "cars": ".".join(seats), **table_query(table)}
    bottle.redirect("/play/table?" + urlencode(q), 303)


def choose_body() -> str:
    def select(name: str, values: tuple, current: str) -> str:
        opts = "".join(
            f'<option value="{v}"{" selected" if v == current else ""}>{v}</option>' for v in values
        )
        return f'<label>{name} <select name="{name}">{opts}</select></label> '

    return (
        "<h1>Play Graph Racers</h1>"
        '<p class="note">Race a car on squared paper, on screen: each move keeps the velocity '
        "and may change it a little. Choose a track, click the points, and see your moves "
        "against par at the finish.</p>"
        '<form method="get" action="/play/new" class="options" id="generate"><h2>Generate a track</h2>'
        + select("kind", KINDS, "cells")
        + select("size", tuple(SIZES), "small")
        + select("difficulty", DIFFICULTIES, "easy")
        + '<label>seed <input type="number" name="seed" value="1" min="0" max="999999999"></label> '
        + _players_fields()
        + '<button type="submit">Race it</button></form>'
        '<form method="post" action="/play/upload" enctype="multipart/form-data" class="options" '
        'id="upload"><h2>Or upload a track file</h2>'
        '<label for="up-track">Track file (a track .txt or a drawn circuit .json)</label> '
        '<input type="file" name="track" id="up-track" accept=".txt,.json"> '
        + _players_fields("up-")
        + '<button type="submit">Race it</button></form>'
    )


def routes(app: bottle.Bottle) -> None:
    @app.get("/play")
    @guarded("Play Graph Racers")
    def choose() -> str:
        return page("Play Graph Racers", choose_body())

    @app.get("/play/new")
    @guarded("Play Graph Racers")
    def new() -> Any:
        q = bottle.request.query
        kind, size, diff = (
            q.get("kind", "cells"),
            q.get("size", "small"),
            q.get("difficulty", "easy"),
        )
        seed = q.get("seed", "1") or "1"
        key = f"g-{kind}-{size}-{diff}-{seed}"
        if KEY.match(key) is None:
            raise PageError(
                "choose kind cells or drawn, size small, medium or large, difficulty easy, "
                "medium or hard, and a seed from 0 to 999999999"
            )
        track_of(key)  # generate now: errors show here, not after the redirect
        to_the_race(key, q.get)

    @app.post("/play/upload")
    @guarded("Play Graph Racers")
    def upload() -> Any:
        form = bottle.request.forms
        key = upload_track()
        to_the_race(key, form.get)

    @app.get("/play/race")
    @guarded("Play Graph Racers")
    def race() -> str:
        q = bottle.request.query
        key = q.get("track", "")
        track = track_of(key)
        rules = rules_of(track, q)
        race = replay(track, rules, parse_points(q.get("moves", "")))
        return page(f"Graph Racers: {track.name}", race_body(key, track, rules, race))
