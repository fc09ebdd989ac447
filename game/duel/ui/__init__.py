"""Duel's client: its board, result and end-of-game panels, controls and words
(``game.engine.client.GameClient``), reached through
``game.registry.get_client("duel")`` once the test games are included."""

from .client import CLIENT, DuelClient

__all__ = ["CLIENT", "DuelClient"]
