"""The game settings the menu hands to Python, parsed and checked.

Plain Python with no browser import, so it is tested under CPython. The menu
(``site/assets/menu.js``, ``settings()``) sends this JSON::

    {
      "version": 2,
      "lang": "fr",                      # "fr" or "en"
      "players": [                       # 2 to 6, in seat order
        {"seat": 0, "name": "Lancelot", "kind": "human"},
        {"seat": 1, "name": "Viviane", "kind": "bot", "level": "hard"}
      ],
      "keep_yellow": false,              # always true at 5 or 6 players
      "hint": false,                     # show a human their odds of going over
      "potions": true                    # an extension: only when on
    }

A bot has a ``level`` ("easy", "normal" or "hard"), a human has none. Version 1
(before the levels and the hint; still found in saved games) is read too: its
bots play at "normal" and the hint is off. ``to_dict`` always writes the
current version. The extensions (``EXTENSIONS``: ``potions``, ``companions``,
``reaper``), off by default, appear only when on (as in the engine's options),
so settings without them read as before and play the base game.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Literal, cast

from game.engine.errors import MalformedData
from game.engine.safejson import load_json, quote

__all__ = [
    "DEFAULT_LEVEL",
    "EXTENSIONS",
    "KINDS",
    "LANGS",
    "LEVELS",
    "MAX_NAME",
    "MAX_PLAYERS",
    "MAX_SETTINGS_BYTES",
    "MIN_PLAYERS",
    "READ_VERSIONS",
    "SETTINGS_VERSION",
    "YELLOW_ALWAYS_FROM",
    "Player",
    "Settings",
    "parse_settings",
]

SETTINGS_VERSION = 2
#: every version parse_settings reads (1: no levels, no hint)
READ_VERSIONS = (1, 2)
#: the extensions the menu offers, as the engine's game options name them
EXTENSIONS = ("potions", "companions", "reaper")
LANGS = ("fr", "en")
KINDS = ("human", "bot")
#: the bot levels the menu offers, easiest first (game.engine.bots.make_bot names)
LEVELS = ("easy", "normal", "hard")
DEFAULT_LEVEL = "normal"
MIN_PLAYERS = 2
MAX_PLAYERS = 6
MAX_NAME = 20
#: the menu's JSON is a few hundred bytes; anything far bigger is not settings
MAX_SETTINGS_BYTES = 16 * 1024
#: from this many players the yellow weapons are always in play
YELLOW_ALWAYS_FROM = 5

Lang = Literal["fr", "en"]
Kind = Literal["human", "bot"]
Level = Literal["easy", "normal", "hard"]


@dataclass(frozen=True)
class Player:
    """One seat at the table."""

    seat: int
    name: str
    kind: Kind
    #: how well a bot plays; a human keeps the default, which means nothing for them
    level: Level = "normal"

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"seat": self.seat, "name": self.name, "kind": self.kind}
        if self.kind == "bot":
            data["level"] = self.level
        return data


@dataclass(frozen=True)
class Settings:
    """What the menu set up."""

    lang: Lang
    players: tuple[Player, ...]
    keep_yellow: bool
    #: show each human, on their turn at the Armorer, their odds of going over
    hint: bool = False
    #: the extensions (game options of the same names)
    potions: bool = False
    companions: bool = False
    reaper: bool = False

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape the menu sends (normalised)."""
        data: dict[str, Any] = {
            "version": SETTINGS_VERSION,
            "lang": self.lang,
            "players": [player.to_dict() for player in self.players],
            "keep_yellow": self.keep_yellow,
            "hint": self.hint,
        }
        for name in EXTENSIONS:  # only when on
            if getattr(self, name):
                data[name] = True
        return data

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, sort_keys=True)


def _fail(reason: str) -> ValueError:
    return ValueError(f"bad game settings: {reason}")


def parse_settings(text: str) -> Settings:
    """Parse and check the menu's JSON; raise ``ValueError`` saying what is wrong."""
    try:
        data = load_json(text, "the settings", max_bytes=MAX_SETTINGS_BYTES)
    except MalformedData as exc:
        raise _fail(exc.message) from exc
    if not isinstance(data, dict):
        raise _fail("not an object")
    version = data.get("version")
    if type(version) is not int or version not in READ_VERSIONS:
        raise _fail(f"version {quote(version)}, expected one of {READ_VERSIONS}")
    lang = data.get("lang")
    if lang not in LANGS:
        raise _fail(f"lang {quote(lang)} is not one of {LANGS}")
    raw_players = data.get("players")
    if not isinstance(raw_players, list) or not (MIN_PLAYERS <= len(raw_players) <= MAX_PLAYERS):
        raise _fail(f"players must be a list of {MIN_PLAYERS} to {MAX_PLAYERS}")
    players = tuple(_player(index, raw, version) for index, raw in enumerate(raw_players))
    keep_yellow = data.get("keep_yellow")
    if not isinstance(keep_yellow, bool):
        raise _fail("keep_yellow must be true or false")
    if len(players) >= YELLOW_ALWAYS_FROM:
        keep_yellow = True
    hint = data.get("hint", False) if version == 1 else data.get("hint")
    if not isinstance(hint, bool):
        raise _fail("hint must be true or false")
    extensions: dict[str, bool] = {}
    for name in EXTENSIONS:
        value = data.get(name, False)
        if not isinstance(value, bool):
            raise _fail(f"{name} must be true or false")
        extensions[name] = value
    return Settings(
        lang=cast(Lang, lang),
        players=players,
        keep_yellow=keep_yellow,
        hint=hint,
        **extensions,
    )


def _player(index: int, raw: object, version: int) -> Player:
    if not isinstance(raw, dict):
        raise _fail(f"player {index} is not an object")
    if raw.get("seat") != index:
        raise _fail(f"player {index} has seat {quote(raw.get('seat'))}")
    kind = raw.get("kind")
    if kind not in KINDS:
        raise _fail(f"player {index} kind {quote(kind)} is not one of {KINDS}")
    name = raw.get("name")
    if not isinstance(name, str) or not " ".join(name.split()):
        raise _fail(f"player {index} has no name")
    if kind == "human":
        if "level" in raw:
            raise _fail(f"player {index} is a human and has a level")
        level: object = DEFAULT_LEVEL
    elif version == 1:
        level = raw.get("level", DEFAULT_LEVEL)
    else:
        level = raw.get("level")
    if level not in LEVELS:
        raise _fail(f"player {index} level {quote(level)} is not one of {LEVELS}")
    return Player(
        seat=index,
        name=" ".join(name.split())[:MAX_NAME],
        kind=cast(Kind, kind),
        level=cast(Level, level),
    )
