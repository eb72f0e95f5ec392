"""`racegen graph-racers`: the click group, its own commands and, from the printables table
(printables.py), the commands of everything Graph Racers prints."""

from __future__ import annotations

import click

from generator.games.graph_racers.commands.generating import generate_cmd
from generator.games.graph_racers.commands.racing import race_cmd, referee_cmd
from generator.games.graph_racers.commands.solving import check_cmd, solve_cmd
from generator.games.graph_racers.printables import PRINTABLES
from generator.options import add_printables


@click.group("graph-racers")
def graph_racers() -> None:
    """Graph Racers (Racetrack): vector racing on squared paper.

    Solve tracks exactly, check a racing line, generate circuits with a par, and print track
    sheets, race sheets, answer keys and classroom worksheets. Every rule is a switch
    (--accel, --collision, boosts) stored with every solution and printed on every sheet.
    """


for command in (solve_cmd, check_cmd, generate_cmd):
    graph_racers.add_command(command)
add_printables(graph_racers, PRINTABLES)
for command in (referee_cmd, race_cmd):
    graph_racers.add_command(command)
