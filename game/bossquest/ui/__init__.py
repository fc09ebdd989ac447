"""Boss Quest's client: its board, result and end-of-game panels, controls
and words (``game.engine.client.GameClient``). The shell (``game/web/``)
reaches it through ``game.registry.get_client("bossquest")``."""

from .client import CLIENT, BossQuestClient

__all__ = ["CLIENT", "BossQuestClient"]
