"""What each spell needs and does once activated."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..engine.errors import Reason
from ..engine.evolve import evolve
from ..engine.safejson import quote
from .actions import Choose
from .cards import ALL_WEAPON_COUNT, SPELL_COUNT, SPELL_KINDS, WEAPON_COUNT, is_potion
from .companions import companion_places, swappable_pairs
from .options import MAX_PLAYERS
from .potions import readable_potions
from .state import ActiveSpell, Events, State
from .table import at_armorer, in_game, turn_order

__all__ = ["NEEDS_CHOICE", "check_choice", "choices", "has_use", "resolve"]

# Spells that need a choice after activation: what it is made of.
_TARGET_AND_AMOUNT = frozenset({"strength_up", "strength_down"})
_AMOUNT = frozenset({"boss_up", "boss_down"})
_CARD = frozenset({"exchange", "cancel", "invert_potion", "swap_companions"})
NEEDS_CHOICE = frozenset({*_TARGET_AND_AMOUNT, *_AMOUNT, *_CARD, "swap_hidden"})
AMOUNTS = (1, 2)


def has_use(state: State, card: int) -> bool:
    """Whether an activated spell could do anything now; one that cannot is
    discarded instead (a face-up one may not be activated at all)."""
    kind = SPELL_KINDS[card]
    if kind == "exchange":
        return bool(state.weapon_deck)
    if kind == "cancel":
        return bool(state.active)
    if kind == "invert_potion":
        return bool(readable_potions(state))
    return True


# Choices are immutable, so the lists share them: made once.
_BY_TARGET_AND_AMOUNT = {
    (target, amount): Choose(target=target, amount=amount)
    for target in range(MAX_PLAYERS)
    for amount in AMOUNTS
}
_BY_AMOUNT = [Choose(amount=amount) for amount in AMOUNTS]
_BY_TARGET = [Choose(target=target) for target in range(MAX_PLAYERS)]
_BY_CARD = [Choose(card=card) for card in range(max(ALL_WEAPON_COUNT, SPELL_COUNT))]


def choices(state: State, seat: int, card: int) -> list[Choose]:
    """Every way to finish the spell `card` activated by `seat`, in a stable order."""
    kind = SPELL_KINDS[card]
    seats: Sequence[int] = range(len(state.players))
    if state.fates:  # nobody acts on a player who has left the game
        seats = [target for target in seats if in_game(state, target)]
    if kind in _TARGET_AND_AMOUNT:
        return [_BY_TARGET_AND_AMOUNT[target, amount] for target in seats for amount in AMOUNTS]
    if kind in _AMOUNT:
        return list(_BY_AMOUNT)
    if kind == "swap_hidden":
        return [_BY_TARGET[target] for target in seats if target != seat]
    if kind == "exchange":
        return [_BY_CARD[weapon] for weapon in state.players[seat].weapons]
    if kind == "cancel":
        return [_BY_CARD[spell.card] for spell in state.active]
    if kind == "invert_potion":
        return [_BY_CARD[card] for card in readable_potions(state)]
    if kind == "swap_companions":
        return [Choose(card=first, other=second) for first, second in swappable_pairs(state)]
    return []


def check_choice(state: State, seat: int, card: int, choice: Choose) -> Reason | None:
    kind = SPELL_KINDS[card]
    wants_target = kind in _TARGET_AND_AMOUNT or kind == "swap_hidden"
    wants_amount = kind in _TARGET_AND_AMOUNT or kind in _AMOUNT
    wants_card = kind in _CARD
    wants_other = kind == "swap_companions"
    for field, wanted in (
        ("target", wants_target),
        ("amount", wants_amount),
        ("card", wants_card),
        ("other", wants_other),
    ):
        given = getattr(choice, field) is not None
        if wanted and not given:
            return Reason("missing_choice", f"the spell {kind} needs a {field}")
        if given and not wanted:
            return Reason("extra_choice", f"the spell {kind} takes no {field}")
    if wants_amount and choice.amount not in AMOUNTS:
        return Reason("bad_amount", f"the amount must be 1 or 2, not {quote(choice.amount)}")
    if wants_target:
        if choice.target is None or not 0 <= choice.target < len(state.players):
            return Reason("bad_target", f"there is no seat {quote(choice.target)}")
        if not in_game(state, choice.target):
            return Reason("bad_target", "that player has left the game")
        if kind == "swap_hidden" and choice.target == seat:
            return Reason("bad_target", "swap your hidden weapon with another player's")
    if kind == "exchange" and choice.card not in state.players[seat].weapons:
        return Reason("bad_card", "exchange one of your own weapons")
    if kind == "cancel" and all(spell.card != choice.card for spell in state.active):
        return Reason("bad_card", "cancel a spell that is in play")
    if kind == "invert_potion" and choice.card not in readable_potions(state):
        return Reason("bad_card", "invert a potion that is face up in front of a player")
    if kind == "swap_companions" and (choice.card, choice.other) not in swappable_pairs(state):
        return Reason(
            "bad_card",
            "swap two companions in play or in reserve, at least one in play, smaller id first",
        )
    return None


def resolve(state: State, seat: int, card: int, choice: Choose | None, events: Events) -> State:
    """Put an activated spell into effect, with its choice when it needs one."""
    kind = SPELL_KINDS[card]
    event: dict[str, Any] = {"type": "spell", "seat": seat, "card": card}
    if events is not None:
        events.append(event)
    if kind == "swap_hidden":
        assert choice is not None and choice.target is not None
        return _swap_hidden(state, seat, choice.target, card, event)
    if kind == "exchange":
        assert choice is not None and choice.card is not None
        return _exchange(state, seat, choice.card, card, event)
    if kind == "invert_potion":
        assert choice is not None and choice.card is not None
        return _invert(state, choice.card, card, event)
    if kind == "swap_companions":
        assert choice is not None and choice.card is not None and choice.other is not None
        return _swap_companions(state, choice.card, choice.other, card, event)
    if kind == "cancel":
        assert choice is not None and choice.card is not None
        event["cancelled"] = choice.card
        active = tuple(spell for spell in state.active if spell.card != choice.card)
        state = evolve(
            state, active=active, spell_discard=(*state.spell_discard, choice.card, card)
        )
        if SPELL_KINDS[choice.card] == "last_turn":
            state = evolve(state, last_turn=None)
        return state
    target = -1
    amount = 0
    if choice is not None:
        target = -1 if choice.target is None else choice.target
        amount = 0 if choice.amount is None else choice.amount
        if choice.target is not None:
            event["target"] = target
        if choice.amount is not None:
            event["amount"] = amount
    state = evolve(state, active=(*state.active, ActiveSpell(card, target, amount)))
    if kind == "last_turn":
        waiting = set(at_armorer(state))
        order = turn_order(state)
        start = order.index(seat)
        owed = tuple(s for s in order[start + 1 :] + order[: start + 1] if s in waiting)
        event["last_turn"] = list(owed)
        state = evolve(state, last_turn=owed)
    return state


def _swap_hidden(state: State, seat: int, target: int, card: int, event: dict[str, Any]) -> State:
    """Swap hidden weapons with `target`; each now knows the card they gave away."""
    mine = state.players[seat].hidden
    theirs = state.players[target].hidden
    players = list(state.players)
    players[seat] = evolve(players[seat], hidden=theirs)
    players[target] = evolve(players[target], hidden=mine)
    event["target"] = target
    event["secret"] = {str(seat): {"received": theirs}, str(target): {"received": mine}}
    return evolve(
        state,
        players=tuple(players),
        known=(*state.known, (seat, mine), (target, theirs)),
        spell_discard=(*state.spell_discard, card),
    )


def _exchange(state: State, seat: int, weapon: int, card: int, event: dict[str, Any]) -> State:
    """Give up one weapon face down for the top of the weapon deck, in its place."""
    drawn, deck = state.weapon_deck[0], state.weapon_deck[1:]
    player = state.players[seat]
    if weapon == player.hidden:
        player = evolve(player, hidden=drawn)
        event["given"] = "hidden"
        event["secret"] = {str(seat): {"given_card": weapon, "drawn_hidden": drawn}}
    else:
        visible = tuple(drawn if held == weapon else held for held in player.visible)
        player = evolve(player, visible=visible)
        event["given"] = weapon
        event["drawn"] = drawn
    players = list(state.players)
    players[seat] = player
    changes: dict[str, Any] = {}
    if any(known == weapon for _, known in state.known):
        # Face down in the discard, the card is no longer where anyone saw it;
        # nobody's view follows it there (its former owner's neither).
        changes["known"] = tuple(pair for pair in state.known if pair[1] != weapon)
    if is_potion(weapon):  # a potion given up is unread again
        readings = list(state.readings)
        readings[weapon - WEAPON_COUNT] = 0
        changes["readings"] = tuple(readings)
    return evolve(
        state,
        players=tuple(players),
        weapon_deck=deck,
        weapon_discard=(*state.weapon_discard, weapon),
        spell_discard=(*state.spell_discard, card),
        **changes,
    )


def _invert(state: State, potion: int, card: int, event: dict[str, Any]) -> State:
    """Flip the reading of a face-up potion, whoever holds it."""
    readings = list(state.readings)
    readings[potion - WEAPON_COUNT] = -readings[potion - WEAPON_COUNT]
    event["potion"] = potion
    event["reading"] = readings[potion - WEAPON_COUNT]
    return evolve(state, readings=tuple(readings), spell_discard=(*state.spell_discard, card))


def _swap_companions(
    state: State, first: int, second: int, card: int, event: dict[str, Any]
) -> State:
    """Two companions change places: between two players, or a player and the reserve."""
    places = companion_places(state)
    swapped = {first: places[second], second: places[first]}
    companions = list(state.companions)
    reserve = list(state.reserve)
    for companion, place in swapped.items():
        if place >= 0:
            companions[place] = companion
    # A companion going to the reserve takes the reserve place of the one coming out.
    reserve = [first if held == second else second if held == first else held for held in reserve]
    event["companions"] = [first, second]
    return evolve(
        state,
        companions=tuple(companions),
        reserve=tuple(reserve),
        spell_discard=(*state.spell_discard, card),
    )
