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


def strength(state: State, seat: int) -> int:
    """The sum of a player's weapons (a potion at its reading, 0 while unread) and
    of the strength spells in front of them."""
    player = state.players[seat]
    if player.hidden == NO_CARD:
        return 0  # a player who has left the game holds nothing
    total = WEAPON_VALUES[player.hidden]
    for card in player.visible:
        total += WEAPON_VALUES[card]
    if state.readings:
        for card in player.weapons:
            if card >= WEAPON_COUNT:
                total += state.readings[card - WEAPON_COUNT]
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


def in_game(state: State, seat: int) -> bool:
    """Whether `seat` still plays (the Reaper extension makes players leave)."""
    return not state.fates or state.fates[seat] != Fate.GONE


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


def game_winners(state: State, pool: Iterable[int] | None = None) -> tuple[int, ...]:
    """Most keys among the players of `pool` (default: all) with a heart left, then
    most hearts; ties share. (If none of them has a heart left, all of them count.)"""
    players = state.players
    candidates = list(range(len(players)) if pool is None else pool)
    alive = [seat for seat in candidates if players[seat].hearts > 0]
    chosen = alive or candidates
    best = max((players[seat].keys, players[seat].hearts) for seat in chosen)
    return tuple(seat for seat in chosen if (players[seat].keys, players[seat].hearts) == best)
