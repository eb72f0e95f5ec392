"""Shell completion for bash, zsh and fish (issue 30, item 8): the script a shell sources and
one completion, `racegen gr` -> graph-racers. (The escaping stdout once refused the bytes
click writes the script as: TypeError in generator/terminal.py.)"""

from __future__ import annotations

import pytest
from click.shell_completion import get_completion_class
from click.testing import CliRunner

from generator.cli import cli


def complete(env: dict[str, str]):
    return CliRunner().invoke(cli, [], env=env, prog_name="racegen")


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_the_source_script_is_clicks_own_byte_for_byte(shell):
    result = complete({"_RACEGEN_COMPLETE": f"{shell}_source"})
    assert result.exit_code == 0, result.output
    expected = get_completion_class(shell)(cli, {}, "racegen", "_RACEGEN_COMPLETE").source()
    assert result.output == expected
    assert "_racegen_completion" in result.output


@pytest.mark.parametrize(
    ("shell", "words", "cword", "expected"),
    [
        ("bash", "racegen gr", "1", "plain,graph-racers\n"),
        ("zsh", "racegen gr", "1", "plain\ngraph-racers\n"),
        ("fish", "racegen gr", "gr", "plain,graph-racers\t"),
    ],
)
def test_racegen_gr_completes_to_graph_racers(shell, words, cword, expected):
    result = complete(
        {"_RACEGEN_COMPLETE": f"{shell}_complete", "COMP_WORDS": words, "COMP_CWORD": cword}
    )
    assert result.exit_code == 0, result.output
    assert result.output.startswith(expected)
    assert "triactor" not in result.output and "list" not in result.output


def test_completing_an_option_of_a_subcommand():
    result = complete(
        {"_RACEGEN_COMPLETE": "bash_complete", "COMP_WORDS": "racegen graph-racers solve --eng",
         "COMP_CWORD": "3"}
    )  # fmt: skip
    assert result.output == "plain,--engine\n"
