"""The Dragon game's client: the board, the dock and the words (not registered yet)."""

from .client import CLIENT

__all__ = ["CLIENT"]
