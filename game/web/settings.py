"""The game settings the menu hands to Python, parsed and checked.

Plain Python with no browser import, so it is tested under CPython. The menu
(``site/assets/menu.js``, ``settings()``) sends this JSON::

    {
      "version": 1,
      "lang": "fr",                      # "fr" or "en"
      "players": [                       # 2 to 6, in seat order
        {"seat": 0, "name": "Lancelot", "kind": "human"},
        {"seat": 1, "name": "Viviane", "kind": "bot"}
      ],
      "keep_yellow": false               # always true at 5 or 6 players
    }
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Literal, cast

__all__ = [
    "KINDS",
    "LANGS",
    "MAX_NAME",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "SETTINGS_VERSION",
    "YELLOW_ALWAYS_FROM",
    "Player",
    "Settings",
    "parse_settings",
]

SETTINGS_VERSION = 1
LANGS = ("fr", "en")
KINDS = ("human", "bot")
MIN_PLAYERS = 2
MAX_PLAYERS = 6
MAX_NAME = 20
#: from this many players the yellow weapons are always in play
YELLOW_ALWAYS_FROM = 5

Lang = Literal["fr", "en"]
Kind = Literal["human", "bot"]


@dataclass(frozen=True)
class Player:
    """One seat at the table."""

    seat: int
    name: str
    kind: Kind


@dataclass(frozen=True)
class Settings:
    """What the menu set up."""

    lang: Lang
    players: tuple[Player, ...]
    keep_yellow: bool

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape the menu sends (normalised)."""
        return {
            "version": SETTINGS_VERSION,
            "lang": self.lang,
            "players": [{"seat": p.seat, "name": p.name, "kind": p.kind} for p in self.players],
            "keep_yellow": self.keep_yellow,
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, sort_keys=True)


def _fail(reason: str) -> ValueError:
    return ValueError(f"bad game settings: {reason}")


def parse_settings(text: str) -> Settings:
    """Parse and check the menu's JSON; raise ``ValueError`` saying what is wrong."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise _fail(f"not JSON ({exc.msg})") from exc
    if not isinstance(data, dict):
        raise _fail("not an object")
    if data.get("version") != SETTINGS_VERSION:
        raise _fail(f"version {data.get('version')!r}, expected {SETTINGS_VERSION}")
    lang = data.get("lang")
    if lang not in LANGS:
        raise _fail(f"lang {lang!r} is not one of {LANGS}")
    raw_players = data.get("players")
    if not isinstance(raw_players, list) or not (MIN_PLAYERS <= len(raw_players) <= MAX_PLAYERS):
        raise _fail(f"players must be a list of {MIN_PLAYERS} to {MAX_PLAYERS}")
    players = tuple(_player(index, raw) for index, raw in enumerate(raw_players))
    keep_yellow = data.get("keep_yellow")
    if not isinstance(keep_yellow, bool):
        raise _fail("keep_yellow must be true or false")
    if len(players) >= YELLOW_ALWAYS_FROM:
        keep_yellow = True
    return Settings(lang=cast(Lang, lang), players=players, keep_yellow=keep_yellow)


def _player(index: int, raw: object) -> Player:
    if not isinstance(raw, dict):
        raise _fail(f"player {index} is not an object")
    if raw.get("seat") != index:
        raise _fail(f"player {index} has seat {raw.get('seat')!r}")
    kind = raw.get("kind")
    if kind not in KINDS:
        raise _fail(f"player {index} kind {kind!r} is not one of {KINDS}")
    name = raw.get("name")
    if not isinstance(name, str) or not " ".join(name.split()):
        raise _fail(f"player {index} has no name")
    return Player(seat=index, name=" ".join(name.split())[:MAX_NAME], kind=cast(Kind, kind))
