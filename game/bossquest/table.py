"""Readings of the table that several rules share: strengths, hit points, places."""

from __future__ import annotations

from typing import Final

from .cards import SPELL_KINDS, WEAPON_COUNT, boss_hp, weapon_value
from .state import NO_CARD, State

__all__ = [
    "WEAPON_VALUES",
    "at_armorer",
    "current_hp",
    "is_alone",
    "is_lone",
    "spells_available",
    "strength",
    "turn_order",
]

WEAPON_VALUES: Final = tuple(weapon_value(card) for card in range(WEAPON_COUNT))


def strength(state: State, seat: int) -> int:
    """The sum of a player's weapons and of the strength spells in front of them."""
    player = state.players[seat]
    total = WEAPON_VALUES[player.hidden]
    for card in player.visible:
        total += WEAPON_VALUES[card]
    for spell in state.active:
        if spell.target == seat:
            kind = SPELL_KINDS[spell.card]
            if kind == "strength_up":
                total += spell.amount
            elif kind == "strength_down":
                total -= spell.amount
    return total


def current_hp(state: State) -> int:
    """The boss's printed hit points changed by the boss spells in play."""
    hp = boss_hp(state.boss)
    for spell in state.active:
        kind = SPELL_KINDS[spell.card]
        if kind == "boss_up":
            hp += spell.amount
        elif kind == "boss_down":
            hp -= spell.amount
    return hp


def at_armorer(state: State) -> list[int]:
    return [seat for seat, player in enumerate(state.players) if not player.at_magician]


def is_alone(state: State, seat: int) -> bool:
    """Whether `seat` is the only player left at the Armorer."""
    if state.players[seat].at_magician:
        return False
    return all(player.at_magician for other, player in enumerate(state.players) if other != seat)


def is_lone(state: State, seat: int) -> bool:
    """Whether `seat` is the last player at the Armorer in normal turns (a last
    turn has rules of its own)."""
    return state.last_turn is None and is_alone(state, seat)


def spells_available(state: State) -> bool:
    return bool(state.offer) or state.mystery != NO_CARD


def turn_order(state: State) -> list[int]:
    """Seats in playing order: from the Armorer's left round to the Armorer."""
    count = len(state.players)
    return [(state.armorer + step) % count for step in range(1, count + 1)]
