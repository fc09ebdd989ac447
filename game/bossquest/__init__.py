"""Boss Quest (Débâcle): get as close as you can to the boss's hit points without going over."""

from .game import GAME, BossQuest

__all__ = ["GAME", "BossQuest"]
