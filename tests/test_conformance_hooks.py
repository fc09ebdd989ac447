"""The conformance suite's checks of the optional hooks, for every game that
declares them (engine/capabilities.py): what the search bot and the undo
policy rely on, checked on the states of random games rather than trusted.

Search: a determinized world shows the seat exactly its view and keeps the
game's invariants; `dealer` deals the same worlds as `determinize`; `advance`
gives `apply`'s state (or, past the horizon, one judged alike); a
`playout_view` record holds only what the view holds; `playout` ends where the
engine's own loop ends; `candidates` are distinct indexes of the legal list.
Undo: the hooks answer in their types, a move that showed the seat a hidden
card is a barrier (the engine's default barrier tells), a move behind a
barrier is never taken back, and a move taken back leaves the match as if
never played."""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any

import pytest

from game.engine import rng
from game.engine.capabilities import SearchHooks, UndoHooks
from game.engine.errors import Reason
from game.engine.match import Match, replay
from game.engine.protocol import Game
from game.engine.search import play_out
from game.engine.undo import default_barrier, match_steps, undo_refusal, undone
from tests.test_conformance import ALL_GAMES, OPTION_SETS

#: every how many states of a random game the (costly) search checks look
SEARCH_EVERY = 5
PLAYOUT_LIMIT = 40


def _with(hook: str) -> list[Any]:
    return [
        pytest.param(game, options, id=f"{name}-{index}")
        for name, game in ALL_GAMES.items()
        if getattr(game.capabilities, hook) is not None
        for index, options in enumerate(OPTION_SETS[name][:2])
    ]


def _random_play(game: Game[Any, Any], options: dict[str, Any], seed: int) -> Iterator[Any]:
    """Each state of one random game, up to its end."""
    state = game.new_game(options, seed)
    dice = rng.seed_state(seed)
    while not game.is_over(state):
        yield state
        acting = game.to_act(state)
        pick, dice = rng.below(dice, len(acting))
        legal = game.legal_actions(state, acting[pick])
        index, dice = rng.below(dice, len(legal))
        state, _ = game.apply(state, acting[pick], legal[index])
    yield state


def _search(game: Game[Any, Any]) -> SearchHooks:
    hooks = game.capabilities.search
    assert hooks is not None
    return hooks


@pytest.mark.parametrize(("game", "options"), _with("search"))
def test_the_search_hooks_keep_their_contract(
    game: Game[Any, Any], options: dict[str, Any]
) -> None:
    hooks = _search(game)
    policy = game.capabilities.bots[hooks.policy]
    own = game.capabilities.invariant_problems
    looked = 0
    for number, state in enumerate(_random_play(game, options, 9)):
        if number % SEARCH_EVERY or game.is_over(state):
            continue
        for seat in game.to_act(state):
            looked += 1
            view = game.view(state, seat)
            legal = game.legal_actions(state, seat)
            world = hooks.determinize(view, number)
            assert game.view(world, seat) == view, "a world must show the seat its own view"
            assert game.legal_actions(world, seat) == legal
            assert own is None or own(world) == []
            if hooks.dealer is not None:
                assert hooks.dealer(view)(number) == world, "dealer and determinize disagree"
            for action in legal[:3]:
                applied = game.apply(state, seat, action)[0]
                if hooks.advance is not None:
                    advanced = hooks.advance(state, seat, action)
                    if hooks.horizon(state, applied):
                        assert hooks.horizon(state, advanced)
                        assert hooks.score(state, advanced, seat) == hooks.score(
                            state, applied, seat
                        )
                    else:
                        assert advanced == applied, "advance must give apply's state"
                assert math.isfinite(hooks.score(state, applied, seat))
            if hooks.playout_view is not None:
                record = hooks.playout_view(state, seat)
                if isinstance(record, dict):
                    assert all(record[key] == view[key] for key in record), "more than the view"
            if hooks.playout is not None:
                action = legal[number % len(legal)]
                assert hooks.playout(world, seat, action, PLAYOUT_LIMIT) == play_out(
                    game, policy, world, seat, action, PLAYOUT_LIMIT
                ), "a game's own playout must end where the engine's loop ends"
            if hooks.candidates is not None:
                picked = list(hooks.candidates(view, legal))
                assert picked and len(set(picked)) == len(picked)
                assert all(type(i) is int and 0 <= i < len(legal) for i in picked)
    assert looked > 3


def _undo(game: Game[Any, Any]) -> UndoHooks:
    hooks = game.capabilities.undo
    assert hooks is not None
    return hooks


@pytest.mark.parametrize(("game", "options"), _with("undo"))
def test_the_undo_hooks_keep_their_contract(game: Game[Any, Any], options: dict[str, Any]) -> None:
    hooks = _undo(game)
    reveals = default_barrier(game, lambda _state: 0)  # the generator is the game's own check
    normalized = game.normalize_options(options)
    match = Match(game.name, normalized, 4)
    state = game.new_game(normalized, 4)
    dice = rng.seed_state(4)
    allowed = barred = 0
    while not game.is_over(state):
        acting = game.to_act(state)
        pick, dice = rng.below(dice, len(acting))
        seat = acting[pick]
        legal = game.legal_actions(state, seat)
        index, dice = rng.below(dice, len(legal))
        action = legal[index]
        after, _ = game.apply(state, seat, action)
        goes_on = hooks.turn_goes_on(state, after, seat, action)
        barrier = hooks.barrier(state, after, seat, action)
        assert type(goes_on) is bool
        assert barrier is None or (isinstance(barrier, Reason) and barrier.code and barrier.message)
        if goes_on and barrier is None:
            # a move that showed the seat a hidden card is never taken back:
            # the engine's default barrier tells, from re-dealt states
            shown = reveals(state, after, seat, action)
            assert shown is None, f"{action} showed a hidden card but is no barrier"
        match = match.played(seat, game.action_to_json(action))
        last, steps = match_steps(game, match)
        refusal = undo_refusal(game, last, steps[-16:], seat)
        if barrier is not None:
            barred += 1
            assert refusal is not None, "a move behind a barrier must not be taken back"
        if refusal is None:
            allowed += 1
            assert seat in game.to_act(after)
            back = undone(match)
            assert replay(game, back) == state, "a move taken back leaves the state before it"
        state = after
    assert allowed + barred > 0
