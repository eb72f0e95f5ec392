"""Every fold of every die net in every kit, A4, Letter and mono, is drawn along its whole
length (issue 26: "no fold edge of any net is drawn shorter than 80 % of its length"), and so
is every fold of the single commands that print dice (their documents: test_pieces.JOBS).

A net is found on a page as a piece whose cut outline has a cube's 28 or an octahedron's 20
corners; its edge is the outline's longest side (a bare face edge: the tabs' sides are
shorter), the net data (nets.cube_layout / d8_layout) says how many folds it has, and each
of its fold lines (the fine grey dashed lines in the piece) must span at least 80 % of that
edge, from a corner of the outline or of two faces.
"""

from __future__ import annotations

import math
from functools import cache
from pathlib import Path

import pytest

from generator.printing import PrintSpec
from generator.render import nets
from generator.render.canvas import to_grey

from .test_pieces import built, page_pieces

KITS = ("trading-paint", "dice-rush", "triactor", "pushing-race")
PAPERS = (("a4", False), ("letter", False), ("a4", True))


@cache
def kit(game: str, paper: str, mono: bool):  # noqa: ANN201
    from generator.games.registry import game as find
    from generator.kits import kit_document

    return kit_document(find(game), PrintSpec(out=Path("unused"), paper=paper, mono=mono))


def net_folds(doc, mono: bool) -> list[tuple[str, float, int, list[float]]]:  # noqa: ANN001
    """(where, the net's edge, the folds its data has, each fold line's length) per net."""
    grey = to_grey(nets.NET_FOLD_GREY) if mono else nets.NET_FOLD_GREY
    out = []
    for i, canvas in enumerate(doc.pages):
        for pc in page_pieces(canvas):
            corners = list(pc.outline.points)
            if len(corners) not in (28, 20):
                continue
            sides = zip(corners, corners[1:] + corners[:1], strict=True)
            edge = max(math.dist(a, b) for a, b in sides)
            net = (nets.cube_layout if len(corners) == 28 else nets.d8_layout)(edge)
            lengths = []
            for op, stack in pc.ops:
                if op.kind != "path" or op.style.stroke != grey or not op.style.dash:
                    continue
                pts = []
                for cmd in op.data:
                    x, y = cmd[1], cmd[2]
                    for g in reversed(stack):
                        x, y = g.apply(x, y)
                    pts.append((x, y))
                lengths.append(sum(math.dist(a, b) for a, b in zip(pts, pts[1:], strict=False)))
            out.append(
                (f"page {i + 1}", net.edge, len(net.folds()) + len(net.tab_edges()), lengths)
            )
    return out


def check(folds) -> int:  # noqa: ANN001
    for where, edge, count, lengths in folds:
        assert len(lengths) == count, where
        for length in lengths:
            assert length >= 0.8 * edge, f"{where}: a fold {length:.1f} mm of {edge:.1f} mm"
    return len(folds)


@pytest.mark.parametrize(("paper", "mono"), PAPERS)
@pytest.mark.parametrize("game", KITS)
def test_every_fold_of_every_net_in_a_kit_is_drawn_whole(game, paper, mono):
    assert check(net_folds(kit(game, paper, mono), mono)) >= 2


@pytest.mark.parametrize(("paper", "mono"), PAPERS)
def test_every_fold_of_the_dice_commands_is_drawn_whole(paper, mono):
    seen = sum(check(net_folds(doc, mono)) for _, doc in built(paper, mono))
    assert seen >= 20


def test_a_fold_drawn_as_ticks_fails_the_check():
    with pytest.raises(AssertionError):
        check([("page 1", 16.0, 1, [4.0])])
