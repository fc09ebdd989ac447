"""Seat 0's decisions in seeded games, for the benchmark scripts (imported as a
sibling module, as bench/cpu_clock.py is)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any


def seat_zero_decisions(
    game: Any, policy: Callable[[Any, Sequence[Any]], Any], games: int, players: int = 4
) -> Iterator[tuple[Any, Any, Sequence[Any]]]:
    """Seat 0's decisions with a choice in `games` seeded games of `players`
    where every seat plays `policy`: each as (state, view, legal actions),
    yielded before its move is made, so a caller may search there first."""
    for seed in range(games):
        state = game.new_game({"players": players}, seed)
        while not game.is_over(state):
            seat = game.to_act(state)[0]
            view, legal = game.view(state, seat), game.legal_actions(state, seat)
            if seat == 0 and len(legal) > 1:
                yield state, view, legal
            state, _ = game.apply(state, seat, policy(view, legal))
