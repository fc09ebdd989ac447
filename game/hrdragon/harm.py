"""Damage to players and champions outside Hero Realms' own attacks: the
Guardian's Shield, a party member's defeat (its Hoard items back to the
Dragon) and the end of the game for a side."""

from __future__ import annotations

from ..engine.evolve import evolve
from ..herorealms.cards import kind_of
from ..herorealms.resolve import stun
from ..herorealms.turn import knock_out
from ..herorealms.zones import Event, damage_champion, set_health
from .party import party_seats
from .state import BOSS_VS_BOSS, State

__all__ = ["SHIELD", "hurt", "hurt_champion", "settle_defeats", "shield_ignores"]

SHIELD = "guardians_shield"
SHIELD_IGNORES = 3
SHIELD_IGNORES_BOSS = 5
"""What the Guardian's Shield ignores each turn (5 in boss against boss)."""


def shield_ignores(state: State, seat: int) -> int:
    """How much of the next damage to `seat` its Guardian's Shield ignores."""
    if not any(kind_of(item).key == SHIELD and holder == seat for item, holder in state.items):
        return 0
    full = (
        SHIELD_IGNORES_BOSS
        if state.counted == BOSS_VS_BOSS and not party_seats(state)
        else (SHIELD_IGNORES)
    )
    return dict(state.shield_left).get(seat, full)


def hurt(state: State, by: int, seat: int, amount: int) -> tuple[State, list[Event]]:
    """`by` deals `amount` damage to player `seat` (less what a shield
    ignores); at 0 health they are out: a member defeated, a Dragon beaten."""
    ignored = min(amount, shield_ignores(state, seat))
    if ignored:
        left = dict(state.shield_left)
        left[seat] = shield_ignores(state, seat) - ignored
        state = evolve(state, shield_left=tuple(sorted(left.items())))
    dealt = amount - ignored
    health = max(0, state.core.players[seat].health - dealt)
    core = set_health(state.core, seat, health)
    events: list[Event] = [
        {"type": "attack", "seat": by, "target": seat, "amount": dealt, "health": health}
    ]
    if ignored:
        events.insert(0, {"type": "shield", "seat": seat, "amount": ignored})
    if health == 0:
        core, more = knock_out(core, seat)
        events += more
    return settle_defeats(evolve(state, core=core), events)


def hurt_champion(state: State, by: int, card: int, amount: int) -> tuple[State, list[Event]]:
    core, stunned = damage_champion(state.core, card, amount)
    events: list[Event] = [{"type": "damage", "seat": by, "card": card, "amount": amount}]
    if stunned:
        core, more = stun(core, card, by)
        events += more
    return evolve(state, core=core), events


def settle_defeats(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    """After anything that may defeat: the Hoard items of members out go to
    the Dragon whose turn it is; a game over names every winning seat."""
    core = state.core
    boss = core.turn if core.turn in state.bosses else state.bosses[0]
    items = tuple(
        (item, boss if core.players[holder].out and holder not in state.bosses else holder)
        for item, holder in state.items
    )
    for (item, before), (_same, after) in zip(state.items, items, strict=True):
        if before != after:
            events.append({"type": "hoard_back", "seat": after, "from": before, "card": item})
    state = evolve(state, items=items)
    winners = _winners(state)
    if winners and not state.winners:
        core = evolve(core, winner=winners[0], prompts=())
        state = evolve(state, core=core, winners=winners, gifts=(), asks=(), lending=())
        # Hero Realms' own end names the last seat standing, not the side: the side's replaces it
        events[:] = [event for event in events if event["type"] != "game_over"]
        events.append({"type": "side_wins", "winners": list(winners), "side": _side(state)})
    return state, events


def _side(state: State) -> str:
    """Which side won, for the log and a replay: the party, the Dragon, or
    (boss against boss) one boss."""
    if not party_seats(state):
        return "boss"
    return "dragon" if state.winners == state.bosses else "party"


def _winners(state: State) -> tuple[int, ...]:
    """The winning side, if the game is over: the party together when a
    Dragon is beaten, the Dragon when every member is defeated; boss against
    boss, the boss left standing."""
    players = state.core.players
    party = party_seats(state)
    if not party:
        standing = tuple(b for b in state.bosses if not players[b].out)
        return standing if len(standing) == 1 else ()
    if any(players[b].out for b in state.bosses):
        return party
    if all(players[s].out for s in party):
        return state.bosses
    return ()
