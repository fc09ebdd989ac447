"""What a The Boss host may send a seat, checked strictly (engine/viewcheck.py):
the view (every field, card ids that exist and lie under their own city,
gangsters counted once, no other hand's faces), the legal actions, the events
and the outcome."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

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
from .cards import (
    BADGES_TO_END,
    CARD_CITY,
    CARD_COUNT,
    CHICAGO,
    CITIES_BY_PLAYERS,
    EXPERTS,
    HAND_SIZE,
    OCCASIONALS,
    POLICE,
    TURNS,
)
from .codec import action_from_json
from .options import DECLARED
from .state import Place, Play, Stage

__all__ = ["check_received"]

_VIEW: Final = (
    "game", "seat", "players", "round", "marker", "turn", "stage", "to_act", "row", "cities",
    "hands", "hand", "money", "experts_available", "experts_dead", "experts_away",
    "occasionals_available", "occasionals_used", "banned", "police", "police_left", "badges",
    "last_round", "last_order", "result", "outcome",
)  # fmt: skip
_CITY: Final = ("city", "played", "face_down", "experts", "occasionals")
_RESULT_CITY: Final = ("city", "card", "seat", "effect", "played", "experts", "occasionals")
_CHICAGO: Final = ("seat", "experts", "occasionals", "cities", "cards", "total", "gain")
_OUTCOME: Final = ("winners", "money", "last_round_money", "gangsters_left", "rounds")
_EFFECTS: Final = ("money", "killed", "jailed", "hurt", "banned", "nobody")
_ROUNDS: Final = 100
_MONEY: Final = 10_000
_AWAY: Final = 2  # rounds an expert may still miss (jail)
_LAST_CARD: Final = CARD_COUNT - 1
_MAX_PLAYERS: Final = DECLARED.max_players


class _Table:
    """The players and the cities in play, that the rest is read against."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.cities = CITIES_BY_PLAYERS[players]

    def seat(self, value: object, path: str) -> int:
        return integer(value, path, 0, self.players - 1)

    def seat_or_none(self, value: object, path: str) -> int | None:
        return optional_int(value, path, 0, self.players - 1)

    def per_seat(self, value: object, path: str, low: int, high: int) -> list[int]:
        return int_list(value, path, low, high, (self.players, self.players))

    def city(self, value: object, path: str, chicago: bool = False) -> int:
        return integer(value, path, CHICAGO if chicago else 1, self.cities)

    def card(self, value: object, path: str, city: int | None = None) -> int:
        card = integer(value, path, 0, _LAST_CARD)
        if CARD_CITY[card] > self.cities:
            raise Refused(f"{path} names card {card}, out of this game")
        if city is not None and CARD_CITY[card] != city:
            raise Refused(f"{path} is not a card of city {city}")
        return card

    def cards(self, value: object, path: str, high: int = CARD_COUNT) -> list[int]:
        items = listing(value, path, 0, high)
        found = [self.card(item, f"{path}[{index}]") for index, item in enumerate(items)]
        distinct(found, path)
        return found


def check_received(received: Received) -> str | None:
    return refusal(_check, received)


def _check(received: Received) -> None:
    seat = received.seat
    require(
        seat is None or (isinstance(seat, int) and 0 <= seat < _MAX_PLAYERS), "you", "is no seat"
    )
    view, table = _view(received.view, seat)
    _legal(received.legal, view, table, seat)
    for index, event in enumerate(received.events):
        _event(event, f"events[{index}]", table, seat)
    require(received.outcome == view["outcome"], "outcome", "differs from the view's")


# ------------------------------------------------------------------ the view


def _view(data: object, seat: int | None) -> tuple[Mapping[str, Any], _Table]:
    over_spectator = seat is None and isinstance(data, dict) and data.get("stage") == Stage.OVER
    view = fields(data, "view", _VIEW, ("open",) if over_spectator else ())
    require(view["game"] == "theboss", "view.game", "is not theboss")
    require(view["seat"] == seat, "view.seat", "is not the seat the frame is for")
    players = integer(view["players"], "view.players", DECLARED.min_players, DECLARED.max_players)
    require(seat is None or seat < players, "you", "is no seat of this game")
    table = _Table(players)
    integer(view["round"], "view.round", 1, _ROUNDS)
    table.seat(view["marker"], "view.marker")
    integer(view["turn"], "view.turn", 1, TURNS)
    stage = choice(view["stage"], "view.stage", tuple(item.value for item in Stage))
    over = stage == Stage.OVER
    if over:
        require(view["to_act"] is None, "view.to_act", "names a seat once the game is over")
    else:
        table.seat(view["to_act"], "view.to_act")
    row = int_list(view["row"], "view.row", CHICAGO, table.cities)
    require(sorted(row) == list(range(table.cities + 1)), "view.row", "is not the game's cities")
    played, on_cities = _cities(view["cities"], table, over)
    backs = listing(view["hands"], "view.hands", players, players)
    for who, hand in enumerate(backs):
        int_list(hand, f"view.hands[{who}]", 1, table.cities, (0, HAND_SIZE))
    if seat is None:
        require(view["hand"] is None, "view.hand", "shows a hand to a spectator")
        faces = []
    else:
        faces = table.cards(view["hand"], "view.hand", HAND_SIZE)
        cities = [CARD_CITY[card] for card in faces]
        require(cities == backs[seat], "view.hand", "does not match the hand's backs")
    distinct([*played, *faces], "view's cards")
    _gangsters(view, table, on_cities)
    _police(view)
    last_order = view["last_order"]
    if last_order is not None:
        order = int_list(last_order, "view.last_order", 0, players - 1, (players, players))
        distinct(order, "view.last_order")
    if view["result"] is not None:
        _result(view["result"], table)
    _outcome(view["outcome"], table, over)
    if "open" in view:
        _open(view["open"], table, backs, played)
    return view, table


def _cities(data: object, table: _Table, over: bool) -> tuple[list[int], list[list[int]]]:
    """Each city's cards played and gangsters; by seat, its gangsters on cities
    (experts, occasionals)."""
    items = listing(data, "view.cities", table.cities + 1, table.cities + 1)
    played: list[int] = []
    experts = [0] * table.players
    occasionals = [0] * table.players
    for city, item in enumerate(items):
        path = f"view.cities[{city}]"
        entry = fields(item, path, _CITY)
        require(entry["city"] == city, f"{path}.city", "is out of order")
        cards = listing(entry["played"], f"{path}.played", 0, table.players * TURNS)
        played += [table.card(card, f"{path}.played[{i}]", city) for i, card in enumerate(cards)]
        face_down = boolean(entry["face_down"], f"{path}.face_down")
        require(face_down == (not over and city != CHICAGO), f"{path}.face_down", "is wrong")
        for who, count in enumerate(
            table.per_seat(entry["experts"], f"{path}.experts", 0, EXPERTS)
        ):
            experts[who] += count
        on = table.per_seat(entry["occasionals"], f"{path}.occasionals", 0, OCCASIONALS)
        for who, count in enumerate(on):
            occasionals[who] += count
    return played, [experts, occasionals]


def _gangsters(view: Mapping[str, Any], table: _Table, on_cities: list[list[int]]) -> None:
    """Every seat's six experts and three occasionals, each in one place."""
    available = table.per_seat(view["experts_available"], "view.experts_available", 0, EXPERTS)
    dead = table.per_seat(view["experts_dead"], "view.experts_dead", 0, EXPERTS)
    away = listing(view["experts_away"], "view.experts_away", table.players, table.players)
    free = table.per_seat(
        view["occasionals_available"], "view.occasionals_available", 0, OCCASIONALS
    )
    used = table.per_seat(view["occasionals_used"], "view.occasionals_used", 0, OCCASIONALS)
    banned = listing(view["banned"], "view.banned", table.players, table.players)
    for who in range(table.players):
        gone = int_list(away[who], f"view.experts_away[{who}]", 1, _AWAY, (0, EXPERTS))
        total = available[who] + dead[who] + len(gone) + on_cities[0][who]
        require(total == EXPERTS, "view", f"does not account for seat {who}'s {EXPERTS} experts")
        total = free[who] + used[who] + on_cities[1][who]
        require(total == OCCASIONALS, "view", f"does not account for seat {who}'s occasionals")
        cities = int_list(banned[who], f"view.banned[{who}]", 1, table.cities, (0, table.cities))
        distinct(cities, f"view.banned[{who}]")
    table.per_seat(view["money"], "view.money", 0, _MONEY)


def _police(view: Mapping[str, Any]) -> None:
    police = listing(view["police"], "view.police", 0, len(POLICE))
    for index, badge in enumerate(police):
        choice(badge, f"view.police[{index}]", POLICE)
    left = integer(view["police_left"], "view.police_left", 0, len(POLICE))
    require(len(police) + left == len(POLICE), "view", "does not account for the police cards")
    badges = fields(view["badges"], "view.badges", ("gold", "silver"))
    for colour in ("gold", "silver"):
        count = sum(badge in (colour, "both") for badge in police)
        require(badges[colour] == count, f"view.badges.{colour}", "does not match the police")
    last = max(badges["gold"], badges["silver"]) >= BADGES_TO_END
    require(boolean(view["last_round"], "view.last_round") == last, "view.last_round", "is wrong")


def _result(data: object, table: _Table) -> None:
    path = "view.result"
    result = fields(data, path, ("round", "cities", "chicago", "money_won"))
    integer(result["round"], f"{path}.round", 1, _ROUNDS)
    cities = listing(result["cities"], f"{path}.cities", table.cities, table.cities)
    for index, item in enumerate(cities):
        where = f"{path}.cities[{index}]"
        entry = fields(item, where, _RESULT_CITY)
        city = integer(entry["city"], f"{where}.city", index + 1, index + 1)
        table.card(entry["card"], f"{where}.card", city)
        table.seat_or_none(entry["seat"], f"{where}.seat")
        choice(entry["effect"], f"{where}.effect", _EFFECTS)
        for i, card in enumerate(
            listing(entry["played"], f"{where}.played", 0, table.players * TURNS)
        ):
            table.card(card, f"{where}.played[{i}]", city)
        table.per_seat(entry["experts"], f"{where}.experts", 0, EXPERTS)
        table.per_seat(entry["occasionals"], f"{where}.occasionals", 0, OCCASIONALS)
    where = f"{path}.chicago"
    chicago = fields(result["chicago"], where, _CHICAGO)
    table.seat_or_none(chicago["seat"], f"{where}.seat")
    table.per_seat(chicago["experts"], f"{where}.experts", 0, EXPERTS)
    table.per_seat(chicago["occasionals"], f"{where}.occasionals", 0, OCCASIONALS)
    int_list(chicago["cities"], f"{where}.cities", 1, table.cities, (0, table.cities))
    table.cards(chicago["cards"], f"{where}.cards", table.cities)
    integer(chicago["total"], f"{where}.total", 0, _MONEY)
    integer(chicago["gain"], f"{where}.gain", 0, _MONEY)
    table.per_seat(result["money_won"], f"{path}.money_won", 0, _MONEY)


def _outcome(data: object, table: _Table, over: bool) -> None:
    require((data is None) != over, "view.outcome", "does not fit the stage")
    if data is None:
        return
    outcome = fields(data, "view.outcome", _OUTCOME)
    winners = int_list(outcome["winners"], "view.outcome.winners", 0, table.players - 1)
    require(bool(winners), "view.outcome.winners", "is empty")
    distinct(winners, "view.outcome.winners")
    table.per_seat(outcome["money"], "view.outcome.money", 0, _MONEY)
    table.per_seat(outcome["last_round_money"], "view.outcome.last_round_money", 0, _MONEY)
    table.per_seat(
        outcome["gangsters_left"], "view.outcome.gangsters_left", 0, EXPERTS + OCCASIONALS
    )
    integer(outcome["rounds"], "view.outcome.rounds", 1, _ROUNDS)


def _open(data: object, table: _Table, backs: Sequence[Any], played: list[int]) -> None:
    """A finished game's faces (the spectator's replay view)."""
    opened = fields(data, "view.open", ("hands", "hidden"))
    hands = listing(opened["hands"], "view.open.hands", table.players, table.players)
    cards = list(played)
    for who, hand in enumerate(hands):
        faces = table.cards(hand, f"view.open.hands[{who}]", HAND_SIZE)
        require([CARD_CITY[card] for card in faces] == backs[who], "view.open.hands", "is wrong")
        cards += faces
    hidden = listing(opened["hidden"], "view.open.hidden", table.cities + 1, table.cities + 1)
    require(hidden[CHICAGO] == -1, "view.open.hidden[0]", "is a card under Chicago")
    cards += [
        table.card(card, f"view.open.hidden[{city}]", city)
        for city, card in enumerate(hidden)
        if city
    ]
    distinct(cards, "view.open")


# ------------------------------------------------------------ legal actions


def _legal(data: object, view: Mapping[str, Any], table: _Table, seat: int | None) -> None:
    items = listing(data, "legal", 0, 2000)
    if not items:
        return
    require(seat is not None and view["to_act"] == seat, "legal", "is not the seat's to play")
    assert seat is not None
    seen: set[object] = set()
    for index, item in enumerate(items):
        path = f"legal[{index}]"
        try:
            action = action_from_json(item)
        except GameError as error:
            raise Refused(f"{path}: {error.message}") from None
        require(action not in seen, path, "is listed twice")
        seen.add(action)
        if isinstance(action, Play):
            require(action.card in view["hand"], f"{path}.card", "is not in the hand")
        else:
            assert isinstance(action, Place)
            require(view["stage"] == Stage.PLACE_OR_PLAY, path, "places out of its step")
            table.city(action.city, f"{path}.city", chicago=True)
            require(action.city not in view["banned"][seat], f"{path}.city", "is banned")
            require(
                0 <= action.experts <= view["experts_available"][seat]
                and 0 <= action.occasionals <= view["occasionals_available"][seat]
                and action.experts + action.occasionals > 0,
                path,
                "places gangsters the seat does not have",
            )


# ------------------------------------------------------------------ events

_EVENTS: Final[dict[str, tuple[str, ...]]] = {
    "deal": ("round", "marker", "row", "hands"),
    "place": ("seat", "city", "experts", "occasionals"),
    "play": ("seat", "card", "city"),
    "police": ("card", "badge", "last_round"),
    "last_turn": ("gangsters", "order"),
    "reveal": ("cards",),
    "take": ("card", "city", "effect", "seat"),
    "chicago": ("cards", "gain", "seat", "total"),
    "round_over": ("money", "money_won", "round"),
    "game_over": _OUTCOME,
}


def _event(data: object, path: str, table: _Table, seat: int | None) -> None:
    kind = choice(data.get("type") if isinstance(data, dict) else None, f"{path}.type", _EVENTS)
    event = fields(data, path, ("type", *_EVENTS[kind]), ("hand",) if kind == "deal" else ())
    at = f"{path}."
    if kind == "deal":
        integer(event["round"], f"{at}round", 1, _ROUNDS)
        table.seat(event["marker"], f"{at}marker")
        row = int_list(event["row"], f"{at}row", CHICAGO, table.cities)
        require(sorted(row) == list(range(table.cities + 1)), f"{at}row", "is not the cities")
        for who, hand in enumerate(
            listing(event["hands"], f"{at}hands", table.players, table.players)
        ):
            int_list(hand, f"{at}hands[{who}]", 1, table.cities, (0, HAND_SIZE))
        if "hand" in event:
            require(seat is not None, f"{at}hand", "is a seat's secret")
            table.cards(event["hand"], f"{at}hand", HAND_SIZE)
    elif kind == "place":
        table.seat(event["seat"], f"{at}seat")
        table.city(event["city"], f"{at}city", chicago=True)
        integer(event["experts"], f"{at}experts", 0, EXPERTS)
        integer(event["occasionals"], f"{at}occasionals", 0, OCCASIONALS)
    elif kind in ("play", "take"):
        city = table.city(event["city"], f"{at}city")
        table.card(event["card"], f"{at}card", city)
        if kind == "play":
            table.seat(event["seat"], f"{at}seat")
        else:
            table.seat_or_none(event["seat"], f"{at}seat")
            choice(event["effect"], f"{at}effect", _EFFECTS)
    elif kind == "police":
        card = integer(event["card"], f"{at}card", 0, len(POLICE) - 1)
        require(event["badge"] == POLICE[card], f"{at}badge", "is not the card's")
        boolean(event["last_round"], f"{at}last_round")
    elif kind == "last_turn":
        table.per_seat(event["gangsters"], f"{at}gangsters", 0, EXPERTS + OCCASIONALS)
        order = int_list(event["order"], f"{at}order", 0, table.players - 1, (1, table.players))
        distinct(order, f"{at}order")
    elif kind == "reveal":
        table.cards(event["cards"], f"{at}cards", table.cities)
    elif kind == "chicago":
        table.cards(event["cards"], f"{at}cards", table.cities)
        table.seat_or_none(event["seat"], f"{at}seat")
        integer(event["gain"], f"{at}gain", 0, _MONEY)
        integer(event["total"], f"{at}total", 0, _MONEY)
    elif kind == "round_over":
        integer(event["round"], f"{at}round", 1, _ROUNDS)
        table.per_seat(event["money"], f"{at}money", 0, _MONEY)
        table.per_seat(event["money_won"], f"{at}money_won", 0, _MONEY)
    else:
        _outcome({key: event[key] for key in _OUTCOME}, table, True)
