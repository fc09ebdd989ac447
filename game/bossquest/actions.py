"""Boss Quest's actions and their JSON form: {"type": "ask", "count": 2}."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ..engine.errors import MalformedData
from ..engine.jsonfields import expect_fields, read_int, read_str
from ..engine.safejson import quote

__all__ = [
    "Action",
    "Activate",
    "ActivateMystery",
    "Ask",
    "AskVisit",
    "BecomeReaper",
    "Choose",
    "Discard",
    "DiscardMystery",
    "Look",
    "LookMystery",
    "Pass",
    "ReadPotion",
    "Replace",
    "Stop",
    "TakeLife",
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
    (one of your weapons for an exchange, an active spell for a cancel, a face-up
    potion to invert); `card` and `other` are the two companions a swap exchanges."""

    target: int | None = None
    amount: int | None = None
    card: int | None = None
    other: int | None = None


@dataclass(frozen=True, slots=True)
class ReadPotion:
    """Potions: choose the reading of a potion you hold, +1 or -1 times its size."""

    card: int
    sign: int


@dataclass(frozen=True, slots=True)
class Look:
    """The owl's power: look at another player's hidden weapon (does not end the turn)."""

    target: int


@dataclass(frozen=True, slots=True)
class LookMystery:
    """The owl's power: look at the mystery spell (does not end the turn)."""


@dataclass(frozen=True, slots=True)
class Replace:
    """The magpie's power: put a face-up spell in the discard and the top of the
    spell deck in its place (does not end the turn)."""

    card: int


@dataclass(frozen=True, slots=True)
class AskVisit:
    """The hare's power: ask for weapons and go to the Magician in the same turn."""

    count: int


@dataclass(frozen=True, slots=True)
class TakeLife:
    """The Reaper's round won: take hearts back up to 3; the Reaper is discarded."""


@dataclass(frozen=True, slots=True)
class BecomeReaper:
    """The Reaper's round won: become the Reaper (hearts and keys are discarded)."""


Action = (
    Ask
    | Visit
    | Stop
    | Pass
    | Activate
    | Discard
    | ActivateMystery
    | DiscardMystery
    | Choose
    | ReadPotion
    | Look
    | LookMystery
    | Replace
    | AskVisit
    | TakeLife
    | BecomeReaper
)

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
    ReadPotion: "read_potion",
    Look: "look",
    LookMystery: "look_mystery",
    Replace: "replace",
    AskVisit: "ask_visit",
    TakeLife: "take_life",
    BecomeReaper: "become_reaper",
}
_CHOICES = ("target", "amount", "card", "other")


def action_to_json(action: Action) -> dict[str, Any]:
    data: dict[str, Any] = {"type": _NAMES[type(action)]}
    if isinstance(action, Ask | AskVisit):
        data["count"] = action.count
    elif isinstance(action, Activate | Discard | Replace):
        data["card"] = action.card
    elif isinstance(action, ReadPotion):
        data["card"] = action.card
        data["sign"] = action.sign
    elif isinstance(action, Look):
        data["target"] = action.target
    elif isinstance(action, Choose):
        for key in _CHOICES:
            value = getattr(action, key)
            if value is not None:
                data[key] = value
    return data


def _no_fields(cls: Callable[[], Action]) -> Callable[[Mapping[str, Any]], Action]:
    return lambda data: cls()


def _read_choose(data: Mapping[str, Any]) -> Action:
    values = {key: read_int(data, key, "choose") for key in _CHOICES if key in data}
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
    "choose": ((), _CHOICES, _read_choose),
    "read_potion": (
        ("card", "sign"),
        (),
        lambda data: ReadPotion(
            read_int(data, "card", "read_potion"), read_int(data, "sign", "read_potion")
        ),
    ),
    "look": (("target",), (), lambda data: Look(read_int(data, "target", "look"))),
    "look_mystery": ((), (), _no_fields(LookMystery)),
    "replace": (("card",), (), lambda data: Replace(read_int(data, "card", "replace"))),
    "ask_visit": (("count",), (), lambda data: AskVisit(read_int(data, "count", "ask_visit"))),
    "take_life": ((), (), _no_fields(TakeLife)),
    "become_reaper": ((), (), _no_fields(BecomeReaper)),
}


def action_from_json(data: object) -> Action:
    """Decode an action; unknown types, missing, extra or mistyped fields raise MalformedData."""
    head = expect_fields(
        data, "action", ("type",), [k for r in _READERS.values() for k in r[0] + r[1]]
    )
    kind = read_str(head, "type", "action")
    if kind not in _READERS:
        raise MalformedData(f"unknown action type {quote(kind)}", code="unknown_action")
    required, optional, reader = _READERS[kind]
    fields = expect_fields(data, f"action {kind!r}", ("type", *required), optional)
    return reader(fields)
