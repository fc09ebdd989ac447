"""Who a player may attack or target: opponents still in the game within the
format's reach, and the guards' protection.

Free-for-all: every opponent. Hunter: only the player on your left (the next
one in turn order) may be attacked or targeted, and the champions of the
players on your left and right."""

from __future__ import annotations

from .cards import kind_of
from .state import State
from .zones import prepared_guard, team_seats

__all__ = [
    "attackable_players",
    "champion_owners",
    "left_of",
    "opponents",
    "player_targets",
    "right_of",
    "targetable_champions",
]


def opponents(state: State, seat: int) -> tuple[int, ...]:
    """The opponents of `seat` still in the game, in seat order (in Hydra,
    the other team's players)."""
    mates = team_seats(state, seat)
    return tuple(s for s, p in enumerate(state.players) if s not in mates and not p.out)


def left_of(state: State, seat: int) -> int:
    """The next player still in the game after `seat` in turn order."""
    count = len(state.players)
    return next(
        s for s in ((seat + step) % count for step in range(1, count)) if not state.players[s].out
    )


def right_of(state: State, seat: int) -> int:
    """The player still in the game whose left neighbour `seat` is."""
    count = len(state.players)
    return next(
        s for s in ((seat - step) % count for step in range(1, count)) if not state.players[s].out
    )


def player_targets(state: State, seat: int) -> tuple[int, ...]:
    """The players `seat` may attack or target (guards aside)."""
    if state.format.hunts:
        return (left_of(state, seat),)
    return opponents(state, seat)


def champion_owners(state: State, seat: int) -> tuple[int, ...]:
    """The players whose champions `seat` may attack or target (guards aside)."""
    if state.format.hunts:
        return tuple(sorted({left_of(state, seat), right_of(state, seat)}))
    return opponents(state, seat)


def attackable_players(state: State, seat: int) -> tuple[int, ...]:
    """Players `seat` may attack now: in reach, with no prepared guard."""
    return tuple(s for s in player_targets(state, seat) if not prepared_guard(state.players[s]))


def targetable_champions(state: State, seat: int) -> tuple[int, ...]:
    """Champions `seat` may attack or target now: in reach, any guard, and
    the others only where their owner has no prepared guard."""
    found: list[int] = []
    for other in champion_owners(state, seat):
        player = state.players[other]
        shielded = prepared_guard(player)
        found += [c for c in player.champions if kind_of(c).guard or not shielded]
    return tuple(found)
