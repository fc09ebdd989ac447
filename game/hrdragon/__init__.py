"""Hero Realms' Dragon boss deck: a party of 1 to 5 heroes against the Dragon
(or two Dragons against each other), built on game/herorealms by import
(registered in game/registry.py with its client, game/hrdragon/ui)."""

from .game import GAME

__all__ = ["GAME"]
