"""Duel's state as JSON, decoded strictly: a decoded state is sound or refused.

The engine's generic codec reads and writes the records field by field, by
their types; this module adds what the types cannot say (the generator's
range, a card id's range, a sound state)."""

from __future__ import annotations

from typing import Any

from ..engine.codec import (
    record_state_from_json,
    record_state_to_json,
    tagged_from_json,
    tagged_to_json,
)
from ..engine.errors import MalformedData
from .state import CARDS, Action, Commit, Keep, State, Swap
from .views import state_problems

__all__ = ["action_from_json", "action_to_json", "state_from_json", "state_to_json"]

#: each action's "type" in JSON
_ACTIONS: dict[str, type[Action]] = {"keep": Keep, "swap": Swap, "commit": Commit}


def state_to_json(state: State) -> dict[str, Any]:
    return record_state_to_json(state)


def state_from_json(data: Any) -> State:
    return record_state_from_json(State, data, "duel state", state_problems)


def action_to_json(action: Action) -> dict[str, Any]:
    return tagged_to_json(action, _ACTIONS)


def action_from_json(data: Any) -> Action:
    what = "duel action"
    action: Action = tagged_from_json(_ACTIONS, data, what)
    if not isinstance(action, Keep) and not 0 <= action.card < CARDS:
        raise MalformedData(f"{what}.card must be a card id 0..{CARDS - 1}")
    return action
