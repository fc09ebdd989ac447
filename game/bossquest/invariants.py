"""What must hold in every Boss Quest state: each card in exactly one place,
hearts and keys in bounds, a coherent turn. Used to refuse corrupt saves and,
after every action, by the simulator and the tests."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from ..engine.rng import MASK64
from .cards import BOSS_COUNT, SPELL_COUNT, WEAPON_COUNT, spell_ids, weapon_ids
from .setup import STARTING_HEARTS
from .state import NO_CARD, Stage, State

__all__ = ["MAX_KEYS_PER_ROUND", "state_problems"]

MAX_KEYS_PER_ROUND = 3  # a win, the extra-key spell and a PERFECT


def _places_problem(name: str, held: Iterable[int], expected: Iterable[int]) -> str | None:
    held_counts = Counter(held)
    expected_counts = Counter(expected)
    if held_counts == expected_counts:
        return None
    doubled = sorted(card for card, n in held_counts.items() if n > 1)
    missing = sorted(set(expected_counts) - set(held_counts))
    stray = sorted(set(held_counts) - set(expected_counts))
    return f"{name} cards out of place (doubled {doubled}, missing {missing}, unknown {stray})"


def state_problems(state: State) -> list[str]:
    """Every broken invariant of `state`, as sentences; empty when all hold."""
    problems: list[str] = []
    options = state.options
    count = len(state.players)
    if count != options.players:
        return [f"{count} players at the table but the options say {options.players}"]
    weapons: list[int] = [*state.weapon_deck, *state.weapon_discard]
    for player in state.players:
        weapons += player.weapons
    spells: list[int] = [*state.spell_deck, *state.spell_discard, *state.offer]
    spells += [spell.card for spell in state.active]
    spells += [card for card in (state.mystery, state.pending) if card != NO_CARD]
    bosses = [*state.boss_deck, *state.boss_discard, state.boss]
    for problem in (
        _places_problem("weapon", weapons, weapon_ids(options.uses_yellow)),
        _places_problem("spell", spells, spell_ids(options.uses_yellow)),
        _places_problem("boss", bosses, range(BOSS_COUNT)),
    ):
        if problem:
            problems.append(problem)
    key_bound = options.keys_to_win - 1 + MAX_KEYS_PER_ROUND
    for seat, player in enumerate(state.players):
        if not 0 <= player.hearts <= STARTING_HEARTS:
            problems.append(f"seat {seat} has {player.hearts} hearts")
        if not 0 <= player.keys <= key_bound:
            problems.append(f"seat {seat} has {player.keys} keys")
    over = state.stage == Stage.OVER
    if state.stage not in Stage.ALL:
        problems.append(f"unknown stage {state.stage!r}")
    if not 0 <= state.armorer < count:
        problems.append(f"armorer {state.armorer} is not a seat")
    if over != (state.seat == NO_CARD) or (not over and not 0 <= state.seat < count):
        problems.append(f"seat to act {state.seat} does not fit stage {state.stage}")
    if (state.stage == Stage.CHOOSE) != (state.pending != NO_CARD):
        problems.append("a spell waits for a choice outside the choosing stage, or none does")
    if over != bool(state.winners):
        problems.append("winners are set before the end, or missing at the end")
    if any(not 0 <= seat < count for seat in state.winners):
        problems.append("a winner is not a seat")
    if any(not 0 <= seat < count or not 0 <= card < WEAPON_COUNT for seat, card in state.known):
        problems.append("a known card names no seat or no weapon")
    if state.last_turn is not None and any(not 0 <= s < count for s in state.last_turn):
        problems.append("the last turn names a seat that does not exist")
    if any(
        not 0 <= spell.card < SPELL_COUNT or not -1 <= spell.target < count
        for spell in state.active
    ):
        problems.append("an active spell names no card or no seat")
    if not 0 <= state.rng <= MASK64:
        problems.append("the random generator state is out of range")
    if state.round < 1:
        problems.append(f"round {state.round} is before the first")
    return problems
