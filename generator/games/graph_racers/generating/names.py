"""A name a person would give a generated drawn circuit ("Foxhill Hairpin", "Kestrel Esses"):
a place from a word list and a word for the circuit's shape (one of its named features, or a
loop when it has none), chosen by a random.Random seeded with the generator's seed and the
circuit's number in its run, so the same circuit always gets the same name. The technical
identity (kind, size, difficulty, seed) is `identity`, for the small print that reproduces it.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

PLACES = (
    "Ashford", "Bramble", "Brookfield", "Cobble", "Copper", "Cromer", "Elmstead", "Falcon",
    "Fenwick", "Foxhill", "Glenmore", "Granite", "Harbour", "Hawthorn", "Heron", "Juniper",
    "Kestrel", "Lantern", "Larch", "Marble", "Meadow", "Millbrook", "Northgate", "Oakley",
    "Pebble", "Quarry", "Redcliff", "Saltmarsh", "Thistle", "Tinker", "Westmoor", "Willow",
)  # fmt: skip
SHAPE_WORDS = {  # generating/shapes/circuit.py FEATURES, in the words of a race track
    "hairpin": ("Hairpin", "Bend"),
    "chicane": ("Chicane", "Kink"),
    "s-bends": ("Esses", "Snake"),
    "long-straight": ("Mile", "Straight"),
    "fast-sweeper": ("Sweep", "Curve"),
    "narrow-section": ("Narrows", "Squeeze"),
}
PLAIN = ("Loop", "Ring", "Circuit", "Park")  # a circuit without a named feature


def circuit_name(track: Any) -> str:
    """The circuit's name: a place and a word for one of its features (generate_drawn's
    meta: its features and the generator's seed and track number)."""
    made = track.meta.get("generator", {})
    rng = random.Random(f"name/{made.get('seed', 0)}/{made.get('track', 1)}")
    features = sorted({f["name"] for f in track.meta.get("features", ())} & set(SHAPE_WORDS))
    words = SHAPE_WORDS[rng.choice(features)] if features else PLAIN
    return f"{rng.choice(PLACES)} {rng.choice(words)}"


def identity(track: Any) -> str:
    """What reproduces the circuit: 'drawn circuit, medium, seed 1' (its size prints beside
    it), with the track's number when a run made more than one."""
    made = track.meta.get("generator", {})
    number = made.get("track", 1)
    return f"{made.get('kind', 'drawn')} circuit, {made.get('difficulty', '?')}, " + (
        f"seed {made.get('seed', '?')}" + (f" #{number}" if number != 1 else "")
    )


def named(track: Any) -> Any:
    """The generated circuit under its circuit_name, its identity kept as its id."""
    return replace(track, name=circuit_name(track)).with_meta({**track.meta, "id": identity(track)})
