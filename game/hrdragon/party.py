"""The party's seating: who is a party member, adjacency (defeated members
no longer count), and the view of Hero Realms' state a member acts in, where
the only opponents are the Dragons."""

from __future__ import annotations

from ..engine.evolve import evolve
from ..herorealms.state import State as CoreState
from .state import State

__all__ = ["adjacent", "as_seen_by", "back_from", "living_party", "party_seats"]


def party_seats(state: State) -> tuple[int, ...]:
    """Every party member's seat (none in boss against boss), clockwise."""
    return tuple(s for s in range(len(state.core.players)) if s not in state.bosses)


def living_party(state: State) -> tuple[int, ...]:
    return tuple(s for s in party_seats(state) if not state.core.players[s].out)


def adjacent(state: State, seat: int) -> tuple[int, ...]:
    """The living members beside `seat` around the table (its left and right
    among the living; one when two are left, none alone), sorted."""
    ring = living_party(state)
    if seat not in ring or len(ring) < 2:
        return ()
    at = ring.index(seat)
    return tuple(sorted({ring[at - 1], ring[(at + 1) % len(ring)]}))


def as_seen_by(state: State, seat: int) -> CoreState:
    """Hero Realms' state as `seat` acts in it: for a party member the other
    members are set aside as if out of the game, so that Hero Realms' reach
    offers it the Dragons alone to attack and target."""
    if seat in state.bosses:
        return state.core
    if _LAST and _LAST[0][0] is state and _LAST[0][1] == seat:
        return _LAST[0][2]
    players = tuple(
        evolve(p, out=True) if s != seat and s not in state.bosses else p
        for s, p in enumerate(state.core.players)
    )
    seen = evolve(state.core, players=players)
    _LAST[:] = [(state, seat, seen)]
    return seen


_LAST: list[tuple[State, int, CoreState]] = []
"""The last state seen by a member: a legal list and the checks of a move
ask for it many times over (states are never changed, so it stays true)."""


def back_from(state: State, seat: int, core: CoreState) -> CoreState:
    """Hero Realms' state after `seat` acted in `as_seen_by`'s: the members
    set aside take back whether they were out."""
    if seat in state.bosses:
        return core
    players = tuple(
        evolve(p, out=state.core.players[s].out) if s != seat and s not in state.bosses else p
        for s, p in enumerate(core.players)
    )
    return evolve(core, players=players)
