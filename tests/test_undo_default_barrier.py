"""The engine's default undo barrier (engine/undo.py, default_barrier): "the
random generator moved or a hidden card became visible", told without
knowing the game."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from game.duel import GAME as DUEL
from game.duel.state import Commit, Keep, Stage, Swap
from game.engine.undo import default_barrier
from game.registry import get_game


def _duel_at_swap() -> Any:
    state = DUEL.new_game(DUEL.normalize_options({"players": 2}), 5)
    assert state.stage is Stage.SWAP
    return state


def test_keeping_a_hand_shows_nothing_and_swapping_draws_a_hidden_card() -> None:
    barrier = default_barrier(DUEL, lambda state: state.dice)
    before = _duel_at_swap()
    seat = before.seat
    kept, _ = DUEL.apply(before, seat, Keep())
    assert barrier(before, kept, seat, Keep()) is None
    swap = Swap(before.hands[seat][0])
    swapped, _ = DUEL.apply(before, seat, swap)
    refused = barrier(before, swapped, seat, swap)
    assert refused is not None and refused.code == "undo_revealed"


def test_a_face_down_commit_shows_nothing_and_the_reveal_shows_the_other_card() -> None:
    barrier = default_barrier(DUEL, lambda state: state.dice)
    state = _duel_at_swap()
    while state.stage is Stage.SWAP:
        state, _ = DUEL.apply(state, state.seat, Keep())
    first = Commit(state.hands[0][0])
    committed, _ = DUEL.apply(state, 0, first)
    assert barrier(state, committed, 0, first) is None
    second = Commit(committed.hands[1][0])
    revealed, _ = DUEL.apply(committed, 1, second)
    refused = barrier(committed, revealed, 1, second)
    assert refused is not None and refused.code == "undo_revealed"


def test_a_moved_generator_is_a_barrier_even_when_nothing_shows() -> None:
    barrier = default_barrier(DUEL, lambda state: state.dice)
    before = _duel_at_swap()
    after, _ = DUEL.apply(before, before.seat, Keep())
    moved = replace(after, dice=after.dice ^ 1)
    refused = barrier(before, moved, before.seat, Keep())
    assert refused is not None and refused.code == "undo_random"


@pytest.mark.parametrize("name", ["bossquest", "theboss"])
def test_it_agrees_with_the_games_own_barriers_within_a_turn(name: str) -> None:
    """Within a turn (the only moves undo may take back), the default bars
    every draw and look the game names, and never bars a move the game allows."""
    game = get_game(name)
    hooks = game.capabilities.undo
    assert hooks is not None
    barrier = default_barrier(game, lambda state: int(state.rng))
    draws = {"Ask", "AskVisit", "Look", "LookMystery", "ActivateMystery"}
    checked = 0
    for seed in range(12):
        rng = random.Random(seed)
        state = game.new_game(game.normalize_options({"players": 3 + seed % 2}), seed)
        for _ in range(200):
            if game.is_over(state):
                break
            seat = game.to_act(state)[0]
            action = rng.choice(game.legal_actions(state, seat))
            after, _ = game.apply(state, seat, action)
            if hooks.turn_goes_on(state, after, seat, action):
                ours = hooks.barrier(state, after, seat, action)
                default = barrier(state, after, seat, action)
                if ours is None:
                    assert default is None, (seed, action)
                if type(action).__name__ in draws:
                    assert default is not None, (seed, action)
                checked += 1
            state = after
    assert checked > 20
