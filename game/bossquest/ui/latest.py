"""What just happened this round, from the events the viewer saw: each
knight's last move (a line on their seat) and the latest move of all, whose
cards the board highlights (the weapons just drawn, the spell just cast).

Plain Python with no browser import. It reads only the events the shell hands
the scene, already filtered for the viewer (``event_for_seat``), and keeps
only cards the board draws anyway: it can show nothing the view hides.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.bossquest.text import spell_name
from game.bossquest.text_extensions import reading_text

from .play_strings import ptr

__all__ = ["Recent", "recent"]

#: the events that are a knight's own move (the others: deals, fights, fates)
MOVES = frozenset(
    {
        "ask",
        "visit",
        "stop",
        "pass",
        "activate",
        "discard",
        "fizzle",
        "look",
        "look_mystery",
        "replace",
        "potion",
        "destiny",
    }
)


@dataclass(frozen=True)
class Recent:
    """Each seat's last move this round, in words, and the latest move's cards."""

    #: seat -> (move type, line)
    last: Mapping[int, tuple[str, str]] = field(default_factory=dict)
    #: the seat that moved last, None before anyone moved this round
    latest_seat: int | None = None
    #: the weapons that move drew, face up
    latest_weapons: frozenset[int] = frozenset()
    #: the spell that move cast (or replaced), if any
    latest_spell: int | None = None

    def weapon_class(self, card: int) -> str:
        return " latest" if card in self.latest_weapons else ""

    def spell_class(self, card: int) -> str:
        return " latest" if card == self.latest_spell else ""


def _this_round(events: Sequence[Mapping[str, Any]], round_no: int) -> list[Mapping[str, Any]]:
    """The events since the deal of round `round_no`; none when that deal is
    not among them (a view of round 2 must not show round 1's moves)."""
    for index in range(len(events) - 1, -1, -1):
        if events[index].get("type") == "round":
            if events[index].get("round") != round_no:
                return []
            return list(events[index + 1 :])
    return list(events) if round_no == 1 else []


def _line(event: Mapping[str, Any], lang: str) -> str:
    kind = event["type"]
    card = event.get("card")
    if kind == "ask":
        return ptr.plural("last_ask_one", "last_ask_many", int(event["count"]), lang)
    if kind == "visit":
        return ptr("last_hare" if event.get("hare") else "last_visit", lang)
    if kind in ("activate", "discard", "fizzle", "replace") and isinstance(card, int):
        return ptr(f"last_{kind}", lang, spell=spell_name(card, lang))
    if kind == "potion":
        return ptr("last_potion", lang, reading=reading_text(int(event["reading"])))
    if kind == "destiny":
        return ptr(f"last_destiny_{event.get('choice')}", lang)
    return ptr(f"last_{kind}", lang)


def recent(events: Sequence[Mapping[str, Any]], round_no: int, lang: str) -> Recent:
    """The moves of round `round_no` among `events`, as ``Recent``."""
    last: dict[int, tuple[str, str]] = {}
    latest: Mapping[str, Any] | None = None
    for event in _this_round(events, round_no):
        kind = event.get("type")
        seat = event.get("seat")
        if kind not in MOVES or not isinstance(seat, int):
            continue
        if kind == "discard" and event.get("mystery") and not isinstance(event.get("card"), int):
            continue
        last[seat] = (str(kind), _line(event, lang))
        latest = event
    if latest is None:
        return Recent(last)
    weapons: frozenset[int] = frozenset()
    spell = None
    if latest["type"] == "ask":
        weapons = frozenset(int(card) for card in latest.get("cards", ()))
    elif latest["type"] == "activate" and isinstance(latest.get("card"), int):
        spell = int(latest["card"])
    elif latest["type"] == "replace" and isinstance(latest.get("drawn"), int):
        spell = int(latest["drawn"])  # the spell the magpie put in its place
    return Recent(last, int(latest["seat"]), weapons, spell)
