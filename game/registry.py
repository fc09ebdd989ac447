"""The games this project knows, by name: the one place that names them.

The engine, the network layer and the browser shell know no game; they reach
one through here: its rules (``get_game``, ``GAMES``) and its client
(``get_client``: the board, controls and words the shell shows, imported only
when first asked for, so the command line never loads a client). Test games
(``duel``, written only for the tests) are not among ``GAMES``: the tests and
a build option include them (``include_test_games``).
"""

from __future__ import annotations

import importlib
from typing import Any, cast

from .bossquest import GAME as BOSSQUEST
from .engine.client import GameClient
from .engine.protocol import Game

__all__ = [
    "CLIENTS",
    "DEFAULT_GAME",
    "GAMES",
    "TEST_GAMES",
    "get_client",
    "get_game",
    "include_test_games",
]

GAMES: dict[str, Game[Any, Any]] = {BOSSQUEST.name: BOSSQUEST}

#: the game the site opens on (until it offers a list of games)
DEFAULT_GAME = BOSSQUEST.name

#: each game's client: the module that holds it (as ``CLIENT``), imported lazily
CLIENTS: dict[str, str] = {BOSSQUEST.name: "game.bossquest.ui"}

#: games written only for the tests: their package, which holds ``GAME``
TEST_GAMES: dict[str, str] = {"duel": "game.duel"}

_clients: dict[str, GameClient] = {}


def get_game(name: str) -> Game[Any, Any]:
    try:
        return GAMES[name]
    except KeyError:
        raise KeyError(f"unknown game {name!r}; known games: {', '.join(sorted(GAMES))}") from None


def get_client(name: str) -> GameClient:
    """The client of game `name` (imported on first use)."""
    if name not in _clients:
        try:
            module = CLIENTS[name]
        except KeyError:
            raise KeyError(f"game {name!r} has no client") from None
        _clients[name] = cast(GameClient, importlib.import_module(module).CLIENT)
    return _clients[name]


def include_test_games() -> None:
    """Register the test games beside the real ones (tests, and builds that ask)."""
    for name, module in TEST_GAMES.items():
        if name not in GAMES:
            GAMES[name] = cast("Game[Any, Any]", importlib.import_module(module).GAME)
