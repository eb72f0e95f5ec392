"""Crafted input (issue 30, item 3): every number read from a user is bounded before Python
converts it (4,301 digits was a ValueError traceback) and takes ASCII digits only; every field
of a drawn circuit's JSON is type-checked with a message naming the field."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from usage import drop_usage

from generator.cli import cli
from generator.core.numbers import MAX_DIGITS, whole
from generator.errors import InvalidInput
from generator.games.graph_racers.track import drawn_format

ROOT = Path(__file__).resolve().parents[1]
LONG = "1" * 4301  # one digit past Python's own limit
DRAWN = json.loads((ROOT / "examples/graph_racers/drawn-30x20-medium-s3.json").read_text())


def run(*args: str):
    r = CliRunner().invoke(cli, list(args))
    assert not (r.exception and not isinstance(r.exception, SystemExit)), repr(r.exception)
    return r


# --- the shared reader --------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "value"),
    [("7", 7), (" 42 ", 42), ("-3", -3), ("+5", 5), ("0" * 40 + "9", 9),
     ("9" * MAX_DIGITS, int("9" * MAX_DIGITS)), ("9" * (MAX_DIGITS + 1), None), (LONG, None),
     ("٣", None), ("²", None), ("1٣", None), ("", None), ("1.0", None), ("1e3", None)],
)  # fmt: skip
def test_whole_numbers_are_ascii_digits_bounded_before_conversion(text, value):
    assert whole(text) == value


# --- 4,301-digit numbers at every reader the issue names ----------------------------------------
@pytest.fixture
def example_puzzle() -> str:
    """A lay puzzle (`trading-paint puzzle --count 1 --seed 1`; squares are COLUMN,ROW)."""
    return str(ROOT / "tests/data/trading_paint/lay-any-medium-s1-01.json")


@pytest.mark.parametrize(
    ("answer", "word"),
    [(f"1@{LONG},10/0 stop", f"1@{LONG}"), (f"1@21,10/{LONG} stop", "1@21,10/"),
     (f"1@21,{LONG}/0 stop", "1@21,"), (f"1@21,10/0 stop {LONG},9", LONG)],
)  # fmt: skip
def test_trading_paint_check_bounds_columns_rows_degrees_and_squares(answer, word, example_puzzle):
    r = run("trading-paint", "check", example_puzzle, answer)
    assert r.exit_code == 1
    assert r.output.startswith("Error: answer word ") and "a number of 4301 digits" in r.output
    assert len(r.output.splitlines()) == 1 and len(r.output) < 300


def test_trading_paint_answers_take_ascii_digits_only(example_puzzle):
    r = run("trading-paint", "check", example_puzzle, "1@٢١,10/0 stop")
    assert r.exit_code == 1
    assert r.output.startswith("Error: answer word '1@٢١,10/0': write dice as FACE@COLUMN,ROW")


def test_triactor_bets_race_column_is_bounded(tmp_path):
    bets = tmp_path / "bets.csv"
    bets.write_text(f"race,player,bet\n{LONG},ann,S win\n")
    r = run("triactor", "settle", str(bets), "--finish", "S,M,C")
    assert r.exit_code == 1
    assert r.output.startswith(
        f"Error: {bets} line 2 ({'1' * 40}... (4,311 characters)): race '111111111111'... (4,301 characters) is not a race number"
    )
    assert len(r.output) < 300


def test_triactor_results_race_column_is_bounded(tmp_path):
    bets, results = tmp_path / "bets.csv", tmp_path / "results.csv"
    bets.write_text("player,bet\nann,S win\n")
    results.write_text(f"race,finish\n{LONG},S M C\n")
    r = run("triactor", "settle", str(bets), "--results", str(results))
    assert r.exit_code == 1
    assert "is not a race number" in r.output and len(r.output) < 300


def test_trading_paint_policy_numbers_are_bounded_and_ascii():
    for arg in (LONG, "٣"):
        r = run("trading-paint", "simulate", "--policy", f"stop:{arg}", "--games", "1")
        assert r.exit_code in (1, 2)
        assert "the number after ':' must be 1 to 20" in r.output and len(r.output) < 300


# --- a drawn circuit's JSON, every field type-checked ------------------------------------------
def drawn_with(change) -> dict:
    d = copy.deepcopy(DRAWN)
    change(d)
    return d


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.__setitem__("meta", [1]), "'meta' must be an object, not a list"),
        (lambda d: d.__setitem__("meta", "x"), "'meta' must be an object, not a text"),
        (lambda d: d.__setitem__("meta", 5), "'meta' must be an object, not a number"),
        (
            lambda d: d["finish"].__setitem__("direction", ["right"]),
            "finish direction must be right, left, down or up",
        ),
        (
            lambda d: d["checkpoints"][0].__setitem__("direction", {"right": 1}),
            "checkpoint 1 direction must be right, left, down or up",
        ),
        (lambda d: d["meta"].__setitem__("grade", [1]), "'meta.grade' must be an object, not a list"),
        (
            lambda d: d["meta"]["grade"].__setitem__("difficulty", 3),
            "'meta.grade.difficulty' must be a text, not a number",
        ),
        (
            lambda d: d["meta"].__setitem__("features", [1]),
            "'meta.features' item 1 must be an object with a 'name' text",
        ),
        (lambda d: d["meta"].__setitem__("features", {}), "'meta.features' must be a list, not an object"),
        (lambda d: d["meta"].__setitem__("rules", "x"), "'meta.rules' must be an object, not a text"),
        (lambda d: d["meta"].__setitem__("par", True), "'meta.par' must be a whole number, not true/false"),
        (
            lambda d: d["meta"]["drawn_from"].__setitem__("centre", [[1, "x"]]),
            "'meta.drawn_from.centre' must be a list of [ROW, COL] points",
        ),
        (
            lambda d: d["meta"]["solution"].__setitem__("path", [[1.5, 2]]),
            "'meta.solution.path' must be a list of [ROW, COL] whole numbers",
        ),
        (lambda d: d.__setitem__("scale", 64.0), "scale must be 64"),
        (
            lambda d: d.__setitem__("kerbs", [{"edge": True, "from": 0, "to": 1}]),
            'kerb 1 must be {"edge": 0 or 1, "from": I, "to": J}',
        ),
    ],
)  # fmt: skip
def test_each_drawn_field_of_the_wrong_type_is_one_error_naming_it(change, message):
    with pytest.raises(InvalidInput) as e:
        drawn_format.track_from_dict(drawn_with(change), "c.json")
    assert str(e.value).startswith(f"c.json: {message}")


def test_a_drawn_circuit_that_is_not_an_object_is_one_error():
    with pytest.raises(
        InvalidInput, match=r"^c.json: a drawn circuit is a JSON object, not a list"
    ):
        drawn_format.track_from_dict([1], "c.json")  # type: ignore[arg-type]


def test_the_example_drawn_circuit_still_reads():
    assert drawn_format.track_from_dict(copy.deepcopy(DRAWN), "c.json").cols == 30


def test_a_drawn_file_with_meta_a_list_is_refused_by_the_command_line(tmp_path):
    f = tmp_path / "c.json"
    f.write_text(json.dumps(drawn_with(lambda d: d.__setitem__("meta", [1]))))
    r = run("graph-racers", "solve", str(f))
    assert r.exit_code == 1
    assert r.output == f"Error: {f}: 'meta' must be an object, not a list\n"


def test_pushing_race_squares_are_bounded_and_ascii():
    from generator.games.pushing_race.rules.track import parse_square

    with pytest.raises(InvalidInput) as e:
        parse_square("a" + LONG)
    assert str(e.value) == (
        "square 'a11111111111'... (4,302 characters): write a column a-c and a row 1-9, e.g. b3"
    )
    with pytest.raises(InvalidInput, match="^square 'a٣': write a column"):
        parse_square("a٣")
    assert parse_square("b3") == (1, 3)


@pytest.mark.parametrize(
    ("design", "said"),
    [
        (f"0/0/{LONG}", "car design '0/0/" + "1" * 36 + "... (4,305 characters)': give"),
        ("0/0/٣", "car design '0/0/٣': give brakes/turbo/damage points"),
        (f"0/0/4+missile*{LONG}", "(4,315 characters)': write missile*N with a whole number N (digits 0-9)"),
        ("0/0/4+missile*٢", "car design '0/0/4+missile*٢': write missile*N with a whole number N"),
    ],
)  # fmt: skip
def test_a_car_design_takes_ascii_digits_bounded(design, said):
    """`--design` on race, referee and sheet: a 4,301-digit number was a ValueError traceback
    and '٣' was read as 3; both are one usage error now, quoting the design cut short."""
    r = run("graph-racers", "race", str(ROOT / "examples/graph_racers/oil-oval.txt"),
            "--players", "2", "--design", f"{design},0/0/20")  # fmt: skip
    assert (
        r.exit_code == 2 and drop_usage(r.output).count("\n") == 1 and said in drop_usage(r.output)
    ), drop_usage(r.output)
