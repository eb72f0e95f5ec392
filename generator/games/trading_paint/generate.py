"""Puzzle generation: scenes from real play, goals the dice can reach, blockers that leave one
answer, two proofs, a grade, tags.

For each puzzle the generator draws a scene (`scenes`: positions of seeded races) and faces
(no X; 2-3 dice easy, 3-4 medium, 4-6 hard), lists every way to lay them (the rules engine),
and looks for a goal of the kind asked that the dice reach. A goal reached by one solution is
kept; one reached by a few is made unique by blockers (`blockers`: cars, or wrecks after the
caution period, placed by CP-SAT on squares only the other solutions use), re-enumerating
after each placement. A puzzle is kept when the engine and the CP-SAT model (`cpsat`) both
find exactly that one solution, its grade (`grading`) is the one asked, at least three ways
lay every die (no corridor), and its board window fits the page.

Everything random comes from one random.Random(seed); CP-SAT runs single-threaded with a fixed
seed and a deterministic time limit; so a seed gives the same puzzles on any machine.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace

from generator.errors import LimitExceeded
from generator.games.trading_paint import caution as cz
from generator.games.trading_paint.answers import cars_after, die_text
from generator.games.trading_paint.blockers import choose_blockers
from generator.games.trading_paint.board import PIT, TRACK
from generator.games.trading_paint.cpsat import lay_model
from generator.games.trading_paint.goals import Goal
from generator.games.trading_paint.grading import DICE, distances, grade, rule_tags
from generator.games.trading_paint.lay import Solution, complete_ways, solutions_of
from generator.games.trading_paint.moves import occupancy
from generator.games.trading_paint.paths import Ending, Query, Way, placement_ways
from generator.games.trading_paint.puzzles import PATH_FACES, Puzzle
from generator.games.trading_paint.rules import apply_legal, legal_moves
from generator.games.trading_paint.scenes import stop_moments, turn_starts
from generator.games.trading_paint.state import Bump, Draft, Face, Place, Roll, State, Stop

GOAL_KINDS = ("bump", "draft", "finish", "square")
MAX_COMPETITORS = 6  # more rival solutions than this: another scene, not a wall of blockers
ROUNDS = 4  # blocker rounds (each re-enumerates) before giving up on a goal
MIN_WAYS = 3  # different complete paths on the board
MAX_ATTEMPTS = 20_000  # scenes tried for one request before saying it cannot be met


@dataclass(frozen=True)
class Request:
    kind: str = "lay"
    goal: str = "any"  # bump | draft | finish | square | any
    difficulty: str = "medium"
    count: int = 6
    seed: int = 1
    window: tuple[int, int] | None = None  # largest window (columns, rows), wall ring included

    def goal_kinds(self, rng: random.Random) -> list[str]:
        if self.goal != "any":
            return [self.goal]
        kinds = list(GOAL_KINDS)
        rng.shuffle(kinds)
        return kinds


def generate(req: Request, progress: Callable[[int], None] | None = None) -> list[Puzzle]:
    """`req.count` puzzles (module docstring); LimitExceeded when the scenes run out first."""
    from generator import __version__

    rng = random.Random(req.seed)
    out: list[Puzzle] = []
    seen: set[tuple] = set()
    tries = 0
    scenes = stop_moments(req.seed) if req.kind == "stop" else turn_starts(req.seed)
    kinds = req.goal_kinds(rng)  # with --goal any, puzzle i wants kinds[i % 4] (a mix)
    for scene in _sampled(scenes, rng):
        tries += 1
        if tries > MAX_ATTEMPTS:
            raise LimitExceeded(
                f"{len(out)} of {req.count} {req.difficulty} {req.kind} puzzles found in "
                f"{MAX_ATTEMPTS:,} scenes: ask for fewer, another goal or difficulty, or a "
                "larger window (fewer puzzles per page)"
            )
        if req.kind == "lay":
            puzzle = make_lay(scene, req, rng, kinds[len(out) % len(kinds)])
        elif req.kind == "fewest":
            puzzle = make_fewest(scene, req, rng)
        else:
            puzzle = make_stop(scene, req, rng)
        if puzzle is None:
            continue
        ident = (puzzle.state.pos, puzzle.state.car, puzzle.faces, puzzle.state.path)
        if ident in seen:
            continue
        seen.add(ident)
        puzzle.made_by = {
            "seed": req.seed,
            "puzzle": len(out) + 1,
            "racegen": __version__,
            **puzzle.made_by,
        }
        out.append(puzzle)
        if progress is not None:
            progress(1)
        if len(out) == req.count:
            return out
    raise LimitExceeded(f"the scenes ran out after {len(out)} puzzles")  # pragma: no cover


def _sampled(scenes: Iterator[State], rng: random.Random) -> Iterator[State]:
    """Scenes in a seeded order: each race's positions shuffled, so consecutive turns of one
    race do not make consecutive puzzles."""
    batch: list[State] = []
    for s in scenes:
        batch.append(s)
        if len(batch) == 64:
            rng.shuffle(batch)
            yield from batch
            batch = []


# --- lay ---------------------------------------------------------------------------------------
def candidate_goals(q: Query, kinds: list[str]) -> list[Goal]:
    """Goals of the given kinds that some complete way reaches, in a fixed order."""
    state = q.state
    out: list[Goal] = []
    for kind in kinds:
        found: list[Goal] = []
        for w in complete_ways(q):
            for e in w.endings:
                if kind == "finish" and e.finishes:
                    g = Goal("finish")
                elif kind in ("bump", "draft") and e.kind == kind:
                    g = Goal(kind, car=state.occupant(e.via) + 1)
                elif kind == "square" and e.kind in ("stop", "bump", "draft") and not e.finishes:
                    g = Goal("square", square=e.square)
                else:
                    continue
                if g not in found:
                    found.append(g)
        out += found
    return out


def make_lay(
    scene: State, req: Request, rng: random.Random, kind: str | None = None
) -> Puzzle | None:
    """A lay puzzle from this scene, or None (module docstring); `kind`: the goal kind wanted
    (default: the request's)."""
    lo, hi = DICE[req.difficulty]
    faces = tuple(rng.choice(PATH_FACES) for _ in range(rng.randint(lo, hi)))
    if not scene.on_track(scene.car) and not scene.off_track(scene.car):
        return None
    kinds = [kind] if kind else req.goal_kinds(rng)
    q0 = placement_ways(scene, faces)
    if _paths(q0) < MIN_WAYS:
        return None
    for base, goal in goal_scenes(scene, q0, kinds, rng)[:4]:
        q = q0 if base is scene else placement_ways(base, faces)
        if _paths(q) < MIN_WAYS:
            continue
        sols = solutions_of(q, goal)
        if not sols or len(sols) > MAX_COMPETITORS:
            continue
        intended = sols[rng.randrange(len(sols))]
        made = unique_by_blockers(base, faces, goal, intended, rng, q)
        if made is None:
            continue
        state, q2, sol, cut = made
        if _paths(q2) < MIN_WAYS:
            continue
        window = window_of(state, q2, goal, sol)
        if not fits(window, req.window):
            continue
        if grade(state, faces, goal, sol) != req.difficulty:
            continue
        proof = lay_model(state, faces, goal, limit=2)
        if not proof.complete or list(proof.solutions) != [(sol.squares, sol.key)]:
            continue  # the two methods must agree: keep only what both prove
        puzzle = Puzzle(
            "lay",
            state,
            faces,
            goal,
            req.difficulty,
            tuple(rule_tags(state, goal, sol, q2.ways)),
            window,
        )
        puzzle.solution = lay_answer(state, faces, goal, sol, q2, cut, base)
        puzzle.made_by = {
            "proofs": ["engine", "cp-sat"],
            "scene": "play" if base is scene else "built",
        }
        return puzzle
    return None


def goal_scenes(
    scene: State, q: Query, kinds: list[str], rng: random.Random
) -> list[tuple[State, Goal]]:
    """(scene, goal) pairs to try: goals the dice already reach in the scene from play, then
    scenes built around a goal: a far-away car moved to where the dice can bump it, a
    team-mate moved to where they can draft it, the car to play moved within reach of the
    finish line. `q`: the scene's ways to lay the faces."""
    faces = q.faces
    found = [(scene, g) for g in candidate_goals(q, kinds)]
    rng.shuffle(found)
    built: list[tuple[State, Goal]] = []
    for kind in kinds:
        if kind == "bump":
            built += _built_targets(scene, q, faces, rng, draft=False)
        elif kind == "draft":
            built += _built_targets(scene, q, faces, rng, draft=True)
        elif kind == "finish" and not any(g.kind == "finish" for _, g in found):
            near = _near_finish(scene, faces, rng)
            if near is not None:
                built.append((near, Goal("finish")))
    rng.shuffle(built)
    return found[:2] + built[:2] + found[2:]


def _built_targets(
    scene: State, q: Query, faces: tuple[int, ...], rng: random.Random, *, draft: bool
) -> list[tuple[State, Goal]]:
    b = scene.board
    me = scene.car
    occ = occupancy(scene)
    spare = spare_cars(scene, faces, Goal("finish"))
    if draft:
        spare = [i for i in spare if scene.team[i] == scene.team[me]]
    if not spare:
        return []
    stops = sorted(
        {(w.dice[-1][0], e.square) for w in complete_ways(q) for e in w.endings if e.kind == "stop"}
    )
    rng.shuffle(stops)
    out = []
    for last, s in stops[:6]:
        d = b.direction(last, s)
        if draft:
            spots = [
                s + b.offsets[d2]
                for d2 in range(4)
                if b.forward[s] >> d2 & 1
                and b.kind[s + b.offsets[d2]] == TRACK
                and b.lane_dirs[s + b.offsets[d2]] >> d2 & 1
            ]
        else:
            spots = [s] if b.lane_dirs[s] >> d & 1 else []
        for t in spots:
            if t in occ or t in scene.wrecks:
                continue
            car = spare[rng.randrange(len(spare))]
            moved = place_blockers(scene, [car], (t,), ())
            out.append((moved, Goal("draft" if draft else "bump", car=car + 1)))
            break
    return out


def _near_finish(scene: State, faces: tuple[int, ...], rng: random.Random) -> State | None:
    """The scene with the car to play moved to a free square n to n+1 squares of progress
    before the finish line (n dice), on its last lap; the caution period is then over."""
    b = scene.board
    me = scene.car
    occ = occupancy(scene)
    n = len(faces)
    spots = [
        c
        for c in b.track_cells()
        if c not in occ
        and c not in scene.wrecks
        and n - 1 <= b.lap_length - b.station[c] <= n + 1.5
    ]
    if not spots or not scene.on_track(me):
        return None
    c = spots[rng.randrange(len(spots))]
    pos = list(scene.pos)
    lap = list(scene.lap)
    pos[me], lap[me] = c, 0
    return replace(scene, pos=tuple(pos), lap=tuple(lap), caution=cz.AFTER)


def _paths(q: Query) -> int:
    return len({tuple(c for c, _, _ in w.dice) for w in complete_ways(q)})


def needed_squares(state: State, sol: Solution) -> set[int]:
    """Squares the intended answer needs free or as they are: its dice, where it ends, the
    cars it bumps or drafts and the squares they move to."""
    b = state.board
    need = set(sol.squares)
    me = state.car
    if state.pos[me] >= 0:
        need.add(state.pos[me])
        if state.entry[me] >= 0:
            need.add(state.entry[me])
            need.add(b.ring_prev[state.entry[me]])
    for _, e in sol.ways:
        need.add(e.square)
        if e.via >= 0:
            need.add(e.via)
            d = b.direction(sol.squares[-1], e.via) if e.kind == "bump" else -1
            if d >= 0:
                q = e.via
                while b.kind[q] == TRACK and q in occupancy(state):
                    need.add(q)
                    q += b.offsets[d]
                need.add(q)
        need.update(cell for _, cell in e.bumped)
    return need


def unique_by_blockers(
    scene: State,
    faces: tuple[int, ...],
    goal: Goal,
    intended: Solution,
    rng: random.Random,
    q: Query | None = None,
) -> tuple[State, Query, Solution, list[tuple[Solution, tuple[int, ...]]]] | None:
    """The scene with blockers that leave `intended` the only solution, with the final
    enumeration and which rival each blocker square cut; None when it cannot be done.
    `q`: the scene's ways, when already listed."""
    state = scene
    clauses: list[frozenset[int]] = []
    cut: list[tuple[Solution, tuple[int, ...]]] = []
    spare = spare_cars(scene, faces, goal)
    salt = rng.randrange(1 << 20)
    for _ in range(ROUNDS):
        if q is None:
            q = placement_ways(state, faces)
        sols = solutions_of(q, goal)
        mine = [s for s in sols if (s.squares, s.key) == (intended.squares, intended.key)]
        if not mine:
            return None
        rivals = [s for s in sols if s is not mine[0]]
        if not rivals:
            return state, q, mine[0], cut
        need = needed_squares(state, mine[0])
        occ = occupancy(state)
        for r in rivals:
            squares = frozenset(s for s in r.squares if s not in need and s not in occ)
            clauses.append(squares)
            cut.append((r, tuple(sorted(squares))))
        if len(clauses) > 2 * MAX_COMPETITORS:
            return None
        b = state.board
        candidates = sorted(set().union(*clauses)) if clauses else []
        wreckable = {}
        room = {}
        if state.caution == cz.AFTER:
            per_row: dict[int, int] = {}
            for w in state.wrecks:
                per_row[b.wreck_row[w]] = per_row.get(b.wreck_row[w], 0) + 1
            for c in candidates:
                if b.wreck_row[c] >= 0:
                    wreckable[c] = b.wreck_row[c]
            room = {r: b.max_wrecks_per_row - per_row.get(r, 0) for r in set(wreckable.values())}
        free_spare = [i for i in spare if state.pos[i] not in candidates]
        choice = choose_blockers(
            clauses,
            car_squares=candidates,
            wreck_squares=wreckable,
            spare_cars=len(free_spare),
            wreck_room=room,
            preference={c: (c * 7919 + salt) % 1009 for c in candidates},  # seeded order
        )
        if choice is None:
            return None
        state = place_blockers(state, free_spare, choice.cars, choice.wrecks)
        q = None
    return None


def spare_cars(state: State, faces: tuple[int, ...], goal: Goal) -> list[int]:
    """Cars far from the scene that may be moved in as blockers (not the car to play, not the
    goal's car, none within reach of the dice)."""
    b = state.board
    me = state.car
    mx, my = b.xy(state.pos[me])
    reach = len(faces) + 3
    out = []
    for i, p in enumerate(state.pos):
        if i == me or p < 0 or (goal.car and i == goal.car - 1):
            continue
        x, y = b.xy(p)
        if max(abs(x - mx), abs(y - my)) > reach:
            out.append(i)
    return out


def place_blockers(
    state: State, cars: list[int], squares: tuple[int, ...], wrecks: tuple[int, ...]
) -> State:
    """Move spare cars onto `squares` (in car order) and put wrecks on `wrecks`."""
    b = state.board
    me = state.car
    here = state.entry[me] if state.entry[me] >= 0 else state.pos[me]
    u = b.station[here] + state.lap[me] * b.lap_length
    pos, entry, lap = list(state.pos), list(state.entry), list(state.lap)
    for car, sq in zip(cars, squares, strict=False):
        lp = cz.continue_lap(b, u, sq)
        if b.station[sq] + lp * b.lap_length >= b.lap_length:
            lp -= 1  # beyond the finish line: a car that has not yet done its lap
        pos[car], entry[car], lap[car] = sq, -1, lp
    return replace(
        state,
        pos=tuple(pos),
        entry=tuple(entry),
        lap=tuple(lap),
        wrecks=state.wrecks | frozenset(wrecks),
    )


def window_of(state: State, q: Query, goal: Goal, sol: Solution) -> tuple[int, int, int, int]:
    """The part of the board a player needs: every square a way can use, the cars and
    wrecks near them, the star; one square round it, the wall ring at most."""
    b = state.board
    cells = {state.pos[state.car]}
    if state.entry[state.car] >= 0:
        cells.add(state.entry[state.car])
    for w in q.ways:
        cells.update(c for c, _, _ in w.dice)
        for e in w.endings:
            cells.add(e.square)
            if e.via >= 0:
                cells.add(e.via)
            cells.update(c for _, c in e.bumped)
    if goal.kind == "square":
        cells.add(goal.square)
    if goal.car:
        cells.add(state.pos[goal.car - 1])
    xs = [b.xy(c)[0] for c in cells]
    ys = [b.xy(c)[1] for c in cells]
    x0, x1 = max(-1, min(xs) - 1), min(b.width, max(xs) + 1)
    y0, y1 = max(-1, min(ys) - 1), min(b.height, max(ys) + 1)
    return (x0, y0, x1, y1)


def fits(window: tuple[int, int, int, int], most: tuple[int, int] | None) -> bool:
    if most is None:
        return True
    x0, y0, x1, y1 = window
    return x1 - x0 + 1 <= most[0] and y1 - y0 + 1 <= most[1]


# --- answers ---------------------------------------------------------------------------------
def ending_words(state: State, e: Ending) -> str:
    b = state.board
    if e.kind == "stop":
        text = f"stops on {b.label(e.square)}"
    elif e.kind == "bump":
        cars = ", ".join(f"car {c} to {b.label(s)}" for c, s in e.bumped)
        text = f"bumps car {state.occupant(e.via) + 1} ({cars}) and ends on {b.label(e.square)}"
    elif e.kind == "draft":
        text = f"drafts car {state.occupant(e.via) + 1} and lands on {b.label(e.square)}"
    elif e.kind in ("pit", "wall"):
        text = f"is forced {'into the pit' if e.kind == 'pit' else 'onto the wall'} at {b.label(e.square)}"
    else:
        text = "runs into a dead end: the turn is lost"
    return text + (", finishing" if e.finishes else "")


def ending_token(state: State, e: Ending, goal: Goal) -> str:
    b = state.board
    if e.kind in ("bump", "draft"):
        return f"{e.kind} {b.label(e.via)}"
    if e.kind == "stop":
        return "stop" if goal.kind == "finish" else f"stop {b.label(e.square)}"
    return e.kind


def ending_dict(state: State, e: Ending) -> dict:
    b = state.board
    out: dict = {"kind": e.kind, "square": list(b.xy(e.square))}
    if e.via >= 0:
        out["via"] = list(b.xy(e.via))
    if e.bumped:
        out["bumped"] = [{"car": c, "to": list(b.xy(s))} for c, s in e.bumped]
    out["finishes"] = e.finishes
    return out


def play_lay(state: State, way: Way, ending: Ending) -> State:
    """The position after the answer, played through the rules engine."""
    s = state
    for k, (square, face, rotation) in enumerate(way.dice):
        if k:
            s = apply_legal(s, Roll())
        s = apply_legal(s, Face(face))
        target = _exits_of(s, square, face, rotation)
        move = next(
            m
            for m in legal_moves(s)
            if isinstance(m, Place)
            and m.square == square
            and _exits_of(s, square, face, m.rotation) == target
        )
        s = apply_legal(s, move)
    if ending.kind == "stop":
        return apply_legal(s, Stop(ending.square))
    if ending.kind == "bump":
        return apply_legal(s, Bump(ending.via))
    if ending.kind == "draft":
        return apply_legal(s, Draft(ending.via, ending.square))
    return s


def _exits_of(s: State, square: int, face: int, rotation: int) -> tuple[int, ...]:
    from generator.games.trading_paint.moves import die_exits, first_squares, next_squares

    occ = occupancy(s)
    slots = next_squares(s, occ) if s.path else first_squares(s, s.car, occ)
    slot = next(x for x in slots if x.square == square)
    return tuple(d for d, _ in die_exits(s.board, square, face, rotation, slot.side, slot.bits))


def lay_answer(
    state: State,
    faces: tuple[int, ...],
    goal: Goal,
    sol: Solution,
    q: Query,
    cut: list[tuple[Solution, tuple[int, ...]]],
    scene: State,
) -> dict:
    """The solution field of a lay puzzle file."""
    b = state.board
    dice = []
    for k, (square, face, rotation) in enumerate(sol.way.dice):
        looks = sol.rotations(k)
        dice.append(
            {
                "face": face,
                "square": list(b.xy(square)),
                "rotation": rotation * 90,
                "rotations": [r * 90 for r in looks],
                "either_way_up": len(looks) > 1,
            }
        )
    ending = sol.ending
    text = " ".join(die_text(b, d) for d in sol.way.dice) + " " + ending_token(state, ending, goal)
    after = play_lay(state, sol.way, ending)
    out: dict = {
        "answer": text,
        "dice": dice,
        "ending": ending_dict(state, ending),
        "endings": [ending_dict(state, e) for e in sol.endings()],
        "cars": cars_after(after),
        "near_miss": near_miss(state, faces, goal, sol, q, cut, scene),
        "solutions": 1,
    }
    moved = [i for i in range(state.cars) if state.pos[i] != scene.pos[i]]
    out["blockers"] = [{"car": i + 1, "at": list(b.xy(state.pos[i]))} for i in moved]
    out["wrecks_added"] = [list(b.xy(w)) for w in sorted(state.wrecks - scene.wrecks)]
    return out


def near_miss(
    state: State,
    faces: tuple[int, ...],
    goal: Goal,
    sol: Solution,
    q: Query,
    cut: list[tuple[Solution, tuple[int, ...]]],
    scene: State,
) -> str:
    """One line on what makes the answer unique: the rival a blocker cut, or the way that
    comes closest without reaching the goal."""
    b = state.board
    if cut:
        rival, squares = cut[0]
        blocker = next(
            (s for s in squares if s in occupancy(state) or s in state.wrecks), squares[0]
        )
        who = state.occupant(blocker)
        what = f"car {who + 1}" if who >= 0 else "the wreck"
        dice = " ".join(die_text(b, d) for d in rival.way.dice)
        return (
            f"Without {what} on {b.label(blocker)}, {dice} would also "
            f"{goal.text(scene, verb=True)}."
        )
    dist = distances(state, goal)
    mine = sol.way.dice
    best = None
    for w in complete_ways(q):
        for e in w.endings:
            if goal.reached(state, e):
                continue
            shared = 0
            while shared < len(mine) and w.dice[shared][:2] == mine[shared][:2]:
                shared += 1
            score = (shared, -dist.get(e.square, 99), -len(best[0].dice) if best else 0)
            if best is None or score > best[2]:
                best = (w, e, score)
    if best is None:
        return "Every other way to lay these dice fails before the last die."
    w, e, _ = best
    dice = " ".join(die_text(b, d) for d in w.dice)
    return f"Near miss: {dice} {ending_words(state, e)}, which does not reach the goal."


# --- fewest ------------------------------------------------------------------------------------
FEWEST_FACES = (6, 7)  # faces known in advance


def make_fewest(scene: State, req: Request, rng: random.Random) -> Puzzle | None:
    from generator.games.trading_paint.fewest import fewest_routes

    lo, hi = DICE[req.difficulty]
    faces = tuple(rng.choice(PATH_FACES) for _ in range(rng.choice(FEWEST_FACES)))
    if not scene.on_track(scene.car):
        return None
    q = placement_ways(scene, faces[:hi])
    goals = [g for g in candidate_goals(q, req.goal_kinds(rng))]
    rng.shuffle(goals)
    for goal in goals[:4]:
        try:
            k, routes = fewest_routes(scene, faces, goal, limit=2)
        except LimitExceeded:
            continue
        if not lo <= k <= hi or len(routes) != 1:
            continue
        route = routes[0]
        if any(isinstance(m, (Bump, Draft)) for _, m in route.moves[:-1]):
            continue  # one path: the CP-SAT proof covers it
        proof_ok = True
        for j in range(1, k + 1):
            m = lay_model(scene, faces[:j], goal, limit=2)
            want = 0 if j < k else 1
            if not m.complete or len(m.solutions) != want:
                proof_ok = False
                break
        if not proof_ok:
            continue
        sols = solutions_of(placement_ways(scene, faces[:k]), goal)
        if len(sols) != 1:
            continue
        sol = sols[0]
        qk = placement_ways(scene, faces[:k])
        g = grade(scene, faces[:k], goal, sol)
        level = {"easy": 0, "medium": 1, "hard": 2}
        if level[g] > level[req.difficulty]:
            continue
        window = window_of(scene, qk, goal, sol)
        if not fits(window, req.window):
            continue
        puzzle = Puzzle(
            "fewest", scene, faces, goal, req.difficulty,
            tuple(rule_tags(scene, goal, sol, qk.ways)), window,
        )  # fmt: skip
        answer = lay_answer(scene, faces[:k], goal, sol, qk, [], scene)
        answer["dice_needed"] = k
        answer["near_miss"] = _fewer_line(scene, faces, goal, k)
        puzzle.solution = answer
        puzzle.made_by = {"proofs": ["engine", "cp-sat"]}
        return puzzle
    return None


def _fewer_line(state: State, faces: tuple[int, ...], goal: Goal, k: int) -> str:
    if k == 1:
        return "One die is the fewest there can be."
    return f"No way of laying the first {k - 1} dice ({', '.join(map(str, faces[: k - 1]))}) reaches the goal."


# --- stop --------------------------------------------------------------------------------------
MIN_MARGIN_NUM, MIN_MARGIN_DEN = 1, 4  # the two choices differ by at least 1/4 square
RULE_OF_FOUR = 4
READABLE = 6**6  # largest denominator printed on a stop puzzle's answer


def make_stop(scene: State, req: Request, rng: random.Random) -> Puzzle | None:
    from fractions import Fraction

    from generator.games.trading_paint.stopping import stop_or_roll

    n = len(scene.path)
    if scene.banked:
        return None
    rule = "roll" if n < RULE_OF_FOUR else "stop"
    try:
        # a quick look three dice deep first: most moments agree with the rule of four
        quick = stop_or_roll(scene, longest=n + 3)
        if quick.choice == rule and (rule == "roll" or quick.margin * 2 >= 1):
            return None
        answer = stop_or_roll(scene)
    except LimitExceeded:
        return None
    if answer.margin < Fraction(MIN_MARGIN_NUM, MIN_MARGIN_DEN) or answer.choice == rule:
        return None
    if max(answer.stop.denominator, answer.roll.denominator) > READABLE:
        return None  # fractions from a turn's angles: exact, but no one reads them
    if stop_grade(answer.margin) != req.difficulty:
        return None
    check = stop_or_roll(scene, longest=12)
    if check.choice != answer.choice or check.margin < Fraction(MIN_MARGIN_NUM, MIN_MARGIN_DEN):
        return None
    b = scene.board
    cells = [scene.pos[scene.car]] + [c for c, _, _ in scene.path]
    occ = occupancy(scene)
    near = [
        p
        for p in occ
        if any(max(abs(b.xy(p)[0] - b.xy(c)[0]), abs(b.xy(p)[1] - b.xy(c)[1])) <= 3 for c in cells)
    ]
    xs = [b.xy(c)[0] for c in cells + near]
    ys = [b.xy(c)[1] for c in cells + near]
    window = (
        max(-1, min(xs) - 2),
        max(-1, min(ys) - 2),
        min(b.width, max(xs) + 3),
        min(b.height, max(ys) + 2),
    )
    if not fits(window, req.window):
        return None
    tags = []
    ends = legal_moves(scene)
    if any(isinstance(m, Bump) for m in ends):
        tags.append("bump in reach")
    if any(isinstance(m, Draft) for m in ends):
        tags.append("draft in reach")
    if any(b.kind[c] == PIT for c in cells):
        tags.append("pit")
    puzzle = Puzzle("stop", scene, (), None, req.difficulty, tuple(tags), window)
    puzzle.solution = stop_answer(scene, answer)
    puzzle.made_by = {
        "proofs": ["engine (paths of up to 10 dice)", "engine (paths of up to 12 dice)"]
    }
    return puzzle


def stop_grade(margin) -> str:  # noqa: ANN001
    """A stop puzzle is as hard as its call is close: the two choices differ by at least one
    square (easy), half a square (medium) or a quarter (hard)."""
    if margin >= 1:
        return "easy"
    return "medium" if margin * 2 >= 1 else "hard"


def stop_answer(state: State, answer) -> dict:  # noqa: ANN001
    from generator.games.trading_paint.rules import describe

    return {
        "answer": answer.choice,
        "stop": str(answer.stop),
        "roll": str(answer.roll),
        "stop_squares": round(float(answer.stop), 4),
        "roll_squares": round(float(answer.roll), 4),
        "best_end": describe(state, answer.stop_move),
        "faces": [
            {
                "face": o.face,
                "value": str(o.value),
                "squares": round(float(o.value), 4),
                "play": o.play,
            }
            for o in answer.faces
        ],
    }
