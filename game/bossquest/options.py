"""Boss Quest's game options, validated and with their defaults filled in."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..engine.errors import MalformedData
from ..engine.jsonfields import expect_fields, read_bool, read_int
from ..engine.safejson import quote
from .cards import companion_ids, spell_ids, weapon_ids

__all__ = ["EXTENSIONS", "MAX_PLAYERS", "MIN_PLAYERS", "Options"]

MIN_PLAYERS = 2
MAX_PLAYERS = 6
EXTENSIONS = ("potions", "companions", "reaper")


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
        data: dict[str, Any] = {"players": self.players, "keep_yellow": self.keep_yellow}
        for name in EXTENSIONS:
            if getattr(self, name):
                data[name] = True
        return data

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> Options:
        fields = expect_fields(data, "options", ("players",), ("keep_yellow", *EXTENSIONS))
        players = read_int(fields, "players", "options")
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise MalformedData(
                f"options.players must be {MIN_PLAYERS} to {MAX_PLAYERS}, not {quote(players)}",
                code="bad_option",
            )
        keep_yellow = (
            read_bool(fields, "keep_yellow", "options") if "keep_yellow" in fields else False
        )
        extensions = {
            name: read_bool(fields, name, "options") for name in EXTENSIONS if name in fields
        }
        return Options(players, keep_yellow, **extensions)
