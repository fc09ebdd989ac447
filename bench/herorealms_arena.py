"""Hero Realms' bot levels against each other, at 2 players and at 4
(free-for-all). Prints the figures, asserts nothing.

    python bench/herorealms_arena.py [--games 200] [--playouts 100] [--seed 1]
                                     [--only 2:hard,normal ...]

Each match is `game.engine.arena.run_arena` (the bots change seats every
game): the level above against the one below at 2 players, and against three
of it at 4. For the first entry it prints its wins, its win rate with a 95%
Wilson interval, the fair share (1/players) and the one-sided exact binomial
test of "it wins no more than its fair share": the chance of winning at least
as often by luck alone. The hard bot stops at PLAYOUTS playouts a decision
(the budget is far, so the count binds and a run repeats); the page gives it
up to 300 playouts or 0.12 s, whichever comes first.
"""

from __future__ import annotations

import argparse
import json
import math
import time

from game.engine.arena import run_arena, wilson_interval
from game.engine.search import SearchSettings
from game.herorealms import GAME

MATCHES = [
    "2:hard,normal",
    "2:normal,easy",
    "4:hard,normal,normal,normal",
    "4:normal,easy,easy,easy",
]


def binomial_tail(wins: int, games: int, share: float) -> float:
    """P(X >= wins) for X ~ Binomial(games, share)."""
    return sum(
        math.comb(games, k) * share**k * (1 - share) ** (games - k) for k in range(wins, games + 1)
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--playouts", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", nargs="*", default=MATCHES, metavar="PLAYERS:LEVELS")
    args = parser.parse_args()
    settings = SearchSettings(playouts=args.playouts, time_budget=60.0)
    for match in args.only:
        players, levels = match.split(":")
        started = time.perf_counter()
        report = run_arena(
            GAME, {"players": int(players)}, levels.split(","), args.games, args.seed, settings
        )
        share = 1 / int(players)
        wins = round(report.wins[0])
        low, high = wilson_interval(report.wins[0], report.games)
        tail = binomial_tail(wins, report.games, share)
        times = sorted(report.times[0])
        p95 = 1000 * times[min(len(times) - 1, math.ceil(0.95 * len(times)) - 1)]
        print(
            f"{players} players, {levels}: {report.levels[0]} won {wins}/{report.games} = "
            f"{wins / report.games:.1%} (95% {low:.1%}-{high:.1%}; fair share {share:.0%}; "
            f"binomial p = {tail:.2g}); its decisions p95 {p95:.3g} ms "
            f"[{time.perf_counter() - started:.0f} s]",
            flush=True,
        )
        print(json.dumps({"match": match, "playouts": args.playouts, **report.to_json()}))


if __name__ == "__main__":
    main()
