"""Boss Quest's cards. Every physical card has an id of its own (an int), so a
card can be followed through a shuffle, and a hidden card is never named by id.

The counts settle what the rulebook leaves open; see docs/rules-decisions.md.
"""

from __future__ import annotations

from typing import Final

__all__ = [
    "BOSS_COUNT",
    "COLOURS",
    "DARK_SPELLS",
    "SPELL_COUNT",
    "SPELL_KINDS",
    "WEAPON_COUNT",
    "YELLOW",
    "boss_hp",
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
SPELL_KINDS: Final[tuple[str, ...]] = tuple(
    kind for kind, copies in _SPELL_DECK for _ in range(copies)
)
SPELL_COUNT: Final = len(SPELL_KINDS)

# Dark spells go in front of a player; light ones beside the boss.
DARK_SPELLS: Final = frozenset({"strength_up", "strength_down", "swap_hidden", "exchange"})


def weapon_id(colour: int, value: int) -> int:
    return colour * VALUES_PER_COLOUR + value - 1


def weapon_colour(card: int) -> int:
    return card // VALUES_PER_COLOUR


def weapon_value(card: int) -> int:
    return card % VALUES_PER_COLOUR + 1


def weapon_name(card: int) -> str:
    """A card's short name, as scenarios write it: "red5", "yellow1"."""
    return f"{COLOURS[weapon_colour(card)]}{weapon_value(card)}"


def weapon_ids(keep_yellow: bool) -> tuple[int, ...]:
    colours = (
        range(len(COLOURS)) if keep_yellow else [c for c in range(len(COLOURS)) if c != YELLOW]
    )
    return tuple(weapon_id(c, v) for c in colours for v in range(1, VALUES_PER_COLOUR + 1))


def boss_hp(card: int) -> int:
    return LOWEST_BOSS_HP + card


def spell_kind(card: int) -> str:
    return SPELL_KINDS[card]


def spell_colour(card: int) -> int | None:
    """The colour a colour-condition spell asks for, else None."""
    kind = SPELL_KINDS[card]
    return COLOURS.index(kind.removeprefix("colour_")) if kind.startswith("colour_") else None


def spell_ids(keep_yellow: bool) -> tuple[int, ...]:
    return tuple(
        card for card in range(SPELL_COUNT) if keep_yellow or SPELL_KINDS[card] != "colour_yellow"
    )
