"""What a Hero Realms host may send a seat, checked strictly
(engine/viewcheck.py): the view, the legal actions, the events and the outcome."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from ..engine.errors import GameError
from ..engine.viewcheck import (
    Received,
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
from .cards import CARD_COUNT, GEM_IDS, MARKET_IDS, MAX_SEATS, PACKS, STARTING_DECK
from .codec import action_from_json
from .resolve import ABILITIES
from .state import MARKET_ROW, NO_CARD, BuyMarket, Expend, Format, Play, PromptKind
from .zones import is_champion

__all__ = ["CORE_VIEW", "HERO_REALMS", "Limits", "check_core_view", "check_event", "check_received"]

CORE_VIEW: Final = (
    "seat", "format", "turn", "turns", "to_act", "winner", "players", "hand", "deck", "market",
    "market_deck", "gems", "sacrificed", "in_play", "gold", "combat", "allies", "damage",
    "prompts", "next", "looking", "looking_size",
)  # fmt: skip
_PLAYER = (
    "health", "hand_size", "deck_size", "deck_top", "discard", "champions", "expended", "owed",
    "out", "pack", "ability_used", "skill_used", "turns_begun", "fallen", "ward", "ward_turns",
)  # fmt: skip
_NEXT = ("to_top", "action_to_top", "to_hand", "champion_discount", "action_discount", "heist")
_VIEW = CORE_VIEW
_LAST = CARD_COUNT - 1
_BIG = 100_000
_MOST_EVENTS = 50_000
#: each event type: its public fields, then the fields it may also hold
_EVENTS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "deal": (("hands", "market"), ("cards",)),
    "gain": (("seat", "what", "amount"), ()),
    "draw": (("seat", "count"), ("cards",)),
    "reshuffle": (("seat", "size"), ()),
    "play": (("seat", "card"), ()),
    "expend": (("seat", "card"), ("from",)),
    "lose": (("seat", "what", "amount"), ()),
    "look": (("seat", "count"), ("cards",)),
    "put_back": (("seat",), ()),
    "resurrect": (("seat", "card"), ()),
    "bless": (("seat", "target", "amount"), ()),
    "fireball": (("seat", "target"), ()),
    "heist": (("seat", "owner", "card"), ()),
    "ally": (("seat", "card"), ()),
    "sacrifice": (("seat", "card"), ("from",)),
    "buy": (("seat", "card", "to", "cost"), ()),
    "refill": (("slot", "card"), ()),
    "attack": (("seat", "amount"), ("target", "health", "card")),
    "stun": (("seat", "owner", "card"), ()),
    "out": (("seat",), ()),
    "game_over": (("winners",), ()),
    "end_turn": (("seat",), ()),
    "turn": (("seat", "discards"), ("gold", "combat")),
    "choose": (("seat", "card", "option"), ()),
    "must_discard": (("seat", "by"), ()),
    "skip": (("seat", "card"), ()),
    "discard": (("seat", "card"), ()),
    "to_deck": (("seat", "card"), ()),
    "prepare": (("seat", "card"), ()),
    "ignored": (("seat", "card"), ()),
}


@dataclass(frozen=True, slots=True)
class Limits:
    """What the Hero Realms part of a view may hold, for this game and for a
    game built on it (the Dragon's: more cards, more seats, its own formats)."""

    last_card: int  # the highest card id
    max_seats: int
    formats: tuple[str, ...]
    most_dealt: int  # the largest hand a deal gives


HERO_REALMS: Final = Limits(_LAST, MAX_SEATS, tuple(item.value for item in Format), 5)


def check_received(received: Received) -> str | None:
    return refusal(_check, received)


def _check(received: Received) -> None:
    seat = received.seat
    require(seat is None or type(seat) is int, "you", "are not a seat of this game")
    view = _view(received.view, seat)
    players = len(view["players"])
    _legal(received.legal, view, seat)
    # a whole game's log at once (a frame sent from the first event): a long
    # 4-player game tells thousands of events
    for index, event in enumerate(listing(received.events, "events", 0, _MOST_EVENTS)):
        check_event(event, f"events[{index}]", seat, players, HERO_REALMS)
    if received.outcome is None:
        require(view["winner"] is None, "outcome", "is missing for a finished game")
    else:
        hydra = view["format"] == Format.HYDRA
        outcome = fields(received.outcome, "outcome", ("winners",), ("teams",))
        winner = view["winner"]
        team = [winner, winner + 1] if hydra else [winner]
        require(outcome["winners"] == team, "outcome.winners", "is not the winner")
        require(("teams" in outcome) == hydra, "outcome.teams", "names a team in Hydra only")
        if hydra:
            teams = listing(outcome["teams"], "outcome.teams", 1, 1)
            require(teams == [_HYDRA_TEAMS[winner // 2]], "outcome.teams", "is not the winner's")


#: Hydra's teams (game.HYDRA): seats 0 and 1, then 2 and 3
_HYDRA_TEAMS = ("first", "second")


def _cards(
    value: object, path: str, high: int = MARKET_ROW * 40, limits: Limits = HERO_REALMS
) -> list[int]:
    return int_list(value, path, 0, limits.last_card, (0, high))


def _view(data: object, seat: int | None) -> Mapping[str, Any]:
    view = fields(data, "view", _VIEW)
    seen, hidden = check_core_view(view, seat, HERO_REALMS)
    players = len(view["players"])
    total = len(MARKET_IDS) + len(GEM_IDS) + players * STARTING_DECK  # a pack's deck is as big
    require(len(seen) + hidden == total, "view", "does not account for every card")
    return view


def check_core_view(
    view: Mapping[str, Any], seat: int | None, limits: Limits
) -> tuple[list[int], int]:
    """Check the Hero Realms fields of a view (`CORE_VIEW`, already there):
    the cards it shows (each once) and how many it hides, for the caller to
    account for every card of its game."""
    require(view["seat"] == seat and type(view["seat"]) is type(seat), "view.seat", "is not yours")
    people = listing(view["players"], "view.players", 2, limits.max_seats)
    players = len(people)
    require(seat is None or 0 <= seat < players, "you", "are not a seat of this game")
    last = players - 1
    choice(view["format"], "view.format", limits.formats)
    turn = integer(view["turn"], "view.turn", 0, last)
    integer(view["turns"], "view.turns", 1, _BIG)
    winner = optional_int(view["winner"], "view.winner", 0, last)
    acting = int_list(view["to_act"], "view.to_act", 0, last, (0, 1))
    require(acting == ([] if winner is not None else [turn]), "view.to_act", "is not the turn")
    seen: list[int] = []
    hidden = int_list([view["market_deck"]], "view.market_deck", 0, len(MARKET_IDS))[0]
    for index, player in enumerate(people):
        seen_here, hidden_here = _player(player, f"view.players[{index}]", limits)
        seen += seen_here
        hidden += hidden_here
    market = int_list(
        view["market"], "view.market", NO_CARD, limits.last_card, (MARKET_ROW, MARKET_ROW)
    )
    seen += [card for card in market if card != NO_CARD]
    for key in ("gems", "sacrificed", "in_play"):
        seen += _cards(view[key], f"view.{key}", limits=limits)
    mine = people[seat] if seat is not None else None
    if mine is None:
        require(view["hand"] is None and view["deck"] is None, "view.hand", "is a seat's own")
    else:
        hand = _cards(view["hand"], "view.hand", limits=limits)
        deck = _cards(view["deck"], "view.deck", limits=limits)
        require(len(hand) == mine["hand_size"], "view.hand", "does not match its size")
        require(len(deck) == mine["deck_size"], "view.deck", "does not match its size")
        require(deck == sorted(deck), "view.deck", "shows an order nobody knows")
        require(set(mine["deck_top"]) <= set(deck), "view.deck", "lacks its known top")
        seen += hand + [card for card in deck if card not in mine["deck_top"]]
        hidden -= len(hand) + len(deck) - len(mine["deck_top"])
    looking_size = integer(view["looking_size"], "view.looking_size", 0, 5)
    if seat is not None and seat == turn:
        looking = _cards(view["looking"], "view.looking", 5, limits)
        require(len(looking) == looking_size, "view.looking", "does not match its size")
        seen += looking
    else:
        require(view["looking"] is None, "view.looking", "is the player to act's own")
        hidden += looking_size
    distinct(seen, "view")
    for key in ("gold", "combat"):
        integer(view[key], f"view.{key}", 0, _BIG)
    _cards(view["allies"], "view.allies", limits=limits)
    for index, entry in enumerate(listing(view["damage"], "view.damage", 0, 40)):
        int_list(entry, f"view.damage[{index}]", 0, limits.last_card, (2, 2))
    nxt = fields(view["next"], "view.next", _NEXT)
    for key, value in nxt.items():
        integer(value, f"view.next.{key}", 0, _BIG)
    prompts = listing(view["prompts"], "view.prompts", 0, 40)
    require(not prompts or winner is None, "view.prompts", "wait in a finished game")
    for index, item in enumerate(prompts):
        where = f"view.prompts[{index}]"
        prompt = fields(item, where, ("kind", "card", "ability", "index", "left", "bonus"))
        choice(prompt["kind"], f"{where}.kind", tuple(kind.value for kind in PromptKind))
        integer(prompt["card"], f"{where}.card", NO_CARD, limits.last_card)
        choice(prompt["ability"], f"{where}.ability", ("", *ABILITIES))
        integer(prompt["index"], f"{where}.index", 0, 8)
        integer(prompt["left"], f"{where}.left", 0, 2)
        integer(prompt["bonus"], f"{where}.bonus", 0, 10)
    return seen, hidden


def _player(data: object, path: str, limits: Limits) -> tuple[list[int], int]:
    """The cards a player's public part shows, and how many it hides."""
    player = fields(data, path, _PLAYER)
    integer(player["health"], f"{path}.health", 0, _BIG)
    hand = integer(player["hand_size"], f"{path}.hand_size", 0, _BIG)
    deck = integer(player["deck_size"], f"{path}.deck_size", 0, _BIG)
    top = _cards(player["deck_top"], f"{path}.deck_top", deck, limits)
    discard = _cards(player["discard"], f"{path}.discard", limits=limits)
    champions = _cards(player["champions"], f"{path}.champions", limits=limits)
    expended = _cards(player["expended"], f"{path}.expended", limits=limits)
    require(set(expended) <= set(champions), f"{path}.expended", "are not its champions")
    integer(player["owed"], f"{path}.owed", 0, _BIG)
    out = boolean(player["out"], f"{path}.out")
    choice(player["pack"], f"{path}.pack", ("", *PACKS))
    for key in ("ability_used", "skill_used"):
        boolean(player[key], f"{path}.{key}")
    for key in ("turns_begun", "ward", "ward_turns"):
        integer(player[key], f"{path}.{key}", 0, _BIG)
    fallen = _cards(player["fallen"], f"{path}.fallen", limits=limits)
    require(all(is_champion(c) for c in fallen), f"{path}.fallen", "holds a card no champion")
    require(not out or not champions, f"{path}.champions", "belong to a player still in")
    hidden = hand + deck - len(top)
    return top + discard + champions, hidden


def _legal(data: object, view: Mapping[str, Any], seat: int | None) -> None:
    legal = listing(data, "legal", 0, 5_000)
    require(len({str(item) for item in legal}) == len(legal), "legal", "holds an action twice")
    mine = seat is not None and seat in view["to_act"]
    require(mine or not legal, "legal", "lists moves for a seat not to act")
    for index, item in enumerate(legal):
        try:
            action = action_from_json(item)
        except GameError as error:
            require(False, f"legal[{index}]", f"does not decode: {error.message}")
            continue
        if isinstance(action, Play):
            require(action.card in view["hand"], f"legal[{index}]", "plays a card not in hand")
        elif isinstance(action, BuyMarket):
            require(action.card in view["market"], f"legal[{index}]", "buys a card not offered")
        elif isinstance(action, Expend) and seat is not None:
            champions = view["players"][seat]["champions"]
            require(action.card in champions, f"legal[{index}]", "expends no champion of yours")


def check_event(data: object, path: str, seat: int | None, players: int, limits: Limits) -> None:
    """Check one of Hero Realms' events as `seat` received it."""
    kind = choice(data.get("type") if isinstance(data, dict) else None, f"{path}.type", _EVENTS)
    public, extra = _EVENTS[kind]
    event = fields(data, path, ("type", *public), extra)
    for key in ("seat", "target", "owner", "by"):
        if key in event:
            integer(event[key], f"{path}.{key}", 0, players - 1)
    if "card" in event:
        integer(event["card"], f"{path}.card", NO_CARD, limits.last_card)
    for key in (
        "amount",
        "count",
        "size",
        "cost",
        "health",
        "option",
        "discards",
        "slot",
        "gold",
        "combat",
    ):
        if key in event:
            integer(event[key], f"{path}.{key}", 0, _BIG)
    if "cards" in event:
        owner = event.get("seat")
        require(
            seat is not None and (kind == "deal" or owner == seat),
            f"{path}.cards",
            "is another's secret",
        )
        _cards(event["cards"], f"{path}.cards", limits=limits)
    if kind == "game_over":
        int_list(event["winners"], f"{path}.winners", 0, players - 1, (1, 2))  # 2: Hydra
    elif kind == "deal":
        int_list(event["hands"], f"{path}.hands", 0, limits.most_dealt, (players, players))
        int_list(event["market"], f"{path}.market", 0, limits.last_card, (MARKET_ROW, MARKET_ROW))
    for key in ("what", "to", "from"):
        if key in event:
            choice(
                event[key],
                f"{path}.{key}",
                ("gold", "combat", "health", "hand", "deck", "discard", "play", "pack"),
            )
