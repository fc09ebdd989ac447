"""A decision's playouts shared with a partner: another runtime (a page's second
worker, ``game.web.search_helper``) that searches a part of them beside this one.

Root-parallel search: both sides search the same candidate actions from the
same view, each with its own UCB1, its own worlds (its own dice) and its own
share of the playout count, within the same time budget; at the end the visits
and totals of the two are summed and the best mean is played. So on a device
with a core to spare a decision runs about twice the playouts in the same time.
The request holds the seat's view and legal actions, as the bot's own search
reads them: nothing its seat may not know.

The wire format is JSON both ways (the partner is another Pyodide):

- request: ``{"kind": "search", "token", "game", "view", "legal": [an action's
  JSON], "arms": [indexes into legal], "dice": str, "playouts": int,
  "budget_ms": number, "exploration": number, "max_playout_actions": int}``,
  the dice a decimal string because JavaScript's numbers hold no 64 bits;
- reply: ``{"kind": "searched", "token", "visits": [int], "totals": [number]}``,
  one of each per arm, in the request's order.

A malformed request or reply is refused with a ``MalformedData`` that names
the reason: the bot then decides from its own share alone.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from .errors import MalformedData
from .jsonfields import expect_fields, read_int, read_int_list, read_str
from .protocol import JSON, Game
from .rng import MASK64

__all__ = [
    "PARTNER_SALT",
    "Partner",
    "ShareRequest",
    "Tally",
    "read_reply",
    "read_request",
    "reply_of",
    "request_of",
]

#: mixed into the decision's dice for the partner's worlds, so that its worlds
#: are not the ones this side plays (the golden ratio's 64 bits, odd)
PARTNER_SALT = 0x9E3779B97F4A7C15

_REQUEST_FIELDS = (
    "kind",
    "token",
    "game",
    "view",
    "legal",
    "arms",
    "dice",
    "playouts",
    "budget_ms",
    "exploration",
    "max_playout_actions",
)
#: the longest time a request may ask for (ten minutes: any budget a bot is given)
_MAX_BUDGET_MS = 600_000


class Partner(Protocol):
    """Another runtime that can search a share of a decision."""

    def ask(self, request: dict[str, JSON]) -> str | None:
        """Send `request` (its token filled in); the token, or None when no
        partner can search now (none started yet, or none on this device)."""
        ...

    def answer(self, token: str) -> Mapping[str, Any] | None:
        """The reply to that request once it came (handed over once), else
        None; an empty reply once none can come (the partner failed)."""
        ...

    def forget(self, token: str) -> None:
        """No reply is awaited any more: one that comes later is dropped."""
        ...


@dataclass
class Tally:
    """Playouts and summed scores of each arm (action searched) of a decision."""

    visits: list[int]
    totals: list[float]

    @classmethod
    def empty(cls, arms: int) -> Tally:
        return cls([0] * arms, [0.0] * arms)

    @property
    def playouts(self) -> int:
        return sum(self.visits)

    def add(self, other: Tally) -> None:
        for arm, (visited, total) in enumerate(zip(other.visits, other.totals, strict=True)):
            self.visits[arm] += visited
            self.totals[arm] += total


@dataclass(frozen=True)
class ShareRequest:
    """A request read and checked: what the partner searches."""

    token: str
    game: str
    view: dict[str, JSON]
    legal: list[Any]
    arms: list[int]
    dice: int
    playouts: int
    budget_s: float
    exploration: float
    max_playout_actions: int


_DICE = re.compile(r"[0-9]{1,20}")
"""A 64-bit number in ASCII digits: "²" passes str.isdigit but not int(), and
int() of thousands of digits is refused (issue #27)."""


def _number(data: Mapping[str, Any], key: str, what: str) -> float:
    value = data[key]
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise MalformedData(f"{what}.{key} must be a finite number")
    return float(value)


def read_request(data: object, game_of: Any) -> ShareRequest:
    """The request `data` checked, its legal actions decoded by the game that
    `game_of(name)` returns (it raises for a game it does not know)."""
    what = "a search request"
    fields = expect_fields(data, what, _REQUEST_FIELDS)
    if fields["kind"] != "search":
        raise MalformedData(f"{what} must be of kind search")
    game: Game[Any, Any] = game_of(read_str(fields, "game", what))
    view = fields["view"]
    if not isinstance(view, dict) or not isinstance(view.get("seat"), int):
        raise MalformedData(f"{what}.view must be a seat's view (an object with its seat)")
    raw_legal = fields["legal"]
    if not isinstance(raw_legal, list) or len(raw_legal) < 2:
        raise MalformedData(f"{what}.legal must list at least two actions")
    legal = [game.action_from_json(action) for action in raw_legal]
    arms = list(read_int_list(fields, "arms", what))
    if not arms or len(set(arms)) != len(arms) or not all(0 <= i < len(legal) for i in arms):
        raise MalformedData(f"{what}.arms must be distinct indexes into legal, at least one")
    dice_text = read_str(fields, "dice", what)
    if not _DICE.fullmatch(dice_text) or int(dice_text) > MASK64:
        raise MalformedData(f"{what}.dice must be a 64-bit number written in decimal")
    playouts = read_int(fields, "playouts", what)
    if not 1 <= playouts <= 100_000:
        raise MalformedData(f"{what}.playouts must be from 1 to 100000")
    budget_ms = _number(fields, "budget_ms", what)
    if not 0 <= budget_ms <= _MAX_BUDGET_MS:
        raise MalformedData(f"{what}.budget_ms must be from 0 to {_MAX_BUDGET_MS}")
    limit = read_int(fields, "max_playout_actions", what)
    if not 1 <= limit <= 100_000:
        raise MalformedData(f"{what}.max_playout_actions must be from 1 to 100000")
    return ShareRequest(
        token=read_str(fields, "token", what),
        game=fields["game"],
        view=view,
        legal=legal,
        arms=arms,
        dice=int(dice_text),
        playouts=playouts,
        budget_s=budget_ms / 1000,
        exploration=_number(fields, "exploration", what),
        max_playout_actions=limit,
    )


def reply_of(token: str, tally: Tally) -> dict[str, JSON]:
    return {"kind": "searched", "token": token, "visits": tally.visits, "totals": tally.totals}


def read_reply(data: object, arms: int, playouts: int) -> Tally:
    """The partner's reply checked: one count and one total per arm, at most
    `playouts` in all, each mean a score (finite)."""
    what = "a search reply"
    fields = expect_fields(data, what, ("kind", "token", "visits", "totals"))
    visits = list(read_int_list(fields, "visits", what))
    totals = fields["totals"]
    if not isinstance(totals, list) or len(visits) != arms or len(totals) != arms:
        raise MalformedData(f"{what} must hold {arms} visits and {arms} totals")
    if any(visited < 0 for visited in visits) or sum(visits) > playouts:
        raise MalformedData(f"{what}'s visits must be counts, {playouts} at most in all")
    checked = [_number({"total": total}, "total", what) for total in totals]
    if any(total and not visited for visited, total in zip(visits, checked, strict=True)):
        raise MalformedData(f"{what} scores an arm it never tried")
    return Tally(visits, checked)


def request_of(
    game: Game[Any, Any],
    view: dict[str, JSON],
    legal: Sequence[Any],
    arms: Sequence[int],
    dice: int,
    playouts: int,
    budget_s: float,
    exploration: float,
    max_playout_actions: int,
) -> dict[str, JSON]:
    """The request for a partner's share (without its token, which the partner gives)."""
    return {
        "kind": "search",
        "game": game.name,
        "view": view,
        "legal": [game.action_to_json(action) for action in legal],
        "arms": list(arms),
        "dice": str(dice),
        "playouts": playouts,
        "budget_ms": round(max(0.0, budget_s) * 1000, 3),
        "exploration": exploration,
        "max_playout_actions": max_playout_actions,
    }
