"""The race engine: an immutable race state, explicit dice chance, legal moves and apply.

A turn is two nodes: a chance node (the current player rolls every active die; each roll has
the exact probability 1/6^k) and a decision node (the player chooses one rolled die and the
matching horse moves). `apply` takes either a Roll or a Move and returns a new Race, so search,
exact odds and undo need nothing else. The rules, as decided in docs/rules/triactor.md:

- null: the horse stays, its die becomes inactive; 2-5: that many steps, die inactive;
  ace: one step and the die stays active. With no active die left, every die of an unfinished
  horse is active again (normalised right after the move, so a state has one form).
- A step that is full (2 spaces, 4 on corners) stops the horse at the farthest earlier step
  with room; never behind its start. Full steps may be jumped over.
- A horse entering or passing its own unrevealed coin's step stops there (room or not) and
  the coin acts as a roll from that step: ace = one step on and the die active again; null =
  stay; 2-5 = move on. The die is set aside unless the die rolled or the coin is an ace (an
  ace die remains active whatever its coin shows). If the horse is left on that step and it is full, it
  moves back to the first step with room (never behind where the turn started: that step was
  just freed). A revealed coin never fires again.
- Crossing step 44 finishes the horse (finish order = order of crossing); its die is removed.
  The race ends when three horses have finished.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass, replace
from fractions import Fraction

from generator.errors import InvalidInput, LimitExceeded
from generator.games.triactor.race.coins import ACE, NAMES, NULL, VALUES
from generator.games.triactor.race.horses import COUNT, LETTERS
from generator.games.triactor.race.track import CAPACITY, FINISH, START, coin_steps

FORMAT = 1
PLACES = 3  # the race ends when three horses have finished
ALL = (1 << COUNT) - 1


@dataclass(frozen=True)
class Roll:
    """A chance outcome: the value on each rolled die, as (horse, value) in horse order."""

    dice: tuple[tuple[int, int], ...]

    def __str__(self) -> str:
        return " ".join(f"{LETTERS[h]}{NAMES[v]}" for h, v in self.dice)


@dataclass(frozen=True)
class Move:
    """The current player's choice: use horse `horse`'s die showing `value`."""

    horse: int
    value: int

    def __str__(self) -> str:
        return f"{LETTERS[self.horse]}:{NAMES[self.value]}"


@dataclass(frozen=True)
class Outcome:
    """What one move did (for logs and tests): start and end step, the coin that fired."""

    move: Move
    start: int
    end: int
    coin_step: int | None = None  # the coin step the horse stopped on, if its coin fired
    coin_value: int | None = None
    die_active: bool = False  # the die of this horse is active after the move
    finished: bool = False
    next_dice: tuple[int, ...] = ()  # the dice the next player rolls
    kept: bool = False  # the rules keep this die active (an ace die or an ace coin)
    all_back: bool = False  # no active die was left: every unfinished horse's die came back


@dataclass(frozen=True)
class Race:
    """A race position. positions: step of each horse (0 start .. 45 finished);
    active: bitmask of active dice; coins: each horse's coin value; revealed: bitmask of
    coins turned over; finish: finished horses in order; roll: the dice just rolled (a
    decision node) or None (a chance node); turn: moves made so far."""

    positions: tuple[int, ...]
    active: int
    coins: tuple[int, ...]
    revealed: int = 0
    finish: tuple[int, ...] = ()
    roll: Roll | None = None
    turn: int = 0

    # --- views ----------------------------------------------------------------
    @property
    def over(self) -> bool:
        return len(self.finish) >= PLACES

    @property
    def unfinished(self) -> int:
        return ALL & ~sum(1 << h for h in self.finish)

    def dice(self) -> tuple[int, ...]:
        """The horses whose dice the current player rolls (active dice of unfinished horses)."""
        return tuple(h for h in range(COUNT) if self.active >> h & 1)

    def occupancy(self) -> list[int]:
        occ = [0] * (FINISH + 1)
        for p in self.positions:
            occ[p] += 1
        return occ

    def __str__(self) -> str:
        rows = []
        for h in range(COUNT):
            p = self.positions[h]
            where = "finished" if p >= FINISH else ("start" if p == START else f"step {p}")
            die = "active" if self.active >> h & 1 else ("-" if p >= FINISH else "inactive")
            coin = NAMES[self.coins[h]] if self.revealed >> h & 1 else "hidden"
            rows.append(f"{LETTERS[h]} {where:9s} die {die:8s} coin {coin}")
        rows.append("finish: " + ("".join(LETTERS[h] for h in self.finish) or "-"))
        if self.roll is not None:
            rows.append(f"rolled: {self.roll}")
        return "\n".join(rows)

    # --- persistence ------------------------------------------------------------
    def to_dict(self) -> dict:
        return {
            "format": FORMAT,
            "positions": {LETTERS[h]: p for h, p in enumerate(self.positions)},
            "active": [LETTERS[h] for h in self.dice()],
            "coins": {LETTERS[h]: NAMES[v] for h, v in enumerate(self.coins)},
            "revealed": [LETTERS[h] for h in range(COUNT) if self.revealed >> h & 1],
            "finish": [LETTERS[h] for h in self.finish],
            "roll": None
            if self.roll is None
            else {LETTERS[h]: NAMES[v] for h, v in self.roll.dice},
            "turn": self.turn,
        }

    @classmethod
    def from_dict(cls, data: dict) -> Race:
        from generator.games.triactor.race.coins import parse_value

        if data.get("format") != FORMAT:
            raise InvalidInput(f"race format {data.get('format')!r} is not {FORMAT}: re-save it")
        idx = LETTERS.index
        roll = data.get("roll")
        return cls(
            positions=tuple(int(data["positions"][L]) for L in LETTERS),
            active=sum(1 << idx(L) for L in data["active"]),
            coins=tuple(parse_value(str(data["coins"][L])) for L in LETTERS),
            revealed=sum(1 << idx(L) for L in data["revealed"]),
            finish=tuple(idx(L) for L in data["finish"]),
            roll=None
            if roll is None
            else Roll(tuple(sorted((idx(L), parse_value(str(v))) for L, v in roll.items()))),
            turn=int(data["turn"]),
        )


def new_race(coins: tuple[int, ...]) -> Race:
    """Every horse at the start, every die active, the coins face down with these values."""
    if len(coins) != COUNT or any(v not in VALUES for v in coins):
        raise InvalidInput(f"a race needs {COUNT} coin values 0..5, got {coins!r}")
    return Race(positions=(START,) * COUNT, active=ALL, coins=tuple(coins))


def position(
    positions: dict[str, int],
    coins: dict[str, int],
    *,
    active: str = "",
    revealed: str = "",
    finish: str = "",
) -> Race:
    """A race set up by hand (tests, examples): letters -> step; unlisted horses at the start;
    unlisted coins null; active: letters of active dice (empty: all unfinished)."""
    pos = [START] * COUNT
    for letter, step in positions.items():
        pos[LETTERS.index(letter)] = step
    fin = tuple(LETTERS.index(c) for c in finish)
    for h in fin:
        pos[h] = FINISH
    cv = [0] * COUNT
    for letter, v in coins.items():
        cv[LETTERS.index(letter)] = v
    race = Race(
        positions=tuple(pos),
        active=sum(1 << LETTERS.index(c) for c in active),
        coins=tuple(cv),
        revealed=sum(1 << LETTERS.index(c) for c in revealed),
        finish=fin,
    )
    race = replace(race, active=race.active & race.unfinished or race.unfinished)
    check(race)
    return race


def check(race: Race) -> None:
    """Raise if the position breaks the rules' invariants (capacity, finish, dice)."""
    occ = race.occupancy()
    for s in range(1, FINISH):
        if occ[s] > CAPACITY[s]:
            raise InvalidInput(f"step {s} holds {occ[s]} horses but has {CAPACITY[s]} spaces")
    done = {h for h in range(COUNT) if race.positions[h] >= FINISH}
    if done != set(race.finish) or len(race.finish) != len(done):
        raise InvalidInput("finished horses and the finish order disagree")
    if race.active & ~race.unfinished:
        raise InvalidInput("a finished horse's die is still in play")
    if not race.over and race.active == 0:
        raise InvalidInput("no active die in a running race")


# --- chance -----------------------------------------------------------------------
def is_chance(race: Race) -> bool:
    return not race.over and race.roll is None


def chance_outcomes(race: Race, limit: int = 6**6) -> list[tuple[Roll, Fraction]]:
    """Every roll of the active dice with its exact probability (1/6 per die)."""
    if not is_chance(race):
        raise InvalidInput("not a chance node: the dice are already rolled or the race is over")
    dice = race.dice()
    n = 6 ** len(dice)
    if n > limit:
        raise LimitExceeded(f"{len(dice)} dice give {n} rolls, more than the limit {limit}")
    p = Fraction(1, n)
    return [
        (Roll(tuple(zip(dice, values, strict=True))), p)
        for values in itertools.product(VALUES, repeat=len(dice))
    ]


def roll_dice(race: Race, rng: object) -> Roll:
    """A random roll: one rng.random() per active die, in horse order."""
    rand = rng.random  # type: ignore[attr-defined]
    return Roll(tuple((h, int(rand() * 6)) for h in race.dice()))


# --- decisions --------------------------------------------------------------------
def legal_moves(race: Race) -> tuple[Move, ...]:
    """The dice the current player may choose: every die just rolled (one move each)."""
    if race.over or race.roll is None:
        return ()
    return tuple(Move(h, v) for h, v in race.roll.dice)


def apply(race: Race, action: Roll | Move) -> Race:
    """The race after a roll (chance) or a chosen die (decision)."""
    if isinstance(action, Roll):
        if not is_chance(race):
            raise InvalidInput("the dice are already rolled: choose one of them")
        if tuple(h for h, _ in action.dice) != race.dice():
            raise InvalidInput(f"roll {action} is not a roll of the active dice")
        return replace(race, roll=action)
    if race.roll is not None and action not in legal_moves(race):
        raise InvalidInput(f"move {action} is not one of the rolled dice ({race.roll})")
    return resolve(race, action)[0]


def resolve(race: Race, move: Move) -> tuple[Race, Outcome]:
    """Move a horse by a die value (the roll, if any, must contain it) and report what happened."""
    h, v = move.horse, move.value
    if race.over:
        raise InvalidInput("the race is over: three horses have finished")
    if not race.active >> h & 1:
        raise InvalidInput(f"horse {LETTERS[h]}'s die is not active")
    if v not in VALUES:
        raise InvalidInput(f"die value {v!r} is not 0..5")
    occ = race.occupancy()
    p = race.positions[h]
    occ[p] -= 1  # the horse leaves its step
    cstep = coin_steps()[h]
    unrevealed = not race.revealed >> h & 1
    revealed = race.revealed
    coin_value = None
    stop = None
    if v == NULL:
        end, active = p, False
    elif unrevealed and p < cstep <= p + v:
        # its own coin: stop on the coin step and roll the coin's value from there
        stop = cstep
        coin_value = race.coins[h]
        revealed |= 1 << h
        end = stop if coin_value == NULL else _advance(occ, stop, coin_value)
        # decision 10: an ace die "remains active" whatever its coin shows; a coin can only
        # return a die to the active state (an ace coin), never set one aside
        active = v == ACE or coin_value == ACE
        if end == stop and occ[stop] >= CAPACITY[stop]:
            end = stop - 1
            while occ[end] >= CAPACITY[end]:
                end -= 1
    else:
        end = _advance(occ, p, v)
        active = v == ACE
    mask = race.active if active else race.active & ~(1 << h)
    finish = race.finish
    positions = race.positions
    if end != p:
        positions = positions[:h] + (end,) + positions[h + 1 :]
    if end >= FINISH:
        finish = finish + (h,)
        mask &= ~(1 << h)
        active = False
    unfinished = ALL & ~sum(1 << x for x in finish)
    all_back = False
    if not mask & unfinished:
        mask = unfinished  # nobody left to roll: every die is active again
        all_back = True
    if len(finish) >= PLACES:
        mask = 0
        all_back = False
    new = Race(positions, mask, race.coins, revealed, finish, None, race.turn + 1)
    outcome = Outcome(
        move,
        p,
        end,
        stop,
        coin_value,
        bool(mask >> h & 1),
        end >= FINISH,
        new.dice(),
        active,
        all_back,
    )
    return new, outcome


def _advance(occ: list[int], p: int, v: int) -> int:
    """Step reached moving v from p: the target, or the farthest earlier step with room."""
    t = p + v
    if t >= FINISH:
        return FINISH
    while t > p and occ[t] >= CAPACITY[t]:
        t -= 1
    return t


# --- whole races --------------------------------------------------------------------
def turns(
    race: Race, policy: object, rng: object, players: int = 1, first: int = 0
) -> Iterator[tuple[Race, Outcome]]:
    """Play to the end with a policy; yield (race after the move, outcome) for every move.

    The policy's `turn(race, player, rng)` returns the chosen Move (it may roll the full set
    of dice with roll_dice and choose, or, when the values of the other dice cannot matter to
    it, draw the chosen die directly: the same distribution, see policies.RandomPolicy)."""
    while not race.over:
        player = (first + race.turn) % players
        move = policy.turn(race, player, rng)  # type: ignore[attr-defined]
        race, outcome = resolve(race, move)
        yield race, outcome


def play(race: Race, policy: object, rng: object, players: int = 1, first: int = 0) -> Race:
    """The finished race."""
    final = race
    for state, _ in turns(race, policy, rng, players, first):
        final = state
    return final


def turn_distribution(race: Race, choose: object) -> dict[Move, Fraction]:
    """Exact probability of each chosen move from a chance node, rolling every active die.

    choose(race_with_roll) -> {Move: Fraction} (a policy's choice distribution)."""
    dist: dict[Move, Fraction] = {}
    for roll, p in chance_outcomes(race):
        for move, q in choose(apply(race, roll)).items():  # type: ignore[operator]
            dist[move] = dist.get(move, Fraction(0)) + p * q
    return dist
