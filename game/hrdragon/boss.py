"""The Dragon's own cards: what Hero Realms' effects cannot say (the Claw's
draw, the Tail's damage to everyone, the sacrifices of Fire, Cunning Blow and
Prismatic Diamond, the Hoard card), and the taunt."""

from __future__ import annotations

from ..engine.evolve import evolve
from ..herorealms.cards import kind_of
from ..herorealms.state import State as CoreState
from ..herorealms.zones import Event, draw_cards
from .cards import CLAW, CUNNING_BLOW, DIAMOND, FIRE, HOARD, TAIL
from .harm import hurt, hurt_champion
from .party import party_seats
from .state import BOSS_VS_BOSS, State

__all__ = [
    "SACRIFICES",
    "TAUNT_DAMAGE",
    "after_play",
    "after_sacrifice",
    "boss_foes",
    "count_hits",
    "end_taunts",
    "is_calm",
    "taunters_of",
]

TAUNT_DAMAGE = 10
"""Damage to a Dragon itself in one turn that taunts it."""
TAIL_DAMAGE = 2
FIRE_DAMAGE = 4
SACRIFICES = (FIRE.key, CUNNING_BLOW.key, DIAMOND.key)
"""The Dragon's cards with a sacrifice ability that rules.py runs."""


def boss_foes(state: State, boss: int) -> tuple[int, ...]:
    """The players a Dragon opposes, still in the game: the living party, or the other boss."""
    foes = party_seats(state) or tuple(b for b in state.bosses if b != boss)
    return tuple(s for s in foes if not state.core.players[s].out)


def after_play(
    state: State, seat: int, card: int, core_before: CoreState
) -> tuple[State, list[Event]]:
    """What a Dragon card does beyond its Hero Realms effects, once played."""
    kind = kind_of(card)
    if kind is CLAW:
        others = [c for c in core_before.in_play if kind_of(c) is CLAW]
        if others:
            core, events, _n = draw_cards(state.core, seat, 1)
            return evolve(state, core=core), events
    if kind is TAIL:
        return _tail(state, seat)
    if kind is HOARD:
        return evolve(state, asks=("hoard", *state.asks)), []
    return state, []


def _tail(state: State, seat: int) -> tuple[State, list[Event]]:
    """2 damage to each opposing champion and player, guards or not (6 to a
    boss, which counts as 3 players); not redirected by a taunt."""
    events: list[Event] = [{"type": "tail", "seat": seat}]
    for foe in boss_foes(state, seat):
        for champion in state.core.players[foe].champions:
            state, more = hurt_champion(state, seat, champion, TAIL_DAMAGE)
            events += more
    for foe in boss_foes(state, seat):
        amount = TAIL_DAMAGE * (BOSS_VS_BOSS if foe in state.bosses else 1)
        if not state.winners:
            state, more = hurt(state, seat, foe, amount)
            events += more
    return state, events


def after_sacrifice(state: State, seat: int, card: int) -> tuple[State, list[Event]]:
    kind = kind_of(card)
    if kind is FIRE:
        events: list[Event] = [{"type": "fire", "seat": seat}]
        for foe in boss_foes(state, seat):
            for champion in state.core.players[foe].champions:
                state, more = hurt_champion(state, seat, champion, FIRE_DAMAGE)
                events += more
        return state, events
    if kind is CUNNING_BLOW:
        taunters = tuple(t for t in state.taunters if t[0] != seat)
        calm = (*(c for c in state.calm if c[0] != seat), (seat, _turns(state, seat) + 1))
        state = evolve(state, taunters=taunters, calm=tuple(sorted(calm)))
        return state, [{"type": "calm", "seat": seat}]
    assert kind is DIAMOND
    return evolve(state, asks=("diamond", *state.asks)), []


def _turns(state: State, boss: int) -> int:
    return state.core.players[boss].turns_begun


def is_calm(state: State, boss: int) -> bool:
    """Cunning Blow: no taunt until the end of the Dragon's next turn."""
    return any(b == boss for b, _until in state.calm)


def taunters_of(state: State, boss: int) -> tuple[int, ...]:
    return tuple(seat for b, seat in state.taunters if b == boss)


def count_hits(state: State, seat: int, events: list[Event]) -> tuple[State, list[Event]]:
    """A party member's damage to a Dragon itself this turn; 10 or more taunts
    it, unless that damage beat it (a finished game taunts nobody)."""
    if seat in state.bosses or state.winners:
        return state, []
    hits = dict(state.hits)
    for event in events:
        if event.get("type") == "attack" and event.get("target") in state.bosses:
            hits[event["target"]] = hits.get(event["target"], 0) + int(event["amount"])
    state = evolve(state, hits=tuple(sorted(hits.items())))
    found: list[Event] = []
    for boss, total in hits.items():
        if (
            total >= TAUNT_DAMAGE
            and seat not in taunters_of(state, boss)
            and not is_calm(state, boss)
        ):
            state = evolve(state, taunters=tuple(sorted((*state.taunters, (boss, seat)))))
            found.append({"type": "taunt", "seat": seat, "boss": boss})
    return state, found


def end_taunts(state: State, boss: int) -> State:
    """The end of a Dragon's turn: its taunts end; a calm that lasted to this turn lapses."""
    calm = tuple((b, until) for b, until in state.calm if b != boss or until > _turns(state, boss))
    return evolve(state, taunters=tuple(t for t in state.taunters if t[0] != boss), calm=calm)
