"""The options a Hero Realms table sets: each seat's character pack."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from ..engine.options import Option, Words
from .cards import MAX_SEATS, PACKS

__all__ = ["NO_PACK", "PACK_OPTIONS", "pack_key", "packs_of"]

NO_PACK: Final = "none"
"""The option's value for the base starting deck (7 Gold, a Ruby, a
Shortsword, a Dagger and 50 health)."""

_NAMES: Final[dict[str, Words]] = {
    NO_PACK: {"fr": "Deck de départ de base", "en": "Base starting deck"},
    "cleric": {"fr": "Clerc", "en": "Cleric"},
    "fighter": {"fr": "Guerrier", "en": "Fighter"},
    "ranger": {"fr": "Rôdeur", "en": "Ranger"},
    "thief": {"fr": "Voleur", "en": "Thief"},
    "wizard": {"fr": "Magicien", "en": "Wizard"},
}


def pack_key(seat: int) -> str:
    """The option naming seat `seat`'s pack (seats counted from 1 for people)."""
    return f"pack_{seat + 1}"


PACK_OPTIONS: Final = tuple(
    Option(
        pack_key(seat),
        NO_PACK,
        label={"fr": f"Personnage du joueur {seat + 1}", "en": f"Player {seat + 1}'s character"},
        help={
            "fr": "Un paquet de personnage remplace le deck de départ et la santé, et donne "
            "une capacité (une fois par partie) et une compétence (une fois par tour, "
            "pour 2 or).",
            "en": "A character pack replaces the starting deck and health, and brings an "
            "ability (once a game) and a skill (once a turn, for 2 gold).",
        },
        choices=(NO_PACK, *PACKS),
        choice_labels=_NAMES,
    )
    for seat in range(MAX_SEATS)
)
"""One option a seat; a seat beyond the table's players is not read."""


def packs_of(options: Mapping[str, Any]) -> tuple[str, ...]:
    """Each seat's pack ("" for the base deck), from normalized options."""
    values = (options.get(pack_key(seat), NO_PACK) for seat in range(options["players"]))
    return tuple("" if value == NO_PACK else str(value) for value in values)
