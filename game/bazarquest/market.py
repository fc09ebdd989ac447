"""Phases 1 to 3 after the deal: the draft, the display and its reveal, the
heroes' invitations in the windows' order, the sales."""

from __future__ import annotations

from typing import Any

from ..engine.evolve import evolve
from .cards import HEROES, ITEMS, MONSTERS, UPGRADES
from .setup import draw_items
from .shop import hearts, matches, put, staff_power, window_price, window_size, without
from .state import Stage, State

__all__ = [
    "display",
    "done_display",
    "done_selling",
    "heroes_wanted",
    "invite",
    "must_match",
    "next_inviter",
    "passes_right",
    "pick",
    "sell",
]

Event = dict[str, Any]


def pick(state: State, seat: int, item: int) -> tuple[State, list[Event]]:
    picks = put(state.picks, seat, item)
    events: list[Event] = [{"type": "pick", "seat": seat, "secret": {str(seat): {"item": item}}}]
    if any(p is None for p in picks):
        return evolve(state, picks=picks), events
    return _pass_packets(evolve(state, picks=picks), events)


def _pass_packets(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    """Every shop keeps its pick and passes the rest to its left (the next seat);
    a last single card is kept without asking (there is no choice in it)."""
    players = len(state.coins)
    chosen = [p for p in state.picks if p is not None]
    hands = tuple((*state.hands[s], chosen[s]) for s in range(players))
    left = [without(state.packets[s], chosen[s]) for s in range(players)]
    step = -1 if passes_right(state) else 1
    packets = tuple(left[(s - step) % players] for s in range(players))
    if len(packets[0]) == 1:
        hands = tuple((*hands[s], packets[s][0]) for s in range(players))
        packets = ((),) * players
    state = evolve(state, hands=hands, packets=packets, picks=(None,) * players)
    if packets[0]:
        secret = {str(s): {"packet": list(packets[s])} for s in range(players)}
        events.append({"type": "pass", "size": len(packets[0]), "secret": secret})
        return state, events
    return _end_draft(state, events)


def passes_right(state: State) -> bool:
    """At 5 and 6 players the draft turns the other way while a level II monster is out."""
    monster = state.monster
    return state.crowd and monster is not None and MONSTERS[monster].level == 2


def _end_draft(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    """Stored items join the hand, with the extra draws of employees and storage upgrades."""
    players = len(state.coins)
    hands = []
    for seat in range(players):
        extra = staff_power(state, seat, "extra_draw")
        extra += sum(UPGRADES[card].draw for card in state.owned[seat])
        state, drawn = draw_items(state, extra)
        hands.append((*state.hands[seat], *state.storage[seat], *drawn))
    state = evolve(
        state,
        hands=tuple(hands),
        storage=((),) * players,
        stage=Stage.DISPLAY,
        window=((),) * players,
        ready=(False,) * players,
    )
    secret = {str(s): {"hand": list(hands[s])} for s in range(players)}
    events.append({"type": "drafted", "secret": secret})
    return state, events


def display(state: State, seat: int, item: int) -> tuple[State, list[Event]]:
    window = (*state.window[seat], item)
    state = evolve(
        state,
        hands=put(state.hands, seat, without(state.hands[seat], item)),
        window=put(state.window, seat, window),
    )
    events: list[Event] = [{"type": "show", "seat": seat, "secret": {str(seat): {"item": item}}}]
    if len(window) < window_size(state, seat) and state.hands[seat]:
        return state, events
    return done_display(state, seat, events)


def done_display(state: State, seat: int, events: list[Event]) -> tuple[State, list[Event]]:
    ready = put(state.ready, seat, True)
    events.append({"type": "window_ready", "seat": seat})
    state = evolve(state, ready=ready)
    if not all(ready):
        return state, events
    players = len(state.coins)
    order = tuple(
        sorted(
            range(players),
            key=lambda s: (-hearts(state, s), -window_price(state, s), (s - state.quest) % players),
        )
    )
    events.append(
        {"type": "reveal", "windows": [list(w) for w in state.window], "order": list(order)}
    )
    state = evolve(state, stage=Stage.INVITE, order=order, ready=(False,) * players)
    return evolve(state, turn=next_inviter(state)), events


def _has_choice(state: State, seat: int) -> bool:
    return any(matches(hero, state.window[seat]) for hero in state.center)


def heroes_wanted(state: State) -> int:
    """Heroes each shop invites: one, two under the advanced rules for 2 players."""
    return 2 if state.advanced else 1


def next_inviter(state: State) -> int:
    """The most attractive shop still waiting in this round of invitations that
    can invite a hero sharing a class with its window; when none can, the most
    attractive shop still waiting. (A second round, under the advanced rules
    for 2 players, starts again from the most attractive window.)"""
    fewest = min(len(guests) for guests in state.guests)
    empty = [s for s in state.order if len(state.guests[s]) == fewest]
    able = [s for s in empty if _has_choice(state, s)]
    return (able or empty)[0]


def must_match(state: State, seat: int) -> bool:
    return _has_choice(state, seat)


def invite(state: State, seat: int, hero: int) -> tuple[State, list[Event]]:
    guests = put(state.guests, seat, (*state.guests[seat], hero))
    state = evolve(state, guests=guests, center=without(state.center, hero))
    events: list[Event] = [{"type": "invite", "seat": seat, "hero": hero}]
    if any(len(g) < heroes_wanted(state) for g in guests):
        return evolve(state, turn=next_inviter(state)), events
    events.append({"type": "quest", "seat": seat})
    players = len(state.coins)
    return evolve(state, quest=seat, stage=Stage.SELL, ready=(False,) * players), events


def sale_bonus(state: State, seat: int, hero: int) -> int:
    effect = HEROES[hero].effect
    own = effect.amount if effect is not None and effect.kind == "sale_bonus" else 0
    return own + staff_power(state, seat, "sale_bonus")


def sell(state: State, seat: int, item: int, hero: int) -> tuple[State, list[Event]]:
    price = ITEMS[item].price
    earned = price + sale_bonus(state, seat, hero)
    state = evolve(
        state,
        hands=put(state.hands, seat, without(state.hands[seat], item)),
        gear=put(state.gear, hero, (*state.gear[hero], item)),
        purses=put(state.purses, hero, state.purses[hero] - price),
        coins=put(state.coins, seat, state.coins[seat] + earned),
    )
    return state, [{"type": "sell", "seat": seat, "item": item, "hero": hero, "coins": earned}]


def done_selling(state: State, seat: int) -> tuple[State, list[Event], bool]:
    """The shop has sold all it will; True when it was the last (the adventure follows)."""
    ready = put(state.ready, seat, True)
    state = evolve(state, ready=ready)
    events: list[Event] = [{"type": "sold", "seat": seat}]
    if not all(ready):
        return state, events, False
    players = len(state.coins)
    hands = tuple((*state.hands[s], *state.window[s]) for s in range(players))
    state = evolve(state, hands=hands, window=((),) * players, ready=(False,) * players)
    return state, events, True
