"""An independent, naive second implementation of the five moves (a dict board, pushes done
recursively: to move a piece, first move whatever stands where it is going) checked against
the engine on random positions; and invariants over random games (hypothesis)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from generator.games.pushing_race.play.play import roll
from generator.games.pushing_race.rules.moves import KINDS, legal_moves, moves_or_pass
from generator.games.pushing_race.rules.position import Position, start

W, H = 3, 9


class Naive:
    def __init__(self, p: Position) -> None:
        self.board = {(i % W, i // W + 1): o for i, o in enumerate(p.cells) if o is not None}
        self.waiting = list(p.waiting)
        self.finished = list(p.finished)
        self.winner = p.winner

    def clone(self) -> Naive:
        n = Naive.__new__(Naive)
        n.board, n.waiting, n.finished, n.winner = (
            dict(self.board), list(self.waiting), list(self.finished), self.winner
        )  # fmt: skip
        return n

    def put(self, owner, sq):
        if sq[1] > H:
            self.finished[owner] += 1
            if self.finished[owner] == 5 and self.winner is None:
                self.winner = owner
        elif sq[1] < 1:
            self.waiting[owner] += 1
        else:
            assert sq not in self.board
            self.board[sq] = owner

    def shove(self, sq, dc, dr):
        nxt = ((sq[0] + dc) % W, sq[1] + dr)
        if nxt in self.board:
            self.shove(nxt, dc, dr)
        self.put(self.board.pop(sq), nxt)
        return nxt if 1 <= nxt[1] <= H else None

    def enter(self, owner, col, dc):
        target = ((col + dc) % W, 1)
        if target in self.board:
            self.shove(target, dc, 1)
        self.waiting[owner] -= 1
        self.put(owner, target)
        return target

    def key(self):
        return (frozenset(self.board.items()), tuple(self.waiting), tuple(self.finished),
                self.winner)  # fmt: skip


def naive_outcomes(p: Position, kind: str) -> set:
    me = p.turn
    base = Naive(p)
    out = set()

    def movers(n, skip=None):
        own = [("sq", s) for s in sorted(n.board) if n.board[s] == me and s != skip]
        return own + ([("pile", c) for c in range(W)] if n.waiting[me] else [])

    def one(n, m, dc):
        return n.shove(m[1], dc, 1) if m[0] == "sq" else n.enter(me, m[1], dc)

    if kind in ("TIP", "AIM"):
        dirs = [0] if kind == "TIP" else [1, -1]
        for m in movers(base):
            for dc in dirs:
                n = base.clone()
                at = one(n, m, dc)
                if at is not None and n.winner is None:
                    n.shove(at, dc, 1)
                out.add(n.key())
                n = base.clone()
                at = one(n, m, dc)
                if n.winner is not None:
                    out.add(n.key())
                    continue
                for m2 in movers(n, skip=at):
                    for dc2 in dirs:
                        n2 = n.clone()
                        one(n2, m2, dc2)
                        out.add(n2.key())
    elif kind == "HOP":
        for m in movers(base):
            c, r = m[1] if m[0] == "sq" else (m[1], 0)
            for dc in (0, 1, -1):
                over, land = ((c + dc) % W, r + 1), ((c + 2 * dc) % W, r + 2)
                if over in base.board and land not in base.board:
                    n = base.clone()
                    if m[0] == "sq":
                        del n.board[m[1]]
                    else:
                        n.waiting[me] -= 1
                    n.put(me, land)
                    out.add(n.key())
    elif kind == "SWAP":
        for a, oa in base.board.items():
            for b, ob in base.board.items():
                near = abs(a[1] - b[1]) <= 1 and (a[0] - b[0]) % W in (0, 1, W - 1)
                if oa == me and ob != me and near:
                    n = base.clone()
                    n.board[a], n.board[b] = ob, oa
                    out.add(n.key())
            if oa != me and a[1] == 1 and base.waiting[me]:
                n = base.clone()
                n.board[a] = me
                n.waiting[me] -= 1
                n.waiting[oa] += 1
                out.add(n.key())
    elif kind == "DIG":
        for s in [s for s in base.board if base.board[s] == me]:
            n = base.clone()
            n.shove(s, 0, -1)
            out.add(n.key())
    return out


def engine_outcomes(p: Position, face: str) -> set:
    return {Naive(m.after).key() for m in legal_moves(p, face)}


@st.composite
def positions(draw):
    players = draw(st.integers(2, 4))
    cells = draw(st.lists(st.sampled_from([None] * 4 + list(range(players))), min_size=27,
                          max_size=27))  # fmt: skip
    for pl in range(players):  # at most five of a colour on the track
        idx = [i for i, c in enumerate(cells) if c == pl]
        for i in idx[5:]:
            cells[i] = None
    finished = []
    for pl in range(players):
        room = 5 - cells.count(pl)
        finished.append(draw(st.integers(0, min(room, 4))))
    waiting = tuple(5 - cells.count(pl) - finished[pl] for pl in range(players))
    turn = draw(st.integers(0, players - 1))
    return Position(players, tuple(cells), waiting, tuple(finished), turn, None)


@settings(max_examples=120, deadline=None)
@given(positions())
def test_engine_equals_naive_implementation(p):
    for kind in KINDS:
        assert engine_outcomes(p, kind) == naive_outcomes(p, kind), kind
    assert engine_outcomes(p, "WILD") == set().union(*(naive_outcomes(p, k) for k in KINDS))


def test_engine_equals_naive_on_the_hand_counted_positions():
    p = Position(2, tuple([0, None, None, 1] + [None] * 23), (4, 4), (0, 0), 0, None)
    assert len(naive_outcomes(p, "AIM")) == 25 and len(naive_outcomes(p, "TIP")) == 14
    assert len(naive_outcomes(start(2), "AIM")) == 12


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.integers(2, 4))
def test_random_games_keep_the_invariants(seed, players):
    rng = random.Random(seed)
    p = start(players)
    for _ in range(150):
        face = roll(rng)
        moves = moves_or_pass(p, face)
        assert moves, "a running game always has a move or a pass"
        afters = [m.after for m in moves]
        assert len(set(afters)) == len(afters)
        for m in moves:
            m.after.check()  # five pieces each: waiting + on the track + finished
            assert m.after.turn == (p.turn + 1) % players
            if m.kind != "PASS":
                assert (m.after.cells, m.after.waiting, m.after.finished) != (
                    p.cells,
                    p.waiting,
                    p.finished,
                )
            if m.after.winner is not None:
                assert m.after.finished[m.after.winner] == 5
        if face in ("TIP", "AIM", "WILD"):
            assert moves[0].kind != "PASS"  # a forward move is always possible
        p = moves[rng.randrange(len(moves))].after
        if p.winner is not None:
            break
