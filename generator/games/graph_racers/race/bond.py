"""The race's collectables and James Bond mode at play: coins picked up, missiles fired and
flown, oil sprayed, rear guns shooting. RaceState (state.py) holds one `Gadgets` and calls it at
the start of a turn, along a move, and after a move; goodies.py holds the data, and
moves/actions.py the actions a moves file writes. The race is seen through cars.Race.

A turn of car X, in order (docs/rules/graph-racers.md, "James Bond mode"):

1. start: X's rear guns shoot the cars X's player names ('shoot N') that are one square behind
   X now (Gadgets.shoot_first);
2. X's move (state.py); along its line X picks up coins and meets missiles (Gadgets.on_the_way),
   before the move's crash or collision is counted; a goodie picked up is usable from X's next
   turn (a guns coin's guns at 5 already);
3. X fires its missile (it starts on X's point with X's vector) and X's missile in flight
   moves with the acceleration X gives it (Gadgets.after);
4. X sprays its oil slick behind it;
5. end: X's rear guns shoot the other cars named that are one square behind X now.

No rendering or CLI here.
"""

from __future__ import annotations

from math import gcd
from typing import Any

from generator.games.graph_racers.moves.actions import Action
from generator.games.graph_racers.moves.referee import CRASH
from generator.games.graph_racers.moves.rules import NORMAL, Vector, skid_changes
from generator.games.graph_racers.race.cars import (
    MOVED,
    OFF_TRACK,
    Car,
    Event,
    Option,
    Race,
    on_track,
)
from generator.games.graph_racers.race.crashes import crash_point
from generator.games.graph_racers.race.goodies import (
    COIN_GIVES,
    GIVES_TEXT,
    MISSILE_DAMAGE,
    WORDS,
    Missile,
    behind,
    missile_changes,
    slick,
    touches_oil,
)
from generator.games.graph_racers.track.model import COINS

Point = tuple[int, int]


def _fmt(p: Point) -> str:
    return f"({p[0]}, {p[1]})"


def line_points(p: Point, v: Vector) -> list[Point]:
    """The grid points the straight move p -> p + v passes through, in order, its start left
    out and its end included."""
    if v == (0, 0):
        return []
    g = gcd(abs(v[0]), abs(v[1]))
    u = (v[0] // g, v[1] // g)
    return [(p[0] + k * u[0], p[1] + k * u[1]) for k in range(1, g + 1)]


class Gadgets:
    """The coins still on the track, the oil sprayed, the missiles in flight."""

    def __init__(self, state: Race) -> None:
        self.state = state
        self.coins: dict[Point, str] = dict(getattr(state.track, "coins", {}))
        self.oil: set[Point] = set()  # sprayed during the race
        self.missiles: dict[int, Missile] = {}  # owner's seat -> its missile in flight
        self.shot: set[int] = set()  # seats the car on turn has shot this turn

    # --- helpers ------------------------------------------------------------------------
    def skids(self, p: Point, v: Vector) -> bool:
        """The skid test with the sprayed oil too."""
        return self.state.ref.skids(p[0], p[1], v[0], v[1]) or touches_oil(self.oil, p, v)

    def on_oil(self, p: Point) -> bool:
        """Does a car standing on p stand on oil (the track's or sprayed)?"""
        return p in self.oil or self.state.ref.on_oil(p[0], p[1])

    def _clear(self, p: Point, v: Vector) -> bool:
        """Does the straight move p -> p + v keep off the sides (the missile's test; water is
        a side)? Exact: it touches no off-track square (or drawn edge); endpoint: it lands on
        the track."""
        st = self.state
        q = (p[0] + v[0], p[1] + v[1])
        if not st.exact:
            return on_track(st.track, q)
        if getattr(st.track, "kind", "cells") == "drawn":
            return st.ref.judge(p[0], p[1], v[0], v[1])[0] != CRASH
        return st.ref.first_bad_square(p[0], p[1], v[0], v[1]) is None

    def _out_if_wrecked(self, car: Car, events: list[Event]) -> None:
        if car.status in ("running", "parked") and car.wrecked(hit=True):
            events.append(self.state.put_out(car, self.state.round))

    def _sweep(self) -> None:
        """A missile vanishes when its car leaves the race (no turns left to move it): a car
        out is swept at once (RaceState.put_out), a finished one at the end of its turn."""
        for seat in list(self.missiles):
            if self.state.cars[seat].status in ("finished", "out"):
                del self.missiles[seat]

    # --- coins and missiles along a car's move ---------------------------------------------
    def driven(self, car: Car, o: Option, p: Point, line: list[Point]) -> list[Point]:
        """The points the car drove into on move o from p, in order: "*Drive into* is the
        collision rule's meeting of a point", so the points of `line` (RaceState.reached: where
        the collision test would have met a car, jumps and moves off the track included) up to
        where the car's move ended (a collision: its stop point); and the point it stands on
        now (put there after a crash). Endpoint: the landing point only (in `line`) when the
        car moved or finished there."""
        st = self.state
        pts: list[Point] = []
        if st.exact:
            for q in line:
                if o.outcome == "collision" and o.end in (p, *pts):
                    break  # a collision stops the car on o.end
                pts.append(q)
        elif o.outcome in ("move", "finish"):
            pts.append(o.aim)
        if car.on_board and car.point != p and car.point not in pts:
            pts.append(car.point)
        return pts

    def on_the_way(self, car: Car, o: Option, p: Point, line: list[Point]) -> list[Event]:
        """Coins picked up and missiles met along the car's move from p (already played:
        the car stands where it ended; `line`: RaceState.reached, judged before the move), in
        the order it met them; state.py counts the damage of a crash or collision after them,
        so a dime picked up on the way counts and a blast does not stop the move."""
        events: list[Event] = []
        if not self.coins and not self.missiles:
            return events
        rnd = self.state.round
        for q in self.driven(car, o, p, line):
            if q in self.coins:
                events.append(self._pick(car, q))
            hit = next((m for m in self.missiles.values() if m.point == q), None)
            if hit is not None and self.state.contact:
                del self.missiles[hit.owner]
                car.damage += MISSILE_DAMAGE  # the move goes on (unless this puts it out)
                events.append(
                    Event(
                        "blast",
                        rnd,
                        car.seat,
                        to=q,
                        damage=MISSILE_DAMAGE,
                        total=car.damage,
                        other=hit.owner,
                    )
                )
                if car.wrecked(hit=True):
                    break
        return events

    def _pick(self, car: Car, q: Point) -> Event:
        """The car picks up the coin at q: what it gives is the car's from now on."""
        ch = self.coins.pop(q)
        what, n = COIN_GIVES[ch]
        b, t, k = car.budget
        if what == "turbo":
            car.budget = (b, t + n, k)
        elif what == "brakes":
            car.budget = (b + n, t, k)
        elif what == "rocket":
            car.budget = (b, t, k + n)
        elif what == "damage":
            car.points += n
        elif what == "missile":
            car.kit.missiles += n
        elif what == "sprayer":
            car.kit.sprayers += n
        elif what == "guns":
            car.kit.guns += n
        else:
            car.kit.sub = True
        return Event(
            "pickup",
            self.state.round,
            car.seat,
            to=q,
            coin=COINS[ch],
            gives=GIVES_TEXT[what].format(n=n),
        )

    # --- checking a turn's action before anything moves ----------------------------------------
    def launch(self, car: Car, o: Option) -> tuple[Point, Vector] | None:
        """Where a missile fired after move o starts, and its vector: the car's point and
        vector after the move (a car that crashed or collided stands still); None when the
        car finishes."""
        if o.outcome == "finish":
            return None
        if o.outcome == "move":
            return o.aim, o.vector
        if o.outcome == "collision":
            assert o.end is not None
            return o.end, (0, 0)
        return crash_point(self.state, car, o.vector), (0, 0)

    def missile_options(self, p: Point, v: Vector) -> list[tuple[Vector, str]]:
        """A missile skids on oil like a car, and standing on oil it has no turbo."""
        if self.skids(p, v):
            return skid_changes(self.state.rules, v)
        out = missile_changes(self.state.rules, v)
        if v == (0, 0) and self.on_oil(p):
            out = [(a, k) for a, k in out if k == NORMAL]
        return out

    def check(self, car: Car, o: Option, action: Action | None) -> str | None:
        """Why the action is not allowed with move o (None: allowed). Checked before the
        move is played, so the race is unchanged when it is refused."""
        action = action or Action()
        why = self._check_shots(car, o, action)
        if why is not None:
            return why
        kit = car.kit
        flying = self.missiles.get(car.seat)
        if action.fire:
            if flying is not None:
                return "fire: the car's missile is still in flight (one missile at a time)"
            if kit.missiles == 0 and self._picks_up(car, o, "missile"):
                return self._not_yet("fire", "missile")
            if kit.missiles == 0:
                return (
                    "fire: the car has no missile (buy one with --design ...+missile, or pick "
                    "up a missile coin)"
                    if car.design is None or not car.design.missile
                    else "fire: the car fired every missile it has ('fire the missile one time')"
                )
        if action.spray:
            if kit.sprayers == 0 and self._picks_up(car, o, "sprayer"):
                return self._not_yet("spray", "sprayer")
            if kit.sprayers == 0:
                return (
                    "spray: the car has no oil sprayer (buy one with --design ...+sprayer)"
                    if car.design is None or not car.design.sprayer
                    else "spray: the car used every oil sprayer it has (each 'Once during the "
                    "game')"
                )
            if o.vector == (0, 0):
                return "spray: a car standing still has no 'behind' to spray its slick onto"
        start: tuple[Point, Vector] | None = None
        if action.fire:
            start = self.launch(car, o)
        elif flying is not None:
            start = flying.point, flying.vector
        elif action.missile is not None:
            return "missile: the car has no missile in flight to steer ('fire' fires it)"
        if start is not None:
            a = action.missile or (0, 0)
            allowed = [b for b, _ in self.missile_options(*start)]
            if a not in allowed and not (action.missile is None and self._spent(car, o)):
                return (
                    f"missile: at {_fmt(start[0])} with vector {_fmt(start[1])} it cannot take "
                    f"acceleration {_fmt(a)} (the acceleration set's, or turbo; no good brakes; "
                    f"it skids on oil like a car): allowed {', '.join(map(_fmt, allowed))}"
                )
        return None

    def _trial(self, car: Car, o: Option) -> tuple[Race, Car]:
        """Move o of the car played on a copy of the race (the race itself unchanged): the
        copy, and the car in it."""
        import copy

        st = self.state
        shared = (st.track, st.ref, st.sub_track, st.sub_ref, st.swedish, st.rules, st.designs)
        trial = copy.deepcopy(st, {id(x): x for x in shared})
        mine = trial.cars[car.seat]
        trial.apply(mine, o)
        return trial, mine

    def _spent(self, car: Car, o: Option) -> bool:
        """Is the car's missile gone after move o, unmoved: the car finished or is out (its
        missile vanishes at once), or its move met the missile and set it off? Then a missile
        move left unwritten is no fault (race --json writes none for it). Played on a copy of
        the race; asked only for such an unwritten move."""
        trial, mine = self._trial(car, o)
        return not mine.on_board or car.seat not in trial.gadgets.missiles

    def _picks_up(self, car: Car, o: Option, goodie: str) -> bool:
        """Does move o pick up a coin of the goodie ('missile', 'sprayer')? Asked only when
        the car has none to use, to say why (played on a copy of the race)."""
        if not any(COIN_GIVES[ch][0] == goodie for ch in self.coins.values()):
            return False
        _trial, mine = self._trial(car, o)
        kit = mine.kit
        return (kit.missiles if goodie == "missile" else kit.sprayers) > 0

    @staticmethod
    def _not_yet(verb: str, goodie: str) -> str:
        """Why a goodie picked up on this move cannot be used on it."""
        return (
            f"{verb}: the {WORDS[goodie]} was picked up on this move; a goodie picked up on a "
            "move is usable from the car's next turn (as a coin's boosts are from its next "
            "move)"
        )

    # --- the turn ---------------------------------------------------------------------------
    def turn_start(self, car: Car) -> list[Event]:
        """The start of the car's turn: no car shot yet this turn. Its rear guns shoot only
        when its player says so (shoot_first, after)."""
        self.shot = set()
        self._sweep()
        return []

    # --- the rear guns: "you *can* shoot" -----------------------------------------------------
    def shootable(self, car: Car, target: Car, point: Point, vector: Vector) -> bool:
        """Can the car, standing on `point` with `vector`, shoot `target` now: the target is
        on the track, has made its first move (a car still on its start point has not started
        racing: seat 1 would get a shot no later seat can answer) and stands one square behind
        it (goodies.behind)?"""
        return (
            target is not car
            and target.on_board
            and target.moves > 0
            and behind(point, vector, target.point)
        )

    def named(self, car: Car, action: Action | None) -> tuple[list[Car], str | None]:
        """The cars the action's 'shoot N' names, or why it may not name them."""
        cars = self.state.cars
        shoot = action.shoot if action is not None else ()
        if not shoot:
            return [], None
        if not car.kit.guns:
            return [], "shoot: the car has no rear guns (buy a set with --design ...+guns)"
        out = []
        for n in shoot:
            if not 1 <= n <= len(cars):
                return [], f"shoot: there is no car {n} (cars 1 to {len(cars)})"
            if n == car.seat + 1:
                return [], f"shoot: car {n} cannot shoot itself"
            out.append(cars[n - 1])
        return out, None

    def shoot_first(self, car: Car, action: Action | None) -> list[Event]:
        """The start of the car's turn: its rear guns shoot the cars named that stand one
        square behind it now (the others, if behind at the end of the turn, then)."""
        return self.shoot(car, self.start_targets(car, action))

    def start_targets(self, car: Car, action: Action | None) -> list[Car]:
        """The cars named that the car can shoot now, not shot yet this turn."""
        targets, why = self.named(car, action)
        if why is not None or car.status != "running":
            return []
        return [
            t
            for t in targets
            if t.seat not in self.shot and self.shootable(car, t, car.point, car.vector)
        ]

    def _check_shots(self, car: Car, o: Option, action: Action | None) -> str | None:
        """Why the named cars may not be shot (None: they may): each must have been shot at
        the start of the turn or stand behind the car where its move leaves it."""
        targets, why = self.named(car, action)
        if why is not None:
            return why
        end: tuple[Point, Vector] | None = None
        if o.outcome in (MOVED, OFF_TRACK):  # a car that crashed, collided or finished: no back
            end = (o.aim, o.vector)
        for t in targets:
            if t.seat in self.shot or (end is not None and self.shootable(car, t, *end)):
                continue
            return (
                f"shoot: car {t.seat + 1} is not one square behind car {car.seat + 1} at the "
                "start or the end of its turn (behind: the point one square back along its "
                "heading; a car standing still has no back; a car that has not yet moved is "
                "not shot)"
            )
        return None

    def after(self, car: Car, o: Option, action: Action | None) -> list[Event]:
        """After the car's move: fire, the missile's move, the oil slick, the guns."""
        events: list[Event] = []
        action = action or Action()
        if car.on_board:
            if action.fire:
                car.kit.missiles -= 1
                self.missiles[car.seat] = Missile(car.seat, car.point, car.vector)
                events.append(
                    Event("fire", self.state.round, car.seat, frm=car.point, vector=car.vector)
                )
            m = self.missiles.get(car.seat)
            if m is not None:
                events += self.fly(m, action.missile or (0, 0))
            if action.spray and car.on_board:
                events.append(self.spray(car, o.vector))
            if car.status == "running" and action.shoot:
                targets, _ = self.named(car, action)
                events += self.shoot(
                    car,
                    [
                        t
                        for t in targets
                        if t.seat not in self.shot and self.shootable(car, t, car.point, car.vector)
                    ],
                )
        self._sweep()
        return events

    def fly(self, m: Missile, a: Vector) -> list[Event]:
        """The missile's move: it explodes on the first car its line reaches (its own car
        too), vanishes with the first missile it reaches, or vanishes against the side."""
        st = self.state
        rnd = st.round
        p, v = m.point, m.vector
        kind = dict(self.missile_options(p, v)).get(a, "")
        nv = (v[0] + a[0], v[1] + a[1])
        aim = (p[0] + nv[0], p[1] + nv[1])
        cars = {c.seat: c.point for c in st.cars if c.on_board and st.contact}
        outcome, other = self.trace(m, nv, cars)
        to = aim if outcome == "move" else None
        victim = st.cars[other] if outcome == "blast" and other is not None else None
        if outcome == "missile" and other is not None:
            del self.missiles[other]
        events = [Event("missile", rnd, m.owner, p, to, aim, a, nv, kind, outcome, other=other)]
        if outcome == "move":
            m.point, m.vector = aim, nv
            return events
        del self.missiles[m.owner]
        if victim is not None:
            victim.damage += MISSILE_DAMAGE
            events.append(
                Event(
                    "blast",
                    rnd,
                    victim.seat,
                    to=victim.point,
                    damage=MISSILE_DAMAGE,
                    total=victim.damage,
                    other=m.owner,
                )
            )
            self._out_if_wrecked(victim, events)
        return events

    def trace(self, m: Missile, nv: Vector, cars: dict[int, Point]) -> tuple[str, int | None]:
        """What the missile's move with vector nv meets first: ('crash', None), ('blast',
        seat of the car on `cars`' points), ('missile', owner of the other missile) or
        ('move', None). Exact: along its line; endpoint: where it lands. Standing still it
        "ends up" on its own point."""
        p = m.point
        aim = (p[0] + nv[0], p[1] + nv[1])
        on_line = line_points(p, nv) if self.state.exact else [aim]
        for q in on_line if nv != (0, 0) else [p]:
            if q != p and not self._clear(p, (q[0] - p[0], q[1] - p[1])):
                return "crash", None
            victim = next((seat for seat, at in cars.items() if at == q), None)
            if victim is not None:
                return "blast", victim
            met = next((x for x in self.missiles.values() if x is not m and x.point == q), None)
            if met is not None:
                return "missile", met.owner
        return "move", None

    def spray(self, car: Car, v: Vector) -> Event:
        """A 3 x 3 oil slick right behind the car (its points on the track or the water)."""
        st = self.state
        track = st.sub_track
        pts = tuple(q for q in slick(car.point, v) if on_track(track, q))
        car.kit.sprayers -= 1
        self.oil |= set(pts)
        return Event("spray", st.round, car.seat, to=car.point, oil=pts)

    def shoot(self, car: Car, targets: list[Car]) -> list[Event]:
        """The car's rear guns shoot these cars: one point of damage for each set of guns,
        each car once a turn ("at either the start or end of your turn")."""
        events: list[Event] = []
        if not car.kit.guns or car.status != "running" or not self.state.contact:
            return events
        for other in targets:
            if other.seat in self.shot or not other.on_board:
                continue
            self.shot.add(other.seat)
            other.damage += car.kit.guns
            events.append(
                Event(
                    "shot",
                    self.state.round,
                    other.seat,
                    to=other.point,
                    damage=car.kit.guns,
                    total=other.damage,
                    other=car.seat,
                )
            )
            self._out_if_wrecked(other, events)
        return events


def replay_actions(log: list[Event], seat: int) -> dict[int, Action]:
    """The actions car `seat` took, by move number (its move k is played in round k), read
    back from the log: what `race --json` writes in its lines for `referee` to replay."""
    found: dict[int, dict[str, Any]] = {}
    for e in log:
        if e.kind == "fire" and e.car == seat:
            found.setdefault(e.round, {})["fire"] = True
        elif e.kind == "spray" and e.car == seat:
            found.setdefault(e.round, {})["spray"] = True
        elif e.kind == "missile" and e.car == seat and e.accel != (0, 0):
            found.setdefault(e.round, {})["missile"] = e.accel
        elif e.kind == "shot" and e.other == seat:
            shot = found.setdefault(e.round, {}).setdefault("shoot", ())
            found[e.round]["shoot"] = (*shot, e.car + 1)
    return {k: Action(**v) for k, v in found.items()}
