"""Bets, credits, slip backs, the payout tables (against the seed) and settlements by hand."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest

from generator.errors import InvalidInput
from generator.games.triactor.betting.bets import all_bets, parse_bet, slip_back
from generator.games.triactor.betting.payouts import bet_types, credits_per_race, tables
from generator.games.triactor.betting.settle import parse_finish, read_bets, settle
from generator.games.triactor.race.horses import LETTERS, horse, horses

# the seed text beside the checkout (../shared), as the Graph Racers tests find the maps
SEED = Path(__file__).resolve().parents[3] / "shared" / "seeds" / "003_845887370843ccb6.txt"

# The seed's tables, typed from its "Tables" section: name, code, credits, winnings by column.
SEED_TABLE = {
    "INFO": ("INFO", 1, ()),
    "WIN": ("X", 1, (16, 8, 4)),
    "PLACE": ("XX", 1, (8, 4, 2)),
    "SHOW": ("XXX", 1, (4, 2, 1)),
    "EXACTOR": ("XY", 1, (32, 16, 8)),
    "EXACTOR BOX": ("XY", 2, (32, 16, 8)),
    "TRIACTOR": ("XYZ", 1, (48, 24, 12)),
    "TRIACTOR BOX": ("XYZ", 3, (24, 12, 6)),
}
SEED_COLUMNS = {1: ("1", "2", "3+"), 2: ("2-3", "4-5", "6+"), 3: ("3-5", "6-8", "9+")}


def test_payout_tables_are_the_seeds():
    types = bet_types()
    assert list(types) == list(SEED_TABLE)
    for name, (code, credits, winnings) in SEED_TABLE.items():
        bt = types[name]
        assert (bt.code, bt.credits, bt.winnings) == (code, credits, winnings)
        assert bt.box == name.endswith("BOX")
    for g in tables():
        if g.horses:
            assert g.columns == SEED_COLUMNS[g.horses]
    assert credits_per_race() == 3
    assert [g.title for g in tables()] == [
        "Zero Horse Bets",
        "One Horse Bets",
        "Two Horse Bets",
        "Three Horse Bets",
    ]


@pytest.mark.skipif(not SEED.exists(), reason="seed text not available")
def test_payout_tables_match_the_seed_file_itself():
    text = SEED.read_text(encoding="utf-8")
    tables_text = text[text.index("## Tables") : text.index("## Appendix A")]
    rows = re.findall(r"^([A-Z ]+)\t.*?\t(\d)\t(\d+)\t(\d+)\t(\d+)$", tables_text, re.M)
    found = {name.strip(): (int(c), (int(a), int(b), int(d))) for name, c, a, b, d in rows}
    for name, (_, credits, winnings) in SEED_TABLE.items():
        if winnings:
            assert found[name] == (credits, winnings)
            assert bet_types()[name].winnings == winnings


@pytest.mark.parametrize(
    ("backers", "win", "exactor", "triactor"),
    [
        (1, 16, 32, 48),
        (2, 8, 32, 48),
        (3, 4, 32, 48),
        (4, 4, 16, 48),
        (5, 4, 16, 48),
        (6, 4, 8, 24),
        (8, 4, 8, 24),
        (9, 4, 8, 12),
        (20, 4, 8, 12),
    ],
)
def test_column_boundaries(backers, win, exactor, triactor):
    t = bet_types()
    assert t["WIN"].pays(backers) == win
    assert t["EXACTOR"].pays(backers) == exactor
    assert t["TRIACTOR"].pays(backers) == triactor


@pytest.mark.parametrize(
    ("text", "kind", "letters", "credits"),
    [
        ("INFO", "INFO", "", 1),
        ("info", "INFO", "", 1),
        ("S", "WIN", "S", 1),
        ("MM", "PLACE", "M", 1),
        ("PPP", "SHOW", "P", 1),
        ("DB", "EXACTOR", "DB", 1),
        ("[DB]", "EXACTOR BOX", "DB", 2),
        ("CPS", "TRIACTOR", "CPS", 1),
        ("[CPS]", "TRIACTOR BOX", "CPS", 3),
        (" cps ", "TRIACTOR", "CPS", 1),
    ],
)
def test_parse_bets(text, kind, letters, credits):
    bet = parse_bet(text)
    assert bet.kind == kind and "".join(LETTERS[h] for h in bet.horses) == letters
    assert bet.credits == credits
    assert parse_bet(str(bet)) == bet


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("SX", "'X', not a horse letter"),
        ("SMS", "names a horse twice"),
        ("SSM", "names a horse twice"),
        ("[SS]", "names a horse twice"),
        ("[S]", "needs two or three horses"),
        ("SMCA", "has 4 letters"),
        ("[SM", "opens or closes a box only"),
        ("", "empty bet"),
        ("S M", "a space"),
    ],
)
def test_bad_bets(text, message):
    with pytest.raises(InvalidInput, match=re.escape(message)):
        parse_bet(text)


def test_bets_win_when_the_seed_says():
    fin = (0, 1, 2)  # S M C
    wins = {
        t: parse_bet(t).wins(fin)
        for t in [
            "S",
            "M",
            "SS",
            "MM",
            "CC",
            "CCC",
            "AAA",
            "SM",
            "MS",
            "[MS]",
            "[SC]",
            "SMC",
            "SCM",
            "[CMS]",
            "[SMA]",
            "INFO",
        ]
    }
    assert wins == {
        "S": True,
        "M": False,
        "SS": True,
        "MM": True,
        "CC": False,
        "CCC": True,
        "AAA": False,
        "SM": True,
        "MS": False,
        "[MS]": True,
        "[SC]": False,
        "SMC": True,
        "SCM": False,
        "[CMS]": True,
        "[SMA]": False,
        "INFO": False,
    }


def test_slip_back_is_the_set_of_horses():
    # the seed's example: bets SS, SMC, PPP -> back SMCP
    back = slip_back([parse_bet("SS"), parse_bet("SMC"), parse_bet("PPP")])
    assert back == {horse(c).index for c in "SMCP"}
    assert slip_back([parse_bet("INFO")]) == frozenset()


def test_all_bets_counts():
    assert [len(all_bets(k)) for k in bet_types()] == [1, 8, 8, 8, 56, 28, 336, 56]


def test_horses_one_per_suit():
    hs = horses()
    assert "".join(h.letter for h in hs) == "SMCAHPDB"
    assert [h.suit for h in hs] == [
        "sun",
        "moon",
        "crown",
        "anchor",
        "heart",
        "spade",
        "diamond",
        "club",
    ]
    assert hs[3].name == "Ahoy Ahoy" and hs[3].suits == "Arms"
    with pytest.raises(InvalidInput, match="unknown horse 'Q'"):
        horse("Q")


# --- settlements computed by hand -------------------------------------------------------------
def settled(csv_text: str, finish: str) -> dict:
    """The settle --json object, with `totals` as {player: total} for short asserts."""
    out = settle(read_bets(csv_text, "bets.csv"), parse_finish(finish)).to_dict()
    return {**out, "totals": {t["player"]: t["total"] for t in out["totals"]}}


def test_settlement_by_hand_crowded_table():
    csv_text = """player,bet
alice,S
alice,MM
alice,SMC
bob,[SM]
bob,PPP
carol,INFO
carol,[CS]
dave,CCC
dave,SM
dave,A
"""
    r = settled(csv_text, "S,M,C")
    # backs: alice SMC, bob SMP, carol SC, dave SMCA -> S 4, M 3, C 3, A 1, P 1
    assert r["backers"] == {"S": 4, "M": 3, "C": 3, "A": 1, "H": 0, "P": 1, "D": 0, "B": 0}
    pays = [(b["player"], b["bet"], b["payout"]) for b in r["bets"]]
    assert pays == [
        ("alice", "S", 4),  # win, 4 backers: column 3+
        ("alice", "MM", 2),  # place (M 2nd), 3 backers: 3+
        ("alice", "SMC", 12),  # 4 + 3 + 3 = 10: 9+
        ("bob", "[SM]", 8),  # 4 + 3 = 7: 6+
        ("bob", "PPP", 0),
        ("carol", "INFO", 0),
        ("carol", "[CS]", 0),  # first two are S and M
        ("dave", "CCC", 1),  # C 3rd, 3 backers
        ("dave", "SM", 8),
        ("dave", "A", 0),
    ]
    assert r["totals"] == {"alice": 18, "bob": 8, "carol": 0, "dave": 9}


def test_settlement_by_hand_quiet_table():
    csv_text = "player,bet\neve,H\neve,[HD]\nfinn,DHB\nfinn,PP\nfinn,INFO\n"
    # backs: eve HD, finn DHBP -> H 2, D 2, B 1, P 1
    r = settled(csv_text, "D,H,B")
    assert [b["payout"] for b in r["bets"]] == [0, 16, 48, 0, 0]  # [HD]: 4 -> 4-5; DHB: 5 -> 3-5
    assert r["totals"] == {"eve": 16, "finn": 48}
    r = settled(csv_text, "H,D,P")
    assert [b["payout"] for b in r["bets"]] == [8, 16, 0, 0, 0]  # H: 2 backers -> column 2
    assert r["totals"] == {"eve": 24, "finn": 0}


def test_settlement_by_hand_middle_columns():
    csv_text = "player,bet\np1,SMC\np1,SM\np2,SMC\np2,S\np3,S\np4,[BPD]\n"
    # backs: p1 SMC, p2 SMC, p3 S, p4 BPD -> S 3, M 2, C 2, B/P/D 1
    r = settled(csv_text, "S,M,C")
    assert [b["payout"] for b in r["bets"]] == [24, 16, 24, 4, 4, 0]  # 7: 6-8; 5: 4-5; S 3: 3+
    r = settled(csv_text, "D,B,P")
    assert r["totals"] == {"p1": 0, "p2": 0, "p3": 0, "p4": 24}  # 1+1+1 = 3: 3-5 of the box


def test_duplicate_bets_pay_twice_and_fewer_credits_are_fine():
    r = settled("player,bet\nann,S\nann,S\nbo,MM\n", "S,M,C")
    assert r["totals"] == {"ann": 32, "bo": 8}


@pytest.mark.parametrize(
    ("csv_text", "message"),
    [
        ("player,bet\nann,SX\n", "bets.csv line 2 (ann,SX): bet 'SX' has 'X', not a horse letter"),
        (
            "player,bet\nann,S\nann,SMS\n",
            "bets.csv line 3 (ann,SMS): bet 'SMS' names a horse twice",
        ),
        (
            "player,bet\nann,[SM]\nann,MM\nann,C\n",
            "bets.csv line 4 (ann,C): ann's bets cost 4 credits",
        ),
        (
            "player,bet\nann,INFO\nann,[SMC]\n",
            "bets.csv line 3 (ann,[SMC]): ann's bets cost 4 credits",
        ),
        (
            "name,bet\nann,S\n",
            "bets.csv line 1 (name,bet): the first line must be the header player,bet",
        ),
        ("player,bet\nann,S,M\n", "bets.csv line 2 (ann,S,M): write one player and one bet"),
        ("player,bet\n,S\n", "bets.csv line 2 (,S): the player's name is empty"),
        ("", "bets.csv is empty"),
    ],
)
def test_invalid_csv_names_the_line(csv_text, message):
    with pytest.raises(InvalidInput) as e:
        read_bets(csv_text, "bets.csv")
    assert str(e.value).startswith(message)


@pytest.mark.parametrize(
    ("finish", "message"),
    [
        ("S,M", "names 2 horse(s)"),
        ("S,S,M", "names S twice"),
        ("S,M,X", "'X' is not a horse letter"),
        ("", "names 0 horse(s)"),
    ],
)
def test_bad_finish(finish, message):
    with pytest.raises(InvalidInput, match=re.escape(message)):
        parse_finish(finish)


def test_finish_forms():
    assert parse_finish("S,M,C") == parse_finish("smc") == parse_finish(" S, M ,C ") == (0, 1, 2)
    assert parse_finish("S,M,C,A,H") == (0, 1, 2)  # a full finish order: first three count


# --- the settlement table in a terminal -------------------------------------------------------
def _display_width(s: str) -> int:
    """Terminal columns, computed here from unicodedata: wide and full-width characters 2,
    combining marks 0, others 1."""
    return sum(
        0 if unicodedata.combining(c) else 2 if unicodedata.east_asian_width(c) in ("W", "F") else 1
        for c in s
    )


def _check_aligned(lines: list[str], rows: list[tuple[str, ...]], right: tuple[int, ...]) -> None:
    """Every cell of every line starts (left-aligned columns) or ends (right-aligned ones) at
    the display column its header does."""
    header, *body = lines
    edges = []
    pos = 0
    for i, label in enumerate(rows[0]):
        pos = header.index(label, pos)
        start = _display_width(header[:pos])
        edges.append(start + _display_width(label) if i in right else start)
        pos += len(label)
    for line, cells in zip(body, rows[1:], strict=True):
        pos = 0
        for i, cell in enumerate(cells):
            if not cell:
                continue
            pos = line.index(cell, pos)
            start = _display_width(line[:pos])
            at = start + _display_width(cell) if i in right else start
            assert at == edges[i], (line, cell, at, edges[i])
            pos += len(cell)


@pytest.mark.parametrize("zoe", ["Zo\u00eb", "Zoe\u0308"], ids=["precomposed", "combining"])
def test_settle_table_lines_up_wide_and_accented_names(zoe):
    csv_text = f"player,bet\n王小明,SMC\n王小明,[SM]\n{zoe},S\n{zoe},INFO\nAnn,PPP\nAnn,MM\n"
    result = settle(read_bets(csv_text, "bets.csv"), parse_finish("S,M,C"))
    lines = result.table().splitlines()
    start = lines.index("") + 1
    blank = lines.index("", start)
    bets, totals = lines[start:blank], lines[blank + 1 :]
    rows = [("player", "bet", "type", "credits", "result", "backers", "column", "payout")]
    for p in result.payouts:
        b = p.wager.bet
        rows.append(
            (
                p.wager.player,
                str(b),
                b.kind,
                str(b.credits),
                "-" if b.kind == "INFO" else ("wins" if p.wins else "loses"),
                str(p.backers) if p.wins else "",
                p.column if p.wins else "",
                str(p.amount),
            )
        )
    assert [r[0] for r in rows[1:]] == ["王小明", "王小明", zoe, zoe, "Ann", "Ann"]
    _check_aligned(bets, rows, right=(3, 5, 7))
    # the names column is as wide as 王小明 (6 columns, 3 characters) plus the gap
    assert all(
        _display_width(line[: line.index(r[1], len(r[0]))]) == 8
        for line, r in zip(bets, rows, strict=True)
    )
    tot = [("player", "winnings")] + [(p, str(result.totals[p])) for p in result.players]
    _check_aligned(totals, tot, right=(1,))
    assert {_display_width(line) for line in totals} == {8 + len("winnings")}
