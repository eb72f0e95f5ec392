"""The simulator's engine (packed, fastmoves, fastplay: positions packed in ints) against the
plain engine (moves.py): the same distinct moves in the same order on random positions, the
same games move by move for several seeds and policies, the same summaries; the --games
maximum."""

from __future__ import annotations

import random

from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st
from usage import drop_usage

from generator.cli import cli
from generator.games.pushing_race import commands
from generator.games.pushing_race.play import fastmoves, fastplay, packed
from generator.games.pushing_race.play.play import MAX_GAMES, play_game, policy, simulate
from generator.games.pushing_race.rules.moves import FACES, legal_moves
from generator.games.pushing_race.rules.position import Position, parse_position, start


@st.composite
def positions(draw):
    """Any position of a running game: 2-4 players, up to five pieces each on the track,
    up to four finished (so a move can win), anyone to move."""
    players = draw(st.integers(2, 4))
    cells = draw(st.lists(st.sampled_from([None] * 3 + list(range(players))), min_size=27,
                          max_size=27))  # fmt: skip
    for pl in range(players):
        for i in [i for i, c in enumerate(cells) if c == pl][5:]:
            cells[i] = None
    finished = [draw(st.integers(0, min(4, 5 - cells.count(pl)))) for pl in range(players)]
    waiting = tuple(5 - cells.count(pl) - finished[pl] for pl in range(players))
    turn = draw(st.integers(0, players - 1))
    return Position(players, tuple(cells), waiting, tuple(finished), turn, None)


def fast_moves(p: Position, face: str) -> list[Position]:
    engine = fastmoves.engine_for(p.players)
    after = engine.results(packed.encode(p), p.turn, FACES.index(face))
    return [packed.decode(s, p.players, (p.turn + 1) % p.players) for s in after]


@settings(max_examples=150, deadline=None)
@given(positions())
def test_the_same_moves_in_the_same_order_as_the_plain_engine(p):
    assert packed.decode(packed.encode(p), p.players, p.turn) == p
    for face in FACES:
        assert fast_moves(p, face) == [m.after for m in legal_moves(p, face)], face


def test_the_same_moves_on_hand_made_positions():
    """Crowded lines pushed off both ends, a winning push, waiting pieces entering on one
    space from two sides, a piece on row 9 stepping off in both diagonals."""
    for text in (
        "start",
        "start:4",
        "players=2 turn=A finished=A4 a8=A a9=B b8=B",
        "players=4 turn=C a1=A a2=B a3=C a4=D a5=A a6=B a7=C a8=D a9=A finished=B3,D3",
        "players=3 turn=B b1=B c2=B a3=B b4=B c5=B a1=C finished=C4,A4",
        "players=2 turn=A a9=A b9=A c9=B a1=B b2=B finished=A3",
        "players=2 turn=B a1=A b1=A c1=A a2=A b2=A c2=B",
    ):
        p = parse_position(text)
        for face in FACES:
            assert fast_moves(p, face) == [m.after for m in legal_moves(p, face)], (text, face)


def test_the_same_games_move_by_move():
    """Every position of whole games, for several seeds, player counts and policy mixes."""
    cases = [
        (2, ["random", "random"], 1),
        (2, ["greedy", "random"], 2),
        (3, ["random", "greedy", "random"], 3),
        (4, ["random"] * 4, 4),
        (4, ["greedy"] * 4, 5),
    ]
    for players, names, seed in cases:
        plain_rng, fast_rng = random.Random(seed), random.Random(seed)
        for _ in range(2):
            plain: list[Position] = []
            game = play_game(players, [policy(n) for n in names], plain_rng, record=plain)
            fast: list[Position] = []
            (played,) = fastplay.play_games(players, names, 1, fast_rng, record=fast)
            assert fast == plain, (players, names, seed)
            assert played == (game.winner, game.turns, game.passes)
        assert fast_rng.random() == plain_rng.random()  # the same draws, to the last


def test_simulate_gives_the_same_summary_with_either_engine():
    for players, names in ((2, ["greedy", "random"]), (3, ["random"])):
        assert simulate(players, 12, 9, names, engine="plain") == simulate(
            players, 12, 9, names, engine="fast"
        )


def test_the_documented_figures():
    """docs/rules/pushing-race.md, 'Simulated figures': 1000 random games, seed 1."""
    s = simulate(2, 1000, 1, ["random"])
    assert [round(100 * w / 1000, 1) for w in s.wins] == [51.0, 49.0]
    assert round(s.mean_turns, 1) == 65.2 and round(s.stdev_turns, 1) == 12.3
    assert (s.min_turns, s.max_turns, round(s.pass_rate * 100)) == (30, 116, 6)


def test_progress_ticks_add_up_to_the_games():
    ticks: list[int] = []
    simulate(2, 130, 1, ["random"], tick=ticks.append)
    assert sum(ticks) == 130 and ticks == [64, 64, 2]


def test_games_are_capped():
    assert commands.MAX_GAMES == MAX_GAMES == 100_000
    r = CliRunner().invoke(cli, ["pushing-race", "simulate", "--games", "100001"])
    assert r.exit_code == 2 and drop_usage(r.output).startswith(
        "Error: Invalid value for '--games'"
    )
    assert "100000" in drop_usage(r.output)
    assert start(2) == packed.decode(0, 2, 0)  # the setup is the int 0
