"""Whole races between policies, with the numbers people ask about.

Each team is driven by one policy. With several policies they rotate round the teams from
game to game (game g gives team t the policy (t + g) mod P), so no policy keeps the seat that
plays first. Every game draws its dice from its own random.Random seeded from the master
seed: the same command and seed give the same report.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from generator.errors import InvalidInput, LimitExceeded
from generator.games.trading_paint.play.policies import Policy, make_policy
from generator.games.trading_paint.rules import caution as cz
from generator.games.trading_paint.rules.setup import get_setup, initial_state
from generator.games.trading_paint.rules.state import (
    CAUTION_ROLL,
    POINTS,
    ROLL,
    WRECK,
    Bump,
    Draft,
    Face,
    State,
)
from generator.games.trading_paint.rules.turn import X, apply_legal, legal_moves

MAX_STEPS = 200_000  # moves and rolls in one game before we call it stuck
MAX_GAMES = 1_000_000


@dataclass
class GameRecord:
    winner: str
    points: dict[str, int]
    finish_order: tuple[int, ...]  # car numbers
    turns: int
    bumps: int
    drafts: int
    spin_outs: int
    cautions: int
    wrecks: int
    team_policy: dict[str, str]


def play_game(
    players: int,
    policies: Sequence[Policy],
    seed: int,
    *,
    rotate: int = 0,
    max_steps: int = MAX_STEPS,
    check: Callable[[State], None] | None = None,
) -> GameRecord:
    """One race. policies[k] drives team (k + rotate) mod teams' ... see module docstring."""
    rng = random.Random(seed)
    state = initial_state(players)
    teams = state.team_names
    by_team = [policies[(t + rotate) % len(policies)] for t in range(len(teams))]
    turns = bumps = drafts = spins = cautions = wrecks = 0
    steps = 0
    while not state.over:
        steps += 1
        if steps > max_steps:
            raise LimitExceeded(
                f"a game went past {max_steps} moves (seed {seed}); the policies may be stalling"
            )
        stage = state.stage
        if stage == ROLL or stage == CAUTION_ROLL:
            face = rng.randrange(6) + 1
            if stage == ROLL:
                if state.dice == 0:
                    turns += 1
                if face == X:
                    spins += 1
            elif face == X and state.caution == cz.DURING:
                cautions += 1
            state = apply_legal(state, Face(face))
        else:
            moves = legal_moves(state)
            move = by_team[state.team[state.car]].choose(state, moves, rng)
            if isinstance(move, Bump):
                bumps += 1
            elif isinstance(move, Draft):
                drafts += 1
            elif stage == WRECK:
                wrecks += 1
            state = apply_legal(state, move)
        if check is not None:
            check(state)
    pts = state.points()
    return GameRecord(
        winner=state.winner() or "",
        points=pts,
        finish_order=tuple(i + 1 for i in state.finished),
        turns=turns,
        bumps=bumps,
        drafts=drafts,
        spin_outs=spins,
        cautions=cautions,
        wrecks=wrecks,
        team_policy={teams[t]: by_team[t].name for t in range(len(teams))},
    )


@dataclass
class Tally:
    games: int = 0
    wins: int = 0
    points: int = 0

    def to_dict(self) -> dict[str, float | int]:
        return {
            "games": self.games,
            "wins": self.wins,
            "win_rate": round(self.wins / self.games, 4) if self.games else 0.0,
            "average_points": round(self.points / self.games, 4) if self.games else 0.0,
        }


@dataclass
class Report:
    players: int
    games: int
    seed: int
    policies: list[str]
    by_policy: dict[str, Tally] = field(default_factory=dict)
    by_team: dict[str, Tally] = field(default_factory=dict)
    totals: dict[str, int] = field(default_factory=dict)

    def per_game(self) -> dict[str, float]:
        return {k: round(v / self.games, 4) for k, v in self.totals.items()}

    def to_dict(self) -> dict[str, object]:
        return {
            "games": self.games,
            "players": self.players,
            "seed": self.seed,
            "policies": self.policies,
            "per_policy": [{"policy": k, **v.to_dict()} for k, v in self.by_policy.items()],
            "per_team": [{"team": k, **v.to_dict()} for k, v in self.by_team.items()],
            "per_game": self.per_game(),
        }

    def format(self) -> str:
        games = f"{self.games} game" + ("" if self.games == 1 else "s")
        lines = [f"Trading Paint: {games}, {self.players} players, seed {self.seed}"]
        lines.append(f"{'policy':<16}{'games':>7}{'wins':>7}{'win rate':>10}{'points':>8}")
        for name, t in self.by_policy.items():
            d = t.to_dict()
            lines.append(
                f"{name:<16}{t.games:>7}{t.wins:>7}{d['win_rate']:>10.3f}{d['average_points']:>8.2f}"
            )
        lines.append(f"{'team':<16}{'games':>7}{'wins':>7}{'win rate':>10}{'points':>8}")
        for name, t in self.by_team.items():
            d = t.to_dict()
            lines.append(
                f"{name:<16}{t.games:>7}{t.wins:>7}{d['win_rate']:>10.3f}{d['average_points']:>8.2f}"
            )
        lines.append("per game: " + ", ".join(f"{k} {v:.2f}" for k, v in self.per_game().items()))
        return "\n".join(lines)


def simulate(
    players: int,
    games: int,
    policy_specs: Sequence[str],
    seed: int,
    progress: Callable[[int], None] | None = None,
) -> Report:
    """Play `games` races and tally wins, points and events per game."""
    setup = get_setup(players)
    if not 1 <= games <= MAX_GAMES:
        raise InvalidInput(f"--games {games}: play 1 to {MAX_GAMES} games")
    specs = list(policy_specs) or ["greedy"]
    policies = [make_policy(s) for s in specs]
    if len(policies) > len(setup.teams):
        raise InvalidInput(
            f"{len(policies)} policies for {len(setup.teams)} teams: give at most one --policy per team"
        )
    names = [p.name for p in policies]
    report = Report(players, games, seed, names)
    for n in names:
        report.by_policy.setdefault(n, Tally())
    for t in setup.teams:
        report.by_team[t] = Tally()
    keys = ("turns", "bumps", "drafts", "spin_outs", "cautions", "wrecks")
    report.totals = {k: 0 for k in keys}
    master = random.Random(seed)
    for g in range(games):
        rec = play_game(players, policies, master.getrandbits(64), rotate=g % len(policies))
        for team, pts in rec.points.items():
            won = int(team == rec.winner)
            for tally in (report.by_team[team], report.by_policy[rec.team_policy[team]]):
                tally.games += 1
                tally.wins += won
                tally.points += pts
        for k in keys:
            report.totals[k] += getattr(rec, k)
        if progress is not None:
            progress(1)
    return report


assert sum(POINTS) == 9
