"""Puzzle generation: scenes from real play, goals the dice can reach, blockers that leave one
answer, two proofs, a grade, tags.

For each puzzle the generator draws a scene (`scenes`: positions of seeded races) and faces
(no X; 2-3 dice easy, 3-4 medium, 4-6 hard), lists every way to lay them (the rules engine),
and looks for a goal of the kind asked that the dice reach. A goal reached by one solution is
kept; one reached by a few is made unique by blockers (`blockers`: cars, or wrecks after the
caution period, the cheapest on squares only the other solutions use), re-enumerating
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
from generator.games.trading_paint.puzzles.blockers import (
    MAX_RIVALS,
    place_blockers,
    spare_cars,
    unique_by_blockers,
)
from generator.games.trading_paint.puzzles.cpsat import lay_model
from generator.games.trading_paint.puzzles.goals import Goal
from generator.games.trading_paint.puzzles.grading import DICE, grade, rule_tags
from generator.games.trading_paint.puzzles.keys import lay_answer, stop_answer
from generator.games.trading_paint.puzzles.lay import Solution, complete_ways, solutions_of
from generator.games.trading_paint.puzzles.puzzle import PATH_FACES, Puzzle
from generator.games.trading_paint.puzzles.scenes import stop_moments, turn_starts
from generator.games.trading_paint.rules import caution as cz
from generator.games.trading_paint.rules.board import PIT, TRACK, Board
from generator.games.trading_paint.rules.moves import occupancy
from generator.games.trading_paint.rules.paths import Query, placement_ways
from generator.games.trading_paint.rules.state import Bump, Draft, State
from generator.games.trading_paint.rules.turn import legal_moves

GOAL_KINDS = ("bump", "draft", "finish", "square")
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
        ident = likeness(puzzle)
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
    if _few_paths(q0):
        return None
    for base, goal in goal_scenes(scene, q0, kinds, rng)[:4]:
        q = q0 if base is scene else placement_ways(base, faces)
        if _few_paths(q):
            continue
        sols = solutions_of(q, goal)
        if not sols or len(sols) > MAX_RIVALS:
            continue
        intended = sols[rng.randrange(len(sols))]
        made = unique_by_blockers(base, faces, goal, intended, rng, q)
        if made is None:
            continue
        state, q2, sol, cut = made
        if _few_paths(q2):
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
    spots = [c for c in _finish_reach(b, len(faces)) if c not in occ and c not in scene.wrecks]
    if not spots or not scene.on_track(me):
        return None
    c = spots[rng.randrange(len(spots))]
    pos = list(scene.pos)
    lap = list(scene.lap)
    pos[me], lap[me] = c, 0
    return replace(scene, pos=tuple(pos), lap=tuple(lap), caution=cz.AFTER)


_FINISH_REACH: dict[tuple[int, int], tuple[Board, tuple[int, ...]]] = {}


def _finish_reach(b: Board, n: int) -> tuple[int, ...]:
    """Track squares n - 1 to n + 1.5 squares of progress before the finish line, in board
    order (kept per board and n: _near_finish asks for every scene)."""
    kept = _FINISH_REACH.get((id(b), n))
    if kept is None or kept[0] is not b:
        cells = tuple(c for c in b.track_cells() if n - 1 <= b.lap_length - b.station[c] <= n + 1.5)
        kept = _FINISH_REACH[(id(b), n)] = (b, cells)
    return kept[1]


def _few_paths(q: Query) -> bool:
    """Fewer than MIN_WAYS different complete paths on the board (stops counting there)."""
    n = len(q.faces)
    seen: set[tuple[int, ...]] = set()
    for w in q.ways:
        if len(w.dice) == n:
            seen.add(tuple(d[0] for d in w.dice))
            if len(seen) >= MIN_WAYS:
                return False
    return True


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


# --- fewest ------------------------------------------------------------------------------------
FEWEST_FACES = (6, 7)  # faces known in advance


def make_fewest(scene: State, req: Request, rng: random.Random) -> Puzzle | None:
    from generator.games.trading_paint.puzzles.fewest import fewest_routes

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

    from generator.games.trading_paint.puzzles.stopping import (
        ending_now,
        path_gain,
        reasoning,
        roll_floor,
        stop_or_roll,
        valuer,
    )

    n = len(scene.path)
    if scene.banked:
        return None
    # where the puzzle is drawn first: a moment whose squares do not fit the page's window is
    # passed over before its values are searched (the same puzzles, found sooner)
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
    rule = "roll" if n < RULE_OF_FOUR else "stop"
    least = Fraction(MIN_MARGIN_NUM, MIN_MARGIN_DEN)
    try:
        # a quick look three squares further first: most moments agree with the rule of four
        val = valuer(scene, reach=int(path_gain(scene)) + 3)
        if rule == "roll" and roll_floor(scene, val) > ending_now(scene, val)[0]:
            return None  # rolling beats stopping (its floor does): the quick look says roll
        quick = stop_or_roll(scene, val=val)
        if quick.choice == rule and (rule == "roll" or quick.margin * 2 >= 1):
            return None
        val = valuer(scene)
        if rule == "roll" and roll_floor(scene, val) > ending_now(scene, val)[0] - least:
            return None  # the call is roll, or stop by less than the margin
        answer = stop_or_roll(scene, val=val)
    except LimitExceeded:
        return None
    if answer.margin < least or answer.choice == rule:
        return None
    if max(answer.stop.denominator, answer.roll.denominator) > READABLE:
        return None  # fractions from a turn's angles: exact, but no one reads them
    if reasoning(scene, answer) != req.difficulty:
        return None
    check = stop_or_roll(scene, reach=12)
    if check.choice != answer.choice or check.margin < least:
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
        "proofs": ["engine (paths up to 10 squares long)", "engine (paths up to 12 squares long)"]
    }
    return puzzle


def likeness(p: Puzzle) -> tuple:
    """What two puzzles of one set must not share: the same position, car, faces and path; for
    a stop puzzle also the same sums (the call, both values and the six faces' values), which
    make two moments a step apart on the same straight one puzzle twice."""
    if p.kind != "stop":
        return (p.state.pos, p.state.car, p.faces, p.state.path)
    sol = p.solution
    values = tuple(sorted(f["value"] for f in sol["faces"]))
    return ("stop", sol["answer"], sol["stop"], sol["roll"], values)
