"""Dealing: the row of cities, each round's hidden cards and hands, the first state.

Every draw goes through the engine's generator, whose state lives in the game
state, so the same seed deals the same game on every Python.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Final

from ..engine import rng
from .cards import CARD_CITY, CHICAGO, CITIES_BY_PLAYERS, CITY_CARDS, HAND_SIZE, POLICE
from .state import NO_CARD, Stage, State

__all__ = ["deal", "first_state", "new_game", "round_start_event", "row_for_round"]

_OTHERS: Final = tuple(
    tuple((*own[:pick], *own[pick + 1 :]) for pick in range(len(own))) for own in CITY_CARDS
)
"""_OTHERS[city][pick]: the city's cards but its `pick`th, the one drawn face down."""


@functools.cache
def row_for_round(cities: int, round_number: int) -> tuple[int, ...]:
    """The cities in table order: numbered ones in order, Chicago between New
    York and Boston in round 1, one place further right each round after,
    staying once it is rightmost."""
    numbered = list(range(1, cities + 1))
    numbered.insert(min(round_number, cities), CHICAGO)
    return tuple(numbered)


def deal(
    generator: int, cities: int, players: int, stacked: tuple[tuple[int, ...], ...]
) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...], int, tuple[tuple[int, ...], ...]]:
    """(hidden cards by city id, sorted hands by seat, generator, stacked deals left).

    Each numbered city gets one of its own cards face down, drawn at random;
    the rest are shuffled and dealt, HAND_SIZE to each player. A scenario's
    stacked deal (hidden cards by city, then the hands seat by seat) is used
    instead when there is one."""
    if stacked:
        cards, rest = stacked[0], stacked[1:]
        hidden = (NO_CARD, *cards[:cities])
        dealt = cards[cities:]
    else:
        hidden_list = [NO_CARD]
        others: list[int] = []
        for city in range(1, cities + 1):
            own = CITY_CARDS[city]
            pick, generator = rng.below(generator, len(own))
            hidden_list.append(own[pick])
            others += _OTHERS[city][pick]
        shuffled, generator = rng.shuffle(generator, others)
        hidden, dealt, rest = tuple(hidden_list), shuffled, stacked
    starts = range(0, players * HAND_SIZE, HAND_SIZE)
    hands = tuple([tuple(sorted(dealt[start : start + HAND_SIZE])) for start in starts])
    return hidden, hands, generator, rest


def first_state(
    players: int,
    generator: int,
    police: Sequence[int],
    *,
    round_number: int = 1,
    money: Sequence[int] | None = None,
    dead: Sequence[int] | None = None,
    away: Sequence[tuple[int, ...]] | None = None,
    occasionals_used: Sequence[int] | None = None,
    banned: Sequence[tuple[int, ...]] | None = None,
    stacked: tuple[tuple[int, ...], ...] = (),
) -> State:
    """A round's first state. A new game starts at round 1 with the whole police
    deck face down; a scenario may start later, with round - 1 police cards
    already shown (the first ones of `police`) and the players' figures given."""
    cities = CITIES_BY_PLAYERS[players]
    hidden, hands, generator, stacked = deal(generator, cities, players, stacked)
    shown = round_number - 1
    return State(
        rng=generator,
        round=round_number,
        marker=(round_number - 1) % players,
        turn=1,
        seat=(round_number - 1) % players,
        stage=Stage.PLACE_OR_PLAY,
        row=row_for_round(cities, round_number),
        hidden=hidden,
        played=((),) * (cities + 1),
        hands=hands,
        experts=((0,) * (cities + 1),) * players,
        occasionals=((0,) * (cities + 1),) * players,
        strongest=(0,) * (cities + 1),
        money=tuple(money or (0,) * players),
        dead=tuple(dead or (0,) * players),
        away=tuple(away or ((),) * players),
        occasionals_used=tuple(occasionals_used or (0,) * players),
        banned=tuple(banned or ((),) * players),
        police=tuple(police[shown:]),
        police_shown=tuple(police[:shown]),
        last_order=(),
        result=None,
        stacked=stacked,
    )


def new_game(players: int, seed: int) -> State:
    """Seat 0 holds the marker in round 1; the police deck is shuffled once."""
    police, generator = rng.shuffle(rng.seed_state(seed), range(len(POLICE)))
    return first_state(players, generator, police)


def round_start_event(state: State) -> dict[str, object]:
    """A round's deal as an event: everyone sees each hand's city backs, each
    seat its own faces (a secret of its own)."""
    return {
        "type": "deal",
        "round": state.round,
        "marker": state.marker,
        "row": list(state.row),
        "hands": [[CARD_CITY[card] for card in hand] for hand in state.hands],
        "secret": {str(seat): {"hand": list(hand)} for seat, hand in enumerate(state.hands)},
    }
