"""What a Dragon game's host may send a seat, checked strictly
(engine/viewcheck.py): the view's shape and the seat's own cards, the legal
actions (decoded, playing only cards of the hand), the events and the outcome."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..engine.errors import GameError
from ..engine.viewcheck import (
    Received,
    choice,
    fields,
    int_list,
    integer,
    listing,
    refusal,
    require,
    text,
)
from ..herorealms.state import Play
from .cards import HOARD_IDS, MAX_PARTY
from .codec import action_from_json

__all__ = ["check_received"]

_VIEW = (
    "seat", "format", "turn", "turns", "to_act", "winner", "players", "hand", "deck", "market",
    "market_deck", "gems", "sacrificed", "in_play", "gold", "combat", "allies", "damage",
    "prompts", "next", "looking", "looking_size", "winners", "bosses", "counted", "open_hands",
    "gifts", "lending", "borrowed", "asks", "hits", "taunters", "calm", "hoard_size", "items",
    "used", "shield_left", "extra_factions",
)  # fmt: skip
_LAST = HOARD_IDS[-1]
_BIG = 100_000


def check_received(received: Received) -> str | None:
    return refusal(_check, received)


def _check(received: Received) -> None:
    seat = received.seat
    view = fields(received.view, "view", _VIEW)
    players = len(listing(view["players"], "view.players", 2, MAX_PARTY + 1))
    require(view["seat"] == seat, "view.seat", "is not yours")
    choice(view["format"], "view.format", ("dragon", "boss_vs_boss"))
    turn = integer(view["turn"], "view.turn", 0, players - 1)
    winners = int_list(view["winners"], "view.winners", 0, players - 1, (0, MAX_PARTY))
    acting = int_list(view["to_act"], "view.to_act", 0, players - 1, (0, 1))
    require(acting == ([] if winners else [turn]), "view.to_act", "is not the turn")
    int_list(view["bosses"], "view.bosses", 0, players - 1, (1, 2))
    integer(view["hoard_size"], "view.hoard_size", 0, len(HOARD_IDS))
    if seat is None:
        require(view["hand"] is None and view["deck"] is None, "view.hand", "is a seat's own")
        require(view["open_hands"] == {}, "view.open_hands", "are the party's")
    else:
        int_list(view["hand"], "view.hand", 0, _LAST, (0, 200))
        int_list(view["deck"], "view.deck", 0, _LAST, (0, 200))
    opened = view["open_hands"]
    require(isinstance(opened, Mapping), "view.open_hands", "is an object")
    for key, cards in opened.items():
        integer(int(key) if str(key).isdigit() else -1, "view.open_hands", 0, players - 1)
        int_list(cards, f"view.open_hands.{key}", 0, _LAST, (0, 200))
    _legal(received.legal, view, seat)
    for index, event in enumerate(listing(received.events, "events", 0, 50_000)):
        data = fields(
            event, f"events[{index}]", ("type",), tuple(event) if isinstance(event, dict) else ()
        )
        text(data["type"], f"events[{index}].type")
        if "cards" in data:
            require(
                (seat is not None and data.get("seat") in (seat, None)) or data["type"] == "deal",
                f"events[{index}].cards",
                "is another's secret",
            )
    if received.outcome is not None:
        outcome = fields(received.outcome, "outcome", ("winners",), ("teams",))
        require(
            int_list(outcome["winners"], "outcome.winners", 0, players - 1, (1, MAX_PARTY))
            == winners,
            "outcome.winners",
            "are not the view's winners",
        )


def _legal(data: object, view: Mapping[str, Any], seat: int | None) -> None:
    legal = listing(data, "legal", 0, 20_000)
    require(
        (seat is not None and seat in view["to_act"]) or not legal,
        "legal",
        "lists moves for a seat not to act",
    )
    for index, item in enumerate(legal):
        try:
            action = action_from_json(item)
        except GameError as error:
            require(False, f"legal[{index}]", f"does not decode: {error.message}")
            continue
        if isinstance(action, Play):
            require(action.card in view["hand"], f"legal[{index}]", "plays a card not in hand")
