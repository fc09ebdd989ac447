"""The set-up and phase 1, the restock: a monster revealed when needed, four
items dealt to each shop for the draft."""

from __future__ import annotations

from typing import Any

from ..engine import rng
from ..engine.evolve import evolve
from .cards import (
    ADVENTURES,
    EMPLOYEES,
    FIRST_GAME_HEROES,
    FIRST_GAME_MONSTERS,
    HEROES,
    ITEMS,
    MONSTERS,
    UPGRADES,
)
from .state import Stage, State
from .words import ADVENTURE_KINDS

__all__ = [
    "ADVANCED_DEAL",
    "ADVANCED_HEROES",
    "CROWD",
    "DEAL",
    "START_COINS",
    "draw_items",
    "in_play",
    "mentions_adventures",
    "new_game",
    "restock",
]

Event = dict[str, Any]
DEAL = 4
"""Items dealt to each shop at the restock."""
START_COINS = 5
CROWD = 5
ADVANCED_HEROES = 4
"""Heroes in the centre under the advanced rules for 2 players."""
ADVANCED_DEAL = 6
"""From this many players the rulebook's extra rules for 5 and 6 apply."""


def mentions_adventures(card: object) -> bool:
    """Whether a card's ability names adventure cards (set aside without them)."""
    effect = getattr(card, "effect", None)
    return effect is not None and effect.kind in ADVENTURE_KINDS


def in_play(cards: tuple[object, ...], unshakeable: bool) -> tuple[int, ...]:
    """The ids of a card table that the game uses."""
    return tuple(i for i, c in enumerate(cards) if not (unshakeable and mentions_adventures(c)))


def _monster_pile(
    dice: int, first_game: bool, unshakeable: bool
) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """One monster of each level, level I on top; the rest set aside unseen."""
    if first_game:
        pile: tuple[int, ...] = FIRST_GAME_MONSTERS
    else:
        chosen = []
        usable = in_play(MONSTERS, unshakeable)
        for level in (1, 2, 3):
            ids = [m for m in usable if MONSTERS[m].level == level]
            index, dice = rng.below(dice, len(ids))
            chosen.append(ids[index])
        pile = tuple(chosen)
    rest = tuple(m for m in range(len(MONSTERS)) if m not in pile)
    return tuple(pile), rest, dice


def _hero_deck(dice: int, first_game: bool, unshakeable: bool) -> tuple[tuple[int, ...], int]:
    usable = in_play(HEROES, unshakeable)
    if not first_game:
        return rng.shuffle(dice, usable)
    top, dice = rng.shuffle(dice, FIRST_GAME_HEROES)
    rest, dice = rng.shuffle(dice, [h for h in usable if h not in top])
    return (*top, *rest), dice


def new_game(
    players: int,
    seed: int,
    first_game: bool = False,
    crowd: bool = False,
    unshakeable: bool = False,
    advanced: bool = False,
) -> tuple[State, list[Event]]:
    """The table set for `players` shops, then the first restock. Without
    adventure cards (`unshakeable`), every card that mentions them stays in
    the box."""
    dice = rng.seed_state(seed)
    items, dice = rng.shuffle(dice, in_play(ITEMS, unshakeable))
    monsters, set_aside, dice = _monster_pile(dice, first_game, unshakeable)
    adventures, dice = rng.shuffle(dice, () if unshakeable else range(len(ADVENTURES)))
    employees, dice = rng.shuffle(dice, in_play(EMPLOYEES, unshakeable))
    heroes, dice = _hero_deck(dice, first_game, unshakeable)
    center = heroes[: ADVANCED_HEROES if advanced else players]
    purses = tuple(HEROES[h].purse if h in center else 0 for h in range(len(HEROES)))
    empty: tuple[tuple[int, ...], ...] = ((),) * players
    state = State(
        dice=dice,
        stage=Stage.DRAFT,
        round=1,
        quest=0,
        coins=(START_COINS,) * players,
        stars=(0,) * players,
        item_deck=items,
        item_discard=(),
        packets=empty,
        picks=(None,) * players,
        hands=empty,
        storage=empty,
        window=empty,
        ready=(False,) * players,
        hero_deck=heroes[len(center) :],
        center=center,
        purses=purses,
        guests=empty,
        gear=((),) * len(HEROES),
        order=(),
        turn=0,
        monsters=monsters,
        set_aside=set_aside,
        monster=None,
        wounds=0,
        adventure_deck=adventures,
        adventure_discard=(),
        employee_deck=employees,
        offer=(),
        staff=empty,
        upgrades=tuple(range(len(UPGRADES))),
        owned=empty,
        flipped=(),
        acted=0,
        bought=0,
        result="",
        crowd=crowd or players >= CROWD,
        unshakeable=unshakeable,
        advanced=advanced,
    )
    return restock(state)


def draw_items(state: State, n: int) -> tuple[State, tuple[int, ...]]:
    """The deck's top `n` items; an empty deck is the discard shuffled (the rulebook)."""
    drawn: list[int] = []
    while len(drawn) < n:
        if not state.item_deck:
            if not state.item_discard:
                break  # every item is in someone's hands: draw what there is
            deck, dice = rng.shuffle(state.dice, state.item_discard)
            state = evolve(state, item_deck=deck, item_discard=(), dice=dice)
        drawn.append(state.item_deck[0])
        state = evolve(state, item_deck=state.item_deck[1:])
    return state, tuple(drawn)


def restock(state: State) -> tuple[State, list[Event]]:
    """Phase 1: the next monster if the last fell (or at the start), then the deal."""
    events: list[Event] = []
    if state.monster is None:
        top = state.monsters[0]
        state = evolve(state, monster=top, monsters=state.monsters[1:], wounds=0)
        events.append({"type": "monster", "monster": top})
    packets = []
    for _seat in range(len(state.coins)):
        state, dealt = draw_items(state, ADVANCED_DEAL if state.advanced else DEAL)
        packets.append(dealt)
    players = len(state.coins)
    state = evolve(
        state,
        stage=Stage.DRAFT,
        packets=tuple(packets),
        picks=(None,) * players,
        hands=((),) * players,
    )
    secret = {str(s): {"packet": list(packets[s])} for s in range(players)}
    events.append({"type": "restock", "round": state.round, "secret": secret})
    return state, events
