"""Random play: whole games with uniformly random legal actions, for speed
figures and for checking invariants after every action."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from . import rng
from .invariants import check_invariants
from .protocol import Game

__all__ = ["SimulationReport", "random_game", "simulate"]

# The players' dice are a generator of their own, apart from the game's, and
# so are the draws of the states whose whole action universe is checked.
_PLAYER_STREAM = 0x5EED_0F_B07
_SAMPLE_STREAM = 0x5A_3B1E


@dataclass
class SimulationReport:
    games: int = 0
    actions: int = 0
    rounds: int = 0
    seconds: float = 0.0
    violations: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        seconds = self.seconds or 1e-9
        return {
            "games": self.games,
            "actions": self.actions,
            "games_per_s": round(self.games / seconds, 2),
            "actions_per_s": round(self.actions / seconds, 1),
            "mean_rounds": round(self.rounds / self.games, 3) if self.games else 0.0,
            "invariant_violations": len(self.violations),
        }


def random_game(
    game: Game[Any, Any],
    options: dict[str, Any],
    seed: int,
    check: bool = False,
    max_actions: int = 100_000,
    universe_one_in: int = 1,
    universe_first: int = 0,
    stop_at_problem: bool = False,
) -> tuple[Any, list[tuple[int, Any]], list[str]]:
    """Play one game with random legal actions: (final state, actions, violations).

    With `check`, every invariant is checked after every action; the costly
    part, the checker against the whole action universe, on the first state,
    the last, and one state in `universe_one_in` drawn at random (every
    state with 1), the legal lists only on the others (engine/invariants.py);
    the first `universe_first` states always on the whole universe. With
    `stop_at_problem`, the game stops at the first state with a broken
    invariant (a test that only needs a mistake caught once)."""
    state = game.new_game(options, seed)
    dice = rng.seed_state(seed ^ _PLAYER_STREAM)
    sampler = rng.seed_state(seed ^ _SAMPLE_STREAM)
    played: list[tuple[int, Any]] = []
    violations: list[str] = []
    if check:
        violations += check_invariants(game, state, seed)
    # The game's methods, looked up once: this loop is the speed benchmark's.
    is_over, to_act, legal_actions, apply = (
        game.is_over,
        game.to_act,
        game.legal_actions,
        game.apply,
    )
    below = rng.below
    while not is_over(state):
        if stop_at_problem and violations:
            break
        if len(played) >= max_actions:
            violations.append(f"game {seed} did not end within {max_actions} actions")
            break
        acting = to_act(state)
        seat = acting[0]
        if len(acting) > 1:  # a simultaneous step: any of them may be first
            pick, dice = below(dice, len(acting))
            seat = acting[pick]
        legal = legal_actions(state, seat)
        if not legal:
            violations.append(f"game {seed}: seat {seat} is to act but has no legal action")
            break
        index, dice = below(dice, len(legal))
        action = legal[index]
        state, _events = apply(state, seat, action)
        played.append((seat, action))
        if check:
            draw, sampler = below(sampler, universe_one_in)
            whole = draw == 0 or len(played) < universe_first
            violations += [
                f"game {seed}, action {len(played)}: {p}"
                for p in check_invariants(
                    game, state, seed + len(played), universe=whole or is_over(state)
                )
            ]
    return state, played, violations


def simulate(
    game: Game[Any, Any],
    options: dict[str, Any],
    games: int,
    seed: int,
    check: bool = True,
    universe_one_in: int = 1,
) -> SimulationReport:
    report = SimulationReport()
    start = time.perf_counter()
    for index in range(games):
        state, played, violations = random_game(
            game, options, seed + index, check, universe_one_in=universe_one_in
        )
        report.games += 1
        report.actions += len(played)
        rounds = game.capabilities.rounds
        report.rounds += rounds(state) if rounds is not None else 0
        report.violations += violations
    report.seconds = time.perf_counter() - start
    return report
