"""The end of a round: every hidden card revealed and taken by its city's
majority holder (money, or a sanction), Chicago's share, then the next round
dealt or the game over; and the final ranking.

Decisions (docs/rules-decisions.md, "The Boss"): jail and hospital count in
rounds; a sanction hits a free expert (the taker always has one, the one on
the city it won); Chicago's holder takes half, rounded down, of the money on
the last card played this round under each city to Chicago's left.
"""

from __future__ import annotations

import functools
from operator import add
from typing import Any, Final

from .cards import (
    BANNED,
    CARD_KIND,
    CARD_VALUE,
    CHICAGO,
    EXPERTS,
    HOSPITAL,
    HOSPITAL_ROUNDS,
    JAIL,
    JAIL_ROUNDS,
    MONEY,
    OCCASIONALS,
    REVOLVER,
)
from .setup import deal, round_start_event, row_for_round
from .state import (
    NO_SEAT,
    ChicagoResult,
    CityResult,
    RoundResult,
    Stage,
    State,
    game_ends,
    state_of,
)

__all__ = ["EFFECTS", "end_round", "final_ranking", "outcome"]

Event = dict[str, Any]
Events = list[Event] | None
"""The list the round's end adds its events to; None in the search bot's
playouts (rules.advance): no event is built, and the next round is not dealt."""

# What taking a hidden card did: its money scored, an expert killed, jailed or
# hurt, a ban; "nobody" for a city without gangsters; the last three are the
# defensive cases (no free expert to hit, a ban already held).
EFFECTS: Final = (
    "money",
    "killed",
    "jailed",
    "hurt",
    "banned",
    "nobody",
    "no_free_expert",
    "already_banned",
)
_AWAY_ROUNDS: Final = {JAIL: JAIL_ROUNDS, HOSPITAL: HOSPITAL_ROUNDS}
_AWAY_EFFECT: Final = {JAIL: "jailed", HOSPITAL: "hurt"}


def end_round(state: State, events: Events) -> State:
    """Score the round that has just ended (every hand empty), then deal the
    next (with `events` None, only count it). The next state is one copy of
    this one's fields."""
    count = len(state.hands)
    money = list(state.money)
    won = [0] * count
    dead = list(state.dead)
    away_before = state.away
    # Away experts have missed this round: one round less to miss.
    away = [_one_round_less(rounds) for rounds in away_before]
    banned = list(state.banned)  # a seat's tuple replaced when it takes a ban
    # Experts that are neither dead nor away this round, the ones a sanction
    # can hit, by seat (made at the first sanction that hits one).
    free: list[int] | None = None
    # By city id, the gangsters of each seat there (what the round's result keeps).
    experts_by_city = list(zip(*state.experts, strict=True))
    occasionals_by_city = list(zip(*state.occasionals, strict=True))
    hidden, played, strongest = state.hidden, state.played, state.strongest
    numbered = _numbered(state.row)
    if events is not None:
        events.append({"type": "reveal", "cards": [hidden[city] for city in numbered]})
    cities: list[CityResult] = []
    for city in numbered:
        card = hidden[city]
        experts, occasionals = experts_by_city[city], occasionals_by_city[city]
        best = strongest[city]  # _holder(counts), written out with the state's figure
        if best:
            counts = list(map(add, experts, occasionals))
            holder = counts.index(best) if counts.count(best) == 1 else None
        else:
            holder = None
        kind = CARD_KIND[card]
        if holder is None:
            effect = "nobody"
        elif kind == MONEY:
            money[holder] += CARD_VALUE[card]
            won[holder] += CARD_VALUE[card]
            effect = "money"
        elif kind == BANNED:
            if city in banned[holder]:
                effect = "already_banned"
            else:
                effect = "banned"
                banned[holder] = tuple(sorted((*banned[holder], city)))
        else:
            if free is None:
                free = [EXPERTS - state.dead[who] - len(away_before[who]) for who in range(count)]
            if free[holder] == 0:
                effect = "no_free_expert"
            else:
                free[holder] -= 1
                if kind == REVOLVER:
                    dead[holder] += 1
                    effect = "killed"
                else:
                    rounds = (*away[holder], _AWAY_ROUNDS[kind])
                    away[holder] = tuple(sorted(rounds, reverse=True))
                    effect = _AWAY_EFFECT[kind]
        if events is not None:
            events.append(
                {"type": "take", "city": city, "card": card, "seat": holder, "effect": effect}
            )
        cities.append(CityResult(city, card, holder, effect, played[city], experts, occasionals))
    chicago = _chicago(state, experts_by_city[CHICAGO], occasionals_by_city[CHICAGO])
    if chicago.seat is not None:
        money[chicago.seat] += chicago.gain
        won[chicago.seat] += chicago.gain
    result = RoundResult(state.round, tuple(cities), chicago, tuple(won))
    if events is not None:
        events.append(
            {
                "type": "chicago",
                "seat": chicago.seat,
                "cards": list(chicago.cards),
                "total": chicago.total,
                "gain": chicago.gain,
            }
        )
        events.append(
            {"type": "round_over", "round": state.round, "money_won": won, "money": money}
        )
    cleared = (0,) * len(hidden)
    fields = state.__dict__.copy()
    fields["money"] = tuple(money)
    fields["dead"] = tuple(dead)
    fields["away"] = tuple(away)
    fields["banned"] = tuple(banned)
    # Placed occasionals are gone for good; placed experts come back.
    used, placed = state.occasionals_used, state.occasionals
    fields["occasionals_used"] = tuple([used[who] + sum(placed[who]) for who in range(count)])
    fields["experts"] = fields["occasionals"] = (cleared,) * count
    fields["strongest"] = cleared
    fields["result"] = result
    if game_ends(state.police_shown):
        fields["stage"] = Stage.OVER
        fields["seat"] = NO_SEAT
        state = state_of(fields)
        if events is not None:
            events.append({"type": "game_over", **outcome(state)})
        return state
    if events is None:  # a playout's horizon: the next round counted, not dealt
        fields["round"] = state.round + 1
        return state_of(fields)
    return _next_round(fields, events)


@functools.cache  # a handful of rows
def _numbered(row: tuple[int, ...]) -> tuple[int, ...]:
    """The numbered cities of a row, in its order (Chicago left out)."""
    return tuple(city for city in row if city != CHICAGO)


@functools.cache  # a seat's rounds away: a few small tuples
def _one_round_less(rounds: tuple[int, ...]) -> tuple[int, ...]:
    """A seat's rounds away (most first) after a round missed: one less each,
    those at one gone."""
    return tuple(left - 1 for left in rounds if left > 1)


def _holder(counts: list[int]) -> int | None:
    """The one seat with most gangsters (None: nobody, or a tie, which placing
    never makes): state.majority_holder from the counts by seat."""
    best = max(counts)
    if best == 0 or counts.count(best) != 1:
        return None
    return counts.index(best)


def _chicago(state: State, experts: tuple[int, ...], occasionals: tuple[int, ...]) -> ChicagoResult:
    """Half (rounded down: an odd total favours Alcapo) of the money on the last
    card played under each city left of Chicago; a sanction there counts 0 and
    punishes nobody, a city with no card played counts 0. `experts` and
    `occasionals` are the seats' gangsters on Chicago."""
    left = _left_of_chicago(state.row)
    played = state.played
    cards = tuple([played[city][-1] if played[city] else None for city in left])
    total = sum([CARD_VALUE[card] for card in cards if card is not None])
    holder = _holder(list(map(add, experts, occasionals))) if state.strongest[CHICAGO] else None
    return ChicagoResult(
        seat=holder,
        experts=experts,
        occasionals=occasionals,
        cities=left,
        cards=cards,
        total=total,
        gain=total // 2 if holder is not None else 0,
    )


@functools.cache  # a handful of rows
def _left_of_chicago(row: tuple[int, ...]) -> tuple[int, ...]:
    return row[: row.index(CHICAGO)]


def _next_round(fields: dict[str, Any], events: list[Event]) -> State:
    """The marker passes clockwise, Chicago moves right, the cards are dealt
    again: `fields` (the next state's, with the round's scores) changed for it."""
    count = len(fields["hands"])
    cities = len(fields["hidden"]) - 1
    round_number = fields["round"] + 1
    hidden, hands, generator, stacked = deal(fields["rng"], cities, count, fields["stacked"])
    marker = (fields["marker"] + 1) % count
    fields["rng"] = generator
    fields["round"] = round_number
    fields["marker"] = marker
    fields["turn"] = 1
    fields["seat"] = marker
    fields["stage"] = Stage.PLACE_OR_PLAY
    fields["row"] = row_for_round(cities, round_number)
    fields["hidden"] = hidden
    fields["played"] = ((),) * (cities + 1)
    fields["hands"] = hands
    fields["last_order"] = ()
    fields["stacked"] = stacked
    state = state_of(fields)
    events.append(round_start_event(state))
    return state


def final_ranking(state: State) -> list[tuple[int, int, int]]:
    """By seat: (money, money won in the last round, gangsters left after the
    last round's sanctions: experts alive and not away, plus occasionals unused)."""
    last = state.result.money_won if state.result is not None else (0,) * len(state.hands)
    return [
        (
            state.money[seat],
            last[seat],
            EXPERTS
            - state.dead[seat]
            - len(state.away[seat])
            + OCCASIONALS
            - state.occasionals_used[seat],
        )
        for seat in range(len(state.hands))
    ]


def outcome(state: State) -> dict[str, Any]:
    """Most money wins; then most money won in the last round; then most
    gangsters left; then the win is shared."""
    ranking = final_ranking(state)
    best = max(ranking)
    return {
        "winners": [seat for seat, figures in enumerate(ranking) if figures == best],
        "money": [figures[0] for figures in ranking],
        "last_round_money": [figures[1] for figures in ranking],
        "gangsters_left": [figures[2] for figures in ranking],
        "rounds": state.round,
    }
