"""What a Bazar Quest host may send a seat, checked strictly
(engine/viewcheck.py): the view's fields and ranges, no other shop's hidden
cards in it or in an event, legal actions that decode and fit the stage, an
outcome that agrees with the view."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..engine.errors import GameError
from ..engine.viewcheck import (
    Received,
    Refused,
    boolean,
    choice,
    distinct,
    fields,
    int_list,
    integer,
    listing,
    optional_int,
    refusal,
    require,
)
from .cards import ADVENTURES, EMPLOYEES, HEROES, ITEMS, MONSTERS, UPGRADES
from .codec import action_from_json
from .rules import _EXPECTED
from .state import Stage

__all__ = ["check_received"]

_OWN = ("packet", "pick", "hand", "storage", "my_window")
_VIEW = (
    "seat", "stage", "round", "quest", "to_act", "turn", "coins", "stars", "points", "picked",
    "ready", "packet_sizes", "hand_sizes", "storage_sizes", "window_sizes", "windows", *_OWN,
    "center", "purses", "guests", "gear", "order", "monster", "wounds", "levels_left",
    "hero_deck", "item_deck", "item_discard", "adventure_deck", "adventure_discard",
    "employee_deck", "offer", "staff", "upgrades", "owned", "flipped", "result", "crowd",
    "unshakeable", "advanced", "bought",
)  # fmt: skip
_ITEM = len(ITEMS) - 1
_BIG = 10_000
_SECRETS = ("item", "items", "packet", "hand")


def check_received(received: Received) -> str | None:
    return refusal(_check, received)


def _check(received: Received) -> None:
    seat = received.seat
    require(seat is None or (type(seat) is int and 0 <= seat < 6), "you", "is not a shop")
    view = _view(received.view, seat)
    _legal(received.legal, view, seat)
    for index, event in enumerate(received.events):
        _event(event, f"events[{index}]", seat, len(view["coins"]))
    _outcome(received.outcome, view)


def _per_shop(view: Mapping[str, Any], key: str, players: int, high: int) -> list[int]:
    return int_list(view[key], f"view.{key}", 0, high, (players, players))


def _view(data: object, seat: int | None) -> Mapping[str, Any]:
    view = fields(data, "view", _VIEW)
    require(view["seat"] == seat, "view.seat", "is not the seat the frame is for")
    stage = Stage(choice(view["stage"], "view.stage", tuple(s.value for s in Stage)))
    coins = int_list(view["coins"], "view.coins", 0, _BIG, (2, 6))
    players = len(coins)
    require(seat is None or seat < players, "view.seat", "is not a shop of this game")
    integer(view["round"], "view.round", 1, _BIG)
    integer(view["quest"], "view.quest", 0, players - 1)
    int_list(view["to_act"], "view.to_act", 0, players - 1, (0, players))
    optional_int(view["turn"], "view.turn", 0, players - 1)
    for key in ("stars", "points"):
        _per_shop(view, key, players, _BIG)
    for key in ("packet_sizes", "hand_sizes", "storage_sizes", "window_sizes"):
        _per_shop(view, key, players, len(ITEMS))
    for key in ("picked", "ready"):
        flags = listing(view[key], f"view.{key}", players, players)
        for index, flag in enumerate(flags):
            boolean(flag, f"view.{key}[{index}]")
    known: list[int] = []
    windows = view["windows"]
    require((windows is None) == (stage == Stage.DISPLAY), "view.windows", "does not fit the stage")
    if windows is not None:
        for who, window in enumerate(listing(windows, "view.windows", players, players)):
            known += int_list(window, f"view.windows[{who}]", 0, _ITEM, (0, 3))
    _own(view, seat, known)
    _table(view, players, known)
    return view


def _own(view: Mapping[str, Any], seat: int | None, known: list[int]) -> None:
    """A shop's own cards, and nobody else's: a spectator sees none."""
    if seat is None:
        for key in _OWN:
            require(view[key] is None, f"view.{key}", "is a shop's own")
        return
    sizes = {"packet": "packet_sizes", "hand": "hand_sizes", "storage": "storage_sizes"}
    for key, size_key in sizes.items():
        n = view[size_key][seat]
        known += int_list(view[key], f"view.{key}", 0, _ITEM, (n, n))
    window = int_list(view["my_window"], "view.my_window", 0, _ITEM, (0, 3))
    if view["windows"] is None:
        known += window
    pick = optional_int(view["pick"], "view.pick", 0, _ITEM)
    require(pick is None or pick in view["packet"], "view.pick", "is not in the packet")


def _table(view: Mapping[str, Any], players: int, known: list[int]) -> None:
    heroes = len(HEROES) - 1
    center = int_list(view["center"], "view.center", 0, heroes, (0, players))
    guests = listing(view["guests"], "view.guests", players, players)
    seated = [h for i, g in enumerate(guests) for h in int_list(g, f"view.guests[{i}]", 0, heroes)]
    distinct([*center, *seated], "view.heroes")
    purses = fields(view["purses"], "view.purses", (), tuple(str(h) for h in range(heroes + 1)))
    for key, purse in purses.items():
        integer(purse, f"view.purses.{key}", 0, _BIG)
    gear = fields(view["gear"], "view.gear", (), tuple(str(h) for h in seated))
    for hero, items in gear.items():
        known += int_list(items, f"view.gear.{hero}", 0, _ITEM)
    distinct(known, "view.items")
    if view["order"] is not None:
        int_list(view["order"], "view.order", 0, players - 1, (players, players))
    optional_int(view["monster"], "view.monster", 0, len(MONSTERS) - 1)
    integer(view["wounds"], "view.wounds", 0, _BIG)
    int_list(view["levels_left"], "view.levels_left", 1, 3, (0, 3))
    for key in ("hero_deck", "item_deck", "item_discard", "adventure_deck", "employee_deck"):
        integer(view[key], f"view.{key}", 0, len(ITEMS))
    int_list(view["adventure_discard"], "view.adventure_discard", 0, len(ADVENTURES) - 1)
    staff = [e for s in listing(view["staff"], "view.staff", players, players) for e in s]
    offer = int_list(view["offer"], "view.offer", 0, len(EMPLOYEES) - 1, (0, 2))
    distinct([*int_list(staff, "view.staff", 0, len(EMPLOYEES) - 1), *offer], "view.employees")
    owned = [u for s in listing(view["owned"], "view.owned", players, players) for u in s]
    upgrades = int_list(view["upgrades"], "view.upgrades", 0, len(UPGRADES) - 1)
    distinct([*int_list(owned, "view.owned", 0, len(UPGRADES) - 1), *upgrades], "view.upgrades")
    int_list(view["flipped"], "view.flipped", 0, len(UPGRADES) - 1)
    choice(view["result"], "view.result", (None, "scored", "lost"))
    boolean(view["crowd"], "view.crowd")
    boolean(view["unshakeable"], "view.unshakeable")
    boolean(view["advanced"], "view.advanced")
    integer(view["bought"], "view.bought", 0, 1)


def _legal(data: object, view: Mapping[str, Any], seat: int | None) -> None:
    items = listing(data, "legal", 0, 200)
    require(not items or (seat is not None and seat in view["to_act"]), "legal", "is not yours")
    stage = Stage(view["stage"])
    for index, item in enumerate(items):
        path = f"legal[{index}]"
        try:
            action = action_from_json(item)
        except GameError as error:
            raise Refused(f"{path}: {error.message}") from None
        require(stage != Stage.OVER, path, "is an action of a finished game")
        if stage != Stage.OVER:
            require(isinstance(action, _EXPECTED[stage]), path, "is not an action of this phase")
    require(len({str(item) for item in items}) == len(items), "legal", "holds an action twice")


def _event(data: object, path: str, seat: int | None, players: int) -> None:
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise Refused(f"{path} must be an object with a type")
    owner = data.get("seat")
    if owner is not None:
        integer(owner, f"{path}.seat", 0, players - 1)
    for key in _SECRETS:
        if key in data and data["type"] in ("pick", "show", "store", "discard"):
            require(seat is not None and owner == seat, f"{path}.{key}", "is another shop's secret")
    if data["type"] in ("restock", "pass", "drafted"):
        for key in ("packet", "hand"):
            if key in data:
                require(seat is not None, f"{path}.{key}", "is a shop's secret")
                int_list(data[key], f"{path}.{key}", 0, _ITEM)


def _outcome(data: object, view: Mapping[str, Any]) -> None:
    over = view["stage"] == Stage.OVER
    require((data is None) != over, "outcome", "does not fit the stage")
    if data is None:
        return
    outcome = fields(data, "outcome", ("winners", "result"), ("points",))
    players = len(view["coins"])
    winners = int_list(outcome["winners"], "outcome.winners", 0, players - 1, (0, players))
    require(outcome["result"] == view["result"], "outcome.result", "differs from the view's")
    require((not winners) == (view["result"] == "lost"), "outcome.winners", "does not fit")
