"""Names people type (issue 30 item 6, docs/names.md): Greek "Βob" and Cyrillic "Bоb" are not a
second "Bob"; a name of only U+202E or U+200B is refused with its code and Unicode name by every
reader (Triactor's players, Graph Racers' teams and track names, Dice Rush's board names, the
web's table and settle pages), never echoed raw; Zoë, Łódź, Москва and 東京 stay accepted."""

from __future__ import annotations

import json
import urllib.parse
from pathlib import Path

import pytest
from click.testing import CliRunner
from web_helpers import request

from generator.cli import cli
from generator.core import names
from generator.core.names import check_name, check_names, look_alike, skeleton
from generator.errors import InvalidInput
from generator.games.triactor.betting.settle import parse_finish, read_bets, settle

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
SPRINT = EXAMPLES / "graph_racers" / "sprint.txt"
GREEK_BOB = "\u0392ob"  # Greek capital Beta
CYRILLIC_BOB = "B\u043eb"  # Cyrillic small o
RLO = "\u202e"
ZWSP = "\u200b"
HIDDEN = [RLO, ZWSP, "\u2066", "\u200f", "\u061c", "\u00ad", "\ufeff", "\u3164", "\u115f", "\u034f"]


def refused(name: str) -> str:
    with pytest.raises(InvalidInput) as e:
        check_name(name, "team")
    return str(e.value)


# --- the rules ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name",
    [
        "Zo\u00eb",
        "Zoe\u0308",
        "\u0141\u00f3d\u017a",
        "\u041c\u043e\u0441\u043a\u0432\u0430",  # Москва
        "\u6771\u4eac",  # 東京
        "\u5c71\u53e3\u30bf\u30ed\u30a6",  # 山口タロウ: Han and Katakana are one writing
        "\u041c\u043e\u0441\u043a\u0432\u0430 FC",  # alphabets mixed between words, not in one
        "Team \u03a9",
        "\u03a3Racing",  # Σ is like the Latin esh, an extended letter: not an imitation
        "R2D2",
        "B0b",
        "Ann\u00a0Lee",
        "\u2764\ufe0f Team",  # an emoji's variation selector
        "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645",  # Persian: a ZWNJ between letters
        "\U0001f469\u200d\U0001f680",  # an emoji ZWJ sequence
    ],
)
def test_names_in_every_script_stay_accepted(name):
    assert check_name(name, "team") == name


@pytest.mark.parametrize(
    ("name", "character"),
    [
        (RLO, "U+202E RIGHT-TO-LEFT OVERRIDE, a bidirectional control that reorders the text"),
        ("Bob\u2066", "U+2066 LEFT-TO-RIGHT ISOLATE, a bidirectional control"),
        ("\u200fBob", "U+200F RIGHT-TO-LEFT MARK, a bidirectional control"),
        ("Bob\u061c", "U+061C ARABIC LETTER MARK, a bidirectional control"),
        (ZWSP, "U+200B ZERO WIDTH SPACE, an invisible character: remove it"),
        ("B\u200bob", "U+200B ZERO WIDTH SPACE, an invisible character"),
        ("Bo\u00adb", "U+00AD SOFT HYPHEN, an invisible character"),
        ("\ufeffBob", "U+FEFF ZERO WIDTH NO-BREAK SPACE, an invisible character"),
        ("B\u200dob", "U+200D ZERO WIDTH JOINER, an invisible character"),  # between Latin
        ("\u3164", "U+3164 HANGUL FILLER, an invisible character"),
        ("Bob\u115f", "U+115F HANGUL CHOSEONG FILLER, an invisible character"),
        ("Bo\u034fb", "U+034F COMBINING GRAPHEME JOINER, an invisible character"),
        ("\u2800", "U+2800 BRAILLE PATTERN BLANK, an invisible character"),
        ("B\ufe00ob", "U+FE00 VARIATION SELECTOR-1, a variation selector with no symbol"),
        ("\ufe0f", "U+FE0F VARIATION SELECTOR-16, a variation selector with no symbol"),
        ("Bob\u2028", "U+2028 LINE SEPARATOR, a control character or line break"),
        ("Bob\ufffe", "U+FFFE <noncharacter-FFFE>, a code that is not a character"),
    ],
)
def test_hidden_and_turning_characters_are_refused_by_code_and_name(name, character):
    message = refused(name)
    assert message.startswith(f"team {names.quoted(name)} holds {character}"), message
    assert names.visible(message) == message  # nothing raw in the error line
    assert message.count("\\u") >= 1


def test_the_exact_line_for_a_name_of_only_a_right_to_left_override():
    assert refused(RLO) == (
        "team '\\u202e' holds U+202E RIGHT-TO-LEFT OVERRIDE, a bidirectional control that "
        "reorders the text around it: remove it"
    )
    assert refused("   ") == "team is empty: write a name"


@pytest.mark.parametrize(
    ("name", "letter", "like"),
    [
        (CYRILLIC_BOB, "U+043E CYRILLIC SMALL LETTER O", "Latin 'o'"),
        (GREEK_BOB, "U+0392 GREEK CAPITAL LETTER BETA", "Latin 'B'"),
        ("\u13f4ob", "U+13F4 CHEROKEE LETTER YV", "Latin 'B'"),
        ("\U0001d401ob", "U+1D401 MATHEMATICAL BOLD CAPITAL B", "Latin 'B'"),
        ("\u041co\u0441\u043a\u0432\u0430", "U+041C CYRILLIC CAPITAL LETTER EM", "Latin 'M'"),
        ("p\u0430ypal", "U+0430 CYRILLIC SMALL LETTER A", "Latin 'a'"),
    ],
)
def test_a_word_whose_letters_imitate_another_alphabet_is_refused_alone(name, letter, like):
    assert refused(name) == (
        f"team {name!r} mixes alphabets in one word: {letter} looks like the {like}; write "
        "the name in one alphabet"
    )


def test_skeletons_follow_tr39():
    """UTS #39's own examples and the issue's: one skeleton for what looks alike."""
    assert skeleton("Bob") == skeleton(GREEK_BOB) == skeleton(CYRILLIC_BOB) == "Bob"
    assert skeleton("p\u0430ypal") == skeleton("paypal")  # Cyrillic a
    assert skeleton("\u0441\u043e\u0440") == skeleton("cop")  # a whole word in Cyrillic
    assert skeleton("\uff22\uff4f\uff42") == "Bob"  # full-width, folded by NFKC first
    assert skeleton("Zo\u00eb") == skeleton("Zoe\u0308") != skeleton("Zoe")
    assert skeleton("m") == "rn" and skeleton("1") == skeleton("I") == "l"
    assert skeleton("\u6771\u4eac") == "\u6771\u4eac"


def test_the_table_is_what_make_confusables_wrote():
    """The data file's counts (2,798 mappings onto 788 prototypes; Latin, Greek, Cyrillic and
    Armenian ranges), and each source character NFD-stable and unlike its prototype."""
    import unicodedata

    looks, starts, ranges = names._table()
    assert len(looks) == 2798 and len(set(looks.values())) == 788
    assert all(unicodedata.normalize("NFD", c) == c != p for c, p in looks.items())
    assert len(starts) == len(ranges) == 59
    assert [names.script(c) for c in "aZ\u00e9\u03b2\u0436\u0561\u6771 1"] == [
        *["Latn"] * 3,
        "Grek",
        "Cyrl",
        "Armn",
        *[""] * 3,
    ]
    head = (Path(names.__file__).with_name("confusables.txt")).read_text().splitlines()[:4]
    assert "Unicode License v3" in " ".join(head) and "confusables.txt" in head[1]


@pytest.mark.parametrize(
    ("a", "b", "fold", "alike"),
    [
        ("Bob", GREEK_BOB, False, True),
        ("Bob", CYRILLIC_BOB, False, True),
        ("cop", "\u0441\u043e\u0440", False, True),
        ("Bob", "\uff22\uff4f\uff42", False, True),
        ("Louis II", "Louis \u2161", False, True),
        ("Bob", "B\ufe0fob", False, True),  # an invisible selector, dropped
        ("Jean-Luc", "Jean\u2010Luc", False, True),  # a Unicode hyphen
        ("bob", CYRILLIC_BOB, False, False),  # case tells them apart...
        ("bob", CYRILLIC_BOB, True, True),  # ...unless the reader folds case
        # ASCII's own look-alikes are spelled differently on purpose
        ("Arnie", "Amie", False, False),
        ("Ian", "lan", False, False),
        ("B0b", "BOb", True, False),
        ("Zo\u00eb", "Zoe", True, False),
    ],
)
def test_which_names_look_alike(a, b, fold, alike):
    assert look_alike(a, b, fold) is alike
    assert look_alike(b, a, fold) is alike


def test_the_pair_is_named_with_the_character_that_differs():
    with pytest.raises(InvalidInput) as e:
        check_names(["Bob", "Ann", GREEK_BOB], "team")
    assert str(e.value) == (
        "team: the names 'Bob' and 'Βob' (U+0392 GREEK CAPITAL LETTER BETA) look alike: rename one"
    )
    assert check_names(["Arnie", "Amie", "Ian", "lan"], "player") == ["Arnie", "Amie", "Ian", "lan"]


# --- every reader -----------------------------------------------------------------------------


def _bets(*players: str) -> str:
    return "player,bet\n" + "".join(f"{p},S\n" for p in players)


def test_triactor_bets_refuse_a_look_alike_player_naming_both_lines():
    with pytest.raises(InvalidInput) as e:
        read_bets(_bets("Bob", "carol", GREEK_BOB), "bets.csv")
    assert str(e.value) == (
        "bets.csv line 4 (Βob,S): player: the names 'Bob' (line 2) and 'Βob' (U+0392 GREEK "
        "CAPITAL LETTER BETA) look alike: rename one"
    )
    with pytest.raises(InvalidInput) as e:
        read_bets(_bets("bob", CYRILLIC_BOB), "bets.csv")  # "bob" is also "Bob": folded
    assert "the names 'bob' (line 2) and 'Bоb' (U+043E CYRILLIC SMALL LETTER O)" in str(e.value)
    with pytest.raises(InvalidInput, match="mixes alphabets in one word: U\\+043E"):
        read_bets(_bets(CYRILLIC_BOB), "bets.csv")


@pytest.mark.parametrize("hidden", HIDDEN)
def test_triactor_bets_refuse_hidden_characters_and_quote_the_line_escaped(hidden):
    with pytest.raises(InvalidInput) as e:
        read_bets(_bets("ann", f"x{hidden}"), "bets.csv")
    message = str(e.value)
    code = f"\\u{ord(hidden):04x}"
    assert message.startswith(f"bets.csv line 3 (x{code},S): player 'x{code}' holds U+"), message
    assert hidden not in message


def test_triactor_settles_ascii_look_alikes_as_different_players():
    result = settle(read_bets(_bets("Arnie", "Amie", "Ian", "lan"), "b"), parse_finish("S,M,C"))
    assert result.players == ("Arnie", "Amie", "Ian", "lan")


def test_triactor_settle_on_the_command_line_is_one_error_line(tmp_path):
    f = tmp_path / "bets.csv"
    f.write_text(_bets(RLO), encoding="utf-8")
    r = CliRunner().invoke(cli, ["triactor", "settle", str(f), "--finish", "S,M,C"])
    assert r.exit_code == 1 and RLO not in r.output
    assert r.output == (
        f"Error: {f} line 2 (\\u202e,S): player '\\u202e' holds U+202E RIGHT-TO-LEFT OVERRIDE, "
        "a bidirectional control that reorders the text around it: remove it\n"
    )


def _race(teams: str):  # noqa: ANN202
    args = ["graph-racers", "race", str(SPRINT), "--players", "2", "--teams", teams]
    return CliRunner().invoke(cli, args)


def test_graph_racers_teams_refuse_look_alikes_and_hidden_characters():
    r = _race(f"Bob,{GREEK_BOB}")
    assert r.exit_code == 2
    assert r.output.splitlines()[-1] == (
        "Error: Invalid value for '--teams': car 2's team: the names 'Bob' (car 1) and 'Βob' "
        "(U+0392 GREEK CAPITAL LETTER BETA) look alike: rename one"
    )
    r = _race(f"{RLO},B")
    assert r.exit_code == 2 and RLO not in r.output
    assert r.output.splitlines()[-1] == (
        "Error: Invalid value for '--teams': car 1's team '\\u202e' holds U+202E RIGHT-TO-LEFT "
        "OVERRIDE, a bidirectional control that reorders the text around it: remove it"
    )
    r = _race(f"{ZWSP},B")
    assert r.exit_code == 2 and "U+200B ZERO WIDTH SPACE, an invisible character" in r.output
    ok = _race("Zo\u00eb,\u6771\u4eac")
    assert ok.exit_code == 0, ok.output
    assert "(team Zoë)" in ok.output and "(team 東京)" in ok.output


def test_graph_racers_moves_files_refuse_a_hidden_or_look_alike_team(tmp_path):
    from generator.games.graph_racers.moves.check import parse_moves

    with pytest.raises(InvalidInput) as e:
        parse_moves(json.dumps({"path": [[1, 1], [1, 2]], "team": RLO}), "car1.json")
    assert str(e.value).startswith("car1.json: 'team' '\\u202e' holds U+202E")
    # two moves files storing look-alike teams: referee refuses them by file
    r = CliRunner().invoke(
        cli, ["graph-racers", "race", str(SPRINT), "--players", "2", "--teams", "A,B", "--json"]
    )
    assert r.exit_code == 0, r.output
    cars = json.loads(r.output)["lines"]
    assert [c["team"] for c in cars] == ["A", "B"]
    files = []
    for car, team in zip(cars, ["cop", "\u0441\u043e\u0440"], strict=True):  # Cyrillic сор
        f = tmp_path / f"car{len(files) + 1}.json"
        f.write_text(json.dumps({**car, "team": team}), encoding="utf-8")
        files.append(str(f))
    r = CliRunner().invoke(cli, ["graph-racers", "referee", str(SPRINT), *files])
    assert r.exit_code == 1
    assert r.output == (
        f"Error: {files[1]}: the team stored with the moves: the names 'cop' ({files[0]}) and "
        "'сор' (U+0441 CYRILLIC SMALL LETTER ES) look alike: rename one\n"
    )


def test_graph_racers_track_names_are_checked_in_every_format(tmp_path):
    from generator.games.graph_racers.track.formats import read_track

    text = SPRINT.read_text(encoding="utf-8").replace("name: Corner sprint", f"name: {RLO}")
    f = tmp_path / "rlo.txt"
    f.write_text(text, encoding="utf-8")
    with pytest.raises(InvalidInput) as e:
        read_track(f)
    assert str(e.value) == (
        f"{f} line 3 column 7: the name '\\u202e' holds U+202E RIGHT-TO-LEFT OVERRIDE, a "
        "bidirectional control that reorders the text around it: remove it"
    )
    mixed = text.replace(f"name: {RLO}", "name: Corner spr\u0456nt")  # Cyrillic і
    f.write_text(mixed, encoding="utf-8")
    with pytest.raises(InvalidInput, match="U\\+0456 CYRILLIC SMALL LETTER BYELORUSSIAN"):
        read_track(f)
    drawn = json.loads((EXAMPLES / "graph_racers" / "drawn-30x20-medium-s3.json").read_text())
    g = tmp_path / "drawn.json"
    g.write_text(json.dumps({**drawn, "name": f"Lake{ZWSP}"}), encoding="utf-8")
    with pytest.raises(InvalidInput) as e:
        read_track(g)
    assert str(e.value) == (
        f"{g}: name 'Lake\\u200b' holds U+200B ZERO WIDTH SPACE, an invisible character: remove it"
    )
    g.write_text(json.dumps({**drawn, "name": "\u0141\u00f3d\u017a \u6771\u4eac"}), "utf-8")
    assert read_track(g).name == "Łódź 東京"


def test_dice_rush_board_names_are_checked(tmp_path):
    from generator.games.dice_rush.rules.board import load_board

    board = json.loads(
        (Path(__file__).parent.parent / "templates/dice_rush/board.json").read_text()
    )
    f = tmp_path / "b.json"
    f.write_text(json.dumps({**board, "name": RLO}), encoding="utf-8")
    r = CliRunner().invoke(
        cli, ["dice-rush", "board", "--board", str(f), "--format", "svg", "--out", str(tmp_path)]
    )
    assert r.exit_code == 1 and RLO not in r.output
    assert r.output == (
        f"Error: board file {f}: \"name\" '\\u202e' holds U+202E RIGHT-TO-LEFT OVERRIDE, a "
        "bidirectional control that reorders the text around it: remove it\n"
    )
    assert not list(tmp_path.glob("*.svg"))
    f.write_text(json.dumps({**board, "name": "\u041c\u043e\u0441\u043a\u0432\u0430"}), "utf-8")
    assert load_board(f).name == "Москва"


def test_the_web_table_and_settle_pages_refuse_them_in_their_own_words(base):
    table = "/play/table?track=g-cells-small-easy-1&cars=human.solver&teams="
    status, _, body = request(base + table + urllib.parse.quote(f"Bob,{GREEK_BOB}"))
    text = body.decode()
    assert status == 400 and "Traceback" not in text
    assert (
        "Error: car 2&#039;s team: the names &#039;Bob&#039; (car 1) and &#039;Βob&#039; (U+0392 "
        "GREEK CAPITAL LETTER BETA) look alike: rename one</p>"
    ) in text
    status, _, body = request(base + table + urllib.parse.quote(f"{RLO},B"))
    assert status == 400 and "U+202E RIGHT-TO-LEFT OVERRIDE" in body.decode()
    assert RLO not in body.decode() and "&#039;\\u202e&#039; holds" in body.decode()
    status, _, body = request(
        base + "/triactor/settle", {"bets": _bets("Bob", CYRILLIC_BOB), "finish": "S,M,C"}
    )
    assert status == 400 and "U+043E CYRILLIC SMALL LETTER O" in body.decode()
