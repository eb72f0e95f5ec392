"""Exact analysis: Dice Rush is a Markov chain over the players' spaces.

Three questions a designer asks of a board, each answered from moves.outcomes (the same
rules the engine plays):

- one player alone: the exact chance (Fractions) of landing on its finish on turn n, of
  losing on the other finish on turn n, and the eventual totals (an exact linear solve);
  floats on boards of more than EXACT_SPACES spaces;
- the race (points and declarations ignored: "Analysis" in docs/rules/dice-rush.md; boards
  of at most RACE_SPACES spaces): each player's chance to win by finishing, by value
  iteration in floats until no value moves by more than TOLERANCE in a sweep; under
  `--order together` (the default) over (space 1, space 2), both players moving in every
  roll; under `--order turns` over (space 1, space 2, player to move), for each first player;
- expected points of the next turn from each space (one player alone, collisions ignored).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from generator.errors import LimitExceeded
from generator.games.dice_rush.rules.board import Board, Pos
from generator.games.dice_rush.rules.game import round_verdicts
from generator.games.dice_rush.rules.moves import (
    ORDERS,
    behind,
    legal_directions,
    move,
    outcomes,
    path,
)

TOLERANCE = 1e-12
MAX_SWEEPS = 20_000
EXACT_SPACES = 100  # boards with more spaces get the one-player figures in floats (time)
RACE_SPACES = 120  # boards with more spaces get no race figures (states grow as spaces^2)


def _solo_step(board: Board, pos: Pos) -> list[tuple[Pos, Fraction]]:
    den, outs = outcomes(board, pos, None)
    merged: dict[Pos, int] = {}
    for w, landing in outs:
        merged[landing.mover] = merged.get(landing.mover, 0) + w
    return [(p, Fraction(w, den)) for p, w in sorted(merged.items())]


def transient(board: Board) -> list[Pos]:
    """Spaces a player can stand on while the game goes on (all but the two finishes)."""
    return [p for p in board.spaces() if p not in board.finishes]


@dataclass(frozen=True)
class Solo:
    """One player alone from its start: win[n] / lose[n] = chance the game ends on turn n + 1
    on its own / the other finish; total_* the exact eventual chances; mean_turns the exact
    expected number of turns until either finish."""

    player: int
    win: list[Fraction]
    lose: list[Fraction]
    total_win: Fraction
    total_lose: Fraction
    mean_turns: Fraction


@cache
def _steps(board: Board) -> dict[Pos, list[tuple[Pos, Fraction]]]:
    return {p: _solo_step(board, p) for p in transient(board)}


def exact(board: Board) -> bool:
    """Are the one-player figures computed in Fractions (small boards) or floats?"""
    return len(transient(board)) <= EXACT_SPACES


@cache
def _absorbed(board: Board) -> dict[Pos, tuple[Fraction, Fraction]]:
    return absorb(board, _steps(board), board.finishes[0])


@cache
def _totals(board: Board, player: int) -> tuple[Fraction, Fraction]:
    """(chance of the own finish first, mean turns) from the player's start. One elimination
    serves both players: a lone pawn reaches one of the finishes with certainty, so player
    2's chance is 1 minus the chance of reaching F1 first, and the mean turns until either
    finish is the same whoever owns which."""
    if exact(board):
        first, mean = _absorbed(board)[board.starts[player]]
        return (first, mean) if player == 0 else (1 - first, mean)
    return absorb_float(board, player)


def solo(board: Board, player: int, turns: int = 12) -> Solo:
    """The one-player figures: Fractions when exact(board), else floats (same method)."""
    steps = _steps(board)
    if not exact(board):
        steps = {p: [(q, float(t)) for q, t in out] for p, out in steps.items()}
    zero = Fraction(0) if exact(board) else 0.0
    own, other = board.finishes[player], board.finishes[1 - player]
    dist: dict[Pos, Fraction] = {board.starts[player]: zero + 1}
    win, lose = [], []
    for _ in range(turns):
        nxt: dict[Pos, Fraction] = {}
        w = lo = zero
        for p, pr in dist.items():
            for q, t in steps[p]:
                if q == own:
                    w += pr * t
                elif q == other:
                    lo += pr * t
                else:
                    nxt[q] = nxt.get(q, zero) + pr * t
        win.append(w)
        lose.append(lo)
        dist = nxt
    total_win, mean = _totals(board, player)
    return Solo(player, win, lose, total_win, 1 - total_win, mean)


def absorb(board: Board, steps, own: Pos) -> dict[Pos, tuple[Fraction, Fraction]]:
    """For each space: the exact chance of reaching `own` before the other finish, and the
    expected turns until either finish. Both solve x = b + T x over the transient spaces
    (Gauss-Jordan elimination over Fractions, two right-hand sides at once)."""
    states = transient(board)
    index = {p: i for i, p in enumerate(states)}
    n = len(states)
    rows = []
    for p in states:
        row = [Fraction(0)] * (n + 2)
        row[index[p]] += 1
        row[n + 1] = Fraction(1)
        for q, t in steps[p]:
            if q in index:
                row[index[q]] -= t
            elif q == own:
                row[n] += t
        rows.append(row)
    for col in range(n):
        pivot = next(r for r in range(col, n) if rows[r][col] != 0)
        rows[col], rows[pivot] = rows[pivot], rows[col]
        pr = rows[col]
        inv = 1 / pr[col]
        pr[:] = [v * inv for v in pr]
        for r in range(n):
            if r != col and rows[r][col] != 0:
                f = rows[r][col]
                rr = rows[r]
                for k in range(col, n + 2):
                    if pr[k]:
                        rr[k] -= f * pr[k]
    return {p: (rows[index[p]][n], rows[index[p]][n + 1]) for p in states}


@dataclass(frozen=True)
class Race:
    """Chance that each player wins by finishing (points and declarations ignored), when
    player `first` rolls first (None under `together`: both move in every roll); sweeps
    and the last change of the iteration."""

    first: int | None
    win: tuple[float, float]
    sweeps: int
    residual: float
    error_bound: float  # residual * rate / (1 - rate), rate = the last two changes' ratio
    mean_rolls: float | None = None  # `together`: expected rolls until a finish ends it


def absorb_float(board: Board, player: int) -> tuple[float, float]:
    """absorb()'s two figures for the start of `player`, in floats (numpy's dense solve)."""
    import numpy as np

    states = transient(board)
    index = {p: i for i, p in enumerate(states)}
    n = len(states)
    a = np.eye(n)
    b = np.zeros((n, 2))
    b[:, 1] = 1.0
    own = board.finishes[player]
    for p, out in _steps(board).items():
        for q, t in out:
            if q in index:
                a[index[p], index[q]] -= float(t)
            elif q == own:
                b[index[p], 0] += float(t)
    x = np.linalg.solve(a, b)[index[board.starts[player]]]
    return float(x[0]), float(x[1])


def race_too_big(board: Board) -> bool:
    return len(transient(board)) > RACE_SPACES


@cache
def race_table(board: Board):
    """For every position pair and player to move, its outcomes: [(exact chance, next)],
    next being (pos0, pos1, to_move) or ("end", winner). Keys are (pos0, pos1, to_move).

    The rolls from each space are enumerated once (moves.outcomes with nobody in the way);
    only the rolls that end on the other player are replayed through moves.move, with both
    roll-off results, so the table reads the same rules as the engine."""
    spaces = transient(board)
    alone = {}
    for p in spaces:
        den, outs = outcomes(board, p, None)
        ends: dict[Pos, int] = {}
        for w, landing in outs:
            ends[landing.mover] = ends.get(landing.mover, 0) + w
        rolls = [(f, d) for f in legal_directions(board, p) for d in range(1, 7)]
        alone[p] = (den, ends, rolls)
    table = {}
    for a in spaces:
        for b in spaces:
            if a == b:
                continue
            for mover in (0, 1):
                me, other = (a, b) if mover == 0 else (b, a)
                den, ends, rolls = alone[me]
                merged: dict = {}
                for end, w in ends.items():
                    if end == other:
                        continue
                    nxt = _next(board, mover, end, other, True, False)
                    merged[nxt] = merged.get(nxt, 0) + w
                if other in ends:
                    for f, d in rolls:
                        if path(board, me, f, d)[-1] != other:
                            continue
                        for won in (True, False):
                            la = move(board, me, other, f, d, won)
                            nxt = _next(board, mover, la.mover, la.other, la.mover_lands,
                                        la.other_lands)  # fmt: skip
                            merged[nxt] = merged.get(nxt, 0) + 1
                table[(a, b, mover)] = [(Fraction(w, den), k) for k, w in merged.items()]
    return table


def _next(board: Board, mover: int, at: Pos, other: Pos, mover_lands: bool, other_lands: bool):
    """The race state after a move: ("end", winner) or (pos0, pos1, player to move)."""
    winner = _finish(board, mover, at) if mover_lands else None
    if winner is None and other_lands:
        winner = _finish(board, 1 - mover, other)
    if winner is not None:
        return ("end", winner)
    return (at, other, 1) if mover == 0 else (other, at, 0)


def _finish(board: Board, player: int, pos: Pos) -> int | None:
    if pos == board.finishes[player]:
        return player
    if pos == board.finishes[1 - player]:
        return 1 - player
    return None


def race(board: Board, order: str = "together") -> tuple[Race, ...]:
    """Each player's chance to win the race by finishing: one Race under `together`, two
    (player 0 and player 1 rolling first) under `turns`."""
    if order not in ORDERS:
        raise ValueError(f"order {order!r}: use one of {', '.join(ORDERS)}")
    _check_size(board)
    return race_together(board) if order == "together" else race_turns(board)


def _check_size(board: Board) -> None:
    if race_too_big(board):
        raise LimitExceeded(
            f"the race on a board of {len(transient(board))} spaces has too many states for "
            f"an exact solve (limit {RACE_SPACES} spaces): use `racegen dice-rush simulate`"
        )


@cache
def race_turns(board: Board) -> tuple[Race, ...]:
    """Each player's chance to win the race by finishing under `turns`, with player 0 and
    with player 1 rolling first. Jacobi iteration (numpy) of x = P(player 0 wins) from every
    state until one sweep changes no value by more than TOLERANCE; the game ends with
    probability 1 (every space reaches a finish), so the iteration converges to the unique
    solution. `residual` is the last sweep's largest change."""
    import numpy as np

    _check_size(board)
    table = race_table(board)
    keys = list(table)
    index = {k: i for i, k in enumerate(keys)}
    const = np.zeros(len(keys))
    rows, cols, probs = [], [], []
    for i, key in enumerate(keys):
        for p, k in table[key]:
            if k[0] == "end":
                if k[1] == 0:
                    const[i] += float(p)
            else:
                rows.append(i)
                cols.append(index[k])
                probs.append(float(p))
    r, c, w = np.array(rows), np.array(cols), np.array(probs)

    def sweep(x):
        return const + np.bincount(r, weights=w * x[c], minlength=len(keys))

    x, sweeps, change, bound = _iterate(sweep, const)
    a, b = board.starts
    out = []
    for first in (0, 1):
        p0 = float(x[index[(a, b, first)]])
        out.append(Race(first, (p0, 1 - p0), sweeps, change, bound))
    return tuple(out)


def _iterate(sweep, start, tolerance: float = TOLERANCE):
    """Jacobi iteration x <- sweep(x) from `start` until one sweep changes no value by more
    than `tolerance`; returns (x, sweeps, last change, error bound). The bound is the last
    change times r / (1 - r), r the ratio of the last two changes (a geometric tail)."""
    import numpy as np

    x = start
    change, last = 1.0, 1.0
    sweeps = 0
    while change >= tolerance:
        last = change
        sweeps += 1
        if sweeps > MAX_SWEEPS:
            raise LimitExceeded(f"the race did not converge in {MAX_SWEEPS} sweeps")
        new = sweep(x)
        change = float(np.max(np.abs(new - x)))
        x = new
    rate = min(change / last, 0.999999) if last else 0.0
    return x, sweeps, change, change * rate / (1 - rate)


def _end_value(board: Board, positions: tuple[Pos, Pos], lands: tuple[bool, bool]):
    """P(player 1 wins) when a `together` roll ends the game, else None: one named winner
    wins, two different names go to a d8 roll-off (1/2)."""
    named = round_verdicts(board, positions, lands)
    if not named:
        return None
    return 0.5 if len(named) == 2 else float(named[0] == 0)


@cache
def together_chain(board: Board):
    """The `together` race as arrays: x[a, b] = P(player 1 wins) from player 1 on space a,
    player 2 on space b (indices into board.spaces()), over the transient pairs a != b.

    One roll: each player's end space is drawn independently from its one-player step T
    (the paths do not interact), so the pairs of different ends contribute T G T^t, G the
    value of standing on (a', b') after landing there (x for two transient spaces, the
    finish verdict when a finish is involved). Equal ends (a' = b' = y, chance
    T[a, y] T[b, y]) split half and half by the collision roll-off into the winner on y and
    the loser one space back along its own line (moves.behind), landing there unless that
    is the space it started from. Returns (T, G's constant part, mask of x's entries in G,
    and the collision terms: constant per state and sparse (state, next state, weight))."""
    import numpy as np

    spaces = board.spaces()
    ix = {p: i for i, p in enumerate(spaces)}
    n = len(spaces)
    trans = transient(board)
    t = np.zeros((n, n))
    for p, outs in _steps(board).items():
        for q, pr in outs:
            t[ix[p], ix[q]] += float(pr)
    ends = np.zeros((n, n))
    mask = np.zeros((n, n))
    for a in spaces:
        for b in spaces:
            if a == b:
                continue
            v = _end_value(board, (a, b), (True, True))
            if v is None:
                mask[ix[a], ix[b]] = 1.0
            else:
                ends[ix[a], ix[b]] = v
    const = np.zeros((n, n))
    rows, cols, weights = [], [], []
    support = {p: {q: float(pr) for q, pr in outs} for p, outs in _steps(board).items()}
    for a in trans:
        for b in trans:
            if a == b:
                continue
            for y in sorted(support[a].keys() & support[b].keys()):
                w = 0.5 * support[a][y] * support[b][y]
                for winner in (0, 1):
                    here = (a, b)
                    loser = 1 - winner
                    back = behind(here[loser], y)
                    pos = [y, y]
                    pos[loser] = back
                    lands = [True, True]
                    lands[loser] = back != here[loser]
                    v = _end_value(board, (pos[0], pos[1]), (lands[0], lands[1]))
                    if v is None:
                        rows.append(ix[a] * n + ix[b])
                        cols.append(ix[pos[0]] * n + ix[pos[1]])
                        weights.append(w)
                    else:
                        const[ix[a], ix[b]] += w * v
    sparse = (np.array(rows, dtype=np.int64), np.array(cols, dtype=np.int64), np.array(weights))
    return t, ends, mask, const, sparse


@cache
def race_together(board: Board) -> tuple[Race, ...]:
    """P(each player wins) under `together` from the two starts, by iterating
    x <- mask * (T G(x) T^t + collisions(x)), G(x) = ends + mask * x, from x = 0 (so the
    iterates are the chances of winning within 1, 2, ... rolls, rising to the answer)."""
    import numpy as np

    _check_size(board)
    t, ends, mask, const, (r, c, w) = together_chain(board)
    n = t.shape[0]
    base = mask * (t @ ends @ t.T + const)

    def sweep(x):
        flat = np.bincount(r, weights=w * x.ravel()[c], minlength=n * n).reshape(n, n)
        return base + mask * (t @ (mask * x) @ t.T + flat)

    x, sweeps, change, bound = _iterate(sweep, np.zeros((n, n)))
    # expected rolls: the same operator with 1 per roll in place of the winning chance
    ones = mask.copy()

    def count(m):
        flat = np.bincount(r, weights=w * m.ravel()[c], minlength=n * n).reshape(n, n)
        return ones + mask * (t @ m @ t.T + flat)

    m, *_ = _iterate(count, ones, TOLERANCE * 100)
    ix = {p: i for i, p in enumerate(board.spaces())}
    a, b = board.starts
    p0 = float(x[ix[a], ix[b]])
    return (Race(None, (p0, 1 - p0), sweeps, change, bound, float(m[ix[a], ix[b]])),)


def expected_points(board: Board) -> dict[Pos, Fraction]:
    """Expected points scored on the next turn from each space (one player alone)."""
    return {
        p: sum((t * board.value(q) for q, t in _solo_step(board, p)), Fraction(0))
        for p in transient(board)
    }
