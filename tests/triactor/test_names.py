"""Players' names and the letters of bets and finishes (issue 15 item 7; decisions 23 and 24
in docs/rules/triactor.md): "Bob" and "bob", or "Zoë" composed and decomposed, are one
player; look-alikes in other characters are refused; only the seed's ASCII letters are
horses ('ß'.upper() is 'SS' and 'ſ'.upper() is 'S'); an empty place in --finish is a usage
error."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from generator.cli import cli
from generator.errors import BadOption, InvalidInput
from generator.games.triactor.betting.bets import parse_bet
from generator.games.triactor.betting.players import look_alike, same_player
from generator.games.triactor.betting.settle import parse_finish, read_bets, settle

ZOE_COMPOSED = "Zo\u00eb"
ZOE_DECOMPOSED = "Zoe\u0308"


def settled(csv_text: str, finish: str = "S,M,C"):  # noqa: ANN201
    return settle(read_bets(csv_text, "bets.csv"), parse_finish(finish))


def test_case_and_composition_are_one_player_printed_as_first_written():
    result = settled(f"player,bet\nBob,S\nbob,M\nBOB,C\n{ZOE_DECOMPOSED},S\n{ZOE_COMPOSED},[SM]\n")
    assert result.players == ("Bob", ZOE_DECOMPOSED)
    assert [p.wager.player for p in result.payouts] == ["Bob"] * 3 + [ZOE_DECOMPOSED] * 2
    # one slip each (Bob's back S M C, Zoë's S M): S and M have two backers, C one (five
    # players, each with their own slip, before)
    assert result.backers[:3] == (2, 2, 1)
    assert result.totals == {"Bob": 8, ZOE_DECOMPOSED: 8 + 16}
    assert "bob" not in result.table() and ZOE_COMPOSED not in result.table()


def test_one_player_spelled_two_ways_has_three_credits_in_all():
    with pytest.raises(InvalidInput) as e:
        read_bets("player,bet\nAnn,[SMC]\nANN,S\n", "bets.csv")
    assert str(e.value).startswith(
        "bets.csv line 3 (ANN,S): Ann's bets cost 4 credits, more than the 3"
    )


def test_case_folding_is_unicode_not_ascii():
    assert same_player("STRAUSS") == same_player("Strauß") == same_player("strauss")
    assert same_player("ΣΊΣΥΦΟΣ") == same_player("σίσυφος")
    assert same_player("fiona") == same_player("\ufb01ona")  # full folding splits the ligature
    assert same_player("Bob") != same_player("Ｂｏｂ")


@pytest.mark.parametrize(
    ("first", "second", "kind"),
    [
        ("Bob", "\uff22\uff4f\uff42", "full-width letters"),
        ("Louis II", "Louis \u2161", "a Roman numeral sign"),
        ("Ann2", "Ann\u00b2", "a superscript"),
        ("Ann Lee", "Ann  Lee", "two spaces"),
        ("Ann Lee", "Ann\u00a0Lee", "a no-break space"),
    ],
)
def test_look_alike_spellings_are_refused_naming_both_lines(first, second, kind):
    assert look_alike(first) == look_alike(second), kind
    with pytest.raises(InvalidInput) as e:
        read_bets(f"player,bet\n{first},S\ncarol,M\n{second},C\n", "bets.csv")
    message = str(e.value)
    assert message.startswith(
        f"bets.csv line 4 ({second},C): player {second!r} looks like {first!r} on line 2"
    ), message
    assert message.endswith("write one player's name the same way on every line")


def test_an_invisible_character_is_refused_before_any_look_alike():
    """A zero-width space was a look-alike of "Ann"; it is now refused alone, by the shared
    check of every name (tests/test_names.py)."""
    with pytest.raises(InvalidInput) as e:
        read_bets("player,bet\nAnn,S\nAn\u200bn,C\n", "bets.csv")
    assert str(e.value) == (
        "bets.csv line 3 (An\\u200bn,C): player 'An\\u200bn' holds U+200B ZERO WIDTH SPACE, "
        "an invisible character: remove it"
    )


def test_look_alikes_are_one_error_line_on_the_command_line(tmp_path):
    f = tmp_path / "bets.csv"
    f.write_text("player,bet\nBob,S\n\uff22\uff4f\uff42,M\n", encoding="utf-8")
    r = CliRunner().invoke(cli, ["triactor", "settle", str(f), "--finish", "S,M,C"])
    assert r.exit_code == 1
    (line,) = r.output.strip().splitlines()
    assert line.startswith(f"Error: {f} line 3 (\uff22\uff4f\uff42,M): player '\uff22\uff4f\uff42'")


@pytest.mark.parametrize(
    ("bet", "odd"),
    [("\u00df", "'ß'"), ("\u017fMC", "'ſ'"), ("[\u017fM]", "'ſ'"), ("\u0131nfo", "'ı'")],
)
def test_bets_take_the_seeds_ascii_letters_only(bet, odd):
    """'ß'.upper() is 'SS' (a place bet on S) and 'ſ'.upper() is 'S'; 'ınfo' (dotless i)
    upper-cases to INFO. Each was read as a bet nobody wrote."""
    with pytest.raises(InvalidInput) as e:
        parse_bet(bet)
    assert str(e.value) == (
        f"bet {bet!r} has {odd}, not a horse letter: use S, M, C, A, H, P, D, B (or INFO)"
    )
    with pytest.raises(InvalidInput, match=r"^bets.csv line 2 \(ann,"):
        read_bets(f"player,bet\nann,{bet}\n", "bets.csv")
    assert parse_bet("smc") == parse_bet("SMC") and parse_bet("info").kind == "INFO"


@pytest.mark.parametrize("finish", ["\u017f,M,C", "\u017fMC", "S,M,\u0441"])  # ſ, Cyrillic с
def test_finish_takes_the_seeds_ascii_letters_only(finish):
    with pytest.raises(InvalidInput, match="is not a horse letter"):
        parse_finish(finish)


@pytest.mark.parametrize("finish", ["S,,M,C", "S,M,C,", ",S,M,C", "S, ,M,C"])
def test_an_empty_place_in_finish_is_a_usage_error(finish):
    with pytest.raises(BadOption, match="has an empty place between commas"):
        parse_finish(finish)
    r = CliRunner().invoke(
        cli, ["triactor", "settle", "-", "--finish", finish], input="player,bet\nann,S\n"
    )
    assert r.exit_code == 2
    assert r.output == (
        f"Error: --finish {finish!r} has an empty place between commas: name each horse, "
        "e.g. S,M,C\n"
    )
