"""Solving a puzzle file, and checking a player's answer to it.

`solve` recomputes the answer from the position, the faces and the goal (never from the
file's own solution): for a lay puzzle every solution by the engine's enumeration, for a
fewest puzzle the fewest dice and every route with that many (up to 1000), for a stop puzzle
the exact value of each choice. `check` plays a player's answer through the rules engine and
says it is right, or names the first wrong die and why.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from generator.errors import InvalidInput
from generator.games.trading_paint.puzzles.answers import Token, die_text, parse, replay, same_look
from generator.games.trading_paint.puzzles.fewest import Route, fewest_routes, reaches
from generator.games.trading_paint.puzzles.goals import Goal
from generator.games.trading_paint.puzzles.lay import Solution, lay_solutions
from generator.games.trading_paint.puzzles.puzzle import Puzzle
from generator.games.trading_paint.rules.state import Bump, Draft, Place, State, Stop

COUNT_LIMIT = 1000  # solutions counted exactly up to here (at least)
SHOWN = 20  # answers listed by solve


@dataclass
class Solved:
    kind: str
    solutions: int
    answers: list[str] = field(default_factory=list)
    detail: dict[str, Any] = field(default_factory=dict)
    at_least: bool = False  # the count stopped at the limit

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "format": "trading-paint-solved/1",
            "kind": self.kind,
            "solutions": self.solutions,
            "solutions_at_least": self.at_least,
            "solution": self.detail,
            "answers": self.answers,
        }
        return out


def lay_text(state: State, sol: Solution, goal: Goal) -> str:
    from generator.games.trading_paint.puzzles.keys import ending_token

    b = state.board
    return (
        " ".join(die_text(b, d) for d in sol.way.dice) + " " + ending_token(state, sol.ending, goal)
    )


def route_text(route: Route, goal: Goal) -> str:
    """A route in the answer notation: dice, and the stops, bumps and drafts between them."""
    words = []
    last = len(route.moves) - 1
    for i, (s, m) in enumerate(route.moves):
        b = s.board
        if isinstance(m, Place):
            words.append(die_text(b, (m.square, s.face, m.rotation)))
        elif isinstance(m, Stop):
            words.append(
                "stop" if i == last and goal.kind == "finish" else f"stop {b.label(m.square)}"
            )
        elif isinstance(m, Bump):
            words.append(f"bump {b.label(m.square)}")
        elif isinstance(m, Draft):
            words.append(
                f"draft {b.label(m.square)}" + ("" if i == last else f" {b.label(m.landing)}")
            )
    return " ".join(words)


def solve(p: Puzzle) -> Solved:
    state = p.state
    if p.kind == "stop":
        from generator.games.trading_paint.puzzles.keys import stop_answer
        from generator.games.trading_paint.puzzles.stopping import stop_or_roll

        detail = stop_answer(state, stop_or_roll(state))
        return Solved("stop", 1, [detail["answer"]], detail)
    assert p.goal is not None
    if p.kind == "lay":
        from generator.games.trading_paint.puzzles.keys import ending_dict

        sols = lay_solutions(state, p.faces, p.goal)
        answers = [lay_text(state, s, p.goal) for s in sols]
        detail: dict[str, Any] = {}
        if sols:
            s = sols[0]
            detail = {
                "answer": answers[0],
                "dice": [
                    {
                        "face": f,
                        "square": list(state.board.xy(c)),
                        "rotation": r * 90,
                        "rotations": [x * 90 for x in s.rotations(k)],
                        "either_way_up": len(s.rotations(k)) > 1,
                    }
                    for k, (c, f, r) in enumerate(s.way.dice)
                ],
                "ending": ending_dict(state, s.ending),
                "endings": [ending_dict(state, e) for e in s.endings()],
            }
        return Solved("lay", len(sols), answers[:SHOWN], detail)
    k, routes = fewest_routes(state, p.faces, p.goal, limit=COUNT_LIMIT)
    answers = [route_text(r, p.goal) for r in routes]
    detail = {"dice_needed": k, "answer": answers[0]} if routes else {"dice_needed": 0}
    return Solved("fewest", len(routes), answers[:SHOWN], detail, len(routes) >= COUNT_LIMIT)


def format_solved(p: Puzzle, s: Solved) -> str:
    lines = [p.question()]
    if p.kind == "stop":
        d = s.detail
        lines.append(
            f"{d['answer']}: stop is worth {d['stop']} squares ({d['stop_squares']:g}; "
            f"{d['best_end']}), rolling {d['roll']} ({d['roll_squares']:g})"
        )
        for f in d["faces"]:
            lines.append(f"  {f['face']}: {f['value']:>10} ({f['squares']:g})  {f['play']}")
        return "\n".join(lines)
    if not s.solutions:
        lines.append("no solution: no way of laying these dice reaches the goal")
        return "\n".join(lines)
    count = f"{s.solutions}{' or more' if s.at_least else ''}"
    what = "solution" if s.solutions == 1 else "solutions"
    if p.kind == "fewest":
        lines.append(f"{s.detail['dice_needed']} dice; {count} {what} with that many:")
    else:
        lines.append(f"{count} {what}:")
    lines += [f"  {a}" for a in s.answers]
    if s.solutions > len(s.answers):
        lines.append(f"  ... and {s.solutions - len(s.answers)} more")
    dice = s.detail.get("dice", [])
    ups = [f"die {k + 1}" for k, d in enumerate(dice) if d.get("either_way_up")]
    if ups and s.solutions == 1:
        lines.append(f"  ({', '.join(ups)}: either way up)")
    return "\n".join(lines)


@dataclass(frozen=True)
class Verdict:
    right: bool
    message: str


def check(p: Puzzle, text: str) -> Verdict:
    """Whether a player's answer is right; if not, the first wrong die (or word) and why."""
    if p.kind == "stop":
        word = text.strip().lower()
        if word not in ("stop", "roll"):
            raise InvalidInput(f"answer {text!r}: a stop puzzle's answer is stop or roll")
        solved = solve(p)
        d = solved.detail
        ok = word == d["answer"]
        verdict = "right" if ok else "wrong"
        return Verdict(ok, f"{verdict}: {d['answer']} (stop {d['stop']} squares, roll {d['roll']})")
    assert p.goal is not None
    state = p.state
    tokens = parse(state.board, text)
    run = replay(state, p.faces, tokens, finish=p.goal.kind == "finish")
    if run.error:
        if p.kind == "lay":
            # a die laid before the one the rules refuse may already be the wrong one
            laid = [t for t in tokens if not t.word][: run.dice]
            earlier = first_wrong_lay(p, laid)
            if earlier:
                return Verdict(False, "wrong: " + earlier)
        return Verdict(False, f"wrong: {run.error}")
    last_state, last_move = run.moves[-1]
    reached = isinstance(last_move, (Stop, Bump, Draft)) and reaches(
        p.goal, last_state, last_move, run.state
    )
    if p.kind == "lay":
        if run.dice < len(p.faces):
            return Verdict(False, f"wrong: only {run.dice} of the {len(p.faces)} dice are laid")
        if not isinstance(last_move, (Stop, Bump, Draft)):
            return Verdict(
                False, "wrong: end the path after the last die: stop, bump SQUARE or draft SQUARE"
            )
        if reached:
            return Verdict(True, f"right: car {state.car + 1} {p.goal.text(state)}")
        dice = [t for t in tokens if not t.word]
        wrong = first_wrong_lay(p, dice) or (
            f"the path ends the wrong way: car {state.car + 1} must {p.goal.text(state, verb=True)}"
        )
        return Verdict(False, "wrong: " + wrong)
    k, routes = fewest_routes(state, p.faces, p.goal, limit=1)
    if reached:
        if run.dice == k:
            return Verdict(
                True, f"right: {k} dice is the fewest, and car {state.car + 1} {p.goal.text(state)}"
            )
        return Verdict(
            False, f"wrong: this reaches the goal with {run.dice} dice; {k} is the fewest"
        )
    return Verdict(
        False,
        f"wrong: the answer ends without reaching the goal (car {state.car + 1} must {p.goal.text(state, verb=True)})",
    )


def first_wrong_lay(p: Puzzle, dice: list[Token]) -> str:
    """The first of the dice after which no way of laying the rest reaches the goal ('' when
    every one of them still lies on the way to some solution)."""
    assert p.goal is not None
    state = p.state
    sols = lay_solutions(state, p.faces, p.goal)

    def follows(sol: Solution, j: int) -> bool:
        square, face, _ = sol.way.dice[j]
        t = dice[j]
        return (t.square, t.face) == (square, face) and any(
            same_look(face, t.rotation, r) for r in sol.rotations(j)
        )

    for k, tok in enumerate(dice):
        if not any(all(follows(s, j) for j in range(k + 1)) for s in sols):
            rest = ", ".join(map(str, p.faces[k + 1 :]))
            after = f"laying the rest ({rest})" if rest else "ending the path"
            return (
                f"die {k + 1} ({tok.text}): from there no way of {after} makes car "
                f"{state.car + 1} {p.goal.text(state, verb=True)}"
            )
    return ""
