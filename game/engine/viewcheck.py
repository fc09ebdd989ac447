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


def fields(
    value: object, path: str, required: Collection[str], optional: Collection[str] = ()
) -> Mapping[str, Any]:
    """An object with every `required` key, some `optional` ones and no other."""
    require(isinstance(value, dict), path, "must be an object")
    assert isinstance(value, dict)
    for key in required:
        require(key in value, f"{path}.{key}", "is missing")
    for key in value:
        require(
            key in required or key in optional, f"{path}", f"has an unknown field {quote(key, 24)}"
        )
    return value


def integer(value: object, path: str, low: int, high: int) -> int:
    """An integer (not a bool) from `low` to `high`."""
    ok = isinstance(value, int) and not isinstance(value, bool)
    require(ok, path, f"must be an integer, not {quote(value, 24)}")
    assert isinstance(value, int)
    require(low <= value <= high, path, f"must be {low} to {high}, not {value}")
    return value


def optional_int(value: object, path: str, low: int, high: int) -> int | None:
    return None if value is None else integer(value, path, low, high)


def boolean(value: object, path: str) -> bool:
    require(isinstance(value, bool), path, f"must be true or false, not {quote(value, 24)}")
    assert isinstance(value, bool)
    return value


def text(value: object, path: str) -> str:
    require(isinstance(value, str), path, f"must be a string, not {quote(value, 24)}")
    assert isinstance(value, str)
    return value


def choice(value: object, path: str, choices: Collection[T]) -> T:
    """One of `choices` (strings, or None among them)."""
    require(
        (value is None or isinstance(value, str)) and value in choices,
        path,
        f"is not one of its values: {quote(value, 24)}",
    )
    return value  # type: ignore[return-value]


def listing(value: object, path: str, low: int = 0, high: int = 1000) -> list[Any]:
    """A list of `low` to `high` items."""
    require(isinstance(value, list), path, "must be a list")
    assert isinstance(value, list)
    require(low <= len(value) <= high, path, f"must hold {low} to {high} items, not {len(value)}")
    return value


def int_list(
    value: object, path: str, low: int, high: int, size: tuple[int, int] = (0, 1000)
) -> list[int]:
    """A list of `size[0]` to `size[1]` integers, each from `low` to `high`."""
    items = listing(value, path, *size)
    return [integer(item, f"{path}[{index}]", low, high) for index, item in enumerate(items)]


def distinct(items: Sequence[int], path: str) -> None:
    """No card twice: every physical card has one place."""
    seen: set[int] = set()
    for item in items:
        require(item not in seen, path, f"names card {item} twice")
        seen.add(item)
