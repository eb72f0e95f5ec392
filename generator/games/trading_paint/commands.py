"""`racegen trading-paint ...`: luck table, simulator, placement query, and printables.

Only click is imported at module level; everything else loads inside the commands so
`racegen --help` stays fast.
"""

from __future__ import annotations

from pathlib import Path

import click

from generator.games.trading_paint.printables import PRINTABLES
from generator.options import add_printables
from generator.schemas import dumps


@click.group("trading-paint")
def trading_paint() -> None:
    """Trading Paint: a press-your-luck dice-car race on a six-lane oval.

    Print the board, path dice, car dice and a rules summary; see the exact
    press-your-luck table; race policies against each other; show a position and its
    moves; list every way to lay a sequence of dice from a position.
    """


add_printables(trading_paint, PRINTABLES)


@trading_paint.command("luck")
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
@click.option(
    "--max-dice", type=click.IntRange(1, 30), default=10, show_default=True, help="Rows 1..N."
)
def luck(as_json: bool, max_dice: int) -> None:
    """Exact expected squares gained when stopping after n dice, and the chance of no X."""
    from generator.games.trading_paint.strategy.luck import format_table, luck_table

    rows = luck_table(max_dice)
    if as_json:
        click.echo(dumps({"rows": [r.to_dict() for r in rows]}, "trading-paint-luck/1"))
    else:
        click.echo(format_table(rows))


@trading_paint.command("simulate")
@click.option(
    "--players",
    type=click.Choice(["2", "3", "4", "5", "6"]),
    default="2",
    show_default=True,
    help="Players (teams follow the set-ups of the rules).",
)
@click.option(
    "--games",
    type=click.IntRange(1, 1_000_000),
    default=100,
    show_default=True,
    help="How many races, 1 to 1000000.",
)
@click.option(
    "--policy",
    "policies",
    multiple=True,
    help="stop:K, greedy[:K], expectimax[:D] or random; one per team (rotated between games). [default: greedy]",
)
@click.option("--seed", type=int, default=1, show_default=True, help="Master random seed.")
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
def simulate_cmd(
    players: str, games: int, policies: tuple[str, ...], seed: int, as_json: bool
) -> None:
    """Race policies against each other and report win rates and events per game."""
    from generator.games.trading_paint.play.policies import make_policy
    from generator.games.trading_paint.play.simulate import simulate
    from generator.progress import Progress

    players = int(players)
    for p in policies:
        make_policy(p)
    # a bar on a terminal for 20 games or more, quiet when piped
    with Progress(games if games >= 20 else 0, "racing") as bar:
        report = simulate(players, games, policies, seed, progress=bar)
    if as_json:
        click.echo(dumps(report.to_dict(), "trading-paint-simulate/1"))
    else:
        click.echo(report.format())


@trading_paint.command("paths")
@click.argument("position")
@click.option("--faces", required=True, help="Faces in the order rolled, e.g. 4,3,6.")
@click.option("--json", "as_json", is_flag=True, help="Print the ways as JSON.")
def paths_cmd(position: str, faces: str, as_json: bool) -> None:
    """Every way to lay the given faces from a position file ('-': standard input), and what
    each achieves."""
    import re

    from generator.errors import InvalidInput
    from generator.games.trading_paint.rules.paths import format_query, placement_ways, to_json
    from generator.games.trading_paint.rules.position import load_position

    try:
        # commas or spaces between faces; an empty place ("1,,2") is a typo, not a face
        words = re.split(r"\s*,\s*|\s+", faces.strip())
        if not all(w.isascii() and w.isdigit() for w in words):
            raise ValueError
        seq = [int(f) for f in words]
    except ValueError:
        raise InvalidInput(f"--faces {faces!r}: write the faces as numbers, e.g. 4,3,6") from None
    state = load_position(str(position))
    q = placement_ways(state, seq)
    click.echo(dumps(to_json(q), "trading-paint-paths/1") if as_json else format_query(q))


@trading_paint.command("show")
@click.argument("position")
def show_cmd(position: str) -> None:
    """Draw a position file ('-': standard input) as text and list the moves open to the car
    to play."""
    from generator.games.trading_paint.rules.position import load_position
    from generator.games.trading_paint.rules.turn import describe, is_chance, legal_moves

    state = load_position(str(position))
    click.echo(str(state))
    if is_chance(state):
        click.echo("next: roll a path die")
    else:
        for m in legal_moves(state):
            click.echo(f"  {describe(state, m)}")


# --- puzzles ---------------------------------------------------------------------------------
_KINDS = click.Choice(["lay", "fewest", "stop"])
_GOALS = click.Choice(["bump", "draft", "finish", "square", "any"])
_GRADES = click.Choice(["easy", "medium", "hard"])


def _puzzle_request(kind: str, goal: str, difficulty: str, count: int, seed: int, window=None):  # noqa: ANN001, ANN202
    from generator.games.trading_paint.puzzles.generate import Request

    if kind == "stop" and goal != "any":
        raise click.UsageError("a stop puzzle has no goal (stop or roll?): leave out --goal")
    return Request(kind, goal, difficulty, count, seed, window)


@trading_paint.command("puzzle")
@click.option(
    "--kind",
    type=_KINDS,
    default="lay",
    show_default=True,
    help="lay: lay the rolled faces to reach the goal; fewest: the fewest of the next rolls that reach it; stop: stop or roll?",
)
@click.option(
    "--goal",
    type=_GOALS,
    default="any",
    show_default=True,
    help="What the path must do (lay and fewest): bump a car, draft a team-mate, finish, or end on the starred square; any: a mix.",
)
@click.option(
    "--difficulty",
    type=_GRADES,
    default="medium",
    show_default=True,
    help="easy: 2-3 dice, medium: 3-4, hard: 4-6 (graded by the weakest solver that finds the answer).",
)
@click.option(
    "--count",
    type=click.IntRange(1, 500),
    default=6,
    show_default=True,
    help="How many puzzles, 1 to 500.",
)
@click.option(
    "--seed", type=int, default=1, show_default=True, help="Random seed: same seed, same puzzles."
)
@click.option(
    "--out",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("output"),
    show_default=True,
    help="Folder for the puzzle files.",
)
@click.option("--force", is_flag=True, help="Overwrite existing files.")
@click.option(
    "--json", "as_json", is_flag=True, help="Print the files written and their grades as JSON."
)
def puzzle_cmd(
    kind: str,
    goal: str,
    difficulty: str,
    count: int,
    seed: int,
    out: Path,
    force: bool,
    as_json: bool,
) -> None:  # noqa: E501
    """Generate puzzles, each proved to have exactly one answer, as puzzle files (JSON)."""
    from generator.games.trading_paint.puzzles.generate import generate
    from generator.output import check_writable, refuse_taken, write_files
    from generator.progress import Progress

    req = _puzzle_request(kind, goal, difficulty, count, seed)
    paths = puzzle_paths(out, kind, goal, difficulty, seed, count)
    check_writable(out, create=False)
    for p in paths:
        refuse_taken(p, force)
    with Progress(count, "generating") as bar:
        puzzles = generate(req, bar)
    payload = [(p, z.dumps().encode("utf-8")) for p, z in zip(paths, puzzles, strict=True)]
    write_files(payload, out, force)  # all the puzzles, or none
    if as_json:
        rows = [
            {"file": str(p), "kind": z.kind, "grade": z.grade, "tags": list(z.tags)}
            for p, z in zip(paths, puzzles, strict=True)
        ]
        click.echo(dumps({"puzzles": rows}, "trading-paint-puzzle-list/1"))
    else:
        for p in paths:
            click.echo(str(p))


def puzzle_paths(out: Path, kind: str, goal: str, difficulty: str, seed: int, count: int):  # noqa: ANN201
    """The puzzle files' paths, numbered from 1 with as many digits as the count has (two at
    least): --count 100 writes -001 ... -100, so the files sort in their order."""
    goal_part = "" if kind == "stop" else f"-{goal}"
    digits = max(2, len(str(count)))
    return [
        out / f"trading-paint-{kind}{goal_part}-{difficulty}-s{seed}-{i:0{digits}d}.json"
        for i in range(1, count + 1)
    ]


@trading_paint.command("solve")
@click.argument("puzzle")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def solve_cmd(puzzle: str, as_json: bool) -> None:
    """Solve a puzzle file ('-': standard input) from its position, faces and goal: the answer
    and how many there are."""
    from generator.games.trading_paint.puzzles.puzzle import load_puzzle
    from generator.games.trading_paint.puzzles.solving import format_solved, solve

    p = load_puzzle(str(puzzle))
    solved = solve(p)
    click.echo(
        dumps(solved.to_dict(), "trading-paint-solved/1") if as_json else format_solved(p, solved)
    )


@trading_paint.command("check")
@click.argument("puzzle")
@click.argument("answer")
def check_cmd(puzzle: str, answer: str) -> None:
    """Check ANSWER to a puzzle (PUZZLE '-': standard input), in the notation paths prints
    ("4@21,14/0 6@22,14/90 stop"; stop or roll for a stop puzzle).

    Prints "right: ..." and exits 0, or "wrong: " with the first wrong die and why and exits 1.
    """
    from generator.games.trading_paint.puzzles.puzzle import load_puzzle
    from generator.games.trading_paint.puzzles.solving import check

    verdict = check(load_puzzle(str(puzzle)), answer)
    click.echo(verdict.message)
    if not verdict.right:
        raise click.exceptions.Exit(1)
