"""Boss Quest's game options, validated and with their defaults filled in."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..engine.options import Option, OptionsDeclaration
from .cards import companion_ids, spell_ids, weapon_ids

__all__ = ["DECLARED", "EXTENSIONS", "MAX_PLAYERS", "MIN_PLAYERS", "Options"]

MIN_PLAYERS = 2
MAX_PLAYERS = 6
EXTENSIONS = ("potions", "companions", "reaper")
YELLOW_ALWAYS_FROM = 5

DECLARED = OptionsDeclaration(
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    default_players=3,  # the menu opens on 3 players, as it always has
    options=(
        Option(
            "keep_yellow",
            False,
            label={"fr": "Garder les armes jaunes", "en": "Keep the yellow weapons"},
            help={
                "fr": "À 2, 3 ou 4 joueurs, les armes jaunes sont retirées, sauf si vous "
                "les gardez ; à 5 ou 6 joueurs, elles sont toujours en jeu.",
                "en": "With 2, 3 or 4 players the yellow weapons are removed, unless you "
                "keep them; with 5 or 6 players they are always in play.",
            },
            always_written=True,  # saves and hashes of the base game have always held it
            on_from_players=YELLOW_ALWAYS_FROM,
        ),
        Option(
            "potions",
            False,
            label={"fr": "Les Potions", "en": "Potions"},
            help={
                "fr": "3 potions parmi les armes, lues en + ou en − par qui les reçoit, "
                "et 2 sorts pour inverser une potion.",
                "en": "3 potions among the weapons, read + or − by whoever gets them, "
                "and 2 spells that invert one.",
            },
        ),
        Option(
            "companions",
            False,
            label={"fr": "Les Compagnons", "en": "Companions"},
            help={
                "fr": "Chaque joueur reçoit un compagnon animal au pouvoir unique, "
                "et 3 sorts échangent les compagnons.",
                "en": "Each player gets an animal companion with a power of its own, "
                "and 3 spells swap companions.",
            },
        ),
        Option(
            "reaper",
            False,
            label={"fr": "La Faucheuse", "en": "The Reaper"},
            help={
                "fr": "Perdre son dernier cœur ne finit pas la partie : la Faucheuse "
                "vient, et qui la bat reprend vie ou devient la Faucheuse.",
                "en": "Losing your last heart does not end the game: the Reaper comes, "
                "and whoever beats it takes life back or becomes the Reaper.",
            },
        ),
    ),
)
"""Boss Quest's options, declared once: the menu, the lobby, the command line,
scenarios and saves all read them from here."""


@dataclass(frozen=True, slots=True)
class Options:
    players: int
    keep_yellow: bool = False
    """At 2 to 4 players the yellow weapons and the yellow spell are removed unless kept."""
    potions: bool = False
    companions: bool = False
    reaper: bool = False

    @property
    def uses_yellow(self) -> bool:
        return self.keep_yellow or self.players >= 5

    @property
    def keys_to_win(self) -> int:
        return 5 if self.players <= 4 else 4

    @property
    def spells_face_up(self) -> int:
        return 3 if self.players == 2 else self.players

    @property
    def weapons(self) -> tuple[int, ...]:
        """Every weapon card of this game, potions included when they are on."""
        return weapon_ids(self.uses_yellow, self.potions)

    @property
    def spells(self) -> tuple[int, ...]:
        """Every spell card of this game, the extensions' ones included when on."""
        return spell_ids(self.uses_yellow, self.potions, self.companions)

    @property
    def companion_cards(self) -> tuple[int, ...]:
        """The companions in play (none without the extension)."""
        return companion_ids(self.players) if self.companions else ()

    def to_json(self) -> dict[str, Any]:
        """The extensions appear only when on, so base-game saves and hashes never change."""
        return DECLARED.normalize(
            {"players": self.players, "keep_yellow": self.keep_yellow}
            | {name: True for name in EXTENSIONS if getattr(self, name)}
        )

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> Options:
        fields = DECLARED.normalize(data)
        return Options(
            fields["players"],
            **{key: DECLARED.value(fields, key) for key in ("keep_yellow", *EXTENSIONS)},
        )
