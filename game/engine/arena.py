"""Bots against bots: seeded games, win rates with 95% confidence intervals,
and how long each bot takes to decide. Figures are printed, never asserted."""

from __future__ import annotations

import math
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .bots import make_bot
from .protocol import JSON, Game
from .search import SearchSettings

__all__ = ["ArenaReport", "run_arena", "wilson_interval"]

Z95 = 1.959963984540054


def wilson_interval(wins: float, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a win rate (it behaves near 0 and 1)."""
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    centre = p + z * z / (2 * games)
    spread = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games))
    denominator = 1 + z * z / games
    return (max(0.0, (centre - spread) / denominator), min(1.0, (centre + spread) / denominator))


def _percentile(values: Sequence[float], fraction: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(fraction * len(ordered)) - 1)]


@dataclass
class ArenaReport:
    levels: list[str]
    games: int = 0
    wins: list[float] = field(default_factory=list)
    times: list[list[float]] = field(default_factory=list)

    def to_json(self) -> dict[str, JSON]:
        seats = []
        for index, level in enumerate(self.levels):
            low, high = wilson_interval(self.wins[index], self.games)
            times = self.times[index]
            seats.append(
                {
                    "bot": level,
                    "wins": round(self.wins[index], 2),
                    "win_rate": round(self.wins[index] / self.games, 4) if self.games else 0.0,
                    "ci95": [round(low, 4), round(high, 4)],
                    "decisions": len(times),
                    "mean_decision_ms": round(1000 * sum(times) / len(times), 3) if times else 0.0,
                    "p95_decision_ms": round(1000 * _percentile(times, 0.95), 3),
                }
            )
        return {
            "games": self.games,
            "fair_share": round(1 / len(self.levels), 4),
            "seats": seats,
        }


def run_arena(
    game: Game[Any, Any],
    options: Mapping[str, JSON],
    levels: Sequence[str],
    games: int,
    seed: int,
    settings: SearchSettings | None = None,
) -> ArenaReport:
    """Play `games` seeded games. The bots change seats every game, so that no
    level keeps the best place at the table; a shared win counts as a fraction."""
    count = len(levels)
    report = ArenaReport(list(levels), wins=[0.0] * count, times=[[] for _ in levels])
    for number in range(games):
        bots = [
            make_bot(game, level, seed * 1000 + number * 10 + i, settings)
            for i, level in enumerate(levels)
        ]
        # Entry i of the list sits at seat (i + number) % count in this game.
        entry_at = {(i + number) % count: i for i in range(count)}
        state = game.new_game(options, seed + number)
        while not game.is_over(state):
            # Every seat to act decides from the same state (in a simultaneous
            # step nobody sees the others' choices), then the moves are played
            # in seat order; one that the others' moves made illegal is asked again.
            decided = []
            for seat in game.to_act(state):
                entry = entry_at[seat]
                started = time.perf_counter()
                action = bots[entry](game.view(state, seat), game.legal_actions(state, seat))
                report.times[entry].append(time.perf_counter() - started)
                decided.append((seat, action))
            for seat, action in decided:
                if game.check(state, seat, action) is None:
                    state, _ = game.apply(state, seat, action)
        outcome = game.outcome(state) or {}
        winners = list(outcome.get("winners", []))
        for seat in winners:
            report.wins[entry_at[seat]] += 1 / len(winners)
        report.games += 1
    return report
