"""The ends and starts of turns in the Dragon game: a Dragon draws its own
hand size, its taunts end, the party lends from defeated members' hands; a
Dragon's turn starts with the defeated members' new hands. And the health
gains a member gives away, and borrowed cards going home."""

from __future__ import annotations

from ..engine.evolve import evolve
from ..herorealms.state import HAND_SIZE
from ..herorealms.turn import end_turn as core_end_turn
from ..herorealms.zones import Event, draw_cards, put_player, without
from . import boss as dragon
from .deal import boss_hand
from .hoard import RING
from .party import adjacent, living_party, party_seats
from .state import State

__all__ = ["end_turn", "gains_to_give", "return_borrowed"]


def gains_to_give(state: State, seat: int, events: list[Event]) -> tuple[int, ...]:
    """The health `seat` gained by these events that it may give away: each
    gain wholly, when it has an adjacent member (a Bless aims by itself)."""
    if seat in state.bosses or not adjacent(state, seat):
        return ()
    found: list[int] = []
    for at, event in enumerate(events):
        aimed = at > 0 and events[at - 1].get("type") == "bless"
        if (
            event.get("type") == "gain"
            and event.get("what") == "health"
            and event.get("seat") == seat
            and event.get("amount", 0) > 0
            and not aimed
        ):
            found.append(int(event["amount"]))
    return tuple(found)


def return_borrowed(state: State) -> State:
    """A borrowed card in another player's discard pile goes to its owner's;
    one sacrificed is gone."""
    core, kept = state.core, []
    for card, owner in state.borrowed:
        holder = next((s for s, p in enumerate(core.players) if card in p.discard), None)
        if card in core.sacrificed:
            continue
        if holder is not None and holder != owner:
            taker, lender = core.players[holder], core.players[owner]
            core = put_player(core, holder, evolve(taker, discard=without(taker.discard, card)))
            core = put_player(core, owner, evolve(lender, discard=(*lender.discard, card)))
            continue
        if holder != owner:
            kept.append((card, owner))
    return evolve(state, core=core, borrowed=tuple(kept))


def end_turn(state: State, seat: int) -> tuple[State, list[Event]]:
    core, events = core_end_turn(state.core, seat)
    used = tuple(i for i in state.used if dict(state.items).get(i) != seat or _ring(i))
    state = evolve(state, core=core, hits=(), extra_factions=(), shield_left=(), used=used)
    if seat in state.bosses:
        core, more, _n = draw_cards(state.core, seat, boss_hand(state) - HAND_SIZE)
        state, events = evolve(dragon.end_taunts(state, seat), core=core), events + more
        if party_seats(state) and living_party(state):
            lenders = tuple(
                s for s in party_seats(state) if core.players[s].out and core.players[s].hand
            )
            state = evolve(state, lending=lenders)
    if state.core.turn in state.bosses and party_seats(state):
        state, more = _new_hands(state)
        events += more
    return state, events


def _ring(item: int) -> bool:
    from ..herorealms.cards import kind_of

    return kind_of(item).key == RING


def _new_hands(state: State) -> tuple[State, list[Event]]:
    """A Dragon's turn starts: every defeated member discards its hand and draws a new one."""
    core, events = state.core, []
    for seat in party_seats(state):
        player = core.players[seat]
        if not player.out:
            continue
        core = put_player(core, seat, evolve(player, hand=(), discard=player.discard + player.hand))
        core, more, _n = draw_cards(core, seat, HAND_SIZE)
        events += [{"type": "new_hand", "seat": seat}, *more]
    return evolve(state, core=core), events
