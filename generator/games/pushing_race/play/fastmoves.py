"""The simulator's move generation: the moves of moves.py on positions packed into one
integer (packed.py), for `simulate` (many thousands of games).

moves.py is the plain engine (a Move per result, with its notation); this module plays the
same rules without notation or objects: a position is an int, a move the int it leads to.
For every position and face it lists the same distinct results in the same order as
`moves.legal_moves` (D12: the first way to each result names it), so the policies draw the
same random numbers and a seed plays the same games with either engine
(tests/pushing_race/test_fastplay.py plays them side by side, and checks the lists against
the plain engine's on random positions).

A step (one piece one space, pushing the line in front: D2, D5) shifts the moved pieces'
bits, one shift per group (straight: 3 spaces of index; diagonally 4 or 1 to the right, 2 or
5 to the left, around the cylinder), from a shape built once per path and line length
(_Step), and its change to the int is kept by the content of the source and the NEAR spaces
ahead. Two pieces one space each (D9) is most of the work: when the second step touches no
space the first touched, the result is the turn's position plus both changes, which most
pairs cost (see Engine.forward).
"""

from __future__ import annotations

from itertools import accumulate
from operator import or_

from generator.games.pushing_race.play.packed import CELLS, LANE, OFF, SPACES, cells_of
from generator.games.pushing_race.rules.track import COLUMNS, PIECES, ROWS

PILE = SPACES  # sources PILE + col: a waiting piece crossing the Start line at col
STRAIGHT, RIGHT, LEFT, BACK = 0, 1, 2, 3  # step directions; AIM tries RIGHT before LEFT
_DELTA = {STRAIGHT: (0, 1), RIGHT: (1, 1), LEFT: (-1, 1), BACK: (0, -1)}
FACE_TIP, FACE_AIM, FACE_HOP, FACE_SWAP, FACE_DIG, FACE_WILD = range(6)  # moves.FACES order


def _square(src: int) -> tuple[int, int]:
    return (src - PILE, 0) if src >= PILE else (src % COLUMNS, src // COLUMNS + 1)


def _path(src: int, d: int) -> list[int]:
    """The spaces ahead of a source in direction d, to the end of the track."""
    col, row = _square(src)
    dc, dr = _DELTA[d]
    out = []
    while True:
        col, row = (col + dc) % COLUMNS, row + dr
        if not 1 <= row <= ROWS:
            return out
        out.append((row - 1) * COLUMNS + col)


# spaces next to each space (orthogonally or diagonally, around the cylinder: D13)
_ADJ = [
    sum(
        1 << j
        for j in range(SPACES)
        if j != i and abs(j // 3 - i // 3) <= 1  # on a 3-wide cylinder every column is next
    )
    for i in range(SPACES)
]


def _hops(src: int) -> list[tuple[int, int]]:
    """(space jumped, landing space or -1 past the Finish line) of a hop from src, straight,
    right, left (moves._hop_moves's order)."""
    col, row = _square(src)
    out = []
    for dc in (0, 1, -1):
        if row + 1 > ROWS:
            continue
        over = row * COLUMNS + (col + dc) % COLUMNS
        land = (row + 1) * COLUMNS + (col + 2 * dc) % COLUMNS if row + 2 <= ROWS else -1
        out.append((over, land))
    return out


_HOPS = [_hops(src) for src in range(PILE + COLUMNS)]
_PILES = (PILE, PILE + 1, PILE + 2)
NEAR = 4  # spaces ahead of a step's source whose content decides most steps


class _Step:
    """One step's shape: a source, a direction, the line in front of the piece.

    key: the bits whose pieces move or leave, in every lane: the step's change to a position
    depends on nothing else. touched: the spaces the step reads or writes (27 bits). new:
    the piece's new space, or -1 when it left the track. finish: the lanes' bits of the
    space whose piece passes the Finish line (0: none)."""

    __slots__ = ("key", "touched", "new", "finish", "run", "length", "shape")

    def __init__(
        self, key: int, touched: int, new: int, finish: int, run: int, length: int, shape: tuple
    ) -> None:
        self.key = key
        self.touched = touched
        self.new = new
        self.finish = finish
        self.run = run  # pieces in the line pushed
        self.length = length  # spaces ahead to the end of the track
        self.shape = shape  # (ma, sa, mb, sb, ml, lsh, enter bit, back)

    def change(self, content: int) -> int:
        """The change the step makes to a position whose key bits are `content`."""
        ma, sa, mb, sb, ml, lsh, enter, back = self.shape
        x, y, leave = content & ma, content & mb, content & ml
        if back:  # DIG: the piece dug off row 1 goes back to its owner's pile (D8)
            return (x >> -sa) - x - leave
        # a piece pushed over the Finish line counts for its owner (D3)
        return (x << sa) - x + (y << sb) - y + (leave >> lsh) - leave + enter


def _step_shape(players: int, me: int, src: int, d: int, occ: int) -> _Step:
    """The step of the piece on `src` (a space, or PILE + col: a waiting piece of `me`) one
    space in direction d when the spaces `occ` are occupied: the piece and the line in
    direct contact in front of it move one space (D2, D5); the front one leaves the track
    when it steps past the end (D3, D6, D8)."""
    path = _path(src, d)
    k = 0
    while k < len(path) and occ >> path[k] & 1:
        k += 1
    groups: dict[int, int] = {}
    leaving = -1
    movers = ([src] if src < PILE else [-1]) + path[:k]
    for j, x in enumerate(movers):
        if x < 0:
            continue
        if j < len(path):
            groups[path[j] - x] = groups.get(path[j] - x, 0) | 1 << x
        else:
            leaving = x
    (sa, ma), (sb, mb) = (list(groups.items()) + [(0, 0), (0, 0)])[:2]

    def rep(m: int) -> int:
        return sum(m << (p * LANE + OFF) for p in range(players))

    ml = rep(1 << leaving) if leaving >= 0 else 0
    enter = 1 << (me * LANE + OFF + path[0]) if src >= PILE else 0
    touched = (1 << src if src < PILE else 0) | sum(1 << c for c in path[: k + 1])
    shape = (rep(ma), sa, rep(mb), sb, ml, OFF + leaving, enter, d == BACK)
    finish = ml if d != BACK else 0
    new = path[0] if path else -1
    return _Step(rep(ma) | rep(mb) | ml, touched, new, finish, k, len(path), shape)


class Engine:
    """Legal results for one player count: `results(s, me, face)` is the list of distinct
    positions (ints) a roll can lead to, in moves.legal_moves's order."""

    def __init__(self, players: int) -> None:
        self.players = players

        def rep(m: int) -> int:
            return sum(m << (p * LANE + OFF) for p in range(players))

        sds = [(src, d) for src in range(PILE + COLUMNS) for d in range(4)]
        # per player to move, per step (source * 4 + direction): the occupancy of the
        # path -> _Step
        self.steps: list[list[dict[int, _Step]]] = [[{} for _ in sds] for _ in range(players)]
        self.path_masks = [sum(1 << c for c in _path(src, d)) for src, d in sds]
        # most steps are decided by the source and the NEAR spaces ahead: per player, per
        # step, those spaces' content -> Engine.step's tuple
        self.near: list[list[dict[int, tuple]]] = [[{} for _ in sds] for _ in range(players)]
        self.near_masks = [
            rep((1 << src if src < PILE else 0) | sum(1 << c for c in _path(src, d)[:NEAR]))
            for src, d in sds
        ]
        self.by_face = (self.tip, self.aim, self.hops, self.swap, self.dig, self.wild)
        if players == 2:
            self.occ = lambda s: ((s >> 3) | (s >> 33)) & CELLS
        elif players == 3:
            self.occ = lambda s: ((s >> 3) | (s >> 33) | (s >> 63)) & CELLS
        else:
            self.occ = lambda s: ((s >> 3) | (s >> 33) | (s >> 63) | (s >> 93)) & CELLS

    def shape(self, me: int, sd: int, occ: int) -> _Step:
        """The step of source * 4 + direction `sd` for player `me` with the spaces `occ`
        occupied (built on first use)."""
        table = self.steps[me][sd]
        key = occ & self.path_masks[sd]
        e = table.get(key)
        if e is None:
            e = table[key] = _step_shape(self.players, me, sd >> 2, sd & 3, occ)
        return e

    def step(self, me: int, sd: int, s: int) -> tuple:
        """Step `sd` (source * 4 + direction) of player `me` from s: (change, spaces touched,
        the piece's new space or -1, the lane of a piece passing the Finish line or -1, the
        change of the same piece's two steps the same way or None). Kept by the content of
        the source and the NEAR spaces ahead when they decide it (two steps: when they
        decide the second too, else None there)."""
        e = self.shape(me, sd, self.occ(s))
        dl = e.change(s & e.key)
        lane = -1
        if e.finish:
            lane = ((s & e.finish).bit_length() - 1) // LANE * LANE
        two = None
        near = e.run < NEAR or e.length <= NEAR
        if e.new >= 0 and sd & 3 != BACK:
            s1 = s + dl
            e2 = self.shape(me, e.new * 4 + (sd & 3), self.occ(s1))
            dl2 = e2.change(s1 & e2.key)
            # the second step's line starts one space further on
            if e2.run + 1 < NEAR or e.length <= NEAR:
                two = dl + dl2
            elif not near:
                two = dl + dl2  # not kept: right for this position
        v = (dl, e.touched, e.new, lane, two)
        if near:
            self.near[me][sd][s & self.near_masks[sd]] = v
        return v

    # --- the faces ------------------------------------------------------------------------
    def forward(self, s: int, me: int, dirs: tuple[int, ...]) -> list[int]:
        """TIP (STRAIGHT) or AIM (RIGHT, LEFT): one piece two spaces, then two different
        pieces one space each, in moves._forward_moves's order, less results the list
        already has (the caller drops repeats, keeping first places: D12).

        Two pieces: first a, then b. When b's step touches no space a's touched, the
        result is a's change plus b's, the same as b then a: so when b comes before a (and
        b's step did not end the game) that result is listed already and is skipped. A first
        step that leads where an earlier one led, the piece on the same space (two waiting
        pieces entering on one space), repeats that one's list and is skipped; so does one
        that ended the game (its result is listed already, as a one-piece move)."""
        near = self.near[me]
        masks = self.near_masks
        step = self.step

        def after(s1: int, sd: int) -> int:
            return s1 + (near[sd].get(s1 & masks[sd]) or step(me, sd, s1))[0]

        out: list[int] = []
        append = out.append
        shift = me * LANE
        lane_shift = shift + OFF
        mine = (s >> lane_shift) & CELLS
        waiting = PIECES - ((s >> shift) & 7) - mine.bit_count()
        own = cells_of(mine)
        nd = len(dirs)
        board = len(own) * nd  # steps 0..board-1 move pieces on the track, then waiting ones
        n = board + 3 * nd if waiting else board
        pile_end = n if waiting > 1 else board  # a second waiting piece, while one waits
        sds: list[int] = []
        changes: list[int] = []
        touches: list[int] = []
        befores: list[int] = []  # spaces touched by steps 0..j
        tabs: list[dict] = []  # each step's near table and mask, to replay it
        keys: list[int] = []
        touched_so_far = 0
        # each first step that goes on to a second piece: its result, the piece's new space,
        # the spaces it touched, whether the other own pieces stand where they stood, and
        # which of the turn's steps are second steps after it: early (before the first
        # piece's own) and late .. end (after them)
        blocks: list[tuple | None] = []
        won_bits = 0
        j = 0
        early = late = 0
        for src in own + _PILES if waiting else own:
            if src < PILE:
                src_bit = 1 << src
                early, late, end = j, j + nd, n
            else:
                src_bit = 0
                end = pile_end
            for d in dirs:
                sd = src * 4 + d
                tab = near[sd]
                key = masks[sd]
                dl, touched, new, lane, two = tab.get(s & key) or step(me, sd, s)
                s1 = s + dl
                sds.append(sd)
                changes.append(dl)
                touches.append(touched)
                touched_so_far |= touched
                befores.append(touched_so_far)
                tabs.append(tab)
                keys.append(key)
                if src >= PILE:
                    early = late = j if j < end else end
                j += 1
                if lane >= 0 and (s1 >> lane) & 7 == PIECES:  # a fifth piece passed (D10)
                    won_bits |= 1 << (j - 1)
                    blocks.append(None)
                    append(s1)
                    continue
                if new < 0:  # the piece passed the Finish line
                    blocks.append((s1, new, touched, False, early, late, end, src))
                    append(s1)
                    continue
                alone = (s1 >> lane_shift) & CELLS == mine ^ src_bit ^ (1 << new)
                blocks.append((s1, new, touched, alone, early, late, end, src))
                if two is not None:  # the same piece on, the same way (D2, D7)
                    append(s + two)
                else:
                    sd = new * 4 + d
                    append(s1 + (near[sd].get(s1 & masks[sd]) or step(me, sd, s1))[0])
        from_ = list(accumulate(reversed(touches), or_))[::-1]  # by steps j..n-1
        from_.append(0)
        seen = None
        for ia, block in enumerate(blocks):
            if block is None:
                continue
            s1, new, touched, alone, early, late, end, first = block
            if first >= PILE or new < 0:  # two entries on one space, or off the Finish
                if seen is None:
                    seen = {(s1, new)}
                elif (s1, new) in seen:
                    continue
                else:
                    seen.add((s1, new))
            if alone:
                # the second pieces: the turn's steps less the first piece's, in the same
                # order (a waiting piece: any, while one waits); a step that meets the first
                # is replayed, one before it that does not is listed already
                if early and (befores[early - 1] & touched or won_bits & ((1 << early) - 1)):
                    for j in range(early):
                        if touches[j] & touched:
                            v = tabs[j].get(s1 & keys[j]) or step(me, sds[j], s1)
                            append(s1 + v[0])
                        elif won_bits >> j & 1:
                            append(s1 + changes[j])
                if late < end:
                    if not from_[late] & touched:
                        out += map(s1.__add__, changes[late:end])
                    else:
                        out += [
                            s1 + changes[j]
                            if not touches[j] & touched
                            else s1 + (tabs[j].get(s1 & keys[j]) or step(me, sds[j], s1))[0]
                            for j in range(late, end)
                        ]
                continue
            # the first step pushed another own piece on (or the piece left the track): the
            # second pieces from the new position; a piece the first step did not touch
            # takes its step of the turn (j), skipped as above when before the first
            mine1 = (s1 >> lane_shift) & CELLS
            sources1 = cells_of(mine1 & ~(1 << new) if new >= 0 else mine1)
            if PIECES - ((s1 >> shift) & 7) - mine1.bit_count() > 0:
                sources1 += _PILES
            for src in sources1:
                if src >= PILE:
                    j = board + (src - PILE) * nd
                elif not touched >> src & 1:
                    j = (mine & ((1 << src) - 1)).bit_count() * nd
                else:
                    for d in dirs:
                        append(after(s1, src * 4 + d))
                    continue
                for _ in dirs:
                    if touches[j] & touched:
                        v = tabs[j].get(s1 & keys[j]) or step(me, sds[j], s1)
                        append(s1 + v[0])
                    elif j >= ia or won_bits >> j & 1:
                        append(s1 + changes[j])
                    j += 1
        return out

    def hop(self, s: int, me: int) -> list[int]:
        """HOP: an own piece over the next piece straight or diagonally forward onto the free
        space beyond, or past the Finish line (D11)."""
        occ = self.occ(s)
        shift = me * LANE
        base = shift + OFF
        lane = s >> shift
        mine = (lane >> OFF) & CELLS
        sources = cells_of(mine)
        if PIECES - (lane & 7) - mine.bit_count() > 0:
            sources += _PILES
        out = []
        for src in sources:
            for over, land in _HOPS[src]:
                if not occ >> over & 1 or (land >= 0 and occ >> land & 1):
                    continue  # nothing to jump, or two pieces would have to be jumped
                s2 = s - (1 << (base + src)) if src < PILE else s
                out.append(s2 + (1 << (base + land) if land >= 0 else 1 << shift))
        return out

    def swap(self, s: int, me: int) -> list[int]:
        """SWAP: an own piece and an adjacent opponent's change places; a waiting piece and
        an opponent's on row 1 (theirs goes back to its pile, D13)."""
        base = me * LANE + OFF
        mine = (s >> base) & CELLS
        owner = {}  # an opponent's space -> the bit of space 0 in its owner's lane
        for p in range(self.players):
            if p != me:
                lane = p * LANE + OFF
                for b in cells_of((s >> lane) & CELLS):
                    owner[b] = lane
        if not owner:
            return []
        theirs = self.occ(s) & ~mine
        out = []
        for a in cells_of(mine):
            for b in cells_of(_ADJ[a] & theirs):
                ob = owner[b]
                out.append(s - (1 << base + a) + (1 << ob + a) - (1 << ob + b) + (1 << base + b))
        if theirs & 7 and PIECES - ((s >> (me * LANE)) & 7) - mine.bit_count() > 0:
            for b in cells_of(theirs & 7):
                out.append(s - (1 << owner[b] + b) + (1 << base + b))
        return out

    def dig(self, s: int, me: int) -> list[int]:
        """DIG: an own piece one space back, pushing the line behind it (D8)."""
        near = self.near[me]
        masks = self.near_masks
        mine = (s >> (me * LANE + OFF)) & CELLS
        return [
            s + (near[sd].get(s & masks[sd]) or self.step(me, sd, s))[0]
            for sd in [src * 4 + BACK for src in cells_of(mine)]
        ]

    def tip(self, s: int, me: int) -> list[int]:
        return list(dict.fromkeys(self.forward(s, me, (STRAIGHT,))))

    def aim(self, s: int, me: int) -> list[int]:
        return list(dict.fromkeys(self.forward(s, me, (RIGHT, LEFT))))

    def hops(self, s: int, me: int) -> list[int]:
        return list(dict.fromkeys(self.hop(s, me)))  # a8^a9->a10 = a8^b9->c10: one result

    def wild(self, s: int, me: int) -> list[int]:
        raw = self.forward(s, me, (STRAIGHT,))
        raw += self.forward(s, me, (RIGHT, LEFT))
        raw += self.hop(s, me)
        raw += self.swap(s, me)
        raw += self.dig(s, me)
        return list(dict.fromkeys(raw))

    def results(self, s: int, me: int, face: int) -> list[int]:
        """The distinct positions `face` (FACE_TIP ... FACE_WILD) leads to from s, a running
        game (nobody has five finished) with `me` to move (D12), in the plain engine's
        order; empty when no move is possible. (Each swap changes its own two spaces and
        each dig empties its own piece's space: those lists have no repeats.)"""
        return self.by_face[face](s, me)

    def winner(self, s: int) -> int | None:
        for p in range(self.players):
            if (s >> (p * LANE)) & 7 == PIECES:
                return p
        return None


_ENGINES: dict[int, Engine] = {}


def engine_for(players: int) -> Engine:
    """The Engine for `players` players, built once (its step tables fill as games use them)."""
    if players not in _ENGINES:
        _ENGINES[players] = Engine(players)
    return _ENGINES[players]
