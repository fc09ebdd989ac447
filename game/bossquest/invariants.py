"""What must hold in every Boss Quest state: each card in exactly one place,
hearts and keys in bounds, a coherent turn. Used to refuse corrupt saves and,
after every action, by the simulator and the tests."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from ..engine.rng import MASK64
from .cards import (
    ALL_WEAPON_COUNT,
    BOSS_COUNT,
    COMPANIONS,
    REAPER,
    SPELL_COUNT,
    WEAPON_COUNT,
    is_potion,
    potion_size,
)
from .potions import RESUME_FIGHT, RESUME_SPELL, RESUME_TURN
from .setup import STARTING_HEARTS
from .state import NO_CARD, Fate, Stage, State

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
    bosses = [*state.boss_deck, *state.boss_discard]
    if state.boss == REAPER:  # the Reaper is a boss from outside the deck, once a game
        if not options.reaper:
            problems.append("the Reaper is the boss but the extension is off")
    else:
        bosses.append(state.boss)
    companions = [*state.reserve, *(card for card in state.companions if card != NO_CARD)]
    for problem in (
        _places_problem("weapon", weapons, options.weapons),
        _places_problem("spell", spells, options.spells),
        _places_problem("boss", bosses, range(BOSS_COUNT)),
        _places_problem("companion", companions, options.companion_cards),
    ):
        if problem:
            problems.append(problem)
    key_bound = options.keys_to_win - 1 + MAX_KEYS_PER_ROUND
    for seat, player in enumerate(state.players):
        if not 0 <= player.hearts <= STARTING_HEARTS:
            problems.append(f"seat {seat} has {player.hearts} hearts")
        if not 0 <= player.keys <= key_bound:
            problems.append(f"seat {seat} has {player.keys} keys")
        if player.hidden == NO_CARD and not (state.fates and state.fates[seat] == Fate.GONE):
            problems.append(f"seat {seat} has no hidden weapon")
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
    if any(not 0 <= seat < count or not 0 <= card < ALL_WEAPON_COUNT for seat, card in state.known):
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
    problems += _potion_problems(state)
    problems += _companion_problems(state)
    problems += _reaper_problems(state)
    return problems


def _potion_problems(state: State) -> list[str]:
    """A potion face up is read (but while its POTION stage asks for it); a hidden
    one is unread until the fight reveals it; one in a deck is unread."""
    if not state.options.potions:
        extension_stage = state.stage in (Stage.POTION, Stage.REVEAL)
        if state.readings or state.turn_of != NO_CARD or state.resume or extension_stage:
            return ["potion readings or stages without the extension"]
        return []
    problems = []
    readings = state.readings
    if len(readings) != 3:
        return [f"{len(readings)} potion readings, not 3"]
    revealed = state.stage in (Stage.REVEAL, Stage.DESTINY, Stage.OVER)
    face_up = {card for player in state.players for card in player.visible}
    hidden = {player.hidden for player in state.players}
    for index, reading in enumerate(readings):
        card = WEAPON_COUNT + index
        if reading not in (0, potion_size(card), -potion_size(card)):
            problems.append(f"potion {card} reads {reading}")
        if reading and not (card in face_up or (revealed and card in hidden)):
            problems.append(f"potion {card} is read but not face up")
        if not reading and card in face_up and state.stage != Stage.POTION:
            problems.append(f"potion {card} is face up but unread")
    waiting = state.stage == Stage.POTION
    if waiting != (state.turn_of != NO_CARD) or waiting != bool(state.resume):
        problems.append("potion readings are awaited outside the POTION stage, or none is")
    if state.turn_of != NO_CARD and not 0 <= state.turn_of < len(state.players):
        problems.append(f"the turn the potions interrupted is seat {state.turn_of}'s")
    if state.resume not in ("", RESUME_TURN, RESUME_SPELL, RESUME_FIGHT):
        problems.append(f"unknown resume {state.resume!r}")
    if state.stage in (Stage.POTION, Stage.REVEAL) and 0 <= state.seat < len(state.players):
        player = state.players[state.seat]
        cards = player.visible if waiting else (player.hidden,)
        if not any(is_potion(card) and not readings[card - WEAPON_COUNT] for card in cards):
            problems.append(f"seat {state.seat} is to read a potion but holds none unread")
    return problems


def _companion_problems(state: State) -> list[str]:
    if not state.options.companions:
        if state.companions or state.reserve or state.used or state.saw_mystery:
            return ["companions without the extension"]
        return []
    problems = []
    count = len(state.players)
    if len(state.companions) != count:
        problems.append(f"{len(state.companions)} companion places for {count} players")
    if any(not 0 <= card < len(COMPANIONS) for card in state.used):
        problems.append("a used power names no companion")
    if len(set(state.used)) != len(state.used):
        problems.append("a companion's power is used twice in a round")
    if any(not 0 <= seat < count for seat in state.saw_mystery):
        problems.append("a seat that saw the mystery is not a seat")
    return problems


def _reaper_problems(state: State) -> list[str]:
    if not state.options.reaper:
        if state.fates or state.reaper_came or state.destiny or state.stage == Stage.DESTINY:
            return ["Reaper fates without the extension"]
        return []
    problems = []
    count = len(state.players)
    fates = state.fates
    if len(fates) != count or any(fate not in Fate.ALL for fate in fates):
        return [f"fates {fates!r} do not fit {count} players"]
    if fates.count(Fate.REAPER) > 1:
        problems.append("two Reaper players")
    if (Fate.REAPER in fates or Fate.GHOST in fates or Fate.GONE in fates) and not (
        state.reaper_came
    ):
        problems.append("a ghost, a Reaper or a departure before the Reaper came")
    if Fate.GHOST in fates and Fate.REAPER in fates and state.stage != Stage.DESTINY:
        problems.append("a ghost and a Reaper player at once")
    playing = state.stage not in (Stage.DESTINY, Stage.OVER)
    for seat, fate in enumerate(fates):
        player = state.players[seat]
        if fate == Fate.GONE and playing and (player.weapons or not player.at_magician):
            problems.append(f"seat {seat} has left the game but still plays")
        if fate == Fate.GONE and state.companions and state.companions[seat] != NO_CARD:
            problems.append(f"seat {seat} has left the game with a companion")
        if fate == Fate.GHOST and player.hearts:
            problems.append(f"seat {seat} is a ghost with hearts")
        if fate == Fate.REAPER and (player.hearts or player.keys):
            problems.append(f"seat {seat} is the Reaper with hearts or keys")
        if fate == Fate.KNIGHT and player.hearts == 0 and state.stage != Stage.OVER:
            problems.append(f"seat {seat} plays on with no heart")
    if 0 <= state.seat < count and fates[state.seat] == Fate.GONE:
        problems.append("a player who has left the game is to act")
    if (state.stage == Stage.DESTINY) != bool(state.destiny):
        problems.append("destinies wait outside the DESTINY stage, or none does")
    if any(
        not 0 <= seat < count or fates[seat] not in (Fate.GHOST, Fate.KNIGHT)
        for seat in state.destiny
    ):
        problems.append("a destiny waits for a seat that cannot choose one")
    if state.destiny and (state.destiny[0] != state.seat or state.boss != REAPER):
        problems.append("the wrong seat chooses a destiny")
    if state.boss == REAPER and not state.reaper_came:
        problems.append("the Reaper is the boss before it came")
    return problems
