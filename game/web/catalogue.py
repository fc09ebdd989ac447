"""The games a page offers, from the catalogue build.py writes into it (plain
Python, no browser import).

Every page that runs Python carries the catalogue (``<script id="catalogue">``:
``{"test_games": bool, "default": name, "games": [{"name", "title", ...}]}``,
the whole of ``game.registry.catalogue_json`` on the game page, only the names
and titles on the replay and tutorial pages). A build made with
``--test-games`` says so, and the page's Python registers the test games
before it reads any game, exactly as the game page does: so that a replay
link or a tutorial of a test game opens on such a build.
"""

from __future__ import annotations

from game.engine.safejson import load_json
from game.registry import GAMES, include_test_games

__all__ = ["MAX_CATALOGUE_BYTES", "offered_games"]

#: the catalogue is a few kilobytes per game
MAX_CATALOGUE_BYTES = 1 << 20


def offered_games(text: str) -> list[str]:
    """The registered games the catalogue `text` names, in its order; the test
    games join the registry first when the catalogue says the build included
    them. An unreadable catalogue offers nothing (and registers nothing)."""
    try:
        data = load_json(text, "the catalogue", max_bytes=MAX_CATALOGUE_BYTES)
    except Exception:
        data = {}
    if not isinstance(data, dict):
        data = {}
    if data.get("test_games") is True:
        include_test_games()
    games = data.get("games")
    names = (
        [str(game.get("name")) for game in games if isinstance(game, dict)]
        if isinstance(games, list)
        else []
    )
    return [name for name in names if name in GAMES]
