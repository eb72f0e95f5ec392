"""The placement query: every way to lay a sequence of faces, cross-checked with the engine."""

from __future__ import annotations

import pytest

from generator.errors import InvalidInput
from generator.games.trading_paint.rules.paths import format_query, placement_ways, to_json
from generator.games.trading_paint.rules.position import load_position
from generator.games.trading_paint.rules.state import PATH, Bump, Draft, Face, Place, Roll, Stop
from generator.games.trading_paint.rules.turn import apply, legal_moves

from .helpers import c, park, position
from .test_position import EXAMPLE


def test_example_one_then_four():
    q = placement_ways(load_position(str(EXAMPLE)), [1, 4])
    assert len(q.ways) == 3 and all(w.complete for w in q.ways)
    assert q.reachable() == {
        "bump": [c(16, 12), c(18, 13)],
        "stop": sorted([c(15, 11), c(16, 14), c(15, 15)]),
    }
    # the text says where every bumped car goes, not only the ending square
    assert "bump 18,13 via 17,13, car 3 to 16,13, car 6 to 17,13 (+4)" in format_query(q)
    double = next(
        e for w in q.ways for e in w.endings if e.kind == "bump" and e.square == c(18, 13)
    )
    # cars 3 and 6 bumper to bumper: both back one square, car 1 to the front (+4 squares)
    assert double.bumped == ((3, c(16, 13)), (6, c(17, 13))) and double.progress == 4


def _engine_reach(state, faces):
    """Stops, bumps and drafts reachable by playing the faces through legal_moves/apply."""
    out = set()

    def go(s, k):
        s = apply(s, Face(faces[k]))
        for m in legal_moves(s):
            after = apply(s, m)
            if after.stage != PATH or after.car != s.car:
                continue
            if k + 1 < len(faces) and Roll() in legal_moves(after):
                go(apply(after, Roll()), k + 1)
            else:  # the last face, or no roll allowed: the path ends with what is legal
                for e in legal_moves(after):
                    if isinstance(e, Stop):
                        out.add(("stop", e.square))
                    elif isinstance(e, Bump):
                        out.add(("bump", e.square))
                    elif isinstance(e, Draft):
                        out.add(("draft", e.landing))

    go(state, 0)
    return out


@pytest.mark.parametrize("faces", [[1], [3], [6, 3], [4, 2, 6], [3, 3, 3], [1, 1, 1, 1]])
def test_query_agrees_with_the_move_generator(faces):
    s = position(park({1: (13, 12), 2: (16, 12), 3: (18, 11), 4: (15, 10)}))
    q = placement_ways(s, faces)
    mine = set()
    for w in q.ways:
        for e in w.endings:
            if e.kind in ("stop", "draft"):
                mine.add((e.kind, e.square))
            elif e.kind == "bump":
                mine.add(("bump", e.via))
    assert mine == _engine_reach(s, faces)


def test_a_forced_bump_ends_the_path_before_the_last_face():
    """4 then 3 turned towards car 2 leaves no free square: the engine offers only the bump
    (no roll), so the 6 is never rolled and the way ends in the bump, not as lost."""
    state = load_position(str(EXAMPLE))
    q = placement_ways(state, [4, 3, 6])
    forced = [w for w in q.ways if any(e.kind == "bump" for e in w.endings)]
    assert len(forced) == 1 and not forced[0].complete and len(forced[0].dice) == 2
    assert [(e.kind, e.square) for e in forced[0].endings] == [("bump", c(16, 12))]
    s = apply(apply(apply(state, Face(4)), Place(*forced[0].dice[0][::2])), Roll())
    s = apply(apply(s, Face(3)), Place(*forced[0].dice[1][::2]))
    assert legal_moves(s) == [Bump(c(16, 12))]
    stops = sorted([c(16, 15), c(17, 14)])
    assert q.reachable() == {"bump": [c(16, 12)], "lost": [c(14, 13)], "stop": stops}


def test_every_rotation_listed_not_just_distinct_effects():
    q = placement_ways(position(park({1: (13, 12)})), [2])
    assert [w.dice[0][2] for w in q.ways] == [0, 1]  # both looks of the 2


def test_forced_off_and_dead_ends_are_reported():
    q = placement_ways(position(park({1: (14, 11)})), [3, 6, 1])
    kinds = {(w.complete, e.kind) for w in q.ways for e in w.endings}
    assert (False, "pit") in kinds  # 3 north then 6 north: into the pit, the 1 is never rolled
    text = format_query(q)
    assert "pit 15,9" in text
    assert to_json(q)["faces"] == [3, 6, 1]


@pytest.mark.parametrize(
    ("faces", "message"), [([], "at least one"), ([5], "the X"), ([7], "faces 1 to 6")]
)
def test_bad_faces(faces, message):
    with pytest.raises(InvalidInput, match=message):
        placement_ways(position(park({1: (13, 12)})), faces)


def test_mid_path_query_continues_the_path():
    s = position(park({1: (13, 12)}))
    s = apply(apply(s, Face(1)), Place(c(14, 12), 0))
    q = placement_ways(s, [6])
    assert sorted(w.dice[-1][0] for w in q.ways) == sorted([c(15, 12), c(14, 11), c(14, 13)])


def test_faces_option_takes_commas_or_spaces_but_no_empty_place():
    from click.testing import CliRunner

    from generator.cli import cli

    def run(faces):
        return CliRunner().invoke(cli, ["trading-paint", "paths", str(EXAMPLE), "--faces", faces])

    for ok in ("4,3", "4 3", "4, 3"):
        r = run(ok)
        assert r.exit_code == 0 and r.output.startswith("car 1, faces 4 3:"), (ok, r.output)
    r = run("1,,2")
    assert (r.exit_code, r.output) == (
        1,
        "Error: --faces '1,,2': write the faces as numbers, e.g. 4,3,6\n",
    )


def test_the_query_says_when_a_way_finishes_the_car():
    """After a full lap the path crosses the line: the stop and the forced pit both finish the
    car, as the engine plays them (D18; found by the second rules audit)."""
    cars = {1: {"at": [12, 10], "lap": 0}, 2: (2, 2), 3: (2, 3), 4: (2, 4), 5: (2, 5), 6: (3, 5)}
    s = position(cars, caution="after")
    q = placement_ways(s, [3])
    endings = {(e.kind, e.square): e.finishes for w in q.ways for e in w.endings}
    assert endings == {("stop", c(13, 11)): True, ("pit", c(13, 9)): True}
    assert "pit 13,9 (+1) and finishes" in format_query(q)
    for w in q.ways:
        after = apply(apply(s, Face(3)), Place(w.dice[0][0], w.dice[0][2]))
        if after.car == s.car:  # the stop is still to be chosen
            after = apply(after, Stop(c(13, 11)))
        assert after.finished == (0,)
    # the same dice a lap earlier finish nothing
    early = placement_ways(position({**cars, 1: {"at": [12, 10], "lap": -1}}), [3])
    assert not any(e.finishes for w in early.ways for e in w.endings)


def test_progress_is_printed_with_its_sign():
    """Backward re-entry can lose ground: the text reads (-1), not (+-1); (+1) and (+0) for a
    gain and a side step (it used to print '+' before the number whatever its sign)."""
    s = position(park({1: {"pit": [15, 9], "from": [15, 10]}, 2: (15, 10)}))
    assert format_query(placement_ways(s, [1, 1, 1])) == "\n".join(
        [
            "car 1, faces 1 1 1: 3 ways",
            "   1. 1@14,10/0, 1@13,10/0, 1@13,11/0 -> stop 14,11 (-1); stop 13,12 (-2)",
            "   2. 1@14,10/0, 1@14,11/0, 1@15,11/0 -> stop 16,11 (+1); stop 15,12 (+0)",
            "   3. 1@14,10/0, 1@14,11/0, 1@14,12/0 -> stop 15,12 (+0); stop 14,13 (-1)",
            "stop: 14,11 16,11 13,12 15,12 14,13",
        ]
    )
