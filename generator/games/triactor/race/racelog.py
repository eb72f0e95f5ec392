"""`racegen triactor race`: one race, turn by turn, written so a player can follow it.

Each turn is one line: the turn number (and, with the slip chooser, whose turn it is), every
die rolled with its value and the die used in square brackets, then what the used die did:

    12. rolls S:2 M:null [C:ace] A:5; uses C ace: 3 -> 4, die stays active
    13. rolls S:4 [C:3]; uses C 3: 4 -> coin on 5 shows 2 -> 7, die set aside
          no active die left: the next player rolls all 8 dice

The race is the one the simulator plays for the same seed (the same draws: coins, first
player, then the chooser's numbers). The random chooser draws the die it uses and its value
with one number (policies.RandomPolicy); the other dice it shows take their values from a
second stream, so showing them changes nothing (decision 26, docs/rules/triactor.md).
"""

from __future__ import annotations

import random

from generator.games.triactor.race.coins import NAMES, draw_coins, format_coins
from generator.games.triactor.race.engine import Outcome, Race, Roll, new_race, resolve
from generator.games.triactor.race.horses import LETTERS
from generator.games.triactor.race.policies import RandomPolicy, SlipPolicy
from generator.games.triactor.race.track import FINISH

ORDINALS = ("1st", "2nd", "3rd")


def rest_stream(seed: int) -> random.Random:
    """The stream the random chooser's unused dice are drawn from (not the race's own)."""
    return random.Random(f"triactor race {seed}: dice not used")


def where(step: int) -> str:
    return "start" if step == 0 else ("finish" if step >= FINISH else str(step))


def roll_text(roll: Roll, used: int) -> str:
    """'S:2 M:null [C:ace]': every die rolled, the one used in brackets."""
    out = []
    for h, v in roll.dice:
        token = f"{LETTERS[h]}:{NAMES[v]}"
        out.append(f"[{token}]" if h == used else token)
    return " ".join(out)


def effect_text(o: Outcome, place: int) -> str:
    """What the used die did: 'C 3: 4 -> coin on 5 shows 2 -> 7, die set aside'."""
    h, v = o.move.horse, o.move.value
    text = f"{LETTERS[h]} {NAMES[v]}: "
    if v == 0:
        text += f"stays at {where(o.start)}"
    elif o.coin_step is not None:
        shown = NAMES[o.coin_value] if o.coin_value is not None else "?"
        text += f"{where(o.start)} -> coin on {o.coin_step} shows {shown} -> {where(o.end)}"
    elif o.finished:
        text += f"{where(o.start)} -> finish, {ORDINALS[place - 1]} past the post"
    elif o.end == o.start:
        text += f"stays at {where(o.start)} (no room ahead)"
    elif o.end < o.start + v:
        text += f"{where(o.start)} -> {where(o.end)} (step {o.start + v} full)"
    else:
        text += f"{where(o.start)} -> {where(o.end)}"
    if o.finished:
        return text + ", its die leaves the race"
    return text + (", die stays active" if o.kept else ", die set aside")


def race_log(
    seed: int, known: dict[int, int], policy: RandomPolicy | SlipPolicy
) -> tuple[list[str], Race]:
    """The lines of one race and the finished race."""
    rng = random.Random(seed)
    rest = rest_stream(seed)
    race = new_race(draw_coins(known, rng))
    players = policy.players
    first = int(rng.random() * players) if isinstance(policy, SlipPolicy) else 0
    lines = [f"coins (face down): {format_coins(race.coins)}"]
    if isinstance(policy, SlipPolicy):
        lines.append(
            f"{players} players take turns, player {first + 1} first; each uses the die that "
            "best helps the horses on their slip"
        )
    else:
        lines.append("the die used is picked at random")
    lines.append("each turn: every active die rolled, the die used in [brackets], what it did")
    while not race.over:
        player = (first + race.turn) % players
        roll, move = policy.rolled_turn(race, player, rng, rest)
        race, o = resolve(race, move)
        who = f"player {player + 1} " if isinstance(policy, SlipPolicy) else ""
        lines.append(
            f"{race.turn:4d}. {who}rolls {roll_text(roll, move.horse)}; uses "
            f"{effect_text(o, len(race.finish))}"
        )
        if o.all_back:
            lines.append(
                f"{'':6s}no active die left: the next player rolls all {len(o.next_dice)} dice"
            )
    lines.append("finish: " + ", ".join(LETTERS[h] for h in race.finish))
    return lines, race
