"""Bots against bots: seeded games, win rates with 95% confidence intervals
(by bot, by seat role and by team), and how long each bot takes to decide.
Figures are printed, never asserted."""

from __future__ import annotations

import math
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .bots import check_seat_level, make_bot
from .errors import MalformedData
from .modes import Role
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


def _rate(wins: float, games: int) -> dict[str, JSON]:
    low, high = wilson_interval(wins, games)
    return {
        "wins": round(wins, 2),
        "win_rate": round(wins / games, 4) if games else 0.0,
        "ci95": [round(low, 4), round(high, 4)],
    }


@dataclass
class ArenaReport:
    """Entry i of `levels` is the bot that starts at seat i and keeps that
    seat's role (`roles[i]`) and team (`teams[i]`, None without teams) in
    every game. With teams, every seat of a winning team wins a whole game;
    without, a shared win counts as a fraction."""

    levels: list[str]
    games: int = 0
    wins: list[float] = field(default_factory=list)
    times: list[list[float]] = field(default_factory=list)
    roles: list[str] = field(default_factory=list)
    teams: list[str | None] = field(default_factory=list)
    role_wins: dict[str, int] = field(default_factory=dict)
    team_wins: dict[str, int] = field(default_factory=dict)

    def to_json(self) -> dict[str, JSON]:
        seats = []
        for index, level in enumerate(self.levels):
            low, high = wilson_interval(self.wins[index], self.games)
            times = self.times[index]
            seats.append(
                {
                    "bot": level,
                    "role": self.roles[index] if self.roles else None,
                    "team": self.teams[index] if self.teams else None,
                    "wins": round(self.wins[index], 2),
                    "win_rate": round(self.wins[index] / self.games, 4) if self.games else 0.0,
                    "ci95": [round(low, 4), round(high, 4)],
                    "decisions": len(times),
                    "mean_decision_ms": round(1000 * sum(times) / len(times), 3) if times else 0.0,
                    "p95_decision_ms": round(1000 * _percentile(times, 0.95), 3),
                }
            )
        teamed = any(team is not None for team in self.teams)
        return {
            "games": self.games,
            # the share of each bot if all played alike; with teams, rates are by team
            "fair_share": None if teamed else round(1 / len(self.levels), 4),
            "seats": seats,
            # a role or a team wins a game when one of its seats is among the winners
            "roles": [
                {"role": role, "seats": self.roles.count(role), **_rate(wins, self.games)}
                for role, wins in self.role_wins.items()
            ],
            "teams": [
                {"team": team, "seats": self.teams.count(team), **_rate(wins, self.games)}
                for team, wins in self.team_wins.items()
            ],
        }


def _seat_of_entries(roles: Sequence[Role], number: int) -> dict[int, int]:
    """Which entry sits at each seat in game `number`: entries rotate among
    the seats of their own role, so that no bot keeps the best seat of its
    role and every bot keeps its role (one role: a plain rotation)."""
    groups: dict[str, list[int]] = {}
    for seat, role in enumerate(roles):
        groups.setdefault(role.id, []).append(seat)
    entry_at: dict[int, int] = {}
    for seats in groups.values():
        for place, entry in enumerate(seats):
            entry_at[seats[(place + number) % len(seats)]] = entry
    return entry_at


def run_arena(
    game: Game[Any, Any],
    options: Mapping[str, JSON],
    levels: Sequence[str],
    games: int,
    seed: int,
    settings: SearchSettings | None = None,
) -> ArenaReport:
    """Play `games` seeded games. The bots change seats every game, among the
    seats of their role (ArenaReport says how wins count)."""
    options = game.normalize_options(options)
    declared = game.declared_options
    roles = declared.seat_roles(options)
    teams = declared.seat_teams(options)
    count = len(levels)
    if count != len(roles):
        raise MalformedData(f"{count} bots for {len(roles)} seats", "bad_option")
    for seat, level in enumerate(levels):
        check_seat_level(game, options, seat, level)  # each bot keeps its first seat's role
    report = ArenaReport(
        list(levels),
        wins=[0.0] * count,
        times=[[] for _ in levels],
        roles=[role.id for role in roles],
        teams=[team.id if team else None for team in teams],
        role_wins=dict.fromkeys((role.id for role in roles), 0),
        team_wins=dict.fromkeys((team.id for team in teams if team), 0),
    )
    for number in range(games):
        bots = [
            make_bot(game, level, seed * 1000 + number * 10 + i, settings)
            for i, level in enumerate(levels)
        ]
        entry_at = _seat_of_entries(roles, number)
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
            report.wins[entry_at[seat]] += 1 if report.team_wins else 1 / len(winners)
        for role in {roles[seat].id for seat in winners}:
            report.role_wins[role] += 1
        for team in {team.id for seat in winners if (team := teams[seat])}:
            report.team_wins[team] += 1
        report.games += 1
    return report
