"""Bots for any game, by level name: "random" here, the game's own heuristic
players (its `bots` mapping), and "hard", the search bot, for every game that
offers the search hooks (see search.py).

People choose among the levels the game declares (`OptionsDeclaration.levels`,
each role offering all of them or a part: `seat_levels`); "random", the
tools' and tests' level, plays any seat."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from . import rng
from .errors import MalformedData
from .options import RANDOM_LEVEL
from .protocol import JSON, Game
from .safejson import quote
from .search import Policy, SearchBot, SearchSettings

__all__ = [
    "RandomBot",
    "bot_levels",
    "check_seat_level",
    "level_problems",
    "make_bot",
    "seat_levels",
]

HARD = "hard"
RANDOM = RANDOM_LEVEL


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


def seat_levels(game: Game[Any, Any], options: Mapping[str, JSON]) -> tuple[tuple[str, ...], ...]:
    """Each seat's levels under normalized `options`: those its role offers."""
    return game.declared_options.seat_levels(options)


def check_seat_level(
    game: Game[Any, Any], options: Mapping[str, JSON], seat: int, level: object
) -> str:
    """`level` if a bot of it may play `seat` under normalized `options` (its
    role offers it, or it is "random"); MalformedData ("bad_level") naming the
    levels the seat offers otherwise."""
    offered = seat_levels(game, options)[seat]
    if level == RANDOM or (isinstance(level, str) and level in offered):
        return level
    declared = [item.id for item in game.declared_options.levels]
    if level not in declared:
        known = ", ".join([*declared, RANDOM])
        raise MalformedData(f"unknown bot level {quote(level)}; known: {known}", "bad_level")
    role = game.declared_options.seat_roles(options)[seat]
    raise MalformedData(
        f"bot level {quote(level)} is not offered at seat {seat} (role {role.id}); "
        f"it offers: {', '.join(offered)}",
        "bad_level",
    )


def level_problems(game: Game[Any, Any]) -> list[str]:
    """Every declared level that the game's bots cannot play, in words."""
    playable = bot_levels(game)
    return [
        f"{game.name}: declared bot level {level.id!r} has no bot (known: {', '.join(playable)})"
        for level in game.declared_options.levels
        if level.id not in playable
    ]
