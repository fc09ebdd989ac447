"""Bazar Quest's client: its board, adventure and end panels, controls and
words (``game.engine.client.GameClient``), reached through
``game.registry.get_client("bazarquest")``."""

from .client import CLIENT, BazarQuestClient

__all__ = ["CLIENT", "BazarQuestClient"]
