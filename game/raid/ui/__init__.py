"""Raid's client: its board, result and end-of-game panels, controls and words
(``game.engine.client.GameClient``), reached through
``game.registry.get_client("raid")`` once the test games are included."""

from .client import CLIENT, RaidClient

__all__ = ["CLIENT", "RaidClient"]
