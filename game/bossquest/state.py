"""Boss Quest's state: frozen dataclasses of tuples, changed with engine.evolve.

Cards are ints (see cards.py). Seats are numbered 0..n-1; seat i+1 sits to the
left of seat i, so play goes up the numbers from the Armorer's left.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..engine.evolve import dict_backed
from .options import Options

__all__ = [
    "NO_CARD",
    "ActiveSpell",
    "Events",
    "Fate",
    "Player",
    "RoundResult",
    "SeatResult",
    "Stage",
    "State",
]

NO_CARD = -1

Events = list[dict[str, Any]] | None
"""The list an action adds its events to, or None in the search bot's
playouts (`rules.advance`), which read no event and end with the round: then
no event is built, and the next round is not dealt."""


class Stage:
    """What the seat to act is doing. Plain strings keep the JSON readable."""

    TURN = "turn"  # a turn: at the Armorer (ask, visit, stop) or a 2-player repeat at the Magician
    SPELL = "spell"  # just arrived at the Magician: activate or discard one spell
    CHOOSE = "choose"  # an activated spell waits for its target, amount or weapon
    OVER = "over"  # the game has ended
    # Extensions.
    POTION = "potion"  # a potion just received face up: its holder chooses its reading
    REVEAL = "reveal"  # the fight began, all is face up: hidden potions are read in turn
    DESTINY = "destiny"  # the Reaper's round is won: its winner takes life back or the scythe

    ALL = (TURN, SPELL, CHOOSE, OVER, POTION, REVEAL, DESTINY)


class Fate:
    """Where a player stands with the Reaper extension."""

    KNIGHT = ""  # playing for keys, as in the base game
    GHOST = "ghost"  # lost their last heart: fights the Reaper to come back
    GONE = "gone"  # has left the game
    REAPER = "reaper"  # became the Reaper: wins by eliminating every knight

    ALL = (KNIGHT, GHOST, GONE, REAPER)


@dict_backed  # without slots, as State: made and copied as one dict
@dataclass(frozen=True)
class Player:
    hidden: int
    visible: tuple[int, ...]
    hearts: int
    keys: int
    at_magician: bool = False

    @property
    def weapons(self) -> tuple[int, ...]:
        if self.hidden == NO_CARD:  # not dealt yet, or gone from the game (the Reaper)
            return self.visible
        return (self.hidden, *self.visible)


@dataclass(frozen=True, slots=True)
class ActiveSpell:
    """A spell in play: in front of `target` (dark spells) or beside the boss (target -1)."""

    card: int
    target: int = -1
    amount: int = 0


# The fight's records are dict-backed too: every playout of the search ends in
# a fight, which makes one of each per seat.
@dict_backed
@dataclass(frozen=True)
class SeatResult:
    weapons: tuple[int, ...]
    strength: int
    over: bool
    out: bool
    hearts_lost: int
    keys_won: int
    perfect: bool
    winner: bool
    reaper_hit: bool = False  # lost a heart to the Reaper player's strength (extension)


@dict_backed
@dataclass(frozen=True)
class RoundResult:
    """The fight that ended a round; everything in it was revealed to the table."""

    round: int
    boss: int
    boss_hp: int
    active: tuple[ActiveSpell, ...]
    mystery: int
    seats: tuple[SeatResult, ...]


# Without slots: evolve copies a state's fields as one dict (see engine/evolve.py),
# several times faster than slot by slot, and its fields read as fast.
@dict_backed
@dataclass(frozen=True)
class State:
    options: Options
    rng: int
    round: int
    armorer: int
    seat: int  # the seat to act; -1 once the game is over
    stage: str
    players: tuple[Player, ...]
    boss: int
    boss_deck: tuple[int, ...]
    boss_discard: tuple[int, ...]
    weapon_deck: tuple[int, ...]  # top first
    weapon_discard: tuple[int, ...]  # face down: weapons given up to an exchange
    spell_deck: tuple[int, ...]  # top first
    spell_discard: tuple[int, ...]
    offer: tuple[int, ...]  # face-up spells still at the Magician
    mystery: int  # the face-down spell at the Magician, or NO_CARD
    active: tuple[ActiveSpell, ...]
    pending: int = NO_CARD  # the activated spell waiting for a choice (stage CHOOSE)
    last_turn: tuple[int, ...] | None = None  # seats still owed their last action
    lone_asked: bool = False  # the last player at the Armorer has had their last request
    known: tuple[tuple[int, int], ...] = ()  # (seat, weapon) a spell showed that seat
    result: RoundResult | None = None  # the last fight, for the table to read
    winners: tuple[int, ...] = ()
    stacked: tuple[tuple[int, ...], ...] = ()  # weapon orders for the next rounds (scenarios)
    # Potions (empty or unused without the extension).
    readings: tuple[int, ...] = ()  # per potion: its value now, -size or +size; 0 while unread
    turn_of: int = NO_CARD  # whose turn goes on once the face-up potions are read
    resume: str = ""  # and how: "turn" (pass it on), "spell" (the hare), "fight"
    # Companions.
    companions: tuple[int, ...] = ()  # each seat's companion
    reserve: tuple[int, ...] = ()  # the companions nobody holds, face up
    used: tuple[int, ...] = ()  # companions whose once-a-round power was used this round
    saw_mystery: tuple[int, ...] = ()  # seats an owl showed the mystery spell this round
    # The Reaper.
    fates: tuple[str, ...] = ()  # each seat's Fate
    reaper_came: bool = False  # the Reaper comes once a game
    destiny: tuple[int, ...] = ()  # winners of the Reaper's round still to choose
