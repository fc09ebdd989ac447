"""Small helpers the tests share."""

from __future__ import annotations

from typing import Any

from game.bossquest import GAME
from game.bossquest.state import State
from game.engine import rng


def play_random(players: int, seed: int, steps: int, **options: Any) -> State:
    """A state reached by `steps` random legal actions (or the end of the game)."""
    state = GAME.new_game({"players": players, **options}, seed)
    dice = rng.seed_state(seed + 1)
    for _ in range(steps):
        if GAME.is_over(state):
            break
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        index, dice = rng.below(dice, len(legal))
        state, _ = GAME.apply(state, seat, legal[index])
    return state
