"""Duel's state, actions and card data: immutable records changed by copy."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

__all__ = [
    "CARDS",
    "ROUNDS",
    "Action",
    "Commit",
    "Keep",
    "Stage",
    "State",
    "Swap",
    "value_of",
]

CARDS = 10
"""Card ids 0..9; two cards of each value 1..5, so tricks can tie."""
HAND = 3
ROUNDS = 3


def value_of(card: int) -> int:
    return card // 2 + 1


class Stage(StrEnum):
    SWAP = "swap"  # one seat at a time: keep the hand or swap one card
    COMMIT = "commit"  # both seats at once: one card face down each
    OVER = "over"


@dataclass(frozen=True, slots=True)
class State:
    dice: int  # the engine generator's state
    deck: tuple[int, ...]  # top first, face down
    hands: tuple[tuple[int, ...], tuple[int, ...]]
    discards: tuple[int, ...]  # face up, oldest first
    committed: tuple[int | None, int | None]  # face down until both are in
    points: tuple[int, int]
    round: int  # 1..ROUNDS
    stage: Stage
    seat: int  # whose swap step it is (meaningless in the other stages)
    swaps_done: int  # seats that took their swap step this round


@dataclass(frozen=True, slots=True)
class Keep:
    pass


@dataclass(frozen=True, slots=True)
class Swap:
    card: int


@dataclass(frozen=True, slots=True)
class Commit:
    card: int


Action = Keep | Swap | Commit
