"""A Trading Paint puzzle's answer so far, replayed through the rules as `check` replays it
(answers.replay): what is laid, whether the answer is over, and what the page offers next: the
squares the next rolled face may go on (each with every turn check accepts, one of each look),
the path's endings, or the end of the turn after a bump or draft."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from generator.web.page import PageError
from generator.web.paint_board import Drawn
from generator.web.paint_play import MAX_ANSWER


@dataclass
class Play:
    """The answer replayed: the tokens, the run, and what the page offers next."""

    tokens: list
    run: Any
    over: bool = False  # the answer is complete (or wrong): judge it
    next_face: int = 0
    places: dict[int, list[int]] | None = None  # square -> rotations, one per look
    endings: list = None  # type: ignore[assignment]
    stuck: str = ""  # why no die can be laid next
    banked: bool = False  # after a bump or draft: the turn may end here


def tokens_text(tokens: list) -> str:
    return " ".join(t.text for t in tokens)


def replay_answer(p: Any, text: str) -> Play:
    from generator.games.trading_paint.puzzles.answers import (
        Token,
        parse,
        place_token,  # how check matches a typed die to a legal one: by the exits it opens
        replay,
        same_look,
    )
    from generator.games.trading_paint.rules.state import (
        BANK,
        PATH,
        PLACE,
        ROLL,
        Bump,
        Draft,
        Face,
        Place,
        Roll,
        Stop,
    )
    from generator.games.trading_paint.rules.turn import apply_legal, legal_moves

    if len(text) > MAX_ANSWER:
        raise PageError(f"the answer is over {MAX_ANSWER} characters: start again", 413)
    tokens = parse(p.state.board, text) if text.strip() else []
    finish = p.goal is not None and p.goal.kind == "finish"
    run = replay(p.state, p.faces, tokens, finish=finish)
    me = p.state.car
    state = run.state
    play = Play(tokens, run, endings=[])
    if run.error or state.car != me or state.over:
        play.over = bool(tokens)
        return play
    legal = legal_moves(state) if state.stage in (PATH, BANK) else []
    play.banked = state.stage == BANK
    play.endings = [m for m in legal if isinstance(m, (Stop, Bump, Draft))]
    rolled = None
    if state.dice < len(p.faces):
        if state.stage == ROLL:
            rolled = state
        elif Roll() in legal:
            rolled = apply_legal(state, Roll())
    if rolled is not None:
        play.next_face = p.faces[state.dice]
        placed = apply_legal(rolled, Face(play.next_face))
        if placed.car != me or placed.stage != PLACE:
            play.stuck = f"the next die, a {play.next_face}, fits nowhere"
        else:
            play.places = {}
            squares = sorted({m.square for m in legal_moves(placed) if isinstance(m, Place)})
            for sq in squares:
                # every turn check accepts (the engine lists one of each two that act the
                # same), one of each look
                turns = play.places.setdefault(sq, [])
                for r in range(4):
                    tok = Token("", face=play.next_face, square=sq, rotation=r)
                    if place_token(placed, tok)[0] is not None and not any(
                        same_look(play.next_face, r, t) for t in turns
                    ):
                        turns.append(r)
    if not play.places and not play.endings and tokens:
        play.over = True  # nothing more to lay or end: judge what there is
    return play


def ending_token(state: Any, m: Any) -> str:
    from generator.games.trading_paint.rules.state import Bump, Stop

    b = state.board
    if isinstance(m, Stop):
        return f"stop {b.label(m.square)}"
    if isinstance(m, Bump):
        return f"bump {b.label(m.square)}"
    return f"draft {b.label(m.square)} {b.label(m.landing)}"


def drawn_of(p: Any, play: Play) -> Drawn:
    """The board after the answer so far: the dice laid, the route, the cars where they are
    (and where the moved ones stood)."""
    from generator.games.trading_paint.rules.state import Bump, Draft, Place, Stop

    me = p.state.car
    if p.kind == "stop":
        cells = [p.state.pos[me]] + [c for c, _, _ in p.state.path]
        return Drawn(p.state, list(p.state.path), cells, progress=True)
    run = play.run
    dice = [(m.square, s.face, m.rotation) for s, m in run.moves if isinstance(m, Place)]
    route = [p.state.pos[me]] + [c for c, _, _ in dice]
    end = run.state
    last = run.moves[-1][1] if run.moves else None
    if isinstance(last, (Stop, Bump, Draft)):
        where = end.pos[me]
        if where < 0:  # finished: the square it stopped on beyond the line
            where = last.landing if isinstance(last, Draft) else last.square
        route.append(where)
    moved = any(a != b for a, b in zip(end.pos, p.state.pos, strict=True))
    return Drawn(end, dice, route, ghosts=p.state if moved else None)
