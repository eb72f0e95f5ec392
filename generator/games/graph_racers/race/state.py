"""The multi-car race at the table: the seed's basic rules with damage, crashes and collisions.

Cars move one at a time in seat order (seat 1 is the youngest player, who moves first), every
car once a round. A move is chosen as in the one-car game (rules.py: the acceleration set, the
boosts left, the skid on oil); then the move meets the other cars and the track:

- **collision**: the move's straight line reaches a point where another car stands (under the
  endpoint rule: lands on it). It is legal only when no allowed move is clean: every move
  collides or crashes ("if it's unavoidable"; a crash is an accident too, so a car facing only
  accidents is not colliding deliberately). Both cars take one point of damage per square they were
  apart last turn (the larger of the row and column distance between the point each car moved
  from on its latest move), both stop (vector 0), the mover stands on the last point of its
  line before the other car, and each moves off with a normal move next turn.
- **crash**: the move touches an off-track square (exact) or lands off the track (endpoint). The
  car takes damage equal to the move's speed (the larger of its two components), is put on the
  track point nearest to where its line first touched the side, on its side of the wall and
  keeping the checkpoints the line crossed before it (crashes.py; ties: nearer the point it
  left, then the lower row, then column), stops, and moves off with a normal move next turn.
- more than five damage points: the car is **out** and leaves the track.
- a move that finishes (referee FINISH) puts the car in the next place; it leaves the track.

The Swedish variant (jumps over obstacles, leaving the track and coming back behind) is
swedish.py's, consulted through `RaceState.swedish` when its switches are on.

Collectables and James Bond mode (coins, missiles, oil sprayers, submarines, rear guns) are
played by bond.py's Gadgets, called at the start of a turn, along a move and after it.

The cars, the moves judged for them (Option) and the log's events are cars.py's; where a
crashed car is put, crashes.py's; the referee's replay of the players' lists, replay.py's.

docs/rules/graph-racers.md, "The race (race/)", gives every decision with the seed's
sentence. The track is judged through the referee seam of check.py (`judge`, `skids`,
`first_bad_square`), so cell maps and drawn circuits both work. No rendering or CLI here.
"""

from __future__ import annotations

from math import gcd
from typing import Any

from generator.errors import InvalidInput
from generator.games.graph_racers.moves.actions import Action
from generator.games.graph_racers.moves.referee import CRASH, FINISH, referee_for
from generator.games.graph_racers.moves.rules import (
    ACCEL_TEXT,
    NORMAL,
    Rules,
    Vector,
    changes,
    normal_changes,
    skid_changes,
    spend,
)
from generator.games.graph_racers.race.bond import Gadgets
from generator.games.graph_racers.race.cars import (
    COLLIDES,
    CRASHES,
    CUTS,
    FINISHED,
    FINISHES,
    MAX_CARS,
    MIN_CARS,
    MOVED,
    OFF_TRACK,
    OUT,
    PARKED,
    RUNNING,
    TEAM_POINTS,
    Car,
    Event,
    Option,
    Point,
    apart,
    fmt,
    on_track,
    speed,
)
from generator.games.graph_racers.race.crashes import put_back
from generator.games.graph_racers.race.design import Design
from generator.games.graph_racers.race.goodies import Kit
from generator.games.graph_racers.race.swedish import SwedishRace


class IllegalMove(InvalidInput):
    """A move the race's rules do not allow (the message says why)."""


class RaceState:
    """A race of several cars on one track under one set of rules."""

    def __init__(
        self,
        track: Any,
        rules: Rules,
        starts: list[Point],
        designs: list[Design] | None = None,
        teams: list[str] | None = None,
        swedish: Any = None,
        contact: bool = True,
    ) -> None:
        """swedish: the Swedish switches (swedish.Swedish: jumps, --off-track), or None.
        contact=False: the race without the collision and damage rules (--no-contact): cars
        ignore each other (no collisions), a crash costs no damage and never puts a car out
        (it is still put back on the track and stopped)."""
        if not MIN_CARS <= len(starts) <= MAX_CARS:
            raise InvalidInput(
                f"{len(starts)} cars: a race has {MIN_CARS} to {MAX_CARS} cars "
                "(check judges one car's line)"
            )
        if designs is not None:
            if len(designs) != len(starts):
                raise InvalidInput(f"{len(designs)} car designs for {len(starts)} cars")
            if rules.brakes or rules.turbo:
                raise InvalidInput(
                    "designed cars buy their good brakes and turbo: leave --brakes and --turbo "
                    "out (the design gives each car its own)"
                )
        if teams is not None and len(teams) != len(starts):
            raise InvalidInput(f"{len(teams)} teams for {len(starts)} cars")
        self.track = track
        self.rules = rules
        self.ref = referee_for(track, rules)
        self.exact = rules.collision == "exact"
        self.contact = contact
        self.swedish = None  # swedish.SwedishRace when jumps or --off-track circle are on
        if swedish is not None and swedish.active:
            self.swedish = SwedishRace(track, rules, swedish, self.ref)
        self.cars = [Car(i, p, rules.budget) for i, p in enumerate(starts)]
        self.designs = designs
        self.teams = teams
        # James Bond mode's submarines drive on the track with its water as track
        self.sub_track = track.submarine() if getattr(track, "water", None) else track
        self.sub_ref = self.ref if self.sub_track is track else referee_for(self.sub_track, rules)
        if designs is not None and rules.rocket and any(d.rocket for d in designs):
            raise InvalidInput(
                "a design buys a rocket booster: leave --rocket out (the design gives each car "
                "its own)"
            )
        if designs is not None and not contact and any(d.missile or d.guns for d in designs):
            raise InvalidInput(
                "a race without contact has no damage: missiles and rear guns would do nothing; "
                "leave them out of the designs"
            )
        for car in self.cars:
            if designs is not None:
                d = designs[car.seat]
                car.design = d
                car.budget = (d.brakes, d.turbo, rules.rocket + d.rocket)
                car.points = d.damage
                car.kit = Kit.of(d.goodies)
            if teams is not None:
                car.team = teams[car.seat]
        self.round = 1
        self.turn = 0  # seat on turn
        self.finish_order: list[int] = []
        self.out_order: list[int] = []
        self.log: list[Event] = []
        self.gadgets = Gadgets(self)  # collectables and James Bond mode (bond.py)

    def ref_of(self, car: Car) -> Any:
        """The referee of the car: a submarine's sees the water as track."""
        return self.sub_ref if car.kit.sub else self.ref

    def track_of(self, car: Car) -> Any:
        return self.sub_track if car.kit.sub else self.track

    # --- whose turn -------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return not any(car.status == RUNNING for car in self.cars)

    def to_move(self) -> Car:
        return self.cars[self.turn]

    def _advance(self) -> None:
        if self.over:
            return
        n = len(self.cars)
        seat = self.turn
        while True:
            seat += 1
            if seat == n:
                seat = 0
                self.round += 1
            if self.cars[seat].status == RUNNING:
                self.turn = seat
                self.log += self.gadgets.turn_start(self.cars[seat])
                return

    # --- judging moves ----------------------------------------------------------------
    def allowed(self, car: Car) -> list[tuple[Vector, str]]:
        """The accelerations the rules allow the car (skid, boosts left, restart)."""
        p, v = car.point, car.vector
        if self.gadgets.skids(p, v):
            out = skid_changes(self.rules, v)
        elif car.restart or (v == (0, 0) and self.gadgets.on_oil(p)):  # no boost on oil
            out = [(a, NORMAL) for a in normal_changes(self.rules.accel)]
        else:
            out = changes(self.rules, v, car.budget)
        return out if self.swedish is None else self.swedish.allowed(car, out)

    def blocker(self, car: Car, v: Vector) -> tuple[int, int] | None:
        """(steps along the line, seat) of the first car the move meets, or None."""
        if v == (0, 0) or not self.contact:  # no contact: the cars ignore each other
            return None
        p = car.point
        g = gcd(abs(v[0]), abs(v[1]))
        u = (v[0] // g, v[1] // g)
        best: tuple[int, int] | None = None
        for other in self.cars:
            if other is car or not other.on_board or other.point == p:
                continue
            d = (other.point[0] - p[0], other.point[1] - p[1])
            if d[0] * u[1] - d[1] * u[0] != 0:
                continue
            j = d[0] // u[0] if u[0] else d[1] // u[1]
            if not 0 < j <= g or (not self.exact and j != g):
                continue
            if best is None or j < best[0]:
                best = (j, other.seat)
        return best

    def judge(self, car: Car, a: Vector, kind: str) -> Option:
        """What acceleration `a` does for the car (the Swedish rules, when on, have a say)."""
        if self.swedish is not None:
            return self.swedish.judge(self, car, a, kind)
        return self.judge_on_track(car, a, kind)

    def _line(
        self, p: Point, d: Vector, stage: int, a: Vector, car: Car | None = None
    ) -> tuple[int, int]:
        """The referee's verdict on the line p -> p + d of a move with acceleration a (of
        `car`: a submarine's referee sees the water as track)."""
        ref = self.ref if car is None else self.ref_of(car)
        if self.swedish is not None:
            return self.swedish.line(p, d, stage, a, ref)
        return ref.judge(p[0], p[1], d[0], d[1], stage)

    def judge_on_track(self, car: Car, a: Vector, kind: str) -> Option:
        """A move of a car on the track, by the one-car rules and the other cars."""
        p, v, stage = car.point, car.vector, car.stage
        nv = (v[0] + a[0], v[1] + a[1])
        aim = (p[0] + nv[0], p[1] + nv[1])
        if nv == (0, 0):
            return Option(a, kind, nv, aim, MOVED, p, stage)
        hit = self.blocker(car, nv)
        if hit is not None:
            j, seat = hit
            u = (nv[0] // gcd(*map(abs, nv)), nv[1] // gcd(*map(abs, nv)))
            contact = (p[0] + j * u[0], p[1] + j * u[1])
            outcome, _ = self._line(p, (contact[0] - p[0], contact[1] - p[1]), stage, a, car)
            if outcome == FINISH:
                return Option(a, kind, nv, aim, FINISHES, None, stage)
            if outcome != CRASH:
                k = j - 1
                mine = self.track_of(car)
                while k > 0 and not on_track(mine, (p[0] + k * u[0], p[1] + k * u[1])):
                    k -= 1  # endpoint rule: the line may cross the wall
                stop = (p[0] + k * u[0], p[1] + k * u[1])
                after = stage
                if k:
                    after = self._line(p, (k * u[0], k * u[1]), stage, a, car)[1]
                return Option(a, kind, nv, aim, COLLIDES, stop, after, seat)
            return Option(a, kind, nv, aim, CRASHES, None, stage)
        outcome, after = self._line(p, nv, stage, a, car)
        if outcome == CRASH:
            return Option(a, kind, nv, aim, CRASHES, None, stage)
        if outcome == FINISH:
            return Option(a, kind, nv, aim, FINISHES, None, after)
        return Option(a, kind, nv, aim, MOVED, aim, after)

    def options(self, car: Car | None = None) -> list[Option]:
        """Every allowed acceleration of the car (default: the car on turn), judged."""
        car = car or self.to_move()
        return [self.judge(car, a, kind) for a, kind in self.allowed(car)]

    def legal(self, car: Car | None = None) -> list[Option]:
        """The options the car may take: a colliding one only when every option collides or
        crashes."""
        opts = self.options(car)
        if any(o.clean for o in opts):
            return [o for o in opts if o.outcome not in (COLLIDES, CUTS)]
        return opts

    # --- playing ------------------------------------------------------------------------
    def play(self, a: Vector, action: Action | None = None) -> list[Event]:
        """Play acceleration `a` for the car on turn, and its James Bond `action` (fire,
        spray, steer its missile: bond.py); the events, the move first. Raises IllegalMove
        (the state unchanged) when the rules do not allow it."""
        if self.over:
            raise IllegalMove("the race is over")
        car = self.to_move()
        why = self.gadgets.named(car, action)[1]
        if why is not None:
            raise IllegalMove(why)
        saved = self._saved() if self.gadgets.start_targets(car, action) else None
        try:
            self.shoot_first(action)
            return self._play(car, a, action)
        except IllegalMove:
            if saved is not None:  # the shots at the start of the turn are undone too
                self._restore(saved)
            raise

    def shoot_first(self, action: Action | None) -> list[Event]:
        """The start of the turn of the car on turn: its rear guns shoot the cars the action
        names ('shoot N') that stand one square behind it now (a driver calls this before it
        chooses its move; play does for the cars not shot yet). Logged before the move."""
        events = self.gadgets.shoot_first(self.to_move(), action)
        self.log += events
        return events

    def _saved(self) -> dict[str, Any]:
        """The race's state, copied (the track, rules and referees shared), to undo a turn."""
        import copy

        shared = (self, self.track, self.ref, self.sub_track, self.sub_ref, self.swedish)
        shared += (self.rules, self.designs)
        return copy.deepcopy(self.__dict__, {id(x): x for x in shared})

    def _restore(self, saved: dict[str, Any]) -> None:
        self.__dict__.clear()
        self.__dict__.update(saved)

    def _play(self, car: Car, a: Vector, action: Action | None) -> list[Event]:
        opts = self.options(car)
        chosen = next((o for o in opts if o.accel == a), None)
        if chosen is None:
            p, v = car.point, car.vector
            if self.gadgets.skids(p, v):
                raise IllegalMove(
                    f"the car skids on oil and must make the same move again, vector {fmt(v)}; "
                    f"acceleration {fmt(a)} is not allowed"
                )
            why = f"accel {self.rules.accel}: {ACCEL_TEXT[self.rules.accel]}"
            if v == (0, 0) and self.gadgets.on_oil(p) and any(car.budget):
                why += "; it stands on oil, where good brakes, turbo and rocket do not work"
            elif car.restart:
                why += "; it moves off after a crash or collision, so no boost"
            elif any(car.budget):
                b, t, k = car.budget
                why += f"; boosts left: brakes {b}, turbo {t}, rocket {k}"
            raise IllegalMove(
                f"acceleration {fmt(a)} from vector {fmt(v)} is not allowed under the rules ({why})"
            )
        if chosen.outcome == COLLIDES:
            clean = next((o for o in opts if o.clean), None)
            if clean is not None:
                assert chosen.other is not None
                raise IllegalMove(
                    f"the move to {fmt(chosen.aim)} collides with car {chosen.other + 1}, "
                    f"which the rules forbid when a move avoids it (acceleration "
                    f"{fmt(clean.accel)} to {fmt(clean.aim)} does)"
                )
        if chosen.outcome == CUTS:
            clean = next((o for o in opts if o.clean), None)
            if clean is not None:
                left = car.left_from or car.point
                raise IllegalMove(
                    f"the move comes back onto the track at {fmt(chosen.aim)}, ahead of "
                    f"{fmt(left)} where the car left it (--off-track circle: come back behind "
                    f"that point or on it; acceleration {fmt(clean.accel)} to "
                    f"{fmt(clean.aim)} is allowed)"
                )
        why_not = self.gadgets.check(car, chosen, action)
        if why_not is not None:
            raise IllegalMove(why_not)
        events = self.apply(car, chosen)
        events += self.gadgets.after(car, chosen, action)
        self.log += events
        self._advance()
        return events

    def apply(self, car: Car, o: Option) -> list[Event]:
        """Play option o for the car: its move; the coins picked up and missiles met on the
        way (bond.py), in order along the line; then the crash or collision it ends in, its
        damage counted after them (a dime picked up on the way counts, a blast does not stop
        the move); then the cars out."""
        rnd = self.round
        p = car.point
        line = self.reached(car, o)  # judged as the car stood, before the move
        if o.kind:
            car.budget = spend(car.budget, o.kind)
        car.moves += 1
        car.prev = p
        car.restart = False
        after: list[Event] = []
        outs: list[Car] = []
        if o.outcome in (MOVED, OFF_TRACK):
            after += self._swedish_events(car, o, rnd)
            car.point, car.vector, car.stage = o.aim, o.vector, o.stage
            car.left_from = o.left_from
        elif o.outcome == FINISHES:
            after += self._swedish_events(car, o, rnd)  # a jump that finishes
            car.stage = o.stage
            car.status = FINISHED
            car.ended = rnd
            self.finish_order.append(car.seat)
            car.place = len(self.finish_order)
            after.append(Event("finish", rnd, car.seat, place=car.place))
        elif o.outcome in (CRASHES, CUTS):
            if car.left_from is None:
                where, car.stage = put_back(self, car, o.vector)
            else:  # off the track: put back where it left the track
                assert self.swedish is not None
                where = self.swedish.put_back(self, car)
            car.left_from = None
            car.point, car.vector, car.restart = where, (0, 0), True
        else:
            assert o.other is not None and o.end is not None
            other = self.cars[o.other]
            car.point, car.vector, car.stage, car.restart = o.end, (0, 0), o.stage, True
            car.left_from = o.left_from
            other.vector, other.restart = (0, 0), True
        if o.outcome != FINISHES:  # coins picked up and missiles met on the way (bond.py)
            met = self.gadgets.on_the_way(car, o, p, line)
            after += met
            outs += [car] if any(e.kind == "blast" for e in met) else []
        # the move's crash or collision is counted after what it met on the way
        if o.outcome in (CRASHES, CUTS):
            hurt = speed(o.vector) if self.contact else 0  # no contact: no damage
            car.damage += hurt
            after.append(Event("crash", rnd, car.seat, to=car.point, damage=hurt, total=car.damage))
            if self.contact:
                outs.append(car)
        elif o.outcome == COLLIDES:
            assert o.other is not None and o.end is not None
            other = self.cars[o.other]
            hurt = apart(p, other.last)
            car.damage += hurt
            other.damage += hurt
            after.append(
                Event(
                    "collision",
                    rnd,
                    car.seat,
                    to=o.end,
                    damage=hurt,
                    total=car.damage,
                    other=other.seat,
                    other_damage=hurt,
                    other_total=other.damage,
                    apart=hurt,
                )
            )
            outs += [other, car]  # the car hit is out first: the mover ranks ahead of it
        once = {c.seat: c for c in outs}.values()
        after += [self.put_out(c, rnd) for c in once if c.wrecked(hit=True)]
        to = car.point if car.on_board else None
        move = Event("move", rnd, car.seat, p, to, o.aim, o.accel, o.vector, o.kind, o.outcome)
        return [move, *after]

    def reached(self, car: Car, o: Option) -> list[Point]:
        """The grid points of move o's line (its start left out) where the collision test
        would meet a car standing there, in order: the car on turn, judged before the move.
        Under the exact rule, each point the line reaches before it touches the side (a jump's
        points beyond the obstacle included: only landing on one is a crash); the whole line
        of a car off the track, or leaving it (--off-track circle: its line reaches the cars
        wherever it goes), unless the move crashes. Under the endpoint rule the landing point.
        Gadgets.driven cuts it at the move's end (a collision's stop point)."""
        p, v = car.point, o.vector
        if v == (0, 0):
            return []
        g = gcd(abs(v[0]), abs(v[1]))
        u = (v[0] // g, v[1] // g)
        pts = [(p[0] + k * u[0], p[1] + k * u[1]) for k in range(1, g + 1)]
        if not self.exact:
            return pts[-1:]
        stage, a = car.stage, o.accel
        if o.outcome not in (CRASHES, CUTS) and self.swedish is not None:
            if car.left_from is not None:
                return pts
            if self.swedish.circle is not None and self._line(p, v, stage, a, car)[0] == CRASH:
                return pts  # the move leaves the track: SwedishRace._leaves
        out = []
        for q in pts:
            verdict = self._line(p, (q[0] - p[0], q[1] - p[1]), stage, a, car)[0]
            if verdict == FINISH:
                break
            if verdict != CRASH:
                out.append(q)
        return out

    def _swedish_events(self, car: Car, o: Option, rnd: int) -> list[Event]:
        """A jump over obstacles, leaving the track, coming back onto it."""
        out = []
        if o.jump:
            out.append(Event("jump", rnd, car.seat, frm=car.point, to=o.aim))
        if o.back:
            out.append(Event("return", rnd, car.seat, frm=car.left_from or car.point, to=o.aim))
        elif o.outcome == OFF_TRACK and car.left_from is None:
            out.append(Event("leave", rnd, car.seat, frm=o.left_from, to=o.aim))
        return out

    def put_out(self, car: Car, rnd: int) -> Event:
        """The car is out at once: it leaves the track, and its missile in flight vanishes
        (no turns left to move it)."""
        car.status = OUT
        car.ended = rnd
        car.vector = (0, 0)
        self.out_order.append(car.seat)
        self.gadgets.missiles.pop(car.seat, None)
        return Event("out", rnd, car.seat, total=car.damage, limit=car.points)

    def park(self) -> Event:
        """The car on turn plays no more (its list of moves ran out): it stays where it
        stands, an obstacle to the others, and takes no more turns."""
        car = self.to_move()
        car.status = PARKED
        car.ended = self.round
        event = Event("parked", self.round, car.seat, to=car.point)
        self.log.append(event)
        self._advance()
        return event

    # --- results --------------------------------------------------------------------------
    def standings(self) -> list[dict[str, Any]]:
        """Finished cars in finishing order; then cars still racing or parked, the most
        checkpoints passed first (then seat); then cars out, the last out first."""
        cars = self.cars
        order = list(self.finish_order)
        rest = [c for c in cars if c.status in (RUNNING, PARKED)]
        order += [c.seat for c in sorted(rest, key=lambda c: (-c.stage, c.seat))]
        order += list(reversed(self.out_order))
        out = []
        for place, seat in enumerate(order, start=1):
            car = cars[seat]
            out.append(
                {
                    "place": place,
                    "car": seat + 1,
                    "status": car.status,
                    "damage": car.damage,
                    "moves": car.moves,
                    "round": car.ended,
                    "stage": car.stage,
                }
            )
            if car.team is not None:
                out[-1]["team"] = car.team
        return out

    def team_standings(self) -> list[dict[str, Any]]:
        """Team racing: the first three cars to finish score 3, 2 and 1 points for their team
        ("The team with the most points wins overall"); teams with equal points share a place.
        Listed by points, then by the best finishing place of their cars, then by name."""
        if self.teams is None:
            return []
        points = dict.fromkeys(self.teams, 0)
        best: dict[str, int] = {}
        for place, seat in enumerate(self.finish_order, start=1):
            team = self.teams[seat]
            if place <= len(TEAM_POINTS):
                points[team] += TEAM_POINTS[place - 1]
            best.setdefault(team, place)
        order = sorted(points, key=lambda t: (-points[t], best.get(t, MAX_CARS + 1), t))
        return [
            {
                "place": 1 + sum(p > points[team] for p in points.values()),
                "team": team,
                "points": points[team],
                "cars": [seat + 1 for seat, t in enumerate(self.teams) if t == team],
            }
            for team in order
        ]

    def snapshot(self) -> list[dict[str, Any]]:
        return [
            {
                "car": c.seat + 1,
                "point": list(c.point),
                "vector": list(c.vector),
                "stage": c.stage,
                "damage": c.damage,
                "status": c.status,
                # off the track (--off-track circle): the track point it left from
                **({"left_from": list(c.left_from)} if c.left_from is not None else {}),
            }
            for c in self.cars
        ]
