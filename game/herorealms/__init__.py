"""Hero Realms, the deck-building game: its base set for 2 to 4 players
(rules only so far; not registered)."""

from .game import GAME

__all__ = ["GAME"]
