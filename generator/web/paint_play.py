"""Trading Paint puzzles played on the page (/play/trading-paint): the puzzle's window of the
board; for the next rolled face, each square it may go on is a link, then each way to turn
it; the path's endings (stop, bump, draft) as links; "right" or the first wrong die and why,
in the words of `racegen trading-paint check`; a hint (the answer key's near miss); undo.

No JavaScript: the puzzle and the answer so far are in the address (kind, goal, difficulty,
seed, per_page, puzzle; `answer` in the notation `check` reads), so a class shares a puzzle
by its address. A puzzle is the worksheet printable's puzzle of that number (the same
Request, window_limit(per_page)): puzzle 1 of seed 7 on the page is puzzle 1 of the worksheet
printed with --seed 7. Each request replays the answer with answers.replay and judges it
with solving.check, so an edited address is judged as `check` judges it."""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from dataclasses import dataclass
from functools import lru_cache
from typing import Any
from urllib.parse import urlencode

from generator.web.page import PageError
from generator.web.work import PUZZLES

KINDS = ("lay", "fewest", "stop")
GOALS = ("any", "bump", "draft", "finish", "square")
DIFFICULTIES = ("easy", "medium", "hard")
PER_PAGE = ("2", "1")
SEED = re.compile(r"^-?[0-9]{1,9}$")  # ASCII digits only: int() would take other scripts'
NUMBER = re.compile(r"^[0-9]{1,3}$")
SQUARE = re.compile(r"^(-?[0-9]{1,2}),(-?[0-9]{1,2})$")
MAX_ANSWER = 400  # characters of answer in an address: more than any puzzle's dice and ending
KEPT = 16  # generated puzzle sets kept in memory
TITLE = "Trading Paint puzzles"
WHAT = {"lay": "lay the dice", "fewest": "fewest dice", "stop": "stop or roll"}

# The most puzzles of one worksheet this page makes (puzzle N costs the N - 1 before it too):
# about two minutes of work on this two-core machine at the rates measured (seed 1, the
# worksheet's windows): lay easy 0.2 s a puzzle, medium 9 s, hard 66 s; fewest easy 0.1 s,
# medium 1.4 s. Stop puzzles, 1 a page (offered.py: 2 a page rarely holds one): 6 made for
# seeds 1, 2 and 3 in 15.4 to 27.6 s (easy), 2.6 to 6.9 s (medium), 12.6 to 15.8 s (hard);
# seed 1 has 38 medium in its 20,000 scenes (`time racegen trading-paint worksheet --kind stop
# --difficulty D --count N --per-page 1 --seed S`).
MOST = {
    ("lay", "easy"): PUZZLES,
    ("lay", "medium"): 12,
    ("lay", "hard"): 2,
    ("fewest", "easy"): PUZZLES,
    ("fewest", "medium"): PUZZLES,
    ("fewest", "hard"): 20,
    ("stop", "easy"): 6,
    ("stop", "medium"): 12,
    ("stop", "hard"): 6,
}

_made: OrderedDict[tuple, list] = OrderedDict()
_made_lock = threading.Lock()
_generating = threading.Lock()  # one generation at a time: two cores serve every page


# --- the puzzle asked for ----------------------------------------------------------------
@dataclass(frozen=True)
class Ask:
    kind: str = "lay"
    goal: str = "any"
    difficulty: str = "easy"
    seed: int = 1
    per_page: int = 2
    number: int = 1

    def query(self) -> dict[str, Any]:
        q: dict[str, Any] = {"kind": self.kind}
        if self.kind != "stop":
            q["goal"] = self.goal
        q.update(difficulty=self.difficulty, seed=self.seed, per_page=self.per_page)
        q["puzzle"] = self.number
        return q


def _choice(q: Any, name: str, values: tuple[str, ...]) -> str:
    raw = q.get(name, "") or values[0]
    if raw not in values:
        raise PageError(f"{name} {raw[:20]!r}: choose {', '.join(values[:-1])} or {values[-1]}")
    return raw


def ask_of(q: Any) -> Ask:
    """The puzzle the address names; anything else is a 400 in words."""
    kind = _choice(q, "kind", KINDS)
    goal = "any" if kind == "stop" else _choice(q, "goal", GOALS)  # a stop puzzle has none
    difficulty = _choice(q, "difficulty", DIFFICULTIES)
    seed = (q.get("seed", "") or "1").strip()
    if not SEED.match(seed):
        raise PageError(f"seed {seed[:20]!r}: write a whole number, 0 to 999999999 (digits 0-9)")
    # a stop puzzle's worksheet is printed 1 a page (2 a page rarely holds one: offered.py)
    per_page = _choice(q, "per_page", PER_PAGE[::-1] if kind == "stop" else PER_PAGE)
    number = (q.get("puzzle", "") or "1").strip()
    if not NUMBER.match(number) or not 1 <= int(number) <= PUZZLES:
        raise PageError(
            f"puzzle {number[:20]!r}: a worksheet's puzzles are numbered 1 to {PUZZLES}"
        )
    most = MOST[kind, difficulty]
    if int(number) > most:
        from generator.errors import LimitExceeded

        raise LimitExceeded(
            f"puzzle {number} of a {difficulty} {kind} worksheet: this page makes the first {most} "
            f"(each takes a while, and puzzle {number} needs the ones before it): check it "
            "against the worksheet's answer pages"
        )
    return Ask(kind, goal, difficulty, int(seed), int(per_page), int(number))


def puzzle_of(ask: Ask) -> Any:
    """Puzzle `ask.number` of the worksheet these settings print (the first `number` puzzles
    of one seed do not depend on the count asked for: generate makes them in turn)."""
    from generator.games.trading_paint.printing.worksheet import window_limit
    from generator.games.trading_paint.puzzles.generate import Request, generate

    key = (ask.kind, ask.goal, ask.difficulty, ask.seed, ask.per_page)
    n = ask.number
    with _made_lock:
        got = _made.get(key)
        if got is not None and len(got) >= n:
            _made.move_to_end(key)
            return got[n - 1]
    with _generating:
        with _made_lock:
            got = _made.get(key)
        if got is None or len(got) < n:
            req = Request(
                ask.kind, ask.goal, ask.difficulty, n, ask.seed, window_limit(ask.per_page)
            )
            got = generate(req)
            with _made_lock:
                _made[key] = got
                _made.move_to_end(key)
                while len(_made) > KEPT:
                    _made.popitem(last=False)
    return got[n - 1]


@lru_cache(maxsize=256)
def verdict_of(ask: Ask, answer: str) -> Any:
    """check's verdict on `answer` (cached: a stop puzzle's check solves it again)."""
    from generator.games.trading_paint.puzzles.solving import check

    return check(puzzle_of(ask), answer)


@lru_cache(maxsize=256)
def so_far_of(ask: Ask, answer: str) -> Any:
    """A lay answer not yet ended, judged so far: its first die from which no way of laying
    the rest reaches the goal, in check's words (solving.first_wrong_lay, what check says
    of that die in a whole answer), or that every die laid still can."""
    from generator.games.trading_paint.puzzles.answers import parse
    from generator.games.trading_paint.puzzles.solving import Verdict, first_wrong_lay

    p = puzzle_of(ask)
    dice = [t for t in parse(p.state.board, answer) if not t.word]
    wrong = first_wrong_lay(p, dice)
    if wrong:
        return Verdict(False, "wrong: " + wrong)
    n = len(dice)
    laid = "the die laid" if n == 1 else f"the {n} dice laid"
    return Verdict(True, f"so far so good: from {laid}, the rest can still reach the goal")


def link(ask: Ask, answer: str = "", **extra: Any) -> str:
    q = ask.query()
    if answer:
        q["answer"] = answer
    q.update({k: v for k, v in extra.items() if v})
    return "/play/trading-paint?" + urlencode(q, safe="@,/")
