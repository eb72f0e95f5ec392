"""The strategy card's figures, exact: the open straight (open_straight.py), the best turn on
six empty lanes lane by lane, and a car to bump or a team-mate to draft k squares ahead
(car_ahead.py). printing/strategy_card.py draws them; `racegen trading-paint strategy --json`
prints `strategy_card().to_dict()`.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from generator.games.trading_paint.strategy import car_ahead as ca
from generator.games.trading_paint.strategy.car_ahead import AheadValues
from generator.games.trading_paint.strategy.open_straight import (
    FIXED_DICE,
    OpenStraight,
    open_straight,
    roll_by_gain,
)

LANE = 3  # the lane the six-lane figures start from (lane 4 mirrors it)
DISTANCES = tuple(range(2, 9))  # k: how far ahead the car is


@dataclass(frozen=True)
class StrategyCard:
    """Everything the strategy card prints, exact."""

    open: OpenStraight
    lane: int
    lane_values: tuple[tuple[int, Fraction], ...]  # best turn on six empty lanes, lanes 1-3
    six_lanes: Fraction  # best turn on six empty lanes from `lane`
    six_lanes_fixed: Fraction  # stop after 4 dice there
    ahead: tuple[AheadValues, ...]  # bumps then drafts, by distance

    def to_dict(self) -> dict[str, object]:
        return {
            "open_straight": self.open.to_dict(),
            "roll_by_gain": {str(g): str(v) for g, v in roll_by_gain().items()},
            "lane": self.lane,
            "six_lanes": str(self.six_lanes),
            "six_lanes_decimal": round(float(self.six_lanes), 6),
            "six_lanes_stop_after_4": str(self.six_lanes_fixed),
            "six_lanes_by_lane": {str(n): str(v) for n, v in self.lane_values},
            "car_ahead": [a.to_dict() for a in self.ahead],
        }

    def row(self, kind: str, distance: int) -> AheadValues:
        return next(a for a in self.ahead if a.kind == kind and a.distance == distance)


@cache
def strategy_card(lane: int = LANE, distances: tuple[int, ...] = DISTANCES) -> StrategyCard:
    ahead = tuple(
        ca.ahead_values(lane, ca.CarAhead(kind, k))
        for kind in (ca.BUMP, ca.DRAFT)
        for k in distances
    )
    return StrategyCard(
        open_straight(),
        lane,
        tuple((n, ca.open_value(n)) for n in (1, 2, 3)),
        ca.open_value(lane),
        ca.open_value(lane, ca.stop_after(FIXED_DICE)),
        ahead,
    )
