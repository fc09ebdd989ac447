"""The character packs' actions: using the ability or the skill, and buying
from an opponent's discard pile after the Thief's Heist."""

from __future__ import annotations

from ..engine.errors import Reason
from ..engine.evolve import evolve
from .cards import ability_id, kind_of, skill_id
from .packs import SKILL_COST
from .reach import opponents
from .resolve import run_ability
from .state import State, UseAbility, UseSkill
from .turn import acquire, price
from .zones import Event, put_player, without

__all__ = ["check_heist", "check_pack", "heist", "use_pack"]


def check_pack(state: State, seat: int, action: UseAbility | UseSkill) -> Reason | None:
    """A pack's ability: once a game, never on the Thief's first two turns for
    Heist; its skill: once a turn, for 2 gold (and 1 health for Channel)."""
    player = state.players[seat]
    if not player.pack:
        return Reason("no_pack", "you play the base starting deck: you have no character pack")
    if isinstance(action, UseAbility):
        if player.ability_used:
            return Reason("ability_used", "your ability is already sacrificed: it is once a game")
        key = kind_of(ability_id(seat, player.pack)).key
        if key == "heist" and player.turns_begun <= 2:
            return Reason("too_early", "this ability cannot be used on your first two turns")
        return None
    if player.skill_used:
        return Reason("skill_used", "your skill is already expended this turn")
    if kind_of(skill_id(seat, player.pack)).key == "channel" and player.health <= 1:
        return Reason("no_health_to_spend", "this skill costs 1 health, and you have only 1")
    return afford(state, SKILL_COST)


def check_heist(state: State, seat: int, card: int) -> Reason | None:
    if not state.heist:
        return Reason("no_heist", "you may buy from a discard pile only after a heist")
    owner = next((s for s in opponents(state, seat) if card in state.players[s].discard), None)
    if owner is None:
        return Reason("not_in_discard", "that card is not in an opponent's discard pile")
    if kind_of(card).cost == 0:
        return Reason("no_printed_cost", "a card without a printed cost cannot be taken")
    return afford(state, price(state, card))


def use_pack(state: State, seat: int, action: UseAbility | UseSkill) -> tuple[State, list[Event]]:
    player = state.players[seat]
    if isinstance(action, UseAbility):
        card, ability = ability_id(seat, player.pack), "sacrifice"
        state = put_player(state, seat, evolve(player, ability_used=True))
    else:
        card, ability = skill_id(seat, player.pack), "expend"
        state = put_player(state, seat, evolve(player, skill_used=True))
        state = evolve(state, gold=state.gold - SKILL_COST)
    state, events = run_ability(state, seat, card, ability)
    return state, [{"type": ability, "seat": seat, "card": card, "from": "pack"}, *events]


def heist(state: State, seat: int, card: int) -> tuple[State, list[Event]]:
    """Buy a card out of an opponent's discard pile (once per heist)."""
    owner = next(s for s in opponents(state, seat) if card in state.players[s].discard)
    victim = state.players[owner]
    state = put_player(state, owner, evolve(victim, discard=without(victim.discard, card)))
    state, events = acquire(evolve(state, heist=state.heist - 1), seat, card)
    return state, [{"type": "heist", "seat": seat, "owner": owner, "card": card}, *events]


def afford(state: State, cost: int) -> Reason | None:
    if state.gold < cost:
        return Reason("not_enough_gold", f"you need {cost} gold and have {state.gold}")
    return None
