"""The move rules a command or the page asks for: the switches given, over the rules stored
with the answer being checked, over the rules stored with the track, over the seed's basic
rules.

Every command that takes --accel, --collision, --brakes, --turbo or --rocket (solve, check,
generate, race, referee and the printables: sheet, worksheet, class pack) and every form of
the page reads them here, so a switch not given means the same everywhere: what the track or
the moves file stored, else the default."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.errors import InvalidInput
from generator.games.graph_racers.moves.rules import Rules

RULE_NAMES = ("accel", "collision", "brakes", "turbo", "rocket")


@dataclass(frozen=True)
class RuleChoice:
    """The rule switches as given (None: not given, the stored rules or the defaults decide).
    accel is the option's text ("5", "8", "9") or a number."""

    accel: str | int | None = None
    collision: str | None = None
    brakes: int | None = None
    turbo: int | None = None
    rocket: int | None = None

    @classmethod
    def take(cls, values: dict[str, Any]) -> RuleChoice:
        """The switches popped from a printable's option values (dest -> value)."""
        return cls(**{k: values.pop(k, None) for k in RULE_NAMES})


def resolve_rules(
    track: Any,
    choice: RuleChoice,
    stored: dict | None = None,
    source: str | Path | None = None,
) -> Rules:
    """The rules asked for: the switches given over the rules stored with the answer being
    checked (`stored`, from solve --json, read from file `source`) over the rules stored with
    the track (read from `source`) over the defaults. A stored rule that is not a rule is an
    error naming where it was stored."""
    if stored is None:
        stored = track.meta.get("rules") if track is not None else None
        where = (
            f"{source or track.name}: the rules stored with the track" if track is not None else ""
        )
    else:
        where = f"{source}: the rules stored with the moves" if source else "the stored rules"
    try:
        base = Rules.from_dict(stored) if isinstance(stored, dict) else Rules()
    except (InvalidInput, TypeError, ValueError) as e:
        raise InvalidInput(f"{where}: {e}") from None
    return Rules(
        accel=int(choice.accel) if choice.accel is not None else base.accel,
        collision=choice.collision if choice.collision is not None else base.collision,
        brakes=choice.brakes if choice.brakes is not None else base.brakes,
        turbo=choice.turbo if choice.turbo is not None else base.turbo,
        rocket=choice.rocket if choice.rocket is not None else base.rocket,
    )
