"""The Potions extension: a potion is read -size or +size by its holder, at once
when it arrives face up, and when the fight reveals it if it was hidden.

Readings live in `State.readings`, one per potion (0 while unread); a potion
that leaves a hand (back to the deck, or given up to an exchange) is unread
again. So a potion face up is always read, except during the POTION stage that
asks for its reading, and a hidden one is unread until the fight.
"""

from __future__ import annotations

from ..engine.errors import Reason
from ..engine.evolve import evolve
from ..engine.safejson import quote
from .actions import ReadPotion
from .cards import WEAPON_COUNT, is_potion, potion_size
from .state import NO_CARD, Events, Stage, State
from .table import turn_order

__all__ = [
    "RESUME_FIGHT",
    "RESUME_SPELL",
    "RESUME_TURN",
    "SIGNS",
    "check_reading",
    "face_up_reader",
    "hidden_reader",
    "next_to_read",
    "read",
    "readable_potions",
    "unread",
]

SIGNS = (1, -1)
# What `State.resume` says to do once every face-up potion is read.
RESUME_TURN = "turn"  # pass the turn on (or fight), as after any turn
RESUME_SPELL = "spell"  # the hare's player arrives at the Magician
RESUME_FIGHT = "fight"  # the last request at 5-6 players: the fight


def unread(state: State) -> tuple[int, ...]:
    """Every reading back to 0: the state of the potions when weapons are dealt."""
    return (0,) * len(state.readings)


def next_to_read(state: State, seat: int) -> int:
    """The potion `seat` must read now (POTION: face up; REVEAL: hidden), or NO_CARD."""
    readings = state.readings
    player = state.players[seat]
    if state.stage == Stage.POTION:
        for card in player.visible:
            if card >= WEAPON_COUNT and not readings[card - WEAPON_COUNT]:
                return card
    elif state.stage == Stage.REVEAL:
        card = player.hidden
        if card >= WEAPON_COUNT and not readings[card - WEAPON_COUNT]:
            return card
    return NO_CARD


def face_up_reader(state: State) -> int | None:
    """The first seat, in turn order, holding a face-up potion not yet read."""
    readings = state.readings
    for seat in turn_order(state):
        for card in state.players[seat].visible:
            if card >= WEAPON_COUNT and not readings[card - WEAPON_COUNT]:
                return seat
    return None


def hidden_reader(state: State) -> int | None:
    """The first seat, in turn order, whose hidden weapon is a potion not yet read."""
    readings = state.readings
    for seat in turn_order(state):
        card = state.players[seat].hidden
        if card >= WEAPON_COUNT and not readings[card - WEAPON_COUNT]:
            return seat
    return None


def check_reading(state: State, seat: int, action: ReadPotion) -> Reason | None:
    if action.card != next_to_read(state, seat):
        return Reason("bad_potion", "read the potion you were given, the first one first")
    if action.sign not in SIGNS:
        return Reason(
            "bad_sign", f"a potion is read +1 or -1 times its size, not {quote(action.sign)}"
        )
    return None


def read(state: State, seat: int, action: ReadPotion, events: Events) -> State:
    value = action.sign * potion_size(action.card)
    readings = list(state.readings)
    readings[action.card - WEAPON_COUNT] = value
    if events is not None:
        events.append({"type": "potion", "seat": seat, "card": action.card, "reading": value})
    return evolve(state, readings=tuple(readings))


def readable_potions(state: State) -> list[int]:
    """The face-up potions an invert spell may flip: every read potion in a hand."""
    return [
        card
        for player in state.players
        for card in player.visible
        if is_potion(card) and state.readings[card - WEAPON_COUNT]
    ]
