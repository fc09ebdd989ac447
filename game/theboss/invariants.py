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
from operator import add
from typing import Final

from ..engine.rng import MASK64
from ..engine.safejson import quote
from .cards import (
    BANNED,
    CARD_CITY,
    CARD_COUNT,
    CARD_KIND,
    CARD_VALUE,
    CHICAGO,
    CITIES_BY_PLAYERS,
    CITY_CARDS,
    EXPERTS,
    HAND_SIZE,
    HOSPITAL,
    HOSPITAL_ROUNDS,
    JAIL,
    JAIL_ROUNDS,
    MONEY,
    OCCASIONALS,
    POLICE,
    POLICE_AFTER_TURN,
    REVOLVER,
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

# What taking a card of each kind may do (besides "nobody", for nobody there):
# a sanction finds no free expert to hit, a ban one already held.
_EFFECTS_OF: Final = {
    MONEY: frozenset({"money"}),
    REVOLVER: frozenset({"killed", "no_free_expert"}),
    JAIL: frozenset({"jailed", "no_free_expert"}),
    HOSPITAL: frozenset({"hurt", "no_free_expert"}),
    BANNED: frozenset({"banned", "already_banned"}),
}


# By the number of numbered cities: every card a round deals.
_CARDS_IN_PLAY: Final = {
    n: Counter(card for city in range(1, n + 1) for card in CITY_CARDS[city])
    for n in CITIES_BY_PLAYERS.values()
}


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
    return problems or _progress_problems(state)


def _progress_problems(state: State) -> list[str]:
    """What the turns played so far allow: one placement a turn, at most, so
    no gangster at all before a player's first turn. (Losses and gains are
    not bounded by the rounds played: scenarios set them freely, in any
    round, to start near a game's end.)"""
    count = len(state.hands)
    cities = len(state.hidden) - 1
    for seat in range(count):
        turns = HAND_SIZE - len(state.hands[seat])
        if seat == state.seat and state.stage is Stage.PLAY:
            turns += 1  # placed this turn, its card still to play
        if turns > cities:
            continue  # more turns than cities: any spread is possible
        # counts are not negative here (_player_problems): a city is held if its sum is not 0
        sums = list(map(add, state.experts[seat], state.occasionals[seat]))
        held = len(sums) - sums.count(0)
        if held > turns:
            where = "city" if held == 1 else "cities"
            return [
                f"seat {seat} has gangsters on {held} {where} after {turns} turn(s): "
                "one placement a turn, at most"
            ]
    return []


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
    return _sound_alone(result, len(state.hands), len(state.hidden) - 1) or _result_rules(
        state, result
    )


_last_sound: list[tuple[RoundResult, int, int]] = []
"""The last result found sound on its own, with its table's size: every state
of a round holds the same (immutable) result object, so the checks of the
result alone run once a round, not at every action. Holding the object keeps
its id from being reused."""


def _sound_alone(result: RoundResult, count: int, cities: int) -> list[str]:
    """`_result_shape`, skipped for the result last found sound."""
    if _last_sound and _last_sound[0][0] is result and _last_sound[0][1:] == (count, cities):
        return []
    problems = _result_shape(result, count, cities)
    if not problems:
        _last_sound[:] = [(result, count, cities)]
    return problems


def _result_shape(result: RoundResult, count: int, cities: int) -> list[str]:
    problems = []
    seats = (None, *range(count))
    if len(result.money_won) != count or any(money < 0 for money in result.money_won):
        problems.append("result.money_won holds a sum of 0 or more per player")
    numbered = [entry.city for entry in result.cities]
    if sorted(numbered) != list(range(1, cities + 1)):
        return [*problems, "result.cities holds each numbered city once"]
    if numbered != sorted(numbered):
        return [*problems, "result.cities lists the numbered cities in row order"]
    for entry in result.cities:
        own = CITY_CARDS[entry.city]
        if entry.seat not in seats or entry.effect not in EFFECTS:
            problems.append(f"result.cities: city {entry.city} has a bad seat or effect")
        elif len(entry.experts) != count or len(entry.occasionals) != count:
            problems.append(f"result.cities: city {entry.city} needs counts per player")
        elif entry.card not in own or any(card not in own for card in entry.played):
            problems.append(f"result.cities: city {entry.city} shows another city's card")
        elif entry.seat is not None and entry.effect not in _EFFECTS_OF[CARD_KIND[entry.card]]:
            kind = CARD_KIND[entry.card]
            problems.append(
                f"result.cities: city {entry.city}: a {kind} card cannot have the effect "
                f"{quote(entry.effect)}"
            )
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
    return problems or _result_gangsters(result, count, cities)


def _blank_past(result: RoundResult) -> bool:
    """The past round a scenario starting in a later round is given (see
    scenario._with_a_past): no card played, nobody anywhere, nothing won. No
    real round ends so; it is let through for the scenarios and tutorials, and
    every other check holds it as any result (a game cannot end on it)."""
    return (
        not any(entry.played for entry in result.cities)
        and all(entry.seat is None for entry in result.cities)
        and result.chicago.seat is None
        and result.chicago.total == 0
        and not any(result.money_won)
    )


def _result_gangsters(result: RoundResult, count: int, cities: int) -> list[str]:
    """The round's cards and gangsters as placing and playing leave them: each
    card of the round once (revealed or played), no negative count, no
    occasional without an expert of its own, no one in Chicago alone, and no
    one with more gangsters than it owns."""
    cards = Counter(card for entry in result.cities for card in (entry.card, *entry.played))
    if cards != _CARDS_IN_PLAY[cities] and not _blank_past(result):
        return ["result.cities must show each card of the round once, revealed or played"]
    chicago = result.chicago
    tables = [(entry.experts, entry.occasionals) for entry in result.cities]
    for experts, occasionals in (*tables, (chicago.experts, chicago.occasionals)):
        if min(experts) < 0 or min(occasionals) < 0:
            return ["result: a negative count of gangsters"]
        if any(o and not e for e, o in zip(experts, occasionals, strict=True)):
            return ["result: occasionals on a city without one of its experts"]
    for seat in range(count):
        placed = chicago.experts[seat] + sum(e[seat] for e, _o in tables)
        used = chicago.occasionals[seat] + sum(o[seat] for _e, o in tables)
        if placed > EXPERTS or used > OCCASIONALS:
            return [f"result: seat {seat} placed more gangsters than it has"]
        if (chicago.experts[seat] or chicago.occasionals[seat]) and not any(
            e[seat] or o[seat] for e, o in tables
        ):
            return [f"result: seat {seat} is in Chicago without a gangster on another city"]
    return []


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
    problems = _borne(state, result)
    if problems:
        return problems
    if state.stage is Stage.OVER and any(
        state.hidden[entry.city] != entry.card for entry in result.cities
    ):
        return ["the last round's revealed cards stay where they lay once the game is over"]
    if state.stage is Stage.OVER and any(
        state.played[entry.city] != entry.played for entry in result.cities
    ):
        return ["the last round's played cards stay where they lay once the game is over"]
    return []


_last_borne: list[tuple[object, ...]] = []
"""The last (result, money, dead, away, banned, occasionals_used) objects
found to agree: they change only when a round ends, so within a round the
check runs once (the objects are immutable and held, so no id is reused)."""


def _borne(state: State, result: RoundResult) -> list[str]:
    """`_result_money` and `_result_sanctions`, skipped for the figures last found sound."""
    key = (result, state.money, state.dead, state.away, state.banned, state.occasionals_used)
    if _last_borne and all(a is b for a, b in zip(_last_borne[0], key, strict=True)):
        return []
    problems = _result_money(result, len(state.hands)) or _result_sanctions(state, result)
    if not problems:
        _last_borne[:] = [key]
    return problems


def _result_money(result: RoundResult, count: int) -> list[str]:
    """Each player won the money cards it took and Chicago's share, no more."""
    won = [0] * count
    for entry in result.cities:
        if entry.effect == "money" and entry.seat is not None:
            won[entry.seat] += CARD_VALUE[entry.card]
    if result.chicago.seat is not None:
        won[result.chicago.seat] += result.chicago.gain
    if tuple(won) != result.money_won:
        return ["result.money_won must be the money cards taken plus Chicago's share"]
    return []


def _result_sanctions(state: State, result: RoundResult) -> list[str]:
    """The last round's sanctions as the players bear them now: its dead among
    the dead, its jailed and hurt among the away (JAIL_ROUNDS and
    HOSPITAL_ROUNDS rounds left), its bans among the bans; its occasionals
    among those used, and its experts alive then."""
    for seat in range(len(state.hands)):
        effects = [entry.effect for entry in result.cities if entry.seat == seat]
        killed = effects.count("killed")
        if state.dead[seat] < killed:
            return [f"dead[{seat}] is fewer than the experts the last round killed"]
        away = state.away[seat]
        if away.count(JAIL_ROUNDS) < effects.count("jailed"):
            return [f"away[{seat}] must hold {JAIL_ROUNDS} rounds for each expert last jailed"]
        if away.count(HOSPITAL_ROUNDS) < effects.count("hurt"):
            return [f"away[{seat}] must hold {HOSPITAL_ROUNDS} round for each expert last hurt"]
        if any(
            entry.seat == seat
            and entry.effect in ("banned", "already_banned")
            and entry.city not in state.banned[seat]
            for entry in result.cities
        ):
            return [f"banned[{seat}] must hold every city whose ban it took"]
        chicago = result.chicago
        placed = chicago.experts[seat] + sum(entry.experts[seat] for entry in result.cities)
        if placed > EXPERTS - (state.dead[seat] - killed):
            return [f"result: seat {seat} placed experts that were already dead"]
        used = chicago.occasionals[seat] + sum(e.occasionals[seat] for e in result.cities)
        if used > state.occasionals_used[seat]:
            return [f"occasionals_used[{seat}] is fewer than the last round placed"]
    return []
