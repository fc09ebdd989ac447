"""Bazar Quest's state and actions: immutable records changed by copy.

Card ids are indexes into the tables of `cards.py`, one range per kind (item
0..111, hero 0..15, monster 0..11, employee 0..19, upgrade 0..11, adventure
0..17). Per-shop fields are tuples indexed by seat; `purses` is indexed by
hero id (a hero outside play holds 0)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

__all__ = [
    "Action",
    "Buy",
    "Done",
    "Flip",
    "Hire",
    "Invite",
    "Pick",
    "Sell",
    "Show",
    "Stage",
    "State",
    "Store",
]


class Stage(StrEnum):
    DRAFT = "draft"  # every shop at once: keep one card of its packet, face down
    DISPLAY = "display"  # every shop at once: items face down in its window
    INVITE = "invite"  # one shop at a time, in the windows' order: invite a hero
    SELL = "sell"  # every shop at once: sell hand items to its hero
    UPGRADE = "upgrade"  # one shop at a time from the Quest holder: buy, flip or pass
    INVENTORY = "inventory"  # every shop at once: items to storage, the rest discarded
    OVER = "over"


@dataclass(frozen=True, slots=True)
class State:
    dice: int  # the engine generator's state
    stage: Stage
    round: int
    quest: int  # the shop holding the Quest token
    coins: tuple[int, ...]
    stars: tuple[int, ...]
    # items
    item_deck: tuple[int, ...]  # top first, face down
    item_discard: tuple[int, ...]
    packets: tuple[tuple[int, ...], ...]  # DRAFT: the packet each shop drafts from
    picks: tuple[int | None, ...]  # DRAFT: each shop's face-down pick
    hands: tuple[tuple[int, ...], ...]  # each shop's hand (its drafted cards during the draft)
    storage: tuple[tuple[int, ...], ...]  # face down, joins the hand after the draft
    window: tuple[tuple[int, ...], ...]  # face down in DISPLAY, face up after the reveal
    ready: tuple[bool, ...]  # DISPLAY, SELL, INVENTORY: the shop has finished
    # heroes
    hero_deck: tuple[int, ...]
    center: tuple[int, ...]  # heroes waiting, face up
    purses: tuple[int, ...]  # by hero id
    guests: tuple[tuple[int, ...], ...]  # each shop's heroes, in invitation order
    gear: tuple[tuple[int, ...], ...]  # by hero id: the items sold to it
    order: tuple[int, ...]  # INVITE: the windows from most to least attractive
    turn: int  # INVITE and UPGRADE: the shop to act
    # monsters and adventures
    monsters: tuple[int, ...]  # the pile, top first, face down
    set_aside: tuple[int, ...]  # monsters left in the box unseen
    monster: int | None  # the monster face up
    wounds: int
    adventure_deck: tuple[int, ...]
    adventure_discard: tuple[int, ...]
    # upgrades and employees
    employee_deck: tuple[int, ...]
    offer: tuple[int, ...]  # UPGRADE: employees face up
    staff: tuple[tuple[int, ...], ...]  # each shop's employees
    upgrades: tuple[int, ...]  # upgrade cards still for sale
    owned: tuple[tuple[int, ...], ...]  # each shop's upgrades
    flipped: tuple[int, ...]  # upgrades turned to their +2 side
    acted: int  # UPGRADE: shops that have had their purchases
    bought: int  # UPGRADE: purchases of the shop to act this phase
    result: str  # OVER: "scored" or "lost"
    crowd: bool  # the rules for 5 and 6 players
    unshakeable: bool  # the variant without adventure cards
    advanced: bool  # the advanced rules for 2 players


@dataclass(frozen=True, slots=True)
class Pick:
    item: int


@dataclass(frozen=True, slots=True)
class Show:
    item: int  # DISPLAY: into the window, face down


@dataclass(frozen=True, slots=True)
class Invite:
    hero: int


@dataclass(frozen=True, slots=True)
class Sell:
    item: int
    hero: int  # the shop's hero it is sold to


@dataclass(frozen=True, slots=True)
class Buy:
    upgrade: int


@dataclass(frozen=True, slots=True)
class Flip:
    upgrade: int


@dataclass(frozen=True, slots=True)
class Hire:
    employee: int


@dataclass(frozen=True, slots=True)
class Store:
    item: int


@dataclass(frozen=True, slots=True)
class Done:
    """DISPLAY: the window is complete; SELL: no more sales; UPGRADE: pass;
    INVENTORY: discard the rest."""


Action = Pick | Show | Invite | Sell | Buy | Flip | Hire | Store | Done
