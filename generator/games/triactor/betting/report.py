"""The odds report: simulated chances and expected winnings as text or JSON.

Two samples of races: the main one (--seed) gives every horse's chances and every bet's
chance and expected winnings; the best bets of each type are chosen on it and scored on the
second, independent one (odds.score_seed, decision 28), so the figures printed for them are
not flattered by the choice. The payout column of a bet reads the backers of its horses:
--backers K for every horse, or each horse's count on the players' slips (decision 29).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from generator.core.textwidth import columns, ljust, width
from generator.games.triactor.betting.odds import BestBet, Tally, best_bets, bet_odds, std_error
from generator.games.triactor.betting.payouts import bet_types
from generator.games.triactor.race.coins import NAMES, format_coins
from generator.games.triactor.race.horses import COUNT, LETTERS, horses
from generator.games.triactor.race.policies import RandomPolicy, SlipPolicy
from generator.games.triactor.race.track import coin_steps

FORMAT = "triactor-odds/3"  # the odds --json object (generator/schemas)
KINDS = ("WIN", "PLACE", "SHOW", "EXACTOR", "EXACTOR BOX", "TRIACTOR", "TRIACTOR BOX")


def coin_spots_text() -> str:
    """Where the coins lie, in step order: 'C 5, P 8, B 14, ...'."""
    steps = coin_steps()
    return ", ".join(
        f"{LETTERS[h]} {steps[h]}" for h in sorted(range(COUNT), key=steps.__getitem__)
    )


def coin_spots_note(printed: bool = False) -> str:
    """Decision 30: the chances hold for racegen's coin spots (decision 5), not the seed's.
    printed: the words of the odds sheet (no decision numbers on a page for the table)."""
    if printed:
        return (
            "These chances depend on where the coins lie. The rules' figure 1, which placed "
            "them, is lost; on this board each horse's coin is on step "
            f"{coin_spots_text()}. Coins placed elsewhere give other chances."
        )
    return (
        "These chances depend on where the coins lie: the rules' figure 1, which placed them, "
        f"is lost, and racegen's board puts each horse's coin on step {coin_spots_text()} "
        "(decision 5); other spots give other chances."
    )


@dataclass(frozen=True)
class Backers:
    """Players whose slip back shows each horse (per horse), and where the counts came from:
    "--backers" (the same K for every horse) or "--slips" (counted on the slips)."""

    counts: tuple[int, ...]
    source: str

    @classmethod
    def uniform(cls, k: int) -> Backers:
        return cls((k,) * COUNT, "--backers")

    @classmethod
    def from_slips(cls, slips: Sequence[int]) -> Backers:
        return cls(tuple(sum(s >> h & 1 for s in slips) for h in range(COUNT)), "--slips")

    def text(self) -> str:
        return " ".join(f"{LETTERS[h]}={n}" for h, n in enumerate(self.counts))


def _policy_text(policy: RandomPolicy | SlipPolicy) -> str:
    if isinstance(policy, SlipPolicy):
        backs = ",".join("".join(LETTERS[h] for h in range(8) if s >> h & 1) for s in policy.slips)
        return f"slip ({backs})"
    return "random"


def odds_json(
    tally: Tally,
    score: Tally,
    *,
    known: dict,
    policy,
    seed: int,
    backers: Backers,
    top: int = 3,
) -> dict:
    from generator.games.triactor.betting.odds import score_seed

    places = tally.places()
    table = bet_odds(tally)
    counts = backers.counts
    best = best_bets(tally, score, counts, top)
    steps = coin_steps()
    return {
        "format": FORMAT,
        "races": tally.races,
        "policy": _policy_text(policy),
        "seed": seed,
        "coins": {LETTERS[h]: NAMES[v] for h, v in sorted(known.items())},
        "coin_steps": {LETTERS[h]: steps[h] for h in range(COUNT)},
        "coin_steps_note": coin_spots_note(),
        "backers": {LETTERS[h]: n for h, n in enumerate(counts)},
        "backers_from": backers.source,
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
                "expected_at_backers": round(o.at_counts(counts), 6),
            }
            for kind, rows in table.items()
            for o in rows
        ],
        "best": {
            "races": score.races,
            "seed": score_seed(seed),
            "bets": [
                {
                    "bet": str(b.scored.bet),
                    "type": kind,
                    "rank": i + 1,
                    "chance": round(b.scored.chance, 6),
                    "expected_at_backers": round(b.scored.at_counts(counts), 6),
                    "chance_when_chosen": round(b.chosen.chance, 6),
                    "expected_when_chosen": round(b.chosen.at_counts(counts), 6),
                }
                for kind, rows in best.items()
                for i, b in enumerate(rows)
            ],
        },
    }


def _backers_sentence(backers: Backers) -> str:
    types = bet_types()
    if backers.source == "--slips":
        return (
            f"Expected winnings with the backers the slips show ({backers.text()}; a horse on "
            "no slip counts 1, its bettor), each bet's column from its horses' counts added:"
        )
    k = backers.counts[0]
    return (
        f"Expected winnings with {k} backer(s) per horse (the payout column: one horse "
        f"{types['WIN'].columns[types['WIN'].column(k)]}, two "
        f"{types['EXACTOR'].columns[types['EXACTOR'].column(2 * k)]}, three "
        f"{types['TRIACTOR'].columns[types['TRIACTOR'].column(3 * k)]} players):"
    )


def _best_text(rows: list[BestBet], counts: Sequence[int]) -> str:
    return ", ".join(
        f"{b.scored.bet} ({b.scored.chance:.2%}, {b.scored.at_counts(counts):.2f})" for b in rows
    )


def odds_text(
    tally: Tally,
    score: Tally,
    *,
    known: dict,
    policy,
    seed: int,
    backers: Backers,
    top: int = 3,
) -> str:
    n = tally.races
    places = tally.places()
    hs = horses()
    lines = [
        f"Triactor odds: {n} races, chooser {_policy_text(policy)}, seed {seed}",
        "coins known: "
        + (format_coins(known) if known else "none")
        + "; the others drawn at random",
        coin_spots_note(),  # the command wraps it to the terminal
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
    lines.append(_backers_sentence(backers))
    types = bet_types()
    counts = backers.counts
    rows = [("bet type", "credits", "average", "per credit", "best bets (chance, expected)")]
    table = bet_odds(tally)
    best = best_bets(tally, score, counts, top)
    for kind in KINDS:
        odds = table[kind]
        credits = types[kind].credits
        avg = sum(o.at_counts(counts) for o in odds) / len(odds)
        rows.append(
            (
                kind,
                str(credits),
                f"{avg:.3f}",
                f"{avg / credits:.3f}",
                _best_text(best[kind], counts),
            )
        )
    lines += columns(rows, right=(1, 2, 3))
    lines.append(
        "(average: a bet of that type on horses picked at random; per credit: divided by its cost)"
    )
    lines.append(
        f"(best bets: chosen on the {n} races above; their chance and expected winnings are "
        f"from {score.races} other races, an independent sample, so the choice does not "
        "flatter them)"
    )
    return "\n".join(lines)
