"""What moved since the board was last drawn, for its short animations.

The board is redrawn whole and morphed into the page, so an animation comes
from what the last action(s) did, not from comparing two pages: the events
that came since the previous render (their count is kept as one of the
scene's ``shown`` keys), and the health and champion damage the previous
render drew (kept the same way). The first render of a board animates none
of it: nothing happened yet for its reader.

Everything here is public: a card bought (it was face up in the market), a
champion stunned (it goes to a public discard pile), health and damage.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from game.engine.client import Scene

__all__ = ["Motion", "keep_board", "motion"]

_EVENTS = "events:"


@dataclass(frozen=True)
class Motion:
    """The moves the board shows once: by whom and which card."""

    #: (buyer, card, where it went: "discard", "deck" or "hand"), in order
    bought: tuple[tuple[int, int, str], ...] = ()
    #: (owner, card) of each champion stunned
    stunned: tuple[tuple[int, int], ...] = ()
    #: the champions whose damage grew (a fireball), still standing
    hit: frozenset[int] = frozenset()
    #: seat -> "down" or "up": health that changed since the last render
    health: dict[int, str] = field(default_factory=dict)
    #: how many events the board has seen: alternates the animations' names,
    #: so that the same move twice in a row plays again
    count: int = 0

    def health_attrs(self, seat: int) -> str:
        change = self.health.get(seat)
        return f' data-flash="{change}-{self.count % 2}"' if change else ""

    def hit_attrs(self, card: int) -> str:
        return f' data-hit="{self.count % 2}"' if card in self.hit else ""


def _recorded(scene: Scene, prefix: str) -> str | None:
    """The value of the previous render's key `prefix`..., None if it drew none."""
    for key in scene.previous:
        if key.startswith(prefix):
            return key[len(prefix) :]
    return None


def _fresh(scene: Scene) -> list[Any]:
    """The events since the previous render (none on a first render, or after
    an undo took events back)."""
    events: Sequence[Any] = scene.events
    scene.shown.add(f"{_EVENTS}{len(events)}")
    before = _recorded(scene, _EVENTS)
    if before is None or not before.isdigit() or int(before) > len(events):
        return []
    return list(events[int(before) :])


def _change(scene: Scene, prefix: str, now: int) -> int:
    """How much the number kept as `prefix` changed since the previous render
    (0 if that render did not draw it); this render keeps it."""
    scene.shown.add(f"{prefix}{now}")
    before = _recorded(scene, prefix)
    if before is None or not before.lstrip("-").isdigit():
        return 0
    return now - int(before)


def _health(scene: Scene) -> dict[int, str]:
    changes = {}
    for seat, player in enumerate(scene.view["players"]):
        change = _change(scene, f"health:{seat}:", int(player["health"]))
        if change:
            changes[seat] = "down" if change < 0 else "up"
    return changes


def _hit(scene: Scene) -> frozenset[int]:
    damage = dict(scene.view["damage"])
    champions = [card for player in scene.view["players"] for card in player["champions"]]
    return frozenset(
        card for card in champions if _change(scene, f"damage:{card}:", damage.get(card, 0)) > 0
    )


def motion(scene: Scene) -> Motion:
    """What the board animates in this render (see the module's docstring)."""
    fresh = _fresh(scene)
    bought = tuple(
        (int(ev["seat"]), int(ev["card"]), str(ev["to"])) for ev in fresh if ev["type"] == "buy"
    )
    stunned = tuple((int(ev["owner"]), int(ev["card"])) for ev in fresh if ev["type"] == "stun")
    return Motion(bought, stunned, _hit(scene), _health(scene), len(scene.events))


def keep_board(scene: Scene) -> None:
    """A panel drawn in the board's place (a knock-out's result) keeps as drawn
    what the board before it drew: the board after it then moves only what
    moved meanwhile, not every card as if it were a first render."""
    scene.shown.update(scene.previous)
