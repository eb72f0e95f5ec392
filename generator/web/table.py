"""Graph Racers for two to six players on one screen (a classroom projector): the race engine
(graph_racers/race/) with the seed's collision and damage rules, or without them (`contact=0`
in the address: the cars ignore each other, crashes cost no damage), each seat in its own
colour and marker shape, and computer drivers (graph_racers/race/drivers.py) for the seats the players
give them. As on the one-car page there is no JavaScript: the race so far (every car's move,
in playing order, as the point its line aims at) is in the address and replayed on each
request; the car on turn's legal points are links in its colour; computer seats move as soon
as the page comes to them, and their moves join the address of the next link."""

from __future__ import annotations

import random
import re
from functools import lru_cache
from typing import Any
from urllib.parse import urlencode

import bottle

from generator.web.page import PageError, esc, guarded, page
from generator.web.play import (
    PITCH,
    beyond_html,
    board_open,
    hit_circle,
    off_map,
    parse_points,
    rule_selects,
    rules_of,
    svg_root,
    track_of,
)
from generator.web.seats import seats_of, table_of, table_query

MAX_ROUNDS = 200  # rounds a race on the page may last; the standings are shown then
MAX_POINTS = 1200  # moves in an address (6 cars x 200 rounds)


# --- the address -------------------------------------------------------------------------------
def points_of(text: str) -> list[tuple[int, int]]:
    """The race's moves in the address, one a point, at most MAX_POINTS."""
    return parse_points(text, MAX_POINTS, "moves")


def link(
    key: str,
    rules: Any,
    seats: list[str],
    seed: int,
    points: list[tuple[int, int]],
    table: Any,
) -> str:
    q: dict[str, Any] = {
        "track": key,
        "cars": ".".join(seats),
        "accel": rules.accel,
        "collision": rules.collision,
        "brakes": rules.brakes,
        "turbo": rules.turbo,
        "rocket": rules.rocket,
        "seed": seed,
        **table_query(table),
    }
    if points:
        q["moves"] = "_".join(f"{r}.{c}" for r, c in points)
    return "/play/table?" + urlencode(q)


# --- the race ----------------------------------------------------------------------------------
@lru_cache(maxsize=8)
def _plan(key: str, track: Any, rules: Any, boosts: tuple[int, int, int]) -> Any:
    from generator.games.graph_racers.race.drivers import Plan

    return Plan(track, rules, boosts=boosts)


def driver(
    kind: str, key: str, track: Any, rules: Any, rng: random.Random, boosts: tuple[int, int, int]
) -> Any:
    from generator.games.graph_racers.race.drivers import CautiousDriver, RandomDriver, SolverDriver

    if kind == "random":
        return RandomDriver(rng)
    plan = _plan(key, track, rules, boosts)
    return SolverDriver(plan) if kind == "solver" else CautiousDriver(plan)


def replay(
    key: str,
    track: Any,
    rules: Any,
    seats: list[str],
    seed: int,
    points: list[tuple[int, int]],
    table: Any,
) -> tuple[Any, list[tuple[int, int]]]:
    """The race after `points` (one a move, in playing order), then the computer seats' moves
    up to the next player's turn: (the state, every move's point), under the table's switches
    (designs, teams, contact: table_rules.TableRules)."""
    from generator.games.graph_racers.race.cars import default_starts
    from generator.games.graph_racers.race.drivers import most_boosts
    from generator.games.graph_racers.race.state import IllegalMove, RaceState

    designs = list(table.designs) if table.designs is not None else None
    teams = list(table.teams) if table.teams is not None else None
    starts = default_starts(track, len(seats))
    state = RaceState(track, rules, starts, designs, teams, contact=table.contact)
    for i, q in enumerate(points, start=1):
        if state.over or state.round > MAX_ROUNDS:
            raise PageError(f"move {i}: the race was already over: start again")
        car = state.to_move()
        chosen = next((o for o in state.legal() if o.aim == q), None)
        a = (q[0] - car.point[0] - car.vector[0], q[1] - car.point[1] - car.vector[1])
        try:
            state.play(chosen.accel if chosen is not None else a)
        except IllegalMove as e:
            raise PageError(f"move {i} ({car.name}): {e}") from None
    done = list(points)
    rng = random.Random(f"{seed}-{len(points)}")
    drivers: dict[int, Any] = {}
    while not state.over and state.round <= MAX_ROUNDS:
        car = state.to_move()
        if seats[car.seat] == "human":
            break
        if car.seat not in drivers:
            drivers[car.seat] = driver(
                seats[car.seat], key, track, rules, rng, most_boosts(rules, designs)
            )
        option = drivers[car.seat].choose(state)
        state.play(option.accel)
        done.append(option.aim)
    return state, done


# --- the page ----------------------------------------------------------------------------------
def colour(seat: int) -> str:
    from generator.render.palette import PLAYER_COLOURS

    return PLAYER_COLOURS[seat]


def luminance(hex_colour: str) -> float:
    """WCAG 2's relative luminance of #rrggbb."""
    channels = [int(hex_colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_on_white(hex_colour: str) -> float:
    return 1.05 / (luminance(hex_colour) + 0.05)


@lru_cache(maxsize=16)
def ink(seat: int) -> str:
    """The seat's colour for text on white: its own colour darkened (in steps of 5%) until it
    has WCAG's 4.5:1 contrast for normal text; the markers and lines keep the colour."""
    c = colour(seat)
    rgb = [int(c[i : i + 2], 16) for i in (1, 3, 5)]
    shown = c
    for step in range(21):
        shown = "#" + "".join(f"{round(v * (1 - step / 20)):02x}" for v in rgb)
        if contrast_on_white(shown) >= 4.5:
            break
    return shown


@lru_cache(maxsize=8)
def marker_svg(seat: int, size: float = 14) -> str:
    """The seat's marker (shape and colour, as the printed race sheet draws players), inline."""
    from generator.render.canvas import Canvas
    from generator.render.glyphs import player_marker
    from generator.render.svg import page_svg

    canvas = Canvas(size, size)
    player_marker(canvas, seat, size / 2, size / 2, size * 0.9)
    svg = page_svg(canvas).decode("utf-8").split("?>", 1)[-1].strip()
    head, rest = svg.split(">", 1)
    head = re.sub(r'\s(width|height)="[^"]*"', "", head)
    head = re.sub(r'\sid="[^"]*"', "", head)
    return f'{head} class="marker" width="1.1em" height="1.1em" aria-hidden="true">{rest}'


def marker_at(seat: int, x: float, y: float, size: float) -> str:
    """The seat's marker centred on (x, y) of the board, size mm across."""
    inner = marker_svg(seat)
    inner = inner.replace(' width="1.1em" height="1.1em"', "")
    from generator.render.svg import num

    h = size / 2
    return inner.replace(
        "<svg ",
        f'<svg x="{num(x - h)}" y="{num(y - h)}" width="{num(size)}" height="{num(size)}" ',
        1,
    )


def who(seat: int, kinds: list[str]) -> str:
    tag = "" if kinds[seat] == "human" else f" ({kinds[seat]})"
    return (
        f'<span class="car" style="color:{ink(seat)}">{marker_svg(seat)} '
        f"car {seat + 1}</span>{esc(tag)}"
    )


def event_html(event: Any, kinds: list[str]) -> str:
    """An event in words (the race engine's own sentence), the car's marker first."""
    cls = event.kind if event.kind != "move" else f"move {event.outcome}"
    return (
        f'<li class="event {esc(cls)}" data-kind="{esc(event.kind)}" '
        f'style="border-left-color:{colour(event.car)}">{marker_svg(event.car)} '
        f"{esc(event.text())}</li>"
    )


def board_svg(key: str, state: Any, seats: list[str], seed: int, done: list, table: Any) -> str:
    from generator.games.graph_racers.printing.faces import face
    from generator.games.graph_racers.race.cars import COLLIDES, CRASHES
    from generator.render.canvas import Canvas
    from generator.render.svg import num, page_svg

    track, rules = state.track, state.rules
    drawing = face(track).drawing(track, PITCH)
    canvas = Canvas(drawing.width, drawing.height, id="track")
    drawing.draw(canvas)
    on_turn = None if state.over or state.round > MAX_ROUNDS else state.to_move()
    w, h = drawing.width, drawing.height
    choices = state.legal() if on_turn is not None and seats[on_turn.seat] == "human" else []
    out = [board_open(track, drawing, [o.aim for o in choices])]
    # each car's moves under the markers: the line it aimed, a dot where each move began
    lines = []
    for e in state.log:
        if e.kind != "move" or e.frm is None or e.aim is None:
            continue
        (x1, y1), (x2, y2) = drawing.xy(e.frm), drawing.xy(e.aim)
        dash = ' stroke-dasharray="1 0.6"' if e.outcome in (CRASHES, COLLIDES) else ""
        lines.append(
            f'<line x1="{num(x1)}" y1="{num(y1)}" x2="{num(x2)}" y2="{num(y2)}" '
            f'stroke="{colour(e.car)}" stroke-width="0.6" stroke-linecap="round"{dash}/>'
            f'<circle cx="{num(x1)}" cy="{num(y1)}" r="0.6" fill="{colour(e.car)}"/>'
        )
    out.append(svg_root(page_svg(canvas), w, h))
    out.append(f'<g id="lines" opacity="0.85">{"".join(lines)}</g>')
    for car in state.cars:
        if car.on_board:
            x, y = drawing.xy(car.point)
            size = 3.4 if car is on_turn else 2.8
            out.append(
                f'<g class="car-marker" data-car="{car.seat + 1}">{marker_at(car.seat, x, y, size)}</g>'
            )
    if on_turn is not None:
        c = colour(on_turn.seat)
        x, y = drawing.xy(on_turn.point)  # the moves' links scroll here (a phone's board)
        out.append(f'<circle id="turn" cx="{num(x)}" cy="{num(y)}" r="0.1" fill="none"/>')
        if on_turn.vector != (0, 0):
            x, y = drawing.xy(on_turn.point)
            x2, y2 = drawing.xy(
                (on_turn.point[0] + on_turn.vector[0], on_turn.point[1] + on_turn.vector[1])
            )
            out.append(
                f'<line id="velocity" x1="{num(x)}" y1="{num(y)}" x2="{num(x2)}" y2="{num(y2)}" '
                f'stroke="{c}" stroke-width="0.45" stroke-dasharray="1 0.6"/>'
            )
        if seats[on_turn.seat] == "human":
            for o in choices:
                x, y = drawing.xy(o.aim)
                bad = o.outcome in (CRASHES, COLLIDES)
                title = {CRASHES: "crash", COLLIDES: "collision"}.get(o.outcome, o.outcome)
                if o.kind:
                    title += f" ({o.kind})"
                href = esc(link(key, rules, seats, seed, done + [o.aim], table) + "#turn")
                dash = ' stroke-dasharray="0.6 0.4"' if bad else ""
                out.append(
                    f'<a href="{href}" class="point seat" data-point="{o.aim[0]},{o.aim[1]}" '
                    f'data-outcome="{esc(o.outcome)}" data-car="{on_turn.seat + 1}" style="color:{c}">'
                    f"<title>car {on_turn.seat + 1}: {esc(title)} ({o.aim[0]}, {o.aim[1]})</title>"
                    f"{hit_circle(x, y)}"
                    f'<circle cx="{num(x)}" cy="{num(y)}" r="1.2" fill="#fff" stroke="{c}" '
                    f'stroke-width="0.5"{dash}/></a>'
                )
    out.append("</svg>")
    return "".join(out)


def beyond(
    key: str, state: Any, seats: list[str], seed: int, done: list, table: Any
) -> list[tuple[tuple[int, int], str, str]]:
    """The legal points of the player on turn past the map's edge: (point, words, address)."""
    from generator.games.graph_racers.race.cars import COLLIDES, CRASHES

    if state.over or state.round > MAX_ROUNDS or seats[state.to_move().seat] != "human":
        return []
    out = []
    for o in state.legal():
        if off_map(state.track, o.aim):
            words = {CRASHES: "crash", COLLIDES: "collision"}.get(o.outcome, o.outcome)
            words += f" ({o.kind})" if o.kind else ""
            href = link(key, state.rules, seats, seed, done + [o.aim], table)
            out.append((o.aim, words, href))
    return out


def standings_html(state: Any, seats: list[str]) -> str:
    """The cars' standings, then the teams' (team racing: 3, 2 and 1 points)."""
    rows = []
    teamed = state.teams is not None
    for s in state.standings():
        seat = s["car"] - 1
        status = {"finished": "finished", "out": "out", "running": "still racing"}.get(
            s["status"], s["status"]
        )
        rows.append(
            f'<tr data-car="{s["car"]}" data-status="{esc(s["status"])}"><td class="n">{s["place"]}</td>'
            f"<td>{who(seat, seats)}</td>"
            + (f"<td>{esc(s['team'])}</td>" if teamed else "")
            + f"<td>{esc(status)}</td>"
            f'<td class="n">{s["moves"]}</td><td class="n">{s["damage"]}</td></tr>'
        )
    team_head = "<th>Team</th>" if teamed else ""
    out = (
        '<table class="payouts" id="standings"><tr><th>Place</th><th>Car</th>'
        f"{team_head}<th>Status</th><th>Moves</th><th>Damage</th></tr>" + "".join(rows) + "</table>"
    )
    if teamed:
        teams = "".join(
            f'<tr data-team="{esc(t["team"])}"><td class="n">{t["place"]}</td>'
            f'<td>{esc(t["team"])}</td><td class="n">{t["points"]}</td>'
            f"<td>{', '.join(f'car {c}' for c in t['cars'])}</td></tr>"
            for t in state.team_standings()
        )
        out += (
            '<h2>Teams</h2><p class="note">3, 2 and 1 points for the first three cars to '
            'finish.</p><table class="payouts" id="teams"><tr><th>Place</th><th>Team</th>'
            f"<th>Points</th><th>Cars</th></tr>{teams}</table>"
        )
    return out


def car_words(car: Any) -> str:
    """What sets a car apart at this table: its team and its design."""
    words = []
    if car.team is not None:
        words.append(f"team {car.team}")
    if car.design is not None:
        words.append(f"{car.design.spec}: {car.design.words()}")
    return f" ({esc('; '.join(words))})" if words else ""


def table_body(key: str, state: Any, seats: list[str], seed: int, done: list, table: Any) -> str:
    from generator.games.graph_racers.printing.faces import face
    from generator.games.graph_racers.race.cars import MAX_DAMAGE

    track, rules = state.track, state.rules
    over = state.over or state.round > MAX_ROUNDS
    if state.over:
        first = state.standings()[0]
        won = (
            f"{who(first['car'] - 1, seats)} wins."
            if first["status"] == "finished"
            else "no car finished."
        )
        status = f'<p class="status" id="race-status" data-over="1">The race is over: {won}</p>'
    elif over:
        status = (
            f'<p class="status" id="race-status" data-over="1">{MAX_ROUNDS} rounds played: '
            "the race stops here.</p>"
        )
    else:
        car = state.to_move()
        b, t, k = car.budget
        boosts = f" Boosts left: brakes {b}, turbo {t}, rocket {k}." if any(car.budget) else ""
        status = (
            f'<p class="status" id="race-status" data-car="{car.seat + 1}">Round {state.round}: '
            f"{who(car.seat, seats)} to move, vector ({car.vector[0]}, {car.vector[1]}), "
            f"damage {car.damage}. Click a point ringed in its colour (dashed rings crash "
            f"or collide).{esc(boosts)}</p>"
        )
    # the last round's events, or more: from the last player's move on (the computers after it)
    moves_at = [i for i, e in enumerate(state.log) if e.kind == "move"]
    human_at = [i for i in moves_at if seats[state.log[i].car] == "human"]
    first = moves_at[-len(seats)] if len(moves_at) >= len(seats) else 0
    if human_at:
        first = min(first, human_at[-1])
    recent = "".join(event_html(e, seats) for e in state.log[first:][-60:])
    incidents = [e for e in state.log if e.kind != "move"]
    links = []
    moved = [e.car for e in state.log if e.kind == "move"]  # one a point of `done`
    last = next((i for i in range(len(moved) - 1, -1, -1) if seats[moved[i]] == "human"), None)
    if last is not None:  # back to before the last player's move (computers replay after it)
        links.append(
            f'<a href="{esc(link(key, rules, seats, seed, done[:last], table))}" id="undo">'
            "Undo the last player's move</a>"
        )
    links.append(
        f'<a href="{esc(link(key, rules, seats, seed, [], table))}" id="restart">Start again</a>'
    )
    links.append('<a href="/play">Another track</a>')
    legend = " ".join(
        f"<span>{who(i, seats)}{car_words(state.cars[i])}</span>" for i in range(len(seats))
    )
    how = face(track).how_to_race(track, rules)
    plain = "" if state.contact else ", no contact"
    body = [
        f"<h1>Graph Racers: {esc(track.name)}, {len(seats)} cars{plain}</h1>",
        status,
        f'<p class="legend" id="legend">{legend}</p>',
        f"<p>{' · '.join(links)}</p>",
    ]
    if over:  # the standings where the board was, winner first: in view when the race ends
        body.append(
            '<section class="final" id="final"><h2>Standings</h2>'
            + standings_html(state, seats)
            + "</section>"
        )
    body += [
        '<div class="table-race">',
        f'<div class="board">{board_svg(key, state, seats, seed, done, table)}'
        f"{beyond_html(beyond(key, state, seats, seed, done, table))}</div>",
        '<div class="events"><h2>Last moves</h2>',
        f'<ul id="events">{recent or "<li>No moves yet.</li>"}</ul>',
    ]
    if incidents:
        body.append(
            '<h2>Crashes, collisions and finishes</h2><ul id="incidents">'
            + "".join(event_html(e, seats) for e in incidents[-60:])
            + "</ul>"
        )
    body.append("</div></div>")
    if state.contact:
        contact = (
            "A move that would hit another car is allowed only when every move hits a car "
            "or crashes; both cars then take a point of damage for each square they were apart "
            "and stop. A crash costs the move's speed in damage (the larger of its two "
            "distances: 3 across and 1 down is 3); the car is put on the track point nearest "
            "to where its line touched the side, keeping the checkpoints it crossed, and stops. "
            + (
                "More damage than its design's damage points and a car is out (with none, the "
                "first hit destroys it)."
                if table.designs is not None
                else f"More than {MAX_DAMAGE} damage and the car is out."
            )
        )
    else:
        contact = (
            "No contact: the cars ignore each other (no collisions), and a crash costs no "
            "damage; the car is put back on the track and stops."
        )
    body.append(
        f'<p class="note">{esc(how)} Rules: {esc(rules.short())}. Cars move in turn, car 1 '
        f"first. {contact}"
        + (
            " Team racing: 3, 2 and 1 points for the first three cars to finish."
            if table.teams
            else ""
        )
        + "</p>"
    )
    body.append(rules_form(key, rules, seats, seed, table))
    return "".join(body)


def rules_form(key: str, rules: Any, seats: list[str], seed: int, table: Any) -> str:
    """A new race of the same cars on the same track with other rules, designs and teams,
    with or without contact."""

    checked = "" if table.contact else " checked"
    given = table_query(table)
    return (
        '<form method="get" action="/play/table" class="rules" id="rules">'
        f'<input type="hidden" name="track" value="{esc(key)}">'
        f'<input type="hidden" name="cars" value="{esc(".".join(seats))}">'
        f'<input type="hidden" name="seed" value="{seed}">'
        + rule_selects(rules)
        + '<label>design <input type="text" name="design" id="design" size="24" '
        f'value="{esc(given.get("design", ""))}" placeholder="2/2/12 or one a car"></label> '
        + '<label>teams <input type="text" name="teams" id="teams" size="12" '
        f'value="{esc(given.get("teams", ""))}" placeholder="A,B,A,B"></label> '
        + f'<label><input type="checkbox" name="contact" value="0" id="no-contact"{checked}> '
        "no contact (no collisions, crashes cost no damage)</label> "
        '<button type="submit">New race with these rules</button></form>'
    )


def routes(app: bottle.Bottle) -> None:
    @app.get("/play/table")
    @guarded("Graph Racers on one screen")
    def table() -> str:
        q = bottle.request.query
        key = q.get("track", "")
        track = track_of(key)
        rules = rules_of(track, q)
        seats = seats_of(q.get("cars", "human.human"))
        raw_seed = q.get("seed", "1") or "1"
        if not raw_seed.isdigit() or len(raw_seed) > 9:
            raise PageError("seed: use a whole number from 0 to 999999999")
        seed = int(raw_seed)
        points = points_of(q.get("moves", ""))
        table = table_of(q, len(seats))
        from generator.games.graph_racers.race.design import designed_rules

        rules = designed_rules(rules, table.designs)
        state, done = replay(key, track, rules, seats, seed, points, table)
        title = f"Graph Racers: {track.name}, {len(seats)} cars"
        return page(title, table_body(key, state, seats, seed, done, table))
