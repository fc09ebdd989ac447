"""Boss Quest's cards. Every physical card has an id of its own (an int), so a
card can be followed through a shuffle, and a hidden card is never named by id.

The counts settle what the rulebook leaves open; see docs/rules-decisions.md.
"""

from __future__ import annotations

import functools
from typing import Final

__all__ = [
    "ALL_WEAPON_COUNT",
    "BASE_SPELL_COUNT",
    "BOSS_COUNT",
    "COLOURS",
    "COMPANIONS",
    "DARK_SPELLS",
    "NO_COLOUR",
    "POTIONS",
    "REAPER",
    "REAPER_HP",
    "SPELL_COUNT",
    "SPELL_KINDS",
    "WEAPON_COLOURS",
    "WEAPON_COUNT",
    "YELLOW",
    "boss_hp",
    "companion_ids",
    "is_potion",
    "potion_size",
    "spell_colour",
    "spell_ids",
    "spell_kind",
    "weapon_colour",
    "weapon_id",
    "weapon_ids",
    "weapon_name",
    "weapon_value",
]

COLOURS: Final = ("red", "blue", "green", "purple", "yellow")
YELLOW: Final = COLOURS.index("yellow")
VALUES_PER_COLOUR: Final = 7
WEAPON_COUNT: Final = len(COLOURS) * VALUES_PER_COLOUR
BOSS_COUNT: Final = 8
LOWEST_BOSS_HP: Final = 14

# Potions (extension): three more weapon cards after the 35 weapons, sizes 1 to
# 3; each is read -size or +size, as its holder chooses (the book gives no values).
POTIONS: Final = tuple(range(WEAPON_COUNT, WEAPON_COUNT + 3))
ALL_WEAPON_COUNT: Final = WEAPON_COUNT + len(POTIONS)
NO_COLOUR: Final = -1  # a potion's colour, for the colour and pair spells

# The Reaper (extension) is one more boss card, never shuffled into the boss
# deck. The book gives no hit points: 18, the middle of the bosses' 14 to 21.
REAPER: Final = BOSS_COUNT
REAPER_HP: Final = 18
_BOSS_HPS: Final[tuple[int, ...]] = (*range(LOWEST_BOSS_HP, LOWEST_BOSS_HP + BOSS_COUNT), REAPER_HP)

# Companions (extension), named by their animal; a companion's id is its index.
# chameleon: weapons of every colour; owl: look at the mystery spell or a hidden
# weapon; hare: equip and visit the Magician in one turn; badger: wins ties;
# tortoise: no heart lost when over by 1 or 2; magpie: replace a face-up spell.
COMPANIONS: Final = ("chameleon", "owl", "hare", "badger", "tortoise", "magpie")

# The spell deck, one entry per physical card (see docs/rules-decisions.md).
_SPELL_DECK: Final = (
    ("strength_up", 2),
    ("strength_down", 2),
    ("swap_hidden", 1),
    ("exchange", 2),
    ("boss_up", 2),
    ("boss_down", 2),
    *((f"colour_{colour}", 1) for colour in COLOURS),
    ("pair", 1),
    ("no_heart_loss", 1),
    ("cancel", 2),
    ("extra_key", 1),
    ("second_wins", 1),
    ("last_turn", 1),
)
# The extensions' spells follow the base deck, so base ids never move.
_POTION_SPELLS: Final = (("invert_potion", 2),)
_COMPANION_SPELLS: Final = (("swap_companions", 3),)


def _kinds(deck: tuple[tuple[str, int], ...]) -> tuple[str, ...]:
    return tuple(kind for kind, copies in deck for _ in range(copies))


SPELL_KINDS: Final[tuple[str, ...]] = _kinds((*_SPELL_DECK, *_POTION_SPELLS, *_COMPANION_SPELLS))
SPELL_COUNT: Final = len(SPELL_KINDS)
BASE_SPELL_COUNT: Final = len(_kinds(_SPELL_DECK))

# Dark spells go in front of a player; light ones beside the boss.
DARK_SPELLS: Final = frozenset({"strength_up", "strength_down", "swap_hidden", "exchange"})


def weapon_id(colour: int, value: int) -> int:
    return colour * VALUES_PER_COLOUR + value - 1


def weapon_colour(card: int) -> int:
    """A weapon's colour (an index into COLOURS); NO_COLOUR for a potion."""
    return card // VALUES_PER_COLOUR if card < WEAPON_COUNT else NO_COLOUR


#: every weapon card's colour, by id (NO_COLOUR for a potion), read as a table
WEAPON_COLOURS: Final = tuple(weapon_colour(card) for card in range(ALL_WEAPON_COUNT))


def weapon_value(card: int) -> int:
    """A weapon's printed value; 0 for a potion, whose value is its reading."""
    return card % VALUES_PER_COLOUR + 1 if card < WEAPON_COUNT else 0


def is_potion(card: int) -> bool:
    return card >= WEAPON_COUNT


def potion_size(card: int) -> int:
    """How much a potion adds or takes away: 1, 2 or 3."""
    return card - WEAPON_COUNT + 1


def weapon_name(card: int) -> str:
    """A card's short name, as scenarios write it: "red5", "yellow1", "potion2"."""
    if is_potion(card):
        return f"potion{potion_size(card)}"
    return f"{COLOURS[weapon_colour(card)]}{weapon_value(card)}"


@functools.cache  # every deal asks; the tuples are immutable
def weapon_ids(keep_yellow: bool, potions: bool = False) -> tuple[int, ...]:
    colours = (
        range(len(COLOURS)) if keep_yellow else [c for c in range(len(COLOURS)) if c != YELLOW]
    )
    weapons = tuple(weapon_id(c, v) for c in colours for v in range(1, VALUES_PER_COLOUR + 1))
    return (*weapons, *POTIONS) if potions else weapons


def boss_hp(card: int) -> int:
    return _BOSS_HPS[card]


def spell_kind(card: int) -> str:
    return SPELL_KINDS[card]


def spell_colour(card: int) -> int | None:
    """The colour a colour-condition spell asks for, else None."""
    return _SPELL_COLOURS[card]


def _spell_colour(kind: str) -> int | None:
    return COLOURS.index(kind.removeprefix("colour_")) if kind.startswith("colour_") else None


_SPELL_COLOURS: Final = tuple(_spell_colour(kind) for kind in SPELL_KINDS)


@functools.cache  # every deal asks; the tuples are immutable
def companion_ids(players: int) -> tuple[int, ...]:
    """The companions of a game: at 2 players the owl is out ("retiré du jeu")."""
    return tuple(
        card for card, animal in enumerate(COMPANIONS) if not (players == 2 and animal == "owl")
    )


@functools.cache  # every deal asks; the tuples are immutable
def spell_ids(
    keep_yellow: bool, potions: bool = False, companions: bool = False
) -> tuple[int, ...]:
    """The spells of a game: the base deck, and each extension's spells when it is on."""
    left_out = {"colour_yellow"} if not keep_yellow else set()
    if not potions:
        left_out.add("invert_potion")
    if not companions:
        left_out.add("swap_companions")
    return tuple(card for card in range(SPELL_COUNT) if SPELL_KINDS[card] not in left_out)
