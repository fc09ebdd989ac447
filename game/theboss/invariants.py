"""What must hold in every state of The Boss: each card in exactly one place,
figures in bounds, a coherent turn, and on every city with gangsters exactly
one majority holder (placing never ties). Used by the decoder to refuse
corrupt saves and, after every action, by the simulator and the tests.

The checks run in tiers: the shape (list lengths, seat and city numbers in
range), then the cards, then the rules' own consistency. A tier runs only when
the ones before it hold, because later checks index lists by seat, city and
card: so `state_problems` never raises on a state of the right types.
Problems name the state's JSON field; outside values go through `quote`.
"""

from __future__ import annotations

from collections import Counter
from typing import Final

from ..engine.rng import MASK64
from ..engine.safejson import quote
from .cards import (
    CARD_CITY,
    CARD_COUNT,
    CARD_VALUE,
    CHICAGO,
    CITIES_BY_PLAYERS,
    CITY_CARDS,
    EXPERTS,
    HAND_SIZE,
    JAIL_ROUNDS,
    OCCASIONALS,
    POLICE,
    POLICE_AFTER_TURN,
    TURNS,
)
from .scoring import EFFECTS
from .setup import row_for_round
from .state import (
    NO_CARD,
    NO_SEAT,
    RoundResult,
    Stage,
    State,
    game_ends,
    holds_elsewhere,
    strongest_by_city,
)

__all__ = ["MAX_ROUNDS", "state_problems"]

MAX_ROUNDS: Final = len(POLICE)  # one police card turns each round


def state_problems(state: State) -> list[str]:
    """Every broken invariant of `state`, as sentences; empty when all hold.
    Only the first failing tier is reported (see the module's docstring)."""
    for tier in (_shape_problems, _card_problems, _rule_problems, _result_problems):
        problems = tier(state)
        if problems:
            return problems
    return []


# ---------------------------------------------------------------- the shape


def _shape_problems(state: State) -> list[str]:
    count = len(state.hands)
    if count not in CITIES_BY_PLAYERS:
        return [f"hands must hold 2 to 4 hands, not {count}"]
    cities = CITIES_BY_PLAYERS[count]
    problems = []
    for name in ("experts", "occasionals", "money", "dead", "away", "occasionals_used", "banned"):
        if len(getattr(state, name)) != count:
            problems.append(f"{name} must hold one entry per player ({count})")
    for name in ("hidden", "played"):
        if len(getattr(state, name)) != cities + 1:
            problems.append(f"{name} must hold one entry per city and Chicago ({cities + 1})")
    for name in ("experts", "occasionals"):
        if any(len(row) != cities + 1 for row in getattr(state, name)):
            problems.append(f"each row of {name} must hold one count per city ({cities + 1})")
    if not 1 <= state.round <= MAX_ROUNDS:
        problems.append(f"round must be 1 to {MAX_ROUNDS}, not {quote(state.round)}")
    if not 1 <= state.turn <= TURNS:
        problems.append(f"turn must be 1 to {TURNS}, not {quote(state.turn)}")
    if not 0 <= state.marker < count:
        problems.append(f"marker {quote(state.marker)} is not a seat")
    if state.stage is Stage.OVER:
        if state.seat != NO_SEAT:
            problems.append("seat must be -1 once the game is over")
    elif not 0 <= state.seat < count:
        problems.append(f"seat {quote(state.seat)} is not a seat")
    if not 0 <= state.rng <= MASK64:
        problems.append("rng must be a 64-bit generator state")
    if any(not 0 <= seat < count for seat in state.last_order):
        problems.append("last_order names a seat that does not exist")
    if any(not 0 <= card < len(POLICE) for card in (*state.police, *state.police_shown)):
        problems.append(f"police cards are 0 to {len(POLICE) - 1}")
    if any(not 0 <= card < CARD_COUNT for hand in state.hands for card in hand):
        problems.append(f"hands hold cards 0 to {CARD_COUNT - 1} only")
    return problems


# ---------------------------------------------------------------- the cards


def _card_problems(state: State) -> list[str]:
    count = len(state.hands)
    cities = CITIES_BY_PLAYERS[count]
    problems = []
    if state.hidden[CHICAGO] != NO_CARD or state.played[CHICAGO]:
        problems.append("Chicago has no card: hidden[0] is -1 and played[0] empty")
    for city in range(1, cities + 1):
        if state.hidden[city] not in CITY_CARDS[city]:
            problems.append(f"hidden[{city}] must be one of that city's cards")
        if any(card not in CITY_CARDS[city] for card in state.played[city]):
            problems.append(f"played[{city}] holds a card of another city")
    if any(list(hand) != sorted(hand) for hand in state.hands):
        problems.append("each hand is sorted by card id")
    in_play = [card for city in range(1, cities + 1) for card in CITY_CARDS[city]]
    places = Counter(
        [
            *state.hidden[1:],
            *(card for cards in state.played for card in cards),
            *(card for hand in state.hands for card in hand),
        ]
    )
    if places != Counter(in_play):
        problems.append(
            f"every card of cities 1 to {cities} must be in exactly one place "
            "(face down, played or in a hand), and no other card"
        )
    if sorted((*state.police, *state.police_shown)) != list(range(len(POLICE))):
        problems.append("police and police_shown must hold each police card once")
    for index, cards in enumerate(state.stacked):
        hidden = cards[:cities]
        if sorted(cards) != sorted(in_play) or any(
            CARD_CITY[card] != city for city, card in enumerate(hidden, start=1)
        ):
            problems.append(
                f"stacked[{index}] must hold one hidden card per city in order, "
                "then every other card of the game"
            )
    if len(state.stacked) > MAX_ROUNDS - 1:
        problems.append(f"stacked holds at most {MAX_ROUNDS - 1} deals")
    return problems


# ---------------------------------------------------------------- the rules


def _rule_problems(state: State) -> list[str]:
    count = len(state.hands)
    cities = CITIES_BY_PLAYERS[count]
    over = state.stage is Stage.OVER
    problems = []
    if state.row != row_for_round(cities, state.round):
        problems.append(f"row must be the cities in order with Chicago at {state.round}")
    if state.marker != (state.round - 1) % count:
        problems.append("the marker starts at seat 0 and passes clockwise each round")
    problems += _turn_problems(state)
    problems += _police_problems(state)
    for seat in range(count):
        problems += _player_problems(state, seat)
    for city in range(cities + 1):
        counts = [e[city] + o[city] for e, o in zip(state.experts, state.occasionals, strict=True)]
        best = max(counts)
        if best and counts.count(best) > 1:
            problems.append(f"city {city} has no single majority holder: placing never ties")
    if state.strongest != strongest_by_city(state.experts, state.occasionals):
        problems.append("strongest must hold the most gangsters of any one seat on each city")
    if over and any(any(row) for row in (*state.experts, *state.occasionals)):
        problems.append("gangsters go back at the round's end: none is placed once it is over")
    return problems


def _turn_problems(state: State) -> list[str]:
    count = len(state.hands)
    if state.stage is Stage.OVER:
        ok = not any(state.hands) and sorted(state.last_order) == list(range(count))
        return [] if ok else ["once the game is over every hand is empty and last_order full"]
    problems = []
    last = state.turn == TURNS
    if last != bool(state.last_order):
        problems.append("last_order is fixed when the last turn begins, and only then")
    if last and sorted(state.last_order) != list(range(count)):
        problems.append("last_order must name every seat once")
        return problems
    if last:
        done = set(state.last_order[: state.last_order.index(state.seat)])
    else:
        played_this_turn = (state.seat - state.marker) % count
        done = {(state.marker + step) % count for step in range(played_this_turn)}
    for seat, hand in enumerate(state.hands):
        expected = HAND_SIZE - state.turn + (0 if seat in done else 1)
        if len(hand) != expected:
            problems.append(f"seat {seat} should hold {expected} card(s) in turn {state.turn}")
    placed = sum(state.experts[state.seat]) + sum(state.occasionals[state.seat])
    if state.stage is Stage.PLAY and not placed:
        problems.append("the stage play follows a placement, yet the seat has none")
    return problems


def _police_problems(state: State) -> list[str]:
    shown = len(state.police_shown)
    if state.stage is Stage.OVER:
        expected = state.round
    else:
        expected = state.round - 1 + (1 if state.turn > POLICE_AFTER_TURN else 0)
    if shown != expected:
        return [f"{expected} police card(s) should be shown, not {shown}"]
    if game_ends(state.police_shown[: state.round - 1]):
        return ["a third badge of one colour showed in an earlier round: the game ended then"]
    if state.stage is Stage.OVER and not game_ends(state.police_shown):
        return ["the game ends only in a round where a third badge of one colour shows"]
    return []


def _player_problems(state: State, seat: int) -> list[str]:
    cities = len(state.hidden) - 1
    problems = []
    experts, occasionals = state.experts[seat], state.occasionals[seat]
    dead, away, used = state.dead[seat], state.away[seat], state.occasionals_used[seat]
    if state.money[seat] < 0:
        problems.append(f"money[{seat}] cannot be negative")
    if not 0 <= dead <= EXPERTS or any(not 1 <= left <= JAIL_ROUNDS for left in away):
        problems.append(f"dead[{seat}] is 0 to {EXPERTS}, away[{seat}] rounds 1 to {JAIL_ROUNDS}")
    elif list(away) != sorted(away, reverse=True) or dead + len(away) > EXPERTS:
        problems.append(f"away[{seat}] is sorted down, and dead and away are at most {EXPERTS}")
    if not 0 <= used <= OCCASIONALS:
        problems.append(f"occasionals_used[{seat}] is 0 to {OCCASIONALS}")
    if any(n < 0 for n in (*experts, *occasionals)):
        problems.append(f"seat {seat} has a negative count of gangsters")
    elif sum(experts) > EXPERTS - dead - len(away) or sum(occasionals) > OCCASIONALS - used:
        problems.append(f"seat {seat} placed more gangsters than it has")
    if any(o and not e for e, o in zip(experts, occasionals, strict=True)):
        problems.append(f"seat {seat} has occasionals on a city without one of its experts")
    banned = state.banned[seat]
    if list(banned) != sorted(set(banned)) or any(not 1 <= city <= cities for city in banned):
        problems.append(f"banned[{seat}] holds sorted numbered cities of this game, each once")
    elif any(experts[city] or occasionals[city] for city in banned):
        problems.append(f"seat {seat} has gangsters on a city it is banned from")
    if (experts[CHICAGO] or occasionals[CHICAGO]) and not holds_elsewhere(state, seat):
        problems.append(f"seat {seat} is in Chicago without a gangster on another city")
    return problems


# ------------------------------------------------------------- the result


def _result_problems(state: State) -> list[str]:
    result = state.result
    first_round = state.round == 1 and state.stage is not Stage.OVER
    if result is None:
        return [] if first_round else ["result is missing: a round has ended"]
    if first_round:
        return ["result must be null before the first round ends"]
    expected = state.round if state.stage is Stage.OVER else state.round - 1
    if result.round != expected:
        return [f"result.round must be {expected}"]
    return _result_shape(result, len(state.hands), len(state.hidden) - 1) or _result_rules(
        state, result
    )


def _result_shape(result: RoundResult, count: int, cities: int) -> list[str]:
    problems = []
    seats = (None, *range(count))
    if len(result.money_won) != count or any(money < 0 for money in result.money_won):
        problems.append("result.money_won holds a sum of 0 or more per player")
    numbered = [entry.city for entry in result.cities]
    if sorted(numbered) != list(range(1, cities + 1)):
        return [*problems, "result.cities holds each numbered city once"]
    for entry in result.cities:
        own = CITY_CARDS[entry.city]
        if entry.seat not in seats or entry.effect not in EFFECTS:
            problems.append(f"result.cities: city {entry.city} has a bad seat or effect")
        elif len(entry.experts) != count or len(entry.occasionals) != count:
            problems.append(f"result.cities: city {entry.city} needs counts per player")
        elif entry.card not in own or any(card not in own for card in entry.played):
            problems.append(f"result.cities: city {entry.city} shows another city's card")
    chicago = result.chicago
    if chicago.seat not in seats or len(chicago.experts) != count:
        problems.append("result.chicago has a bad seat or counts")
    elif len(chicago.occasionals) != count or len(chicago.cards) != len(chicago.cities):
        problems.append("result.chicago needs counts per player and a card per city")
    elif any(
        not 1 <= city <= cities or (card is not None and card not in CITY_CARDS[city])
        for city, card in zip(chicago.cities, chicago.cards, strict=True)
    ):
        problems.append("result.chicago lists a city or card out of place")
    return problems


def _holder(experts: tuple[int, ...], occasionals: tuple[int, ...]) -> int | None:
    counts = [e + o for e, o in zip(experts, occasionals, strict=True)]
    best = max(counts)
    return counts.index(best) if best and counts.count(best) == 1 else None


def _result_rules(state: State, result: RoundResult) -> list[str]:
    chicago = result.chicago
    for entry in result.cities:
        if entry.seat != _holder(entry.experts, entry.occasionals):
            return [f"result.cities: city {entry.city} went to another than its majority holder"]
        if (entry.seat is None) != (entry.effect == "nobody"):
            return [f"result.cities: city {entry.city} has an effect that does not fit its taker"]
    if chicago.seat != _holder(chicago.experts, chicago.occasionals):
        return ["result.chicago: the share goes to Chicago's majority holder"]
    row = row_for_round(len(state.hidden) - 1, result.round)
    if chicago.cities != row[: row.index(CHICAGO)]:
        return ["result.chicago.cities must be the cities left of Chicago in that round"]
    played = {entry.city: entry.played for entry in result.cities}
    if any(
        card != (played[city][-1] if played[city] else None)
        for city, card in zip(chicago.cities, chicago.cards, strict=True)
    ):
        return ["result.chicago.cards must be the last card played under each of those cities"]
    total = sum(CARD_VALUE[card] for card in chicago.cards if card is not None)
    gain = total // 2 if chicago.seat is not None else 0
    if chicago.total != total or chicago.gain != gain:
        return ["result.chicago: the holder takes half the total, rounded down"]
    if any(won > money for won, money in zip(result.money_won, state.money, strict=True)):
        return ["result.money_won is more than a player's money"]
    if state.stage is Stage.OVER and any(
        state.hidden[entry.city] != entry.card for entry in result.cities
    ):
        return ["the last round's revealed cards stay where they lay once the game is over"]
    return []
