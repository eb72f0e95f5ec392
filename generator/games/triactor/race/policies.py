"""Who chooses the die: a policy is the current player's way of picking one rolled die.

Two policies, both deterministic given the random stream:

- random: any rolled die, each equally likely. Since the values on the dice it does not pick
  cannot matter, `turn` draws the chosen die and its value with one number: the horse is
  uniform over the k dice and the value uniform over six, exactly the distribution of
  "roll all k dice, pick one at random" (tests check this with exact fractions).
- slip: a player who favours the horses on their own slip (its back): the biggest move
  (2-5) of one of their horses, nearest the finish first; else an ace of one of their
  horses; else the die that helps a rival least (a rival's null, then the smallest value,
  the rival furthest behind first); an own null only when nothing else was rolled.
"""

from __future__ import annotations

from fractions import Fraction

from generator.errors import InvalidInput
from generator.games.triactor.race.engine import Move, Race, Roll, legal_moves, roll_dice
from generator.games.triactor.race.horses import LETTERS

NAMES = ("random", "slip")


class RandomPolicy:
    name = "random"
    players = 1

    def choose(self, race: Race, player: int = 0) -> dict[Move, Fraction]:
        moves = legal_moves(race)
        return {m: Fraction(1, len(moves)) for m in moves}

    def pick(self, race: Race, player: int, rng: object) -> Move:
        moves = legal_moves(race)
        return moves[int(rng.random() * len(moves))]  # type: ignore[attr-defined]

    def turn(self, race: Race, player: int, rng: object) -> Move:
        dice = race.dice()
        i, v = divmod(int(rng.random() * (6 * len(dice))), 6)  # type: ignore[attr-defined]
        return Move(dice[i], v)

    def rolled_turn(self, race: Race, player: int, rng: object, rest: object) -> tuple[Roll, Move]:
        """`turn` (the same draw from rng, so the same race) with the whole roll to show: the
        dice not chosen take values from `rest`, another stream. Rolling k dice and picking one
        at random gives the chosen die and its value this one draw gives, and the other dice
        independent values, so the shown roll has the distribution of a real one."""
        move = self.turn(race, player, rng)
        rand = rest.random  # type: ignore[attr-defined]
        dice = tuple((h, move.value if h == move.horse else int(rand() * 6)) for h in race.dice())
        return Roll(dice), move


def slip_key(horse: int, value: int, step: int, own: bool) -> tuple[int, int, int, int]:
    """Larger is better for a player whose slip shows `own` horses (see the module doc)."""
    if own:
        if value >= 2:
            return (3, value, step, -horse)
        if value == 1:
            return (2, 0, step, -horse)
        return (0, 0, 0, -horse)
    return (1, -value, -step, -horse)


class SlipPolicy:
    """Each player's slip back as a bitmask of horses; players take turns in order."""

    name = "slip"

    def __init__(self, slips: tuple[int, ...]) -> None:
        if not slips:
            raise InvalidInput("the slip policy needs at least one slip: give --slips SMC,PD,...")
        self.slips = tuple(slips)
        self.players = len(slips)

    def best(self, race: Race, player: int) -> Move:
        own = self.slips[player]
        pos = race.positions
        return max(
            legal_moves(race),
            key=lambda m: slip_key(m.horse, m.value, pos[m.horse], bool(own >> m.horse & 1)),
        )

    def choose(self, race: Race, player: int = 0) -> dict[Move, Fraction]:
        return {self.best(race, player): Fraction(1)}

    def pick(self, race: Race, player: int, rng: object) -> Move:
        return self.best(race, player)

    def turn(self, race: Race, player: int, rng: object) -> Move:
        return self.rolled_turn(race, player, rng)[1]

    def rolled_turn(
        self, race: Race, player: int, rng: object, rest: object = None
    ) -> tuple[Roll, Move]:
        """The roll of every active die (one number each from rng, in horse order) and the
        die this player uses."""
        from dataclasses import replace

        roll = roll_dice(race, rng)
        return roll, self.best(replace(race, roll=roll), player)


def parse_slips(text: str) -> tuple[int, ...]:
    """'SMC,PD,A' -> one bitmask of horses per player (the backs of their slips)."""
    slips = []
    for part in text.split(","):
        part = part.strip().upper()
        if not part:
            raise InvalidInput(
                f"empty slip in --slips {text!r}: give letters per player, e.g. SMC,PD"
            )
        mask = 0
        for c in part:
            if c not in LETTERS:
                raise InvalidInput(
                    f"unknown horse {c!r} in --slips {text!r}: use the letters {LETTERS}"
                )
            mask |= 1 << LETTERS.index(c)
        slips.append(mask)
    return tuple(slips)


def make_policy(name: str, slips: tuple[int, ...] | None = None) -> RandomPolicy | SlipPolicy:
    if name == "random":
        return RandomPolicy()
    if name == "slip":
        if not slips:
            raise InvalidInput("--policy slip needs the players' slips: add --slips SMC,PD,...")
        return SlipPolicy(slips)
    raise InvalidInput(f"unknown policy {name!r}: use random or slip")
