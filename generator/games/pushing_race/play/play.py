"""Playing games: the die, policies that pick a move, whole seeded games and their statistics.

Every random choice comes from one `random.Random(seed)`, so the same seed plays the same
games. A game is capped at MAX_TURNS turns (a safety net: random play always ends, because
TIP and AIM always move a piece forward).

Two engines play them: the plain one here (moves.py's Moves, one Position each) and
fastplay.py (positions packed in ints by packed.py, moved by fastmoves.py), which `simulate`
uses. They list the same moves in the same order and draw the same random numbers, so a seed
plays the same games with both (tests/pushing_race/test_fastplay.py).
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from generator.errors import InvalidInput
from generator.games.pushing_race.rules.moves import FACES, Move, moves_or_pass
from generator.games.pushing_race.rules.position import Position, start
from generator.games.pushing_race.rules.track import PLAYER_NAMES, ROWS

MAX_TURNS = 5000
POLICIES = ("random", "greedy")
# `simulate --games` at most: about 2 minutes for two random players and 6 for four greedy
# ones (fastplay plays a game in 1 to 3.5 ms; the ten-fold speed-up asked for in issue 19
# was not reached in pure Python, so the old maximum of a million games, about 17 minutes
# to an hour, is lowered). 100,000 games put a win rate within 0.3 points (two standard
# errors).
MAX_GAMES = 100_000
ENGINES = ("fast", "plain")

Policy = Callable[[Position, list[Move], random.Random], Move]


def roll(rng: random.Random) -> str:
    """One throw of the Icehouse die: six faces, equally likely."""
    return FACES[rng.randrange(6)]


def progress(pos: Position, player: int) -> int:
    """How far a player's pieces have come: rows for pieces on the track, ROWS + 1 for each
    finished piece, 0 for waiting ones."""
    on = sum(i // 3 + 1 for i, p in enumerate(pos.cells) if p == player)
    return on + (ROWS + 1) * pos.finished[player]


def random_policy(pos: Position, moves: list[Move], rng: random.Random) -> Move:
    return moves[rng.randrange(len(moves))]


def greedy_policy(pos: Position, moves: list[Move], rng: random.Random) -> Move:
    """A win if there is one; else the largest lead over the best opponent (own progress
    minus theirs), ties broken at random."""
    me = pos.turn

    def value(m: Move) -> float:
        a = m.after
        if a.winner is not None:
            return 1e9 if a.winner == me else -1e9
        best = max(progress(a, p) for p in range(a.players) if p != me)
        return progress(a, me) - best

    scores = [value(m) for m in moves]
    top = max(scores)
    best = [m for m, s in zip(moves, scores, strict=True) if s == top]
    return best[rng.randrange(len(best))]


def policy(name: str) -> Policy:
    if name == "random":
        return random_policy
    if name == "greedy":
        return greedy_policy
    raise InvalidInput(f"unknown policy {name!r}: use {' or '.join(POLICIES)}")


@dataclass(frozen=True)
class Game:
    winner: int | None  # None: the game hit MAX_TURNS
    turns: int  # die rolls, passes included
    passes: int


def play_game(
    players: int,
    policies: list[Policy],
    rng: random.Random,
    first: int = 0,
    record: list[Position] | None = None,
) -> Game:
    """One game from the setup; `first` moves first (seat order A, B, C, D after it).
    `record` gets the position after every turn."""
    pos = start(players)
    pos = Position(pos.players, pos.cells, pos.waiting, pos.finished, first, None)
    passes = 0
    for turn in range(1, MAX_TURNS + 1):
        moves = moves_or_pass(pos, roll(rng))
        move = moves[0] if len(moves) == 1 else policies[pos.turn](pos, moves, rng)
        passes += move.kind == "PASS"
        pos = move.after
        if record is not None:
            record.append(pos)
        if pos.winner is not None:
            return Game(pos.winner, turn, passes)
    return Game(None, MAX_TURNS, passes)


@dataclass(frozen=True)
class Summary:
    players: int
    games: int
    seed: int
    policies: tuple[str, ...]
    wins: tuple[int, ...]  # by seat (seat 1 moves first)
    unfinished: int
    mean_turns: float
    stdev_turns: float
    min_turns: int
    median_turns: float
    max_turns: int
    mean_rounds: float
    pass_rate: float

    def to_dict(self) -> dict:
        return {
            "players": self.players,
            "games": self.games,
            "seed": self.seed,
            "policies": list(self.policies),
            "wins_by_seat": list(self.wins),
            "win_rate_by_seat": [round(w / self.games, 4) for w in self.wins],
            "unfinished": self.unfinished,
            "turns": {
                "mean": round(self.mean_turns, 3),
                "stdev": round(self.stdev_turns, 3),
                "min": self.min_turns,
                "median": self.median_turns,
                "max": self.max_turns,
            },
            "mean_rounds": round(self.mean_rounds, 3),
            "pass_rate": round(self.pass_rate, 4),
        }

    def table(self) -> str:
        lines = [
            f"Pushing Race: {self.games} games, {self.players} players, seed {self.seed}, "
            f"policies {', '.join(self.policies)}",
            "",
            f"{'seat':<6}{'player':<8}{'policy':<9}{'wins':>7}{'win rate':>10}",
        ]
        for s in range(self.players):
            lines.append(
                f"{s + 1:<6}{PLAYER_NAMES[s]:<8}{self.policies[s]:<9}{self.wins[s]:>7}"
                f"{self.wins[s] / self.games:>10.1%}"
            )
        lines += [
            "",
            "game length in turns (one turn = one roll, passes included):",
            f"  mean {self.mean_turns:.1f}, spread (stdev) {self.stdev_turns:.1f}, "
            f"min {self.min_turns}, median {self.median_turns:g}, max {self.max_turns}",
            f"  mean rounds {self.mean_rounds:.1f}; turns that passed {self.pass_rate:.1%}",
        ]
        if self.unfinished:
            lines.append(f"  {self.unfinished} game(s) stopped at {MAX_TURNS} turns")
        return "\n".join(lines)


def plain_games(
    players: int, policy_names: list[str], games: int, rng: random.Random
) -> Iterator[tuple[int | None, int, int]]:
    """play_game over and over: (winner or None, turns, passes) for each game."""
    pols = [policy(n) for n in policy_names]
    for _ in range(games):
        g = play_game(players, pols, rng)
        yield g.winner, g.turns, g.passes


def simulate(
    players: int,
    games: int,
    seed: int,
    policy_names: list[str],
    tick: Callable[[int], None] | None = None,
    engine: str = "fast",
) -> Summary:
    """`games` games from the setup, seat 1 (player A) always moving first; `tick(n)` after
    every few games (a progress bar). engine: "fast" (fastplay) or "plain" (play_game):
    the same games either way."""
    if not 2 <= players <= 4:
        raise InvalidInput(f"--players {players}: Pushing Race is for 2 to 4 players")
    if not 1 <= games <= MAX_GAMES:
        raise InvalidInput(f"--games {games}: simulate plays 1 to {MAX_GAMES:,} games")
    if len(policy_names) == 1:
        policy_names = policy_names * players
    if len(policy_names) != players:
        raise InvalidInput(
            f"{len(policy_names)} policies for {players} players: give one, or one per player"
        )
    for n in policy_names:
        policy(n)  # an unknown name is refused before any game
    rng = random.Random(seed)
    if engine == "fast":
        from generator.games.pushing_race.play.fastplay import play_games

        played = play_games(players, policy_names, games, rng, MAX_TURNS)
    elif engine == "plain":
        played = plain_games(players, policy_names, games, rng)
    else:
        raise ValueError(f"engine {engine!r}: use {' or '.join(ENGINES)}")
    wins = [0] * players
    lengths = []
    passes = 0
    unfinished = 0
    done = 0
    for winner, turns, passed in played:
        if winner is None:
            unfinished += 1
        else:
            wins[winner] += 1
        lengths.append(turns)
        passes += passed
        done += 1
        if tick is not None and (done % 64 == 0 or done == games):
            tick(64 if done % 64 == 0 else done % 64)
    return Summary(
        players,
        games,
        seed,
        tuple(policy_names),
        tuple(wins),
        unfinished,
        statistics.fmean(lengths),
        statistics.pstdev(lengths),
        min(lengths),
        statistics.median(lengths),
        max(lengths),
        statistics.fmean(lengths) / players,
        passes / sum(lengths),
    )
