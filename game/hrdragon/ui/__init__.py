"""The Dragon game's client: the board, the dock and the words (registered in game/registry.py)."""

from .client import CLIENT

__all__ = ["CLIENT"]
