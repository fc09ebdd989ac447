"""Phases 5 and 6: the upgrade (one purchase each, from the Quest holder
clockwise) and the inventory (items to storage, the rest discarded)."""

from __future__ import annotations

from typing import Any

from ..engine import rng
from ..engine.evolve import evolve
from .cards import EMPLOYEES, FLIP_PRICE, UPGRADES
from .setup import restock
from .shop import put, staff_power, storage_size, without
from .state import Buy, Done, Flip, Hire, Stage, State

__all__ = [
    "card_price",
    "done",
    "finish_inventory",
    "open_upgrades",
    "purchase",
    "purchases",
    "store",
]

Event = dict[str, Any]
OFFER = 2
"""Employees face up during the upgrade phase."""


def open_upgrades(state: State) -> tuple[State, list[Event]]:
    offer, deck = state.employee_deck[:OFFER], state.employee_deck[OFFER:]
    state = evolve(
        state,
        stage=Stage.UPGRADE,
        offer=offer,
        employee_deck=deck,
        turn=state.quest,
        acted=0,
        bought=0,
    )
    return state, [{"type": "upgrades", "offer": list(offer), "turn": state.quest}]


def purchases(state: State) -> int:
    """Cards a shop may buy in the upgrade phase: two under the advanced rules for 2 players."""
    return 2 if state.advanced else 1


def card_price(state: State, seat: int, price: int) -> int:
    """What a card costs the shop, its employees' discount taken off."""
    return max(0, price - staff_power(state, seat, "discount"))


def purchase(
    state: State, seat: int, action: Buy | Flip | Hire | Done
) -> tuple[State, list[Event]]:
    events: list[Event] = []
    coins = state.coins[seat]
    if isinstance(action, Buy):
        cost = card_price(state, seat, UPGRADES[action.upgrade].price)
        state = evolve(
            state,
            upgrades=without(state.upgrades, action.upgrade),
            owned=put(state.owned, seat, (*state.owned[seat], action.upgrade)),
        )
        events.append({"type": "buy", "seat": seat, "upgrade": action.upgrade, "coins": cost})
    elif isinstance(action, Flip):
        cost = FLIP_PRICE
        state = evolve(state, flipped=(*state.flipped, action.upgrade))
        events.append({"type": "flip", "seat": seat, "upgrade": action.upgrade, "coins": cost})
    elif isinstance(action, Hire):
        cost = card_price(state, seat, EMPLOYEES[action.employee].price)
        offer = without(state.offer, action.employee)
        offer, deck = (*offer, *state.employee_deck[:1]), state.employee_deck[1:]
        state = evolve(
            state,
            offer=offer,
            employee_deck=deck,
            staff=put(state.staff, seat, (*state.staff[seat], action.employee)),
        )
        events.append({"type": "hire", "seat": seat, "employee": action.employee, "coins": cost})
    else:
        cost = 0
        events.append({"type": "pass", "seat": seat})
    state = evolve(state, coins=put(state.coins, seat, coins - cost), bought=state.bought + 1)
    if not isinstance(action, Done) and state.bought < purchases(state):
        return state, events  # the advanced rules for 2 players: a second purchase
    state = evolve(state, acted=state.acted + 1, bought=0)
    players = len(state.coins)
    if state.acted < players:
        return evolve(state, turn=(state.turn + 1) % players), events
    # everyone had the chance: the employees on offer are shuffled back into their deck
    deck, dice = rng.shuffle(state.dice, (*state.employee_deck, *state.offer))
    state = evolve(
        state,
        dice=dice,
        employee_deck=deck,
        offer=(),
        stage=Stage.INVENTORY,
        ready=(False,) * players,
    )
    events.append({"type": "inventory"})
    return state, events


def store(state: State, seat: int, item: int) -> tuple[State, list[Event]]:
    storage = (*state.storage[seat], item)
    state = evolve(
        state,
        hands=put(state.hands, seat, without(state.hands[seat], item)),
        storage=put(state.storage, seat, storage),
    )
    events: list[Event] = [{"type": "store", "seat": seat, "secret": {str(seat): {"item": item}}}]
    if len(storage) < storage_size(state, seat) and state.hands[seat]:
        return state, events
    return finish_inventory(state, seat, events)


def finish_inventory(state: State, seat: int, events: list[Event]) -> tuple[State, list[Event]]:
    """The shop's other hand items are discarded; the last shop to finish starts the next round."""
    discarded = state.hands[seat]
    state = evolve(
        state,
        hands=put(state.hands, seat, ()),
        item_discard=(*state.item_discard, *discarded),
        ready=put(state.ready, seat, True),
    )
    # face down: the others learn how many, not which (they might tell what was stored)
    secret = {str(seat): {"items": list(discarded)}}
    events.append({"type": "discard", "seat": seat, "count": len(discarded), "secret": secret})
    if not all(state.ready):
        return state, events
    players = len(state.coins)
    state = evolve(state, round=state.round + 1, ready=(False,) * players)
    state, more = restock(state)
    return state, events + more


def done(state: State, seat: int) -> tuple[State, list[Event]]:
    return finish_inventory(state, seat, [])
