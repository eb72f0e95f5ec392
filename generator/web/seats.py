"""Who sits at a Graph Racers table on the page, read from the address and written back to it:
the seats (a player or a computer driver), the contact switch, and the table's switches
(table_rules: designs, teams, contact). The one-car page's form (play.py) and the table's
page (table.py) both import it; it imports neither."""

from __future__ import annotations

from typing import Any

from generator.web.page import PageError

SEATS = ("human", "solver", "cautious", "random")
SEAT_TEXT = {
    "human": "a player",
    "solver": "computer (solver)",
    "cautious": "computer (cautious)",
    "random": "computer (random)",
}


def seats_of(text: str) -> list[str]:
    from generator.games.graph_racers.race.cars import MAX_CARS, MIN_CARS

    seats = [s for s in (text or "").split(".") if s]
    if not MIN_CARS <= len(seats) <= MAX_CARS:
        raise PageError(f"{len(seats)} cars: a race has {MIN_CARS} to {MAX_CARS} cars")
    for s in seats:
        if s not in SEATS:
            raise PageError(f"seat {s[:20]!r}: use {', '.join(SEATS)}")
    return seats


def contact_of(text: str | None) -> bool:
    """The address's `contact`: absent or 1, the collision and damage rules; 0, without."""
    if text in (None, "", "1"):
        return True
    if text == "0":
        return False
    raise PageError(f"contact: {str(text)[:20]!r}: use 1 (collisions and damage) or 0 (none)")


def table_of(q: Any, cars: int) -> Any:
    """The table's switches in the address (table_rules.TableRules): `design` (BRAKES/TURBO/
    DAMAGE, one for every car or one per car), `teams` (one per car), `contact`. James Bond
    goodies are refused: the page has no buttons to fire or spray."""
    from generator.errors import InvalidInput
    from generator.games.graph_racers.race.table_choice import table_rules

    design = (q.get("design") or "").strip() or None
    teams = (q.get("teams") or "").strip() or None
    try:
        table = table_rules(cars, design=design, teams=teams, contact=contact_of(q.get("contact")))
    except InvalidInput as e:
        raise PageError(str(e)) from None
    if table.designs is not None and any(d.goodies for d in table.designs):
        raise PageError(
            "James Bond goodies are raced with racegen graph-racers race and referee: the page "
            "has no buttons to fire or spray; design the cars with brakes/turbo/damage points"
        )
    return table


def table_query(table: Any) -> dict[str, str]:
    """The address's words for the table (none for the basic rules)."""
    q: dict[str, str] = {}
    if table.designs is not None:
        q["design"] = ",".join(d.spec for d in table.designs)
    if table.teams is not None:
        q["teams"] = ",".join(table.teams)
    if not table.contact:
        q["contact"] = "0"
    return q
