"""Hero Realms, the deck-building game: its base set for 2 to 4 players
(registered in game/registry.py with its client, game/herorealms/ui)."""

from .game import GAME

__all__ = ["GAME"]
