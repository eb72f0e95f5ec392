"""Which games racegen knows and what it can print, generate and solve for each.

A capability that is not built is an empty tuple, not a missing key (as Simon Tatham's
puzzle back ends declare can_solve), so `racegen list` is honest about what is there.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class GameInfo:
    name: str  # command name
    title: str
    summary: str
    prints: tuple[str, ...] = ()
    generates: tuple[str, ...] = ()
    solves: tuple[str, ...] = ()
    other: tuple[str, ...] = ()


GAMES: tuple[GameInfo, ...] = (
    GameInfo(
        "graph-racers",
        "Graph Racers (Racetrack)",
        "paper-and-pencil vector racing on squared paper",
        prints=("sheet (track, race sheet, answer key)", "worksheet", "paper graph|dot"),
        generates=("generate (closed circuits with par)",),
        solves=("solve (exact minimum moves; search or cp-sat)", "check (move checker)"),
    ),
    GameInfo(
        "trading-paint",
        "Trading Paint",
        "press-your-luck dice-car race on a six-lane oval",
        prints=(
            "board tiles|poster|overview",
            "dice",
            "cars",
            "rules",
            "worksheet (puzzles at true size, answer pages)",
            "strategy (the exact stop-or-roll card)",
        ),
        generates=("puzzle lay|fewest|stop (one answer, proved twice; graded easy|medium|hard)",),
        solves=(
            "paths (every way to lay given dice)",
            "solve (a puzzle file)",
            "check (a player's answer)",
        ),
        other=(
            "luck (exact press-your-luck table)",
            "simulate (policies head to head)",
            "show (position file)",
        ),
    ),
    GameInfo(
        "triactor",
        "Triactor",
        "piecepack horse race with betting slips and payout tables",
        prints=("board", "slips", "payouts", "rules", "pawns", "horses", "coins", "dice"),
        solves=("settle (exact payouts)", "odds (simulated)"),
        other=("race (move log)",),
    ),
    GameInfo(
        "pushing-race",
        "Pushing Race",
        "Looney Pyramids race on a 3 x 9 track with an Icehouse die",
        prints=("board [--size page|coasters]", "die", "pieces", "rules"),
        solves=("moves (every legal move of a roll)",),
        other=("simulate (seeded policies head to head)", "show (position file)"),
    ),
    GameInfo(
        "dice-rush",
        "Dice Rush",
        "two-player board race with a d8 direction die and a d6 distance die",
        prints=("board", "dice (d8 and d6 nets, pawns)", "scoresheet", "rules"),
        generates=("new-board (seeded half-turn symmetric boards)",),
        solves=("odds (exact race and one-player chances)",),
        other=("simulate (seeded games)", "show-board (board file)"),
    ),
)
