"""The Dragon bot's levels against parties of normal hero bots, at party
sizes 1 to 5. Prints the figures, asserts nothing.

    python bench/hrdragon_arena.py [--games 30] [--seed 1] [--sizes 1 2 3 4 5]
                                   [--levels gentle fair ruthless]

Each cell is `game.engine.arena.run_arena` (the heroes change seats among the
party's seats every game; the Dragon keeps its own): the Dragon's wins, its
win rate with a 95% Wilson interval, and the 95th percentile of its
decisions' time. The issue asks the fair Dragon to win 35% to 65% at every
size, the gentle one less, the ruthless one more.
"""

from __future__ import annotations

import argparse
import json
import math
import time

from game.engine.arena import run_arena, wilson_interval
from game.hrdragon.cards import MAX_PARTY
from game.hrdragon.game import GAME

LEVELS = ["gentle", "fair", "ruthless"]
HERO_LEVEL = "normal"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--sizes", type=int, nargs="*", default=list(range(1, MAX_PARTY + 1)))
    parser.add_argument("--levels", nargs="*", default=LEVELS)
    args = parser.parse_args()
    for level in args.levels:
        for size in args.sizes:
            started = time.perf_counter()
            levels = [HERO_LEVEL] * size + [level]
            report = run_arena(GAME, {"players": size + 1}, levels, args.games, args.seed)
            wins = report.team_wins["dragon"]
            low, high = wilson_interval(wins, report.games)
            times = sorted(report.times[-1])
            p95 = 1000 * times[min(len(times) - 1, math.ceil(0.95 * len(times)) - 1)]
            print(
                f"{level} Dragon against {size} {HERO_LEVEL} hero(es): won {wins}/{report.games}"
                f" = {wins / report.games:.0%} (95% {low:.0%}-{high:.0%}); its decisions p95"
                f" {p95:.3g} ms [{time.perf_counter() - started:.0f} s]",
                flush=True,
            )
            print(json.dumps({"level": level, "party": size, "dragon_wins": wins,
                              "games": report.games}))  # fmt: skip


if __name__ == "__main__":
    main()
