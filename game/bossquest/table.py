"""Readings of the table that several rules share: strengths, hit points, places."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from .cards import ALL_WEAPON_COUNT, SPELL_KINDS, WEAPON_COUNT, boss_hp, weapon_value
from .state import NO_CARD, Fate, State

__all__ = [
    "WEAPON_VALUES",
    "at_armorer",
    "current_hp",
    "game_winners",
    "in_game",
    "is_alone",
    "is_lone",
    "spells_available",
    "strength",
    "turn_order",
]

# Potions count 0 here; their readings are added apart.
WEAPON_VALUES: Final = tuple(weapon_value(card) for card in range(ALL_WEAPON_COUNT))


# What each spell in play does to its target's strength and to the boss's hit
# points, per unit of its amount: read from a table rather than by kind names.
_STRENGTH_SIGN: Final = tuple(
    {"strength_up": 1, "strength_down": -1}.get(kind, 0) for kind in SPELL_KINDS
)
_BOSS_SIGN: Final = tuple({"boss_up": 1, "boss_down": -1}.get(kind, 0) for kind in SPELL_KINDS)


def strength(state: State, seat: int) -> int:
    """The sum of a player's weapons (a potion at its reading, 0 while unread) and
    of the strength spells in front of them."""
    player = state.players[seat]
    hidden = player.hidden
    if hidden == NO_CARD:
        return 0  # a player who has left the game holds nothing
    values = WEAPON_VALUES
    total = values[hidden]
    for card in player.visible:
        total += values[card]
    readings = state.readings
    if readings:
        if hidden >= WEAPON_COUNT:
            total += readings[hidden - WEAPON_COUNT]
        for card in player.visible:
            if card >= WEAPON_COUNT:
                total += readings[card - WEAPON_COUNT]
    for spell in state.active:
        if spell.target == seat:
            total += _STRENGTH_SIGN[spell.card] * spell.amount
    return total


def current_hp(state: State) -> int:
    """The boss's printed hit points changed by the boss spells in play."""
    hp = boss_hp(state.boss)
    for spell in state.active:
        hp += _BOSS_SIGN[spell.card] * spell.amount
    return hp


def in_game(state: State, seat: int) -> bool:
    """Whether `seat` still plays (the Reaper extension makes players leave)."""
    return not state.fates or state.fates[seat] != Fate.GONE


def at_armorer(state: State) -> list[int]:
    return [seat for seat, player in enumerate(state.players) if not player.at_magician]


def is_alone(state: State, seat: int) -> bool:
    """Whether `seat` is the only player left at the Armorer."""
    players = state.players
    if players[seat].at_magician:
        return False
    for other, player in enumerate(players):  # a loop: no generator for each action
        if other != seat and not player.at_magician:
            return False
    return True


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


def game_winners(state: State, pool: Iterable[int] | None = None) -> tuple[int, ...]:
    """Most keys among the players of `pool` (default: all) with a heart left, then
    most hearts; ties share. (If none of them has a heart left, all of them count.)"""
    players = state.players
    candidates = list(range(len(players)) if pool is None else pool)
    alive = [seat for seat in candidates if players[seat].hearts > 0]
    chosen = alive or candidates
    best = max((players[seat].keys, players[seat].hearts) for seat in chosen)
    return tuple(seat for seat in chosen if (players[seat].keys, players[seat].hearts) == best)
