"""Per-seat views, re-deals of what a seat cannot see, and whole states built
from a view (for the search bot).

Everyone sees the city on the back of every card in every hand; a card's face
only its owner sees until it is played. The cards face down under the cities
stay unknown until the round's end reveals them (the last round's result keeps
them in view). The police deck shows only its size; the generator never shows.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from typing import Any, Final

from ..engine import rng
from ..engine.evolve import evolve
from .cards import BADGES_TO_END, CARD_CITY, CHICAGO, CITY_CARDS, EXPERTS, OCCASIONALS, POLICE
from .codec import result_from_json, result_to_json
from .scoring import outcome
from .seen import Ints, Seen, keep_table
from .state import (
    NO_CARD,
    NO_SEAT,
    Place,
    Stage,
    State,
    badges,
    game_ends,
    strongest_by_city,
    with_added,
)

__all__ = [
    "PLAYOUT_KEYS",
    "determinize",
    "playout_view",
    "playout_view_after_placing",
    "redeal",
    "view",
]


def view(state: State, seat: int | None) -> dict[str, Any]:
    """What `seat` may know, JSON-safe; None is a spectator (no hand's faces).
    Each figure read once, the columns by city from one zip."""
    hands = state.hands
    count = len(hands)
    over = state.stage is Stage.OVER
    shown = state.police_shown
    gold, silver = badges(shown)
    dead, away, used = state.dead, state.away, state.occasionals_used
    return {
        "game": "theboss",
        "seat": seat,
        "players": count,
        "round": state.round,
        "marker": state.marker,
        "turn": state.turn,
        "stage": state.stage.value,
        "to_act": None if over else state.seat,
        "row": list(state.row),
        "cities": _cities(state, over),
        "hands": [list(map(_CITY_OF, hand)) for hand in hands],
        "hand": list(hands[seat]) if seat is not None and 0 <= seat < count else None,
        "money": list(state.money),
        "experts_available": _experts_available(state),
        "experts_dead": list(dead),
        "experts_away": [list(left) for left in away],
        "occasionals_available": _occasionals_available(state),
        "occasionals_used": list(used),
        "banned": [list(cities) for cities in state.banned],
        "police": [POLICE[card] for card in shown],
        "police_left": len(state.police),
        "badges": {"gold": gold, "silver": silver},
        "last_round": max(gold, silver) >= BADGES_TO_END,  # state.game_ends
        "last_order": list(state.last_order) if state.last_order else None,
        "result": None if state.result is None else result_to_json(state.result),
        "outcome": outcome(state) if over else None,
    }


PLAYOUT_KEYS: Final = (
    *("seat", "players", "round", "marker", "turn", "stage", "to_act", "row", "cities"),
    *("hand", "experts_available", "occasionals_available", "banned", "police"),
    *("last_round", "last_order"),
)
"""The keys of `view` that the bots read (`Seen.of_view`, bots.py's easy bot)."""


def playout_view(state: State, seat: int) -> Seen:
    """`Seen.of_view(view(state, seat))`, made straight from the state: the
    search bot's playouts make one at nearly every action, where the view's
    dicts and lists would cost more than the bot's reckoning (in Pyodide
    most of all, where every new list is dear). The state's own tuples, not
    copied; each gangster table's columns and sums made once (it changes
    with a placement alone). It reads the same fields as `view`
    (tests/test_theboss_bots.py holds it to `Seen.of_view` of the view on
    every state of many games), so it shows no more than the view. Written
    with comprehensions and subscripts rather than `map` with a builtin or an
    enum's `.value`, each several times dearer in Pyodide."""
    hands = state.hands
    count = len(hands)
    stage = state.stage
    over = stage is Stage.OVER
    police, last_round = _police_seen(state.police_shown)
    experts_at, experts_available = _experts_seen(state.experts, state.dead, state.away)
    occasionals_at, occasionals_available = _occasionals_seen(
        state.occasionals, state.occasionals_used
    )
    return Seen(
        seat,
        count,
        state.round,
        state.marker,
        state.turn,
        _STAGE_VALUES[stage],
        None if over else state.seat,
        state.row,
        state.played,
        experts_at,
        occasionals_at,
        hands[seat] if 0 <= seat < count else None,
        experts_available,
        occasionals_available,
        state.banned,
        police,
        last_round,
        state.last_order or None,
    )


def playout_view_after_placing(before: Seen, state: State, place: Place) -> Seen:
    """`playout_view(state, before.seat)`, where `state` is the state just
    after that seat made `place` in the state `before` was made of: the
    record of `before` with the placed city's columns and the seat's
    gangsters available changed, and the new tables' columns remembered for
    the next playout views of `state` (tests/test_theboss_bots.py holds it
    to `playout_view`)."""
    seat, city = before.seat, place.city
    experts_at, occasionals_at = before.experts_at, before.occasionals_at
    experts_available = _less(before.experts_available, seat, place.experts)
    occasionals_available = _less(before.occasionals_available, seat, place.occasionals)
    if place.experts:
        experts_at = with_added(experts_at, city, seat, place.experts)
    if place.occasionals:
        occasionals_at = with_added(occasionals_at, city, seat, place.occasionals)
    experts, occasionals = state.experts, state.occasionals
    keep_table(
        _EXPERTS_SEEN, experts, (experts, state.dead, state.away, experts_at, experts_available)
    )
    keep_table(
        _OCCASIONALS_SEEN,
        occasionals,
        (occasionals, state.occasionals_used, occasionals_at, occasionals_available),
    )
    return Seen(
        seat,
        before.players,
        before.round,
        before.marker,
        before.turn,
        _STAGE_VALUES[state.stage],
        state.seat,
        before.row,
        before.played,
        experts_at,
        occasionals_at,
        before.hand,
        experts_available,
        occasionals_available,
        before.banned,
        before.police,
        before.last_round,
        before.last_order,
    )


def _less(counts: Ints, seat: int, count: int) -> Ints:
    """`counts` with `count` fewer at [seat] (the same object when `count` is 0)."""
    if not count:
        return counts
    changed = list(counts)
    changed[seat] -= count
    return tuple(changed)


Table = tuple[tuple[int, ...], ...]
_EXPERTS_SEEN: dict[int, tuple[Table, Ints, tuple[Ints, ...], Table, Ints]] = {}
"""By `id` of an experts table ([seat][city]): (the table, the dead and away
it was read with, its columns by city, the experts available by seat). The
objects are kept with them, so their ids stay their own while cached."""
_OCCASIONALS_SEEN: dict[int, tuple[Table, Ints, Table, Ints]] = {}
"""By `id` of an occasionals table: (the table, the occasionals used it was
read with, its columns by city, the occasionals available by seat)."""


def _experts_seen(experts: Table, dead: Ints, away: tuple[Ints, ...]) -> tuple[Table, Ints]:
    """By city, each seat's experts there; by seat, state.experts_available.
    A state's table changes only with a placement and the dead and away only
    at the round's end, so the playout views of the states in between share
    these, made once."""
    known = _EXPERTS_SEEN.get(id(experts))
    if known is not None and known[0] is experts and known[1] is dead and known[2] is away:
        return known[3], known[4]
    columns = tuple(zip(*experts, strict=True))
    available = tuple(
        [EXPERTS - dead[who] - len(away[who]) - sum(row) for who, row in enumerate(experts)]
    )
    keep_table(_EXPERTS_SEEN, experts, (experts, dead, away, columns, available))
    return columns, available


def _occasionals_seen(occasionals: Table, used: Ints) -> tuple[Table, Ints]:
    """By city, each seat's occasionals there; by seat,
    state.occasionals_available (made once, as `_experts_seen`)."""
    known = _OCCASIONALS_SEEN.get(id(occasionals))
    if known is not None and known[0] is occasionals and known[1] is used:
        return known[2], known[3]
    columns = tuple(zip(*occasionals, strict=True))
    available = tuple([OCCASIONALS - used[who] - sum(row) for who, row in enumerate(occasionals)])
    keep_table(_OCCASIONALS_SEEN, occasionals, (occasionals, used, columns, available))
    return columns, available


_STAGE_VALUES: Final = {stage: stage.value for stage in Stage}
"""Each stage's name in views (a dict read, not the enum's `.value` property)."""


@functools.cache
def _police_seen(shown: tuple[int, ...]) -> tuple[tuple[str, ...], bool]:
    """The view's "police" (the badges of the police cards shown, in order)
    and "last_round" (state.game_ends)."""
    return tuple(POLICE[card] for card in shown), game_ends(shown)


def _by_city(
    state: State,
) -> Iterator[tuple[int, tuple[int, ...], tuple[int, ...], tuple[int, ...]]]:
    """Each city's id, its cards played, and each seat's experts and
    occasionals on it (the state keeps the gangsters by seat)."""
    return zip(
        range(len(state.played)),
        state.played,
        zip(*state.experts, strict=True),
        zip(*state.occasionals, strict=True),
        strict=True,
    )


def _cities(state: State, over: bool) -> list[dict[str, Any]]:
    """By city id: its cards played, whether its card is face down, the
    gangsters of each seat on it."""
    face_down = not over
    return [
        {
            "city": city,
            "played": list(cards),
            "face_down": face_down and city != CHICAGO,
            "experts": list(experts),
            "occasionals": list(occasionals),
        }
        for city, cards, experts, occasionals in _by_city(state)
    ]


def _experts_available(state: State) -> list[int]:
    """By seat: state.experts_available."""
    dead, away = state.dead, state.away
    return [
        EXPERTS - dead[who] - len(away[who]) - sum(row) for who, row in enumerate(state.experts)
    ]


def _occasionals_available(state: State) -> list[int]:
    """By seat: state.occasionals_available."""
    used = state.occasionals_used
    return [OCCASIONALS - used[who] - sum(row) for who, row in enumerate(state.occasionals)]


_CITY_OF: Final = CARD_CITY.__getitem__


def redeal(state: State, seat: int | None, seed: int) -> State:
    """A state `seat` cannot tell from this one: city by city, the faces it
    cannot see are shuffled among the places it cannot see (the face-down card
    and the other hands' cards of that city's back); the police deck is
    shuffled, the generator reseeded and any stacked deal dropped."""
    generator = rng.seed_state(seed)
    hidden = list(state.hidden)
    hands = [list(hand) for hand in state.hands]
    others = [who for who in range(len(hands)) if who != seat]
    for city in range(1, len(hidden)):
        slots: list[tuple[int, int]] = []  # (seat, index in hand); seat NO_SEAT: face down
        if state.stage is not Stage.OVER:  # once over, the face-down cards are revealed
            slots.append((NO_SEAT, 0))
        slots += [
            (who, index)
            for who in others
            for index, card in enumerate(hands[who])
            if CARD_CITY[card] == city
        ]
        faces = [hidden[city] if who == NO_SEAT else hands[who][index] for who, index in slots]
        shuffled, generator = rng.shuffle(generator, faces)
        for (who, index), card in zip(slots, shuffled, strict=True):
            if who == NO_SEAT:
                hidden[city] = card
            else:
                hands[who][index] = card
    police, generator = rng.shuffle(generator, state.police)
    return evolve(
        state,
        hidden=tuple(hidden),
        hands=tuple(tuple(sorted(hand)) for hand in hands),
        police=police,
        rng=generator,
        stacked=(),
    )


def determinize(seen: dict[str, Any], seed: int) -> State:
    """A whole state in which `seen` is the view of its seat: every face the
    seat cannot see dealt at random into the places it cannot see."""
    generator = rng.seed_state(seed)
    seat = seen["seat"]
    count = seen["players"]
    over = seen["stage"] == Stage.OVER.value
    backs: list[list[int]] = seen["hands"]
    own = set(seen["hand"] or ())
    cities = seen["cities"]
    result = None if seen["result"] is None else result_from_json(seen["result"])
    revealed = {entry.city: entry.card for entry in result.cities} if result and over else {}
    hidden = [NO_CARD] * len(cities)
    hands: list[list[int]] = [[] for _ in range(count)]
    if seen["hand"] is not None:
        hands[seat] = list(seen["hand"])
    blind = [who for who in range(count) if seen["hand"] is None or who != seat]
    for city in range(1, len(cities)):
        known = own | set(cities[city]["played"])
        if city in revealed:
            hidden[city] = revealed[city]
            known.add(revealed[city])
        unseen = [card for card in CITY_CARDS[city] if card not in known]
        shuffled, generator = rng.shuffle(generator, unseen)
        faces = iter(shuffled)
        if city not in revealed:
            hidden[city] = next(faces)
        for who in blind:
            hands[who] += [next(faces) for back in backs[who] if back == city]
    shown = []
    for badge in seen["police"]:
        shown.append(next(c for c in range(len(POLICE)) if POLICE[c] == badge and c not in shown))
    police, generator = rng.shuffle(generator, [c for c in range(len(POLICE)) if c not in shown])
    experts = tuple(tuple(entry["experts"][who] for entry in cities) for who in range(count))
    occasionals = tuple(
        tuple(entry["occasionals"][who] for entry in cities) for who in range(count)
    )
    return State(
        rng=generator,
        round=seen["round"],
        marker=seen["marker"],
        turn=seen["turn"],
        seat=NO_SEAT if seen["to_act"] is None else seen["to_act"],
        stage=Stage(seen["stage"]),
        row=tuple(seen["row"]),
        hidden=tuple(hidden),
        played=tuple(tuple(entry["played"]) for entry in cities),
        hands=tuple(tuple(sorted(hand)) for hand in hands),
        experts=experts,
        occasionals=occasionals,
        strongest=strongest_by_city(experts, occasionals),
        money=tuple(seen["money"]),
        dead=tuple(seen["experts_dead"]),
        away=tuple(tuple(left) for left in seen["experts_away"]),
        occasionals_used=tuple(seen["occasionals_used"]),
        banned=tuple(tuple(cities) for cities in seen["banned"]),
        police=police,
        police_shown=tuple(shown),
        last_order=tuple(seen["last_order"] or ()),
        result=result,
    )
