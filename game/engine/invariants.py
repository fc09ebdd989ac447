"""Invariants that hold for any game after every action, checked by the
simulator and the tests: the game's own ones, the checker and the legal list
agreeing, views unchanged when unseen cards are re-dealt, exact JSON round-trips."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from .codec import canonical_json, decode_state, encode_state
from .errors import MalformedData
from .protocol import Game

__all__ = ["check_invariants"]


def check_invariants(
    game: Game[Any, Any], state: Any, seed: int = 0, universe: bool = True
) -> list[str]:
    """Every broken invariant of `state`, as sentences. Optional capabilities
    used: `invariant_problems` and `redeal`.

    With `universe`, the checker and the legal list must agree on the whole
    action universe; without it (the cheap check, for most states of long
    random games), only on the legal lists: every listed action is allowed,
    and only the seats to act have any. What the cheap check cannot see, an
    action the checker allows that no list holds, is the universe check's."""
    capabilities = game.capabilities
    own = capabilities.invariant_problems
    problems = list(own(state)) if own is not None else []
    seats = range(game.seats(state))
    acting = set(game.to_act(state))
    legal = {seat: game.legal_actions(state, seat) for seat in seats}
    lookup = {seat: _lookup(actions) for seat, actions in legal.items()}
    checked = game.action_universe(state) if universe else _listed(legal)
    check = game.check  # looked up once: a large universe calls it thousands of times a state
    for action in checked:
        for seat in seats:
            listed = action in lookup[seat]
            allowed = check(state, seat, action) is None
            if listed != allowed:
                problems.append(
                    f"seat {seat}: {action} is {'listed' if listed else 'not listed'} "
                    f"but the checker {'allows' if allowed else 'refuses'} it"
                )
            if allowed and seat not in acting:
                problems.append(f"seat {seat} may play {action} but is not to act")
    encoded = encode_state(game, state)
    try:
        round_trip = decode_state(game, encoded)
    except MalformedData as error:
        problems.append(f"the state's own JSON does not load: {error.message}")
    else:
        if round_trip != state or canonical_json(encode_state(game, round_trip)) != canonical_json(
            encoded
        ):
            problems.append("the JSON round-trip changed the state")
    redeal = capabilities.redeal
    if redeal is not None:
        for seat in [None, *seats]:
            if game.view(redeal(state, seat, seed), seat) != game.view(state, seat):
                problems.append(
                    f"the view of seat {seat} changes when its unseen cards are re-dealt"
                )
    return problems


def _lookup(actions: list[Any]) -> Collection[Any]:
    """The legal list as a set when its actions hash (a membership test of a
    long list, for each action of a large universe, was most of the check's
    time), else the list itself."""
    try:
        return frozenset(actions)
    except TypeError:
        return actions


def _listed(legal: dict[int, list[Any]]) -> list[Any]:
    """Every action of every seat's legal list (one listed twice is checked twice)."""
    return [action for actions in legal.values() for action in actions]
