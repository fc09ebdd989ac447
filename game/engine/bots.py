"""Bots for any game, by level name: "random" here, the game's own heuristic
players (its `bots` mapping), and "hard", the search bot, for every game that
offers the search hooks (see search.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from . import rng
from .errors import MalformedData
from .protocol import Game
from .safejson import quote
from .search import Policy, SearchBot, SearchSettings

__all__ = ["RandomBot", "bot_levels", "make_bot"]

HARD = "hard"
RANDOM = "random"


class RandomBot:
    """Uniformly random legal actions, from a generator of its own."""

    def __init__(self, seed: int) -> None:
        self.dice = rng.seed_state(seed)

    def __call__(self, view: dict[str, Any], legal: Sequence[Any]) -> Any:
        index, self.dice = rng.below(self.dice, len(legal))
        return legal[index]


def bot_levels(game: Game[Any, Any]) -> list[str]:
    """Every level this game can be played by."""
    capabilities = game.capabilities
    levels = [RANDOM, *capabilities.bots]
    search = capabilities.search
    if search is not None and search.policy in capabilities.bots:
        levels.append(HARD)
    return levels


def make_bot(
    game: Game[Any, Any], level: str, seed: int = 0, settings: SearchSettings | None = None
) -> Policy:
    """A bot of that level; the search bot plays out with the game's playout policy."""
    if level == RANDOM:
        return RandomBot(seed)
    heuristics = game.capabilities.bots
    if level in heuristics:
        return heuristics[level]
    if level == HARD and HARD in bot_levels(game):
        policy = heuristics[game.capabilities.search.policy]  # type: ignore[union-attr]
        return SearchBot(game, policy, settings or SearchSettings(), seed)
    raise MalformedData(f"unknown bot level {quote(level)}; known: {', '.join(bot_levels(game))}")
