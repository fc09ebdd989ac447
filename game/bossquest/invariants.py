"""What must hold in every Boss Quest state: each card in exactly one place,
hearts, keys and amounts in bounds, every seat number a seat, a coherent turn.
Used to refuse corrupt saves (the decoder) and, after every action, by the
simulator and the tests.

The checks run in three tiers: the shape (per-seat lists of the right length,
seat numbers in range), then the cards (each once, in a zone that may hold
it), then the rules' own consistency (stage, amounts, the extensions). A tier
runs only when the ones before it hold, because the later checks index lists
by seat and by card: so no check can fail on what an earlier one refuses, and
`state_problems` never raises on a state of the right types.

Problems name the state's JSON field. Values come from outside (a save, a
frame), so they go through `quote`: short, and safe for huge numbers.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from ..engine.rng import MASK64
from ..engine.safejson import quote
from .cards import (
    BOSS_COUNT,
    POTIONS,
    REAPER,
    SPELL_KINDS,
    WEAPON_COUNT,
    boss_hp,
    is_potion,
    potion_size,
    weapon_value,
)
from .options import Options
from .potions import RESUME_FIGHT, RESUME_SPELL, RESUME_TURN
from .setup import STARTING_HEARTS
from .spells import AMOUNTS, NEEDS_CHOICE, has_use
from .state import NO_CARD, ActiveSpell, Fate, RoundResult, Stage, State
from .table import in_game, spells_available

__all__ = ["MAX_KEYS_PER_ROUND", "state_problems"]

MAX_KEYS_PER_ROUND: Final = 3  # a win, the extra-key spell and a PERFECT

# Stages in which the round is being played (before its fight is scored).
_PLAYING: Final = frozenset({Stage.TURN, Stage.SPELL, Stage.CHOOSE, Stage.POTION, Stage.REVEAL})
# Spells that stay in play once activated, and what their choice may be.
_WITH_TARGET: Final = frozenset({"strength_up", "strength_down"})
_WITH_AMOUNT: Final = frozenset({"boss_up", "boss_down"})
# Spells that act at once and go to the discard: never in play.
_NEVER_ACTIVE: Final = frozenset(
    {"swap_hidden", "exchange", "cancel", "invert_potion", "swap_companions"}
)
# The widest strength a fight can show: every weapon in one hand, every potion
# read + and both strength spells at +2 (and the same below zero).
_MAX_STRENGTH: Final = (
    sum(map(weapon_value, range(WEAPON_COUNT)))
    + sum(map(potion_size, POTIONS))
    + 2 * 2 * max(AMOUNTS)
)
_MAX_HEARTS_LOST: Final = 2  # going over, and the Reaper player's blow
_BOSSES: Final = frozenset(range(BOSS_COUNT))
_MAX_LISTED: Final = 5  # cards named in a problem, at most
_BIG_TABLE: Final = 5  # from five players, the last at the Armorer skips the Magician


def state_problems(state: State) -> list[str]:
    """Every broken invariant of `state`, as sentences; empty when all hold.
    Only the first failing tier is reported (see the module's docstring)."""
    for tier in (_shape_problems, _card_problems, _rule_problems):
        problems = tier(state)
        if problems:
            return problems
    return []


# ------------------------------------------------------------------ the shape


def _shape_problems(state: State) -> list[str]:
    """Lengths and seat numbers: what every later check indexes with."""
    count = len(state.players)
    if count != state.options.players:
        players = state.options.players
        return [f"players: {count} players at the table but the options say {players}"]
    problems = _extension_shapes(state, count)
    if state.stage not in Stage.ALL:
        problems.append(f"stage: {quote(state.stage)} is unknown")
    if not _is_seat(state.armorer, count):
        problems.append(f"armorer: seat {quote(state.armorer)} does not exist")
    over = state.stage == Stage.OVER
    if not (state.seat == NO_CARD if over else _is_seat(state.seat, count)):
        problems.append(
            f"seat: the seat to act {quote(state.seat)} does not fit stage {state.stage}"
        )
    seat_lists = {
        "winners": state.winners,
        "last_turn": state.last_turn or (),
        "known": [seat for seat, _card in state.known],
        "saw_mystery": state.saw_mystery,
        "destiny": state.destiny,
    }
    for field, seats in seat_lists.items():
        problems += _seat_list_problems(field, seats, count, unique=field != "known")
    if state.turn_of != NO_CARD and not _is_seat(state.turn_of, count):
        problems.append(f"turn_of: seat {quote(state.turn_of)} does not exist")
    problems += _target_problems("active", state.active, count)
    result = state.result
    if result is not None:
        if len(result.seats) != count:
            problems.append(f"result.seats: {len(result.seats)} for {count} players")
        problems += _target_problems("result.active", result.active, count)
    return problems


def _extension_shapes(state: State, count: int) -> list[str]:
    """Each extension's fields: the right length when it is on, empty when off."""
    problems = []
    options = state.options
    if options.potions:
        if len(state.readings) != len(POTIONS):
            problems.append(f"readings: {len(state.readings)}, not {len(POTIONS)}")
    elif state.readings or state.turn_of != NO_CARD or state.resume:
        problems.append("readings, turn_of or resume set without the potions")
    elif state.stage in (Stage.POTION, Stage.REVEAL):
        problems.append(f"stage {state.stage} without the potions")
    if options.companions:
        if len(state.companions) != count:
            problems.append(f"companions: {len(state.companions)} places for {count} players")
    elif state.companions or state.reserve or state.used or state.saw_mystery:
        problems.append("companions, reserve, used or saw_mystery set without the companions")
    if options.reaper:
        if len(state.fates) != count:
            problems.append(f"fates: {len(state.fates)} for {count} players")
        elif any(fate not in Fate.ALL for fate in state.fates):
            problems.append("fates: one is not a fate")
    elif state.fates or state.reaper_came or state.destiny:
        problems.append("fates, reaper_came or destiny set without the Reaper")
    elif state.stage == Stage.DESTINY or state.boss == REAPER:
        problems.append("the Reaper's stage or boss without the Reaper")
    return problems


def _is_seat(value: int, count: int) -> bool:
    return 0 <= value < count


def _seat_list_problems(field: str, seats: Sequence[int], count: int, unique: bool) -> list[str]:
    stray = [seat for seat in seats if not _is_seat(seat, count)]
    if stray:
        return [f"{field}: seat {quote(stray[0])} does not exist"]
    if unique and len(set(seats)) != len(seats):
        return [f"{field}: a seat is listed twice"]
    return []


def _target_problems(field: str, spells: Sequence[ActiveSpell], count: int) -> list[str]:
    """A spell in play lies beside the boss (-1) or in front of a seat."""
    for index, spell in enumerate(spells):
        if spell.target != -1 and not _is_seat(spell.target, count):
            return [f"{field}[{index}].target: seat {quote(spell.target)} does not exist"]
    return []


# ------------------------------------------------------------------ the cards


def _card_problems(state: State) -> list[str]:
    """Each card of the game exactly once across its zones, and nothing else."""
    cards = _game_cards(state.options)
    weapons: list[int] = [*state.weapon_deck, *state.weapon_discard]
    for player in state.players:
        weapons += player.weapons
    spells: list[int] = [*state.spell_deck, *state.spell_discard, *state.offer]
    spells += [spell.card for spell in state.active]
    spells += [card for card in (state.mystery, state.pending) if card != NO_CARD]
    bosses = [*state.boss_deck, *state.boss_discard]
    if state.boss != REAPER:  # the Reaper is a boss from outside the deck, once a game
        bosses.append(state.boss)
    companions = [*state.reserve, *(card for card in state.companions if card != NO_CARD)]
    checks = (
        ("weapon", weapons, cards.weapons),
        ("spell", spells, cards.spells),
        ("boss", bosses, _BOSSES),
        ("companion", companions, cards.companions),
    )
    problems = [
        problem
        for name, held, expected in checks
        if (problem := _places_problem(name, held, expected)) is not None
    ]
    for index, order in enumerate(state.stacked):
        problems += _subset_problems(f"stacked[{index}]", order, cards.weapons)
    known = [card for _seat, card in state.known]
    problems += _subset_problems("known", known, cards.weapons, unique=False)
    problems += _subset_problems("used", state.used, cards.companions)
    if state.result is not None:
        problems += _result_card_problems(state.result, state.options.reaper, cards)
    return problems


@dataclass(frozen=True, slots=True)
class _Cards:
    """The cards of one game's options, each kind as a set."""

    weapons: frozenset[int]
    spells: frozenset[int]
    companions: frozenset[int]


@functools.cache
def _game_cards(options: Options) -> _Cards:
    """Cached: options are few (players and flags), and the decoder and the
    simulator ask for them on every state."""
    return _Cards(
        frozenset(options.weapons), frozenset(options.spells), frozenset(options.companion_cards)
    )


def _places_problem(name: str, held: Sequence[int], expected: frozenset[int]) -> str | None:
    """None when `held` is `expected`, each card once; else what is wrong."""
    if len(held) == len(expected) and expected == set(held):
        return None  # every expected card and as many as expected: each once
    counts = Counter(held)
    doubled = sorted(card for card, n in counts.items() if n > 1)
    missing = sorted(expected.difference(counts))
    stray = sorted(set(counts).difference(expected))
    return (
        f"{name} cards out of place (doubled {_cards(doubled)}, missing {_cards(missing)}, "
        f"unknown {_cards(stray)})"
    )


def _cards(cards: Sequence[int]) -> str:
    """A few card ids for a problem, quoted; outside input may hold thousands."""
    shown = ", ".join(quote(card) for card in cards[:_MAX_LISTED])
    more = f", … ({len(cards)} in all)" if len(cards) > _MAX_LISTED else ""
    return f"[{shown}{more}]"


def _subset_problems(
    field: str, cards: Sequence[int], allowed: frozenset[int], unique: bool = True
) -> list[str]:
    stray = [card for card in cards if card not in allowed]
    if stray:
        return [f"{field}: {_cards(stray)} is not a card of this game"]
    if unique and len(set(cards)) != len(cards):
        return [f"{field}: a card is listed twice"]
    return []


def _result_card_problems(result: RoundResult, reaper: bool, cards: _Cards) -> list[str]:
    """The last fight shows cards of this game, each once."""
    if not 0 <= result.boss < (BOSS_COUNT + 1 if reaper else BOSS_COUNT):
        return [f"result.boss {quote(result.boss)} is not a boss of this game"]
    weapons = [card for seat in result.seats for card in seat.weapons]
    problems = _subset_problems("result.seats[].weapons", weapons, cards.weapons)
    spells = [spell.card for spell in result.active]
    problems += _subset_problems("result.active", spells, cards.spells)
    if result.mystery != NO_CARD and result.mystery not in cards.spells:
        problems.append(f"result.mystery {quote(result.mystery)} is not a spell of this game")
    return problems


# ------------------------------------------------------------------ the rules


def _rule_problems(state: State) -> list[str]:
    problems = _counter_problems(state)
    problems += _player_problems(state)
    problems += _spell_problems("active", state.active)
    problems += _turn_problems(state)
    if state.result is not None:
        problems += _result_problems(state.result, state)
    extensions: tuple[Callable[[State], list[str]], ...] = (
        _potion_problems,
        _companion_problems,
        _reaper_problems,
    )
    for extension in extensions:
        problems += extension(state)
    return problems


def _counter_problems(state: State) -> list[str]:
    problems = []
    if not 0 <= state.rng <= MASK64:
        problems.append("rng: the random generator state is out of range")
    if state.round < 1:
        problems.append(f"round {quote(state.round)} is before the first")
    if len(state.offer) > state.options.spells_face_up:
        problems.append(f"offer: {len(state.offer)} spells face up at the Magician")
    return problems


def _player_problems(state: State) -> list[str]:
    """Hearts and keys in bounds; a hidden weapon for everyone still in the game.
    A knight with no heart ends the game (or leaves it), and so does one who
    reaches the key target: no knight plays a round in either case. (A ghost
    may hold the target: its last heart went in the fight that gave the key.)"""
    problems = []
    options = state.options
    key_bound = options.keys_to_win - 1 + MAX_KEYS_PER_ROUND
    for seat, player in enumerate(state.players):
        knight = not state.fates or state.fates[seat] == Fate.KNIGHT
        if not 0 <= player.hearts <= STARTING_HEARTS:
            problems.append(f"players[{seat}].hearts is {quote(player.hearts)}")
        elif knight and player.hearts == 0 and state.stage != Stage.OVER:
            problems.append(f"players[{seat}].hearts: none left, yet the knight plays on")
        if not 0 <= player.keys <= key_bound:
            problems.append(f"players[{seat}].keys is {quote(player.keys)}")
        elif knight and player.keys >= options.keys_to_win and state.stage in _PLAYING:
            problems.append(f"players[{seat}].keys: the target is reached, yet the round goes on")
        if player.hidden == NO_CARD and in_game(state, seat):
            problems.append(f"players[{seat}].hidden: no hidden weapon")
    return problems


def _spell_problems(field: str, spells: Sequence[ActiveSpell]) -> list[str]:
    """A spell in play is one that stays there, with the choice it was given:
    a seat and 1 or 2 for the strength spells, 1 or 2 for the boss's, else none."""
    for index, spell in enumerate(spells):
        kind = SPELL_KINDS[spell.card]
        where = f"{field}[{index}] ({kind})"
        if kind in _NEVER_ACTIVE:
            return [f"{where} never stays in play"]
        if (spell.target >= 0) != (kind in _WITH_TARGET):
            return [f"{where}.target {quote(spell.target)} does not fit the spell"]
        wanted = AMOUNTS if kind in _WITH_TARGET | _WITH_AMOUNT else (0,)
        if spell.amount not in wanted:
            return [f"{where}.amount {quote(spell.amount)} is not one of {list(wanted)}"]
    return []


def _turn_problems(state: State) -> list[str]:
    """The stage fits the seat to act: a spell waits for a choice exactly in CHOOSE;
    at the Magician a spell is there to take; the game is over exactly with winners."""
    problems = []
    stage = state.stage
    if (stage == Stage.CHOOSE) != (state.pending != NO_CARD):
        problems.append("pending: a spell waits for a choice outside stage choose, or none does")
    if (stage == Stage.OVER) != bool(state.winners):
        problems.append("winners: set before the end, or missing at the end")
    if state.last_turn is not None and not any(
        SPELL_KINDS[spell.card] == "last_turn" for spell in state.active
    ):
        problems.append("last_turn: owed with no last-turn spell in play")
    elif state.last_turn and any(state.players[seat].at_magician for seat in state.last_turn):
        problems.append("last_turn: owed to a seat already at the Magician")
    if stage not in (Stage.TURN, Stage.SPELL, Stage.CHOOSE) or problems:
        return problems
    at_magician = state.players[state.seat].at_magician
    if stage == Stage.SPELL and not (at_magician and spells_available(state)):
        problems.append(f"stage spell: seat {state.seat} has no spell to take at the Magician")
    if stage == Stage.CHOOSE:
        kind = SPELL_KINDS[state.pending]
        if kind not in NEEDS_CHOICE or not at_magician or not has_use(state, state.pending):
            problems.append(f"pending: the spell {kind} cannot wait for a choice here")
    if (
        stage == Stage.TURN
        and at_magician
        and not (len(state.players) == 2 and spells_available(state))
    ):
        problems.append(f"stage turn: seat {state.seat} is at the Magician with nothing to do")
    return problems


def _result_problems(result: RoundResult, state: State) -> list[str]:
    """The last fight: the round before this one (this one once it is fought),
    its hit points from its boss and spells, every figure in bounds."""
    fought = state.stage in (Stage.DESTINY, Stage.OVER)
    if result.round != (state.round if fought else state.round - 1):
        return [f"result.round {quote(result.round)} does not fit round {state.round}"]
    problems = _spell_problems("result.active", result.active)
    hp = boss_hp(result.boss)
    for spell in result.active:
        kind = SPELL_KINDS[spell.card]
        hp += spell.amount if kind == "boss_up" else -spell.amount if kind == "boss_down" else 0
    if result.boss_hp != hp:
        problems.append(f"result.boss_hp {quote(result.boss_hp)} is not the boss's {hp}")
    for seat, entry in enumerate(result.seats):
        where = f"result.seats[{seat}]"
        if not -_MAX_STRENGTH <= entry.strength <= _MAX_STRENGTH:
            problems.append(f"{where}.strength is {quote(entry.strength)}")
        if not 0 <= entry.hearts_lost <= _MAX_HEARTS_LOST:
            problems.append(f"{where}.hearts_lost is {quote(entry.hearts_lost)}")
        if not 0 <= entry.keys_won <= MAX_KEYS_PER_ROUND:
            problems.append(f"{where}.keys_won is {quote(entry.keys_won)}")
    return problems or _fight_problems(result, hp)


def _fight_problems(result: RoundResult, hp: int) -> list[str]:
    """Each seat's fight as fight._score decides it: over exactly above the
    boss's hit points; a winner or a PERFECT neither over nor out; a PERFECT
    exactly on them; the keys the win, the extra-key spell and a PERFECT give
    (none in the Reaper's round); a heart lost only by going over or to the
    Reaper player. A seat gone from the game (no weapons) fights nothing."""
    extra = any(SPELL_KINDS[spell.card] == "extra_key" for spell in result.active)
    keyless = result.boss == REAPER
    for seat, entry in enumerate(result.seats):
        where = f"result.seats[{seat}]"
        if not entry.weapons:
            if entry.over or entry.out or entry.winner or entry.perfect or entry.hearts_lost:
                return [f"{where}: a seat with no weapon did not fight"]
            continue
        if entry.over != (entry.strength > hp):
            return [f"{where}.over must say whether its strength is above the boss's {hp}"]
        if (entry.winner or entry.perfect) and (entry.over or entry.out):
            return [f"{where}: a winner or a PERFECT is neither over nor out"]
        if entry.perfect and (keyless or entry.strength != hp):
            return [f"{where}.perfect: a PERFECT is exactly the boss's {hp}, outside the Reaper's"]
        keys = 0 if keyless else (1 + extra) * entry.winner + entry.perfect
        if entry.keys_won != keys:
            return [f"{where}.keys_won must be {keys}: the win, the extra key and a PERFECT"]
        if entry.hearts_lost > entry.over + entry.reaper_hit:
            return [f"{where}.hearts_lost: a heart goes only by going over or to the Reaper"]
    return []


# ------------------------------------------------------------- the extensions


def _potion_problems(state: State) -> list[str]:
    """A potion face up is read (but while its POTION stage asks for it); a hidden
    one is unread until the fight reveals it; one in a deck is unread."""
    if not state.options.potions:
        return []
    problems = []
    readings = state.readings
    revealed = state.stage in (Stage.REVEAL, Stage.DESTINY, Stage.OVER)
    face_up = {card for player in state.players for card in player.visible}
    hidden = {player.hidden for player in state.players}
    for index, reading in enumerate(readings):
        card = POTIONS[index]
        if reading not in (0, potion_size(card), -potion_size(card)):
            problems.append(f"readings[{index}]: potion {card} reads {quote(reading)}")
        elif reading and not (card in face_up or (revealed and card in hidden)):
            problems.append(f"readings[{index}]: potion {card} is read but not face up")
        elif not reading and card in face_up and state.stage != Stage.POTION:
            problems.append(f"readings[{index}]: potion {card} is face up but unread")
    waiting = state.stage == Stage.POTION
    if waiting != (state.turn_of != NO_CARD) or waiting != bool(state.resume):
        return [*problems, "turn_of, resume: readings awaited outside stage potion, or none is"]
    if state.resume not in ("", RESUME_TURN, RESUME_SPELL, RESUME_FIGHT):
        problems.append(f"resume {quote(state.resume)} is unknown")
    elif state.resume == RESUME_SPELL and not state.players[state.turn_of].at_magician:
        problems.append("resume: the hare's visit, but its player is not at the Magician")
    elif state.resume == RESUME_FIGHT and len(state.players) < _BIG_TABLE:
        problems.append("resume: the last request's fight, at a table under five")
    if state.stage in (Stage.POTION, Stage.REVEAL):
        player = state.players[state.seat]
        cards = player.visible if waiting else (player.hidden,)
        if not any(is_potion(card) and not readings[card - WEAPON_COUNT] for card in cards):
            problems.append(f"seat {state.seat} is to read a potion but holds none unread")
    return problems


def _companion_problems(state: State) -> list[str]:
    """Everyone in the game holds a companion, and nobody else does."""
    if not state.options.companions:
        return []
    problems = []
    for seat, card in enumerate(state.companions):
        if card == NO_CARD and in_game(state, seat):
            problems.append(f"companions[{seat}]: a player in the game has none")
        elif card != NO_CARD and not in_game(state, seat):
            problems.append(f"companions[{seat}]: a player who has left the game holds one")
    return problems


def _reaper_problems(state: State) -> list[str]:
    if not state.options.reaper:
        return []
    problems = _fate_problems(state)
    problems += _reaper_round_problems(state)
    fates = state.fates
    count = len(state.players)
    if (state.stage == Stage.DESTINY) != bool(state.destiny):
        problems.append("destiny: destinies wait outside stage destiny, or none does")
    if any(fates[seat] not in (Fate.GHOST, Fate.KNIGHT) for seat in state.destiny):
        problems.append("destiny: a seat that cannot choose one waits for it")
    if state.destiny and (state.destiny[0] != state.seat or state.boss != REAPER):
        problems.append("destiny: the wrong seat chooses, or not after the Reaper's round")
    # Everyone may be gone once the game is over; a round needs two to play it.
    if state.stage in _PLAYING and sum(in_game(state, seat) for seat in range(count)) < 2:
        problems.append("fates: fewer than two players left in the game to play on")
    return problems


def _fate_problems(state: State) -> list[str]:
    """Each seat's fate fits its hearts, keys, cards and turn."""
    problems = []
    fates = state.fates
    if fates.count(Fate.REAPER) > 1:
        problems.append("fates: two Reaper players")
    if any(fate != Fate.KNIGHT for fate in fates) and not state.reaper_came:
        problems.append("fates: a ghost, a Reaper or a departure before the Reaper came")
    if Fate.GHOST in fates and Fate.REAPER in fates and state.stage != Stage.DESTINY:
        problems.append("fates: a ghost and a Reaper player at once")
    playing = state.stage in _PLAYING
    for seat, fate in enumerate(fates):
        player = state.players[seat]
        if fate == Fate.GONE and playing and (player.weapons or not player.at_magician):
            problems.append(f"fates[{seat}]: has left the game but still plays")
        if fate == Fate.GHOST and player.hearts:
            problems.append(f"fates[{seat}]: a ghost with hearts")
        if fate == Fate.REAPER and (player.hearts or player.keys):
            problems.append(f"fates[{seat}]: the Reaper with hearts or keys")
    if state.stage != Stage.OVER and fates[state.seat] == Fate.GONE:
        problems.append(f"seat {state.seat} (to act) has left the game")
    if playing and fates[state.armorer] == Fate.GONE:
        problems.append(f"armorer {state.armorer} has left the game")
    return problems


def _reaper_round_problems(state: State) -> list[str]:
    """The Reaper comes once, for the ghosts: while a round is played, it is the
    boss exactly when a ghost is fighting it."""
    problems = []
    if state.boss == REAPER and not state.reaper_came:
        problems.append("boss: the Reaper before it came")
    if state.stage in _PLAYING and (state.boss == REAPER) != (Fate.GHOST in state.fates):
        problems.append("boss: the Reaper without a ghost, or a ghost without the Reaper")
    return problems
