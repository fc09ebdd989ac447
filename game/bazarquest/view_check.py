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
from .setup import ADVANCED_HEROES
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
#: an event's fields that name one card, and the highest id of their kind
_CARD_FIELDS = {
    "item": _ITEM,
    "hero": len(HEROES) - 1,
    "monster": len(MONSTERS) - 1,
    "upgrade": len(UPGRADES) - 1,
    "employee": len(EMPLOYEES) - 1,
    "adventure": len(ADVENTURES) - 1,
}


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
    _to_act(view, stage, players)
    known: list[int] = []
    windows = view["windows"]
    require((windows is None) == (stage == Stage.DISPLAY), "view.windows", "does not fit the stage")
    if windows is not None:
        for who, window in enumerate(listing(windows, "view.windows", players, players)):
            known += int_list(window, f"view.windows[{who}]", 0, _ITEM, (0, 3))
    _own(view, seat, known)
    _table(view, players, known)
    return view


def _per_shop_cards(view: Mapping[str, Any], key: str, players: int, high: int) -> list[int]:
    """Each shop's list of cards of one kind (its employees, its upgrades), all together."""
    shops = listing(view[key], f"view.{key}", players, players)
    return [
        card
        for i, cards in enumerate(shops)
        for card in int_list(cards, f"view.{key}[{i}]", 0, high)
    ]


def _to_act(view: Mapping[str, Any], stage: Stage, players: int) -> None:
    """The shops to act follow from the stage: those that have not picked,
    those not ready, or the one whose turn it is."""
    if stage == Stage.DRAFT:
        expected = [s for s in range(players) if not view["picked"][s]]
    elif stage in (Stage.DISPLAY, Stage.SELL, Stage.INVENTORY):
        expected = [s for s in range(players) if not view["ready"][s]]
    elif stage in (Stage.INVITE, Stage.UPGRADE):
        require(view["turn"] is not None, "view.turn", "is missing in a turn of one shop")
        expected = [view["turn"]]
    else:
        expected = []
    require(view["to_act"] == expected, "view.to_act", "does not follow from the stage")


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
    # the advanced rules for 2 players set out 4 heroes; otherwise one a shop
    waiting = ADVANCED_HEROES if view["advanced"] is True else players
    center = int_list(view["center"], "view.center", 0, heroes, (0, waiting))
    guests = listing(view["guests"], "view.guests", players, players)
    seated = [h for i, g in enumerate(guests) for h in int_list(g, f"view.guests[{i}]", 0, heroes)]
    distinct([*center, *seated], "view.heroes")
    if view["result"] != "lost":  # a dead hero is replaced unless the hero deck ran out
        require(len(center) + len(seated) == waiting, "view.center", "misses heroes in play")
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
    levels = int_list(view["levels_left"], "view.levels_left", 1, 3, (0, 3))
    # the pile holds the levels after the face-up monster's, in order, up to III
    monster = view["monster"]
    first = MONSTERS[monster].level + 1 if monster is not None else 4 - len(levels)
    require(levels == list(range(first, 4)), "view.levels_left", "does not follow the monster")
    for key in ("hero_deck", "item_deck", "item_discard", "adventure_deck", "employee_deck"):
        integer(view[key], f"view.{key}", 0, len(ITEMS))
    int_list(view["adventure_discard"], "view.adventure_discard", 0, len(ADVENTURES) - 1)
    staff = _per_shop_cards(view, "staff", players, len(EMPLOYEES) - 1)
    offer = int_list(view["offer"], "view.offer", 0, len(EMPLOYEES) - 1, (0, 2))
    distinct([*staff, *offer], "view.employees")
    owned = _per_shop_cards(view, "owned", players, len(UPGRADES) - 1)
    upgrades = int_list(view["upgrades"], "view.upgrades", 0, len(UPGRADES) - 1)
    distinct([*owned, *upgrades], "view.upgrades")
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


_FIGHT = "seat hero drawn adventure attack defence resistance strength wounded survived stars coins"
_EVENTS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    # type: (fields, fields only the shop itself sees)
    "monster": (("monster",), ()),
    "restock": (("round",), ("packet",)),
    "pick": (("seat",), ("item",)),
    "pass": ((), ("size", "packet", "seat")),  # the draft's packets, or a shop that buys nothing
    "drafted": ((), ("hand",)),
    "show": (("seat",), ("item",)),
    "window_ready": (("seat",), ()),
    "reveal": (("windows", "order"), ()),
    "invite": (("seat", "hero"), ()),
    "quest": (("seat",), ()),
    "sell": (("seat", "item", "hero", "coins"), ()),
    "sold": (("seat",), ()),
    "adventure": (("monster",), ()),
    "fight": (
        tuple(_FIGHT.split()),
        (),
    ),
    "hard_fight": (("wounds", "added"), ()),
    "monster_falls": (("monster", "last"), ()),
    "monster_power": (("monster", "power"), ()),
    "new_hero": (("hero",), ()),
    "game_over": (("result", "winners"), ("points",)),
    "upgrades": (("offer", "turn"), ()),
    "buy": (("seat", "upgrade", "coins"), ()),
    "flip": (("seat", "upgrade", "coins"), ()),
    "hire": (("seat", "employee", "coins"), ()),
    "inventory": ((), ()),
    "store": (("seat",), ("item",)),
    "discard": (("seat", "count"), ("items",)),
}
#: the events whose secret belongs to the shop named by their seat
_OWNED_SECRETS = ("pick", "show", "store", "discard")
#: numbers of an event that may not be negative, with their highest value
_COUNTS = ("coins", "stars", "count", "wounds", "added", "round", "size", "resistance", "strength")


def _event(data: object, path: str, seat: int | None, players: int) -> None:
    kind = choice(data.get("type") if isinstance(data, dict) else None, f"{path}.type", _EVENTS)
    public, optional = _EVENTS[kind]
    event = fields(data, path, ("type", *public), optional)
    if kind == "pass":  # one of two shapes
        shape = ("seat",) if "seat" in event else ("size",)
        fields(event, path, ("type", *shape), () if "seat" in event else ("packet",))
    for key in ("seat", "turn"):
        if key in event:
            integer(event[key], f"{path}.{key}", 0, players - 1)
    for key in _SECRETS:
        if key in event and (kind in _OWNED_SECRETS or key in ("packet", "hand")):
            mine = event.get("seat") == seat if kind in _OWNED_SECRETS else True
            require(seat is not None and mine, f"{path}.{key}", "is another shop's secret")
    for key, top in _CARD_FIELDS.items():
        if key in event and not (key == "adventure" and event[key] is None):
            integer(event[key], f"{path}.{key}", 0, top)
    for key in ("packet", "hand", "items"):
        if key in event:
            distinct(int_list(event[key], f"{path}.{key}", 0, _ITEM), f"{path}.{key}")
    for key in _COUNTS:
        if key in event:
            integer(event[key], f"{path}.{key}", 0, _BIG)
    for key in ("attack", "defence"):
        if key in event:
            integer(event[key], f"{path}.{key}", -_BIG, _BIG)
    for key in ("wounded", "survived", "last"):
        if key in event:
            boolean(event[key], f"{path}.{key}")
    _event_lists(event, path, kind, players)


def _event_lists(event: Mapping[str, Any], path: str, kind: str, players: int) -> None:
    if kind == "reveal":
        windows = listing(event["windows"], f"{path}.windows", players, players)
        for who, window in enumerate(windows):
            int_list(window, f"{path}.windows[{who}]", 0, _ITEM, (1, 3))
        order = int_list(event["order"], f"{path}.order", 0, players - 1, (players, players))
        distinct(order, f"{path}.order")
    elif kind == "fight":
        int_list(event["drawn"], f"{path}.drawn", 0, len(ADVENTURES) - 1, (0, 2))
    elif kind == "monster_power":
        choice(event["power"], f"{path}.power", ("plunder", "tax"))
    elif kind == "upgrades":
        int_list(event["offer"], f"{path}.offer", 0, len(EMPLOYEES) - 1, (0, 2))
    elif kind == "game_over":
        choice(event["result"], f"{path}.result", ("scored", "lost"))
        int_list(event["winners"], f"{path}.winners", 0, players - 1, (0, players))
        if "points" in event:
            int_list(event["points"], f"{path}.points", 0, _BIG, (players, players))


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
    scored = view["result"] == "scored"
    require(("points" in outcome) == scored, "outcome.points", "does not fit the result")
    if scored:
        points = int_list(outcome["points"], "outcome.points", 0, _BIG, (players, players))
        require(points == view["points"], "outcome.points", "differs from the view's")
        best = max((view["points"][s], view["coins"][s]) for s in range(players))
        top = [s for s in range(players) if (view["points"][s], view["coins"][s]) == best]
        require(winners == top, "outcome.winners", "are not the best shops")
