"""The odds report: simulated chances and expected winnings as text or JSON."""

from __future__ import annotations

from generator.core.textwidth import columns, ljust, width
from generator.games.triactor.coins import NAMES, format_coins
from generator.games.triactor.horses import LETTERS, horses
from generator.games.triactor.odds import Tally, bet_odds, std_error
from generator.games.triactor.payouts import bet_types
from generator.games.triactor.policies import RandomPolicy, SlipPolicy

FORMAT = "triactor-odds/2"  # the odds --json object (generator/schemas)
KINDS = ("WIN", "PLACE", "SHOW", "EXACTOR", "EXACTOR BOX", "TRIACTOR", "TRIACTOR BOX")


def _policy_text(policy: RandomPolicy | SlipPolicy) -> str:
    if isinstance(policy, SlipPolicy):
        backs = ",".join("".join(LETTERS[h] for h in range(8) if s >> h & 1) for s in policy.slips)
        return f"slip ({backs})"
    return "random"


def odds_json(tally: Tally, *, known: dict, policy, seed: int, backers: int) -> dict:
    places = tally.places()
    table = bet_odds(tally)
    return {
        "format": FORMAT,
        "races": tally.races,
        "policy": _policy_text(policy),
        "seed": seed,
        "coins": {LETTERS[h]: NAMES[v] for h, v in sorted(known.items())},
        "backers": backers,
        "horses": {
            LETTERS[h]: {"win": round(w, 6), "place": round(p, 6), "show": round(s, 6)}
            for h, (w, p, s) in enumerate(places)
        },
        "bets": [
            {
                "bet": str(o.bet),
                "type": kind,
                "credits": o.bet.credits,
                "chance": round(o.chance, 6),
                "expected": [round(e, 6) for e in o.expected],
                "expected_at_backers": round(o.at(backers), 6),
            }
            for kind, rows in table.items()
            for o in rows
        ],
    }


def odds_text(tally: Tally, *, known: dict, policy, seed: int, backers: int, top: int = 3) -> str:
    n = tally.races
    places = tally.places()
    hs = horses()
    lines = [
        f"Triactor odds: {n} races, chooser {_policy_text(policy)}, seed {seed}",
        "coins known: "
        + (format_coins(known) if known else "none")
        + "; the others drawn at random",
        "",
    ]
    # horse names come from the template: pad them by display width, like every table
    name_w = max([20] + [width(h.name) for h in hs])
    lines.append(f"{ljust('horse', name_w + 2)} {'win':>7s} {'place':>7s} {'show':>7s}")
    worst = 0.0
    for h, (w, p, s) in enumerate(places):
        lines.append(f"{LETTERS[h]} {ljust(hs[h].name, name_w)} {w:7.2%} {p:7.2%} {s:7.2%}")
        worst = max(worst, std_error(w, n), std_error(p, n), std_error(s, n))
    lines.append(f"(standard error at most {worst * 100:.2f} points)")
    lines.append("")
    types = bet_types()
    lines.append(
        f"Expected winnings with {backers} backer(s) per horse (the payout column: one horse "
        f"{types['WIN'].columns[types['WIN'].column(backers)]}, two "
        f"{types['EXACTOR'].columns[types['EXACTOR'].column(2 * backers)]}, three "
        f"{types['TRIACTOR'].columns[types['TRIACTOR'].column(3 * backers)]} players):"
    )
    rows = [("bet type", "credits", "average", "per credit", "best bets (chance, expected)")]
    table = bet_odds(tally)
    for kind in KINDS:
        odds = table[kind]
        credits = types[kind].credits
        avg = sum(o.at(backers) for o in odds) / len(odds)
        best = sorted(odds, key=lambda o: (-o.at(backers), str(o.bet)))[:top]
        rows.append(
            (
                kind,
                str(credits),
                f"{avg:.3f}",
                f"{avg / credits:.3f}",
                ", ".join(f"{o.bet} ({o.chance:.2%}, {o.at(backers):.2f})" for o in best),
            )
        )
    lines += columns(rows, right=(1, 2, 3))
    lines.append(
        "(average: a bet of that type on horses picked at random; per credit: divided by its cost)"
    )
    return "\n".join(lines)
