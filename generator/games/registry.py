"""Which games racegen knows and what it can print, generate and solve for each.

A capability that is not built is an empty tuple, not a missing key (as Simon Tatham's
puzzle back ends declare can_solve), so `racegen list` is honest about what is there. What a
game prints comes from its own table (games/<game>/printables.py), the one its commands, the
demo and the kits are made from.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass


@dataclass(frozen=True)
class GameInfo:
    name: str  # command name
    title: str
    summary: str
    generates: tuple[str, ...] = ()
    solves: tuple[str, ...] = ()
    other: tuple[str, ...] = ()
    kit_also: tuple[str, ...] = ()  # what a table needs beside the kit's pages

    @property
    def package(self) -> str:
        return "generator.games." + self.name.replace("-", "_")

    def printables(self) -> tuple:
        """The game's printables table (generator.printing.Printable)."""
        return importlib.import_module(self.package + ".printables").PRINTABLES

    def kit_cover(self) -> dict:
        """What the kit's cover says that its pages cannot show: `KIT_COVER` in the game's
        printables module (players, minutes, pieces counted, what to cut per player count)."""
        module = importlib.import_module(self.package + ".printables")
        return dict(getattr(module, "KIT_COVER", {}))

    @property
    def prints(self) -> tuple[str, ...]:
        return tuple(p.listed or p.name for p in self.printables())


def game(name: str) -> GameInfo:
    for g in GAMES:
        if g.name == name:
            return g
    raise KeyError(name)


GAMES: tuple[GameInfo, ...] = (
    GameInfo(
        "graph-racers",
        "Graph Racers (Racetrack)",
        "paper-and-pencil vector racing on squared paper",
        kit_also=("a pencil in a different colour for each player",),
        generates=("generate (closed circuits with par)",),
        solves=("solve (exact minimum moves; search or cp-sat)", "check (move checker)"),
        other=(
            "race (computer drivers), referee (a table's moves files); not played: prize "
            "money, savings and coins worth money for the next race",
        ),
    ),
    GameInfo(
        "trading-paint",
        "Trading Paint",
        "press-your-luck dice-car race on a six-lane oval",
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
        kit_also=(
            "a pencil per player (the slips)",
            "or a piecepack instead of the printed pieces",
        ),
        solves=("settle (exact payouts)", "odds (simulated)"),
        other=("race (move log)",),
    ),
    GameInfo(
        "pushing-race",
        "Pushing Race",
        "Looney Pyramids race on a 3 x 9 track with an Icehouse die",
        kit_also=("Looney Pyramids, 5 per player (or the paper pieces)",),
        solves=("moves (every legal move of a roll)",),
        other=("simulate (seeded policies head to head)", "show (position file)"),
    ),
    GameInfo(
        "dice-rush",
        "Dice Rush",
        "two-player board race with a d8 direction die and a d6 distance die",
        kit_also=("a pencil (the score sheet)",),
        generates=("new-board (seeded half-turn symmetric boards)",),
        solves=("odds (exact race and one-player chances)",),
        other=("simulate (seeded games)", "show-board (board file)"),
    ),
)
