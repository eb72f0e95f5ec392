"""Trading Paint puzzles played on the page (/play/trading-paint, issue 29 "Beyond"): solved by
following the page's own links, judged in the words of `racegen trading-paint check`, the
worksheet's own puzzles, and bad addresses refused in words."""

from __future__ import annotations

import html
import re
from urllib.parse import urlencode

import pytest
from web_helpers import request

# puzzle 1 of the easy lay worksheet of seed 1: car 5 rolls 2, 3 to end on the star 22,9
EASY = {"kind": "lay", "goal": "any", "difficulty": "easy", "seed": "1"}
EASY_ANSWER = "2@23,10/0 3@23,9/0 stop 22,9"


def _get(base: str, query: dict | str) -> tuple[int, str]:
    q = query if isinstance(query, str) else urlencode(query)
    status, _, body = request(f"{base}/play/trading-paint?{q}")
    return status, body.decode("utf-8")


def _follow(base: str, href: str) -> str:
    status, _, body = request(base + html.unescape(href))
    assert status == 200, body[:400]
    return body.decode("utf-8")


def _links(text: str, block: str, attr: str) -> dict[str, str]:
    """{data-ATTR: href} of the links inside the element with id `block`."""
    m = re.search(rf'id="{block}">(.*?)</p>', text, re.S)
    if m is None:
        return {}
    return {
        v: h for h, v in re.findall(rf'<a href="([^"]+)"[^>]*?data-{attr}="([^"]+)"', m.group(1))
    }


def _board_squares(text: str) -> dict[str, str]:
    return dict(
        (sq, h)
        for h, sq in re.findall(r'<a href="([^"]+)" class="sq[^"]*" data-square="([^"]+)"', text)
    )


def _verdict(text: str) -> str:
    m = re.search(r'id="verdict" data-right="\d">(.*?)</p>', text, re.S)
    assert m is not None, "no verdict on the page"
    return html.unescape(m.group(1))


def _cli_check(tmp_path, puzzle, answer: str) -> str:  # noqa: ANN001
    from click.testing import CliRunner

    from generator.cli import cli

    f = tmp_path / "puzzle.json"
    f.write_text(puzzle.dumps(), encoding="utf-8")
    res = CliRunner().invoke(cli, ["trading-paint", "check", str(f), answer])
    return res.output.strip()


def _puzzle(n: int = 1, **ask):  # noqa: ANN003, ANN202
    from generator.web.paint_play import Ask, puzzle_of

    return puzzle_of(Ask(**{**{"kind": "lay", "difficulty": "easy"}, **ask, "number": n}))


def _lay_by_clicking(base: str, text: str, answer: str) -> str:
    """Lay `answer`'s dice by clicking the board's square, then the turn that looks the same,
    then the ending with the same word and square; the page after the last click."""
    from generator.games.trading_paint.puzzles.answers import parse, same_look

    p = _puzzle()
    tokens = parse(p.state.board, answer)
    for tok in tokens:
        if not tok.word:
            label = p.state.board.label(tok.square)
            text = _follow(base, _board_squares(text)[label])
            turns = _links(text, "turns", "token")
            pick = [
                h
                for t, h in turns.items()
                if same_look(tok.face, int(t.split("/")[1]) // 90, tok.rotation)
            ]
            assert len(pick) == 1, turns
            text = _follow(base, pick[0])
        else:
            ends = _links(text, "endings", "token")
            want = f"{tok.word} {p.state.board.label(tok.squares[0])}"
            text = _follow(base, next(h for t, h in ends.items() if t.startswith(want)))
    return text


def test_a_lay_puzzle_solved_by_following_its_answer_links_is_right(base):
    p = _puzzle()
    assert p.solution["answer"] == EASY_ANSWER
    status, text = _get(base, EASY)
    assert status == 200
    assert 'id="question">Car 5 rolls 2, 3, in that order.' in text
    assert "<script" not in text  # every choice a link: the page needs no JavaScript
    # the 2 may go on two squares; each a link on the board and in the panel
    assert sorted(_board_squares(text)) == ["23,10", "24,11"]
    assert sorted(_links(text, "squares", "square")) == ["23,10", "24,11"]
    text = _lay_by_clicking(base, text, EASY_ANSWER)
    assert _verdict(text) == "right: car 5 ends on the starred square 22,9"
    assert 'data-right="1"' in text
    assert 'id="answer">2@23,10/0 3@23,9/0 stop 22,9</code>' in text
    assert "Par: every die (2). Your answer lays 2." in text
    # the car's move is drawn: both dice laid, car 5 on the star's square, nothing more to click
    assert text.count('id="board-car-5"') == 1 and 'id="laid-die-23,9"' in text
    assert not _board_squares(text)


def test_a_wrong_die_is_told_in_check_s_words(base, tmp_path):
    p = _puzzle()
    status, text = _get(base, EASY)
    # the 2 on the other square, then the first choices the page offers to the end
    text = _follow(base, _board_squares(text)["24,11"])
    while 'id="verdict"' not in text:
        turns = _links(text, "turns", "token")
        squares = _board_squares(text)
        ends = _links(text, "endings", "token")
        href = next(iter(turns.values())) if turns else next(iter({**squares, **ends}.values()))
        text = _follow(base, href)
    answer = html.unescape(re.search(r'id="answer">(.*?)</code>', text).group(1))
    assert answer.startswith("2@24,11/")
    # the 3 then leads into a dead end: the turn is over, and check says the path is unended
    assert answer == "2@24,11/0 3@24,10/0"
    assert _verdict(text) == _cli_check(tmp_path, p, answer)
    assert (
        _verdict(text)
        == "wrong: end the path after the last die: stop, bump SQUARE or draft SQUARE"
    )
    assert "After die 2 there is no way on: the car ends at 23,11" in text
    # the 2 there, then a stop: check's first wrong die
    status, text = _get(base, {**EASY, "answer": "2@24,11/0 stop 25,11"})
    assert _verdict(text) == _cli_check(tmp_path, p, "2@24,11/0 stop 25,11")
    assert _verdict(text).startswith("wrong: ")
    # a die the rules refuse, typed: the same words as check, on a page that still plays
    typed = ("3@23,10/0 stop 22,9", "2@23,10/0 3@23,9/90 stop 22,9", "2@23,10/0 3@22,10/0")
    for answer in typed:
        status, text = _get(base, {**EASY, "answer": answer, "check": "1"})
        assert status == 200
        assert _verdict(text) == _cli_check(tmp_path, p, answer)
    # the roll order shows the dice the rules took: the 2, not the 3 on 22,10
    assert '<li class="laid" data-face="2">' in text and '<li class="next" data-face="3">' in text
    assert _verdict(text) == (
        "wrong: die 2 (3@22,10/0): 22,10 is not a square the path can go on now (it can: "
        "24,10 23,9)"
    )
    # the 2 turned a quarter acts as it does upright there: both looks are offered, both right
    status, text = _get(base, {**EASY, "answer": "2@23,10/90 3@23,9/0 stop 22,9"})
    assert _verdict(text) == "right: car 5 ends on the starred square 22,9"
    status, text = _get(base, {**EASY, "at": "23,10"})
    assert sorted(_links(text, "turns", "token")) == ["2@23,10/0", "2@23,10/90"]


def test_check_so_far_and_hint_and_undo(base):
    p = _puzzle()
    status, text = _get(base, {**EASY, "answer": "2@24,11/0", "check": "1"})
    assert _verdict(text) == (
        "wrong: die 1 (2@24,11/0): from there no way of laying the rest (3) makes car 5 end "
        "on the starred square 22,9"
    )
    status, text = _get(base, {**EASY, "answer": "2@23,10/90", "check": "1"})
    assert _verdict(text) == "so far so good: from the die laid, the rest can still reach the goal"
    hint = re.search(r'<a href="([^"]+)" id="hint">Hint</a>', text).group(1)
    text = _follow(base, hint)
    assert html.escape(p.solution["near_miss"]) in text
    assert 'id="hint-text"' in text
    undo = re.search(r'<a href="([^"]+)" id="undo">', text).group(1)
    assert "answer" not in html.unescape(undo)
    text = _follow(base, undo)
    assert sorted(_board_squares(text)) == ["23,10", "24,11"]


def test_the_worksheet_s_puzzle_is_the_printed_one(base, tmp_path, monkeypatch):
    """The form's settings give puzzle N of the worksheet the printable makes: the printable's
    own Request (caught on its way to generate) gives the page's puzzle 2 at count 3."""
    from click.testing import CliRunner

    from generator.cli import cli
    from generator.games.trading_paint.puzzles import generate as gen

    asked = []
    real = gen.generate

    def spy(req, progress=None):  # noqa: ANN001, ANN202
        asked.append(req)
        return real(req, progress)

    monkeypatch.setattr(gen, "generate", spy)
    args = ["trading-paint", "worksheet", "--count", "3", "--seed", "4", "--out", str(tmp_path)]
    res = CliRunner().invoke(cli, [*args, "--format", "svg", "--answers", "none"])
    assert res.exit_code == 0, res.output
    (req,) = [r for r in asked if (r.count, r.seed) == (3, 4)]  # (the rules page makes its own)
    printed = real(req)[1]
    status, text = _get(
        base,
        {**EASY, "seed": "4", "per_page": "2", "puzzle": "2", "answer": printed.solution["answer"]},
    )
    assert status == 200
    assert html.escape(printed.question()) in text
    assert _verdict(text).startswith("right: ")
    # the form on the choosing page sends these fields to this page
    status, text = _get(base, "")
    for name in ("seed", "kind", "goal", "difficulty", "per_page", "puzzle", "answer"):
        assert f'id="w-{name}"' in text


def test_a_fewest_puzzle_says_how_far_from_par(base, tmp_path):
    p = _puzzle(kind="fewest")
    first = p.solution["answer"].split()[0]
    status, text = _get(base, {**EASY, "kind": "fewest", "answer": first, "check": "1"})
    assert 'id="check">Check this answer</a>' in text
    assert _verdict(text) == _cli_check(tmp_path, p, first)
    assert _verdict(text).startswith("wrong: the answer ends without reaching the goal")
    k = p.solution["dice_needed"]
    q = {**EASY, "kind": "fewest", "answer": p.solution["answer"]}
    status, text = _get(base, q)
    assert _verdict(text) == (
        f"right: {k} dice is the fewest, and car {p.state.car + 1} {p.goal.text(p.state)}"
    )
    assert f"Par: {k} dice. Your answer lays {k} (par)." in text


@pytest.mark.parametrize(
    ("query", "status", "words"),
    [
        ({"kind": "race", "seed": "1"}, 400, "kind 'race': choose lay, fewest or stop"),
        ({"kind": "lay", "seed": "١٢"}, 400, "digits 0-9"),
        ({"kind": "lay", "seed": "1", "puzzle": "61"}, 400, "numbered 1 to 60"),
        (
            {"kind": "lay", "seed": "1", "difficulty": "hard", "puzzle": "3"},
            422,
            "this page makes the first 2 ",
        ),
        (
            {"kind": "stop", "seed": "1", "difficulty": "medium", "puzzle": "13"},
            422,
            "this page makes the first 12 ",
        ),
        ({"kind": "lay", "seed": "1", "difficulty": "extreme"}, 400, "choose easy, medium or hard"),
        ({**EASY, "answer": "hello"}, 400, "answer word 'hello': write dice as"),
        ({**EASY, "answer": "２@23,10/0"}, 400, "answer word '２@23,10/0': write dice as"),
        ({**EASY, "answer": "2@99,10/0"}, 400, "square 99,10 is off the board"),
        ({**EASY, "at": "22,9"}, 400, "the next die cannot go on 22,9 now"),
        ({**EASY, "at": "x"}, 400, "name a square as COLUMN,ROW"),
        ({**EASY, "answer": "2@23,10/0 " * 60}, 413, "the answer is over 400 characters"),
        ({"kind": "stop", "seed": "1", "answer": "maybe"}, 400, "answer is stop or roll"),
    ],
)
def test_bad_addresses_are_refused_in_words(base, query, status, words):
    got, text = _get(base, query)
    assert got == status
    assert words in html.unescape(text)
    assert 'id="error">Error: ' in text and "Traceback" not in text


def test_the_home_page_links_here(base):
    status, _, body = request(base + "/")
    assert b'href="/play/trading-paint"' in body


def test_a_stop_puzzle_is_a_choice_with_the_values_after(base, tmp_path):
    """Stop or roll: two links, check's verdict, then both values and the six faces' (the
    answer key's exact fractions). The slowest test here: a stop puzzle takes seconds."""
    p = _puzzle(kind="stop", per_page=1)  # a stop worksheet is printed 1 a page: the default
    status, text = _get(base, {"kind": "stop", "seed": "1"})
    assert status == 200 and "Stop now, or roll one more die?" in text
    links = {v: h for h, v in re.findall(r'<a href="([^"]+)" id="choose-(stop|roll)">', text)}
    assert sorted(links) == ["roll", "stop"]
    sol = p.solution
    for word in ("stop", "roll"):
        text = _follow(base, links[word])
        assert _verdict(text) == _cli_check(tmp_path, p, word)
        right = 'data-right="1"' in text
        assert right == (word == sol["answer"])
        assert f"Stop now: {sol['stop']} squares" in text
        for f in sol["faces"]:
            assert f"<td>{f['face']}</td><td>{html.escape(f['value'])} (" in text
