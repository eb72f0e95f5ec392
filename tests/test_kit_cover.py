"""The kit's cover (generator/kit_cover.py): who plays and for how long, the pieces counted, a
picture drawn from the kit's own pages, everything inside the margins, the game named once in
the footer, card stock only where a part is printed on card."""

from __future__ import annotations

import builds
import pytest

from generator.games.registry import GAMES
from generator.render.pages import MARGIN

KITS = [(g.name, paper) for g in GAMES for paper in ("a4", "letter")]


def _text(canvas) -> str:  # noqa: ANN001
    return " ".join(canvas.texts())


@pytest.mark.parametrize("name", [g.name for g in GAMES])
def test_every_game_says_who_plays_for_how_long_and_what_pieces(name: str) -> None:
    game = next(g for g in GAMES if g.name == name)
    facts = game.kit_cover()
    assert {"players", "minutes", "pieces"} <= set(facts), facts
    cover = _text(builds.kit(name).pages[0])
    players, minutes = (str(facts[k]).replace("-", " to ") for k in ("players", "minutes"))
    assert f"{players} players" in cover and f"about {minutes} minutes" in cover
    for piece in facts["pieces"]:  # wrapped lines may split a count from its noun: compare words
        assert all(word in cover for word in piece.split()), piece
    for n, _what in facts.get("counts", ()):
        assert f"{n} players" in cover


@pytest.mark.parametrize(("name", "paper"), KITS)
def test_the_cover_stays_inside_its_margins(name: str, paper: str) -> None:
    cover = builds.kit(name, paper).pages[0]
    for op, points in cover.absolute_points():
        for x, y in points:
            assert MARGIN - 1e-6 <= x <= cover.width - MARGIN + 1e-6, (op, x)
            assert MARGIN - 1e-6 <= y <= cover.height - MARGIN + 1e-6, (op, y)
    # text runs right from its anchor: the longest line ends inside the margin too
    from generator.render.text import text_width

    for op, stack in cover.flat():
        if op.kind == "text" and op.text.anchor == "start" and not op.text.rotate:
            scale = 1.0
            for g in stack:
                scale *= g.scale
            x = op.data[0]
            for g in reversed(stack):
                x, _ = g.apply(x, op.data[1])
            assert x + text_width(op.data[2], op.text.size, op.text.bold) * scale <= (
                cover.width - MARGIN + 0.5
            ), op.data[2]


@pytest.mark.parametrize("name", [g.name for g in GAMES])
def test_the_cover_pictures_the_board_from_the_kits_own_drawing(name: str) -> None:
    kit = builds.kit(name)
    cover = kit.pages[0]
    start = next(i for i, op in enumerate(cover.ops) if op.kind == "begin" and op.group.scale < 1)
    depth, paths = 0, []
    for op in cover.ops[start:]:
        depth += (op.kind == "begin") - (op.kind == "end")
        if op.kind == "path":
            paths.append(repr(op.data))
        if depth == 0:
            break
    assert len(paths) >= 20, "the picture draws next to nothing"
    # the board's first page (after the cover and the assembly page) draws the same shapes
    board = next(p for p in kit.pages[1:] if "Making the pieces" not in p.texts())
    drawn = {repr(op.data) for op in board.ops if op.kind == "path"}
    assert set(paths) <= drawn


def test_the_footer_names_the_game_once() -> None:
    for g in GAMES:
        kit = builds.kit(g.name)
        footer = kit.pages[0].texts()[-2]
        assert footer.count(g.title) == 1, footer


def test_card_stock_is_named_only_for_parts_printed_on_card() -> None:
    gr = _text(builds.kit("graph-racers").pages[0])
    assert "card stock" not in gr and "Everything prints on plain paper." in gr
    tp = " ".join(_text(builds.kit("trading-paint").pages[0]).split())
    assert "on card stock" in tp and "dice, pawns, coins, cards" not in tp
