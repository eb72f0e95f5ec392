"""A drawn circuit's file is refused when its gates let a 'lap' go round nothing or its edges
do not nest (docs/rules/graph-racers.md, "Drawn circuits: the lap"; track/drawn_lap.py).

The two reproducers in tests/data/drawn are the example circuit edited: u-turn-lap.json has
its one checkpoint two rows after the finish (par 8 by turning round, where the lap takes 25),
edges-side-by-side.json has its inner edge moved beside the outer one."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import EXAMPLES

from generator.cli import cli
from generator.errors import InvalidInput
from generator.games.graph_racers.solving.drawn import solve_drawn
from generator.games.graph_racers.track.drawn import SCALE, DrawnTrack, Gate
from generator.games.graph_racers.track.drawn_format import track_from_dict
from generator.games.graph_racers.track.drawn_lap import MAX_STRETCH, lap_shares

HERE = Path(__file__).resolve().parent
DRAWN = HERE.parent / "data" / "drawn"
EXAMPLE = EXAMPLES / "drawn-30x20-medium-s3.json"


def _load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def _unchecked(data: dict) -> DrawnTrack:
    """The track as the file says, without the lap check: what racegen raced before it (the
    example read, then its gates replaced, which validates nothing)."""
    fin, (cp,) = data["finish"], data["checkpoints"]
    assert fin["direction"] == cp["direction"] == "down" and fin["cols"] == cp["cols"]
    return replace(
        track_from_dict(_load(EXAMPLE)),
        name=data["name"],
        finish=Gate("horizontal", fin["row"], *fin["cols"], 1),
        checkpoints=(Gate("horizontal", cp["row"], *cp["cols"], 1),),
    )


def test_the_u_turn_lap_is_why_the_file_is_refused() -> None:
    """Unchecked, the reproducer's par is 8 by turning round behind the finish; the example
    it was edited from, whose checkpoints go round the lap, takes 25."""
    turn = solve_drawn(_unchecked(_load(DRAWN / "u-turn-lap.json")))
    assert turn.moves == 8
    assert turn.path[0] == turn.path[-1] == (7, 25)  # it ends where it started
    assert max(r for r, _ in turn.path) == 9  # two rows down and back: round nothing
    assert solve_drawn(track_from_dict(_load(EXAMPLE))).moves == 25


@pytest.mark.parametrize(
    ("name", "words"),
    [
        (
            "u-turn-lap",
            "u-turn-lap.json: from checkpoint 1 to the finish is 96% of the lap, so a car can "
            "turn round and finish without going round the track; add or move checkpoints so "
            "no stretch between gates is over 55% of the lap",
        ),
        (
            "edges-side-by-side",
            "edges-side-by-side.json: the two edges do not nest, so the track is not a ring; "
            "draw one edge strictly inside the other, the track between them",
        ),
    ],
)
def test_the_reproducers_are_refused_with_one_line(name: str, words: str) -> None:
    for command in ("solve", "check"):
        args = [command, str(DRAWN / f"{name}.json")] + (["(7,25)"] if command == "check" else [])
        result = CliRunner().invoke(cli, ["graph-racers", *args])
        assert result.exit_code == 1, result.output
        lines = result.output.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("Error: ") and lines[0].endswith(words)


def test_the_example_comes_round_the_lap_in_three_stretches() -> None:
    track = track_from_dict(_load(EXAMPLE))
    shares = lap_shares(track.edges, track.finish, track.checkpoints, SCALE)
    assert [round(s, 3) for s in shares] == [0.316, 0.358, 0.326]
    assert sum(shares) == pytest.approx(1.0)


def test_gates_crossed_against_the_others_or_out_of_order_are_refused() -> None:
    data = _load(EXAMPLE)
    back = json.loads(json.dumps(data))
    back["checkpoints"][0]["direction"] = "right"  # checkpoint 1 is a column crossed left
    with pytest.raises(InvalidInput, match="checkpoint 1 is crossed the other way round the track"):
        track_from_dict(back)
    swapped = json.loads(json.dumps(data))
    swapped["checkpoints"].reverse()
    with pytest.raises(InvalidInput, match="checkpoint 2 does not come after checkpoint 1"):
        track_from_dict(swapped)


def test_one_checkpoint_half_way_round_is_read_and_one_past_the_limit_is_not() -> None:
    """The example's first checkpoint alone leaves 68 % of the lap from it to the finish; its
    second alone leaves 67 % before it: both over MAX_STRETCH. The finish and a checkpoint
    half way round (the oval of test_drawn.py) are read."""
    data = _load(EXAMPLE)
    for keep, stretch in (
        (0, "from checkpoint 1 to the finish is 68%"),
        (1, "from the finish to checkpoint 1 is 67%"),
    ):
        one = json.loads(json.dumps(data))
        one["checkpoints"] = [data["checkpoints"][keep]]
        with pytest.raises(InvalidInput, match=stretch):
            track_from_dict(one)
    assert MAX_STRETCH == 0.55


def test_every_example_and_test_file_of_a_drawn_circuit_reads() -> None:
    files = [
        p
        for p in [*EXAMPLES.glob("*.json"), *(HERE.parent / "data").rglob("*.json")]
        if _load(p).get("format") == "graph-racers-drawn/1" and p.parent != DRAWN
    ]
    assert len(files) >= 1
    for p in files:
        assert track_from_dict(_load(p), str(p)).checkpoints
