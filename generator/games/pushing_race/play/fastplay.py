"""The simulator's play loop: whole games on positions packed into one integer (packed.py,
moves by fastmoves.py), as play.play_game plays them, and the greedy policy on ints.

A seed plays the same games as with the plain engine: the same results in the same order,
the same random draws (tests/pushing_race/test_fastplay.py).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from generator.games.pushing_race.play.fastmoves import engine_for
from generator.games.pushing_race.play.packed import CELLS, FIVES_AT, LANE, OFF, decode
from generator.games.pushing_race.rules.position import Position
from generator.games.pushing_race.rules.track import COLUMNS, PIECES, ROWS

_PROGRESS_LOW: list[int] = []
_PROGRESS_HIGH: list[int] = []


def _progress_tables() -> tuple[list[int], list[int]]:
    """play.progress of a lane's 27 space bits, looked up in two parts (14 and 13 bits)."""
    if not _PROGRESS_LOW:
        for table, base, size in ((_PROGRESS_LOW, 0, 14), (_PROGRESS_HIGH, 14, 13)):
            table.append(0)
            for x in range(1, 1 << size):
                low = (x & -x).bit_length() - 1
                table.append(table[x & (x - 1)] + (base + low) // COLUMNS + 1)
    return _PROGRESS_LOW, _PROGRESS_HIGH


Chooser = Callable[[int, list[int], random.Random], int]


def greedy_choice(players: int) -> Chooser:
    """play.greedy_policy on ints: a win, else the best lead over the best opponent (own
    progress minus theirs); ties at random, with the same draws as the plain policy."""
    low, high = _progress_tables()
    lanes = [p * LANE for p in range(players)]
    ten = ROWS + 1  # a finished piece counts one row past the last

    def progress(r: int, lane: int) -> int:
        bits = (r >> (lane + OFF)) & CELLS
        return low[bits & 16383] + high[bits >> 14] + ten * ((r >> lane) & 7)

    def choose(me: int, results: list[int], rng: random.Random) -> int:
        mine = lanes[me]
        m3 = mine + OFF
        if players == 2:
            other = lanes[1 - me]
            o3 = other + OFF
            scores: list[float] = [
                (1e9 if (r >> mine) & 7 == PIECES else -1e9)
                if (r >> 2) & r & FIVES_AT
                else low[(x := (r >> m3) & CELLS) & 16383]
                + high[x >> 14]
                + ten * ((r >> mine) & 7)
                - low[(y := (r >> o3) & CELLS) & 16383]
                - high[y >> 14]
                - ten * ((r >> other) & 7)
                for r in results
            ]
        else:
            others = [q for q in lanes if q != mine]
            scores = [
                (1e9 if (r >> mine) & 7 == PIECES else -1e9)
                if (r >> 2) & r & FIVES_AT
                else progress(r, mine) - max([progress(r, q) for q in others])
                for r in results
            ]
        top = max(scores)
        best = [r for r, v in zip(results, scores, strict=True) if v == top]
        return best[rng.randrange(len(best))]

    return choose


def play_games(
    players: int,
    policy_names: list[str],
    games: int,
    rng: random.Random,
    max_turns: int = 5000,
    record: list[Position] | None = None,
) -> Iterator[tuple[int | None, int, int]]:
    """Games from the setup, seat 1 (player A) first, as play.play_game plays them: for
    each, (winner or None, turns, passes). `record` gets the position after every turn."""
    engine = engine_for(players)
    by_face = engine.by_face
    for name in policy_names:
        if name not in ("random", "greedy"):
            raise ValueError(f"policy {name!r}")
    greedy = [greedy_choice(players) if n == "greedy" else None for n in policy_names]
    # randrange(n) is _randbelow(n) for n > 0 (CPython 3.10-3.13): the same draws, less
    # checking; a Random without it uses randrange
    below = getattr(rng, "_randbelow", rng.randrange)
    following = [(p + 1) % players for p in range(players)]
    for _ in range(games):
        s = 0  # every piece waiting, none finished
        me = 0
        passes = 0
        winner = None
        turn = 0
        while turn < max_turns:
            turn += 1
            rs = by_face[below(6)](s, me)
            n = len(rs)
            if n > 1:
                choose = greedy[me]
                s = rs[below(n)] if choose is None else choose(me, rs, rng)
            elif n:
                s = rs[0]
            else:
                passes += 1  # no move is possible: the turn passes (D14)
            me = following[me]
            if record is not None:
                record.append(decode(s, players, me))
            if (s >> 2) & s & FIVES_AT:
                winner = engine.winner(s)
                break
        yield winner, turn, passes
