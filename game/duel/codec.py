"""Duel's state as JSON, decoded strictly: a decoded state is sound or refused."""

from __future__ import annotations

from typing import Any

from ..engine.errors import MalformedData
from ..engine.jsonfields import expect_fields, read_int, read_int_list, read_str
from ..engine.safejson import quote
from .state import CARDS, Action, Commit, Keep, Stage, State, Swap
from .views import state_problems

__all__ = ["action_from_json", "action_to_json", "state_from_json", "state_to_json"]

_FIELDS = (
    "dice", "deck", "hands", "discards", "committed", "points", "round", "stage", "seat",
    "swaps_done",
)  # fmt: skip


def state_to_json(state: State) -> dict[str, Any]:
    return {
        "dice": state.dice,
        "deck": list(state.deck),
        "hands": [list(hand) for hand in state.hands],
        "discards": list(state.discards),
        "committed": list(state.committed),
        "points": list(state.points),
        "round": state.round,
        "stage": state.stage.value,
        "seat": state.seat,
        "swaps_done": state.swaps_done,
    }


def state_from_json(data: Any) -> State:
    what = "duel state"
    fields = expect_fields(data, what, _FIELDS)
    hands = fields["hands"]
    committed = fields["committed"]
    if not isinstance(hands, list) or len(hands) != 2:
        raise MalformedData(f"{what}.hands must be a list of two hands")
    if not isinstance(committed, list) or len(committed) != 2:
        raise MalformedData(f"{what}.committed must be a list of two entries")
    for card in committed:
        if card is not None and not _is_card(card):
            raise MalformedData(f"{what}.committed holds {quote(card)}, not a card")
    stage = read_str(fields, "stage", what)
    if stage not in {item.value for item in Stage}:
        raise MalformedData(f"{what}.stage {quote(stage)} is not a stage")
    points = read_int_list(fields, "points", what)
    if len(points) != 2:
        raise MalformedData(f"{what}.points must hold two numbers")
    dice = read_int(fields, "dice", what)
    if not 0 <= dice < 1 << 64:
        raise MalformedData(f"{what}.dice must be a 64-bit generator state")
    state = State(
        dice=dice,
        deck=read_int_list(fields, "deck", what),
        hands=(
            read_int_list({"hand": hands[0]}, "hand", what),
            read_int_list({"hand": hands[1]}, "hand", what),
        ),
        discards=read_int_list(fields, "discards", what),
        committed=(committed[0], committed[1]),
        points=(points[0], points[1]),
        round=read_int(fields, "round", what),
        stage=Stage(stage),
        seat=read_int(fields, "seat", what),
        swaps_done=read_int(fields, "swaps_done", what),
    )
    problems = state_problems(state)
    if problems:
        raise MalformedData(f"{what} is not sound: {problems[0]}")
    return state


def _is_card(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < CARDS


def action_to_json(action: Action) -> dict[str, Any]:
    if isinstance(action, Keep):
        return {"type": "keep"}
    kind = "swap" if isinstance(action, Swap) else "commit"
    return {"type": kind, "card": action.card}


def action_from_json(data: Any) -> Action:
    what = "duel action"
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise MalformedData(f"a {what} must be an object with a type")
    kind = data["type"]
    if kind == "keep":
        expect_fields(data, what, ("type",))
        return Keep()
    if kind not in ("swap", "commit"):
        raise MalformedData(f"unknown {what} type {quote(kind)}")
    fields = expect_fields(data, what, ("type", "card"))
    card = read_int(fields, "card", what)
    if not 0 <= card < CARDS:
        raise MalformedData(f"{what}.card must be a card id 0..{CARDS - 1}")
    return Swap(card) if kind == "swap" else Commit(card)
