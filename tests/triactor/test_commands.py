"""The triactor command line: settle, odds, race (exit codes, exact error lines, JSON)."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner
from usage import drop_usage

from generator.cli import cli

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "triactor" / "bets.csv"


def run(*args: str):
    return CliRunner().invoke(cli, ["triactor", *args])


def test_settle_example_table_and_json():
    r = run("settle", str(EXAMPLE), "--finish", "S,M,C")
    assert r.exit_code == 0, r.output
    assert "alice" in r.output and "TRIACTOR" in r.output
    lines = r.output.splitlines()
    assert lines[0] == "Finish: 1st S Solar Eclipse, 2nd M Midnight Madness, 3rd C Crusader"
    assert any(line.split() == ["alice", "18"] for line in lines)
    r = run("settle", str(EXAMPLE), "--finish", "S,M,C", "--json")
    assert r.exit_code == 0
    data = json.loads(r.output)
    assert data["format"] == "triactor-settle/3" and len(data["races"]) == 1
    assert data["totals"] == data["races"][0]["totals"] == data["races"][0]["running_totals"]
    assert data["totals"] == [
        {"player": "alice", "total": 18},
        {"player": "bob", "total": 8},
        {"player": "carol", "total": 0},
        {"player": "dave", "total": 9},
    ]
    race = data["races"][0]
    assert race["backs"][0] == {"player": "alice", "back": "SMC"}
    assert race["finish"] == ["S", "M", "C"] and len(race["bets"]) == 10 and race["race"] == 1
    assert data["leaders"] == ["alice"]


def test_settle_errors_name_the_csv_line(tmp_path):
    bad = tmp_path / "bets.csv"
    bad.write_text("player,bet\nann,S\nbob,SQ\n", encoding="utf-8")
    r = run("settle", str(bad), "--finish", "S,M,C")
    assert r.exit_code == 1
    assert r.output == (
        f"Error: {bad} line 3 (bob,SQ): bet 'SQ' has 'Q', not a horse letter: use S, M, C, A, H, "
        "P, D, B (or INFO)\n"
    )
    bad.write_text("player,bet\nann,[SMC]\nann,S\n", encoding="utf-8")
    r = run("settle", str(bad), "--finish", "S,M,C")
    assert r.exit_code == 1
    assert r.output.startswith(
        f"Error: {bad} line 3 (ann,S): ann's bets cost 4 credits, more than the 3"
    )


def test_settle_bad_finish_and_missing_file(tmp_path):
    r = run("settle", str(EXAMPLE), "--finish", "S,M")
    assert r.exit_code == 1
    assert (
        drop_usage(r.output)
        == "Error: --finish 'S,M' names 2 horse(s): name the first three horses, e.g. S,M,C\n"
    )
    r = run("settle", str(EXAMPLE), "--finish", "S,S,M")
    assert r.exit_code == 1 and "names S twice" in drop_usage(r.output)
    r = run("settle", str(tmp_path / "nope.csv"), "--finish", "S,M,C")
    assert r.exit_code == 1
    assert (
        drop_usage(r.output)
        == f"Error: bets file {tmp_path / 'nope.csv'} not found: check the path\n"
    )
    r = run("settle", str(EXAMPLE))
    assert r.exit_code == 2 and drop_usage(r.output) == (
        "Error: Missing option '--finish': give --finish S,M,C once per race, in race order, "
        "or --results FILE\n"
    )


def test_odds_json_and_text():
    r = run(
        "odds", "--races", "400", "--seed", "3", "--coins", "S=ace,M=3", "--json", "--backers", "2"
    )
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert data["races"] == 400 and data["coins"] == {"S": "ace", "M": "3"}
    assert data["backers"] == dict.fromkeys("SMCAHPDB", 2) and data["backers_from"] == "--backers"
    assert abs(sum(h["win"] for h in data["horses"].values()) - 1) < 1e-6
    assert data["format"] == "triactor-odds/3"
    assert sum(b["type"] == "TRIACTOR" for b in data["bets"]) == 336
    s = next(b for b in data["bets"] if b["type"] == "WIN")
    assert s["bet"] == "S" and abs(s["expected_at_backers"] - 8 * s["chance"]) < 1e-6
    again = run(
        "odds", "--races", "400", "--seed", "3", "--coins", "S=ace,M=3", "--json", "--backers", "2"
    )
    assert again.output == r.output
    r = run("odds", "--races", "300", "--policy", "slip", "--slips", "SMC,PD,AHB")
    assert r.exit_code == 0, r.output
    assert "chooser slip (SMC,PD,AHB)" in r.output and "TRIACTOR BOX" in r.output


def test_odds_errors():
    r = run("odds", "--coins", "S=7")
    assert r.exit_code == 1
    assert (
        drop_usage(r.output)
        == "Error: unknown coin value '7' in --coins 'S=7': use null, ace, 2, 3, 4 or 5\n"
    )
    r = run("odds", "--coins", "X=ace")
    assert r.exit_code == 1 and "unknown horse 'X'" in drop_usage(r.output)
    r = run("odds", "--coins", "S=ace,S=2")
    assert r.exit_code == 1 and "coin S given twice" in drop_usage(r.output)
    # --policy slip and --slips go together: usage errors both ways, in odds and in race
    for command in ("odds", "race"):
        r = run(command, "--policy", "slip")
        assert r.exit_code == 2
        assert (
            drop_usage(r.output)
            == "Error: --policy slip needs the players' slips: add --slips SMC,PD,...\n"
        )
        r = run(command, "--policy", "random", "--slips", "SM")
        assert (r.exit_code, drop_usage(r.output)) == (2, "Error: --slips is for --policy slip\n")
    r = run("odds", "--races", "0")
    assert r.exit_code == 2


def test_slips_alone_mean_the_slip_policy():
    """Issue 30, item 10: `triactor odds --slips` needed `--policy slip` as well."""
    for args in (["--races", "20"], ["--seed", "3"]):
        command = "odds" if args[0] == "--races" else "race"
        alone = run(command, *args, "--slips", "SMC,SM")
        both = run(command, *args, "--policy", "slip", "--slips", "SMC,SM")
        assert alone.exit_code == 0, alone.output
        assert alone.output == both.output
        assert alone.output != run(command, *args).output  # not the random chooser


def test_race_log_is_reproducible(unwrapped):
    a = run("race", "--seed", "4")
    b = run("race", "--seed", "4")
    assert a.exit_code == 0 and a.output == b.output
    lines = a.output.splitlines()
    assert lines[0].startswith("coins (face down): S=")
    assert lines[-1].startswith("finish: ") and len(lines[-1].split(", ")) == 3
    assert sum("past the post" in line for line in lines) == 3


def test_settle_broken_csv_and_no_bets(tmp_path):
    bad = tmp_path / "bets.csv"
    bad.write_text('player,bet\nann,"S\nbob,M\n', encoding="utf-8")  # the quote never closes
    r = run("settle", str(bad), "--finish", "S,M,C")
    assert r.exit_code == 1
    assert r.output == (
        f"Error: {bad} line 3: not valid CSV (unexpected end of data); "
        "check the quotes on that line and after it\n"
    )
    bad.write_text('player,bet\nann,"' + "S" * 200_000 + '"\n', encoding="utf-8")
    r = run("settle", str(bad), "--finish", "S,M,C")
    assert r.exit_code == 1 and "field larger than field limit" in r.output
    assert r.output.count("\n") == 1
    bad.write_text("player,bet\n\n", encoding="utf-8")
    r = run("settle", str(bad), "--finish", "S,M,C")
    assert (r.exit_code, r.output) == (
        1,
        f"Error: {bad} has no bets: write one bet per line after the header\n",
    )


def test_bets_files_with_any_line_endings_settle(tmp_path):
    """A lone CR (old Mac) ends lines as LF and CRLF do, as Python's text files read them (the
    shared file reader first refused it: final review)."""
    outputs = []
    for name, end in (("lf.csv", b"\n"), ("crlf.csv", b"\r\n"), ("cr.csv", b"\r")):
        f = tmp_path / name
        f.write_bytes(end.join([b"player,bet", b"alice,SMC", b"bob,S"]) + end)
        r = CliRunner().invoke(cli, ["triactor", "settle", str(f), "--finish", "S,M,C"])
        assert r.exit_code == 0, r.output
        outputs.append(r.output)
    assert outputs[0] == outputs[1] == outputs[2]
