"""Every --json output against its JSON Schema (generator/schemas, listed in docs/json.md).

Each command is run through click on small real inputs and what it prints is validated: one
object, a `format` naming its schema, every field as the schema documents it. The two
bookkeeping tests keep the table honest: every command with a --json option has a case here,
and every schema file in the package is one some case validates against.
"""

from __future__ import annotations

import json
from pathlib import Path

import click
import jsonschema  # the test extra: a missing one fails here, never skips
import pytest
from click.testing import CliRunner

from generator import schemas
from generator.cli import cli

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
TRACKS = ROOT / "tests" / "data" / "racetrack"
SEASON = EXAMPLES / "triactor"  # a Triactor bets file of three races and its results
BLOCKED = "graph-racers track 1\nmap:\nS.#G\n"  # no route: solve --json prints, then exits 1

# (command, arguments, format printed, exit code); "{tmp}" is a folder of the test's own,
# "{board}" a small Dice Rush board written there, "{puzzle:KIND}" a puzzle file of that kind
CASES: list[tuple[str, tuple[str, ...], str, int]] = [
    ("graph-racers solve", (str(EXAMPLES / "graph_racers" / "sprint.txt"),), "graph-racers-solve/1", 0),
    ("graph-racers solve", (str(EXAMPLES / "graph_racers" / "sprint.txt"), "--lines", "3", "--brakes", "1"), "graph-racers-solve/1", 0),
    ("graph-racers solve", (str(TRACKS / "mdp-lib" / "square-5-potholes.track"),), "graph-racers-solve/1", 0),
    ("graph-racers solve", (str(TRACKS / "momba" / "tiny.track"), "--accel", "9", "--engine", "cp-sat"), "graph-racers-solve/1", 0),
    ("graph-racers solve", ("{tmp}/blocked.txt",), "graph-racers-solve/1", 1),
    ("graph-racers solve", (str(EXAMPLES / "graph_racers" / "drawn-30x20-medium-s3.json"), "--lines", "5"), "graph-racers-solve/1", 0),
    ("graph-racers referee", (str(EXAMPLES / "graph_racers" / "sprint.txt"), "{tmp}/car1.txt", "{tmp}/car2.txt"), "graph-racers-referee/1", 0),
    ("graph-racers referee", (str(EXAMPLES / "graph_racers" / "sprint.txt"), "{tmp}/car1.txt", "{tmp}/car1.txt"), "graph-racers-referee/1", 1),
    ("graph-racers race", (str(EXAMPLES / "graph_racers" / "oil-oval.txt"), "--players", "3", "--driver", "solver,cautious,random", "--brakes", "2", "--turbo", "2"), "graph-racers-race/1", 0),
    ("graph-racers race", (str(EXAMPLES / "graph_racers" / "sprint.txt"), "--players", "4", "--driver", "random", "--seed", "3", "--no-contact"), "graph-racers-race/1", 0),
    ("graph-racers race", (str(EXAMPLES / "graph_racers" / "sprint.txt"), "--players", "4", "--design", "2/2/12,0/0/0,4/0/12,0/4/12", "--teams", "A,B,A,B"), "graph-racers-race/1", 0),
    ("graph-racers referee", (str(EXAMPLES / "graph_racers" / "sprint.txt"), "{tmp}/car1.txt", "{tmp}/car2.txt", "--design", "0/0/20,2/0/16", "--teams", "red,blue"), "graph-racers-referee/1", 0),
    ("graph-racers race", (str(EXAMPLES / "graph_racers" / "lake-sprint.txt"), "--players", "3", "--driver", "random", "--seed", "2", "--accel", "9", "--design", "0/0/4+missile+sprayer+guns*2,0/0/10+sub+guns,2/2/0+missile+rocket"), "graph-racers-race/1", 0),
    ("dice-rush odds", ("--board", "{board}", "--turns", "2"), "dice-rush-odds/1", 0),
    ("dice-rush odds", ("--board", "{board}", "--turns", "1", "--order", "turns"), "dice-rush-odds/1", 0),
    ("dice-rush simulate", ("--games", "60", "--declare", "lead:2"), "dice-rush-simulate/1", 0),
    ("dice-rush simulate", ("--board", "{board}", "--games", "30", "--order", "turns"), "dice-rush-simulate/1", 0),
    ("pushing-race moves", ("start", "--roll", "WILD"), "pushing-race-moves/1", 0),
    ("pushing-race moves", ("finished=A5", "--roll", "TIP"), "pushing-race-moves/1", 0),
    ("pushing-race moves", (str(EXAMPLES / "pushing_race" / "midgame.txt"), "--roll", "DIG"), "pushing-race-moves/1", 0),
    ("pushing-race simulate", ("--players", "3", "--games", "8", "--policy", "greedy"), "pushing-race-simulate/1", 0),
    ("triactor settle", (str(EXAMPLES / "triactor" / "bets.csv"), "--finish", "S,M,C"), "triactor-settle/3", 0),
    ("triactor settle", (str(SEASON / "season.csv"), "--results", str(SEASON / "results.csv")), "triactor-settle/3", 0),
    ("triactor odds", ("--races", "200", "--coins", "S=ace,M=3", "--backers", "2"), "triactor-odds/3", 0),
    ("triactor odds", ("--races", "100", "--policy", "slip", "--slips", "SMC,PD"), "triactor-odds/3", 0),
    ("trading-paint luck", ("--max-dice", "3"), "trading-paint-luck/1", 0),
    ("trading-paint simulate", ("--players", "3", "--games", "2", "--policy", "stop:2"), "trading-paint-simulate/1", 0),
    ("trading-paint paths", (str(EXAMPLES / "trading_paint" / "position.json"), "--faces", "1,4"), "trading-paint-paths/1", 0),
    ("trading-paint puzzle", ("--count", "1", "--difficulty", "easy", "--out", "{tmp}/made"), "trading-paint-puzzle-list/1", 0),
    ("trading-paint solve", ("{puzzle:lay}",), "trading-paint-solved/1", 0),
    ("trading-paint solve", ("{puzzle:fewest}",), "trading-paint-solved/1", 0),
    ("trading-paint solve", ("{puzzle:stop}",), "trading-paint-solved/1", 0),
    ("trading-paint strategy", (), "trading-paint-strategy/1", 0),
]  # fmt: skip

# the puzzle files the solve cases read: quick seeds of each kind
PUZZLES = {
    "lay": ("--kind", "lay", "--goal", "bump", "--difficulty", "easy", "--seed", "4"),
    "fewest": ("--kind", "fewest", "--difficulty", "easy", "--seed", "1"),
    "stop": ("--kind", "stop", "--difficulty", "easy", "--seed", "4"),
}


def run(command: str, *args: str):
    return CliRunner().invoke(cli, [*command.split(), *args, "--json"])


def json_commands(group: click.Group, prefix: tuple[str, ...] = ()) -> set[str]:
    """Every command under `group` that takes --json (a parameter named json or as_json)."""
    found = set()
    ctx = click.Context(group)
    for name in group.list_commands(ctx):
        cmd = group.get_command(ctx, name)
        if isinstance(cmd, click.Group):
            found |= json_commands(cmd, (*prefix, name))
        elif any(p.name in ("json", "as_json") or "--json" in p.opts for p in cmd.params):
            found.add(" ".join((*prefix, name)))
    return found


@pytest.fixture(scope="module")
def inputs(tmp_path_factory) -> dict[str, str]:
    tmp = tmp_path_factory.mktemp("json-inputs")
    (tmp / "blocked.txt").write_text(BLOCKED, encoding="utf-8")
    # two cars of a Graph Racers race (referee): car 2 crashes into the end wall
    (tmp / "car1.txt").write_text("points\n1 1\n1 2\n1 4\n1 6\n2 8\n4 10\n7 12\n", encoding="utf-8")
    (tmp / "car2.txt").write_text(
        "start 3 1\naccelerations\n0 1\n0 1\n0 1\n0 1\n0 0\n1 0\n1 0\n1 0\n", encoding="utf-8"
    )
    board = tmp / "board.txt"
    new_board = ["dice-rush", "new-board", "--rows", "4", "--cols", "4", "--points", "4"]
    made = CliRunner().invoke(cli, [*new_board, "--out", str(board)])
    assert made.exit_code == 0, made.output
    out = {"{tmp}": str(tmp), "{board}": str(board)}
    for kind, args in PUZZLES.items():
        folder = tmp / kind
        r = run("trading-paint puzzle", *args, "--count", "1", "--out", str(folder))
        assert r.exit_code == 0, r.output
        out[f"{{puzzle:{kind}}}"] = json.loads(r.stdout)["puzzles"][0]["file"]
    return out


def _fill(arg: str, inputs: dict[str, str]) -> str:
    for key, value in inputs.items():
        arg = arg.replace(key, value)
    return arg


def _id(case) -> str:  # noqa: ANN001
    command, args, _, _ = case
    return command.replace(" ", "-") + "-" + "-".join(Path(a).name for a in args)[:40]


@pytest.mark.parametrize("case", CASES, ids=[_id(c) for c in CASES])
def test_json_output_matches_its_schema(case, inputs):
    command, args, fmt, code = case
    r = run(command, *(_fill(a, inputs) for a in args))
    assert r.exit_code == code, r.output
    assert r.stdout.startswith("{\n  "), "every --json output is one object, indented by 2"
    data = json.loads(r.stdout)
    assert isinstance(data, dict) and data["format"] == fmt
    assert next(iter(data)) == "format", "format comes first"
    schema = schemas.schema(fmt)
    jsonschema.Draft202012Validator.check_schema(schema)
    errors = sorted(
        jsonschema.Draft202012Validator(schema).iter_errors(data), key=lambda e: list(e.path)
    )
    assert not errors, "\n".join(f"{list(e.path)}: {e.message[:300]}" for e in errors[:5])


def test_the_schemas_refuse_what_they_do_not_document():
    """A sanity check of the schemas themselves: closed objects and the format constant bite."""
    schema = schemas.schema("pushing-race-simulate/1")
    validator = jsonschema.Draft202012Validator(schema)
    data = json.loads(run("pushing-race simulate", "--games", "3").stdout)
    assert validator.is_valid(data)
    assert not validator.is_valid({**data, "surprise": 1})
    assert not validator.is_valid({**data, "format": "pushing-race-simulate/2"})
    assert not validator.is_valid({k: v for k, v in data.items() if k != "games"})


def test_every_json_command_has_a_case_and_a_schema():
    have = {command for command, _, _, _ in CASES}
    assert json_commands(cli) == have
    for _, _, fmt, _ in CASES:
        assert schemas.file_name(fmt) in schemas.schema_files(), fmt


def test_every_schema_file_is_validated_by_some_case():
    used = {schemas.file_name(fmt) for _, _, fmt, _ in CASES}
    assert set(schemas.schema_files()) == used
    for name in schemas.schema_files():
        schema = json.loads((Path(schemas.__file__).parent / name).read_text(encoding="utf-8"))
        fmt = schema["properties"]["format"]["const"]
        assert schemas.file_name(fmt) == name and schema["title"] == fmt
        assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"


def test_docs_list_every_format():
    text = (ROOT / "docs" / "json.md").read_text(encoding="utf-8")
    for _, _, fmt, _ in CASES:
        assert f"`{fmt}`" in text and schemas.file_name(fmt) in text, fmt


def test_every_object_names_no_user_data_as_keys(tmp_path):
    """Objects keyed by player or policy names became lists of objects (issue 15): the
    settle output keys nothing by a player's name, even a name with spaces."""
    bets = tmp_path / "bets.csv"
    bets.write_text("player,bet\nAnn Lee,S\nbo,[SM]\n", encoding="utf-8")
    r = run("triactor settle", str(bets), "--finish", "S,M,C")
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert [t["player"] for t in data["totals"]] == ["Ann Lee", "bo"]

    def keys(value):  # noqa: ANN001, ANN202
        if isinstance(value, dict):
            for k, v in value.items():
                yield k
                yield from keys(v)
        elif isinstance(value, list):
            for v in value:
                yield from keys(v)

    assert not [k for k in keys(data) if " " in k]
