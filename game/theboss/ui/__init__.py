"""The Boss's client: its board, round-result and end-of-game panels, controls
and words (``game.engine.client.GameClient``), reached through
``game.registry.get_client("theboss")``. Its look is ``theboss.css`` here,
which build.py joins into the site's ``assets/games.css``."""

from .client import CLIENT, LISTING, TheBossClient

__all__ = ["CLIENT", "LISTING", "TheBossClient"]
