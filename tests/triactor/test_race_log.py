"""`racegen triactor race`: every roll (all active dice), the die used, what it did (decision
26); the race is the simulator's race for the seed."""

from __future__ import annotations

import random
import re

import pytest
from click.testing import CliRunner

from generator.cli import cli
from generator.games.triactor.betting.odds import reference_race
from generator.games.triactor.race.coins import NAMES
from generator.games.triactor.race.engine import Move, Outcome, new_race, position, resolve
from generator.games.triactor.race.horses import LETTERS
from generator.games.triactor.race.policies import RandomPolicy, SlipPolicy, parse_slips
from generator.games.triactor.race.racelog import effect_text, race_log

SEED_4 = [
    "coins (face down): S=ace,M=null,C=2,A=null,H=null,P=2,D=5,B=4",
    "the die used is picked at random",
    "each turn: every active die rolled, the die used in [brackets], what it did",
    "   1. rolls S:ace M:2 C:2 A:2 H:4 P:2 [D:null] B:3; uses D null: stays at start, die set aside",
    "   2. rolls S:null [M:3] C:3 A:3 H:4 P:null B:3; uses M 3: start -> 3, die set aside",
    "   3. rolls S:null C:5 A:2 [H:ace] P:4 B:null; uses H ace: start -> 1, die stays active",
    "   4. rolls S:3 [C:3] A:null H:null P:5 B:3; uses C 3: start -> 3, die set aside",
    "   5. rolls [S:5] A:2 H:5 P:3 B:2; uses S 5: start -> 5, die set aside",
    "   6. rolls [A:2] H:2 P:null B:4; uses A 2: start -> 2, die set aside",
    "   7. rolls [H:3] P:ace B:ace; uses H 3: 1 -> 4, die set aside",
    "   8. rolls P:5 [B:5]; uses B 5: start -> 5, die set aside",
    "   9. rolls [P:4]; uses P 4: start -> 4, die set aside",
    "      no active die left: the next player rolls all 8 dice",
    "  10. rolls S:ace M:2 C:5 A:5 H:3 P:null [D:2] B:null; uses D 2: start -> 2, die set aside",
]
TURN = re.compile(
    r"^ *(\d+)\. (?:player (\d) )?rolls ((?:\[?[SMCAHPDB]:(?:null|ace|[2-5])\]? ?)+); uses "
    r"([SMCAHPDB]) (null|ace|[2-5]): (.*)$"
)

# the log read one line per turn; its wrapping to 80 columns is checked in tests/test_textwidth.py
pytestmark = pytest.mark.usefixtures("unwrapped")


def run(*args: str):
    return CliRunner().invoke(cli, ["triactor", "race", *args])


def test_the_log_of_seed_4():
    r = run("--seed", "4")
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    assert lines[: len(SEED_4)] == SEED_4
    assert (
        lines[-2]
        == " 122. rolls [P:3] D:5; uses P 3: 42 -> finish, 3rd past the post, its die leaves the race"
    )
    assert lines[-1] == "finish: S, B, P"
    # events, blocked moves and coins as they read in the log
    assert (
        "  13. rolls S:2 [C:3] A:2 H:ace B:5; uses C 3: 3 -> coin on 5 shows 2 -> 7, die set aside"
        in lines
    )
    assert "  34. rolls [S:4] A:3; uses S 4: 10 -> 13 (step 14 full), die set aside" in lines
    assert (
        "  58. rolls [S:3] M:null A:ace P:null D:null; uses S 3: 24 -> coin on 27 shows ace -> 28, die stays active"
        in lines
    )
    assert (
        "  72. rolls M:3 C:5 [H:5]; uses H 5: 25 -> coin on 30 shows null -> 30, die set aside"
        in lines
    )


@pytest.mark.parametrize(
    ("policy", "args"),
    [(RandomPolicy(), ()), (SlipPolicy(parse_slips("SMC,PD,AHB")), ("--policy", "slip", "--slips", "SMC,PD,AHB"))],
    ids=["random", "slip"],
)  # fmt: skip
@pytest.mark.parametrize("seed", [1, 4, 9])
def test_every_turn_shows_the_active_dice_and_the_die_the_simulator_uses(policy, args, seed):
    """Replayed on the engine: each line rolls exactly the dice active before it, brackets the
    die of the move the simulator's reference race makes, and says where the horse went."""
    lines = run("--seed", str(seed), *args).output.splitlines()
    trace: list = []
    finish = reference_race(random.Random(seed), policy=policy, trace=trace)
    turns = [m for m in (TURN.match(ln) for ln in lines) if m]
    assert len(turns) == len(trace)
    assert lines[-1] == "finish: " + ", ".join(LETTERS[h] for h in finish)
    race = new_race(tuple(_coins(lines[0])))
    players = policy.players
    first = None
    for m, (horse, value, end) in zip(turns, trace, strict=True):
        rolled = m.group(3).split()
        assert [t.strip("[]")[0] for t in rolled] == [LETTERS[h] for h in race.dice()]
        used = [t for t in rolled if t.startswith("[")]
        assert used == [f"[{LETTERS[horse]}:{NAMES[value]}]"]
        assert (m.group(4), m.group(5)) == (LETTERS[horse], NAMES[value])
        if isinstance(policy, SlipPolicy):
            player = int(m.group(2)) - 1
            first = player if first is None else first
            assert player == (first + race.turn) % players
        else:
            assert m.group(2) is None
        race, o = resolve(race, Move(horse, value))
        assert o.end == end
        assert f"{m.group(4)} {m.group(5)}: {m.group(6)}" == effect_text(o, len(race.finish))


def _coins(line: str) -> list[int]:
    pairs = line.removeprefix("coins (face down): ").split(",")
    return [NAMES.index(p.split("=")[1]) for p in pairs]


def test_the_random_chooser_shows_a_real_roll_without_changing_the_race():
    """The unused dice come from a stream of their own: the log's race is the race the
    simulator plays (test above); they are not all the same value, so they are rolled."""
    lines, _ = race_log(4, {}, RandomPolicy())
    unused = [t for ln in lines for t in (TURN.match(ln) or [""] * 4)[3].split() if "[" not in t]
    assert len({t.split(":")[1] for t in unused}) == 6  # every value shows up


@pytest.mark.parametrize(
    ("outcome", "text"),
    [
        (Outcome(Move(2, 0), 3, 3), "C null: stays at 3, die set aside"),
        (Outcome(Move(2, 1), 0, 1, kept=True), "C ace: start -> 1, die stays active"),
        (Outcome(Move(2, 4), 10, 10), "C 4: stays at 10 (no room ahead), die set aside"),
        (Outcome(Move(2, 4), 10, 12), "C 4: 10 -> 12 (step 14 full), die set aside"),
        (Outcome(Move(2, 1), 4, 5, 5, 0, kept=True), "C ace: 4 -> coin on 5 shows null -> 5, die stays active"),
        (Outcome(Move(2, 5), 43, 45, finished=True), "C 5: 43 -> finish, 2nd past the post, its die leaves the race"),
    ],
)  # fmt: skip
def test_effect_words(outcome, text):
    assert effect_text(outcome, 2) == text


def test_the_log_of_an_ace_onto_its_null_coin():
    """Decision 10 in the log: the die used was an ace, so it stays active."""
    race = position({"C": 4}, {"C": 0}, active="CS")
    _, o = resolve(race, Move(2, 1))
    assert effect_text(o, 0) == "C ace: 4 -> coin on 5 shows null -> 5, die stays active"
