"""The Boss's state, actions and round result: immutable records changed by copy
(`game.engine.evolve.evolve`), plus the few figures every module reads off a
state (gangsters available, the majority holder of a city, the badges shown).

Per-city tuples are indexed by city id (0 is Chicago, then 1..N for the
numbered cities in play); per-seat tuples by seat. Seat s + 1 sits to the left
of seat s: play goes clockwise by increasing seat, wrapping around.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Final

from ..engine.evolve import dict_backed
from .cards import BADGES_TO_END, CHICAGO, EXPERTS, OCCASIONALS, POLICE

__all__ = [
    "NO_CARD",
    "NO_SEAT",
    "Action",
    "ChicagoResult",
    "CityResult",
    "Place",
    "Play",
    "RoundResult",
    "Stage",
    "State",
    "badges",
    "city_count",
    "experts_available",
    "experts_free",
    "game_ends",
    "gangsters_left",
    "holds_elsewhere",
    "majority_holder",
    "occasionals_available",
    "players",
    "state_of",
    "strongest_by_city",
    "strongest_other",
    "with_added",
]

NO_CARD = -1  # Chicago's slot in per-city card tuples
NO_SEAT = -1  # nobody to act: the game is over


class Stage(StrEnum):
    PLACE_OR_PLAY = "place_or_play"  # a turn's start: place gangsters, or play a card at once
    PLAY = "play"  # gangsters placed this turn: a card must be played now
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Place:
    """Place `experts` and `occasionals` (at least one in all) on one city."""

    city: int
    experts: int
    occasionals: int


@dataclass(frozen=True, slots=True)
class Play:
    """Play a card from one's hand, face up under its own city."""

    card: int


Action = Place | Play


@dict_backed  # made once a round for each city: one dict is faster than slots
@dataclass(frozen=True)
class CityResult:
    """What a numbered city gave at the end of a round."""

    city: int
    card: int  # its hidden card, revealed
    seat: int | None  # the majority holder who took it (None: nobody was there)
    effect: str  # see scoring.EFFECTS
    played: tuple[int, ...]  # the cards played under it this round, in order
    experts: tuple[int, ...]  # by seat, on the city at the round's end
    occasionals: tuple[int, ...]


@dict_backed  # made once a round for each city: one dict is faster than slots
@dataclass(frozen=True)
class ChicagoResult:
    seat: int | None  # the majority holder (None: nobody was there)
    experts: tuple[int, ...]
    occasionals: tuple[int, ...]
    cities: tuple[int, ...]  # the cities left of Chicago, in row order
    cards: tuple[int | None, ...]  # the last card played under each (None: no card)
    total: int  # the money on those cards (a sanction counts 0)
    gain: int  # the holder's half, rounded down (0 when nobody is there)


@dict_backed  # made once a round for each city: one dict is faster than slots
@dataclass(frozen=True)
class RoundResult:
    round: int
    cities: tuple[CityResult, ...]  # in row order, Chicago left out
    chicago: ChicagoResult
    money_won: tuple[int, ...]  # by seat, this round (for the tie-break too)


# Without slots: evolve copies a state's fields as one dict (see engine/evolve.py),
# several times faster than slot by slot, and its fields read as fast.
@dict_backed
@dataclass(frozen=True)
class State:
    rng: int  # the engine generator's state (game.engine.rng)
    round: int  # 1..5
    marker: int  # the first player (and dealer) of the round
    turn: int  # 1..TURNS: how many cards each player has played, plus one
    seat: int  # whose turn it is (NO_SEAT once the game is over)
    stage: Stage
    row: tuple[int, ...]  # city ids in table order, Chicago among them
    hidden: tuple[int, ...]  # by city id: its face-down card (NO_CARD for Chicago)
    played: tuple[tuple[int, ...], ...]  # by city id: cards played face up this round
    hands: tuple[tuple[int, ...], ...]  # by seat, sorted card ids
    experts: tuple[tuple[int, ...], ...]  # [seat][city id]: placed this round
    occasionals: tuple[tuple[int, ...], ...]  # [seat][city id]: placed this round
    strongest: tuple[int, ...]
    """By city id: the most gangsters any one seat has there (`strongest_by_city`
    of experts and occasionals, kept up to date by each placement, so that the
    legal list need not recompute it at every turn's start)."""
    money: tuple[int, ...]  # by seat
    dead: tuple[int, ...]  # by seat: experts killed for good
    away: tuple[tuple[int, ...], ...]  # by seat: rounds each jailed or hurt expert still misses
    occasionals_used: tuple[int, ...]  # by seat: placed in earlier rounds, gone for good
    banned: tuple[tuple[int, ...], ...]  # by seat: sorted city ids it may never place on
    police: tuple[int, ...]  # the police deck, top first, face down
    police_shown: tuple[int, ...]  # police cards turned so far, in order
    last_order: tuple[int, ...]  # the last turn's order, fixed when it begins (else empty)
    result: RoundResult | None  # the last round's result (None before the first ends)
    stacked: tuple[tuple[int, ...], ...] = ()
    """Scenario deals for the next rounds: each the hidden cards by city id, then
    the hands by seat (see setup.deal). Empty in real games."""


_NEW_STATE: Final = object.__new__
_SET_FIELDS: Final = vars(State)["__dict__"].__set__


def state_of(fields: dict[str, Any]) -> State:
    """The state of `fields`, a changed copy of another state's `__dict__`: for
    the rules' copies at every action (engine/evolve.py's `evolve` written
    out: the caller copies the dict, a third faster than a display of its
    items, and writes in the few fields that change)."""
    state = _NEW_STATE(State)
    _SET_FIELDS(state, fields)
    return state


def players(state: State) -> int:
    return len(state.hands)


def city_count(state: State) -> int:
    """The numbered cities in play."""
    return len(state.hidden) - 1


def experts_free(state: State, seat: int) -> int:
    """Experts neither dead nor away this round (placed ones included)."""
    return EXPERTS - state.dead[seat] - len(state.away[seat])


def experts_available(state: State, seat: int) -> int:
    """Experts the seat may still place this round."""
    return experts_free(state, seat) - sum(state.experts[seat])


def occasionals_available(state: State, seat: int) -> int:
    return OCCASIONALS - state.occasionals_used[seat] - sum(state.occasionals[seat])


def gangsters_left(state: State, seat: int) -> int:
    """Gangsters not yet placed: what orders the last turn and breaks the last tie."""
    return experts_available(state, seat) + occasionals_available(state, seat)


def strongest_by_city(
    experts: tuple[tuple[int, ...], ...], occasionals: tuple[tuple[int, ...], ...]
) -> tuple[int, ...]:
    """By city id, the most gangsters any one seat has there (State.strongest).
    Lenient with tables of the wrong shape (a state being decoded): the
    invariants name those."""
    cities = min(map(len, (*experts, *occasionals)), default=0)
    return tuple(
        max((e[city] + o[city] for e, o in zip(experts, occasionals, strict=False)), default=0)
        for city in range(cities)
    )


def strongest_other(state: State, seat: int, city: int) -> int:
    """The most gangsters any other player has on `city`."""
    return max(
        (
            state.experts[other][city] + state.occasionals[other][city]
            for other in range(len(state.hands))
            if other != seat
        ),
        default=0,
    )


def majority_holder(state: State, city: int) -> int | None:
    """The one player with most gangsters on `city`; placing never ties, so a
    city with gangsters has exactly one (None: nobody is there, or a broken state)."""
    counts = [e[city] + o[city] for e, o in zip(state.experts, state.occasionals, strict=True)]
    best = max(counts)
    if best == 0 or counts.count(best) != 1:
        return None
    return counts.index(best)


@functools.cache  # a few dozen orders of five cards; read at every round's end and view
def badges(shown: tuple[int, ...]) -> tuple[int, int]:
    """Gold and silver badges among police cards shown (the double counts for both)."""
    gold = sum(1 for card in shown if POLICE[card] in ("gold", "both"))
    silver = sum(1 for card in shown if POLICE[card] in ("silver", "both"))
    return gold, silver


def game_ends(shown: tuple[int, ...]) -> bool:
    """Whether the round being played (or just played) is the last one."""
    return max(badges(shown)) >= BADGES_TO_END


def holds_elsewhere(state: State, seat: int) -> bool:
    """Whether the seat has a gangster on a city other than Chicago (which it
    needs before placing on Chicago)."""
    row = state.experts[seat]
    return any(row[city] for city in range(1, len(row))) or any(
        count for city, count in enumerate(state.occasionals[seat]) if city != CHICAGO
    )


def with_added(
    table: tuple[tuple[int, ...], ...], row: int, column: int, count: int
) -> tuple[tuple[int, ...], ...]:
    """`table` with `count` more at [row][column]: only that row is new (a
    gangster table by seat then city, or its columns by city then seat)."""
    changed_row = list(table[row])
    changed_row[column] += count
    rows = list(table)
    rows[row] = tuple(changed_row)
    return tuple(rows)
