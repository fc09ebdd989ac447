"""The games this project knows, by name. The engine itself knows none of them."""

from __future__ import annotations

from typing import Any

from .bossquest import GAME as BOSSQUEST
from .engine.protocol import Game

__all__ = ["GAMES", "get_game"]

GAMES: dict[str, Game[Any, Any]] = {BOSSQUEST.name: BOSSQUEST}


def get_game(name: str) -> Game[Any, Any]:
    try:
        return GAMES[name]
    except KeyError:
        raise KeyError(f"unknown game {name!r}; known games: {', '.join(sorted(GAMES))}") from None
