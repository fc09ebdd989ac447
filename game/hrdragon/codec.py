"""The Dragon game's state and actions as JSON, decoded strictly: a decoded
state is sound or refused."""

from __future__ import annotations

from typing import Any, Final

from ..engine.codec import record_from_json, record_state_to_json, tagged_from_json, tagged_to_json
from ..engine.errors import MalformedData
from ..herorealms.state import ACTION_TYPES as CORE_TYPES
from ..herorealms.state import Aim, AttackPlayer, Choose
from .cards import HOARD_IDS, MAX_PARTY
from .state import Action, Borrow, Give, Reveal, SkillCheck, State, Steal, UseItem
from .views import state_problems

__all__ = ["ACTION_TYPES", "action_from_json", "action_to_json", "state_from_json", "state_to_json"]

ACTION_TYPES: Final[dict[str, type[Any]]] = {
    **CORE_TYPES,
    "give": Give,
    "borrow": Borrow,
    "reveal": Reveal,
    "use_item": UseItem,
    "skill_check": SkillCheck,
    "steal": Steal,
}
"""Each action's "type" in JSON: Hero Realms' and the boss deck's."""
_SEATS = MAX_PARTY + 1
_MOST_COMBAT = 10_000
_LAST_CARD = HOARD_IDS[-1]


def state_to_json(state: State) -> dict[str, Any]:
    return record_state_to_json(state)


def state_from_json(data: Any) -> State:
    what = "hrdragon state"
    state = record_from_json(State, data, what)
    dice = state.core.dice
    if type(dice) is not int or not 0 <= dice < 1 << 64:
        raise MalformedData(f"{what}.core.dice must be a 64-bit generator state")
    found = state_problems(state)
    if found:
        raise MalformedData(f"{what} is not sound: {found[0]}")
    return state


def action_to_json(action: Action) -> dict[str, Any]:
    return tagged_to_json(action, ACTION_TYPES)


def action_from_json(data: Any) -> Action:
    what = "hrdragon action"
    action: Action = tagged_from_json(ACTION_TYPES, data, what)
    seat = getattr(action, "seat", 0)
    if isinstance(action, Aim | AttackPlayer | Give | Borrow) and not 0 <= seat < _SEATS:
        raise MalformedData(f"{what}.seat must be a seat 0..{_SEATS - 1}")
    if isinstance(action, AttackPlayer) and not 1 <= action.amount <= _MOST_COMBAT:
        raise MalformedData(f"{what}.amount must be 1..{_MOST_COMBAT}")
    if isinstance(action, Choose) and not 0 <= action.index < 8:
        raise MalformedData(f"{what}.index must be 0..7")
    cards = [getattr(action, "card", 0), getattr(action, "item", HOARD_IDS[0])]
    if isinstance(action, SkillCheck | Steal):
        cards += list(action.cards)
    if isinstance(action, Reveal) or all(0 <= card <= _LAST_CARD for card in cards):
        return action
    raise MalformedData(f"{what}: a card must be an id 0..{_LAST_CARD}")
