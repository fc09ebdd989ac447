"""Raid's state, actions and loot cards: immutable records changed by copy."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

__all__ = [
    "BOSS",
    "CARDS",
    "HAND",
    "MAX_ROUNDS",
    "MIN_ROUNDS",
    "ROUNDS",
    "Action",
    "Block",
    "End",
    "Kind",
    "Pick",
    "Play",
    "Stage",
    "State",
    "Take",
    "boss_hp",
    "kind_of",
]

BOSS = 0
"""The Boss's seat; every other seat is a hero of the Party."""
HAND = 3
"""Loot cards dealt to each seat a round, drafted one at a time."""
ROUNDS = 5
"""After this many rounds (by default) the Boss wins if it still stands (dawn breaks)."""
MIN_ROUNDS = 3
MAX_ROUNDS = 40
"""The longest night the `rounds` option allows (a benchmark's long game)."""
HERO_HP = 6
POWER = 2
"""What a strike deals, a heal restores and a shield guards."""


class Kind(StrEnum):
    STRIKE = "strike"  # damage the enemy
    HEAL = "heal"  # heal yourself or an adjacent hero
    SHIELD = "shield"  # guard yourself or an adjacent hero, or block a strike
    SCOUT = "scout"  # draw the top loot card, face up (random: an undo barrier)


_KINDS = (Kind.STRIKE,) * 12 + (Kind.HEAL,) * 6 + (Kind.SHIELD,) * 6 + (Kind.SCOUT,) * 4
CARDS = len(_KINDS)
"""Card ids 0..27: strikes, then heals, shields and scouts."""


def kind_of(card: int) -> Kind:
    return _KINDS[card]


def boss_hp(players: int, dawn: int = ROUNDS) -> int:
    """The Boss's health: 8 a hero for the default night, more for a longer one."""
    return 8 * (players - 1) * dawn // ROUNDS


class Stage(StrEnum):
    DRAFT = "draft"  # every seat at once: pick a card of its hand face down
    TURNS = "turns"  # one seat at a time plays its loot
    REACT = "react"  # a struck seat may block with a shield, out of turn
    OVER = "over"


@dataclass(frozen=True, slots=True)
class State:
    dice: int  # the engine generator's state
    deck: tuple[int, ...]  # top first, face down
    hands: tuple[tuple[int, ...], ...]  # draft hands, each seen by its seat alone
    picks: tuple[int | None, ...]  # face down until the last seat picks
    loot: tuple[tuple[int, ...], ...]  # revealed picks, face up, played in turns
    discards: tuple[int, ...]  # face up, oldest first
    hp: tuple[int, ...]
    guard: tuple[int, ...]  # damage each seat's shield still absorbs this round
    round: int  # 1..dawn
    dawn: int  # the last round: the Boss wins if it still stands after it
    stage: Stage
    turn: int  # whose turn it is (TURNS and REACT)
    striker: int  # REACT: who struck; the struck seat is `target`
    target: int
    winner: str  # OVER: "party" or "lair"


@dataclass(frozen=True, slots=True)
class Pick:
    card: int


@dataclass(frozen=True, slots=True)
class Play:
    card: int
    target: int  # a scout's target is its player


@dataclass(frozen=True, slots=True)
class End:
    pass


@dataclass(frozen=True, slots=True)
class Block:
    card: int


@dataclass(frozen=True, slots=True)
class Take:
    pass


Action = Pick | Play | End | Block | Take
