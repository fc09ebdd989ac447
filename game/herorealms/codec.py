"""Hero Realms' state and actions as JSON, decoded strictly: a decoded state
is sound or refused."""

from __future__ import annotations

from typing import Any

from ..engine.codec import (
    record_state_from_json,
    record_state_to_json,
    tagged_from_json,
    tagged_to_json,
)
from ..engine.errors import MalformedData
from .cards import CARD_COUNT, MAX_SEATS
from .state import (
    ACTION_TYPES,
    Action,
    Aim,
    AttackPlayer,
    BuyGem,
    Choose,
    EndTurn,
    PlayGold,
    Skip,
    State,
)
from .views import state_problems

__all__ = ["action_from_json", "action_to_json", "state_from_json", "state_to_json"]

_MOST_COMBAT = 10_000
"""A bound far above any combat a game can gather, for reading actions."""


def state_to_json(state: State) -> dict[str, Any]:
    return record_state_to_json(state)


def state_from_json(data: Any) -> State:
    return record_state_from_json(State, data, "herorealms state", state_problems)


def action_to_json(action: Action) -> dict[str, Any]:
    return tagged_to_json(action, ACTION_TYPES)


def action_from_json(data: Any) -> Action:
    what = "herorealms action"
    action: Action = tagged_from_json(ACTION_TYPES, data, what)
    if isinstance(action, BuyGem | EndTurn | Skip | PlayGold):
        return action
    if isinstance(action, Aim | AttackPlayer) and not 0 <= action.seat < MAX_SEATS:
        raise MalformedData(f"{what}.seat must be a seat 0..{MAX_SEATS - 1}")
    if isinstance(action, AttackPlayer) and not 1 <= action.amount <= _MOST_COMBAT:
        raise MalformedData(f"{what}.amount must be 1..{_MOST_COMBAT}")
    if isinstance(action, Choose) and not 0 <= action.index < 8:
        raise MalformedData(f"{what}.index must be 0..7")
    card = getattr(action, "card", 0)
    if not 0 <= card < CARD_COUNT:
        raise MalformedData(f"{what}.card must be a card id 0..{CARD_COUNT - 1}")
    return action
