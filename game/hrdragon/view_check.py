"""What a Dragon game's host may send a seat, checked strictly
(engine/viewcheck.py): Hero Realms' part of the view and its events by Hero
Realms' own checks (with the Dragon's cards, seats and formats), then the boss
deck's fields, every card accounted for, the boss deck's events, the legal
actions (decoded, playing only cards of the hand) and the outcome."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from ..engine.errors import GameError
from ..engine.viewcheck import (
    Received,
    choice,
    distinct,
    fields,
    int_list,
    integer,
    listing,
    refusal,
    require,
)
from ..herorealms.cards import GEM_IDS, MARKET_IDS, STARTING_DECK
from ..herorealms.state import Play
from ..herorealms.view_check import _EVENTS as CORE_EVENTS
from ..herorealms.view_check import CORE_VIEW, Limits, check_core_view, check_event
from .cards import HOARD_IDS, MAX_PARTY, boss_deck
from .codec import action_from_json
from .hoard import AMULET, FACTIONS, RING, VIAL
from .state import BOSS_VS_BOSS

__all__ = ["check_received"]

_VIEW: Final = (
    *CORE_VIEW, "winners", "bosses", "counted", "open_hands", "gifts", "lending", "borrowed",
    "asks", "hits", "taunters", "calm", "hoard_size", "items", "used", "shield_left",
    "extra_factions",
)  # fmt: skip
_LAST: Final = HOARD_IDS[-1]
_BIG: Final = 100_000
_LIMITS: Final = Limits(_LAST, MAX_PARTY + 1, ("dragon", "boss_vs_boss"), 9)
_ASKS: Final = ("hoard", "diamond", AMULET, VIAL, RING)
_SIDES: Final = ("party", "dragon", "boss")
#: the boss deck's events: their fields, then the fields they may also hold
#: (a card drawn from a deck is its seat's, a borrowed card the party's)
_EVENTS: Final[dict[str, tuple[tuple[str, ...], tuple[str, ...]]]] = {
    "give": (("seat", "target", "amount"), ()),
    "borrow": (("seat", "lender"), ("card",)),
    "no_borrow": (("lender",), ()),
    "taunt": (("seat", "boss"), ()),
    "calm": (("seat",), ()),
    "tail": (("seat",), ()),
    "fire": (("seat",), ()),
    "damage": (("seat", "card", "amount"), ()),
    "shield": (("seat", "amount"), ()),
    "reveal": (("seat", "card"), ()),
    "steal": (("seat", "from", "card"), ()),
    "hoard_back": (("seat", "from", "card"), ()),
    "take_item": (("seat", "card"), ()),
    "use_item": (("seat", "card"), ()),
    "skill_check": (("seat", "cards"), ()),
    "faction": (("seat", "faction"), ()),
    "wish": (("seat", "from"), ("card",)),
    "new_hand": (("seat",), ()),
    "side_wins": (("winners", "side"), ()),
}
_SEAT_FIELDS: Final = ("seat", "target", "lender", "boss")


def check_received(received: Received) -> str | None:
    return refusal(_check, received)


def _check(received: Received) -> None:
    seat = received.seat
    require(seat is None or type(seat) is int, "you", "are not a seat of this game")
    view = fields(received.view, "view", _VIEW)
    seen, hidden = check_core_view(view, seat, _LIMITS)
    players = len(view["players"])
    bosses, party = _sides(view, players)
    winners = int_list(view["winners"], "view.winners", 0, players - 1, (0, MAX_PARTY))
    first = winners[0] if winners else None
    require(
        view["winner"] == first and type(view["winner"]) is type(first),
        "view.winner",
        "is not the first of the view's winners",
    )
    sides = [party, bosses] if party else [[boss] for boss in bosses]
    require(not winners or winners in sides, "view.winners", "are no side")
    more_seen, less_hidden = _boss_deck_fields(view, seat, players, bosses, party)
    seen += more_seen
    hidden += view["hoard_size"] - less_hidden
    distinct(seen, "view")
    total = len(MARKET_IDS) + len(GEM_IDS) + len(HOARD_IDS) + len(party) * STARTING_DECK
    total += sum(len(boss_deck(index, view["counted"])) for index in range(len(bosses)))
    require(len(seen) + hidden == total, "view", "does not account for every card")
    _legal(received.legal, view, seat)
    for index, event in enumerate(listing(received.events, "events", 0, 50_000)):
        _event(event, f"events[{index}]", seat, players, bosses)
    _outcome(received.outcome, winners, party)


def _sides(view: Mapping[str, Any], players: int) -> tuple[list[int], list[int]]:
    """The Dragons' seats and the party's, as the format says they sit."""
    bosses = int_list(view["bosses"], "view.bosses", 0, players - 1, (1, 2))
    counted = integer(view["counted"], "view.counted", 1, MAX_PARTY)
    if view["format"] == "boss_vs_boss":
        require(players == 2 and bosses == [0, 1], "view.bosses", "are not both seats")
        require(counted == BOSS_VS_BOSS, "view.counted", "is not a boss's count")
        return bosses, []
    require(bosses == [players - 1], "view.bosses", "is not the last seat")
    require(counted == players - 1, "view.counted", "is not the party's size")
    return bosses, list(range(players - 1))


def _pairs(
    value: object, path: str, first: tuple[int, int], second: tuple[int, int]
) -> list[tuple[int, int]]:
    """A list of [a, b] pairs, a and b each in its range."""
    pairs = []
    for index, pair in enumerate(listing(value, path, 0, 40)):
        where = f"{path}[{index}]"
        items = listing(pair, where, 2, 2)
        pairs.append(
            (integer(items[0], f"{where}[0]", *first), integer(items[1], f"{where}[1]", *second))
        )
    return pairs


def _boss_deck_fields(
    view: Mapping[str, Any], seat: int | None, players: int, bosses: list[int], party: list[int]
) -> tuple[list[int], int]:
    """Check the boss deck's fields; the cards they show that Hero Realms'
    part does not, and how many of its hidden cards they show."""
    last = players - 1
    out = [s for s in party if view["players"][s]["out"]]
    seen: list[int] = []
    shown = 0
    opened = view["open_hands"]
    require(isinstance(opened, Mapping), "view.open_hands", "is an object")
    allowed = {str(s) for s in out if s != seat} if seat in party else set()
    for key, cards in opened.items():
        require(key in allowed, f"view.open_hands.{key}", "is no defeated member's hand you see")
        hand = int_list(cards, f"view.open_hands.{key}", 0, _LAST, (0, 200))
        size = view["players"][int(key)]["hand_size"]
        require(len(hand) == size, f"view.open_hands.{key}", "does not match its size")
        seen += hand
        shown += len(hand)
    int_list(view["gifts"], "view.gifts", 1, _BIG, (0, 40))
    lending = int_list(view["lending"], "view.lending", 0, last, (0, MAX_PARTY))
    require(set(lending) <= set(out), "view.lending", "are not defeated members")
    _pairs(view["borrowed"], "view.borrowed", (0, _LAST), (0, last))
    for index, ask in enumerate(listing(view["asks"], "view.asks", 0, 10)):
        choice(ask, f"view.asks[{index}]", _ASKS)
    _pairs(view["hits"], "view.hits", (0, last), (0, _BIG))
    for index, (boss, taunter) in enumerate(
        _pairs(view["taunters"], "view.taunters", (0, last), (0, last))
    ):
        require(boss in bosses and taunter in party, f"view.taunters[{index}]", "is no taunt")
    _pairs(view["calm"], "view.calm", (0, last), (0, _BIG))
    integer(view["hoard_size"], "view.hoard_size", 0, len(HOARD_IDS))
    items = _pairs(view["items"], "view.items", (0, _LAST), (0, last))
    for index, (item, _holder) in enumerate(items):
        require(item in HOARD_IDS, f"view.items[{index}][0]", "is no Hoard item")
        seen.append(item)
    used = int_list(view["used"], "view.used", 0, _LAST, (0, len(HOARD_IDS)))
    require(set(used) <= {item for item, _holder in items}, "view.used", "are not items held")
    _pairs(view["shield_left"], "view.shield_left", (0, last), (0, _BIG))
    for index, faction in enumerate(listing(view["extra_factions"], "view.extra_factions", 0, 8)):
        choice(faction, f"view.extra_factions[{index}]", tuple(f.value for f in FACTIONS))
    return seen, shown


def _legal(data: object, view: Mapping[str, Any], seat: int | None) -> None:
    legal = listing(data, "legal", 0, 20_000)
    require(len({str(item) for item in legal}) == len(legal), "legal", "holds an action twice")
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


def _event(data: object, path: str, seat: int | None, players: int, bosses: list[int]) -> None:
    kind = data.get("type") if isinstance(data, dict) else None
    if kind in CORE_EVENTS:
        check_event(data, path, seat, players, _LIMITS)
        return
    kind = choice(kind, f"{path}.type", _EVENTS)
    public, extra = _EVENTS[kind]
    event = fields(data, path, ("type", *public), extra)
    for key in _SEAT_FIELDS:
        if key in event:
            integer(event[key], f"{path}.{key}", 0, players - 1)
    if kind in ("steal", "hoard_back"):
        integer(event["from"], f"{path}.from", 0, players - 1)
    if "card" in event:
        integer(event["card"], f"{path}.card", 0, _LAST)
    if "amount" in event:
        integer(event["amount"], f"{path}.amount", 0, _BIG)
    if kind == "skill_check":  # discarded face up: every seat reads them
        int_list(event["cards"], f"{path}.cards", 0, _LAST, (0, 200))
    elif kind == "faction":
        choice(event["faction"], f"{path}.faction", tuple(f.value for f in FACTIONS))
    elif kind == "wish":
        where = choice(event["from"], f"{path}.from", ("deck", "discard"))
        secret = where == "deck" and "card" in event
        require(not secret or event["seat"] == seat, f"{path}.card", "is another's secret")
    elif kind == "borrow" and "card" in event:
        party = seat is not None and seat not in bosses
        require(party, f"{path}.card", "is the party's secret")
    elif kind == "side_wins":
        int_list(event["winners"], f"{path}.winners", 0, players - 1, (1, MAX_PARTY))
        choice(event["side"], f"{path}.side", _SIDES)


def _outcome(outcome: object, winners: list[int], party: list[int]) -> None:
    if outcome is None:
        require(not winners, "outcome", "is missing for a finished game")
        return
    found = fields(outcome, "outcome", ("winners",), ("teams",))
    got = int_list(found["winners"], "outcome.winners", 0, MAX_PARTY, (1, MAX_PARTY))
    require(got == winners, "outcome.winners", "are not the view's winners")
    if not party:
        require("teams" not in found, "outcome.teams", "name no team boss against boss")
        return
    side = "party" if winners == party else "dragon"
    teams = listing(found.get("teams"), "outcome.teams", 1, 1)
    require(teams == [side], "outcome.teams", "are not the winning side")
