"""Drawn circuits (generating/shapes/): composed tracks keep every rule, have the features asked, look
different from each other; detect, valid and the shape signature on hand-made loops."""

from __future__ import annotations

import math
import random
from functools import cache

import numpy as np
import pytest

from generator.games.graph_racers.generating.shapes.circuit import FEATURES, Circuit
from generator.games.graph_racers.generating.shapes.compose import compose
from generator.games.graph_racers.generating.shapes.detect import detect, kerb_spans
from generator.games.graph_racers.generating.shapes.signature import (
    SAME_SHAPE,
    same_shape,
    shape_distance,
    signature,
)
from generator.games.graph_racers.generating.shapes.valid import valid

WIDTH = (3.0, 5.0)


def composed(seed: int, cols: int, rows: int, features: tuple[str, ...]) -> Circuit:
    """The first circuit compose gives from this seed (retrying with the same rng)."""
    rng = random.Random(seed)
    for _ in range(200):
        c = compose(rng, cols, rows, features, WIDTH)
        if c is not None:
            return c
    raise AssertionError(f"no {cols}x{rows} circuit with {features} from seed {seed}")


@cache
def sample(cols: int, rows: int, n: int) -> tuple[tuple[tuple[str, ...], Circuit], ...]:
    """n circuits from seeds 0..n-1, each asked for 0 to 2 random features (1 to 3 at 40 x 25
    and larger)."""
    out = []
    for seed in range(n):
        pick = random.Random(10_000 + seed)
        k = pick.randint(1, 3) if cols >= 40 else pick.randint(0, 2)
        features = tuple(pick.sample(FEATURES, k))
        out.append((features, composed(seed, cols, rows, features)))
    return tuple(out)


def arc_length(centre) -> tuple[np.ndarray, float]:
    p = np.asarray(centre)
    seg = np.hypot(*(np.roll(p, -1, axis=0) - p).T)
    return np.concatenate(([0.0], np.cumsum(seg)[:-1])), float(seg.sum())


def on_span(s: np.ndarray, start: float, end: float, total: float) -> np.ndarray:
    """Points (by arc length) on a span that may run on through point 0."""
    return ((s >= start) & (s <= end)) | (s + total <= end)


# ------------------------------------------------------------------------------------------
# Composed circuits


@pytest.mark.parametrize("cols, rows, n", [(26, 17, 12), (40, 25, 25), (60, 40, 6)])
def test_composed_circuits_keep_every_rule(cols, rows, n):
    for features, c in sample(cols, rows, n):
        assert valid(c, cols, rows, 1.5, width=WIDTH) is None
        assert {f.name for f in c.features} >= set(features)


def test_the_smallest_box_holds_a_loop_and_a_hairpin():
    for seed in range(4):
        c = composed(seed, 18, 14, ("hairpin",) if seed % 2 else ())
        assert valid(c, 18, 14, 1.5, width=WIDTH) is None


def test_composed_circuit_shape_of_data():
    features, c = sample(40, 25, 25)[3]
    n = len(c.centre)
    assert len(c.half_width) == len(c.left) == len(c.right) == n
    p, hw = np.asarray(c.centre), np.asarray(c.half_width)
    d = np.roll(p, -1, axis=0) - np.roll(p, 1, axis=0)
    left_normal = np.column_stack((d[:, 1], -d[:, 0])) / np.hypot(*d.T)[:, None]
    # edge i is centre i moved by the half width to the driver's left / right
    assert np.allclose(np.asarray(c.left), p + left_normal * hw[:, None], atol=0.1)
    assert np.allclose(np.asarray(c.right), p - left_normal * hw[:, None], atol=0.1)
    x, y = p[:, 0], p[:, 1]
    assert np.dot(x, np.roll(y, -1)) - np.dot(np.roll(x, -1), y) > 0  # clockwise on screen
    assert c.features == detect(c.centre, c.half_width)
    assert c.kerbs == kerb_spans(c.centre, c.half_width)


def test_compose_is_deterministic():
    a = compose(random.Random(7), 40, 25, ["chicane", "hairpin"], WIDTH)
    b = compose(random.Random(7), 40, 25, ["chicane", "hairpin"], WIDTH)
    assert a == b


def test_detect_finds_every_feature_asked_on_100_seeds():
    for features, c in sample(40, 25, 100):
        found = {f.name for f in detect(c.centre, c.half_width)}
        assert found >= set(features), (features, found)


@pytest.mark.parametrize("feature", FEATURES)
def test_each_feature_alone_fits_a_worksheet_slot(feature):
    for seed in range(3):
        c = composed(seed, 26, 17, (feature,))
        assert feature in {f.name for f in c.features}
        assert valid(c, 26, 17, 1.5, width=WIDTH) is None


def test_spans_lie_on_the_loop_and_the_longest_straight_starts_it():
    for _, c in sample(40, 25, 25):
        _, total = arc_length(c.centre)
        for f in c.features:
            assert 0 <= f.start < total and f.start < f.end < f.start + total
        straights = [f for f in c.features if f.name == "long-straight"]
        if straights:
            assert min(f.start for f in straights) < 0.5


def test_narrow_sections_are_a_unit_narrower_than_usual():
    for seed in range(5):
        c = composed(seed, 40, 25, ("narrow-section",))
        s, total = arc_length(c.centre)
        w = 2 * np.asarray(c.half_width)
        spans = [f for f in c.features if f.name == "narrow-section"]
        assert spans
        for f in spans:
            inside = on_span(s, f.start, f.end, total)
            assert w[inside].max() <= np.median(w) - 1 + 1e-9
        assert w.min() >= max(1.6, WIDTH[0] - 1) - 1e-9


def test_kerbs_sit_on_the_outside_of_their_corner():
    for _, c in sample(40, 25, 25):
        p = np.asarray(c.centre)
        s, total = arc_length(p)
        d = np.roll(p, -1, axis=0) - p
        head = np.arctan2(d[:, 1], d[:, 0])
        turn = (head - np.roll(head, 1) + np.pi) % (2 * np.pi) - np.pi
        for side, start, end in c.kerbs:
            bend = turn[on_span(s, start, end, total)].sum()
            # a right turn (positive on screen, y down) has its outside on the left
            assert (bend > 0) == (side == "left"), (side, math.degrees(bend))


def test_compose_says_none_when_it_cannot_fit_and_rejects_unknown_features():
    assert compose(random.Random(1), 9, 8, [], WIDTH) is None  # no room for a loop
    # a narrow-section 1.2 narrower than a track at most 2.5 wide would go under 1.6
    assert compose(random.Random(1), 40, 25, ["narrow-section"], (2.0, 2.5)) is None
    with pytest.raises(ValueError):
        compose(random.Random(1), 40, 25, ["loop-the-loop"], WIDTH)


# ------------------------------------------------------------------------------------------
# Shape signature


def moved(centre, rng: random.Random) -> list[tuple[float, float]]:
    """The centre line turned by any angle, mirrored, scaled 0.5-2, moved, started elsewhere
    and raced the other way."""
    p = np.asarray(centre)
    a, k = rng.uniform(0, 2 * math.pi), rng.uniform(0.5, 2.0)
    turn = np.array([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]])
    p = p @ turn.T * k + np.array([rng.uniform(-30, 30), rng.uniform(-30, 30)])
    p[:, 0] = -p[:, 0]
    p = np.roll(p[::-1], rng.randrange(len(p)), axis=0)
    return [tuple(q) for q in p]


def test_signature_ignores_turn_mirror_scale_place_start_and_direction():
    rng = random.Random(3)
    for _, c in sample(40, 25, 25)[:10] + sample(26, 17, 12)[:5]:
        sig = signature(c.centre)
        for _ in range(3):
            other = signature(moved(c.centre, rng))
            assert shape_distance(sig, other) < SAME_SHAPE / 10
        assert same_shape(c, Circuit(tuple(moved(c.centre, rng)), (), (), (), (), ()))


@pytest.mark.parametrize("cols, rows", [(26, 17), (40, 25)])
def test_circuits_from_200_seeds_mostly_differ_in_shape(cols, rows):
    sigs = np.array([signature(c.centre) for _, c in sample(cols, rows, 200)])
    d = np.sqrt(((sigs[:, None, :] - sigs[None, :, :]) ** 2).sum(axis=-1))
    pairs = d[np.triu_indices(len(sigs), 1)]
    assert (pairs < SAME_SHAPE).mean() < 0.02
    assert shape_distance(tuple(sigs[0]), tuple(sigs[1])) == pytest.approx(d[0, 1])


# ------------------------------------------------------------------------------------------
# Hand-made loops


def closed(points, step: float = 0.2) -> np.ndarray:
    """A closed polyline through the points, resampled at most step apart."""
    p = np.asarray(points, dtype=float)
    out = []
    for a, b in zip(p, np.roll(p, -1, axis=0), strict=True):
        k = max(1, math.ceil(np.hypot(*(b - a)) / step))
        out.extend(a + (b - a) * i / k for i in range(k))
    return np.array(out)


def stadium(cx: float, cy: float, length: float, radius: float) -> tuple[np.ndarray, np.ndarray]:
    """Two straights joined by half circles, clockwise on screen, points 0.1 apart by arc
    length, and the unit normal to the driver's left at each."""
    total = 2 * length + 2 * math.pi * radius
    s = np.arange(0, total, total / math.ceil(total / 0.1))
    half_turn = math.pi * radius
    pts, normals = [], []
    for x in s:
        leg, x = (0, x) if x < length + half_turn else (1, x - length - half_turn)
        sign = 1 - 2 * leg  # the top straight runs right, the bottom one left
        if x < length:  # straight
            pts.append((cx + sign * (x - length / 2), cy - sign * radius))
            normals.append((0.0, -sign))
        else:  # half circle round (cx +- length / 2, cy)
            a = -math.pi / 2 + leg * math.pi + (x - length) / radius
            pts.append((cx + sign * length / 2 + radius * math.cos(a), cy + radius * math.sin(a)))
            normals.append((math.cos(a), math.sin(a)))  # outwards: a right turn
    return np.array(pts), np.array(normals)


def circuit(centre: np.ndarray, hw, normals: np.ndarray | None = None) -> Circuit:
    """A circuit from its centre line, half width hw (a number or one a point) and normals to
    the driver's left (by central differences when not given)."""
    p = np.asarray(centre, dtype=float)
    half = np.broadcast_to(np.asarray(hw, dtype=float), (len(p),)).copy()
    if normals is None:
        d = np.roll(p, -1, axis=0) - np.roll(p, 1, axis=0)
        normals = np.column_stack((d[:, 1], -d[:, 0])) / np.hypot(*d.T)[:, None]
    offset = normals * half[:, None]

    def tup(a):
        return tuple(map(tuple, np.asarray(a).tolist()))

    return Circuit(tup(p), tuple(half.tolist()), tup(p + offset), tup(p - offset), (), ())


def track(cx: float, cy: float, length: float, radius: float, hw) -> Circuit:
    """A stadium circuit with exact edges."""
    pts, normals = stadium(cx, cy, length, radius)
    return circuit(pts, hw, normals)


def test_a_hand_made_stadium_is_valid_with_two_hairpins_and_two_long_straights():
    c = track(20, 12, 20, 2.4, 1.5)
    assert valid(c, 40, 25, 1.5, width=(3, 3)) is None
    names = sorted(f.name for f in detect(c.centre, c.half_width))
    assert names == ["hairpin", "hairpin", "long-straight", "long-straight"]
    assert len(kerb_spans(c.centre, c.half_width)) == 2


def test_valid_rejects_a_figure_eight():
    t = np.linspace(0, 2 * math.pi, 400, endpoint=False)
    eight = np.column_stack((20 + 14 * np.sin(t), 12 + 8 * np.sin(t) * np.cos(t)))
    assert "crosses itself" in valid(circuit(closed(eight), 1.0), 40, 25, 1.5)


def test_valid_rejects_a_bend_too_tight_for_the_width():
    assert "bends with radius 2.4" in valid(track(20, 12, 20, 2.4, 2.0), 40, 25, 1.5)


def test_valid_rejects_a_track_out_of_its_box():
    assert "leaves the box" in valid(track(20, 21, 20, 2.4, 1.5), 40, 25, 1.5)


def test_valid_rejects_stretches_too_close():
    # the straights' edges are 3.4 - 2 x 1.1 = 1.2 apart, and 20 apart along the track
    reason = valid(track(20, 12, 20, 1.7, 1.1), 40, 25, 1.5)
    assert reason.startswith("stretches") and "within 1.20" in reason


def test_valid_rejects_an_anticlockwise_loop_a_kink_a_jump_in_width_and_gaps():
    pts, normals = stadium(20, 12, 20, 2.4)
    assert "anticlockwise" in valid(circuit(pts[::-1], 1.5, -normals[::-1]), 40, 25, 1.5)
    c = circuit(pts, 1.5, normals)
    left = list(c.left)
    left[10] = (left[10][0], left[10][1] - 0.06)  # on the top straight
    assert "kink" in valid(
        Circuit(c.centre, c.half_width, tuple(left), c.right, (), ()), 40, 25, 1.5
    )
    hw = np.full(len(pts), 1.5)
    hw[100:] = 1.45
    assert "width changes" in valid(circuit(pts, hw, normals), 40, 25, 1.5)
    assert "apart (most 0.25)" in valid(circuit(pts[::3], 1.5, normals[::3]), 40, 25, 1.5)
    assert "outside" in valid(c, 40, 25, 1.5, width=(4, 5))
