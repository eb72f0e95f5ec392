"""The move checker: is a player's racing line legal under the rules, and how long is it?

A racing line is given as the car's points (start first) or as its accelerations (with the
start point when the track has several). The checker replays it move by move with the same
referee the solver uses, and names the first illegal move and why: an acceleration the rules do
not allow (or a skid on oil ignored), a crash at a point, moves after the finish, or a line that
never reaches the finish.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from pathlib import Path

from generator.core import jsontext
from generator.core.jsontext import JsonSyntax
from generator.errors import InvalidInput
from generator.games.graph_racers.moves.actions import Action, action_from_dict, parse_action
from generator.games.graph_racers.moves.referee import CRASH, FINISH, referee_for
from generator.games.graph_racers.moves.rules import (
    ACCEL_TEXT,
    Rules,
    Vector,
    classify,
    normal_changes,
    oil_changes,
    skid_changes,
    spend,
)
from generator.games.graph_racers.track.model import Point, Track


@dataclass(frozen=True)
class RacingLine:
    """A racing line as written by a player: points, or a start and accelerations."""

    points: tuple[Point, ...] | None = None
    accelerations: tuple[Vector, ...] | None = None
    start: Point | None = None
    guessed: bool = False  # no header said which: points if the first pair is a start point
    rules: dict | None = None  # the rules stored with a solve --json answer, if any
    hint: str = ""  # how a headerless list was read, added to a verdict against it
    # James Bond mode (race only): (i, action) for an action written after the i-th pair
    actions: tuple[tuple[int, Action], ...] = ()
    # the race's table (race --json lines, for referee): the car's design and team, if any
    design: str | None = None
    team: str | None = None

    def move_actions(self) -> dict[int, Action]:
        """The actions by move number (a points list's pair 2 is move 1)."""
        shift = 1 if self.points is not None else 0
        out = {i - shift: a for i, a in self.actions}
        if 0 in out:
            raise InvalidInput(
                "an action (fire, spray, missile) after the start point: write it after the "
                "move it goes with"
            )
        n = len(self.points) - 1 if self.points is not None else len(self.accelerations or ())
        late = [k for k in out if k > n]
        if late:
            raise InvalidInput(f"an action for move {min(late)}, but the line has {n} moves")
        return out

    def resolved(self, track: Track) -> RacingLine:
        """Decide points or accelerations for a headerless list of pairs: points if the first
        is a start point, or if a pair is too big for an acceleration (none is over 3, the
        rocket's), else accelerations. The hint says which and why."""
        if not self.guessed:
            return self
        pairs = self.points or ()
        same = replace(self, points=None, guessed=False)  # rules, actions, design, team
        if not pairs:
            return replace(same, accelerations=(), actions=())  # "no moves"
        if pairs[0] in track.starts:
            return replace(same, points=pairs)
        if any(max(abs(x), abs(y)) > 3 for x, y in pairs):
            return replace(
                same,
                points=pairs,
                hint="read as points: some pairs are too big to be accelerations",
            )
        return replace(
            same,
            accelerations=pairs,
            hint=f"read as accelerations, as {_fmt(pairs[0])} is not a start point; "
            "a 'points' line at the top reads them as points",
        )


@dataclass(frozen=True)
class Verdict:
    legal: bool
    moves: int  # moves checked (all of them when legal)
    message: str
    bad_move: int | None = None  # 1-based number of the first illegal move


# The put-back line: what a table writes after a move that does not end where it aimed, read by
# `referee` (race/replay.py) and named by `check`; the race sheet prints it
# (docs/rules/graph-racers.md, "The race (race/)", Referee).
PUT_BACK = (
    "after a crash or a collision, write the point the move aimed at (the end of the line you "
    "drew), then on the next line the point where the car was put (or stopped); the next move "
    "starts from there"
)


_INT = re.compile(r"[-+]?\d+")
_ALLOWED = re.compile(r"^[\s\d+\-,;()\[\]]*$")


def parse_moves(text: str, source: str = "moves") -> RacingLine:
    """Read a moves file: JSON (a solve --json object, {"path"}, {"accelerations", "start"},
    or a list of pairs) or text (one or more pairs per line, optional 'points',
    'accelerations' and 'start R C' lines, '#' comments)."""
    text = text.removeprefix("\ufeff")  # a byte-order mark, as Windows editors save
    if not text.strip():
        raise InvalidInput(f"{source}: the moves file is empty; list points or accelerations")
    stripped = text.lstrip()
    if stripped.startswith("{"):
        return _parse_json_moves(text, source)
    if stripped.startswith("["):
        try:
            return _parse_json_moves(text, source)
        except JsonSyntax:
            # text pairs written as [5, 0], one or more a line, also start with '[' (only a
            # syntax error says so: not nesting too deep, nor a number too long)
            if not _text_pairs(text):
                raise
    return _parse_text_moves(text, source)


def _text_pairs(text: str) -> bool:
    """Text, not a broken JSON list? Every line pairs in balanced brackets ('[5, 0] [5, 1]'),
    or several lines of which the first is (the text reader then names the bad line)."""
    lines = [ln for ln in (raw.split("#", 1)[0].strip() for raw in text.splitlines()) if ln]

    def pairs(line: str) -> bool:
        return bool(_ALLOWED.match(line)) and _unbalanced(line) is None

    return all(pairs(ln) for ln in lines) or (len(lines) > 1 and pairs(lines[0]))


def _unbalanced(line: str) -> int | None:
    """The index of the first bracket that does not pair up in `line`, or None (brackets may
    nest: '[(1, 1), (1, 2)]' is a line of two pairs)."""
    opened: list[tuple[str, int]] = []
    for i, ch in enumerate(line):
        if ch in "([":
            opened.append((ch, i))
        elif ch in ")]":
            if not opened or "([".index(opened[-1][0]) != ")]".index(ch):
                return i
            opened.pop()
    return opened[-1][1] if opened else None


def _parse_text_moves(text: str, source: str) -> RacingLine:
    kind: str | None = None
    start: Point | None = None
    pairs: list[tuple[int, int]] = []
    actions: list[tuple[int, Action]] = []
    for lineno, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        long = re.search(r"\d{10,}", line)
        if long:
            col = raw.find(line) + long.start() + 1
            raise InvalidInput(
                f"{source} line {lineno} column {col}: a number of {len(long.group())} digits; "
                "points and accelerations are small whole numbers"
            )
        word = line.split()[0].lower().rstrip(":")
        if word in ("points", "path", "accelerations", "accels"):
            if kind is not None or pairs:
                raise InvalidInput(
                    f"{source} line {lineno} column 1: '{word}' after the moves began; a moves "
                    "file lists points or accelerations, with one header line at the top"
                )
            kind = "points" if word in ("points", "path") else "accelerations"
            line = line.split(None, 1)[1] if len(line.split(None, 1)) > 1 else ""
            if not line:
                continue
        elif word == "start":
            nums = _INT.findall(line)
            if len(nums) != 2:
                raise InvalidInput(
                    f"{source} line {lineno} column 1: write the start as 'start ROW COL'"
                )
            start = (int(nums[0]), int(nums[1]))
            continue
        action, line = _action_of(line, raw, lineno, source)
        if not _ALLOWED.match(line):
            at = raw.find(line)  # the pairs after any header word
            col = at + next(i for i, ch in enumerate(line) if not _ALLOWED.match(ch)) + 1
            raise InvalidInput(
                f"{source} line {lineno} column {col}: unexpected {raw[col - 1]!r}; write pairs of "
                "whole numbers like '5 0' or '(5, 0)'"
            )
        bad = _unbalanced(line)
        if bad is not None:
            col = raw.find(line) + bad + 1
            raise InvalidInput(
                f"{source} line {lineno} column {col}: {raw[col - 1]!r} does not pair up; write "
                "each pair as '5 0', '(5, 0)' or '[5, 0]'"
            )
        nums = [int(n) for n in _INT.findall(line)]
        if len(nums) % 2:
            raise InvalidInput(
                f"{source} line {lineno} column 1: {len(nums)} numbers, not pairs; write each point "
                "or acceleration as two whole numbers"
            )
        pairs += [(nums[i], nums[i + 1]) for i in range(0, len(nums), 2)]
        if action is not None:
            if len(nums) != 2:
                raise InvalidInput(
                    f"{source} line {lineno} column 1: an action (fire, spray, missile R C, shoot N) "
                    "follows the one move it goes with: one pair, then the action, on a line"
                )
            actions.append((len(pairs), action))
    if not pairs:
        raise InvalidInput(
            f"{source}: no moves found; list points or accelerations, one pair a line"
        )
    return replace(_build(pairs, kind, start), actions=tuple(actions))


_ACTION = re.compile(r"(?i)\b(fire|spray|missile|shoot)\b")


def _action_of(line: str, raw: str, lineno: int, source: str) -> tuple[Action | None, str]:
    """The James Bond action written after a move's pair ('0 1 fire missile 2 0'), and the
    line without it."""
    found = _ACTION.search(line)
    if found is None:
        return None, line
    try:
        action = parse_action(line[found.start() :])
    except ValueError as e:
        col = raw.find(line) + found.start() + 1
        raise InvalidInput(f"{source} line {lineno} column {col}: {e}") from None
    return action, line[: found.start()].strip()


def _build(pairs: list[tuple[int, int]], kind: str | None, start: Point | None) -> RacingLine:
    if kind == "points":
        return RacingLine(points=tuple(pairs))
    if kind == "accelerations":
        return RacingLine(accelerations=tuple(pairs), start=start)
    if start is not None:
        return RacingLine(accelerations=tuple(pairs), start=start)
    return RacingLine(points=tuple(pairs), guessed=True)


def _parse_json_moves(text: str, source: str) -> RacingLine:
    data = jsontext.loads(text, source)

    def pairs_of(value, key: str, empty: bool = False) -> list[tuple[int, int]]:
        if not isinstance(value, list) or not all(
            isinstance(p, list)
            and len(p) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in p)
            for p in value
        ):
            raise InvalidInput(
                f"{source}: {key} must be a list of [row, col] pairs of whole numbers"
            )
        if not value and not empty:
            raise InvalidInput(f"{source}: {key} is empty; list at least one move")
        return [(p[0], p[1]) for p in value]

    if isinstance(data, list):
        return _build(pairs_of(data, "the list"), None, None)
    if not isinstance(data, dict):
        raise InvalidInput(f"{source}: expected a JSON object with 'path' or 'accelerations'")
    stored = data.get("rules")
    if stored is not None and not isinstance(stored, dict):
        raise InvalidInput(f"{source}: 'rules' must be an object like solve --json writes")
    table: dict[str, str | None] = {}  # race --json lines: the car's design and team
    for key in ("design", "team"):
        value = data.get(key)
        if value is not None and (not isinstance(value, str) or not value.strip()):
            raise InvalidInput(f"{source}: '{key}' must be text like race --json writes")
        if key == "team" and value is not None:
            from generator.core.names import check_name

            check_name(value, f"{source}: 'team'")
        table[key] = value
    if data.get("path"):
        path = tuple(pairs_of(data["path"], "'path'"))
        return RacingLine(
            points=path, rules=stored, actions=_json_actions(data, source, 1), **table
        )
    if "accelerations" in data:
        start = None
        if data.get("start") is not None:
            s = pairs_of([data["start"]], "'start'")[0]
            start = s
        return RacingLine(
            # empty: a car that never moved (race --json: out before its first turn)
            accelerations=tuple(pairs_of(data["accelerations"], "'accelerations'", empty=True)),
            start=start,
            rules=stored,
            actions=_json_actions(data, source, 0),
            **table,
        )
    raise InvalidInput(f"{source}: expected a JSON object with 'path' or 'accelerations'")


def _json_actions(data: dict, source: str, shift: int) -> tuple[tuple[int, Action], ...]:
    """A JSON moves file's "actions" (James Bond mode: [{"move": 3, "fire": true}, ...]),
    keyed by the pair each follows (a path's pair 1 is the start, so move k is pair k + 1)."""
    listed = data.get("actions", [])
    if not isinstance(listed, list):
        raise InvalidInput(f"{source}: 'actions' must be a list of objects like race --json writes")
    out = []
    for i, item in enumerate(listed):
        try:
            move, action = action_from_dict(item, f"action {i + 1}")
        except ValueError as e:
            raise InvalidInput(f"{source}: {e}") from None
        out.append((move + shift, action))
    return tuple(out)


# bytes read from a moves file: a race of 10,000 moves written as points is about 100 KB
MAX_BYTES = 1_000_000


def read_moves(path: str | Path) -> RacingLine:
    """Read a moves file ('-': standard input)."""
    from generator.core import textfile

    text, source = textfile.read_arg(path, "moves file", "save the moves as plain text", MAX_BYTES)
    return parse_moves(text, source)


def moves_text(n: int) -> str:
    """'1 move', '6 moves'."""
    return f"{n} move" if n == 1 else f"{n} moves"


def _fmt(p: tuple[int, int]) -> str:
    return f"({p[0]}, {p[1]})"


def check_line(track: Track, rules: Rules, line: RacingLine) -> Verdict:
    """Replay a racing line and judge it (a verdict against a headerless list says how the
    list was read)."""
    line = line.resolved(track)
    if line.actions:
        raise InvalidInput(
            "the moves hold race actions (fire, spray, missile, shoot: James Bond mode); check "
            "judges "
            "one car's line without goodies: leave them out, or play the race with referee"
        )
    verdict = _replay(track, rules, line)
    if verdict.legal or not line.hint:
        return verdict
    return replace(verdict, message=f"{verdict.message} ({line.hint})")


def _replay(track: Track, rules: Rules, line: RacingLine) -> Verdict:
    ref = referee_for(track, rules)
    if line.points is not None:
        pts = list(line.points)
        start = pts[0]
        if start not in track.starts:
            return Verdict(False, 0, f"point 1 {_fmt(start)} is not a start point", 0)
        steps = [(b[0] - a[0], b[1] - a[1]) for a, b in zip(pts, pts[1:], strict=False)]
        given_accels = None
    else:
        assert line.accelerations is not None
        if line.start is not None:
            start = line.start
            if start not in track.starts:
                return Verdict(False, 0, f"start {_fmt(start)} is not a start point", 0)
        elif len(track.starts) == 1:
            start = track.starts[0]
        else:
            read = f" (the pairs were {line.hint})" if line.hint else ""
            raise InvalidInput(
                f"the track has {len(track.starts)} start points: begin the moves with 'start ROW COL' "
                f"or give the car's points{read}"
            )
        steps = None
        given_accels = list(line.accelerations)
    n = len(steps) if steps is not None else len(given_accels or [])
    if n == 0:
        return Verdict(False, 0, "no moves: the line stays on its start point", 0)
    r, c = start
    vr = vc = 0
    stage = 0
    budget = rules.budget
    for i in range(n):
        move = i + 1
        if steps is not None:
            nv = steps[i]
            a = (nv[0] - vr, nv[1] - vc)
        else:
            a = given_accels[i]  # type: ignore[index]
            nv = (vr + a[0], vc + a[1])
        if ref.skids(r, c, vr, vc):
            allowed = [x for x, _ in skid_changes(rules, (vr, vc))]
            if a not in allowed:
                return Verdict(
                    False,
                    move,
                    f"move {move}: the car skids on oil and must make the same move again, vector "
                    f"{_fmt((vr, vc))}; acceleration {_fmt(a)} is not allowed",
                    move,
                )
            kind = ""
        else:
            found = next(
                (k for x, k in oil_changes(rules, ref, r, c, (vr, vc), budget) if x == a), None
            )
            if found is None:
                why = f"accel {rules.accel}: {ACCEL_TEXT[rules.accel]}"
                if classify(rules, (vr, vc), a, budget) is not None:
                    why += "; it stands on oil, where good brakes, turbo and rocket do not work"
                elif rules.has_boosts:
                    b, t, k = budget
                    why += f"; boosts left: brakes {b}, turbo {t}, rocket {k}"
                hint = ""
                if steps is not None and (vr, vc) != (0, 0) and nv in normal_changes(rules.accel):
                    hint = (
                        f" (if move {i} crashed, write the point it aimed at in place of "
                        f"{_fmt((r, c))}, then {_fmt((r, c))} on the next line: the put-back line)"
                    )
                return Verdict(
                    False,
                    move,
                    f"move {move}: acceleration {_fmt(a)} from vector {_fmt((vr, vc))} is not allowed "
                    f"under the rules ({why}){hint}",
                    move,
                )
            kind = found
        outcome, stage = ref.judge(r, c, nv[0], nv[1], stage)
        if outcome == CRASH:
            if rules.collision == "exact":
                bad = ref.first_bad_square(r, c, nv[0], nv[1])
                note = getattr(ref, "crash_note", "")
                where = (
                    f"crash at point {_fmt(bad)}" if bad else f"crash ({note})" if note else "crash"
                )
                msg = f"move {move}: {where} on the way from {_fmt((r, c))} to {_fmt((r + nv[0], c + nv[1]))}"
            else:
                msg = f"move {move}: crash: lands off the track at {_fmt((r + nv[0], c + nv[1]))}"
            if steps is not None and move < n:
                msg += (
                    "; check judges a line that does not crash: referee plays a race on after "
                    f"a crash (the put-back line: {PUT_BACK})"
                )
            return Verdict(False, move, msg, move)
        budget = spend(budget, kind) if kind else budget
        r, c, vr, vc = r + nv[0], c + nv[1], nv[0], nv[1]
        if outcome == FINISH:
            if move < n:
                return Verdict(
                    False,
                    move + 1,
                    f"move {move + 1}: the race was already finished by move {move}; remove the "
                    f"{n - move} move(s) after it",
                    move + 1,
                )
            return Verdict(True, n, f"legal, {moves_text(n)}")
    if track.is_lap:
        missing = f"the finish line (checkpoints passed: {stage} of {len(track.checkpoints)})"
    else:
        missing = "a goal point"
    return Verdict(
        False,
        n,
        f"finish not reached: after {moves_text(n)} the car is at {_fmt((r, c))} and has not reached {missing}",
    )
