"""What a seat receives from a host, and strict readers to check it with.

A network guest draws what its host sends: a hostile host (a WebRTC peer is
anyone) could send a view with no fields, a hand holding a card that does not
exist or an event naming an unknown card, and the game's renderer would raise
on it. So every game declares ``Game.check_received``: the reason a
``Received`` could not have come from an honest host of that game (naming the
field), or None. The guest (game/net/guest.py) ignores a refused frame whole.

The readers below raise ``Refused`` with the field's path in the message; a
game's checker calls them and ``refusal`` turns the first failure into the
reason. A checker never trusts a value it has not read through one of them.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from .errors import MAX_MESSAGE
from .safejson import quote

__all__ = [
    "Received",
    "ReceivedCheck",
    "Refused",
    "boolean",
    "choice",
    "distinct",
    "fields",
    "int_list",
    "integer",
    "listing",
    "optional_int",
    "refusal",
    "require",
    "text",
]

T = TypeVar("T")


@dataclass(frozen=True)
class Received:
    """One state frame's content for `seat` (None: a spectator), as JSON."""

    seat: int | None
    view: object
    #: the seat's legal actions, each as the game's action JSON
    legal: Sequence[object]
    #: the events the frame adds to the log, as that seat may see them
    events: Sequence[object]
    #: the game's outcome, None while it runs
    outcome: object


ReceivedCheck = Callable[[Received], str | None]
"""A game's checker: why the content is refused (naming the field), or None."""


class Refused(Exception):
    """A received field that an honest host never sends; the message names it."""


def refusal(check: Callable[[Received], None], received: Received) -> str | None:
    """Run a checker that raises ``Refused``: its message, or None when it passes."""
    try:
        check(received)
    except Refused as refused:
        message = str(refused)
        return message if len(message) <= MAX_MESSAGE else message[: MAX_MESSAGE - 1] + "…"
    return None


def require(ok: bool, path: str, why: str) -> None:
    if not ok:
        raise Refused(f"{path} {why}")


# The readers build their message only when they refuse: a frame is read
# through thousands of them, and the guest checks every frame in the page.


def fields(
    value: object, path: str, required: Collection[str], optional: Collection[str] = ()
) -> Mapping[str, Any]:
    """An object with every `required` key, some `optional` ones and no other."""
    if not isinstance(value, dict):
        raise Refused(f"{path} must be an object")
    for key in required:
        if key not in value:
            raise Refused(f"{path}.{key} is missing")
    if len(value) > len(required):
        for key in value:
            if key not in required and key not in optional:
                raise Refused(f"{path} has an unknown field {quote(key, 24)}")
    return value


def integer(value: object, path: str, low: int, high: int) -> int:
    """An integer (not a bool) from `low` to `high`."""
    if type(value) is not int:  # neither a bool nor a float
        raise Refused(f"{path} must be an integer, not {quote(value, 24)}")
    if not low <= value <= high:
        raise Refused(f"{path} must be {low} to {high}, not {value}")
    return value


def optional_int(value: object, path: str, low: int, high: int) -> int | None:
    return None if value is None else integer(value, path, low, high)


def boolean(value: object, path: str) -> bool:
    if not isinstance(value, bool):
        raise Refused(f"{path} must be true or false, not {quote(value, 24)}")
    return value


def text(value: object, path: str) -> str:
    if not isinstance(value, str):
        raise Refused(f"{path} must be a string, not {quote(value, 24)}")
    return value


def choice(value: object, path: str, choices: Collection[T]) -> T:
    """One of `choices` (strings, or None among them)."""
    if not ((value is None or isinstance(value, str)) and value in choices):
        raise Refused(f"{path} is not one of its values: {quote(value, 24)}")
    return value  # type: ignore[return-value]


def listing(value: object, path: str, low: int = 0, high: int = 1000) -> list[Any]:
    """A list of `low` to `high` items."""
    if not isinstance(value, list):
        raise Refused(f"{path} must be a list")
    if not low <= len(value) <= high:
        raise Refused(f"{path} must hold {low} to {high} items, not {len(value)}")
    return value


def int_list(
    value: object, path: str, low: int, high: int, size: tuple[int, int] = (0, 1000)
) -> list[int]:
    """A list of `size[0]` to `size[1]` integers, each from `low` to `high`."""
    items = listing(value, path, *size)
    for index, item in enumerate(items):
        if type(item) is not int or not low <= item <= high:
            integer(item, f"{path}[{index}]", low, high)  # refuses, naming the item
    return items


def distinct(items: Sequence[int], path: str) -> None:
    """No card twice: every physical card has one place."""
    seen: set[int] = set()
    for item in items:
        require(item not in seen, path, f"names card {item} twice")
        seen.add(item)
