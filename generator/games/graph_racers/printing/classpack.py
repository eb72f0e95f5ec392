"""A class pack: a different worksheet for every student of a class, each sheet marked with a
short code, and the teacher's answers in code order (issue 16).

Every student gets `tracks` puzzles of their own; no map is given twice in a pack (the
generation avoids every earlier track, and a repeat it could not avoid is refused), and drawn
circuits are picked so that no two look alike as a person sees them (pick_shapes). A sheet's
code is a few characters from an alphabet without look-alikes, derived from the seed and the
student's number alone, so a lost sheet is printed again with the same code and puzzles, and
the teacher finds any handed-in sheet's answers by its code. How the tracks are made is the
caller's (`make`), so another kind of track plugs in; this module never renders.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from generator.errors import InvalidInput, LimitExceeded

# No 0/O, 1/I/L, 2/Z, 5/S, 6/G, 8/B or U/V: nothing a child's handwriting or a photocopy mixes up
CODE_ALPHABET = "ACDEFHJKMNPRTWXY3479"
CODE_LENGTH = 4  # 160,000 codes: two students of a pack share one with a chance under 1 in 300
MAX_STUDENTS = 200
COPY_TRIES = 30  # candidates a pack's track may take to be no near copy of another (pick_shapes)


@dataclass(frozen=True)
class Student:
    """One student's sheet: their number in the class (from 1), its code and its tracks."""

    number: int
    code: str
    tracks: tuple[Any, ...]


class RepeatedMap(LimitExceeded):
    """The generator gave a pack one map twice (the size and difficulty have too few maps for
    so many tracks). Fields: track and twin (numbers in the pack, from 1), count (tracks)."""

    def __init__(self, track: int, twin: int, count: int) -> None:
        self.track, self.twin, self.count = track, twin, count
        super().__init__(
            f"track {track} of the pack repeats the map of track {twin}: {count} tracks of "
            "this size and difficulty are more than it has different maps"
        )


def sheet_code(seed: int, student: int, taken: Sequence[str] = ()) -> str:
    """The code of student `student`'s sheet: CODE_LENGTH characters of CODE_ALPHABET from a
    hash of the seed and the number (the same on every machine and Python). A code an earlier
    student of the pack has (`taken`) is drawn again from the next hash."""
    attempt = 0
    while True:
        digest = hashlib.sha256(f"graph-racers-classpack:{seed}:{student}:{attempt}".encode())
        n = int.from_bytes(digest.digest()[:8], "big")
        chars = []
        for _ in range(CODE_LENGTH):
            n, d = divmod(n, len(CODE_ALPHABET))
            chars.append(CODE_ALPHABET[d])
        code = "".join(chars)
        if code not in taken:
            return code
        attempt += 1


def no_repeats(tracks: Sequence[Any]) -> None:
    """RepeatedMap for the first track the generator marked as repeating an earlier map."""
    for i, track in enumerate(tracks, start=1):
        twin = track.meta.get("generator", {}).get("same_map_as")
        if twin is not None:
            raise RepeatedMap(i, twin, len(tracks))


def class_pack(
    students: int, tracks: int, seed: int, make: Callable[[int], Sequence[Any]]
) -> list[Student]:
    """The students of a pack, in class order: `make(count)` gives all the pack's tracks (track
    j depending only on the seed, j and the tracks before it, none repeating an earlier map),
    student i takes tracks (i - 1) * tracks + 1 to i * tracks."""
    if not 1 <= students <= MAX_STUDENTS:
        raise InvalidInput(f"a class pack is for 1 to {MAX_STUDENTS} students, not {students}")
    if tracks < 1:
        raise InvalidInput(f"each student needs at least one track, not {tracks}")
    made = list(make(students * tracks))
    no_repeats(made)
    out: list[Student] = []
    codes: list[str] = []
    for i in range(students):
        code = sheet_code(seed, i + 1, codes)
        codes.append(code)
        out.append(Student(i + 1, code, tuple(made[i * tracks : (i + 1) * tracks])))
    return out


def pick_shapes(
    make: Callable[[int, list], tuple[Any, Any]],
    count: int,
    each: int,
    progress: Callable[[int], None] | None = None,
) -> list[Any]:
    """`count` drawn circuits for a pack whose students take `each` in turn, no two alike as a
    person sees them (signature.overlap): on one student's sheet no pair reaches SAME_OUTLINE,
    and in the whole pack none reaches NEAR_COPY (one shape drawn again) while such a shape
    turns up within COPY_TRIES candidates; past that, the candidate least like the pack that
    keeps its sheet apart. `make(index, earlier)`: candidate `index` as (track, signature)
    (drawn.make_drawn: never an earlier candidate's Fourier signature). Deterministic: a
    candidate depends only on the seed, its index and the candidates before it.

    Why not SAME_OUTLINE across the whole pack: measured on the easy pack of seed 1 (60
    tracks), it takes 211 candidates for 60 tracks (18 s of generating become 60 s), 2
    candidates a track still leave 35 pairs at 0.88 or more, while NEAR_COPY across the pack
    takes 75 candidates and leaves none at 0.93 (a sheet's pair at most 0.845)."""
    from generator.games.graph_racers.generating.shapes.signature import (
        NEAR_COPY,
        SAME_OUTLINE,
        outline,
        overlap,
    )

    chosen: list[Any] = []
    shapes: list[Any] = []
    sigs: list[Any] = []
    index = 0
    while len(chosen) < count:
        sheet = shapes[len(chosen) - len(chosen) % each :]
        best = None  # (likeness to the pack, track, its outline) of the best sheet-safe one
        for _ in range(COPY_TRIES):
            track, sig = make(index, sigs)
            index += 1
            sigs.append(sig)
            shape = outline(track.meta["drawn_from"]["centre"])
            if any(overlap(shape, s) >= SAME_OUTLINE for s in sheet):
                continue
            like = max((overlap(shape, s) for s in shapes), default=0.0)
            if best is None or like < best[0]:
                best = (like, track, shape)
            if like < NEAR_COPY:
                break
        if best is None:
            raise LimitExceeded(
                f"no shape for track {len(chosen) + 1} of the pack unlike the others on its "
                f"sheet in {COPY_TRIES} tries: use fewer --tracks or another difficulty"
            )
        chosen.append(best[1])
        shapes.append(best[2])
        if progress is not None:
            progress(1)
    return chosen


def in_code_order(students: Sequence[Student]) -> list[Student]:
    """The teacher's booklet order: by code, so a handed-in sheet's answers are found at once."""
    return sorted(students, key=lambda s: s.code)
