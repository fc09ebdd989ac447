"""Boss Quest's actions and their JSON form: {"type": "ask", "count": 2}."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ..engine.errors import MalformedData
from ..engine.jsonfields import expect_fields, read_int, read_str

__all__ = [
    "Action",
    "Activate",
    "ActivateMystery",
    "Ask",
    "Choose",
    "Discard",
    "DiscardMystery",
    "Pass",
    "Stop",
    "Visit",
    "action_from_json",
    "action_to_json",
]


@dataclass(frozen=True, slots=True)
class Ask:
    """Ask the Armorer for 1 to 4 weapons; they come face up."""

    count: int


@dataclass(frozen=True, slots=True)
class Visit:
    """Leave the Armorer and go to the Magician."""


@dataclass(frozen=True, slots=True)
class Stop:
    """At 5 or 6 players, the last one at the Armorer ends the turns without a visit."""


@dataclass(frozen=True, slots=True)
class Pass:
    """At 2 players, let a repeat turn at the Magician go by."""


@dataclass(frozen=True, slots=True)
class Activate:
    """Activate a face-up spell at the Magician."""

    card: int


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard a face-up spell at the Magician."""

    card: int


@dataclass(frozen=True, slots=True)
class ActivateMystery:
    """Activate the face-down mystery spell, before it is revealed."""


@dataclass(frozen=True, slots=True)
class DiscardMystery:
    """Discard the face-down mystery spell, before it is revealed."""


@dataclass(frozen=True, slots=True)
class Choose:
    """Finish an activated spell: a target seat, an amount (1 or 2), or a card
    (one of your weapons for an exchange, an active spell for a cancel)."""

    target: int | None = None
    amount: int | None = None
    card: int | None = None


Action = Ask | Visit | Stop | Pass | Activate | Discard | ActivateMystery | DiscardMystery | Choose

_NAMES: dict[type[Any], str] = {
    Ask: "ask",
    Visit: "visit",
    Stop: "stop",
    Pass: "pass",
    Activate: "activate",
    Discard: "discard",
    ActivateMystery: "activate_mystery",
    DiscardMystery: "discard_mystery",
    Choose: "choose",
}


def action_to_json(action: Action) -> dict[str, Any]:
    data: dict[str, Any] = {"type": _NAMES[type(action)]}
    if isinstance(action, Ask):
        data["count"] = action.count
    elif isinstance(action, Activate | Discard):
        data["card"] = action.card
    elif isinstance(action, Choose):
        for key in ("target", "amount", "card"):
            value = getattr(action, key)
            if value is not None:
                data[key] = value
    return data


def _no_fields(cls: Callable[[], Action]) -> Callable[[Mapping[str, Any]], Action]:
    return lambda data: cls()


def _read_choose(data: Mapping[str, Any]) -> Action:
    values = {
        key: read_int(data, key, "choose") for key in ("target", "amount", "card") if key in data
    }
    return Choose(**values)


_READERS: dict[
    str, tuple[tuple[str, ...], tuple[str, ...], Callable[[Mapping[str, Any]], Action]]
] = {
    "ask": (("count",), (), lambda data: Ask(read_int(data, "count", "ask"))),
    "visit": ((), (), _no_fields(Visit)),
    "stop": ((), (), _no_fields(Stop)),
    "pass": ((), (), _no_fields(Pass)),
    "activate": (("card",), (), lambda data: Activate(read_int(data, "card", "activate"))),
    "discard": (("card",), (), lambda data: Discard(read_int(data, "card", "discard"))),
    "activate_mystery": ((), (), _no_fields(ActivateMystery)),
    "discard_mystery": ((), (), _no_fields(DiscardMystery)),
    "choose": ((), ("target", "amount", "card"), _read_choose),
}


def action_from_json(data: object) -> Action:
    """Decode an action; unknown types, missing, extra or mistyped fields raise MalformedData."""
    head = expect_fields(
        data, "action", ("type",), [k for r in _READERS.values() for k in r[0] + r[1]]
    )
    kind = read_str(head, "type", "action")
    if kind not in _READERS:
        raise MalformedData(f"unknown action type {kind!r}", code="unknown_action")
    required, optional, reader = _READERS[kind]
    fields = expect_fields(data, f"action {kind!r}", ("type", *required), optional)
    return reader(fields)
