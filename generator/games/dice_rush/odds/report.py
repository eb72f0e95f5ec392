"""Dice Rush figures as text tables and JSON: the exact analysis (odds) and simulations."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

from generator.games.dice_rush.odds import chains
from generator.games.dice_rush.rules import game
from generator.games.dice_rush.rules.board import Board

ORDER_TEXT = {
    "together": "both players roll and move in every roll",
    "turns": "players take turns; a roll-off decides who rolls first",
}


def odds_data(board: Board, turns: int, order: str = "together") -> dict:
    solos = [chains.solo(board, p, turns) for p in (0, 1)]
    big = chains.race_too_big(board)
    races = () if big else chains.race(board, order)
    states = "(space 1, space 2)" if order == "together" else "(space 1, space 2, player to move)"
    pts = chains.expected_points(board)
    return {
        "board": board.name,
        "rows": board.rows,
        "cols": board.cols,
        "symmetric": board.is_symmetric(),
        "exact": chains.exact(board),
        "order": order,
        "order_means": ORDER_TEXT[order],
        "race": None
        if big
        else [
            {
                "first": None if r.first is None else f"player {r.first + 1}",
                "player_1_wins": r.win[0],
                "player_2_wins": r.win[1],
                "mean_rolls": r.mean_rolls,
            }
            for r in races
        ],
        "race_method": (
            f"not computed: more than {chains.RACE_SPACES} spaces besides the two finishes; "
            "use simulate"
            if big
            else f"value iteration over {states}, points and declarations "
            f"ignored; {races[0].sweeps} sweeps, last change {races[0].residual:.1e}, "
            f"error bound {races[0].error_bound:.1e}"
        ),
        "alone": [
            {
                "player": s.player + 1,
                "own_finish_first": str(s.total_win),
                "own_finish_first_float": float(s.total_win),
                "mean_turns": str(s.mean_turns),
                "mean_turns_float": float(s.mean_turns),
                "by_turn": [
                    {
                        "turn": n + 1,
                        "win": str(w),
                        "lose": str(lo),
                        "win_float": float(w),
                        "lose_float": float(lo),
                    }  # fmt: skip
                    for n, (w, lo) in enumerate(zip(s.win, s.lose, strict=True))
                ],
            }
            for s in solos
        ],
        "expected_points": [
            [None if (r, c) not in pts else float(pts[(r, c)]) for c in range(board.cols)]
            for r in range(board.rows)
        ],
    }


def odds_text(board: Board, turns: int, order: str = "together") -> str:
    d = odds_data(board, turns, order)
    out = [f"Dice Rush odds: {d['board']} ({d['rows']} x {d['cols']})"]
    out.append(f"order: {order} ({d['order_means']})")
    out.append(
        "board is half-turn symmetric: neither player is favoured by the board"
        if d["symmetric"]
        else "board is NOT half-turn symmetric: compare the two players below"
    )
    out.append("")
    out.append("Race to the finish (points and declarations ignored):")
    if d["race"]:
        head = "  rolls first" if order == "turns" else "  order      "
        out.append(head + "   P1 wins    P2 wins")
    for r in d["race"] or ():
        first = r["first"] or order
        out.append(f"  {first:<12}{r['player_1_wins']:9.4%}  {r['player_2_wins']:9.4%}")
        if r["mean_rolls"] is not None:
            out.append(f"  mean rolls until a finish ends it: {r['mean_rolls']:.2f}")
    out.append(f"  method: {d['race_method']}")
    out.append("")
    how = "exact" if d["exact"] else f"floats: more than {chains.EXACT_SPACES} spaces"
    out.append(f"One player alone from its start ({how}):")
    for a in d["alone"]:
        out.append(
            f"  player {a['player']}: own finish first {a['own_finish_first_float']:.4%} "
            f"({_short(a['own_finish_first'])}), mean {a['mean_turns_float']:.2f} turns"
        )
    out.append("  turn   P1 wins   P1 loses  P2 wins   P2 loses  (on that turn)")
    for n in range(turns):
        a, b = d["alone"][0]["by_turn"][n], d["alone"][1]["by_turn"][n]
        out.append(
            f"  {n + 1:4d}  {a['win_float']:8.4%}  {a['lose_float']:8.4%}  "
            f"{b['win_float']:8.4%}  {b['lose_float']:8.4%}"
        )
    out.append("")
    out.append("Expected points of the next turn from each space (F: finish):")
    for row in d["expected_points"]:
        out.append("  " + " ".join(f"{'F':>6}" if v is None else f"{v:+6.2f}" for v in row))
    return "\n".join(out)


def _short(fraction: str) -> str:
    return fraction if len(fraction) <= 24 else "exact fraction in --json"


def simulate(
    board: Board,
    games: int,
    seed: int,
    declare: str,
    order: str = "together",
    tick: Callable[[int], None] | None = None,
) -> dict:
    """`games` seeded games; `tick(1)` after each (a progress bar)."""
    wants, agrees = game.never, game.never
    if declare != "never":
        wants, agrees = game.leader(int(declare.split(":")[1]))
    rng = random.Random(seed)
    wins = Counter()
    reasons = Counter()
    first_wins = 0
    turns = 0
    for _ in range(games):
        r = game.play_game(board, rng, wants=wants, agrees=agrees, order=order)
        wins[r.winner] += 1
        reasons[r.reason] += 1
        first_wins += r.winner == r.first
        turns += r.turns
        if tick is not None:
            tick(1)
    return {
        "board": board.name,
        "games": games,
        "seed": seed,
        "declare": declare,
        "order": order,
        "player_1_wins": wins[0] / games,
        "player_2_wins": wins[1] / games,
        "first_player_wins": first_wins / games if order == "turns" else None,
        "unfinished": wins[None],
        "mean_turns": turns / games,
        "ended_by": [{"reason": k, "games": reasons[k]} for k in sorted(reasons)],
    }


def simulate_text(d: dict) -> str:
    se = (0.25 / d["games"]) ** 0.5
    lines = [
        f"Dice Rush simulation: {d['board']}, {d['games']} games, seed {d['seed']}, "
        f"declarations: {d['declare']}, order: {d['order']}",
        f"  player 1 wins       {d['player_1_wins']:.4f}   (standard error <= {se:.4f})",
        f"  player 2 wins       {d['player_2_wins']:.4f}",
    ]
    if d["first_player_wins"] is not None:
        lines.append(f"  first player wins   {d['first_player_wins']:.4f}")
    lines += [
        f"  mean rolls          {d['mean_turns']:.2f}",
        "  ended by            " + ", ".join(f"{e['reason']} {e['games']}" for e in d["ended_by"]),
    ]
    return "\n".join(lines)
