"""The Boss's state and actions as JSON, and back, exactly.

Decoding is strict: a field missing, extra or of the wrong type raises
MalformedData naming it, and a decoded state must pass every invariant
(invariants.py) or is refused with the first broken one. Outside values are
quoted short (`safejson.quote`), so no refusal echoes a large input back.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from ..engine.errors import MalformedData
from ..engine.jsonfields import expect_fields, read_int, read_str
from ..engine.rng import MASK64
from ..engine.safejson import quote
from .cards import CARD_COUNT, CITY_COUNT, EXPERTS, OCCASIONALS
from .invariants import state_problems
from .state import (
    Action,
    ChicagoResult,
    CityResult,
    Place,
    Play,
    RoundResult,
    Stage,
    State,
    strongest_by_city,
)

__all__ = [
    "action_from_json",
    "action_to_json",
    "result_from_json",
    "result_to_json",
    "state_from_json",
    "state_to_json",
]

_STATE_FIELDS: Final = (
    "rng", "round", "marker", "turn", "seat", "stage", "row", "hidden", "played", "hands",
    "experts", "occasionals", "money", "dead", "away", "occasionals_used", "banned", "police",
    "police_shown", "last_order", "result", "stacked",
)  # fmt: skip
_CITY_FIELDS: Final = ("city", "card", "seat", "effect", "played", "experts", "occasionals")
_CHICAGO_FIELDS: Final = ("seat", "experts", "occasionals", "cities", "cards", "total", "gain")
_RESULT_FIELDS: Final = ("round", "cities", "chicago", "money_won")
_STAGES: Final = {stage.value: stage for stage in Stage}
_MAX_ITEMS: Final = 64
"""No list of a sound state is longer (27 cards, 8 cities, 5 rounds); a longer
one is refused before anything walks it."""


# ------------------------------------------------------------------- readers


def _list(value: object, what: str) -> list[Any]:
    if not isinstance(value, list):
        raise MalformedData(f"{what} must be a list, not {quote(value)}")
    if len(value) > _MAX_ITEMS:
        raise MalformedData(f"{what} has {len(value)} items, more than any state holds")
    return value


def _int(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise MalformedData(f"{what} must be an integer, not {quote(value)}")
    return value


def _seat_or_none(value: object, what: str) -> int | None:
    return None if value is None else _int(value, what)


def _ints(value: object, what: str) -> tuple[int, ...]:
    return tuple(_int(item, f"{what}[{index}]") for index, item in enumerate(_list(value, what)))


def _rows(value: object, what: str) -> tuple[tuple[int, ...], ...]:
    return tuple(_ints(row, f"{what}[{index}]") for index, row in enumerate(_list(value, what)))


# --------------------------------------------------------------------- result


def result_to_json(result: RoundResult) -> dict[str, Any]:
    chicago = result.chicago
    return {
        "round": result.round,
        "cities": [
            {
                "city": city.city,
                "card": city.card,
                "seat": city.seat,
                "effect": city.effect,
                "played": list(city.played),
                "experts": list(city.experts),
                "occasionals": list(city.occasionals),
            }
            for city in result.cities
        ],
        "chicago": {
            "seat": chicago.seat,
            "experts": list(chicago.experts),
            "occasionals": list(chicago.occasionals),
            "cities": list(chicago.cities),
            "cards": list(chicago.cards),
            "total": chicago.total,
            "gain": chicago.gain,
        },
        "money_won": list(result.money_won),
    }


def result_from_json(data: object) -> RoundResult:
    what = "theboss state.result"
    fields = expect_fields(data, what, _RESULT_FIELDS)
    cities = []
    for index, item in enumerate(_list(fields["cities"], f"{what}.cities")):
        where = f"{what}.cities[{index}]"
        city = expect_fields(item, where, _CITY_FIELDS)
        cities.append(
            CityResult(
                city=read_int(city, "city", where),
                card=read_int(city, "card", where),
                seat=_seat_or_none(city["seat"], f"{where}.seat"),
                effect=read_str(city, "effect", where),
                played=_ints(city["played"], f"{where}.played"),
                experts=_ints(city["experts"], f"{where}.experts"),
                occasionals=_ints(city["occasionals"], f"{where}.occasionals"),
            )
        )
    where = f"{what}.chicago"
    chicago = expect_fields(fields["chicago"], where, _CHICAGO_FIELDS)
    cards = tuple(
        None if card is None else _int(card, f"{where}.cards[{index}]")
        for index, card in enumerate(_list(chicago["cards"], f"{where}.cards"))
    )
    return RoundResult(
        round=read_int(fields, "round", what),
        cities=tuple(cities),
        chicago=ChicagoResult(
            seat=_seat_or_none(chicago["seat"], f"{where}.seat"),
            experts=_ints(chicago["experts"], f"{where}.experts"),
            occasionals=_ints(chicago["occasionals"], f"{where}.occasionals"),
            cities=_ints(chicago["cities"], f"{where}.cities"),
            cards=cards,
            total=read_int(chicago, "total", where),
            gain=read_int(chicago, "gain", where),
        ),
        money_won=_ints(fields["money_won"], f"{what}.money_won"),
    )


# ---------------------------------------------------------------------- state


def state_to_json(state: State) -> dict[str, Any]:
    return {
        "rng": state.rng,
        "round": state.round,
        "marker": state.marker,
        "turn": state.turn,
        "seat": state.seat,
        "stage": state.stage.value,
        "row": list(state.row),
        "hidden": list(state.hidden),
        "played": [list(cards) for cards in state.played],
        "hands": [list(hand) for hand in state.hands],
        "experts": [list(row) for row in state.experts],
        "occasionals": [list(row) for row in state.occasionals],
        "money": list(state.money),
        "dead": list(state.dead),
        "away": [list(left) for left in state.away],
        "occasionals_used": list(state.occasionals_used),
        "banned": [list(cities) for cities in state.banned],
        "police": list(state.police),
        "police_shown": list(state.police_shown),
        "last_order": list(state.last_order),
        "result": None if state.result is None else result_to_json(state.result),
        "stacked": [list(cards) for cards in state.stacked],
    }


def state_from_json(data: object) -> State:
    what = "theboss state"
    fields = expect_fields(data, what, _STATE_FIELDS)
    stage = read_str(fields, "stage", what)
    if stage not in _STAGES:
        raise MalformedData(f"{what}.stage {quote(stage)} is not a stage")
    generator = read_int(fields, "rng", what)
    if not 0 <= generator <= MASK64:
        raise MalformedData(f"{what}.rng must be a 64-bit generator state")

    def rows(key: str) -> tuple[tuple[int, ...], ...]:
        return _rows(fields[key], f"{what}.{key}")

    def ints(key: str) -> tuple[int, ...]:
        return _ints(fields[key], f"{what}.{key}")

    experts, occasionals = rows("experts"), rows("occasionals")
    state = State(
        rng=generator,
        round=read_int(fields, "round", what),
        marker=read_int(fields, "marker", what),
        turn=read_int(fields, "turn", what),
        seat=read_int(fields, "seat", what),
        stage=_STAGES[stage],
        row=ints("row"),
        hidden=ints("hidden"),
        played=rows("played"),
        hands=rows("hands"),
        experts=experts,
        occasionals=occasionals,
        strongest=strongest_by_city(experts, occasionals),  # not in the JSON: derived
        money=ints("money"),
        dead=ints("dead"),
        away=rows("away"),
        occasionals_used=ints("occasionals_used"),
        banned=rows("banned"),
        police=ints("police"),
        police_shown=ints("police_shown"),
        last_order=ints("last_order"),
        result=None if fields["result"] is None else result_from_json(fields["result"]),
        stacked=rows("stacked"),
    )
    problems = state_problems(state)
    if problems:
        raise MalformedData(f"{what} is not sound: {problems[0]}")
    return state


# -------------------------------------------------------------------- actions


def action_to_json(action: Action) -> dict[str, Any]:
    if isinstance(action, Play):
        return {"type": "play", "card": action.card}
    return {
        "type": "place",
        "city": action.city,
        "experts": action.experts,
        "occasionals": action.occasionals,
    }


def action_from_json(data: object) -> Action:
    what = "theboss action"
    if not isinstance(data, Mapping) or not isinstance(data.get("type"), str):
        raise MalformedData(f"a {what} must be an object with a type, not {quote(data)}")
    kind = data["type"]
    if kind == "play":
        fields = expect_fields(data, what, ("type", "card"))
        return Play(_bounded(fields, "card", 0, CARD_COUNT - 1, what))
    if kind == "place":
        fields = expect_fields(data, what, ("type", "city", "experts", "occasionals"))
        return Place(
            _bounded(fields, "city", 0, CITY_COUNT, what),
            _bounded(fields, "experts", 0, EXPERTS, what),
            _bounded(fields, "occasionals", 0, OCCASIONALS, what),
        )
    raise MalformedData(f"unknown {what} type {quote(kind)}")


def _bounded(fields: Mapping[str, Any], key: str, low: int, high: int, what: str) -> int:
    value = read_int(fields, key, what)
    if not low <= value <= high:
        raise MalformedData(f"{what}.{key} must be {low} to {high}, not {quote(value)}")
    return value
