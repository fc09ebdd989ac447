"""What a Duel host may send a seat, checked strictly (engine/viewcheck.py):
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
from .state import CARDS, HAND, ROUNDS, Keep, Stage, Swap

__all__ = ["check_received"]

_VIEW = (
    "seat", "round", "stage", "turn", "swaps_done", "to_act", "points", "deck", "discards",
    "hand_sizes", "committed", "hand", "my_card",
)  # fmt: skip
_LAST = CARDS - 1


def check_received(received: Received) -> str | None:
    return refusal(_check, received)


def _check(received: Received) -> None:
    seat = received.seat
    require(seat in (None, 0, 1), "you", "is not a seat of a duel")
    view = _view(received.view, seat)
    _legal(received.legal, view, seat)
    for index, event in enumerate(received.events):
        _event(event, f"events[{index}]", seat)
    _outcome(received.outcome, view)


def _view(data: object, seat: int | None) -> Mapping[str, Any]:
    over_spectator = seat is None and isinstance(data, dict) and data.get("stage") == Stage.OVER
    view = fields(data, "view", _VIEW, ("open",) if over_spectator else ())
    require(view["seat"] == seat, "view.seat", "is not the seat the frame is for")
    integer(view["round"], "view.round", 1, ROUNDS)
    stage = choice(view["stage"], "view.stage", tuple(item.value for item in Stage))
    turn = optional_int(view["turn"], "view.turn", 0, 1)
    require((turn is None) == (stage != Stage.SWAP), "view.turn", "does not fit the stage")
    swaps = integer(view["swaps_done"], "view.swaps_done", 0, 2)
    require((swaps < 2) == (stage == Stage.SWAP), "view.swaps_done", "does not fit the stage")
    to_act = int_list(view["to_act"], "view.to_act", 0, 1, (0, 2))
    points = int_list(view["points"], "view.points", 0, ROUNDS, (2, 2))
    require(sum(points) <= ROUNDS, "view.points", "holds more points than tricks")
    deck = integer(view["deck"], "view.deck", 0, CARDS)
    discards = int_list(view["discards"], "view.discards", 0, _LAST, (0, CARDS))
    sizes = int_list(view["hand_sizes"], "view.hand_sizes", 0, HAND, (2, 2))
    committed = [
        boolean(item, f"view.committed[{index}]")
        for index, item in enumerate(listing(view["committed"], "view.committed", 2, 2))
    ]
    expected = {Stage.SWAP: [] if turn is None else [turn], Stage.OVER: []}.get(
        Stage(stage), [who for who in (0, 1) if not committed[who]]
    )
    require(to_act == expected, "view.to_act", "does not fit the stage")
    require(
        stage == Stage.COMMIT or committed == [False, False], "view.committed", "is out of step"
    )
    held = deck + len(discards) + sum(sizes) + sum(committed)
    require(held == CARDS, "view", f"accounts for {held} cards, not {CARDS}")
    if seat is None:
        require(view["hand"] is None and view["my_card"] is None, "view.hand", "is a seat's")
        known = list(discards)
    else:
        hand = int_list(view["hand"], "view.hand", 0, _LAST, (sizes[seat], sizes[seat]))
        mine = optional_int(view["my_card"], "view.my_card", 0, _LAST)
        require((mine is not None) == committed[seat], "view.my_card", "does not fit committed")
        known = [*discards, *hand, *([] if mine is None else [mine])]
    distinct(known, "view")
    if "open" in view:
        _open(view["open"], sizes, committed, known)
    return view


def _open(data: object, sizes: list[int], committed: list[bool], known: list[int]) -> None:
    """A finished game's face-up hands (the spectator's replay view)."""
    opened = fields(data, "view.open", ("hands", "committed"))
    hands = listing(opened["hands"], "view.open.hands", 2, 2)
    cards = list(known)
    for who in (0, 1):
        path = f"view.open.hands[{who}]"
        cards += int_list(hands[who], path, 0, _LAST, (sizes[who], sizes[who]))
    faces = listing(opened["committed"], "view.open.committed", 2, 2)
    for who in (0, 1):
        card = optional_int(faces[who], f"view.open.committed[{who}]", 0, _LAST)
        require((card is not None) == committed[who], "view.open.committed", "is out of step")
        cards += [] if card is None else [card]
    distinct(cards, "view.open")


def _legal(data: object, view: Mapping[str, Any], seat: int | None) -> None:
    items = listing(data, "legal", 0, 2 * CARDS + 1)
    require(not items or (seat is not None and seat in view["to_act"]), "legal", "is not yours")
    for index, item in enumerate(items):
        path = f"legal[{index}]"
        try:
            action = action_from_json(item)
        except GameError as error:
            raise Refused(f"{path}: {error.message}") from None
        stage = view["stage"]
        if isinstance(action, Keep):
            require(stage == Stage.SWAP, path, "keeps out of the swap step")
        else:
            step = Stage.SWAP if isinstance(action, Swap) else Stage.COMMIT
            require(stage == step, path, "is not an action of this step")
            require(action.card in view["hand"], f"{path}.card", "is not in the hand")
    require(len({str(item) for item in items}) == len(items), "legal", "holds an action twice")


_EVENTS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    # type: (fields, fields only the seat itself sees)
    "deal": (("round",), ("hand",)),
    "keep": (("seat",), ()),
    "swap": (("seat", "discarded"), ("drawn",)),
    "commit": (("seat",), ("card",)),
    "reveal": (("cards", "winner"), ()),
    "round": (("round",), ()),
    "game_over": (("winners", "points"), ()),
}


def _event(data: object, path: str, seat: int | None) -> None:
    kind = choice(data.get("type") if isinstance(data, dict) else None, f"{path}.type", _EVENTS)
    public, secret = _EVENTS[kind]
    event = fields(data, path, ("type", *public), secret)
    owner = event.get("seat")
    if owner is not None:
        integer(owner, f"{path}.seat", 0, 1)
    for key in secret:
        if key in event:
            mine = seat is not None and (kind == "deal" or owner == seat)
            require(mine, f"{path}.{key}", "is another seat's secret")
    if "round" in event:
        integer(event["round"], f"{path}.round", 1, ROUNDS)
    for key in ("discarded", "drawn", "card"):
        if key in event:
            integer(event[key], f"{path}.{key}", 0, _LAST)
    if "hand" in event:
        distinct(int_list(event["hand"], f"{path}.hand", 0, _LAST, (HAND, HAND)), f"{path}.hand")
    if kind == "reveal":
        int_list(event["cards"], f"{path}.cards", 0, _LAST, (2, 2))
        optional_int(event["winner"], f"{path}.winner", 0, 1)
    if kind == "game_over":
        int_list(event["winners"], f"{path}.winners", 0, 1, (1, 2))
        int_list(event["points"], f"{path}.points", 0, ROUNDS, (2, 2))


def _outcome(data: object, view: Mapping[str, Any]) -> None:
    over = view["stage"] == Stage.OVER
    require((data is None) != over, "outcome", "does not fit the stage")
    if data is None:
        return
    outcome = fields(data, "outcome", ("winners", "points"))
    winners = int_list(outcome["winners"], "outcome.winners", 0, 1, (1, 2))
    points = int_list(outcome["points"], "outcome.points", 0, ROUNDS, (2, 2))
    require(points == view["points"], "outcome.points", "differs from the view's")
    best = max(points)
    require(winners == [w for w in (0, 1) if points[w] == best], "outcome.winners", "is wrong")
