"""Raid's state and actions as JSON, decoded strictly: a decoded state is sound or refused."""

from __future__ import annotations

from typing import Any

from ..engine.errors import MalformedData
from ..engine.jsonfields import expect_fields, read_int, read_int_list, read_str
from ..engine.safejson import quote
from .state import CARDS, Action, Block, End, Pick, Play, Stage, State, Take
from .views import state_problems

__all__ = ["action_from_json", "action_to_json", "state_from_json", "state_to_json"]

_FIELDS = (
    "dice", "deck", "hands", "picks", "loot", "discards", "hp", "guard", "round", "dawn", "stage",
    "turn", "striker", "target", "winner",
)  # fmt: skip
_WHAT = "raid state"


def state_to_json(state: State) -> dict[str, Any]:
    return {
        "dice": state.dice,
        "deck": list(state.deck),
        "hands": [list(hand) for hand in state.hands],
        "picks": list(state.picks),
        "loot": [list(cards) for cards in state.loot],
        "discards": list(state.discards),
        "hp": list(state.hp),
        "guard": list(state.guard),
        "round": state.round,
        "dawn": state.dawn,
        "stage": state.stage.value,
        "turn": state.turn,
        "striker": state.striker,
        "target": state.target,
        "winner": state.winner,
    }


def _card_lists(fields: Any, key: str) -> tuple[tuple[int, ...], ...]:
    value = fields[key]
    if not isinstance(value, list) or not 3 <= len(value) <= 6:
        raise MalformedData(f"{_WHAT}.{key} must be a list of 3 to 6 lists of cards")
    return tuple(read_int_list({key: item}, key, _WHAT) for item in value)


def state_from_json(data: Any) -> State:
    fields = expect_fields(data, _WHAT, _FIELDS)
    picks = fields["picks"]
    if not isinstance(picks, list):
        raise MalformedData(f"{_WHAT}.picks must be a list")
    for pick in picks:
        if pick is not None and (type(pick) is not int or not 0 <= pick < CARDS):
            raise MalformedData(f"{_WHAT}.picks holds {quote(pick)}, not a card")
    stage = read_str(fields, "stage", _WHAT)
    if stage not in {item.value for item in Stage}:
        raise MalformedData(f"{_WHAT}.stage {quote(stage)} is not a stage")
    dice = read_int(fields, "dice", _WHAT)
    if not 0 <= dice < 1 << 64:
        raise MalformedData(f"{_WHAT}.dice must be a 64-bit generator state")
    state = State(
        dice=dice,
        deck=read_int_list(fields, "deck", _WHAT),
        hands=_card_lists(fields, "hands"),
        picks=tuple(picks),
        loot=_card_lists(fields, "loot"),
        discards=read_int_list(fields, "discards", _WHAT),
        hp=read_int_list(fields, "hp", _WHAT),
        guard=read_int_list(fields, "guard", _WHAT),
        round=read_int(fields, "round", _WHAT),
        dawn=read_int(fields, "dawn", _WHAT),
        stage=Stage(stage),
        turn=read_int(fields, "turn", _WHAT),
        striker=read_int(fields, "striker", _WHAT),
        target=read_int(fields, "target", _WHAT),
        winner=read_str(fields, "winner", _WHAT),
    )
    problems = state_problems(state)
    if problems:
        raise MalformedData(f"{_WHAT} is not sound: {problems[0]}")
    return state


def action_to_json(action: Action) -> dict[str, Any]:
    if isinstance(action, Play):
        return {"type": "play", "card": action.card, "target": action.target}
    if isinstance(action, Pick | Block):
        return {"type": type(action).__name__.lower(), "card": action.card}
    return {"type": type(action).__name__.lower()}


def action_from_json(data: Any) -> Action:
    what = "raid action"
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise MalformedData(f"a {what} must be an object with a type")
    kind = data["type"]
    if kind in ("end", "take"):
        expect_fields(data, what, ("type",))
        return End() if kind == "end" else Take()
    if kind not in ("pick", "play", "block"):
        raise MalformedData(f"unknown {what} type {quote(kind)}")
    keys = ("type", "card", "target") if kind == "play" else ("type", "card")
    fields = expect_fields(data, what, keys)
    card = read_int(fields, "card", what)
    if not 0 <= card < CARDS:
        raise MalformedData(f"{what}.card must be a card id 0..{CARDS - 1}")
    if kind == "play":
        target = read_int(fields, "target", what)
        if not 0 <= target < 6:
            raise MalformedData(f"{what}.target must be a seat 0..5")
        return Play(card, target)
    return Pick(card) if kind == "pick" else Block(card)
