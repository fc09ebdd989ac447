"""What a Raid host may send a seat, checked strictly (engine/viewcheck.py):
the view, the legal actions, the events and the outcome."""

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
from .codec import action_from_json
from .rules import max_hp, team_seats
from .state import (
    CARDS,
    HAND,
    MAX_ROUNDS,
    MIN_ROUNDS,
    POWER,
    Block,
    End,
    Kind,
    Pick,
    Play,
    Stage,
    Take,
    kind_of,
)

__all__ = ["check_received"]

_VIEW = (
    "seat", "round", "dawn", "stage", "turn", "to_act", "hp", "guard", "loot", "hand_sizes",
    "picked", "deck", "discards", "strike", "winner", "hand", "my_pick",
)  # fmt: skip
_LAST = CARDS - 1
_TEAMS = ("party", "lair")


def check_received(received: Received) -> str | None:
    return refusal(_check, received)


def _check(received: Received) -> None:
    seat = received.seat
    require(seat is None or type(seat) is int, "you", "is not a seat of a raid")
    view = _view(received.view, seat)
    players = len(view["hp"])
    _legal(received.legal, view, seat)
    for index, event in enumerate(received.events):
        _event(event, f"events[{index}]", seat, players, view["dawn"])
    _outcome(received.outcome, view)


def _per_seat(value: object, path: str, players: int) -> list[Any]:
    return listing(value, path, players, players)


def _view(data: object, seat: int | None) -> Mapping[str, Any]:
    view = fields(data, "view", _VIEW)
    require(view["seat"] == seat and type(view["seat"]) is type(seat), "view.seat", "is not yours")
    players = len(listing(view["hp"], "view.hp", 3, 6))
    require(seat is None or 0 <= seat < players, "you", "are not a seat of this raid")
    dawn = integer(view["dawn"], "view.dawn", MIN_ROUNDS, MAX_ROUNDS)
    tops = [max_hp(s, players, dawn) for s in range(players)]
    hp = [integer(v, f"view.hp[{s}]", 0, tops[s]) for s, v in enumerate(view["hp"])]
    integer(view["round"], "view.round", 1, dawn)
    stage = Stage(choice(view["stage"], "view.stage", tuple(item.value for item in Stage)))
    playing = stage in (Stage.TURNS, Stage.REACT)
    turn = optional_int(view["turn"], "view.turn", 0, players - 1)
    require((turn is not None) == playing, "view.turn", "does not fit the stage")
    require(turn is None or hp[turn] > 0, "view.turn", "names a downed hero")
    guard = int_list(view["guard"], "view.guard", 0, 2 * CARDS, (players, players))
    require(all(g % POWER == 0 for g in guard), "view.guard", "is not a number of shields")
    loot = [
        int_list(cards, f"view.loot[{s}]", 0, _LAST, (0, CARDS))
        for s, cards in enumerate(_per_seat(view["loot"], "view.loot", players))
    ]
    drafting = stage == Stage.DRAFT
    size = (1, HAND) if drafting else (0, 0)
    sizes = int_list(view["hand_sizes"], "view.hand_sizes", *size, (players, players))
    require(len(set(sizes)) == 1, "view.hand_sizes", "differ between seats")
    picked = [
        boolean(item, f"view.picked[{s}]")
        for s, item in enumerate(_per_seat(view["picked"], "view.picked", players))
    ]
    require(drafting or not any(picked), "view.picked", "holds picks out of the draft")
    deck = integer(view["deck"], "view.deck", 0, CARDS)
    discards = int_list(view["discards"], "view.discards", 0, _LAST, (0, CARDS))
    strike = _strike(view["strike"], stage, turn, players)
    expected = {
        Stage.DRAFT: [s for s in range(players) if not picked[s] or sizes[s] > 1],
        Stage.TURNS: [turn],
        Stage.REACT: [strike[1]] if strike else [],
        Stage.OVER: [],
    }[stage]
    require(view["to_act"] == expected, "view.to_act", "does not fit the stage")
    winner = view["winner"]
    if stage == Stage.OVER:
        choice(winner, "view.winner", _TEAMS)
        side = hp[0] == 0 if winner == "party" else hp[0] > 0
        require(side, "view.winner", "does not fit the hit points")
    else:
        require(winner is None, "view.winner", "is named before the end")
        require(hp[0] > 0 and any(hp[1:]), "view.hp", "shows a fallen side in a running game")
    known = [*discards, *(card for cards in loot for card in cards)]
    if seat is None:
        require(view["hand"] is None, "view.hand", "is a seat's")
        require(view["my_pick"] is None, "view.my_pick", "is a seat's")
    else:
        hand = int_list(view["hand"], "view.hand", 0, _LAST, (sizes[seat], sizes[seat]))
        mine = optional_int(view["my_pick"], "view.my_pick", 0, _LAST)
        require((mine is not None) == picked[seat], "view.my_pick", "does not fit view.picked")
        require(mine is None or mine in hand, "view.my_pick", "is not in the hand")
        known += hand
    distinct(known, "view")
    held = deck + len(discards) + sum(len(cards) for cards in loot) + sum(sizes)
    require(held == CARDS, "view", f"accounts for {held} cards, not {CARDS}")
    return view


def _strike(data: object, stage: Stage, turn: int | None, players: int) -> tuple[int, int] | None:
    if stage != Stage.REACT:
        require(data is None, "view.strike", "is out of a reaction")
        return None
    strike = fields(data, "view.strike", ("from", "to"))
    striker = integer(strike["from"], "view.strike.from", 0, players - 1)
    target = integer(strike["to"], "view.strike.to", 0, players - 1)
    require(striker == turn and target != striker, "view.strike", "does not fit the turn")
    return striker, target


def _legal(data: object, view: Mapping[str, Any], seat: int | None) -> None:
    items = listing(data, "legal", 0, CARDS * 6 + 1)
    require(not items or (seat is not None and seat in view["to_act"]), "legal", "is not yours")
    stage = Stage(view["stage"])
    players = len(view["hp"])
    for index, item in enumerate(items):
        path = f"legal[{index}]"
        try:
            action = action_from_json(item)
        except GameError as error:
            raise Refused(f"{path}: {error.message}") from None
        assert seat is not None
        mine = view["loot"][seat]
        if isinstance(action, Pick):
            require(stage == Stage.DRAFT, path, "picks out of the draft")
            require(action.card in view["hand"], f"{path}.card", "is not in the hand")
            require(action.card != view["my_pick"], f"{path}.card", "is picked already")
        elif isinstance(action, Block | Take):
            require(stage == Stage.REACT, path, "reacts to no strike")
            if isinstance(action, Block):
                shield = action.card in mine and kind_of(action.card) == Kind.SHIELD
                require(shield, f"{path}.card", "is not a shield of the loot")
        else:
            require(stage == Stage.TURNS, path, "is not an action of this step")
            if isinstance(action, Play):
                require(action.card in mine, f"{path}.card", "is not in the loot")
                require(action.target < players, f"{path}.target", "is not a seat")
            else:
                require(isinstance(action, End), path, "is unknown")
    require(len({str(item) for item in items}) == len(items), "legal", "holds an action twice")


_EVENTS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    # type: (fields, fields only the seat itself sees)
    "round": (("round",), ("hand",)),
    "pick": (("seat", "again"), ("card",)),
    "reveal": (("picks",), ()),
    "pass": (("size",), ("hand",)),
    "turns": (("round",), ()),
    "play": (("seat", "card", "target"), ()),
    "draw": (("seat", "card"), ()),
    "damage": (("seat", "amount", "hp"), ()),
    "block": (("seat", "card"), ()),
    "end": (("seat",), ()),
    "game_over": (("team", "winners", "why"), ()),
}


def _event(data: object, path: str, seat: int | None, players: int, dawn: int) -> None:
    kind = choice(data.get("type") if isinstance(data, dict) else None, f"{path}.type", _EVENTS)
    public, secret = _EVENTS[kind]
    event = fields(data, path, ("type", *public), secret)
    for key in ("seat", "target"):
        if key in event:
            integer(event[key], f"{path}.{key}", 0, players - 1)
    if "card" in event:
        integer(event["card"], f"{path}.card", 0, _LAST)
        require(kind != "pick" or event["seat"] == seat, f"{path}.card", "is another's secret")
    if "round" in event:
        integer(event["round"], f"{path}.round", 1, dawn)
    if "hand" in event:
        require(seat is not None, f"{path}.hand", "is a seat's secret")
        distinct(int_list(event["hand"], f"{path}.hand", 0, _LAST, (1, HAND)), f"{path}.hand")
    if kind == "pick":
        boolean(event["again"], f"{path}.again")
    elif kind == "reveal":
        int_list(event["picks"], f"{path}.picks", 0, _LAST, (players, players))
    elif kind == "pass":
        integer(event["size"], f"{path}.size", 1, HAND - 1)
    elif kind == "damage":
        integer(event["amount"], f"{path}.amount", 0, POWER)
        integer(event["hp"], f"{path}.hp", 0, max_hp(event["seat"], players, dawn))
    elif kind == "game_over":
        team = choice(event["team"], f"{path}.team", _TEAMS)
        winners = int_list(event["winners"], f"{path}.winners", 0, players - 1, (1, players))
        require(winners == team_seats(team, players), f"{path}.winners", "is not the team")
        choice(event["why"], f"{path}.why", ("boss_down", "party_down", "dawn"))


def _outcome(data: object, view: Mapping[str, Any]) -> None:
    over = view["stage"] == Stage.OVER
    require((data is None) != over, "outcome", "does not fit the stage")
    if data is None:
        return
    outcome = fields(data, "outcome", ("winners", "teams"))
    players = len(view["hp"])
    teams = listing(outcome["teams"], "outcome.teams", 1, 1)
    require(teams == [view["winner"]], "outcome.teams", "differs from the view's winner")
    winners = int_list(outcome["winners"], "outcome.winners", 0, players - 1, (1, players))
    require(winners == team_seats(view["winner"], players), "outcome.winners", "is not the team")
