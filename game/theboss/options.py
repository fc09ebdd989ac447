"""The Boss's options: the player count alone (2 to 4, 3 by default).

The player count decides the cities in play (cards.CITIES_BY_PLAYERS); the
game has no other option.
"""

from __future__ import annotations

from typing import Final

from ..engine.options import OptionsDeclaration

__all__ = ["DECLARED"]

DECLARED: Final = OptionsDeclaration(min_players=2, max_players=4, default_players=3)
