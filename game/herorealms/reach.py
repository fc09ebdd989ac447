"""Who a player may attack or target: opponents still in the game, and the
guards' protection. Free-for-all: every opponent is in reach."""

from __future__ import annotations

from .cards import kind_of
from .state import State
from .zones import prepared_guard

__all__ = ["attackable_players", "opponents", "targetable_champions"]


def opponents(state: State, seat: int) -> tuple[int, ...]:
    """The opponents of `seat` still in the game, in seat order."""
    return tuple(s for s, p in enumerate(state.players) if s != seat and not p.out)


def attackable_players(state: State, seat: int) -> tuple[int, ...]:
    """Opponents `seat` may attack: those with no prepared guard in play."""
    return tuple(s for s in opponents(state, seat) if not prepared_guard(state.players[s]))


def targetable_champions(state: State, seat: int) -> tuple[int, ...]:
    """Opponents' champions `seat` may attack or target: any guard, and the
    others only where their owner has no prepared guard."""
    found: list[int] = []
    for other in opponents(state, seat):
        player = state.players[other]
        shielded = prepared_guard(player)
        found += [c for c in player.champions if kind_of(c).guard or not shielded]
    return tuple(found)
