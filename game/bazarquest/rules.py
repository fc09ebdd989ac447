"""Bazar Quest's rules: who acts, one checker that says why an action is
illegal, the legal list built from it, and `apply`, which hands each action to
its phase's module."""

from __future__ import annotations

from typing import Any

from ..engine.errors import IllegalAction, Reason
from . import market, upgrade
from .adventure import resolve
from .cards import EMPLOYEES, FLIP_PRICE, HEROES, ITEMS, UPGRADES
from .setup import new_game
from .shop import matches
from .state import Action, Buy, Done, Flip, Hire, Invite, Pick, Sell, Show, Stage, State, Store

__all__ = ["action_universe", "apply", "check", "legal_actions", "new_game", "to_act"]

Event = dict[str, Any]

_EXPECTED: dict[Stage, tuple[type, ...]] = {
    Stage.DRAFT: (Pick,),
    Stage.DISPLAY: (Show, Done),
    Stage.INVITE: (Invite,),
    Stage.SELL: (Sell, Done),
    Stage.UPGRADE: (Buy, Flip, Hire, Done),
    Stage.INVENTORY: (Store, Done),
}
_WRONG: dict[Stage, str] = {
    Stage.DRAFT: "draft a card of your packet first",
    Stage.DISPLAY: "choose the items of your window first",
    Stage.INVITE: "invite a hero first",
    Stage.SELL: "sell to your hero or finish selling first",
    Stage.UPGRADE: "buy an upgrade, flip one, hire an employee or pass first",
    Stage.INVENTORY: "store items or discard the rest first",
}


def to_act(state: State) -> tuple[int, ...]:
    seats = range(len(state.coins))
    if state.stage == Stage.DRAFT:
        return tuple(s for s in seats if state.picks[s] is None)
    if state.stage in (Stage.DISPLAY, Stage.SELL, Stage.INVENTORY):
        return tuple(s for s in seats if not state.ready[s])
    if state.stage in (Stage.INVITE, Stage.UPGRADE):
        return (state.turn,)
    return ()


def check(state: State, seat: int, action: Action) -> Reason | None:
    if state.stage == Stage.OVER:
        return Reason("game_over", "the game is over")
    if not 0 <= seat < len(state.coins):
        return Reason("no_such_seat", "there is no such shop in this game")
    if seat not in to_act(state):
        return Reason("not_your_turn", "it is not your turn")
    if not isinstance(action, _EXPECTED[state.stage]):
        return Reason("wrong_phase", _WRONG[state.stage])
    if isinstance(action, Done):
        if state.stage == Stage.DISPLAY and not state.window[seat]:
            return Reason("window_empty", "put at least one item in your window")
        return None
    if isinstance(action, Pick):
        return None if action.item in state.packets[seat] else _not_held("packet")
    if isinstance(action, Show | Store):
        return None if action.item in state.hands[seat] else _not_held("hand")
    if isinstance(action, Invite):
        return _check_invite(state, seat, action.hero)
    if isinstance(action, Sell):
        return _check_sale(state, seat, action.item, action.hero)
    return _check_purchase(state, seat, action)


def _not_held(where: str) -> Reason:
    return Reason(f"not_in_{where}", f"that item is not in your {where}")


def _check_invite(state: State, seat: int, hero: int) -> Reason | None:
    if hero not in state.center:
        return Reason("hero_away", "that hero is not waiting in the centre")
    if market.must_match(state, seat) and not matches(hero, state.window[seat]):
        return Reason("no_shared_class", "invite a hero who shares a class with your window")
    return None


def _check_sale(state: State, seat: int, item: int, hero: int) -> Reason | None:
    if hero not in state.guests[seat]:
        return Reason("not_your_hero", "that hero is not in your shop")
    if item in state.window[seat]:
        return Reason("on_display", "an item in your window cannot be sold this round")
    if item not in state.hands[seat]:
        return _not_held("hand")
    if not matches(hero, (item,)):
        return Reason("wrong_class", "your hero shares no class with that item")
    if ITEMS[item].price > state.purses[hero]:
        return Reason("purse_short", "your hero’s purse cannot pay that price")
    return None


def _check_purchase(state: State, seat: int, action: Buy | Flip | Hire) -> Reason | None:
    too_dear = Reason("too_dear", "you do not have enough coins")
    coins = state.coins[seat]
    if isinstance(action, Buy):
        if action.upgrade not in state.upgrades:
            return Reason("sold_out", "that upgrade is not for sale")
        kind = UPGRADES[action.upgrade].kind
        if any(UPGRADES[card].kind == kind for card in state.owned[seat]):
            return Reason("one_of_each", "a shop has one upgrade of each kind at most")
        price = upgrade.card_price(state, seat, UPGRADES[action.upgrade].price)
        return too_dear if price > coins else None
    if isinstance(action, Flip):
        if action.upgrade not in state.owned[seat]:
            return Reason("not_owned", "you do not own that upgrade")
        if action.upgrade in state.flipped:
            return Reason("flipped_already", "that upgrade already shows its +2 side")
        return too_dear if coins < FLIP_PRICE else None
    if action.employee not in state.offer:
        return Reason("not_on_offer", "that employee is not on offer")
    key = EMPLOYEES[action.employee].key
    if any(EMPLOYEES[e].key == key for e in state.staff[seat]):
        return Reason("hired_already", "your shop already employs one like that")
    price = upgrade.card_price(state, seat, EMPLOYEES[action.employee].price)
    return too_dear if price > coins else None


def _candidates(state: State, seat: int) -> list[Action]:
    """Every action the stage could allow `seat`, in a stable order."""
    stage = state.stage
    if stage == Stage.DRAFT:
        return [Pick(item) for item in sorted(state.packets[seat])]
    if stage == Stage.DISPLAY:
        return [*(Show(item) for item in sorted(state.hands[seat])), Done()]
    if stage == Stage.INVITE:
        return [Invite(hero) for hero in sorted(state.center)]
    if stage == Stage.SELL:
        heroes = state.guests[seat]
        return [*(Sell(item, h) for item in sorted(state.hands[seat]) for h in heroes), Done()]
    if stage == Stage.UPGRADE:
        return [
            *(Buy(card) for card in sorted(state.upgrades)),
            *(Flip(card) for card in sorted(state.owned[seat])),
            *(Hire(e) for e in sorted(state.offer)),
            Done(),
        ]
    if stage == Stage.INVENTORY:
        return [*(Store(item) for item in sorted(state.hands[seat])), Done()]
    return []


def action_universe(state: State) -> list[Action]:
    items = range(len(ITEMS))
    upgrades = range(len(UPGRADES))
    return [
        *(Pick(i) for i in items),
        *(Show(i) for i in items),
        *(Invite(h) for h in range(len(HEROES))),
        *(Sell(i, h) for i in items for h in range(len(HEROES))),
        *(Buy(u) for u in upgrades),
        *(Flip(u) for u in upgrades),
        *(Hire(e) for e in range(len(EMPLOYEES))),
        *(Store(i) for i in items),
        Done(),
    ]


def legal_actions(state: State, seat: int) -> list[Action]:
    if seat not in to_act(state):
        return []
    return [action for action in _candidates(state, seat) if check(state, seat, action) is None]


def apply(state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
    reason = check(state, seat, action)
    if reason is not None:
        raise IllegalAction(reason)
    if isinstance(action, Pick):
        return market.pick(state, seat, action.item)
    if isinstance(action, Show):
        return market.display(state, seat, action.item)
    if isinstance(action, Invite):
        return market.invite(state, seat, action.hero)
    if isinstance(action, Sell):
        return market.sell(state, seat, action.item, action.hero)
    if isinstance(action, Store):
        return upgrade.store(state, seat, action.item)
    if state.stage == Stage.DISPLAY:
        return market.done_display(state, seat, [])
    if state.stage == Stage.SELL and isinstance(action, Done):
        state, events, last = market.done_selling(state, seat)
        if not last:
            return state, events
        state, more = resolve(state)
        events += more
        if state.stage == Stage.OVER:
            return state, events
        state, more = upgrade.open_upgrades(state)
        return state, events + more
    if state.stage == Stage.UPGRADE and isinstance(action, Buy | Flip | Hire | Done):
        return upgrade.purchase(state, seat, action)
    return upgrade.done(state, seat)
