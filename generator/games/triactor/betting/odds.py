"""Odds by simulation: a fast race loop, its reference twin, tallies and expected payouts.

The fast loop plays whole races on plain lists and ints with precomputed tables; it draws
random numbers exactly as the reference engine does (coins, then, per turn, one number for
the random chooser or one per rolled die for the slip player), so the same seed gives the
same race move by move (tests/triactor compare traces). The reference (race.turns) is the
rules as written; the fast loop is what makes 100,000 races take seconds.

Random numbers: int(rng.random() * n), whose bias (at most n / 2**53) is far below anything a
simulation can see; both loops use the same expression, so they agree exactly.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from generator.errors import InvalidInput, LimitExceeded
from generator.games.triactor.betting.bets import Bet, all_bets
from generator.games.triactor.race.coins import draw_coins
from generator.games.triactor.race.engine import Move, Race, new_race, resolve, turns
from generator.games.triactor.race.horses import COUNT
from generator.games.triactor.race.policies import RandomPolicy, SlipPolicy, slip_key
from generator.games.triactor.race.track import CAPACITY, FINISH, coin_steps

MAX_RACES = 10_000_000
CHUNK = 1000

_CAP = list(CAPACITY)
_CHOICE = [()] + [tuple(divmod(i, 6) for i in range(6 * k)) for k in range(1, COUNT + 1)]


@dataclass(frozen=True)
class Start:
    """A race position as the fast loop wants it (copied per race)."""

    pos: tuple[int, ...]
    occ: tuple[int, ...]
    coin_step: tuple[int, ...]  # 0 once the coin is revealed
    act: tuple[int, ...]
    fin: tuple[int, ...]
    turn: int

    @classmethod
    def of(cls, race: Race) -> Start:
        cs = coin_steps()
        return cls(
            race.positions,
            tuple(race.occupancy()),
            tuple(0 if race.revealed >> h & 1 else cs[h] for h in range(COUNT)),
            race.dice(),
            race.finish,
            race.turn,
        )


def fresh_start() -> Start:
    """Every horse at the start, every die active, every coin face down."""
    return Start((0,) * COUNT, (COUNT,) + (0,) * FINISH, coin_steps(), tuple(range(COUNT)), (), 0)


def race_random(
    rand: Callable[[], float],
    coins: list[int] | tuple[int, ...],
    start: Start,
    trace: list | None = None,
) -> list[int]:
    """One race, random chooser, from `start`; returns the finish order (three horses).

    trace, if given, receives (horse, value, end step) for every move."""
    pos = list(start.pos)
    occ = list(start.occ)
    cs = list(start.coin_step)
    act = list(start.act)
    fin = list(start.fin)
    cap = _CAP
    k = len(act)
    n = 6 * k
    tab = _CHOICE[k]
    while True:
        i, v = tab[int(rand() * n)]
        if v:
            h = act[i]
            p = pos[h]
            t = p + v
            c = cs[h]
            if p < c <= t:  # its own coin: stop there and roll the coin
                cs[h] = 0
                cv = coins[h]
                occ[p] -= 1
                t = c
                if cv:
                    t = c + cv
                    while t > c and occ[t] >= cap[t]:
                        t -= 1
                while occ[t] >= cap[t]:  # full coin step: back to the first step with room
                    t -= 1
                occ[t] += 1
                pos[h] = t
                if trace is not None:
                    trace.append((h, v, t))
                if cv == 1 or v == 1:  # an ace coin, or an ace die: the die stays active
                    continue
            elif t >= FINISH:
                occ[p] -= 1
                pos[h] = FINISH
                fin.append(h)
                if trace is not None:
                    trace.append((h, v, FINISH))
                if len(fin) == 3:
                    return fin
            else:
                if occ[t] >= cap[t]:
                    t -= 1
                    while t > p and occ[t] >= cap[t]:
                        t -= 1
                occ[p] -= 1
                occ[t] += 1
                pos[h] = t
                if trace is not None:
                    trace.append((h, v, t))
                if v == 1:
                    continue
        elif trace is not None:
            trace.append((act[i], 0, pos[act[i]]))
        del act[i]
        k -= 1
        if k:
            n -= 6
            tab = _CHOICE[k]
        else:
            act = [h for h in range(COUNT) if pos[h] < FINISH]
            k = len(act)
            n = 6 * k
            tab = _CHOICE[k]


def _move(h: int, v: int, pos: list[int], occ: list[int], cs: list[int], coins) -> tuple[int, bool]:
    """Move horse h by v on the lists; returns (end step, die stays active)."""
    p = pos[h]
    if not v:
        return p, False
    cap = _CAP
    t = p + v
    c = cs[h]
    active = v == 1
    if p < c <= t:
        cs[h] = 0
        cv = coins[h]
        t = c
        occ[p] -= 1
        if cv:
            t = c + cv
            while t > c and occ[t] >= cap[t]:
                t -= 1
        while occ[t] >= cap[t]:
            t -= 1
        occ[p] += 1
        active = v == 1 or cv == 1  # an ace die stays active whatever its coin shows
    elif t >= FINISH:
        t = FINISH
    else:
        while t > p and occ[t] >= cap[t]:
            t -= 1
    occ[p] -= 1
    occ[t] += 1
    pos[h] = t
    return t, active


def slip_keys(own: int) -> list[list[int]]:
    """keys[h * 6 + v][step]: policies.slip_key as one int (same order), for one slip."""
    out = []
    for h in range(COUNT):
        for v in range(6):
            row = []
            for step in range(FINISH + 1):
                cat, a, b, c = slip_key(h, v, step, bool(own >> h & 1))
                row.append((cat << 16) | ((a + 5) << 10) | ((b + 64) << 3) | (c + 7))
            out.append(row)
    return out


def race_slip(
    rand: Callable[[], float],
    coins,
    start: Start,
    slips: tuple[int, ...],
    first: int,
    trace: list | None = None,
    keys: list | None = None,
) -> list[int]:
    """One race where each player favours the horses on their slip (policies.SlipPolicy)."""
    pos = list(start.pos)
    occ = list(start.occ)
    cs = list(start.coin_step)
    act = list(start.act)
    fin = list(start.fin)
    players = len(slips)
    keys = keys or [slip_keys(s) for s in slips]
    turn = start.turn
    while True:
        kt = keys[(first + turn) % players]
        best = -1
        bi = bh = bv = 0
        i = 0
        for h in act:
            v = int(rand() * 6)
            key = kt[h * 6 + v][pos[h]]
            if key > best:
                best, bi, bh, bv = key, i, h, v
            i += 1
        turn += 1
        end, active = _move(bh, bv, pos, occ, cs, coins)
        if trace is not None:
            trace.append((bh, bv, end))
        if end >= FINISH:
            fin.append(bh)
            if len(fin) == 3:
                return fin
            active = False
        if not active:
            del act[bi]
            if not act:
                act = [h for h in range(COUNT) if pos[h] < FINISH]


# --- tallies ------------------------------------------------------------------------
@dataclass
class Tally:
    """How often each finish (first, second, third) happened."""

    races: int = 0
    counts: list[int] | None = None

    def __post_init__(self) -> None:
        if self.counts is None:
            self.counts = [0] * 512

    def add(self, fin: list[int]) -> None:
        self.counts[fin[0] * 64 + fin[1] * 8 + fin[2]] += 1  # type: ignore[index]
        self.races += 1

    def finishes(self) -> dict[tuple[int, int, int], int]:
        c = self.counts or []
        return {(i >> 6, i >> 3 & 7, i & 7): n for i, n in enumerate(c) if n}

    def chance(self, bet: Bet) -> float:
        """Estimated probability that the bet pays."""
        if not self.races or bet.kind == "INFO":
            return 0.0
        hits = sum(n for f, n in self.finishes().items() if bet.wins(f))
        return hits / self.races

    def places(self) -> list[tuple[float, float, float]]:
        """Per horse: chance to win, place (1st or 2nd), show (1st to 3rd)."""
        win = [0] * COUNT
        second = [0] * COUNT
        third = [0] * COUNT
        for (a, b, c), n in self.finishes().items():
            win[a] += n
            second[b] += n
            third[c] += n
        r = self.races or 1
        return [
            (win[h] / r, (win[h] + second[h]) / r, (win[h] + second[h] + third[h]) / r)
            for h in range(COUNT)
        ]


def std_error(p: float, n: int) -> float:
    return math.sqrt(max(p * (1 - p), 0.0) / n) if n else 0.0


@dataclass(frozen=True)
class BetOdds:
    bet: Bet
    chance: float
    expected: tuple[float, ...]  # expected winnings per column of its table

    def at(self, backers_per_horse: int) -> float:
        """Expected winnings when each of its horses is on this many slips."""
        bt = self.bet.type
        return self.chance * bt.pays(backers_per_horse * bt.horses)

    def at_counts(self, backers: Sequence[int]) -> float:
        """Expected winnings when horse h is on backers[h] slips (a horse on no slip counts
        1: the bettor's own slip shows it, decision 17)."""
        return self.chance * self.bet.type.pays(bet_backers(self.bet, backers))


def bet_backers(bet: Bet, backers: Sequence[int]) -> int:
    """The count that picks a bet's payout column: its horses' backers added, each at least
    1 (the bettor's own slip shows every horse of the bet)."""
    return sum(max(backers[h], 1) for h in bet.horses)


def score_seed(seed: int) -> str:
    """The seed of the second, independent sample that scores the best bets (decision 28):
    a stream of its own, so no seed's scoring sample is another seed's main sample."""
    return f"triactor odds {seed}: best bets scored"


@dataclass(frozen=True)
class BestBet:
    """A best bet of its type: chosen on one sample, scored on another."""

    chosen: BetOdds  # the bet's chance on the sample it was chosen on
    scored: BetOdds  # the same bet on the independent sample (what is reported)


def best_bets(
    choose: Tally, score: Tally, backers: Sequence[int], top: int
) -> dict[str, list[BestBet]]:
    """Per bet type, the `top` bets with the highest expected winnings on `choose` (ties by
    the bet's text), each scored on `score`. Choosing and scoring on one sample favours the
    bets whose luck ran high there (the maximum of noisy estimates is biased upward); the
    second sample is independent of the choice, so its figures are unbiased."""
    chosen = bet_odds(choose)
    scored = {k: {str(o.bet): o for o in rows} for k, rows in bet_odds(score).items()}
    out = {}
    for kind, rows in chosen.items():
        ranked = sorted(rows, key=lambda o: (-o.at_counts(backers), str(o.bet)))[:top]
        out[kind] = [BestBet(o, scored[kind][str(o.bet)]) for o in ranked]
    return out


def bet_odds(tally: Tally) -> dict[str, list[BetOdds]]:
    """Every bet of every paying type with its chance and expected winnings per column."""
    finishes = tally.finishes()
    r = tally.races or 1
    out: dict[str, list[BetOdds]] = {}
    for kind in ("WIN", "PLACE", "SHOW", "EXACTOR", "EXACTOR BOX", "TRIACTOR", "TRIACTOR BOX"):
        rows = []
        for bet in all_bets(kind):
            p = sum(n for f, n in finishes.items() if bet.wins(f)) / r
            rows.append(BetOdds(bet, p, tuple(p * w for w in bet.type.winnings)))
        out[kind] = rows
    return out


# --- simulation ---------------------------------------------------------------------
def simulate(
    races: int,
    *,
    known: dict[int, int] | None = None,
    policy: RandomPolicy | SlipPolicy | None = None,
    seed: int | str = 0,
    start: Race | None = None,
    progress: Callable[[int], None] | None = None,
) -> Tally:
    """Play `races` races with the fast loop. Coins in `known` are fixed, the rest drawn per
    race (in horse order); a `start` position plays on with its own coins instead. The seed
    is an int (the command's --seed) or a string (a stream of its own: score_seed)."""
    if races < 1:
        raise InvalidInput(f"--races {races}: simulate at least one race")
    if races > MAX_RACES:
        raise LimitExceeded(f"--races {races} is more than {MAX_RACES}: simulate fewer races")
    policy = policy or RandomPolicy()
    known = known or {}
    rng = random.Random(seed)
    rand = rng.random
    tally = Tally()
    add = tally.add
    begin = fresh_start() if start is None else Start.of(start)
    fixed = None if start is None else start.coins
    slips = policy.slips if isinstance(policy, SlipPolicy) else ()
    keys = [slip_keys(own) for own in slips]
    done = 0
    while done < races:
        n = min(CHUNK, races - done)
        for _ in range(n):
            coins = fixed or draw_coins(known, rng)
            if slips:
                first = int(rand() * len(slips))
                add(race_slip(rand, coins, begin, slips, first, keys=keys))
            else:
                add(race_random(rand, coins, begin))
        done += n
        if progress is not None:
            progress(n)
    return tally


def reference_race(
    rng: random.Random,
    *,
    known: dict[int, int] | None = None,
    policy: RandomPolicy | SlipPolicy | None = None,
    start: Race | None = None,
    trace: list | None = None,
) -> tuple[int, ...]:
    """One race with the immutable engine, drawing from rng exactly like `simulate`."""
    policy = policy or RandomPolicy()
    race = start if start is not None else new_race(draw_coins(known or {}, rng))
    players = policy.players
    first = int(rng.random() * players) if isinstance(policy, SlipPolicy) else 0
    final = race
    for state, outcome in turns(race, policy, rng, players, first):
        final = state
        if trace is not None:
            trace.append((outcome.move.horse, outcome.move.value, outcome.end))
    return final.finish


def reference_simulate(races: int, *, known=None, policy=None, seed: int = 0, start=None) -> Tally:
    rng = random.Random(seed)
    tally = Tally()
    for _ in range(races):
        tally.add(list(reference_race(rng, known=known, policy=policy, start=start)))
    return tally


# --- exact odds for small positions ----------------------------------------------------
def exact_finish(race: Race, max_states: int = 20_000) -> dict[tuple[int, ...], Fraction]:
    """Exact probability of each finish order from a position, random chooser, coins as in
    the race (all values known). Feasible for positions near the end of a race.

    Moves only go forward (a null coin can send a horse back, but never behind where its turn
    began, and it reveals the coin), so positions and revealed coins form a progress order;
    within one such group only the active dice change, and the only cycle is through the
    state where every die is active again. Each group is solved as V(mask) = a + c * V(full).
    """
    from functools import cache

    seen = [0]

    @cache
    def group(positions: tuple[int, ...], revealed: int, finish: tuple[int, ...]) -> dict:
        # returns {mask: distribution} for the masks reachable inside the group, lazily
        base = Race(positions, 0, race.coins, revealed, finish)
        full = base.unfinished
        lin: dict[int, tuple[dict, Fraction]] = {}

        def affine(mask: int) -> tuple[dict, Fraction]:
            if mask in lin:
                return lin[mask]
            seen[0] += 1
            if seen[0] > max_states:
                raise LimitExceeded(
                    f"more than {max_states} positions: exact odds only near the end of a race"
                )
            state = Race(positions, mask, race.coins, revealed, finish)
            dice = state.dice()
            p = Fraction(1, 6 * len(dice))
            a: dict = {}
            c = Fraction(0)
            self_p = Fraction(0)
            for h in dice:
                for v in range(6):
                    nxt, _ = resolve(state, Move(h, v))
                    if nxt.over:
                        _add(a, {nxt.finish: Fraction(1)}, p)
                    elif (nxt.positions, nxt.revealed) == (positions, revealed):
                        if nxt.active == mask:
                            self_p += p
                        elif nxt.active == full:
                            c += p
                        else:
                            a2, c2 = affine(nxt.active)
                            _add(a, a2, p)
                            c += p * c2
                    else:
                        _add(a, value(nxt), p)
            if self_p:
                k = 1 / (1 - self_p)
                a = {f: q * k for f, q in a.items()}
                c *= k
            lin[mask] = (a, c)
            return a, c

        a_full, c_full = affine(full)
        x = {f: q / (1 - c_full) for f, q in a_full.items()}
        solved = {full: x}
        for mask, (a, c) in lin.items():
            if mask != full:
                d = dict(a)
                _add(d, x, c)
                solved[mask] = d
        return solved

    def value(state: Race) -> dict:
        return group(state.positions, state.revealed, state.finish)[state.active]

    if race.over:
        return {race.finish: Fraction(1)}
    if race.roll is not None:
        raise InvalidInput("exact odds start from a chance node (before the roll)")
    try:
        dist = value(race)
    except RecursionError:
        raise LimitExceeded(
            "the position is too far from the end: exact odds only near the end of a race"
        ) from None
    return {f: q for f, q in dist.items() if q}


def _add(acc: dict, dist: dict, weight: Fraction) -> None:
    for f, q in dist.items():
        acc[f] = acc.get(f, Fraction(0)) + q * weight
