"""The Dragon game's state: Hero Realms' state (`core`, the Dragon a seat of
it after the party) and what the boss deck adds, with the actions it adds."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ..herorealms.state import Action as CoreAction
from ..herorealms.state import State as CoreState

__all__ = [
    "BOSS_HEALTH",
    "BOSS_VS_BOSS",
    "HAND_BY_SIZE",
    "Action",
    "Borrow",
    "Give",
    "Reveal",
    "SkillCheck",
    "State",
    "Steal",
    "UseItem",
]

BOSS_HEALTH: Final = (50, 100, 150, 200, 250)
"""The Dragon's health by party size 1 to 5."""
HAND_BY_SIZE: Final = (5, 6, 7, 8, 9)
"""The Dragon's hand size by party size 1 to 5."""
BOSS_VS_BOSS: Final = 3
"""In boss against boss each boss counts as this many players."""


@dataclass(frozen=True, slots=True)
class State:
    core: CoreState  # Hero Realms' state: seats 0.. the party, then the boss(es)
    bosses: tuple[int, ...]  # the Dragons' seats: the last one, or (0, 1) boss against boss
    counted: int  # opponents each Dragon faces for count-based rules (3 per other boss)
    gifts: tuple[int, ...] = ()  # health gains of the player to act still to give away
    lending: tuple[int, ...] = ()  # defeated members still to lend after the Dragon's turn
    borrowed: tuple[tuple[int, int], ...] = ()  # (card, its defeated owner) lent out
    asks: tuple[str, ...] = ()  # the boss deck's questions to the player to act, first first
    hits: tuple[tuple[int, int], ...] = ()  # (Dragon, damage the player to act dealt it) this turn
    taunters: tuple[tuple[int, int], ...] = ()  # (Dragon, seat) taunting it until its turn ends
    calm: tuple[tuple[int, int], ...] = ()  # (Dragon, its turns_begun) untauntable until it ends
    hoard: tuple[int, ...] = ()  # the face-down Treasure Hoard, top first
    items: tuple[tuple[int, int], ...] = ()  # (item, holder seat): revealed, on the table
    used: tuple[int, ...] = ()  # items used this turn (Ring of Wishes: until stolen)
    shield_left: tuple[tuple[int, int], ...] = ()  # (seat, damage the shield still ignores)
    extra_factions: tuple[str, ...] = ()  # factions counted once more this turn (Amulet, Vial)
    winners: tuple[int, ...] = ()  # every seat of the winning side, when the game is over


@dataclass(frozen=True, slots=True)
class Give:
    seat: int  # who receives the first health gain waiting: yourself or an adjacent member


@dataclass(frozen=True, slots=True)
class Borrow:
    card: int  # a card of the first lending member's hand
    seat: int  # the party member who takes it


@dataclass(frozen=True, slots=True)
class Reveal:
    pass  # the Hoard card: reveal the next item of the Treasure Hoard


@dataclass(frozen=True, slots=True)
class UseItem:
    item: int  # a Hoard item you hold, not used this turn


@dataclass(frozen=True, slots=True)
class SkillCheck:
    item: int  # a Hoard item the taunted Dragon holds
    cards: tuple[int, ...]  # cards of your hand, sorted, whose costs reach its check


@dataclass(frozen=True, slots=True)
class Steal:
    item: int  # the Hoard card: an item of a player holding more; Prismatic Diamond: any
    cards: tuple[int, ...]  # the Diamond's skill check (sorted); none for the Hoard card


Action = CoreAction | Give | Borrow | Reveal | UseItem | SkillCheck | Steal
