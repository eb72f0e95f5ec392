"""The exact stop-or-roll rule: the open straight (checked by value iteration written here),
the six-lane table with a car to bump or draft k squares ahead (checked against the rules
engine's own expectimax), and the one-page strategy card."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from pdfcheck import page_mm, pdf_of

from generator.games.trading_paint.puzzles.stopping import Valuer, progress
from generator.games.trading_paint.rules.board import EAST, NORTH, SOUTH, build_board
from generator.games.trading_paint.rules.position import from_dict
from generator.games.trading_paint.rules.state import PATH, PLACE, Roll
from generator.games.trading_paint.rules.turn import apply, chance_outcomes, legal_moves
from generator.games.trading_paint.strategy import car_ahead as ca
from generator.games.trading_paint.strategy import open_straight as sg
from generator.games.trading_paint.strategy.card import strategy_card
from generator.games.trading_paint.strategy.luck import expected_squares
from generator.options import PrintOptions
from generator.render import layout

# --- the open straight -----------------------------------------------------------------------


def test_open_straight_exact_values_and_rule():
    o = sg.open_straight()
    assert o.turn == Fraction(256, 125)
    assert o.fixed == Fraction(875, 432) == expected_squares(4)
    assert o.threshold == 4
    for s in o.states:
        want = "roll" if s.stop < 4 else "either" if s.stop == 4 else "stop"
        assert s.choice == want, s
    # the tie at 4: every kind of last die that stops at 4 is exactly a tie
    assert {(t.stop, t.roll) for t in o.ties} == {(4, 4)}
    assert len(o.ties) == 4


def test_rolling_on_depends_only_on_what_stopping_would_gain():
    worth = sg.roll_by_gain()
    for s, v in worth.items():
        closed = 4 * Fraction(4, 5) ** (4 - s) if s <= 4 else Fraction(5 * s + 4, 6)
        assert v == closed, s
    assert worth[1] == Fraction(256, 125)  # a die that opens one side only, one square up


def test_above_the_top_level_stopping_is_always_best():
    """From g = 3 a roll is worth at most 5/6 (g + 2) (the bound in strategy.top_level), and
    stopping gains at least g: so from g = 10 on stopping is best; the solved levels agree."""
    assert sg.TOP_LEVEL == 10
    for g in range(sg.TOP_LEVEL, 60):
        assert Fraction(5, 6) * (g + 2) <= g
    assert Fraction(5, 6) * (sg.TOP_LEVEL + 1) > sg.TOP_LEVEL - 1
    for s in sg.open_straight().states:
        if s.gained >= 5:
            assert s.choice == "stop" and s.roll <= Fraction(5, 6) * (s.gained + 2)


# The abstract positions, written out by hand from the rule text's face descriptions (the
# module derives them from the pip grids): what a die opens when entered from behind or from
# the side, by face. A = forward and both sides, F = forward only, S = one side only,
# FS = forward and the side it was moving to. The X (5) loses the path.
BEHIND = {1: "A", 2: "A", 3: "S", 4: "A", 6: "F"}
SIDEWAYS = {1: "FS", 2: "FS", 3: "F", 4: "FS", 6: "S"}
HAS_FORWARD = {"A": True, "F": True, "S": False, "FS": True, "car": True}
HAS_SIDE = {"A": True, "F": False, "S": True, "FS": True, "car": False}
KIND_NAMES = {
    "A": "any way",
    "F": "forward only",
    "FS": "forward or one side",
    "S": "one side only",
}
CAP = 14  # a level where only stopping is left (it is best from 10 on)


def _backup(v: dict, exact: bool) -> dict:
    one = Fraction(1) if exact else 1.0
    out = {}
    for (g, kind), _ in v.items():
        stop = None if kind == "car" else (g + HAS_FORWARD[kind]) * one
        if g >= CAP:
            out[(g, kind)] = stop
            continue
        roll = 0 * one
        for face in (1, 2, 3, 4, 6):
            options = []
            if HAS_FORWARD[kind]:
                options.append(v[(g + 1, BEHIND[face])])
            if HAS_SIDE[kind]:
                options.append(v[(g, SIDEWAYS[face])])
            roll += one / 6 * max(options)
        out[(g, kind)] = roll if stop is None else max(stop, roll)
    return out


def _states() -> list:
    return [(0, "car")] + [(g, k) for g in range(1, CAP + 1) for k in ("A", "F", "S", "FS")]


def test_the_hand_table_is_what_the_face_grids_give():
    for face in (1, 2, 3, 4, 6):
        from_behind = {sg.kind_of(w) for w in sg.die_ways(face, sg.FORWARD) if w}
        from_side = {sg.kind_of(w) for w in sg.die_ways(face, sg.OUTSIDE) if w}
        assert from_behind == {KIND_NAMES[BEHIND[face]]}
        assert from_side == {KIND_NAMES[SIDEWAYS[face]]}
        # entered from the side, a die never opens back the way it came
        assert all(sg.INSIDE not in w for w in sg.die_ways(face, sg.OUTSIDE))
    assert sg.die_ways(5, sg.FORWARD) == (frozenset(),)


def test_value_iteration_converges_to_the_exact_values_monotonically():
    """Bellman backups from zero over the same positions: every round is at least the last
    (exact Fractions), never above the exact values, and within 1e-9 of them after 150."""
    exact = sg.open_values()
    v = {s: Fraction(0) for s in _states()}
    for _ in range(40):
        nxt = _backup(v, exact=True)
        assert all(nxt[s] >= v[s] for s in v)
        v = nxt
    for (g, kind), value in v.items():
        if g < sg.TOP_LEVEL and kind != "car":
            assert value <= _exact(exact, g, kind)
    f = {s: float(x) for s, x in v.items()}
    for _ in range(110):
        nxt = _backup(f, exact=False)
        assert all(nxt[s] >= f[s] - 1e-15 for s in f)
        f = nxt
    assert abs(f[(0, "car")] - 256 / 125) < 1e-9
    for g in range(1, sg.TOP_LEVEL + 1):
        for kind in ("A", "F", "S", "FS"):
            assert abs(f[(g, kind)] - float(_exact(exact, g, kind))) < 1e-9, (g, kind)


def _exact(values: dict, g: int, kind: str) -> Fraction:
    exits = {
        "A": frozenset(sg.WAYS),
        "F": frozenset({sg.FORWARD}),
        "S": frozenset({sg.OUTSIDE}),
        "FS": frozenset({sg.FORWARD, sg.OUTSIDE}),
    }[kind]
    return values[(g, exits)]


def test_exact_linear_solver():
    rows = [[Fraction(2), Fraction(1), Fraction(5)], [Fraction(1), Fraction(3), Fraction(10)]]
    assert sg.solve_exact(rows) == [Fraction(1), Fraction(3)]


# --- six lanes, a car ahead --------------------------------------------------------------------


def test_six_empty_lanes():
    """The pit and the wall act alike (lanes mirror), cost a little against the endless
    straight, and "stop at 4" is still the best rule there; stop after 4 loses nothing."""
    values = {lane: ca.open_value(lane) for lane in range(1, 7)}
    for lane in (1, 2, 3):
        assert values[lane] == values[7 - lane]
    assert values[3] < values[2] < values[1] < Fraction(256, 125)
    assert round(float(values[3]), 6) == 2.047076
    assert ca.open_value(3, ca.reach_rule({})) == values[3]
    for lane in (1, 3):
        assert ca.open_value(lane, ca.stop_after(4)) == Fraction(875, 432)


K_TABLE = {  # (kind, k): best turn (6 decimals), the card's limits (gain -> most dice away)
    (ca.BUMP, 2): (3.038148, {}),
    (ca.BUMP, 3): (2.99069, {}),
    (ca.BUMP, 4): (2.825418, {}),
    (ca.BUMP, 5): (2.621892, {5: 1}),
    (ca.BUMP, 6): (2.395513, {5: 2, 6: 1}),
    (ca.BUMP, 7): (2.175582, {5: 2, 6: 2, 7: 1}),
    (ca.BUMP, 8): (2.047076, {5: 2, 6: 2, 7: 1, 8: 1}),
    (ca.DRAFT, 2): (3.038148, {}),
    (ca.DRAFT, 3): (4.614541, {}),
    (ca.DRAFT, 4): (4.196825, {}),
    (ca.DRAFT, 5): (3.771489, {5: 1}),
    (ca.DRAFT, 6): (3.355207, {5: 2, 6: 1}),
    (ca.DRAFT, 7): (2.96126, {5: 3, 6: 2, 7: 1}),
    (ca.DRAFT, 8): (2.595913, {5: 3, 6: 2, 7: 2, 8: 1}),
}


def test_the_k_table_and_the_cards_rule():
    card = strategy_card()
    assert card.lane == 3
    for (kind, k), (best, limits) in K_TABLE.items():
        a = card.row(kind, k)
        assert round(float(a.best), 6) == best
        assert a.limits == limits
        assert a.fixed <= a.rule <= a.best
        if k == 3:
            # the one place the rule is not a best choice: level with the car, one lane
            # between, stepping towards it (a 6 would run into it): stop at 3
            assert {(d.lane, d.row, d.gain, d.choice) for d in a.exceptions} == {
                (1, 3, 3, "stop"),
                (5, 3, 3, "stop"),
            }
            assert 0 < a.best - a.rule < Fraction(1, 50_000)
        else:
            assert a.exceptions == () and a.rule == a.best
    # a bump 8 squares ahead is never worth going for; a team-mate to draft still is
    assert card.row(ca.BUMP, 8).best == card.six_lanes
    assert card.row(ca.DRAFT, 8).best > card.six_lanes
    # k = 2: the first die covers the square behind the car: a team-mate can only be bumped
    assert card.row(ca.DRAFT, 2).best == card.row(ca.BUMP, 2).best
    assert card.six_lanes_fixed == Fraction(875, 432)


def test_a_bump_or_draft_in_reach_is_always_taken():
    for kind, k in ((ca.BUMP, 5), (ca.DRAFT, 6)):
        st = ca.straight_ahead(3, ca.CarAhead(kind, k))
        st.turn()
        for (lane, row, exits, _), _ in list(st.memo.items()):
            got = st.choices(lane, row, exits, 0)
            banks = [v for c, v in got if c in (ca.BUMP, ca.DRAFT)]
            if banks:
                assert max(banks) == max(v for _, v in got)


def test_the_same_limits_in_lanes_1_and_2():
    card = strategy_card()
    for lane in (1, 2):
        for kind in (ca.BUMP, ca.DRAFT):
            for k in (5, 7, 8):
                assert (
                    ca.ahead_values(lane, ca.CarAhead(kind, k)).limits == card.row(kind, k).limits
                )


def test_card_figures_are_json():
    data = json.loads(json.dumps(strategy_card().to_dict()))
    assert data["open_straight"]["turn"] == "256/125"
    assert data["open_straight"]["stop_after_4"] == "875/432"
    assert data["roll_by_gain"]["4"] == "4"
    assert len(data["car_ahead"]) == 14


# --- the rules engine agrees --------------------------------------------------------------------
STRAIGHT = build_board(
    {
        "name": "long-straight-test",
        "outer": [90, 16],
        "pit": [78, 4],
        "square_mm": 16,
        "finish_column": 10,
        "start_column": 9,
    }
)
X0 = 20  # our car's column, on the front straight (driving east)


def _row(lane: int) -> int:
    return 15 - (6 - lane)  # lane 6 is row 15, beside the wall; lane 1 row 10, beside the pit


def _position(lane: int, kind: str | None, k: int = 0):
    """Car 1 in `lane`; an opponent (car 2) or team-mate (car 3) k squares ahead; every
    other car parked in the pit far down the straight."""
    ahead = {ca.BUMP: 2, ca.DRAFT: 3}.get(kind or "", 0)
    cars = [{"car": 1, "at": [X0, _row(lane)]}]
    if ahead:
        cars.append({"car": ahead, "at": [X0 + k, _row(lane)]})
    spot = 76
    for car in range(2, 7):
        if car != ahead:
            cars.append({"car": car, "pit": [spot, 9], "from": [spot, 10]})
            spot += 1
    data = {"players": 2, "to_play": 1, "caution": "before", "cars": cars}
    return from_dict(data, "test", board=STRAIGHT)


# board directions as seen by a car driving east -> the model's frame (driving north)
TO_FRAME = {EAST: sg.FORWARD, NORTH: sg.INSIDE, SOUTH: sg.OUTSIDE}


def _frame(state) -> tuple[int, int, frozenset]:
    last = state.path[-1][0]
    x, _ = STRAIGHT.xy(last)
    return STRAIGHT.lane[last], x - X0, frozenset(TO_FRAME[d] for d, _ in state.exits)


def _check_paths(state, val: Valuer, model: ca.Straight, base: Fraction, depth: int) -> int:
    """Every path position after the next `depth` dice: the engine's value = the model's."""
    checked = 0
    for face, _ in chance_outcomes(state):
        placed = apply(state, face)
        if placed.stage != PLACE:
            continue  # an X, or a die that fits nowhere: the turn is over
        for m in legal_moves(placed):
            after = apply(placed, m)
            if after.stage != PATH:
                continue
            lane, row, exits = _frame(after)
            assert val.value(after) - base == model.path(lane, row, exits, 0)
            checked += 1
            if depth > 1 and Roll() in legal_moves(after):
                checked += _check_paths(apply(after, Roll()), val, model, base, depth - 1)
    return checked


@pytest.mark.parametrize(("kind", "k"), [(ca.BUMP, 2), (ca.BUMP, 5), (ca.DRAFT, 3), (ca.DRAFT, 5)])
def test_the_rules_engine_gives_the_same_values(kind, k):
    """stopping.Valuer, the exact expectimax over rules.legal_moves on a long straight of the
    real board, values the whole turn and every position after one or two dice exactly as
    the six-lane model does."""
    s = _position(3, kind, k)
    val = Valuer(0, 0, reach=40)
    base = progress(s, 0)
    model = ca.straight_ahead(3, ca.CarAhead(kind, k))
    assert val.value(s) - base == model.turn() == strategy_card().row(kind, k).best
    assert _check_paths(s, val, model, base, 2) > 20


def test_the_rules_engine_agrees_beside_the_pit():
    """Lane 1, nothing near: a die whose only way leads into the pit sends the car there,
    counting its last die (D7)."""
    s = _position(1, None)
    val = Valuer(0, 0, reach=40)
    assert val.value(s) - progress(s, 0) == ca.open_value(1)


# --- the card -------------------------------------------------------------------------------------


@pytest.mark.parametrize(("paper", "size"), [("a4", (210.0, 297.0)), ("letter", (215.9, 279.4))])
def test_the_card_is_one_portrait_page(tmp_path, paper, size):
    from generator.games.trading_paint.printing.strategy_card import strategy_document

    doc = strategy_document(PrintOptions(tmp_path, paper=paper))
    r = pdf_of(doc)
    assert len(r.pages) == 1 and page_mm(r) == size
    text = r.pages[0].extract_text()
    for words in ("256/125", "875/432", "Roll until stopping would gain 4 squares", "Draft"):
        assert words in text
    page = doc.pages[0]
    box = layout.usable_box(_paper(paper))
    for op, stack in page.flat():
        if op.kind != "text":
            continue
        footer = any(g.id == layout.FOOTER_ID for g in stack)
        assert op.text.size >= (7.0 if footer else 9.0), op.data
        if not footer:
            for px, py in layout.text_corners(op, stack):
                assert box.x - 0.01 <= px <= box.right + 0.01, op.data
                assert box.y - 0.01 <= py <= box.bottom + 0.01, op.data


def _paper(name: str):
    from generator.render.paper import Paper

    return Paper.get(name, False)


def test_the_card_in_mono_carries_the_same_words(tmp_path):
    from generator.games.trading_paint.printing.strategy_card import strategy_document

    colour = strategy_document(PrintOptions(tmp_path)).pages[0].texts()
    mono = strategy_document(PrintOptions(tmp_path, mono=True)).pages[0].texts()
    assert colour == mono
    assert "roll" in mono and "stop" in mono and "tie" in mono
