"""Trading Paint worksheets solvable from the page: the rules page prints exactly the rules
the puzzles use, a bumped car and the die it goes back onto are both in view on the answer
page, and a stop puzzle's squares are numbered with the progress the values count."""

from __future__ import annotations

from functools import cache

from generator.games.trading_paint.printing.worksheet import window_limit, worksheet_documents
from generator.render.paper import Paper


@cache
def sheet(goal: str, seed: int):
    from generator.games.trading_paint.puzzles.generate import Request, generate

    puzzles = generate(Request("lay", goal, "easy", 2, seed, window_limit(2)))
    (doc,) = worksheet_documents(
        puzzles, paper=Paper.get("a4"), per_page=2, mono=False, answers="after", stem="t",
        title="t", ident="",
    )  # fmt: skip
    return puzzles, doc


def boxes(page, prefix: str) -> dict[str, tuple[float, float, float, float]]:
    """The bounding box (x0, y0, x1, y1, page mm) of every group whose id starts `prefix`."""
    inside: dict[int, str] = {}
    for op, stack in page.flat():
        for g in stack:
            if g.id and g.id.startswith(prefix):
                inside[id(op)] = g.id
    out: dict[str, list[float]] = {}
    for op, pts in page.absolute_points():
        name = inside.get(id(op))
        if name is None or op.kind == "text":
            continue
        b = out.setdefault(name, [1e9, 1e9, -1e9, -1e9])
        for x, y in pts:
            b[:] = [min(b[0], x), min(b[1], y), max(b[2], x), max(b[3], y)]
    return {k: tuple(v) for k, v in out.items()}


def overlap(a, b) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return max(0.0, w) * max(0.0, h)


def test_a_bumped_car_and_the_last_die_are_both_in_view_on_the_answer_page():
    puzzles, doc = sheet("bump", 8)
    answers = doc.pages[2]  # the rules page, one puzzle page, then the answers
    checked = 0
    for k, p in enumerate(puzzles, 1):
        ending = p.solution["ending"]
        assert ending["kind"] == "bump"
        last = p.solution["dice"][-1]["square"]
        bumped = {b["car"] for b in ending["bumped"] if b["to"] == last}
        assert len(bumped) == 1  # the car goes back onto the last die
        dice = boxes(answers, f"puzzle-{k}-die-")
        cars = boxes(answers, f"puzzle-{k}-car-")
        die = dice[f"puzzle-{k}-die-{last[0]},{last[1]}"]
        car = cars[f"puzzle-{k}-car-{bumped.pop()}"]
        assert overlap(die, car) == 0.0
        assert die[2] - die[0] > 6.0 and car[2] - car[0] > 6.0  # both large enough to read
        # no car covers any die of the answer
        assert all(overlap(d, c) == 0.0 for d in dice.values() for c in cars.values())
        checked += 1
    assert checked == 2


def test_the_rules_page_prints_the_rules_the_puzzles_use_and_no_other():
    drafts, with_draft = sheet("draft", 1)
    bumps, without = sheet("bump", 8)
    assert all(p.solution["ending"]["kind"] == "draft" for p in drafts)
    assert all(p.solution["ending"]["kind"] == "bump" for p in bumps)
    on = " ".join(with_draft.pages[0].texts())
    off = " ".join(without.pages[0].texts())
    assert "Draft" in on and "Teams" in on and "Team-mates share a colour" in on
    assert "Draft" not in off and "Teams" not in off
    assert "Bump" in off and "Only from behind" in off
    assert "Bump" not in on
    for text in (on, off):
        assert "Path" in text and "Write" in text and "Counting" not in text
    # the rules box at 10 pt
    box = [op.text.size for op, st in without.pages[0].flat()
           if op.kind == "text" and any(g.id == "rules-box" for g in st)]  # fmt: skip
    assert len(box) > 10 and set(box) == {10.0}


def test_coordinates_and_face_labels_print_at_8_pt_at_least():
    _, doc = sheet("bump", 8)
    small = [
        (op.data[2], op.text.size)
        for page in doc.pages
        for op, stack in page.flat()
        if op.kind == "text" and op.text.size < 8.0
        and not any(g.id and "footer" in g.id for g in stack)
    ]  # fmt: skip
    assert small == []


def test_a_turn_counts_6_squares_of_progress_in_every_lane():
    from generator.games.trading_paint.printing.puzzle_art import number_text, progress_ahead

    puzzles, _ = sheet("bump", 8)
    state = puzzles[0].state
    b = state.board
    gains = []
    for lane in range(b.lanes):  # from the last square before turn 1 to the first after it
        x = b.width - 1 - b.lanes  # the front straight's last column before the turn
        y = b.height - 1 - lane
        before, after = b.cell(x, y), b.cell(b.width - 1 - lane, b.height - 1 - b.lanes)
        gains.append(float(b.exact_station[after] - b.exact_station[before]))
    assert gains == [b.lanes + 1.0] * b.lanes
    assert number_text(4.0) == "4" and number_text(4.5) == "4.5"
    assert progress_ahead(state, state.pos[state.car]) == 0.0


def test_the_rules_page_draws_a_worked_example_of_each_move_words_cannot_show():
    """Issue 27: "a small diagram where words fail". A sheet of draft puzzles shows the draft
    example and no bump; a sheet of bumps the bump. Each example is a real puzzle whose answer
    `check` accepts, drawn as answers are, and its words name what the answer does."""
    from generator.games.trading_paint.printing.worksheet_rules import example, example_words
    from generator.games.trading_paint.puzzles.solving import check

    for goal, seed in (("draft", 1), ("bump", 8)):
        _, doc = sheet(goal, seed)
        rules = doc.pages[0]
        drawn = {g.id for _, stack in rules.flat() for g in stack if g.id}
        assert {i for i in drawn if i.startswith("example-")} == {f"example-{goal}"}
        p = example(goal)
        assert check(p, p.solution["answer"]).right
        e = p.solution["ending"]
        assert e["kind"] == goal
        words = example_words(goal, p)
        assert f"{e['square'][0]},{e['square'][1]}." in words
        if goal == "bump":
            (hit,) = e["bumped"]
            assert hit["to"] == p.solution["dice"][-1]["square"]  # back onto the last die
            assert f"back of car {hit['car']}:" in words
        # the die and car groups of the example are drawn on the page
        dice = boxes(rules, f"example-{goal}")
        assert dice and all(b[2] - b[0] > 50 for b in dice.values())
